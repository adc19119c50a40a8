package dev.tumble.core.collision.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The quickhull builder behind {@link ConvexHull}, checked against brute force on clouds of many
 * kinds, including degenerate ones, and for its O(n log n) work.
 */
class QuickHullTest {

    // ---------------------------------------------------------------- clouds

    /** The cloud families the oracle runs on. */
    enum Cloud {
        SPHERE, CUBE, GAUSSIAN, PLANES, GRID, DUPLICATES, NEARLY_COPLANAR, THIN_SLAB, FAR_FROM_ORIGIN, TINY, ON_SPHERE_AND_INSIDE
    }

    static Vector3d[] cloud(Cloud kind, int n, long seed) {
        Random rnd = new Random(seed);
        Vector3d[] p = new Vector3d[n];
        switch (kind) {
            case SPHERE -> {
                for (int i = 0; i < n; i++) {
                    p[i] = onSphere(rnd);
                }
            }
            case CUBE -> {
                for (int i = 0; i < n; i++) {
                    p[i] = new Vector3d(rnd.nextDouble() * 2 - 1, rnd.nextDouble() * 2 - 1, rnd.nextDouble() * 2 - 1);
                }
            }
            case GAUSSIAN -> {
                for (int i = 0; i < n; i++) {
                    p[i] = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian() * 0.5, rnd.nextGaussian() * 2);
                }
            }
            case PLANES -> {
                // Points on the faces of a slanted prism-like solid: each point is the
                // projection of a random interior point onto one of a few planes, clamped inside.
                double[][] planes = randomPolytopePlanes(rnd, 5 + rnd.nextInt(6));
                for (int i = 0; i < n; i++) {
                    p[i] = pointOnPolytopeSurface(rnd, planes);
                }
            }
            case GRID -> {
                // Integer lattice points in a box: massively coplanar and collinear.
                int side = Math.max(2, (int) Math.round(Math.cbrt(n)));
                for (int i = 0; i < n; i++) {
                    p[i] = new Vector3d(rnd.nextInt(side), rnd.nextInt(side + 1), rnd.nextInt(side + 2));
                }
            }
            case DUPLICATES -> {
                int distinct = Math.max(4, n / 10);
                Vector3d[] base = new Vector3d[distinct];
                for (int i = 0; i < distinct; i++) {
                    base[i] = onSphere(rnd).mul(1 + 0.3 * rnd.nextDouble());
                }
                for (int i = 0; i < n; i++) {
                    Vector3d b = base[i < distinct ? i : rnd.nextInt(distinct)];
                    p[i] = new Vector3d(b);
                    if (rnd.nextInt(4) == 0) {
                        p[i].add(rnd.nextGaussian() * 1e-13, rnd.nextGaussian() * 1e-13, rnd.nextGaussian() * 1e-13);
                    }
                }
            }
            case NEARLY_COPLANAR -> {
                // A flat disc with sub-tolerance noise and two apexes: a double cone.
                for (int i = 0; i < n; i++) {
                    double a = rnd.nextDouble() * 2 * Math.PI, r = Math.sqrt(rnd.nextDouble());
                    p[i] = new Vector3d(r * Math.cos(a), r * Math.sin(a), rnd.nextGaussian() * 1e-13);
                }
                p[0].set(0.1, -0.2, 0.5);
                p[1].set(-0.3, 0.1, -0.25);
            }
            case THIN_SLAB -> {
                // Thickness a thousandth of the width, top and bottom nearly but not quite flat.
                for (int i = 0; i < n; i++) {
                    p[i] = new Vector3d(rnd.nextDouble() * 2 - 1, rnd.nextDouble() * 2 - 1, rnd.nextDouble() * 1e-3);
                }
            }
            case FAR_FROM_ORIGIN -> {
                for (int i = 0; i < n; i++) {
                    p[i] = onSphere(rnd).add(100, -200, 50);
                }
            }
            case TINY -> {
                for (int i = 0; i < n; i++) {
                    p[i] = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).mul(1e-6);
                }
            }
            case ON_SPHERE_AND_INSIDE -> {
                for (int i = 0; i < n; i++) {
                    p[i] = onSphere(rnd).mul(i % 2 == 0 ? 1 : rnd.nextDouble());
                }
            }
            default -> throw new IllegalArgumentException();
        }
        return p;
    }

    private static Vector3d onSphere(Random rnd) {
        return new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalize();
    }

    /** Planes n·x = d (unit n) of a bounded polytope around the origin: a box cut by random planes. */
    private static double[][] randomPolytopePlanes(Random rnd, int extra) {
        List<double[]> planes = new ArrayList<>();
        for (int a = 0; a < 3; a++) {
            for (int s = -1; s <= 1; s += 2) {
                double[] pl = new double[4];
                pl[a] = s;
                pl[3] = 1;
                planes.add(pl);
            }
        }
        for (int i = 0; i < extra; i++) {
            Vector3d nrm = onSphere(rnd);
            planes.add(new double[] {nrm.x, nrm.y, nrm.z, 0.6 + 0.5 * rnd.nextDouble()});
        }
        return planes.toArray(new double[0][]);
    }

    /** A random point on the boundary of the polytope: a ray from the origin to its exit plane. */
    private static Vector3d pointOnPolytopeSurface(Random rnd, double[][] planes) {
        Vector3d dir = onSphere(rnd);
        double t = Double.POSITIVE_INFINITY;
        for (double[] pl : planes) {
            double dn = pl[0] * dir.x + pl[1] * dir.y + pl[2] * dir.z;
            if (dn > 0) {
                t = Math.min(t, pl[3] / dn);
            }
        }
        Vector3d q = dir.mul(t);
        // Snap onto the exit plane exactly as doubles allow (re-project).
        return q;
    }

    // ---------------------------------------------------------------- the oracle

    static double epsOf(Vector3d[] pts) {
        double scale = 0;
        for (Vector3d v : pts) {
            scale = Math.max(scale, Math.max(Math.abs(v.x), Math.max(Math.abs(v.y), Math.abs(v.z))));
        }
        return 1e-9 * scale * 10; // as ConvexHull computes it
    }

    /** Checks every invariant of a hull of {@code pts}; returns a description of the first violation, or null. */
    static String violation(ConvexHull h, Vector3d[] pts) {
        double eps = epsOf(pts);
        int nv = h.vertexCount(), nf = h.faceCount();
        Vector3d nrm = new Vector3d(), v = new Vector3d(), w = new Vector3d();
        // Every hull vertex is an input point.
        Set<List<Double>> input = new HashSet<>();
        for (Vector3d q : pts) {
            input.add(List.of(q.x, q.y, q.z));
        }
        Vector3d centre = new Vector3d();
        for (int i = 0; i < nv; i++) {
            h.vertex(i, v);
            if (!input.contains(List.of(v.x, v.y, v.z))) {
                return "vertex " + i + " " + v + " is not an input point";
            }
            centre.add(v);
        }
        centre.div(nv);
        // Faces: unit outward normals, vertices on the plane, every input point inside or on.
        for (int f = 0; f < nf; f++) {
            int[] loop = h.face(f);
            if (loop.length < 3) {
                return "face " + f + " has " + loop.length + " vertices";
            }
            h.faceNormal(f, nrm);
            if (Math.abs(nrm.length() - 1) > 1e-12) {
                return "face " + f + " normal is not unit: " + nrm.length();
            }
            double d = h.faceOffset(f);
            if (!(nrm.dot(centre) < d)) {
                return "face " + f + " normal is not outward";
            }
            for (int idx : loop) {
                if (Math.abs(nrm.dot(h.vertex(idx, v)) - d) > 2 * eps) {
                    return "vertex " + idx + " is " + (nrm.dot(v) - d) + " off the plane of face " + f;
                }
            }
            // The loop is convex and counter-clockwise about the normal.
            for (int i = 0; i < loop.length; i++) {
                h.vertex(loop[i], v);
                h.vertex(loop[(i + 1) % loop.length], w);
                Vector3d e1 = new Vector3d(w).sub(v);
                Vector3d e2 = h.vertex(loop[(i + 2) % loop.length], new Vector3d()).sub(w);
                if (e1.cross(e2).dot(nrm) <= 0) {
                    return "face " + f + " is not convex CCW at its vertex " + (i + 1) % loop.length;
                }
            }
            for (int i = 0; i < pts.length; i++) {
                double out = nrm.dot(pts[i]) - d;
                if (out > eps) {
                    return "input point " + i + " is " + out + " outside face " + f + " (eps " + eps + ")";
                }
            }
        }
        // A closed, consistently oriented 2-manifold: each directed edge once, with its reverse.
        Map<Long, Integer> directed = new HashMap<>();
        for (int f = 0; f < nf; f++) {
            int[] loop = h.face(f);
            for (int i = 0; i < loop.length; i++) {
                long key = (long) loop[i] * nv + loop[(i + 1) % loop.length];
                if (directed.put(key, f) != null) {
                    return "directed edge " + loop[i] + "->" + loop[(i + 1) % loop.length] + " is in two faces";
                }
            }
        }
        for (long key : directed.keySet()) {
            long a = key / nv, b = key % nv;
            if (!directed.containsKey(b * nv + a)) {
                return "edge " + a + "->" + b + " has no opposite";
            }
        }
        int undirected = directed.size() / 2;
        if (undirected != h.edgeCount()) {
            return "edgeCount " + h.edgeCount() + " but the faces have " + undirected + " edges";
        }
        if (nv - undirected + nf != 2) {
            return "Euler V − E + F = " + (nv - undirected + nf);
        }
        // Each vertex: its faces form one fan (following next edges around it visits them all).
        Map<Integer, Integer> outgoing = new HashMap<>(); // vertex -> number of outgoing edges
        Map<Integer, Integer> firstOut = new HashMap<>(); // vertex -> end of one outgoing edge
        Map<Long, Integer> nextAround = new HashMap<>(); // edge a->b: next outgoing edge of a around a is a->c
        for (int f = 0; f < nf; f++) {
            int[] loop = h.face(f);
            for (int i = 0; i < loop.length; i++) {
                int a = loop[i], b = loop[(i + 1) % loop.length], z = loop[(i + loop.length - 1) % loop.length];
                outgoing.merge(a, 1, Integer::sum);
                firstOut.putIfAbsent(a, b);
                // In this face the edges at a are z->a and a->b; the edge a->z belongs to the
                // neighbour across z-a, so around a: a->b, then (the neighbour's) a->z.
                nextAround.put((long) a * nv + b, z);
            }
        }
        for (Map.Entry<Integer, Integer> en : outgoing.entrySet()) {
            int a = en.getKey();
            int start = firstOut.get(a);
            int b = start, steps = 0;
            do {
                b = nextAround.get((long) a * nv + b);
                steps++;
            } while (b != start && steps <= en.getValue());
            if (steps != en.getValue()) {
                return "vertex " + a + " is not a manifold vertex (" + steps + " of " + en.getValue() + " edges in its fan)";
            }
        }
        if (!(h.volume() > 0)) {
            return "volume " + h.volume();
        }
        return null;
    }

    static void assertHullOk(ConvexHull h, Vector3d[] pts, String what) {
        String bad = violation(h, pts);
        if (bad != null) {
            fail(what + ": " + bad);
        }
    }

    /**
     * The volume of the hull by brute force, O(n⁴): every supporting plane through three input
     * points (all points within {@code tol} on one side) is a face plane; each distinct face
     * (by the set of points on it) adds the pyramid from the centroid over the 2-D hull of its
     * points.
     */
    static double bruteForceVolume(Vector3d[] pts, double tol) {
        int n = pts.length;
        Vector3d c = new Vector3d();
        for (Vector3d q : pts) {
            c.add(q);
        }
        c.div(n);
        Set<List<Integer>> seen = new HashSet<>();
        double volume = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                for (int k = j + 1; k < n; k++) {
                    Vector3d u = new Vector3d(pts[j]).sub(pts[i]), w = new Vector3d(pts[k]).sub(pts[i]);
                    Vector3d nrm = new Vector3d(u).cross(w);
                    // Only well-shaped triples: a face always has one among its vertices.
                    if (nrm.length() < 1e-4 * u.length() * w.length() || nrm.length() == 0) {
                        continue;
                    }
                    nrm.normalize();
                    double d = nrm.dot(pts[i]);
                    double max = Double.NEGATIVE_INFINITY, min = Double.POSITIVE_INFINITY;
                    for (Vector3d q : pts) {
                        double s = nrm.dot(q) - d;
                        max = Math.max(max, s);
                        min = Math.min(min, s);
                    }
                    if (max > tol && min < -tol) {
                        continue;
                    }
                    if (max > tol) {
                        nrm.negate();
                        d = -d;
                    }
                    List<Integer> on = new ArrayList<>();
                    for (int q = 0; q < n; q++) {
                        if (Math.abs(nrm.dot(pts[q]) - d) <= tol) {
                            on.add(q);
                        }
                    }
                    if (seen.add(on)) {
                        volume += area2d(pts, on, nrm) * (d - nrm.dot(c)) / 3;
                    }
                }
            }
        }
        return volume;
    }

    /** Area of the convex hull of points {@code on}, projected onto the plane with normal {@code nrm}. */
    private static double area2d(Vector3d[] pts, List<Integer> on, Vector3d nrm) {
        Vector3d u = Math.abs(nrm.x) > 0.57 ? new Vector3d(nrm.y, -nrm.x, 0) : new Vector3d(0, nrm.z, -nrm.y);
        u.normalize();
        Vector3d w = new Vector3d(nrm).cross(u);
        double[][] q = new double[on.size()][];
        for (int i = 0; i < q.length; i++) {
            Vector3d p = pts[on.get(i)];
            q[i] = new double[] {u.dot(p), w.dot(p)};
        }
        Arrays.sort(q, (a, b) -> a[0] != b[0] ? Double.compare(a[0], b[0]) : Double.compare(a[1], b[1]));
        double[][] hull = new double[2 * q.length + 1][];
        int k = 0;
        for (int pass = 0; pass < 2; pass++) {
            int start = k;
            for (int i = 0; i < q.length; i++) {
                double[] r = pass == 0 ? q[i] : q[q.length - 1 - i];
                while (k >= start + 2 && (hull[k - 1][0] - hull[k - 2][0]) * (r[1] - hull[k - 2][1])
                        - (hull[k - 1][1] - hull[k - 2][1]) * (r[0] - hull[k - 2][0]) <= 0) {
                    k--;
                }
                hull[k++] = r;
            }
            k--;
        }
        double a = 0;
        for (int i = 0; i < k; i++) {
            double[] s = hull[i], t = hull[(i + 1) % k];
            a += s[0] * t[1] - s[1] * t[0];
        }
        return Math.abs(a) / 2;
    }

    // ---------------------------------------------------------------- tests

    @Test
    void everyCloudKindGivesAClosedConvexHullContainingEveryPoint() {
        int[] sizes = {4, 5, 8, 20, 100, 1000, 3000};
        for (Cloud kind : Cloud.values()) {
            for (int n : sizes) {
                if (kind == Cloud.NEARLY_COPLANAR && n < 8 || kind == Cloud.DUPLICATES && n < 40
                        || kind == Cloud.GRID && n < 20) {
                    continue;
                }
                for (long seed = 1; seed <= (n <= 100 ? 20 : 3); seed++) {
                    Vector3d[] pts = cloud(kind, n, seed);
                    ConvexHull h;
                    try {
                        h = new ConvexHull(pts);
                    } catch (RuntimeException e) {
                        throw new AssertionError(kind + " n=" + n + " seed=" + seed + ": " + e, e);
                    }
                    assertHullOk(h, pts, kind + " n=" + n + " seed=" + seed);
                }
            }
        }
    }

    @Test
    void volumeMatchesBruteForce() {
        for (Cloud kind : Cloud.values()) {
            for (long seed = 1; seed <= 6; seed++) {
                int n = kind == Cloud.DUPLICATES ? 60 : 30;
                Vector3d[] pts = cloud(kind, n, seed);
                ConvexHull h = new ConvexHull(pts);
                double want = bruteForceVolume(pts, epsOf(pts) * 0.01);
                assertEquals(want, h.volume(), 1e-9 * want, kind + " seed=" + seed);
            }
        }
    }

    @Test
    void onASphereEveryPointIsAVertexAndTheHullIsATriangulation() {
        Vector3d[] pts = cloud(Cloud.SPHERE, 2000, 7);
        ConvexHull h = new ConvexHull(pts);
        assertEquals(2000, h.vertexCount());
        assertEquals(2 * 2000 - 4, h.faceCount());
        assertEquals(3 * 2000 - 6, h.edgeCount());
        assertHullOk(h, pts, "sphere");
    }

    @Test
    void cubeCornersGiveSixQuadsAndTwelveEdges() {
        Vector3d[] corners = new Vector3d[8];
        for (int i = 0; i < 8; i++) {
            corners[i] = new Vector3d((i & 1) != 0 ? 1 : -1, (i & 2) != 0 ? 1 : -1, (i & 4) != 0 ? 1 : -1);
        }
        ConvexHull h = new ConvexHull(corners);
        assertEquals(8, h.vertexCount());
        assertEquals(6, h.faceCount());
        assertEquals(12, h.edgeCount());
        assertEquals(3, h.edgeDirectionCount());
        for (int f = 0; f < 6; f++) {
            assertEquals(4, h.face(f).length);
        }
        assertEquals(8, h.volume(), 1e-12);
        assertHullOk(h, corners, "cube");
    }

    @Test
    void pointsInsideOrOnTheSurfaceDoNotChangeTheHull() {
        Random rnd = new Random(5);
        List<Vector3d> pts = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            pts.add(new Vector3d((i & 1) != 0 ? 1 : -1, (i & 2) != 0 ? 1 : -1, (i & 4) != 0 ? 1 : -1));
        }
        for (int i = 0; i < 3000; i++) {
            Vector3d q = new Vector3d(rnd.nextDouble() * 2 - 1, rnd.nextDouble() * 2 - 1, rnd.nextDouble() * 2 - 1);
            if (i % 3 == 0) { // onto a face
                int axis = rnd.nextInt(3);
                q.setComponent(axis, rnd.nextBoolean() ? 1 : -1);
            }
            if (i % 7 == 0) { // onto an edge
                q.x = rnd.nextBoolean() ? 1 : -1;
                q.y = rnd.nextBoolean() ? 1 : -1;
            }
            pts.add(rnd.nextInt(pts.size() + 1), q); // shuffled in among the corners
        }
        Vector3d[] arr = pts.toArray(new Vector3d[0]);
        ConvexHull h = new ConvexHull(arr);
        assertEquals(8, h.vertexCount());
        assertEquals(6, h.faceCount());
        assertEquals(12, h.edgeCount());
        assertEquals(3, h.edgeDirectionCount());
        assertEquals(8, h.volume(), 1e-12);
        Set<List<Double>> corners = new HashSet<>();
        Vector3d v = new Vector3d();
        for (int i = 0; i < 8; i++) {
            h.vertex(i, v);
            corners.add(List.of(Math.abs(v.x), Math.abs(v.y), Math.abs(v.z)));
        }
        assertEquals(Set.of(List.of(1.0, 1.0, 1.0)), corners);
        assertHullOk(h, arr, "cube with inner points");
    }

    /**
     * Points on the surface of a cube with noise far below the tolerance: merging folds of noise
     * once left a face running out to a vertex and straight back, which the merge then bent
     * 0.01 m out of its plane. Every face must stay flat and the mesh closed.
     */
    @Test
    void noisyCubeSurfaceGivesFlatFaces() {
        Random r = new Random(18);
        int n = 50 + r.nextInt(3000);
        Vector3d[] pts = new Vector3d[n];
        for (int i = 0; i < n; i++) {
            Vector3d q = new Vector3d(r.nextDouble() * 2 - 1, r.nextDouble() * 2 - 1, r.nextDouble() * 2 - 1);
            q.setComponent(r.nextInt(3), r.nextBoolean() ? 1 : -1);
            pts[i] = q.add(r.nextGaussian() * 1e-10, r.nextGaussian() * 1e-10, r.nextGaussian() * 1e-10);
        }
        ConvexHull h = new ConvexHull(pts);
        double eps = epsOf(pts);
        Vector3d nrm = new Vector3d(), v = new Vector3d();
        int halfEdges = 0;
        for (int f = 0; f < h.faceCount(); f++) {
            h.faceNormal(f, nrm);
            for (int idx : h.face(f)) {
                assertEquals(h.faceOffset(f), nrm.dot(h.vertex(idx, v)), 2 * eps, "face " + f + " vertex " + idx);
            }
            halfEdges += h.face(f).length;
            for (Vector3d q : pts) {
                assertTrue(nrm.dot(q) - h.faceOffset(f) <= eps, "point outside face " + f);
            }
        }
        assertEquals(halfEdges, 2 * h.edgeCount(), "every edge in two faces");
        assertEquals(2, h.vertexCount() - h.edgeCount() + h.faceCount(), "Euler");
    }

    /** Scaling the points by a power of two scales the hull exactly, from 2^-200 (1e-60) to 2^200 (1e60). */
    @Test
    void hugeAndTinyScalesGiveTheSameHull() {
        Vector3d[] pts = cloud(Cloud.CUBE, 500, 9);
        ConvexHull unit = new ConvexHull(pts);
        for (int exp : new int[] {-200, -40, 40, 200}) {
            Vector3d[] scaled = new Vector3d[pts.length];
            for (int i = 0; i < pts.length; i++) {
                scaled[i] = new Vector3d(pts[i]).mul(Math.scalb(1.0, exp));
            }
            ConvexHull h = new ConvexHull(scaled);
            assertEquals(unit.faceCount(), h.faceCount(), "2^" + exp);
            for (int f = 0; f < h.faceCount(); f++) {
                assertTrue(Arrays.equals(unit.face(f), h.face(f)), "2^" + exp + " face " + f);
            }
            Vector3d v = new Vector3d(), w = new Vector3d();
            for (int i = 0; i < h.vertexCount(); i++) {
                assertEquals(unit.vertex(i, v).mul(Math.scalb(1.0, exp)), h.vertex(i, w), "2^" + exp + " vertex " + i);
            }
        }
    }

    @Test
    void tooFewOrFlatPointsAreRejectedWithTheSameMessage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ConvexHull(new Vector3d(), new Vector3d(1, 0, 0), new Vector3d(0, 1, 0)));
        assertTrue(e.getMessage().startsWith("ConvexHull needs at least 4 non-coplanar points"), e.getMessage());
        Random rnd = new Random(2);
        Vector3d[] flat = new Vector3d[500];
        for (int i = 0; i < flat.length; i++) {
            flat[i] = new Vector3d(rnd.nextDouble(), rnd.nextDouble(), 1e-12 * rnd.nextGaussian());
        }
        e = assertThrows(IllegalArgumentException.class, () -> new ConvexHull(flat));
        assertTrue(e.getMessage().startsWith(
                "ConvexHull needs at least 4 non-coplanar points; ConvexHull.points (500 points) are all coplanar within "),
                e.getMessage());
        Vector3d[] line = new Vector3d[50];
        for (int i = 0; i < line.length; i++) {
            line[i] = new Vector3d(i, 2 * i, -i);
        }
        e = assertThrows(IllegalArgumentException.class, () -> new ConvexHull(line));
        assertTrue(e.getMessage().contains("(50 points) are all collinear"), e.getMessage());
        Vector3d[] same = new Vector3d[10];
        Arrays.fill(same, new Vector3d(1, 2, 3));
        e = assertThrows(IllegalArgumentException.class, () -> new ConvexHull(same));
        assertTrue(e.getMessage().contains("(10 points) are all coincident"), e.getMessage());
    }

    /**
     * Quickhull's work grows like n·log n: the point–plane tests for 100,000 points on a sphere
     * are less than 20 times those for 10,000 (about 12 expected; testing every point against
     * every face, as the incremental builder did, would make it 100).
     */
    @Test
    void distanceTestsGrowLikeNLogN() {
        long small = distanceTests(cloud(Cloud.SPHERE, 10_000, 3));
        long large = distanceTests(cloud(Cloud.SPHERE, 100_000, 4));
        double ratio = (double) large / small;
        assertTrue(ratio < 20, "distance tests 100k/10k = " + ratio + " (" + large + " / " + small + ")");
        // And a sane constant: each point is re-assigned about log n times and tested against the
        // few new faces each time, a few hundred tests per point in all, not thousands.
        assertTrue(large < 500L * 100_000, "distance tests for 100,000 points: " + large);
    }

    static long distanceTests(Vector3d[] pts) {
        double[] p = new double[3 * pts.length];
        for (int i = 0; i < pts.length; i++) {
            p[3 * i] = pts[i].x;
            p[3 * i + 1] = pts[i].y;
            p[3 * i + 2] = pts[i].z;
        }
        QuickHull qh = new QuickHull(p, pts.length, epsOf(pts) * 1.0);
        qh.build();
        return qh.distanceTests();
    }
}
