package dev.tumble.core.collision.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.math.Inertia;
import dev.tumble.core.math.MassProperties;
import java.util.Random;
import org.joml.Matrix3d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

class ConvexHullTest {
    @Test
    void cubeWithExtraCoplanarAndInteriorPoints() {
        Vector3d[] p = new Vector3d[8 + 6 + 20];
        for (int i = 0; i < 8; i++) {
            p[i] = new Vector3d((i & 1) != 0 ? 1 : -1, (i & 2) != 0 ? 2 : -2, (i & 4) != 0 ? 3 : -3);
        }
        p[8] = new Vector3d(1, 0, 0);
        p[9] = new Vector3d(-1, 0.5, 0.5);
        p[10] = new Vector3d(0, 2, 0);
        p[11] = new Vector3d(0, -2, 1);
        p[12] = new Vector3d(0.2, 0.3, 3);
        p[13] = new Vector3d(1, 2, 0); // on an edge
        Random rnd = new Random(3);
        for (int i = 14; i < p.length; i++) {
            p[i] = new Vector3d(rnd.nextDouble() * 1.8 - 0.9, rnd.nextDouble() * 3.8 - 1.9, rnd.nextDouble() * 5.8 - 2.9);
        }
        ConvexHull h = new ConvexHull(p);
        assertEquals(8, h.vertexCount());
        assertEquals(6, h.faceCount(), "coplanar triangles merged into quads");
        assertEquals(12, h.edgeCount());
        assertEquals(3, h.edgeDirectionCount());
        for (int f = 0; f < 6; f++) {
            assertEquals(4, h.face(f).length);
        }
        MassProperties mp = h.massProperties(2);
        assertEquals(2 * 48, mp.mass(), 1e-9);
        assertEquals(0, mp.centre().length(), 1e-12);
        Matrix3d want = Inertia.box(96, 1, 2, 3);
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                assertEquals(want.get(i, j), mp.inertia().get(i, j), 1e-9);
            }
        }
    }

    @Test
    void randomCloudHullContainsEveryPointAndFacesAreConvex() {
        Random rnd = new Random(11);
        Vector3d[] p = new Vector3d[300];
        for (int i = 0; i < p.length; i++) {
            p[i] = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalize(1 + 0.1 * rnd.nextDouble());
        }
        ConvexHull h = new ConvexHull(p);
        Vector3d n = new Vector3d(), v = new Vector3d();
        for (int f = 0; f < h.faceCount(); f++) {
            h.faceNormal(f, n);
            for (Vector3d q : p) {
                assertTrue(n.dot(q) <= h.faceOffset(f) + 1e-9, "point outside face " + f);
            }
            for (int idx : h.face(f)) {
                assertEquals(h.faceOffset(f), n.dot(h.vertex(idx, v)), 1e-9);
            }
        }
        // Euler: V − E + F = 2
        assertEquals(2, h.vertexCount() - h.edgeCount() + h.faceCount());
        assertTrue(h.volume() > 4.0 / 3 * Math.PI * 0.8 && h.volume() < 4.0 / 3 * Math.PI * 1.1 * 1.1 * 1.1);
    }

    /**
     * The hull's order is its geometry's: the same points shuffled, or the hull's own vertices,
     * give the same arrays bit for bit (random clouds, and points on a box's faces, many of them
     * coplanar).
     */
    @Test
    void theSamePointsInAnyOrderGiveTheSameHullBitForBit() {
        Random rnd = new Random(17);
        for (int t = 0; t < 200; t++) {
            int n = 4 + rnd.nextInt(100);
            Vector3d[] p = new Vector3d[n];
            for (int i = 0; i < n; i++) {
                p[i] = t % 2 == 0
                        ? new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian())
                        : onBox(rnd);
            }
            ConvexHull h = new ConvexHull(p);
            java.util.List<Vector3d> shuffled = new java.util.ArrayList<>(java.util.List.of(p));
            java.util.Collections.shuffle(shuffled, rnd);
            assertSameBits(h, new ConvexHull(shuffled.toArray(new Vector3d[0])), "trial " + t + " shuffled");
            Vector3d[] own = new Vector3d[h.vertexCount()];
            for (int i = 0; i < own.length; i++) {
                own[i] = h.vertex(i, new Vector3d());
            }
            assertSameBits(h, new ConvexHull(own), "trial " + t + " from its vertices");
        }
    }

    /** A point on a face of the box [−1, 1] × [−2, 2] × [−0.5, 0.5] (corners included). */
    private static Vector3d onBox(Random rnd) {
        double[] v = {rnd.nextDouble() * 2 - 1, rnd.nextDouble() * 4 - 2, rnd.nextDouble() - 0.5};
        double[] half = {1, 2, 0.5};
        int axis = rnd.nextInt(3);
        v[axis] = rnd.nextBoolean() ? half[axis] : -half[axis];
        if (rnd.nextInt(8) == 0) {
            for (int k = 0; k < 3; k++) {
                v[k] = rnd.nextBoolean() ? half[k] : -half[k];
            }
        }
        return new Vector3d(v[0], v[1], v[2]);
    }

    private static void assertSameBits(ConvexHull a, ConvexHull b, String what) {
        org.junit.jupiter.api.Assertions.assertArrayEquals(a.rawVertices(), b.rawVertices(), what + ": vertices");
        org.junit.jupiter.api.Assertions.assertArrayEquals(a.rawFaces(), b.rawFaces(), what + ": faces");
        org.junit.jupiter.api.Assertions.assertArrayEquals(a.rawFaceNormals(), b.rawFaceNormals(), what + ": normals");
        org.junit.jupiter.api.Assertions.assertArrayEquals(a.rawFaceOffsets(), b.rawFaceOffsets(), what + ": offsets");
        org.junit.jupiter.api.Assertions.assertArrayEquals(a.rawEdges(), b.rawEdges(), what + ": edges");
        org.junit.jupiter.api.Assertions.assertArrayEquals(a.rawEdgeDirections(), b.rawEdgeDirections(), what + ": edge directions");
        assertEquals(a.massProperties(1).mass(), b.massProperties(1).mass(), 0, what + ": mass");
    }
}
