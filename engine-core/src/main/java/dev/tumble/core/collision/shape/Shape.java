package dev.tumble.core.collision.shape;

import dev.tumble.core.internal.Check;
import dev.tumble.core.math.MassProperties;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A collision shape attached to a body with a local offset pose (position in m, orientation as
 * a unit quaternion) relative to the body origin. Shapes are immutable in size once built; only
 * the offset may change (and only before the body is simulated).
 */
public abstract sealed class Shape permits Sphere, Box, Capsule, ConvexHull, Cylinder, HalfSpace, Plane,
        TriangleMesh, HeightField {
    private final Vector3d offsetPosition = new Vector3d();
    private final Quaterniond offsetOrientation = new Quaterniond();
    private final Pose offsetPose = new Pose();
    private boolean identityOffset = true;

    /** @return the kind of shape. */
    /**
     * The radius (m) of the largest ball centred on the shape's own origin that lies inside the
     * shape: how far it can move in one step and still overlap where it was. Zero for a plane,
     * infinite for a half-space.
     *
     * @return the radius, m
     */
    public abstract double innerRadius();

    /**
     * The radius (m) of the largest ball centred on the shape-space point {@code (x, y, z)} that
     * lies inside the shape; ≤ 0 when the point is outside. This default is a safe lower bound,
     * {@link #innerRadius()} minus the point's distance from the origin; shapes that know better
     * override it.
     *
     * @param x the point x, shape space, m
     * @param y the point y, shape space, m
     * @param z the point z, shape space, m
     * @return the radius, m
     */
    public double innerRadiusAt(double x, double y, double z) {
        return innerRadius() - Math.sqrt(x * x + y * y + z * z);
    }

    /**
     * {@link #innerRadiusAt} the body origin (the body's centre of mass) seen from the shape, m:
     * what continuous collision needs. Cached until the offset changes.
     *
     * @return the radius, m
     */
    public double innerRadiusAtBodyOrigin() {
        double r = bodyOriginInnerRadius;
        if (Double.isNaN(r)) {
            Vector3d p = offsetOrientation.transformInverse(new Vector3d(offsetPosition).negate());
            bodyOriginInnerRadius = r = innerRadiusAt(p.x, p.y, p.z);
        }
        return r;
    }

    /** Cached {@link #innerRadiusAtBodyOrigin()}; NaN until asked after an offset change. */
    private double bodyOriginInnerRadius = Double.NaN;

    /** @return the kind of shape, for the narrow phase's dispatch. */
    public abstract ShapeType type();

    /** @return the offset position of the shape in body space, m. */
    public Vector3dc offsetPosition() {
        return offsetPosition;
    }

    /** @return the offset orientation of the shape relative to the body. */
    public Quaterniondc offsetOrientation() {
        return offsetOrientation;
    }

    /**
     * Sets the offset position in body space (m), keeping the orientation.
     *
     * @param x the offset x, m
     * @param y the offset y, m
     * @param z the offset z, m
     * @return this shape
     */
    public Shape offset(double x, double y, double z) {
        return offset(new Vector3d(x, y, z), offsetOrientation);
    }

    /**
     * Sets the offset pose: position in body space (m) and orientation (normalised here). Set it
     * before the shape's body joins a world, which caches what depends on it (inner radius, reach).
     *
     * @param position the offset position, body space, m
     * @param orientation the offset orientation, body space
     * @return this shape
     */
    public Shape offset(Vector3dc position, Quaterniondc orientation) {
        Check.finite("offsetPosition", position);
        Check.rotation("offsetOrientation", orientation);
        offsetPosition.set(position);
        offsetOrientation.set(orientation).normalize();
        return offsetChanged();
    }

    /**
     * Sets the offset exactly as given, for {@link ShapeCodec}: a snapshot's orientation is already
     * unit, and normalising it again could change its last bit. The caller has checked the values.
     */
    Shape offsetExact(double px, double py, double pz, double qw, double qx, double qy, double qz) {
        offsetPosition.set(px, py, pz);
        offsetOrientation.set(qx, qy, qz, qw);
        return offsetChanged();
    }

    private Shape offsetChanged() {
        offsetPose.set(offsetPosition, offsetOrientation);
        identityOffset = offsetPosition.x == 0 && offsetPosition.y == 0 && offsetPosition.z == 0
                && offsetOrientation.x == 0 && offsetOrientation.y == 0 && offsetOrientation.z == 0;
        bodyOriginInnerRadius = Double.NaN;
        return this;
    }

    /** @return whether the offset is the identity (the shape sits at the body origin). */
    public boolean hasIdentityOffset() {
        return identityOffset;
    }

    /** @return the offset as a pose (read-only by convention). */
    public Pose offsetPose() {
        return offsetPose;
    }

    /**
     * Writes the world-space bounding box of the shape at world pose {@code pose} into {@code dest}.
     *
     * @param pose the shape's world pose
     * @param dest receives the box
     * @return {@code dest}
     */
    public abstract Aabb computeAabb(Pose pose, Aabb dest);

    /**
     * Mass properties of the solid shape of uniform density in the shape's own frame (before the
     * offset): mass (kg), centre (m), inertia about the centre (kg·m²).
     *
     * @param density kg/m³, positive
     * @return the mass properties
     * @throws UnsupportedOperationException for unbounded shapes
     */
    public abstract MassProperties massProperties(double density);

    /**
     * Analytic ray cast in the shape's own frame against {@code o + t·d}, {@code 0 ≤ t ≤ maxT}
     * ({@code d} need not be unit; {@code t} is in units of {@code |d|}). A ray starting inside a
     * solid shape hits at {@code t = 0} with the normal opposite to {@code d}.
     *
     * @param ox the ray origin x, shape frame, m
     * @param oy the ray origin y, shape frame, m
     * @param oz the ray origin z, shape frame, m
     * @param dx the ray direction x, shape frame
     * @param dy the ray direction y, shape frame
     * @param dz the ray direction z, shape frame
     * @param maxT the largest parameter tested
     * @param normalOut receives the outward unit surface normal at the hit, in the shape's frame
     * @return the hit parameter, or −1 on a miss
     */
    public abstract double castRayLocal(double ox, double oy, double oz, double dx, double dy, double dz,
            double maxT, Vector3d normalOut);

    static double size(String shape, String field, double value) {
        if (!Double.isFinite(value) || !(value > 0)) {
            throw new IllegalArgumentException(shape + "." + field + " must be finite and > 0, was " + value);
        }
        return value;
    }

    /**
     * Ray–sphere in the sphere's frame (centre c, radius r); returns t or −1. The discriminant is
     * taken from the centre's distance to the ray's line, {@code r² − |m − (m·d/d·d)·d|²}, and the
     * near root as {@code c/q}: the textbook {@code b² − a·c} and {@code −b − √disc} lose every
     * digit of r against a ray that starts far away (Haines et al., Ray Tracing Gems, ch. 7). The
     * normal is normalised, so it stays unit however far the ray came from.
     */
    static double raySphere(double ox, double oy, double oz, double dx, double dy, double dz,
            double cx, double cy, double cz, double radius, double maxT, Vector3d n) {
        double mx = ox - cx, my = oy - cy, mz = oz - cz;
        double a = dx * dx + dy * dy + dz * dz;
        double b = mx * dx + my * dy + mz * dz;
        double c = mx * mx + my * my + mz * mz - radius * radius;
        if (c <= 0) {
            inside(dx, dy, dz, n);
            return 0;
        }
        if (b > 0 || a == 0) {
            return -1;
        }
        double s = b / a, fx = mx - s * dx, fy = my - s * dy, fz = mz - s * dz;
        double disc = a * (radius * radius - (fx * fx + fy * fy + fz * fz));
        if (disc < 0) {
            return -1;
        }
        double t = c / (-b + Math.sqrt(disc)); // the near root; b < 0 here, so no cancellation
        if (t < 0 || t > maxT) {
            return -1;
        }
        double hx = mx + t * dx, hy = my + t * dy, hz = mz + t * dz;
        double l = Math.sqrt(hx * hx + hy * hy + hz * hz);
        if (l > 0 && l < Double.POSITIVE_INFINITY) {
            n.set(hx / l, hy / l, hz / l);
        } else {
            inside(dx, dy, dz, n); // the hit point's digits were lost to the ray's start: face the ray
        }
        return t;
    }

    static void inside(double dx, double dy, double dz, Vector3d n) {
        double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (l > 0) {
            n.set(-dx / l, -dy / l, -dz / l);
        } else {
            n.set(0, 1, 0);
        }
    }
}
