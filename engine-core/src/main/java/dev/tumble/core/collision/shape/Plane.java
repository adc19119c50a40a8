package dev.tumble.core.collision.shape;

import dev.tumble.core.internal.Check;
import dev.tumble.core.math.MassProperties;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A two-sided infinite plane {@code n·x = offset} (shape frame): a body is pushed back to the
 * side its centre is on (Cyclone's "true plane"). Unbounded, static only, no mass.
 */
public final class Plane extends Shape {
    private final Vector3d normal;
    private final double offset;

    /**
     * @param nx normal x; the normal is normalised here and must be non-zero and finite
     * @param ny normal y
     * @param nz normal z
     * @param offset the plane's offset {@code d} in {@code n·x = d}, m
     */
    public Plane(double nx, double ny, double nz, double offset) {
        this.normal = HalfSpace.unitNormal("Plane", nx, ny, nz);
        this.offset = Check.finite("Plane.offset", offset);
    }

    /** The plane with exactly this normal (already unit: {@link ShapeCodec} checked it), m. */
    Plane(Vector3d unitNormal, double offset) {
        this.normal = unitNormal;
        this.offset = offset;
    }

    /** @return the unit normal in the shape's frame. */
    public Vector3dc normal() {
        return normal;
    }

    /** @return the plane offset along the normal, m. */
    public double planeOffset() {
        return offset;
    }

    @Override
    public double innerRadius() {
        return 0;
    }

    @Override
    public ShapeType type() {
        return ShapeType.PLANE;
    }

    @Override
    public Aabb computeAabb(Pose pose, Aabb dest) {
        return dest.set(-Aabb.HUGE, -Aabb.HUGE, -Aabb.HUGE, Aabb.HUGE, Aabb.HUGE, Aabb.HUGE);
    }

    @Override
    public MassProperties massProperties(double density) {
        throw new UnsupportedOperationException("Plane is unbounded and has no mass; put it on a static body");
    }

    @Override
    public double castRayLocal(double ox, double oy, double oz, double dx, double dy, double dz, double maxT, Vector3d n) {
        double dist = normal.x * ox + normal.y * oy + normal.z * oz - offset;
        double dn = normal.x * dx + normal.y * dy + normal.z * dz;
        if (dn == 0 || dist * dn >= 0) {
            return -1;
        }
        double t = -dist / dn;
        if (t > maxT) {
            return -1;
        }
        n.set(normal);
        if (dist < 0) {
            n.negate();
        }
        return t;
    }

    @Override
    public String toString() {
        return "Plane[n=" + normal + ", offset=" + offset + "]";
    }
}
