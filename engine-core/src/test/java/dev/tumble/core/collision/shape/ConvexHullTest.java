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
}
