package dev.tumble.core.collision.shape;

import dev.tumble.core.math.Inertia;
import dev.tumble.core.math.MassProperties;
import org.joml.Vector3d;

/** A solid box given by its half-extents (m) along its local x, y, z axes. */
public final class Box extends Shape {
    private final double hx, hy, hz;

    /**
     * @param hx half-extent along x, m (finite, positive)
     * @param hy half-extent along y, m (finite, positive)
     * @param hz half-extent along z, m (finite, positive)
     */
    public Box(double hx, double hy, double hz) {
        this.hx = size("Box", "halfExtent.x", hx);
        this.hy = size("Box", "halfExtent.y", hy);
        this.hz = size("Box", "halfExtent.z", hz);
    }

    /** @return half-extent along local x, m. */
    public double hx() {
        return hx;
    }

    /** @return half-extent along local y, m. */
    public double hy() {
        return hy;
    }

    /** @return half-extent along local z, m. */
    public double hz() {
        return hz;
    }

    /**
     * @param i the axis, 0 (x), 1 (y) or 2 (z)
     * @return half-extent along local axis {@code i} (0, 1, 2), m.
     */
    public double half(int i) {
        return i == 0 ? hx : i == 1 ? hy : hz;
    }

    @Override
    public double innerRadius() {
        return Math.min(hx, Math.min(hy, hz));
    }

    @Override
    public double innerRadiusAt(double x, double y, double z) {
        return Math.min(hx - Math.abs(x), Math.min(hy - Math.abs(y), hz - Math.abs(z)));
    }

    @Override
    public ShapeType type() {
        return ShapeType.BOX;
    }

    @Override
    public Aabb computeAabb(Pose p, Aabb dest) {
        double[] r = p.r;
        double ex = Math.abs(r[0]) * hx + Math.abs(r[1]) * hy + Math.abs(r[2]) * hz;
        double ey = Math.abs(r[3]) * hx + Math.abs(r[4]) * hy + Math.abs(r[5]) * hz;
        double ez = Math.abs(r[6]) * hx + Math.abs(r[7]) * hy + Math.abs(r[8]) * hz;
        return dest.set(p.px - ex, p.py - ey, p.pz - ez, p.px + ex, p.py + ey, p.pz + ez);
    }

    @Override
    public MassProperties massProperties(double density) {
        double m = density * 8 * hx * hy * hz;
        return new MassProperties(m, new Vector3d(), Inertia.box(m, hx, hy, hz));
    }

    @Override
    public double castRayLocal(double ox, double oy, double oz, double dx, double dy, double dz, double maxT, Vector3d n) {
        if (Math.abs(ox) <= hx && Math.abs(oy) <= hy && Math.abs(oz) <= hz) {
            inside(dx, dy, dz, n);
            return 0;
        }
        double t0 = 0, t1 = maxT;
        int axis = -1;
        double sign = 0;
        for (int a = 0; a < 3; a++) {
            double o = a == 0 ? ox : a == 1 ? oy : oz;
            double d = a == 0 ? dx : a == 1 ? dy : dz;
            double h = half(a);
            if (d == 0) {
                if (o < -h || o > h) {
                    return -1;
                }
                continue;
            }
            double ta = (-h - o) / d, tb = (h - o) / d;
            double s = -1;
            if (ta > tb) {
                double x = ta;
                ta = tb;
                tb = x;
                s = 1;
            }
            if (ta > t0) {
                t0 = ta;
                axis = a;
                sign = s;
            }
            t1 = Math.min(t1, tb);
            if (t0 > t1) {
                return -1;
            }
        }
        if (axis < 0) {
            return -1;
        }
        n.set(axis == 0 ? sign : 0, axis == 1 ? sign : 0, axis == 2 ? sign : 0);
        return t0;
    }

    @Override
    public String toString() {
        return "Box[" + hx + ", " + hy + ", " + hz + "]";
    }
}
