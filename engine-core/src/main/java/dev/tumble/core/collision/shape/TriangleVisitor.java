package dev.tumble.core.collision.shape;

/** Receives the triangles a {@link TriangleGeometry} query finds. */
@FunctionalInterface
public interface TriangleVisitor {
    /**
     * @param index the triangle's index in its shape
     * @return whether to go on visiting
     */
    boolean triangle(int index);
}
