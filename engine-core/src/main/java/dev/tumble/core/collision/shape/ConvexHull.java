package dev.tumble.core.collision.shape;

import dev.tumble.core.math.MassProperties;
import java.util.Arrays;
import org.joml.Matrix3d;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A solid convex polyhedron built from a point cloud (m, shape frame). The hull is built once, by
 * quickhull ({@link QuickHull}: O(n log n) expected time), to a tolerance of 1e-8 × the largest
 * point coordinate: points that close to a face count as on it, faces coplanar within it become
 * one convex polygon, and a vertex between two collinear edges is dropped. Every vertex is one of
 * the input points, and every input point is inside or within the tolerance of every face plane.
 * Faces, unique edges, unique edge directions and the mass properties at unit density are stored.
 * The same points give the same hull, bit for bit, in any order, and the hull of a hull's own
 * vertices is that hull: vertices are kept sorted by x, then y, then z, each face loop starts at
 * its lowest vertex and faces are sorted by their loops.
 */
public final class ConvexHull extends Shape {
    private final double[] vertices; // xyz per vertex
    private final int[][] faces; // CCW seen from outside
    private final double[] faceNormals; // xyz per face, unit, outward
    private final double[] faceOffsets; // n·x = d on the face
    private final int[] edges; // 2 per undirected edge
    private final double[] edgeDirections; // unit xyz per unique direction
    private final int[] edgeDirectionOf; // edge -> direction index
    private final MassProperties unitMass;
    private final double radius; // max distance of a vertex from the shape origin

    /**
     * Builds the hull of {@code points} (m).
     *
     * @param points the points, shape frame, m
     * @throws IllegalArgumentException with fewer than 4 points, null or non-finite ones, or points
     *     that are all coincident, collinear or coplanar within the tolerance (no 3-D hull); the
     *     message names {@code ConvexHull.points} and what was wrong
     */
    public ConvexHull(Vector3dc... points) {
        if (points == null || points.length < 4) {
            throw new IllegalArgumentException("ConvexHull needs at least 4 non-coplanar points; ConvexHull.points has "
                    + (points == null ? 0 : points.length));
        }
        double[] p = new double[points.length * 3];
        double scale = 0;
        for (int i = 0; i < points.length; i++) {
            Vector3dc v = points[i];
            if (v == null || !Double.isFinite(v.x()) || !Double.isFinite(v.y()) || !Double.isFinite(v.z())) {
                throw new IllegalArgumentException("ConvexHull.points[" + i + "] must be finite, was " + v);
            }
            p[3 * i] = v.x();
            p[3 * i + 1] = v.y();
            p[3 * i + 2] = v.z();
            scale = Math.max(scale, Math.max(Math.abs(v.x()), Math.max(Math.abs(v.y()), Math.abs(v.z()))));
        }
        double eps = 1e-9 * Math.max(scale, 1e-300) * 10;
        // Build at unit size: scaling by a power of two is exact, so the hull is the same, but
        // the builder's squares and cross products can then neither overflow nor underflow.
        double unit = scale > 0 ? Math.scalb(1.0, -Math.getExponent(scale)) : 1;
        double[] scaled = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            scaled[i] = p[i] * unit;
        }
        QuickHull qh = new QuickHull(scaled, points.length, eps * unit);
        qh.build();
        // ---- drop vertices with only two faces around them (between collinear edges); the
        // builder removes those it meets while merging, this catches any left on unmerged faces
        int[][] loops = qh.faces;
        int[] degree = new int[points.length];
        for (int[] loop : loops) {
            for (int w : loop) {
                degree[w]++;
            }
        }
        int[] remap = new int[points.length];
        Arrays.fill(remap, -1);
        int vc = 0;
        double[] vs = new double[3 * Math.min(points.length, 2 * loops.length + 4)];
        faces = new int[loops.length][];
        for (int f = 0; f < loops.length; f++) {
            int[] loop = loops[f];
            int keep = 0;
            for (int w : loop) {
                if (degree[w] > 2) {
                    keep++;
                }
            }
            int[] out = new int[keep >= 3 ? keep : loop.length];
            int k = 0;
            for (int w : loop) {
                if (degree[w] > 2 || keep < 3) {
                    if (remap[w] < 0) {
                        remap[w] = vc;
                        if (3 * vc + 3 > vs.length) {
                            vs = Arrays.copyOf(vs, 2 * vs.length);
                        }
                        vs[3 * vc] = p[3 * w];
                        vs[3 * vc + 1] = p[3 * w + 1];
                        vs[3 * vc + 2] = p[3 * w + 2];
                        vc++;
                    }
                    out[k++] = remap[w];
                }
            }
            faces[f] = out;
        }
        vertices = Arrays.copyOf(vs, 3 * vc);
        canonicalOrder(vertices, faces);
        faceNormals = new double[faces.length * 3];
        faceOffsets = new double[faces.length];
        for (int f = 0; f < faces.length; f++) {
            // Newell normal of the polygon: robust for any convex loop.
            double nx = 0, ny = 0, nz = 0, cx = 0, cy = 0, cz = 0;
            int[] loop = faces[f];
            for (int i = 0; i < loop.length; i++) {
                int a = loop[i], b = loop[(i + 1) % loop.length];
                double ax = vertices[3 * a], ay = vertices[3 * a + 1], az = vertices[3 * a + 2];
                double bx = vertices[3 * b], by = vertices[3 * b + 1], bz = vertices[3 * b + 2];
                nx += (ay - by) * (az + bz);
                ny += (az - bz) * (ax + bx);
                nz += (ax - bx) * (ay + by);
                cx += ax;
                cy += ay;
                cz += az;
            }
            double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
            faceNormals[3 * f] = nx / l;
            faceNormals[3 * f + 1] = ny / l;
            faceNormals[3 * f + 2] = nz / l;
            faceOffsets[f] = (nx * cx + ny * cy + nz * cz) / l / loop.length;
        }
        // ---- edges (in order of first appearance) and unique directions
        int halfEdges = 0;
        for (int[] loop : faces) {
            halfEdges += loop.length;
        }
        LongSet seen = new LongSet(halfEdges);
        DirectionSet dirs = new DirectionSet(halfEdges / 2);
        int[] e = new int[halfEdges];
        int[] dirOf = new int[halfEdges / 2 + 1];
        int ec = 0;
        for (int[] loop : faces) {
            for (int i = 0; i < loop.length; i++) {
                int a = loop[i], b = loop[(i + 1) % loop.length];
                long key = (long) Math.min(a, b) * vc + Math.max(a, b);
                if (!seen.add(key)) {
                    continue;
                }
                if (2 * ec + 2 > e.length) {
                    e = Arrays.copyOf(e, 2 * e.length);
                }
                if (ec == dirOf.length) {
                    dirOf = Arrays.copyOf(dirOf, 2 * ec);
                }
                e[2 * ec] = a;
                e[2 * ec + 1] = b;
                double dx = vertices[3 * b] - vertices[3 * a], dy = vertices[3 * b + 1] - vertices[3 * a + 1],
                        dz = vertices[3 * b + 2] - vertices[3 * a + 2];
                double m = Math.max(Math.abs(dx), Math.max(Math.abs(dy), Math.abs(dz))); // no overflow in the squares
                dx /= m;
                dy /= m;
                dz /= m;
                double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
                dirOf[ec++] = dirs.indexOf(dx / l, dy / l, dz / l);
            }
        }
        edges = Arrays.copyOf(e, 2 * ec);
        edgeDirectionOf = Arrays.copyOf(dirOf, ec);
        edgeDirections = dirs.toArray();
        // ---- mass properties at unit density
        Vector3d[] verts = new Vector3d[vertexCount()];
        double rr = 0;
        for (int i = 0; i < verts.length; i++) {
            verts[i] = new Vector3d(vertices[3 * i], vertices[3 * i + 1], vertices[3 * i + 2]);
            rr = Math.max(rr, verts[i].length());
        }
        radius = rr;
        int fanTriangles = 0;
        for (int[] loop : faces) {
            fanTriangles += loop.length - 2;
        }
        int[] triIdx = new int[3 * fanTriangles];
        int ti = 0;
        for (int[] loop : faces) {
            for (int i = 1; i + 1 < loop.length; i++) {
                triIdx[ti++] = loop[0];
                triIdx[ti++] = loop[i];
                triIdx[ti++] = loop[i + 1];
            }
        }
        unitMass = MassProperties.ofClosedMesh(verts, triIdx, 1.0);
    }

    /** Open-addressing set of long keys (edge vertex pairs). */
    private static final class LongSet {
        private final long[] keys;
        private final boolean[] used;
        private final int maskBits;

        LongSet(int expected) {
            int cap = Integer.highestOneBit(Math.max(4, expected) * 2 - 1) << 1;
            keys = new long[cap];
            used = new boolean[cap];
            maskBits = cap - 1;
        }

        /** @return true if {@code key} was new (and is now present). */
        boolean add(long key) {
            int i = mix(key) & maskBits;
            while (used[i]) {
                if (keys[i] == key) {
                    return false;
                }
                i = (i + 1) & maskBits;
            }
            used[i] = true;
            keys[i] = key;
            return true;
        }
    }

    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    /**
     * Unique edge directions: a direction joins the first earlier one it is parallel to (either
     * sense, |d × q|² &lt; 1e-18), found through a hash grid of cell {@code 2^-19} on the unit
     * vectors instead of a scan of all earlier directions.
     */
    private static final class DirectionSet {
        private static final double CELL = 0x1p-19;
        private static final double SLACK = 2e-9; // > |d − q| for parallel unit vectors
        private double[] dirs;
        private int count;
        private long[] keys;
        private int[] heads; // first direction in the cell, -1 none
        private int[] chain; // next direction in the same cell
        private int mask;

        DirectionSet(int expected) {
            dirs = new double[3 * Math.max(4, expected)];
            chain = new int[Math.max(4, expected)];
            int cap = Integer.highestOneBit(Math.max(4, expected) * 2 - 1) << 1;
            keys = new long[cap];
            heads = new int[cap];
            Arrays.fill(heads, -1);
            mask = cap - 1;
        }

        int indexOf(double dx, double dy, double dz) {
            int best = Integer.MAX_VALUE;
            for (int sign = 1; sign >= -1; sign -= 2) {
                double x = sign * dx, y = sign * dy, z = sign * dz;
                long x0 = cell(x - SLACK), x1 = cell(x + SLACK), y0 = cell(y - SLACK), y1 = cell(y + SLACK),
                        z0 = cell(z - SLACK), z1 = cell(z + SLACK);
                for (long cx = x0; cx <= x1; cx++) {
                    for (long cy = y0; cy <= y1; cy++) {
                        for (long cz = z0; cz <= z1; cz++) {
                            for (int k = find(key(cx, cy, cz)); k >= 0; k = chain[k]) {
                                if (k < best && parallel(k, dx, dy, dz)) {
                                    best = k;
                                }
                            }
                        }
                    }
                }
            }
            if (best != Integer.MAX_VALUE) {
                return best;
            }
            if (count == chain.length) {
                chain = Arrays.copyOf(chain, 2 * count);
                dirs = Arrays.copyOf(dirs, 6 * count);
            }
            if (2 * (count + 1) > keys.length) {
                rehash();
            }
            int k = count++;
            dirs[3 * k] = dx;
            dirs[3 * k + 1] = dy;
            dirs[3 * k + 2] = dz;
            insert(k);
            return k;
        }

        private boolean parallel(int k, double dx, double dy, double dz) {
            double qx = dirs[3 * k], qy = dirs[3 * k + 1], qz = dirs[3 * k + 2];
            double cx = dy * qz - dz * qy, cy = dz * qx - dx * qz, cz = dx * qy - dy * qx;
            return cx * cx + cy * cy + cz * cz < 1e-18;
        }

        private static long cell(double c) {
            return (long) Math.floor(c / CELL);
        }

        private static long key(long cx, long cy, long cz) {
            return ((cx + (1 << 20)) << 42) | ((cy + (1 << 20)) << 21) | (cz + (1 << 20));
        }

        private int find(long key) {
            int i = mix(key) & mask;
            while (heads[i] >= 0) {
                if (keys[i] == key) {
                    return heads[i];
                }
                i = (i + 1) & mask;
            }
            return -1;
        }

        private void insert(int k) {
            long key = key(cell(dirs[3 * k]), cell(dirs[3 * k + 1]), cell(dirs[3 * k + 2]));
            int i = mix(key) & mask;
            while (heads[i] >= 0 && keys[i] != key) {
                i = (i + 1) & mask;
            }
            chain[k] = heads[i] >= 0 ? heads[i] : -1;
            keys[i] = key;
            heads[i] = k;
        }

        private void rehash() {
            int cap = keys.length * 2;
            keys = new long[cap];
            heads = new int[cap];
            Arrays.fill(heads, -1);
            mask = cap - 1;
            for (int k = 0; k < count; k++) {
                insert(k);
            }
        }

        double[] toArray() {
            return Arrays.copyOf(dirs, 3 * count);
        }
    }

    /**
     * Puts the hull in an order that depends on its geometry alone: vertices sorted by x, then y,
     * then z; each face loop starting at its lowest vertex; faces sorted by their loops. The hull
     * of a hull's own vertices is then the same hull bit for bit (a snapshot that must rebuild a
     * hull relies on it), whatever order the builder met the points in.
     */
    private static void canonicalOrder(double[] vertices, int[][] faces) {
        int n = vertices.length / 3;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> {
            int c = Double.compare(vertices[3 * a], vertices[3 * b]);
            if (c == 0) {
                c = Double.compare(vertices[3 * a + 1], vertices[3 * b + 1]);
            }
            return c != 0 ? c : Double.compare(vertices[3 * a + 2], vertices[3 * b + 2]);
        });
        int[] rank = new int[n];
        double[] sorted = new double[vertices.length];
        for (int i = 0; i < n; i++) {
            rank[order[i]] = i;
            System.arraycopy(vertices, 3 * order[i], sorted, 3 * i, 3);
        }
        System.arraycopy(sorted, 0, vertices, 0, sorted.length);
        for (int f = 0; f < faces.length; f++) {
            int[] loop = faces[f];
            int first = 0;
            for (int i = 0; i < loop.length; i++) {
                loop[i] = rank[loop[i]];
                if (loop[i] < loop[first]) {
                    first = i;
                }
            }
            int[] turned = new int[loop.length];
            for (int i = 0; i < loop.length; i++) {
                turned[i] = loop[(first + i) % loop.length];
            }
            faces[f] = turned;
        }
        Arrays.sort(faces, Arrays::compare);
    }

    /** @return the number of hull vertices. */
    public int vertexCount() {
        return vertices.length / 3;
    }

    /**
     * Copies hull vertex {@code i} (m, shape frame) into {@code dest}.
     *
     * @param i the vertex index
     * @param dest receives the vertex
     * @return {@code dest}
     */
    public Vector3d vertex(int i, Vector3d dest) {
        return dest.set(vertices[3 * i], vertices[3 * i + 1], vertices[3 * i + 2]);
    }

    /** @return the number of (merged, polygonal) faces. */
    public int faceCount() {
        return faces.length;
    }

    /**
     * @param f the face index
     * @return the vertex indices of face {@code f}, counter-clockwise seen from outside (do not modify).
     */
    public int[] face(int f) {
        return faces[f];
    }

    /**
     * Copies the outward unit normal of face {@code f} (shape frame) into {@code dest}.
     *
     * @param f the face index
     * @param dest receives the normal
     * @return {@code dest}
     */
    public Vector3d faceNormal(int f, Vector3d dest) {
        return dest.set(faceNormals[3 * f], faceNormals[3 * f + 1], faceNormals[3 * f + 2]);
    }

    /**
     * @param f the face index
     * @return the offset (m) of face {@code f}'s plane {@code n·x = d}.
     */
    public double faceOffset(int f) {
        return faceOffsets[f];
    }

    /** @return the number of unique undirected edges. */
    public int edgeCount() {
        return edges.length / 2;
    }

    /** @return the number of distinct edge directions (parallel edges share one). */
    public int edgeDirectionCount() {
        return edgeDirections.length / 3;
    }

    /**
     * Raw arrays for the narrow phase (read-only by convention).
     *
     * @return the vertices, xyz per vertex, shape frame, m
     */
    public double[] rawVertices() {
        return vertices;
    }

    /** @return per-face outward unit normals, xyz (read-only by convention). */
    public double[] rawFaceNormals() {
        return faceNormals;
    }

    /** @return per-face plane offsets, m (read-only by convention). */
    public double[] rawFaceOffsets() {
        return faceOffsets;
    }

    /** @return edge vertex pairs (read-only by convention). */
    public int[] rawEdges() {
        return edges;
    }

    /** @return unit edge directions, xyz (read-only by convention). */
    public double[] rawEdgeDirections() {
        return edgeDirections;
    }

    /** @return for each edge, the index of its direction (read-only by convention). */
    public int[] rawEdgeDirectionOf() {
        return edgeDirectionOf;
    }

    /** @return the faces as loops of vertex indices (read-only by convention). */
    public int[][] rawFaces() {
        return faces;
    }

    /** @return the volume, m³. */
    public double volume() {
        return unitMass.mass();
    }

    @Override
    public double innerRadius() {
        double r = innerRadius;
        if (Double.isNaN(r)) {
            r = Double.POSITIVE_INFINITY;
            for (int f = 0; f < faceCount(); f++) {
                r = Math.min(r, faceOffset(f));
            }
            innerRadius = r = Math.max(0, r);
        }
        return r;
    }

    @Override
    public double innerRadiusAt(double x, double y, double z) {
        // The nearest face plane bounds the ball (the hull is the intersection of its faces' half-spaces).
        double r = Double.POSITIVE_INFINITY;
        for (int f = 0; f < faceOffsets.length; f++) {
            r = Math.min(r, faceOffsets[f] - (faceNormals[3 * f] * x + faceNormals[3 * f + 1] * y + faceNormals[3 * f + 2] * z));
        }
        return r;
    }

    /** Cached {@link #innerRadius()}; NaN until first asked. */
    private double innerRadius = Double.NaN;

    @Override
    public ShapeType type() {
        return ShapeType.CONVEX_HULL;
    }

    @Override
    public Aabb computeAabb(Pose p, Aabb dest) {
        dest.setEmpty();
        double[] r = p.r;
        for (int i = 0; i < vertices.length; i += 3) {
            double x = vertices[i], y = vertices[i + 1], z = vertices[i + 2];
            dest.include(r[0] * x + r[1] * y + r[2] * z + p.px, r[3] * x + r[4] * y + r[5] * z + p.py,
                    r[6] * x + r[7] * y + r[8] * z + p.pz);
        }
        return dest;
    }

    @Override
    public MassProperties massProperties(double density) {
        if (!Double.isFinite(density) || !(density > 0)) {
            throw new IllegalArgumentException("density must be finite and > 0, was " + density);
        }
        return new MassProperties(unitMass.mass() * density, new Vector3d(unitMass.centre()),
                new Matrix3d(unitMass.inertia()).scale(density));
    }

    @Override
    public double castRayLocal(double ox, double oy, double oz, double dx, double dy, double dz, double maxT, Vector3d n) {
        double t0 = 0, t1 = maxT;
        int enter = -1;
        for (int f = 0; f < faces.length; f++) {
            double nx = faceNormals[3 * f], ny = faceNormals[3 * f + 1], nz = faceNormals[3 * f + 2];
            double dist = nx * ox + ny * oy + nz * oz - faceOffsets[f];
            double dn = nx * dx + ny * dy + nz * dz;
            if (dn == 0) {
                if (dist > 0) {
                    return -1;
                }
                continue;
            }
            double t = -dist / dn;
            if (dn < 0) {
                if (t > t0) {
                    t0 = t;
                    enter = f;
                }
            } else if (t < t1) {
                t1 = t;
            }
            if (t0 > t1) {
                return -1;
            }
        }
        if (enter < 0) {
            inside(dx, dy, dz, n);
            return 0;
        }
        faceNormal(enter, n);
        return t0;
    }

    /** @return the largest distance of a vertex from the shape origin, m. */
    public double boundingRadius() {
        return radius;
    }

    @Override
    public String toString() {
        return "ConvexHull[" + vertexCount() + " vertices, " + faceCount() + " faces]";
    }
}
