package dev.tumble.core.collision.shape;

/** Triangles of a static shape, in the shape's own frame (TriangleMesh, HeightField). */
public interface TriangleGeometry {
    /** @return the number of triangle indices (a heightfield: 2 per cell, holes included; a hole's index is never visited). */
    int triangleCount();

    /** Calls visitor.triangle(index) for every triangle whose bounds overlap the box [min, max] (shape frame, m), until it returns false. Allocates nothing. */
    void triangles(double minX, double minY, double minZ, double maxX, double maxY, double maxZ, TriangleVisitor visitor);

    /**
     * Writes triangle t's corners a, b, c (shape frame, m; counter-clockwise seen from the front) to dest[offset..offset+9)
     * and returns its active-edge mask: bit 0 for edge a→b, bit 1 for b→c, bit 2 for c→a. An edge is ACTIVE when it lies on
     * the boundary (one triangle), is shared by more than two triangles, or its two triangles meet at a CONVEX edge whose
     * normals differ by more than activeEdgeAngle (default 5°, settable per shape, rad); a flat or concave shared edge is
     * inactive (a body sliding across it must not catch on it: its neighbour's face handles the contact).
     */
    int triangle(int t, double[] dest, int offset);
}
