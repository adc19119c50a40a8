package dev.tumble.core.collision.shape;

/**
 * The kinds of collision shape, in the order the narrow-phase dispatcher sorts a pair by: the convex
 * shapes first, then the unbounded ones, then the triangle shapes.
 */
public enum ShapeType {
    /** {@link Sphere}. */
    SPHERE,
    /** {@link Box}. */
    BOX,
    /** {@link Capsule}. */
    CAPSULE,
    /** {@link ConvexHull}. */
    CONVEX_HULL,
    /** {@link Cylinder}. */
    CYLINDER,
    /** {@link Plane} (two-sided, unbounded). */
    PLANE,
    /** {@link HalfSpace} (unbounded, static only). */
    HALF_SPACE,
    /** {@link TriangleMesh} (a surface of triangles; static and kinematic bodies only). */
    TRIANGLE_MESH,
    /** {@link HeightField} (a grid of heights; static and kinematic bodies only). */
    HEIGHT_FIELD;

    /** @return {@code true} for the unbounded shapes (plane, half-space). */
    public boolean isUnbounded() {
        return this == PLANE || this == HALF_SPACE;
    }

    /**
     * @return {@code true} for the triangle shapes (mesh, heightfield): surfaces without mass,
     *     which go on static and kinematic bodies only and implement {@link TriangleGeometry}
     */
    public boolean isTriangleGeometry() {
        return this == TRIANGLE_MESH || this == HEIGHT_FIELD;
    }
}
