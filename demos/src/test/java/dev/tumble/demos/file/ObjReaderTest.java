package dev.tumble.demos.file;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tumble.core.collision.shape.TriangleMesh;
import java.nio.file.Files;
import java.nio.file.Path;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** OBJ geometry: vertices, faces with 1-based, negative and slashed indices, polygons fanned. */
class ObjReaderTest {
    private static final String QUAD_AND_TRIANGLE = """
            # a unit quad facing up and a triangle using negative indices
            o floor
            v 0 0 0
            v 0 0 1
            v 1 0 1
            v 1 0 0   # trailing comment
            vt 0 0
            vn 0 1 0
            usemtl stone
            f 1/1/1 2/1/1 3//1 4
            v 2 0 0
            v 2 1 0
            f -3 -2 -1
            """;

    @Test
    void facesAreFannedAndIndicesResolved(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("level.obj");
        Files.writeString(file, QUAD_AND_TRIANGLE);
        TriangleMesh mesh = ObjReader.read(file);
        assertEquals(6, mesh.vertexCount());
        assertArrayEquals(new int[] {0, 1, 2, 0, 2, 3, 3, 4, 5}, mesh.triangleIndices());
        assertEquals(new Vector3d(2, 1, 0), mesh.vertex(5, new Vector3d()));
        Vector3d n = new Vector3d();
        assertEquals(1, mesh.castRayLocal(0.5, 1, 0.5, 0, -1, 0, 5, n));
        assertEquals(new Vector3d(0, 1, 0), n, "the quad's front faces up, as the file winds it");
        double[] tri = new double[9];
        assertEquals(0b011, mesh.triangle(0, tri, 0), "the fan's diagonal (c→a) is a flat inner edge");
    }

    @Test
    void badLinesAreNamedByLine() {
        assertMessage("x.obj:4: vertex index 4 out of range: 3 vertices so far", "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 4\nv 1 1 1");
        assertMessage("x.obj:4: vertex index 0 out of range", "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 0 1 2");
        assertMessage("x.obj:4: vertex index -4 out of range", "v 0 0 0\nv 1 0 0\nv 0 0 1\nf -1 -2 -4");
        assertMessage("x.obj:1: expected a finite number, found 'abc'", "v 0 abc 0");
        assertMessage("x.obj:2: a face needs at least 3 corners, found 2", "v 0 0 0\nf 1 1");
        assertMessage("x.obj:4: TriangleMesh.triangles[0] repeats a vertex", "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 2");
        assertMessage("x.obj: no faces", "v 0 0 0");
    }

    private static void assertMessage(String start, String obj) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ObjReader.parse("x.obj", obj));
        if (!e.getMessage().startsWith(start)) {
            throw new AssertionError("message: " + e.getMessage());
        }
    }
}
