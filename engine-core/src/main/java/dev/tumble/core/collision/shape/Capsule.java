package dev.tumble.core.collision.shape;

import dev.tumble.core.math.Inertia;
import dev.tumble.core.math.MassProperties;
import org.joml.Vector3d;

/**
 * A solid capsule along its local y axis: the points within {@code radius} of the segment from
 * {@code (0, −halfHeight, 0)} to {@code (0, +halfHeight, 0)}.
 */
public final class Capsule extends Shape {
    private final double radius, halfHeight;

    /**
     * @param radius m, finite and positive
     * @param halfHeight half the length of the core segment, m, finite and positive
     */
    public Capsule(double radius, double halfHeight) {
        this.radius = size("Capsule", "radius", radius);
        this.halfHeight = size("Capsule", "halfHeight", halfHeight);
    }

    /** @return the radius, m. */
    public double radius() {
        return radius;
    }

    /** @return half the core segment length, m. */
    public double halfHeight() {
        return halfHeight;
    }

    @Override
    public double innerRadius() {
        return radius();
    }

    @Override
    public double innerRadiusAt(double x, double y, double z) {
        // Distance to the core segment on the y axis.
        double dy = Math.max(0, Math.abs(y) - halfHeight);
        return radius - Math.sqrt(x * x + dy * dy + z * z);
    }

    @Override
    public ShapeType type() {
        return ShapeType.CAPSULE;
    }

    @Override
    public Aabb computeAabb(Pose p, Aabb dest) {
        double ex = Math.abs(p.r[1]) * halfHeight + radius;
        double ey = Math.abs(p.r[4]) * halfHeight + radius;
        double ez = Math.abs(p.r[7]) * halfHeight + radius;
        return dest.set(p.px - ex, p.py - ey, p.pz - ez, p.px + ex, p.py + ey, p.pz + ez);
    }

    @Override
    public MassProperties massProperties(double density) {
        double m = density * Inertia.capsuleVolume(radius, halfHeight);
        return new MassProperties(m, new Vector3d(), Inertia.capsule(m, radius, halfHeight));
    }

    @Override
    public double castRayLocal(double ox, double oy, double oz, double dx, double dy, double dz, double maxT, Vector3d n) {
        double cy = Math.max(-halfHeight, Math.min(halfHeight, oy));
        double qx = ox, qy = oy - cy, qz = oz;
        if (qx * qx + qy * qy + qz * qz <= radius * radius) {
            inside(dx, dy, dz, n);
            return 0;
        }
        double best = -1;
        // Infinite cylinder x² + z² = r², limited to |y| ≤ halfHeight.
        double a = dx * dx + dz * dz;
        if (a > 0) {
            double b = ox * dx + oz * dz;
            double c = ox * ox + oz * oz - radius * radius;
            double disc = b * b - a * c;
            if (disc >= 0) {
                double t = (-b - Math.sqrt(disc)) / a;
                if (t >= 0 && t <= maxT) {
                    double y = oy + t * dy;
                    if (y >= -halfHeight && y <= halfHeight) {
                        best = t;
                        n.set((ox + t * dx) / radius, 0, (oz + t * dz) / radius);
                    }
                }
            }
        }
        // A cap's hit is searched no further than the best so far, so a hit it reports (and writes
        // into n) is the nearest yet: no scratch vector, nothing allocated per ray.
        for (int s = -1; s <= 1; s += 2) {
            double t = raySphere(ox, oy, oz, dx, dy, dz, 0, s * halfHeight, 0, radius, best >= 0 ? best : maxT, n);
            if (t >= 0) {
                best = t;
            }
        }
        return best;
    }

    @Override
    public String toString() {
        return "Capsule[r=" + radius + ", halfHeight=" + halfHeight + "]";
    }
}
