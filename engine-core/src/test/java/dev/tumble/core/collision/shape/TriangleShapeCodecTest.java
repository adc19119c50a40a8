package dev.tumble.core.collision.shape;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Meshes and heightfields read back from a snapshot with exactly the written bits, and collide the same. */
class TriangleShapeCodecTest {

    private static byte[] bytes(Shape s) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ShapeCodec.write(s, new DataOutputStream(out));
        return out.toByteArray();
    }

    private static Shape read(byte[] b) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(b));
        Shape s = ShapeCodec.read(in, "shape");
        assertEquals(0, in.available(), "the whole record is read");
        return s;
    }

    private static void sameTriangles(TriangleGeometry a, TriangleGeometry b) {
        assertEquals(a.triangleCount(), b.triangleCount());
        double[] ta = new double[9], tb = new double[9];
        for (int t = 0; t < a.triangleCount(); t++) {
            if (a instanceof HeightField f && !f.hasTriangle(t)) {
                continue;
            }
            assertEquals(a.triangle(t, ta, 0), b.triangle(t, tb, 0), "mask " + t);
            assertArrayEquals(ta, tb, "corners " + t);
        }
    }

    @Test
    void aMeshReadsBackWithTheSameBits() throws IOException {
        TriangleMesh mesh = TriangleMeshBvhTest.randomMesh(new Random(3), 200);
        mesh.offset(new Vector3d(1, 2, 3), new Quaterniond().rotateXYZ(0.1, 0.2, 0.3));
        byte[] written = bytes(mesh);
        TriangleMesh back = (TriangleMesh) read(written);
        assertArrayEquals(written, bytes(back));
        sameTriangles(mesh, back);
        TriangleMesh angled = new TriangleMesh(new double[] {0, 0, 0, 1, 0, 0, 0, 0, 1}, new int[] {0, 2, 1}, 0.3);
        assertEquals(0.3, ((TriangleMesh) read(bytes(angled))).activeEdgeAngle());
    }

    @Test
    void aHeightFieldWithHolesReadsBackWithTheSameBits() throws IOException {
        HeightFieldTest.Pair p = HeightFieldTest.randomPair(new Random(4), 11, 9, 0.1);
        byte[] written = bytes(p.field());
        HeightField back = (HeightField) read(written);
        assertArrayEquals(written, bytes(back));
        assertTrue(back.hasHoles());
        sameTriangles(p.field(), back);
        Vector3d n1 = new Vector3d(), n2 = new Vector3d();
        assertEquals(p.field().castRayLocal(3, 5, 3, 0.1, -1, 0.2, 20, n1), back.castRayLocal(3, 5, 3, 0.1, -1, 0.2, 20, n2));
        assertEquals(n1, n2);
        HeightField plain = new HeightField(new double[][] {{0, 1}, {2, 3}}, 0.5, 0.25);
        assertArrayEquals(bytes(plain), bytes(read(bytes(plain))));
    }

    @Test
    void corruptTriangleDataIsRefusedNamingTheValue() throws IOException {
        TriangleMesh mesh = new TriangleMesh(new double[] {0, 0, 0, 1, 0, 0, 0, 0, 1}, new int[] {0, 2, 1});
        byte[] b = bytes(mesh);
        // tag, 7 offset doubles, vertex count, 9 vertex doubles, triangle count, then the first index.
        int firstIndex = 1 + 7 * 8 + 4 + 9 * 8 + 4;
        b[firstIndex + 3] = 7;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> read(b));
        assertEquals("snapshot shape TriangleMesh.triangles[0] index 7 out of range [0, 3)", e.getMessage());
        byte[] c = bytes(mesh);
        c[1 + 7 * 8] = (byte) 0x80; // a negative vertex count
        assertTrue(assertThrows(IllegalArgumentException.class, () -> read(c)).getMessage().contains("mesh vertex count"));
    }
}
