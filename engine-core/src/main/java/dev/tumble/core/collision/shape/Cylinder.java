package dev.tumble.core.collision.shape;

import dev.tumble.core.math.Inertia;
import dev.tumble.core.math.MassProperties;
import org.joml.Vector3d;

/**
 * A solid cylinder along its local y axis: the points with {@code x² + z² ≤ radius²} and
 * {@code |y| ≤ halfHeight}. Its edges are sharp (not rounded), so it rests on a cap or rolls on
 * its side exactly.
 */
public final class Cylinder extends Shape {
    private final double radius, halfHeight;

    /**
     * @param radius m, finite and positive
     * @param halfHeight half the length along the axis, m, finite and positive
     */
    public Cylinder(double radius, double halfHeight) {
        this.radius = size("Cylinder", "radius", radius);
        this.halfHeight = size("Cylinder", "halfHeight", halfHeight);
    }

    /** @return the radius, m. */
    public double radius() {
        return radius;
    }

    /** @return half the length along the axis, m. */
    public double halfHeight() {
        return halfHeight;
    }

    @Override
    public double innerRadius() {
        return Math.min(radius, halfHeight);
    }

    @Override
    public double innerRadiusAt(double x, double y, double z) {
        // Nearest of the side and the caps (negative outside).
        return Math.min(radius - Math.sqrt(x * x + z * z), halfHeight - Math.abs(y));
    }

    @Override
    public ShapeType type() {
        return ShapeType.CYLINDER;
    }

    @Override
    public Aabb computeAabb(Pose p, Aabb dest) {
        // Along world axis i the disc of radius r across axis u reaches r·√(1 − u_i²).
        double ux = p.r[1], uy = p.r[4], uz = p.r[7];
        double ex = Math.abs(ux) * halfHeight + radius * Math.sqrt(Math.max(0, 1 - ux * ux));
        double ey = Math.abs(uy) * halfHeight + radius * Math.sqrt(Math.max(0, 1 - uy * uy));
        double ez = Math.abs(uz) * halfHeight + radius * Math.sqrt(Math.max(0, 1 - uz * uz));
        return dest.set(p.px - ex, p.py - ey, p.pz - ez, p.px + ex, p.py + ey, p.pz + ez);
    }

    @Override
    public MassProperties massProperties(double density) {
        double m = density * Math.PI * radius * radius * 2 * halfHeight;
        return new MassProperties(m, new Vector3d(), Inertia.cylinder(m, radius, halfHeight));
    }

    @Override
    public double castRayLocal(double ox, double oy, double oz, double dx, double dy, double dz, double maxT, Vector3d n) {
        double rr = radius * radius;
        if (ox * ox + oz * oz <= rr && Math.abs(oy) <= halfHeight) {
            inside(dx, dy, dz, n);
            return 0;
        }
        // Clip the ray to the slab |y| ≤ h, then to the infinite cylinder x² + z² ≤ r²; the hit is
        // where the later of the two entries lies, the normal that of the surface entered last.
        double enter = 0, exit = maxT;
        int face = 0; // 0: slab already inside at t = 0; ±1: the cap at y = ±h
        if (dy != 0) {
            double t0 = (-halfHeight - oy) / dy, t1 = (halfHeight - oy) / dy;
            if (t0 > t1) {
                double t = t0;
                t0 = t1;
                t1 = t;
            }
            if (t0 > enter) {
                enter = t0;
                face = dy > 0 ? -1 : 1;
            }
            exit = Math.min(exit, t1);
        } else if (Math.abs(oy) > halfHeight) {
            return -1;
        }
        boolean side = false;
        double a = dx * dx + dz * dz;
        double c = ox * ox + oz * oz - rr;
        if (a > 0) {
            double b = ox * dx + oz * dz;
            // Discriminant from the axis's distance to the ray's line, as in raySphere, so far rays keep r's digits.
            double s = b / a, fx = ox - s * dx, fz = oz - s * dz;
            double disc = a * (rr - (fx * fx + fz * fz));
            if (disc < 0) {
                return -1;
            }
            double q = Math.sqrt(disc);
            double t1 = (-b + q) / a;
            double t0 = c > 0 ? c / (-b + q) : Double.NEGATIVE_INFINITY; // near root without cancellation
            if (c > 0 && b >= 0) {
                return -1; // outside the side and moving away from the axis
            }
            if (t0 > enter) {
                enter = t0;
                side = true;
            }
            exit = Math.min(exit, t1);
        } else if (c > 0) {
            return -1;
        }
        if (enter > exit || enter > maxT) {
            return -1;
        }
        if (side) {
            double hx = ox + enter * dx, hz = oz + enter * dz;
            double l = Math.sqrt(hx * hx + hz * hz);
            n.set(hx / l, 0, hz / l);
        } else {
            n.set(0, face, 0);
        }
        return enter;
    }

    @Override
    public String toString() {
        return "Cylinder[r=" + radius + ", halfHeight=" + halfHeight + "]";
    }
}
