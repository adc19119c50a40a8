package dev.tumble.core.collision.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Active-edge masks on hand-built cases, validation, and the static-only rule. */
class TriangleMeshTest {
    private static final int ALL = 0b111;

    /** A flat n×n grid of unit cells in the y = 0 plane, facing up, split as a heightfield is. */
    static TriangleMesh flatGrid(int n) {
        int v = n + 1;
        double[] vs = new double[3 * v * v];
        for (int r = 0; r < v; r++) {
            for (int c = 0; c < v; c++) {
                vs[3 * (r * v + c)] = c;
                vs[3 * (r * v + c) + 2] = r;
            }
        }
        int[] ts = new int[6 * n * n];
        int k = 0;
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                int s = r * v + c;
                int[] two = {s, s + v, s + v + 1, s, s + v + 1, s + 1};
                System.arraycopy(two, 0, ts, k, 6);
                k += 6;
            }
        }
        return new TriangleMesh(vs, ts);
    }

    @Test
    void aFlatGridHasActiveBorderEdgesAndInactiveInnerOnes() {
        TriangleMesh mesh = flatGrid(2);
        double[] tri = new double[9];
        int inner = 0;
        for (int t = 0; t < mesh.triangleCount(); t++) {
            int mask = mesh.triangle(t, tri, 0);
            for (int e = 0; e < 3; e++) {
                int a = 3 * e, b = 3 * ((e + 1) % 3);
                boolean border = (tri[a] == tri[b] && (tri[a] == 0 || tri[a] == 2))
                        || (tri[a + 2] == tri[b + 2] && (tri[a + 2] == 0 || tri[a + 2] == 2));
                assertEquals(border, (mask & (1 << e)) != 0, "triangle " + t + " edge " + e);
                inner += border ? 0 : 1;
            }
        }
        assertEquals(16, inner, "8 inner edges, each seen from two triangles");
    }

    /** Two triangles sharing the edge (0,0,0)–(1,0,0), sloping by {@code slope} (rise per metre) away from it. */
    static TriangleMesh ridge(double slope, double angle) {
        double[] v = {0, 0, 0, 1, 0, 0, 0.5, -slope, -1, 0.5, -slope, 1};
        int[] t = {0, 1, 2, 1, 0, 3};
        return new TriangleMesh(v, t, angle);
    }

    @Test
    void aConvexRidgeSharperThanFiveDegreesIsActive() {
        TriangleMesh sharp = ridge(Math.tan(Math.toRadians(10)), Math.toRadians(5)); // normals 20° apart
        assertEquals(ALL, sharp.triangle(0, new double[9], 0));
        assertEquals(ALL, sharp.triangle(1, new double[9], 0));
        TriangleMesh gentle = ridge(Math.tan(Math.toRadians(2)), Math.toRadians(5)); // 4° apart
        assertEquals(0b110, gentle.triangle(0, new double[9], 0), "shared edge a→b inactive");
        assertEquals(0b110, gentle.triangle(1, new double[9], 0));
        TriangleMesh wide = ridge(Math.tan(Math.toRadians(10)), Math.toRadians(30)); // a per-shape angle
        assertEquals(0b110, wide.triangle(0, new double[9], 0));
    }

    @Test
    void aConcaveValleyIsInactive() {
        TriangleMesh valley = ridge(-Math.tan(Math.toRadians(40)), Math.toRadians(5));
        assertEquals(0b110, valley.triangle(0, new double[9], 0));
        assertEquals(0b110, valley.triangle(1, new double[9], 0));
    }

    @Test
    void anEdgeOfThreeTrianglesAndAnInconsistentlyWoundEdgeAreActive() {
        double[] v = {0, 0, 0, 1, 0, 0, 0.5, 0, -1, 0.5, 0, 1, 0.5, 1, 0};
        TriangleMesh fin = new TriangleMesh(v, new int[] {0, 1, 2, 1, 0, 3, 0, 1, 4});
        for (int t = 0; t < 3; t++) {
            assertEquals(ALL, fin.triangle(t, new double[9], 0), "triangle " + t);
        }
        TriangleMesh flipped = new TriangleMesh(v, new int[] {0, 1, 2, 0, 1, 3}); // both run 0→1
        assertEquals(ALL, flipped.triangle(0, new double[9], 0));
    }

    @Test
    void trianglesAreWrittenAtTheOffsetCounterClockwise() {
        TriangleMesh mesh = flatGrid(1);
        double[] dest = new double[12];
        mesh.triangle(1, dest, 3);
        assertEquals(0, dest[0]);
        double[] want = {0, 0, 0, 1, 0, 1, 1, 0, 0};
        for (int i = 0; i < 9; i++) {
            assertEquals(want[i], dest[3 + i], "value " + i);
        }
        assertThrows(IndexOutOfBoundsException.class, () -> mesh.triangle(2, dest, 0));
        Vector3d n = new Vector3d();
        assertEquals(0.5, mesh.castRayLocal(0.7, 0.5, 0.2, 0, -1, 0, 1, n), 0);
        assertEquals(new Vector3d(0, 1, 0), n);
    }

    @Test
    void badInputNamesTheFieldIndexAndValue() {
        double[] v = {0, 0, 0, 1, 0, 0, 0, 0, 1};
        assertMessage("TriangleMesh.vertices[1].y must be finite, was NaN",
                () -> new TriangleMesh(new double[] {0, 0, 0, 1, Double.NaN, 0, 0, 0, 1}, new int[] {0, 1, 2}));
        assertMessage("TriangleMesh.triangles[0] index 3 out of range [0, 3)", () -> new TriangleMesh(v, new int[] {0, 3, 2}));
        assertMessage("TriangleMesh.triangles[0] index -1 out of range [0, 3)", () -> new TriangleMesh(v, new int[] {0, -1, 2}));
        assertMessage("TriangleMesh.triangles[0] repeats a vertex: (0, 2, 2)", () -> new TriangleMesh(v, new int[] {0, 2, 2}));
        assertMessage("TriangleMesh.triangles[0] (0, 1, 2) is degenerate",
                () -> new TriangleMesh(new double[] {0, 0, 0, 1, 0, 0, 2, 0, 0}, new int[] {0, 1, 2}));
        assertMessage("TriangleMesh.triangles length must be a positive multiple of 3, was 0", () -> new TriangleMesh(v, new int[0]));
        assertMessage("TriangleMesh.vertices length must be a multiple of 3, was 4", () -> new TriangleMesh(new double[4], new int[] {0, 1, 2}));
        assertMessage("TriangleMesh.vertices must not be null", () -> new TriangleMesh(null, new int[] {0, 1, 2}));
        assertMessage("TriangleMesh.vertices[1] must be {x, y, z}, was null",
                () -> TriangleMesh.of(new double[][] {{0, 0, 0}, null, {0, 0, 1}}, new int[][] {{0, 1, 2}}));
        assertMessage("TriangleMesh.activeEdgeAngle must be in [0, π] rad, was -0.1", () -> new TriangleMesh(v, new int[] {0, 1, 2}, -0.1));
        assertMessage("HeightField.heights[1][0] must be finite, was Infinity",
                () -> new HeightField(new double[][] {{0, 0}, {Double.POSITIVE_INFINITY, 0}}, 1, 1));
        assertMessage("HeightField.heights[1] must have 2 samples like row 0, had 3", () -> new HeightField(new double[][] {{0, 0}, {0, 0, 0}}, 1, 1));
        assertMessage("HeightField.heights must have at least 2 rows, had 1", () -> new HeightField(new double[][] {{0, 0}}, 1, 1));
        assertMessage("HeightField.dz must be finite and > 0, was 0.0", () -> new HeightField(new double[2][2], 1, 0));
        assertMessage("HeightField.holes[0] must have 2 entries like heights, had 1",
                () -> new HeightField(new double[2][2], new boolean[][] {{true}, {false, false}}, 1, 1, 0.1));
    }

    @Test
    void aHoleMayHoldAnyHeight() {
        HeightField f = new HeightField(new double[][] {{Double.NaN, 0}, {0, 0}}, new boolean[][] {{true, false}, {false, false}}, 1, 1, 0.1);
        assertEquals(0, f.height(0, 0));
    }

    @Test
    void meshesAndHeightfieldsGoOnStaticAndKinematicBodiesOnly() {
        TriangleMesh mesh = flatGrid(1);
        HeightField field = new HeightField(new double[2][2], 1, 1);
        assertMessage("addShape: shape TriangleMesh[4 vertices, 2 triangles] has no mass", () -> RigidBody.dynamic(mesh));
        assertMessage("addShape: shape HeightField[2×2 samples", () -> RigidBody.dynamic().addShape(field));
        RigidBody fixed = RigidBody.fixed(mesh);
        assertMessage("type(DYNAMIC): shape TriangleMesh", () -> fixed.type(BodyType.DYNAMIC));
        assertEquals(BodyType.STATIC, fixed.type());
        RigidBody.kinematic(field).type(BodyType.STATIC);
        assertThrows(UnsupportedOperationException.class, () -> mesh.massProperties(1000));
        assertThrows(UnsupportedOperationException.class, () -> field.massProperties(1000));
        assertEquals(0, mesh.innerRadius());
    }

    @Test
    void aMillionTrianglesBuildInSeconds() {
        int n = 708; // 2·707² ≈ 1.0 million triangles
        double[] v = new double[3 * n * n];
        java.util.Random rnd = new java.util.Random(1);
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                int i = 3 * (r * n + c);
                v[i] = c;
                v[i + 1] = rnd.nextDouble();
                v[i + 2] = r;
            }
        }
        int[] t = new int[6 * (n - 1) * (n - 1)];
        int k = 0;
        for (int r = 0; r < n - 1; r++) {
            for (int c = 0; c < n - 1; c++) {
                int s = r * n + c;
                t[k++] = s; t[k++] = s + n; t[k++] = s + n + 1;
                t[k++] = s; t[k++] = s + n + 1; t[k++] = s + 1;
            }
        }
        long start = System.nanoTime();
        TriangleMesh mesh = new TriangleMesh(v, t);
        double seconds = (System.nanoTime() - start) * 1e-9;
        assertEquals(999_698, mesh.triangleCount());
        assertTrue(seconds < 60, "built in " + seconds + " s");
        assertEquals(0.5, mesh.castRayLocal(350.5, 1.5, 350.5, 0, -1, 0, 10, new Vector3d()), 0.5);
        System.out.printf("1M-triangle mesh built in %.2f s, %d nodes%n", seconds, mesh.hierarchyNodeCount());
    }

    private static void assertMessage(String start, org.junit.jupiter.api.function.Executable e) {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, e);
        assertTrue(x.getMessage().startsWith(start), "message: " + x.getMessage());
    }
}
