package dev.tumble.core.collision.shape;

import dev.tumble.core.math.Inertia;
import dev.tumble.core.math.MassProperties;
import org.joml.Vector3d;

/** A solid sphere centred on its offset position. */
public final class Sphere extends Shape {
    private final double radius;

    /** @param radius m, finite and positive */
    public Sphere(double radius) {
        this.radius = size("Sphere", "radius", radius);
    }

    /** @return the radius, m. */
    public double radius() {
        return radius;
    }

    @Override
    public double innerRadius() {
        return radius;
    }

    @Override
    public ShapeType type() {
        return ShapeType.SPHERE;
    }

    @Override
    public Aabb computeAabb(Pose p, Aabb dest) {
        return dest.set(p.px - radius, p.py - radius, p.pz - radius, p.px + radius, p.py + radius, p.pz + radius);
    }

    @Override
    public MassProperties massProperties(double density) {
        double m = density * 4.0 / 3.0 * Math.PI * radius * radius * radius;
        return new MassProperties(m, new Vector3d(), Inertia.sphere(m, radius));
    }

    @Override
    public double castRayLocal(double ox, double oy, double oz, double dx, double dy, double dz, double maxT, Vector3d n) {
        return raySphere(ox, oy, oz, dx, dy, dz, 0, 0, 0, radius, maxT, n);
    }

    @Override
    public String toString() {
        return "Sphere[r=" + radius + "]";
    }
}
