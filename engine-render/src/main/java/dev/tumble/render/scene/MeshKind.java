package dev.tumble.render.scene;

/**
 * What a {@link RenderItem} draws. Each kind is one instanced mesh in the renderer; the item's
 * {@link RenderItem#size()} gives its dimensions (in metres) in the item's local frame:
 * <ul>
 *   <li>{@link #BOX}: half extents (x, y, z)</li>
 *   <li>{@link #SPHERE}: radius in x</li>
 *   <li>{@link #CAPSULE}: radius in x, half height of the cylinder part in y; axis along local y</li>
 *   <li>{@link #CYLINDER}: radius in x and z, half height in y; axis along local y</li>
 *   <li>{@link #PLANE}: half size of the drawn square in x (the plane is local y = 0, normal +y)</li>
 *   <li>{@link #HULL}: unused (the {@link ConvexHullMesh} holds the vertices)</li>
 * </ul>
 */
public enum MeshKind {
    /** A box. */
    BOX,
    /** A sphere. */
    SPHERE,
    /** A capsule: a cylinder along local y capped by two hemispheres. */
    CAPSULE,
    /** A cylinder along local y with flat caps (smooth side, sharp rims). */
    CYLINDER,
    /** A finite square of an infinite plane, with a grid drawn on it. */
    PLANE,
    /** A convex polyhedron. */
    HULL
}
