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
     * {@code [min, max]} (shape frame, m), until it returns false. A {@link TriangleMesh} screens
     * with its triangles' bounds stored as floats rounded outwards, so it may also call it for a
     * triangle whose bounds miss the box by less than that rounding (a relative 6e-8). Allocates
     * nothing. The order of the calls is unspecified but the same for the same shape and box.
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

    /**
     * {@link #triangles} for a box given in world coordinates, the shape standing at world pose
     * {@code pose}: the triangles whose bounds overlap the shape-frame bounds of the box (a little
     * more than the box itself when the shape is turned).
     *
     * @param pose the shape's world pose
     * @param minX the box's least x, world, m
     * @param minY the box's least y, world, m
     * @param minZ the box's least z, world, m
     * @param maxX the box's greatest x, world, m
     * @param maxY the box's greatest y, world, m
     * @param maxZ the box's greatest z, world, m
     * @param visitor called with each triangle's index; returns false to stop
     */
    default void trianglesInWorldBox(Pose pose, double minX, double minY, double minZ, double maxX, double maxY,
            double maxZ, TriangleVisitor visitor) {
        // Centre Rᵀ(c − p); half-extents |R|ᵀ·e.
        double[] r = pose.r;
        double cx = 0.5 * (minX + maxX) - pose.px, cy = 0.5 * (minY + maxY) - pose.py, cz = 0.5 * (minZ + maxZ) - pose.pz;
        double ex = 0.5 * (maxX - minX), ey = 0.5 * (maxY - minY), ez = 0.5 * (maxZ - minZ);
        double lx = r[0] * cx + r[3] * cy + r[6] * cz, ly = r[1] * cx + r[4] * cy + r[7] * cz, lz = r[2] * cx + r[5] * cy + r[8] * cz;
        double hx = Math.abs(r[0]) * ex + Math.abs(r[3]) * ey + Math.abs(r[6]) * ez;
        double hy = Math.abs(r[1]) * ex + Math.abs(r[4]) * ey + Math.abs(r[7]) * ez;
        double hz = Math.abs(r[2]) * ex + Math.abs(r[5]) * ey + Math.abs(r[8]) * ez;
        triangles(lx - hx, ly - hy, lz - hz, lx + hx, ly + hy, lz + hz, visitor);
    }

    /**
     * {@link #triangle} with the corners in world coordinates, the shape standing at {@code pose}.
     *
     * @param t the triangle index, not a hole
     * @param pose the shape's world pose
     * @param dest receives the corners, world, m
     * @param offset where in {@code dest} the nine values go
     * @return the active-edge mask, 0..7
     */
    default int worldTriangle(int t, Pose pose, double[] dest, int offset) {
        int mask = triangle(t, dest, offset);
        double[] r = pose.r;
        for (int i = offset; i < offset + 9; i += 3) {
            double x = dest[i], y = dest[i + 1], z = dest[i + 2];
            dest[i] = r[0] * x + r[1] * y + r[2] * z + pose.px;
            dest[i + 1] = r[3] * x + r[4] * y + r[5] * z + pose.py;
            dest[i + 2] = r[6] * x + r[7] * y + r[8] * z + pose.pz;
        }
        return mask;
    }
}
