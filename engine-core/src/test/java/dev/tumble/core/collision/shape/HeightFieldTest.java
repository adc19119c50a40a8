package dev.tumble.core.collision.shape;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A heightfield behaves as the triangle mesh of its grid: same corners, masks, box queries and ray hits. */
class HeightFieldTest {

    /** A field and the mesh of its non-hole triangles, with the map from field to mesh triangle index. */
    record Pair(HeightField field, TriangleMesh mesh, int[] meshIndexOf) {
    }

    static Pair randomPair(Random rnd, int rows, int cols, double holeFraction) {
        double dx = 0.5 + rnd.nextDouble(), dz = 0.5 + rnd.nextDouble();
        double[][] h = new double[rows][cols];
        boolean[][] holes = new boolean[rows][cols];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                // Smooth hills (flat and near-flat edges), steps (convex and concave), and noise.
                h[r][c] = 2 * Math.sin(0.3 * r) * Math.cos(0.2 * c) + (rnd.nextDouble() < 0.2 ? rnd.nextDouble() : 0);
                if (rnd.nextDouble() < 0.1) {
                    h[r][c] = 1.5; // plateaus: exactly flat shared edges
                }
                holes[r][c] = rnd.nextDouble() < holeFraction;
            }
        }
        HeightField field = new HeightField(h, holes, dx, dz, Triangles.DEFAULT_ACTIVE_EDGE_ANGLE);
        double[] v = new double[3 * rows * cols];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                int i = 3 * (r * cols + c);
                v[i] = c * dx;
                v[i + 1] = holes[r][c] ? 0 : h[r][c];
                v[i + 2] = r * dz;
            }
        }
        List<Integer> idx = new ArrayList<>();
        int[] map = new int[field.triangleCount()];
        int m = 0;
        for (int t = 0; t < field.triangleCount(); t++) {
            int cell = t / 2, r = cell / (cols - 1), c = cell % (cols - 1);
            int s = r * cols + c;
            int[] corners = t % 2 == 0 ? new int[] {s, s + cols, s + cols + 1} : new int[] {s, s + cols + 1, s + 1};
            boolean hole = holes[corners[0] / cols][corners[0] % cols] || holes[corners[1] / cols][corners[1] % cols]
                    || holes[corners[2] / cols][corners[2] % cols];
            assertEquals(!hole, field.hasTriangle(t), "triangle " + t);
            if (hole) {
                map[t] = -1;
                continue;
            }
            map[t] = m++;
            for (int k : corners) {
                idx.add(k);
            }
        }
        TriangleMesh mesh = new TriangleMesh(v, idx.stream().mapToInt(Integer::intValue).toArray());
        return new Pair(field, mesh, map);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void theFieldsOwnMeshIsTheGridsMesh(long seed) {
        Pair p = randomPair(new Random(seed), 23, 17, seed == 1 ? 0 : 0.08);
        TriangleMesh own = TriangleMesh.of(p.field);
        assertArrayEquals(p.mesh.vertices(), own.vertices());
        assertArrayEquals(p.mesh.triangleIndices(), own.triangleIndices());
        double[] a = new double[9], b = new double[9];
        for (int t = 0; t < own.triangleCount(); t++) {
            assertEquals(p.mesh.triangle(t, a, 0), own.triangle(t, b, 0), "mask of triangle " + t);
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void trianglesAndMasksEqualThoseOfTheGridsMesh(long seed) {
        Pair p = randomPair(new Random(seed), 23, 17, seed == 1 ? 0 : 0.08);
        double[] a = new double[9], b = new double[9];
        int activeCount = 0, inactiveCount = 0;
        for (int t = 0; t < p.field.triangleCount(); t++) {
            int m = p.meshIndexOf[t];
            if (m < 0) {
                int tt = t;
                assertThrows(IllegalArgumentException.class, () -> p.field.triangle(tt, a, 0));
                continue;
            }
            int fm = p.field.triangle(t, a, 0);
            int mm = p.mesh.triangle(m, b, 0);
            assertArrayEquals(b, a, "corners of triangle " + t);
            assertEquals(mm, fm, "mask of triangle " + t);
            activeCount += Integer.bitCount(fm);
            inactiveCount += 3 - Integer.bitCount(fm);
        }
        assertTrue(activeCount > 50 && inactiveCount > 50, activeCount + " active, " + inactiveCount + " inactive");
    }

    @ParameterizedTest
    @ValueSource(longs = {4, 5, 6})
    void boxQueriesAndRayCastsEqualTheMeshs(long seed) {
        Random rnd = new Random(seed);
        Pair p = randomPair(rnd, 40, 33, 0.05);
        Aabb bounds = p.field.localBounds(new Aabb());
        Vector3d nf = new Vector3d(), nm = new Vector3d();
        int[] hf = new int[1], hm = new int[1];
        int hits = 0;
        for (int i = 0; i < 3000; i++) {
            double cx = bounds.minX - 2 + rnd.nextDouble() * (bounds.maxX - bounds.minX + 4);
            double cz = bounds.minZ - 2 + rnd.nextDouble() * (bounds.maxZ - bounds.minZ + 4);
            double cy = -4 + 8 * rnd.nextDouble();
            double ex = 2 * rnd.nextDouble(), ey = 2 * rnd.nextDouble(), ez = 2 * rnd.nextDouble();
            TreeSet<Integer> fromField = new TreeSet<>(), fromMesh = new TreeSet<>();
            p.field.triangles(cx - ex, cy - ey, cz - ez, cx + ex, cy + ey, cz + ez, t -> {
                assertTrue(fromField.add(p.meshIndexOf[t]), "visited once, not a hole: " + t);
                return true;
            });
            p.mesh.triangles(cx - ex, cy - ey, cz - ez, cx + ex, cy + ey, cz + ez, fromMesh::add);
            assertEquals(fromMesh, fromField, "box " + i);

            double dx = rnd.nextGaussian(), dy = rnd.nextGaussian(), dz = rnd.nextGaussian();
            if (i % 5 == 0) {
                dx = dz = 0; // straight down or up: the common terrain query
            }
            double tf = p.field.castRayLocal(cx, cy, cz, dx, dy, dz, 50, nf, hf);
            double tm = p.mesh.castRayLocal(cx, cy, cz, dx, dy, dz, 50, nm, hm);
            assertEquals(tm, tf, "ray " + i);
            if (tm >= 0) {
                hits++;
                assertEquals(hm[0], p.meshIndexOf[hf[0]], "ray " + i + " triangle");
                assertEquals(nm, nf, "ray " + i + " normal");
            }
        }
        assertTrue(hits > 500, "hits: " + hits);
    }

    @Test
    void aRayDownOntoAFlatFieldHitsAtItsHeightWithAnUpNormal() {
        double[][] h = new double[5][5];
        for (double[] row : h) {
            java.util.Arrays.fill(row, 0.25);
        }
        HeightField f = new HeightField(h, 1, 1);
        Vector3d n = new Vector3d();
        assertEquals(0.75, f.castRayLocal(1.3, 1, 2.7, 0, -1, 0, 10, n), 1e-15);
        assertEquals(new Vector3d(0, 1, 0), n);
        assertEquals(0.25, f.castRayLocal(1.3, 0, 2.7, 0, 1, 0, 10, n), 1e-15);
        assertEquals(new Vector3d(0, -1, 0), n, "the back face is hit with the normal facing the ray");
        assertEquals(-1, f.castRayLocal(5.5, 1, 2, 0, -1, 0, 10, n), "outside the grid");
    }

    @Test
    void holesAreNeverVisitedAndRaysFallThroughThem() {
        double[][] h = new double[4][4];
        boolean[][] holes = new boolean[4][4];
        holes[1][1] = true;
        HeightField f = new HeightField(h, holes, 1, 1, Triangles.DEFAULT_ACTIVE_EDGE_ANGLE);
        assertTrue(f.isHole(1, 1));
        assertEquals(18, f.triangleCount());
        int[] visited = {0};
        f.triangles(-1, -1, -1, 5, 1, 5, t -> {
            assertTrue(f.hasTriangle(t));
            visited[0]++;
            return true;
        });
        assertEquals(12, visited[0], "six triangles touch sample (1, 1)");
        assertEquals(-1, f.castRayLocal(0.9, 1, 1.05, 0, -1, 0, 10, new Vector3d()));
        assertEquals(1, f.castRayLocal(2.5, 1, 2.5, 0, -1, 0, 10, new Vector3d()));
    }

    @Test
    void anAllHoleFieldHasNoTriangles() {
        boolean[][] holes = {{true, true}, {true, true}};
        HeightField f = new HeightField(new double[2][2], holes, 1, 1, 0.1);
        assertFalse(f.hasTriangle(0));
        assertEquals(-1, f.castRayLocal(0.5, 1, 0.5, 0, -1, 0, 10, new Vector3d()));
        f.triangles(-10, -10, -10, 10, 10, 10, t -> {
            throw new AssertionError("visited " + t);
        });
    }

    @Test
    void computeAabbHoldsEveryCornerAtARotatedPose() {
        Pair p = randomPair(new Random(11), 9, 7, 0);
        Pose pose = new Pose().set(3, -2, 1, 0.9, 0.2, -0.3, 0.1);
        Aabb box = p.field.computeAabb(pose, new Aabb());
        double[] tri = new double[9];
        Vector3d w = new Vector3d();
        for (int t = 0; t < p.field.triangleCount(); t++) {
            p.field.triangle(t, tri, 0);
            for (int k = 0; k < 3; k++) {
                pose.toWorld(tri[3 * k], tri[3 * k + 1], tri[3 * k + 2], w);
                assertTrue(box.minX <= w.x && w.x <= box.maxX && box.minY <= w.y && w.y <= box.maxY
                        && box.minZ <= w.z && w.z <= box.maxZ, "corner " + w + " in " + box);
            }
        }
    }
}
