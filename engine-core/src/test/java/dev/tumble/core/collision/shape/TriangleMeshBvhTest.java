package dev.tumble.core.collision.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The hierarchy's answers equal a brute force over every triangle, bit for bit. */
class TriangleMeshBvhTest {

    /** A random soup of small and large triangles in a 20 m cube, plus a bumpy grid sharing vertices. */
    static TriangleMesh randomMesh(Random rnd, int soup) {
        List<double[]> vs = new ArrayList<>();
        List<int[]> ts = new ArrayList<>();
        for (int i = 0; i < soup; i++) {
            double cx = rnd.nextDouble() * 20 - 10, cy = rnd.nextDouble() * 20 - 10, cz = rnd.nextDouble() * 20 - 10;
            double s = rnd.nextDouble() < 0.1 ? 5 : 0.6;
            int base = vs.size();
            for (int k = 0; k < 3; k++) {
                vs.add(new double[] {cx + s * rnd.nextGaussian(), cy + s * rnd.nextGaussian(), cz + s * rnd.nextGaussian()});
            }
            ts.add(new int[] {base, base + 1, base + 2});
        }
        int n = 12, base = vs.size();
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                vs.add(new double[] {c - 6.0, -8 + 0.3 * rnd.nextDouble(), r - 6.0});
            }
        }
        for (int r = 0; r < n - 1; r++) {
            for (int c = 0; c < n - 1; c++) {
                int a = base + r * n + c;
                ts.add(new int[] {a, a + n, a + n + 1});
                ts.add(new int[] {a, a + n + 1, a + 1});
            }
        }
        return TriangleMesh.of(vs.toArray(new double[0][]), ts.toArray(new int[0][]));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4})
    void rayCastsEqualABruteForce(long seed) {
        Random rnd = new Random(seed);
        TriangleMesh mesh = randomMesh(rnd, 1500);
        double[] tri = new double[9];
        Vector3d n = new Vector3d(), nb = new Vector3d();
        int[] hit = new int[1];
        int hits = 0;
        for (int i = 0; i < 3000; i++) {
            double ox = rnd.nextDouble() * 30 - 15, oy = rnd.nextDouble() * 30 - 15, oz = rnd.nextDouble() * 30 - 15;
            double dx = rnd.nextGaussian(), dy = rnd.nextGaussian(), dz = rnd.nextGaussian();
            if (i % 7 == 0) {
                dx = 0; // axis-parallel components take the slab test's other branch
            }
            double maxT = i % 3 == 0 ? 2 : 100;
            double t = mesh.castRayLocal(ox, oy, oz, dx, dy, dz, maxT, n, hit);
            // Brute force: every triangle in index order, the lowest index among equal hits.
            double best = maxT;
            int bestTri = -1;
            for (int k = 0; k < mesh.triangleCount(); k++) {
                mesh.triangle(k, tri, 0);
                double th = Triangles.ray(ox, oy, oz, dx, dy, dz, best, tri[0], tri[1], tri[2], tri[3], tri[4], tri[5], tri[6], tri[7], tri[8]);
                if (th >= 0 && (th < best || bestTri < 0)) {
                    best = th;
                    bestTri = k;
                }
            }
            if (bestTri < 0) {
                assertEquals(-1, t, "ray " + i + " should miss");
                continue;
            }
            hits++;
            assertEquals(best, t, "ray " + i + " distance");
            assertEquals(bestTri, hit[0], "ray " + i + " triangle");
            mesh.triangle(bestTri, tri, 0);
            Triangles.normalFacing(tri[0], tri[1], tri[2], tri[3], tri[4], tri[5], tri[6], tri[7], tri[8], dx, dy, dz, nb);
            assertEquals(nb, n, "ray " + i + " normal");
            assertTrue(n.x * dx + n.y * dy + n.z * dz <= 0, "the normal faces the ray");
            assertEquals(1, n.length(), 1e-12);
        }
        assertTrue(hits > 500, "enough rays hit to test something: " + hits);
    }

    @ParameterizedTest
    @ValueSource(longs = {5, 6, 7})
    void boxQueriesEqualABruteForce(long seed) {
        Random rnd = new Random(seed);
        TriangleMesh mesh = randomMesh(rnd, 2000);
        double[] tri = new double[9];
        int found = 0;
        for (int i = 0; i < 2000; i++) {
            double cx = rnd.nextDouble() * 24 - 12, cy = rnd.nextDouble() * 24 - 12, cz = rnd.nextDouble() * 24 - 12;
            double hx = rnd.nextDouble() * 2, hy = rnd.nextDouble() * 2, hz = rnd.nextDouble() * 2;
            TreeSet<Integer> got = new TreeSet<>();
            mesh.triangles(cx - hx, cy - hy, cz - hz, cx + hx, cy + hy, cz + hz, t -> {
                assertTrue(got.add(t), "triangle " + t + " visited once");
                return true;
            });
            TreeSet<Integer> want = new TreeSet<>();
            // The tree screens with float bounds rounded outwards: it may add a triangle that misses
            // by less than a float's rounding at these coordinates (|x| < 64 m), never more.
            double slack = Math.ulp(64f);
            for (int k = 0; k < mesh.triangleCount(); k++) {
                mesh.triangle(k, tri, 0);
                if (overlaps(tri, cx - hx, cy - hy, cz - hz, cx + hx, cy + hy, cz + hz)) {
                    want.add(k);
                } else if (got.contains(k)) {
                    assertTrue(overlaps(tri, cx - hx - slack, cy - hy - slack, cz - hz - slack, cx + hx + slack, cy + hy + slack,
                            cz + hz + slack), "box " + i + " found triangle " + k + " beyond the rounding");
                    got.remove(k);
                }
            }
            assertEquals(want, got, "box " + i);
            found += want.size();
        }
        assertTrue(found > 2000, "the boxes found triangles: " + found);
    }

    @org.junit.jupiter.api.Test
    void aBoxTouchingATriangleOnlyAtItsExtremeFindsItAndOneJustBeyondDoesNot() {
        // Corners at coordinates no float holds exactly: the rounded bounds must still hold them.
        TriangleMesh mesh = TriangleMesh.of(new double[][] {{0.1, 0.3, 0.7}, {1.1, 0.3, 0.7}, {0.1, 0.3, 1.9}},
                new int[][] {{0, 2, 1}});
        int[] hits = {0};
        mesh.triangles(1.1, -1, -1, 2, 1, 2, t -> ++hits[0] > 0);
        mesh.triangles(-1, -1, -1, 0.1, 1, 2, t -> ++hits[0] > 0);
        mesh.triangles(-1, 0.3, -1, 2, 1, 2, t -> ++hits[0] > 0);
        mesh.triangles(-1, -1, 1.9, 2, 1, 2, t -> ++hits[0] > 0);
        assertEquals(4, hits[0], "a closed box touching each extreme finds the triangle");
        mesh.triangles(1.1 + 1e-6, -1, -1, 2, 1, 2, t -> ++hits[0] > 0);
        mesh.triangles(-1, -1, 1.9 + 1e-6, 2, 1, 2, t -> ++hits[0] > 0);
        assertEquals(4, hits[0], "a box a micrometre beyond finds nothing");
    }

    @org.junit.jupiter.api.Test
    void aVisitorThatReturnsFalseStopsTheQuery() {
        TriangleMesh mesh = randomMesh(new Random(9), 500);
        int[] calls = {0};
        mesh.triangles(-100, -100, -100, 100, 100, 100, t -> ++calls[0] < 3);
        assertEquals(3, calls[0]);
    }

    @org.junit.jupiter.api.Test
    void aQueryFromInsideAVisitorSeesTheSameTriangles() {
        TriangleMesh mesh = randomMesh(new Random(10), 500);
        TreeSet<Integer> outer = new TreeSet<>(), inner = new TreeSet<>();
        mesh.triangles(-1, -1, -1, 1, 1, 1, t -> {
            if (outer.isEmpty()) {
                mesh.triangles(-1, -1, -1, 1, 1, 1, inner::add);
            }
            return outer.add(t);
        });
        assertEquals(outer, inner);
    }

    static boolean overlaps(double[] tri, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        double[] lo = {minX, minY, minZ}, hi = {maxX, maxY, maxZ};
        for (int a = 0; a < 3; a++) {
            double mn = Math.min(tri[a], Math.min(tri[3 + a], tri[6 + a]));
            double mx = Math.max(tri[a], Math.max(tri[3 + a], tri[6 + a]));
            if (!(mn <= hi[a] && lo[a] <= mx)) {
                return false;
            }
        }
        return true;
    }
}
