package dev.tumble.core.collision.shape;

/**
 * Triangles of a static shape, in the shape's own frame ({@link TriangleMesh}, {@link HeightField}):
 * what contact generation against level geometry reads. Every method allocates nothing and may be
 * called from several threads at once.
 */
public interface TriangleGeometry {
    /**
     * @return the number of triangle indices (a heightfield: 2 per cell, holes included; a hole's
     *     index is never visited)
     */
    int triangleCount();

    /**
     * Calls {@code visitor.triangle(index)} for every triangle whose bounds overlap the closed box
     * {@code [min, max]} (shape frame, m), until it returns false. Allocates nothing. The order of
     * the calls is unspecified but the same for the same shape and box.
     *
     * @param minX the box's least x, shape frame, m
     * @param minY the box's least y, shape frame, m
     * @param minZ the box's least z, shape frame, m
     * @param maxX the box's greatest x, shape frame, m
     * @param maxY the box's greatest y, shape frame, m
     * @param maxZ the box's greatest z, shape frame, m
     * @param visitor called with each triangle's index; returns false to stop
     */
    void triangles(double minX, double minY, double minZ, double maxX, double maxY, double maxZ, TriangleVisitor visitor);

    /**
     * Writes triangle {@code t}'s corners a, b, c (shape frame, m; counter-clockwise seen from the
     * front) to {@code dest[offset..offset+9)} and returns its active-edge mask: bit 0 for edge
     * a→b, bit 1 for b→c, bit 2 for c→a. An edge is ACTIVE when it lies on the boundary (one
     * triangle), is shared by more than two triangles, or its two triangles meet at a CONVEX edge
     * whose normals differ by more than the shape's active-edge angle (default 5°); a flat or
     * concave shared edge is inactive (a body sliding across it must not catch on it: its
     * neighbour's face handles the contact).
     *
     * @param t the triangle index, {@code 0 ≤ t < triangleCount()}, not a hole
     * @param dest receives a.x, a.y, a.z, b.x, …, c.z, m
     * @param offset where in {@code dest} the nine values go
     * @return the active-edge mask, 0..7
     * @throws IndexOutOfBoundsException when {@code t} is out of range
     * @throws IllegalArgumentException when {@code t} is a heightfield hole
     */
    int triangle(int t, double[] dest, int offset);
}
