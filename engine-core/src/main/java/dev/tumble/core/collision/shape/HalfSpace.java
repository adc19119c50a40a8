package dev.tumble.core.collision.shape;

import dev.tumble.core.internal.Check;
import dev.tumble.core.math.MassProperties;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * The solid half-space {@code n·x ≤ offset} (in the shape's frame): everything below the plane
 * with unit normal {@code n} at signed distance {@code offset} (m) from the origin. Unbounded, so
 * it belongs on static bodies only and has no mass.
 */
public final class HalfSpace extends Shape {
    private final Vector3d normal;
    private final double offset;

    /**
     * @param nx normal x; the normal is normalised here and must be non-zero and finite
     * @param ny normal y
     * @param nz normal z
     * @param offset the plane's offset {@code d} in {@code n·x = d}, m
     */
    public HalfSpace(double nx, double ny, double nz, double offset) {
        this.normal = unitNormal("HalfSpace", nx, ny, nz);
        this.offset = Check.finite("HalfSpace.offset", offset);
    }

    /** The half-space with exactly this normal (already unit: {@link ShapeCodec} checked it), m. */
    HalfSpace(Vector3d unitNormal, double offset) {
        this.normal = unitNormal;
        this.offset = offset;
    }

    /** @return the outward unit normal in the shape's frame. */
    public Vector3dc normal() {
        return normal;
    }

    /** @return the plane offset along the normal, m. */
    public double planeOffset() {
        return offset;
    }

    static Vector3d unitNormal(String shape, double nx, double ny, double nz) {
        double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!Double.isFinite(l) || !(l > 0)) {
            throw new IllegalArgumentException(shape + ".normal must be finite and non-zero, was (" + nx + ", " + ny + ", " + nz + ")");
        }
        return new Vector3d(nx / l, ny / l, nz / l);
    }

    @Override
    public double innerRadius() {
        return Double.POSITIVE_INFINITY;
    }

    @Override
    public ShapeType type() {
        return ShapeType.HALF_SPACE;
    }

    @Override
    public Aabb computeAabb(Pose pose, Aabb dest) {
        return dest.set(-Aabb.HUGE, -Aabb.HUGE, -Aabb.HUGE, Aabb.HUGE, Aabb.HUGE, Aabb.HUGE);
    }

    @Override
    public MassProperties massProperties(double density) {
        throw new UnsupportedOperationException("HalfSpace is unbounded and has no mass; put it on a static body");
    }

    @Override
    public double castRayLocal(double ox, double oy, double oz, double dx, double dy, double dz, double maxT, Vector3d n) {
        double dist = normal.x * ox + normal.y * oy + normal.z * oz - offset;
        if (dist <= 0) {
            inside(dx, dy, dz, n);
            return 0;
        }
        double dn = normal.x * dx + normal.y * dy + normal.z * dz;
        if (dn >= 0) {
            return -1;
        }
        double t = -dist / dn;
        if (t > maxT) {
            return -1;
        }
        n.set(normal);
        return t;
    }

    @Override
    public String toString() {
        return "HalfSpace[n=" + normal + ", offset=" + offset + "]";
    }
}
