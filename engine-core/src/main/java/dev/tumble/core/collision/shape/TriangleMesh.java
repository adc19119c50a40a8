package dev.tumble.core.collision.shape;

import dev.tumble.core.math.MassProperties;
import org.joml.Vector3d;

/**
 * Static level geometry: a surface of indexed triangles in the shape's frame (m), for floors,
 * walls, ramps and terrain that is not a grid. A surface has no inside and no mass, so a mesh goes
 * on static and kinematic bodies only ({@link dev.tumble.core.body.RigidBody} refuses it on a
 * dynamic one).
 *
 * <p>Each triangle {@code (i, j, k)} is counter-clockwise seen from its front: its front normal
 * is {@code (b − a) × (c − a)} normalised. Ray casts hit both faces. Contacts use the
 * {@linkplain TriangleGeometry active-edge masks}, computed once here from the edge adjacency:
 * a body sliding over a flat or concave shared edge does not catch on it.
 *
 * <p>A bounding-volume hierarchy over the triangles ({@code O(n log n)} to build, a million
 * triangles in about a second) serves box queries and ray casts; neither allocates. Its leaves
 * keep their triangles' bounds side by side, as floats rounded outwards (24 bytes a triangle), so
 * a box query reads no vertex.
 *
 * <p>Construction checks every value: a non-finite vertex, an index out of range, a triangle
 * that repeats a vertex or has zero area throws {@link IllegalArgumentException} naming it.
 * Degenerate triangles are refused rather than dropped, so that triangle indices stay the
 * caller's (contacts and ray hits report them) and bad data is found where it is made.
 */
public final class TriangleMesh extends Shape implements TriangleGeometry {
    /** The default active-edge angle, 5° (π/36 rad). */
    public static final double DEFAULT_ACTIVE_EDGE_ANGLE = Triangles.DEFAULT_ACTIVE_EDGE_ANGLE;
    /** Triangles per leaf of the hierarchy. */
    private static final int LEAF_SIZE = 4;
    /**
     * A triangle whose doubled area is below this fraction of its longest edge squared is
     * degenerate: its normal would be rounding noise.
     */
    private static final double DEGENERATE = 1e-12;

    private final double[] v;
    private final int[] idx;
    private final byte[] masks;
    private final BoundsTree tree;
    private final double activeEdgeAngle;

    /**
     * A mesh with the default active-edge angle (5°).
     *
     * @param vertices x, y, z per vertex, shape frame, m (copied)
     * @param triangles i, j, k per triangle: vertex indices, counter-clockwise seen from the front (copied)
     * @throws IllegalArgumentException for a bad vertex or triangle, naming it
     */
    public TriangleMesh(double[] vertices, int[] triangles) {
        this(vertices, triangles, Triangles.DEFAULT_ACTIVE_EDGE_ANGLE);
    }

    /**
     * @param vertices x, y, z per vertex, shape frame, m (copied)
     * @param triangles i, j, k per triangle: vertex indices, counter-clockwise seen from the front (copied)
     * @param activeEdgeAngle rad in [0, π]: a convex shared edge whose normals differ by more is active
     * @throws IllegalArgumentException for a bad vertex, triangle or angle, naming it
     */
    public TriangleMesh(double[] vertices, int[] triangles, double activeEdgeAngle) {
        if (vertices == null || triangles == null) {
            throw new IllegalArgumentException("TriangleMesh." + (vertices == null ? "vertices" : "triangles")
                    + " must not be null");
        }
        double cos = Triangles.cosine("TriangleMesh", activeEdgeAngle);
        this.activeEdgeAngle = activeEdgeAngle;
        this.v = vertices.clone();
        this.idx = triangles.clone();
        checkVertices(v);
        double[] itemBounds = checkTriangles(v, idx);
        this.masks = MeshEdges.activeMasks(v, idx, v.length / 3, cos);
        this.tree = new BoundsTree(itemBounds, idx.length / 3, LEAF_SIZE);
    }

    /**
     * The mesh of a heightfield's triangles, in the field's frame and index order, with its
     * active-edge angle: sample (r, c) is vertex {@code r·columns + c} (holes' samples stay, unused).
     * It collides exactly as the field does, at the cost of storing every triangle.
     *
     * @param field the heightfield
     * @return the mesh
     * @throws IllegalArgumentException when the field has no triangle (all holes)
     */
    public static TriangleMesh of(HeightField field) {
        int rows = field.rows(), cols = field.columns();
        double[] v = new double[3 * rows * cols];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                int i = r * cols + c;
                v[3 * i] = c * field.spacingX();
                v[3 * i + 1] = field.isHole(r, c) ? 0 : field.height(r, c);
                v[3 * i + 2] = r * field.spacingZ();
            }
        }
        int count = 0;
        for (int t = 0; t < field.triangleCount(); t++) {
            count += field.hasTriangle(t) ? 1 : 0;
        }
        int[] idx = new int[3 * count];
        int k = 0;
        for (int t = 0; t < field.triangleCount(); t++) {
            if (field.hasTriangle(t)) {
                for (int corner = 0; corner < 3; corner++) {
                    idx[k++] = field.sampleIndex(t, corner);
                }
            }
        }
        return new TriangleMesh(v, idx, field.activeEdgeAngle());
    }

    /**
     * A mesh from one array per vertex and per triangle, default active-edge angle (5°).
     *
     * @param vertices {x, y, z} per vertex, shape frame, m
     * @param triangles {i, j, k} per triangle, counter-clockwise seen from the front
     * @return the mesh
     * @throws IllegalArgumentException for a null or wrong-length row, or as the constructor
     */
    public static TriangleMesh of(double[][] vertices, int[][] triangles) {
        if (vertices == null || triangles == null) {
            throw new IllegalArgumentException("TriangleMesh." + (vertices == null ? "vertices" : "triangles")
                    + " must not be null");
        }
        double[] flatV = new double[3 * vertices.length];
        for (int i = 0; i < vertices.length; i++) {
            double[] p = vertices[i];
            if (p == null || p.length != 3) {
                throw new IllegalArgumentException("TriangleMesh.vertices[" + i + "] must be {x, y, z}, was "
                        + (p == null ? "null" : java.util.Arrays.toString(p)));
            }
            System.arraycopy(p, 0, flatV, 3 * i, 3);
        }
        int[] flatT = new int[3 * triangles.length];
        for (int i = 0; i < triangles.length; i++) {
            int[] t = triangles[i];
            if (t == null || t.length != 3) {
                throw new IllegalArgumentException("TriangleMesh.triangles[" + i + "] must be {i, j, k}, was "
                        + (t == null ? "null" : java.util.Arrays.toString(t)));
            }
            System.arraycopy(t, 0, flatT, 3 * i, 3);
        }
        return new TriangleMesh(flatV, flatT);
    }

    private static void checkVertices(double[] v) {
        if (v.length % 3 != 0) {
            throw new IllegalArgumentException("TriangleMesh.vertices length must be a multiple of 3, was " + v.length);
        }
        for (int i = 0; i < v.length; i++) {
            if (!Double.isFinite(v[i])) {
                throw new IllegalArgumentException("TriangleMesh.vertices[" + i / 3 + "]." + "xyz".charAt(i % 3)
                        + " must be finite, was " + v[i]);
            }
        }
    }

    /** Checks the triangles; returns their boxes (six values each) for the hierarchy. */
    private static double[] checkTriangles(double[] v, int[] idx) {
        if (idx.length == 0 || idx.length % 3 != 0) {
            throw new IllegalArgumentException("TriangleMesh.triangles length must be a positive multiple of 3, was "
                    + idx.length);
        }
        int n = v.length / 3;
        double[] boxes = new double[2 * idx.length];
        for (int t = 0; t < idx.length / 3; t++) {
            int i = idx[3 * t], j = idx[3 * t + 1], k = idx[3 * t + 2];
            for (int c = 0; c < 3; c++) {
                int x = idx[3 * t + c];
                if (x < 0 || x >= n) {
                    throw new IllegalArgumentException("TriangleMesh.triangles[" + t + "] index " + x
                            + " out of range [0, " + n + ")");
                }
            }
            if (i == j || j == k || k == i) {
                throw new IllegalArgumentException("TriangleMesh.triangles[" + t + "] repeats a vertex: (" + i + ", " + j
                        + ", " + k + ")");
            }
            double ax = v[3 * i], ay = v[3 * i + 1], az = v[3 * i + 2];
            double bx = v[3 * j], by = v[3 * j + 1], bz = v[3 * j + 2];
            double cx = v[3 * k], cy = v[3 * k + 1], cz = v[3 * k + 2];
            double e1x = bx - ax, e1y = by - ay, e1z = bz - az, e2x = cx - ax, e2y = cy - ay, e2z = cz - az;
            double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
            double area2 = Math.sqrt(nx * nx + ny * ny + nz * nz);
            double longest = Math.max(e1x * e1x + e1y * e1y + e1z * e1z, Math.max(e2x * e2x + e2y * e2y + e2z * e2z,
                    (cx - bx) * (cx - bx) + (cy - by) * (cy - by) + (cz - bz) * (cz - bz)));
            if (!(area2 > DEGENERATE * longest) || !Double.isFinite(area2)) {
                throw new IllegalArgumentException("TriangleMesh.triangles[" + t + "] (" + i + ", " + j + ", " + k
                        + ") is degenerate: twice its area is " + area2 + " m² for a longest edge of "
                        + Math.sqrt(longest) + " m");
            }
            int m = 6 * t;
            boxes[m] = Math.min(ax, Math.min(bx, cx));
            boxes[m + 1] = Math.min(ay, Math.min(by, cy));
            boxes[m + 2] = Math.min(az, Math.min(bz, cz));
            boxes[m + 3] = Math.max(ax, Math.max(bx, cx));
            boxes[m + 4] = Math.max(ay, Math.max(by, cy));
            boxes[m + 5] = Math.max(az, Math.max(bz, cz));
        }
        return boxes;
    }

    /** @return the number of vertices. */
    public int vertexCount() {
        return v.length / 3;
    }

    /**
     * @param i the vertex index
     * @param dest receives the vertex, shape frame, m
     * @return {@code dest}
     */
    public Vector3d vertex(int i, Vector3d dest) {
        return dest.set(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
    }

    /** @return a copy of the vertices: x, y, z per vertex, shape frame, m. */
    public double[] vertices() {
        return v.clone();
    }

    /** @return a copy of the triangles: i, j, k per triangle. */
    public int[] triangleIndices() {
        return idx.clone();
    }

    /**
     * @param t the triangle
     * @param corner 0, 1 or 2 (a, b, c)
     * @return the vertex index of that corner
     */
    public int vertexIndex(int t, int corner) {
        if (corner < 0 || corner > 2) {
            throw new IllegalArgumentException("corner must be 0, 1 or 2, was " + corner);
        }
        return idx[3 * t + corner];
    }

    /** @return the active-edge angle, rad: convex shared edges whose normals differ by more are active. */
    public double activeEdgeAngle() {
        return activeEdgeAngle;
    }

    /** @return the number of nodes in the bounding-volume hierarchy (diagnostics). */
    public int hierarchyNodeCount() {
        return tree.nodeCount;
    }

    /**
     * @param dest receives the box holding every triangle, shape frame, m
     * @return {@code dest}
     */
    public Aabb localBounds(Aabb dest) {
        double[] b = tree.bounds;
        return dest.set(b[0], b[1], b[2], b[3], b[4], b[5]);
    }

    @Override
    public int triangleCount() {
        return idx.length / 3;
    }

    @Override
    public int triangle(int t, double[] dest, int offset) {
        if (t < 0 || t >= idx.length / 3) {
            throw new IndexOutOfBoundsException("triangle " + t + " out of range [0, " + idx.length / 3 + ")");
        }
        for (int c = 0; c < 3; c++) {
            int i = 3 * idx[3 * t + c];
            dest[offset + 3 * c] = v[i];
            dest[offset + 3 * c + 1] = v[i + 1];
            dest[offset + 3 * c + 2] = v[i + 2];
        }
        return masks[t];
    }

    @Override
    public void triangles(double minX, double minY, double minZ, double maxX, double maxY, double maxZ, TriangleVisitor visitor) {
        BoundsTree tr = tree;
        int[] st = tr.acquireStack();
        try {
            int sp = 0;
            st[sp++] = 0;
            while (sp > 0) {
                int node = st[--sp];
                if (!tr.overlaps(node, minX, minY, minZ, maxX, maxY, maxZ)) {
                    continue;
                }
                int count = tr.count[node];
                if (count < 0) {
                    st[sp++] = tr.first[node];
                    st[sp++] = node + 1;
                    continue;
                }
                for (int s = tr.first[node], end = s + count; s < end; s++) {
                    if (tr.slotOverlaps(s, minX, minY, minZ, maxX, maxY, maxZ) && !visitor.triangle(tr.items[s])) {
                        return;
                    }
                }
            }
        } finally {
            tr.releaseStack(st);
        }
    }

    /** No ball fits inside a surface: 0 m. A mesh's body never needs the sweep that uses it. */
    @Override
    public double innerRadius() {
        return 0;
    }

    @Override
    public ShapeType type() {
        return ShapeType.TRIANGLE_MESH;
    }

    @Override
    public Aabb computeAabb(Pose pose, Aabb dest) {
        double[] b = tree.bounds;
        return Triangles.transformBox(pose, b[0], b[1], b[2], b[3], b[4], b[5], dest);
    }

    /** @throws UnsupportedOperationException always: a surface has no mass; put the mesh on a static or kinematic body */
    @Override
    public MassProperties massProperties(double density) {
        throw new UnsupportedOperationException(this + " has no volume and no mass; put it on a static or kinematic body");
    }

    /**
     * The closest hit of the ray on either face of any triangle; the normal is the hit triangle's
     * face normal turned to face the ray. A ray starting on the surface hits at {@code t = 0}.
     */
    @Override
    public double castRayLocal(double ox, double oy, double oz, double dx, double dy, double dz, double maxT, Vector3d normalOut) {
        return castRayLocal(ox, oy, oz, dx, dy, dz, maxT, normalOut, null);
    }

    /**
     * {@link #castRayLocal(double, double, double, double, double, double, double, Vector3d)},
     * also reporting which triangle was hit (the lowest index among equally near hits).
     *
     * @param ox the ray origin x, shape frame, m
     * @param oy the ray origin y, shape frame, m
     * @param oz the ray origin z, shape frame, m
     * @param dx the ray direction x, shape frame
     * @param dy the ray direction y, shape frame
     * @param dz the ray direction z, shape frame
     * @param maxT the largest parameter tested, in units of {@code |d|}
     * @param normalOut receives the unit face normal facing the ray, shape frame (unchanged on a miss)
     * @param triangleOut when not null, {@code triangleOut[0]} receives the hit triangle (unchanged on a miss)
     * @return the hit parameter, or −1 on a miss
     */
    public double castRayLocal(double ox, double oy, double oz, double dx, double dy, double dz, double maxT,
            Vector3d normalOut, int[] triangleOut) {
        BoundsTree tr = tree;
        double best = maxT;
        int hit = -1;
        int[] st = tr.acquireStack();
        try {
            int sp = 0;
            st[sp++] = 0;
            while (sp > 0) {
                int node = st[--sp];
                double entry = tr.rayEntry(node, ox, oy, oz, dx, dy, dz, best);
                if (entry < 0) {
                    continue;
                }
                int count = tr.count[node];
                if (count < 0) {
                    // The child on the ray's near side along the split axis goes on top.
                    int axis = -count - 1;
                    double d = axis == 0 ? dx : axis == 1 ? dy : dz;
                    int near = node + 1, far = tr.first[node];
                    if (d < 0) {
                        near = far;
                        far = node + 1;
                    }
                    st[sp++] = far;
                    st[sp++] = near;
                    continue;
                }
                for (int s = tr.first[node], end = s + count; s < end; s++) {
                    int t = tr.items[s];
                    int a = 3 * idx[3 * t], b = 3 * idx[3 * t + 1], c = 3 * idx[3 * t + 2];
                    double th = Triangles.ray(ox, oy, oz, dx, dy, dz, best, v[a], v[a + 1], v[a + 2],
                            v[b], v[b + 1], v[b + 2], v[c], v[c + 1], v[c + 2]);
                    if (th >= 0 && (th < best || hit < 0 || t < hit)) {
                        best = th;
                        hit = t;
                    }
                }
            }
        } finally {
            tr.releaseStack(st);
        }
        if (hit < 0) {
            return -1;
        }
        int a = 3 * idx[3 * hit], b = 3 * idx[3 * hit + 1], c = 3 * idx[3 * hit + 2];
        Triangles.normalFacing(v[a], v[a + 1], v[a + 2], v[b], v[b + 1], v[b + 2], v[c], v[c + 1], v[c + 2], dx, dy, dz, normalOut);
        if (triangleOut != null) {
            triangleOut[0] = hit;
        }
        return best;
    }

    /** The raw arrays, not copied, for {@link ShapeCodec}. */
    double[] rawVertices() {
        return v;
    }

    int[] rawTriangles() {
        return idx;
    }

    @Override
    public String toString() {
        return "TriangleMesh[" + vertexCount() + " vertices, " + triangleCount() + " triangles]";
    }
}
