package dev.tumble.core.collision.shape;

/** The kinds of collision shape, in the order the narrow-phase dispatcher sorts a pair by. */
public enum ShapeType {
    /** {@link Sphere}. */
    SPHERE,
    /** {@link Box}. */
    BOX,
    /** {@link Capsule}. */
    CAPSULE,
    /** {@link ConvexHull}. */
    CONVEX_HULL,
    /** {@link Plane} (two-sided, unbounded). */
    PLANE,
    /** {@link HalfSpace} (unbounded, static only). */
    HALF_SPACE;

    /** @return {@code true} for the unbounded shapes (plane, half-space). */
    public boolean isUnbounded() {
        return this == PLANE || this == HALF_SPACE;
    }
}
