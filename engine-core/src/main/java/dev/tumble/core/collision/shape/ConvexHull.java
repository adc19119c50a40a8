package dev.tumble.core.collision.shape;

import dev.tumble.core.math.MassProperties;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix3d;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A solid convex polyhedron built from a point cloud (m, shape frame). The hull is computed once
 * by incremental construction (visible faces removed, the horizon re-closed by a fan of new
 * triangles, which is quickhull's core step without its point partitioning), after which
 * coplanar triangles are merged into convex polygon faces and collinear vertices dropped.
 * Faces, unique edges, unique edge directions and the mass properties at unit density are
 * stored.
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
     * @throws IllegalArgumentException with fewer than 4 non-coplanar points, or non-finite ones
     */
    public ConvexHull(Vector3dc... points) {
        if (points == null || points.length < 4) {
            throw new IllegalArgumentException("ConvexHull needs at least 4 non-coplanar points, was "
                    + (points == null ? 0 : points.length) + " points");
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
        List<int[]> tris = build(p, points.length, eps);
        // ---- merge coplanar triangles into polygons
        List<double[]> planes = new ArrayList<>();
        List<List<int[]>> groups = new ArrayList<>();
        for (int[] t : tris) {
            double[] n = triNormal(p, t[0], t[1], t[2]);
            double d = n[0] * p[3 * t[0]] + n[1] * p[3 * t[0] + 1] + n[2] * p[3 * t[0] + 2];
            int g = -1;
            for (int k = 0; k < planes.size(); k++) {
                double[] q = planes.get(k);
                if (n[0] * q[0] + n[1] * q[1] + n[2] * q[2] > 1 - 1e-9 && Math.abs(d - q[3]) < eps * 10) {
                    g = k;
                    break;
                }
            }
            if (g < 0) {
                planes.add(new double[] {n[0], n[1], n[2], d});
                groups.add(new ArrayList<>());
                g = planes.size() - 1;
            }
            groups.get(g).add(t);
        }
        int[] remap = new int[points.length];
        Arrays.fill(remap, -1);
        List<Double> vs = new ArrayList<>();
        List<int[]> faceList = new ArrayList<>();
        List<double[]> normals = new ArrayList<>();
        for (int k = 0; k < groups.size(); k++) {
            double[] pl = planes.get(k);
            int[] loop = polygon(p, groups.get(k), pl, eps);
            for (int i = 0; i < loop.length; i++) {
                int v = loop[i];
                if (remap[v] < 0) {
                    remap[v] = vs.size() / 3;
                    vs.add(p[3 * v]);
                    vs.add(p[3 * v + 1]);
                    vs.add(p[3 * v + 2]);
                }
                loop[i] = remap[v];
            }
            faceList.add(loop);
            normals.add(pl);
        }
        vertices = new double[vs.size()];
        for (int i = 0; i < vertices.length; i++) {
            vertices[i] = vs.get(i);
        }
        faces = faceList.toArray(new int[0][]);
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
        // ---- edges and unique directions
        Map<Long, Integer> seen = new HashMap<>();
        List<Integer> e = new ArrayList<>();
        List<double[]> dirs = new ArrayList<>();
        List<Integer> dirOf = new ArrayList<>();
        for (int[] loop : faces) {
            for (int i = 0; i < loop.length; i++) {
                int a = loop[i], b = loop[(i + 1) % loop.length];
                long key = (long) Math.min(a, b) * vertices.length + Math.max(a, b);
                if (seen.containsKey(key)) {
                    continue;
                }
                seen.put(key, e.size() / 2);
                e.add(a);
                e.add(b);
                double dx = vertices[3 * b] - vertices[3 * a], dy = vertices[3 * b + 1] - vertices[3 * a + 1],
                        dz = vertices[3 * b + 2] - vertices[3 * a + 2];
                double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
                dx /= l;
                dy /= l;
                dz /= l;
                int found = -1;
                for (int k = 0; k < dirs.size(); k++) {
                    double[] q = dirs.get(k);
                    double cx = dy * q[2] - dz * q[1], cy = dz * q[0] - dx * q[2], cz = dx * q[1] - dy * q[0];
                    if (cx * cx + cy * cy + cz * cz < 1e-18) {
                        found = k;
                        break;
                    }
                }
                if (found < 0) {
                    dirs.add(new double[] {dx, dy, dz});
                    found = dirs.size() - 1;
                }
                dirOf.add(found);
            }
        }
        edges = e.stream().mapToInt(Integer::intValue).toArray();
        edgeDirectionOf = dirOf.stream().mapToInt(Integer::intValue).toArray();
        edgeDirections = new double[dirs.size() * 3];
        for (int k = 0; k < dirs.size(); k++) {
            System.arraycopy(dirs.get(k), 0, edgeDirections, 3 * k, 3);
        }
        // ---- mass properties at unit density
        Vector3d[] verts = new Vector3d[vertexCount()];
        double rr = 0;
        for (int i = 0; i < verts.length; i++) {
            verts[i] = new Vector3d(vertices[3 * i], vertices[3 * i + 1], vertices[3 * i + 2]);
            rr = Math.max(rr, verts[i].length());
        }
        radius = rr;
        List<Integer> triIdx = new ArrayList<>();
        for (int[] loop : faces) {
            for (int i = 1; i + 1 < loop.length; i++) {
                triIdx.add(loop[0]);
                triIdx.add(loop[i]);
                triIdx.add(loop[i + 1]);
            }
        }
        unitMass = MassProperties.ofClosedMesh(verts, triIdx.stream().mapToInt(Integer::intValue).toArray(), 1.0);
    }

    private static double[] triNormal(double[] p, int a, int b, int c) {
        double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
        double vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
        double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
        return l == 0 ? new double[] {0, 0, 0} : new double[] {nx / l, ny / l, nz / l};
    }

    private static double dist(double[] p, int[] t, double[] n, int v) {
        return n[0] * (p[3 * v] - p[3 * t[0]]) + n[1] * (p[3 * v + 1] - p[3 * t[0] + 1]) + n[2] * (p[3 * v + 2] - p[3 * t[0] + 2]);
    }

    /** Incremental hull; returns outward CCW triangles. */
    private static List<int[]> build(double[] p, int n, double eps) {
        int i0 = 0;
        for (int i = 1; i < n; i++) {
            if (p[3 * i] < p[3 * i0]) {
                i0 = i;
            }
        }
        int i1 = -1;
        double best = eps * eps;
        for (int i = 0; i < n; i++) {
            double dx = p[3 * i] - p[3 * i0], dy = p[3 * i + 1] - p[3 * i0 + 1], dz = p[3 * i + 2] - p[3 * i0 + 2];
            double d = dx * dx + dy * dy + dz * dz;
            if (d > best) {
                best = d;
                i1 = i;
            }
        }
        if (i1 < 0) {
            throw degenerate(n);
        }
        int i2 = -1;
        best = eps;
        for (int i = 0; i < n; i++) {
            double[] nn = triNormalRaw(p, i0, i1, i);
            double d = Math.sqrt(nn[0] * nn[0] + nn[1] * nn[1] + nn[2] * nn[2]);
            if (d > best) {
                best = d;
                i2 = i;
            }
        }
        if (i2 < 0) {
            throw degenerate(n);
        }
        double[] base = triNormal(p, i0, i1, i2);
        int i3 = -1;
        best = eps;
        for (int i = 0; i < n; i++) {
            double d = Math.abs(dist(p, new int[] {i0}, base, i));
            if (d > best) {
                best = d;
                i3 = i;
            }
        }
        if (i3 < 0) {
            throw degenerate(n);
        }
        List<int[]> tris = new ArrayList<>();
        List<double[]> norms = new ArrayList<>();
        if (dist(p, new int[] {i0}, base, i3) > 0) {
            int s = i1;
            i1 = i2;
            i2 = s;
        }
        int[][] init = {{i0, i1, i2}, {i0, i3, i1}, {i1, i3, i2}, {i2, i3, i0}};
        for (int[] t : init) {
            tris.add(t);
            norms.add(triNormal(p, t[0], t[1], t[2]));
        }
        boolean[] used = new boolean[n];
        used[i0] = used[i1] = used[i2] = used[i3] = true;
        for (int v = 0; v < n; v++) {
            if (used[v]) {
                continue;
            }
            List<Integer> visible = new ArrayList<>();
            for (int f = 0; f < tris.size(); f++) {
                if (tris.get(f) != null && dist(p, tris.get(f), norms.get(f), v) > eps) {
                    visible.add(f);
                }
            }
            if (visible.isEmpty()) {
                continue;
            }
            Map<Long, Boolean> visEdges = new HashMap<>();
            for (int f : visible) {
                int[] t = tris.get(f);
                for (int k = 0; k < 3; k++) {
                    visEdges.put((long) t[k] * n + t[(k + 1) % 3], Boolean.TRUE);
                }
            }
            List<int[]> horizon = new ArrayList<>();
            for (int f : visible) {
                int[] t = tris.get(f);
                for (int k = 0; k < 3; k++) {
                    int a = t[k], b = t[(k + 1) % 3];
                    if (!visEdges.containsKey((long) b * n + a)) {
                        horizon.add(new int[] {a, b});
                    }
                }
                tris.set(f, null);
            }
            for (int[] h : horizon) {
                int[] t = {h[0], h[1], v};
                tris.add(t);
                norms.add(triNormal(p, t[0], t[1], t[2]));
            }
            // Compact dead faces now and then.
            if (tris.size() > 64 && tris.size() > 4 * (tris.size() - visible.size())) {
                compact(tris, norms);
            }
        }
        compact(tris, norms);
        return tris;
    }

    private static void compact(List<int[]> tris, List<double[]> norms) {
        for (int i = tris.size() - 1; i >= 0; i--) {
            if (tris.get(i) == null) {
                tris.remove(i);
                norms.remove(i);
            }
        }
    }

    private static double[] triNormalRaw(double[] p, int a, int b, int c) {
        double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
        double vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
        double l = Math.sqrt(ux * ux + uy * uy + uz * uz);
        l = l == 0 ? 1 : l;
        return new double[] {(uy * vz - uz * vy) / l, (uz * vx - ux * vz) / l, (ux * vy - uy * vx) / l};
    }

    private static IllegalArgumentException degenerate(int n) {
        return new IllegalArgumentException("ConvexHull needs at least 4 non-coplanar points; the " + n
                + " points given are coincident, collinear or coplanar");
    }

    /** The convex polygon (CCW about the plane normal, no collinear vertices) of a group of triangles. */
    private static int[] polygon(double[] p, List<int[]> tris, double[] pl, double eps) {
        List<Integer> ids = new ArrayList<>();
        for (int[] t : tris) {
            for (int v : t) {
                if (!ids.contains(v)) {
                    ids.add(v);
                }
            }
        }
        // Plane basis u, w with u × w = n.
        double nx = pl[0], ny = pl[1], nz = pl[2];
        double ux, uy, uz;
        if (Math.abs(nx) > 0.57) {
            ux = ny; uy = -nx; uz = 0;
        } else {
            ux = 0; uy = nz; uz = -ny;
        }
        double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
        ux /= ul; uy /= ul; uz /= ul;
        double wx = ny * uz - nz * uy, wy = nz * ux - nx * uz, wz = nx * uy - ny * ux;
        int m = ids.size();
        Integer[] order = ids.toArray(new Integer[0]);
        double[] su = new double[p.length / 3], sw = new double[p.length / 3];
        for (int v : order) {
            su[v] = ux * p[3 * v] + uy * p[3 * v + 1] + uz * p[3 * v + 2];
            sw[v] = wx * p[3 * v] + wy * p[3 * v + 1] + wz * p[3 * v + 2];
        }
        Arrays.sort(order, (a, b) -> su[a] != su[b] ? Double.compare(su[a], su[b]) : Double.compare(sw[a], sw[b]));
        int[] hull = new int[2 * m + 1];
        int k = 0;
        for (int pass = 0; pass < 2; pass++) {
            int start = k;
            for (int ii = 0; ii < m; ii++) {
                int v = pass == 0 ? order[ii] : order[m - 1 - ii];
                while (k >= start + 2) {
                    int a = hull[k - 2], b = hull[k - 1];
                    double cross = (su[b] - su[a]) * (sw[v] - sw[a]) - (sw[b] - sw[a]) * (su[v] - su[a]);
                    if (cross <= eps * Math.sqrt((su[b] - su[a]) * (su[b] - su[a]) + (sw[b] - sw[a]) * (sw[b] - sw[a]))) {
                        k--;
                    } else {
                        break;
                    }
                }
                hull[k++] = v;
            }
            k--;
        }
        return Arrays.copyOf(hull, k);
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
