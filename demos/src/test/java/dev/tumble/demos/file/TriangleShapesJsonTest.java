package dev.tumble.demos.file;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.collision.shape.HeightField;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.TriangleMesh;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Meshes and heightfields in scene files: read, written and read again to the bit; bad values named by path. */
class TriangleShapesJsonTest {
    private static final String MESH = "{\"type\":\"mesh\",\"vertices\":[[0,0,0],[1,0,0],[0,0,1],[1,0.25,1]],"
            + "\"triangles\":[[0,2,1],[1,2,3]],\"position\":[0,-1,0]}";
    private static final String FIELD = "{\"type\":\"heightfield\",\"heights\":[[0,0.5,1],[0.1,null,0.3],[0,0,0.125]],"
            + "\"spacing\":[0.5,2]}";
    private static final String SCENE = "{\"bodies\":[{\"id\":\"level\",\"type\":\"static\",\"shapes\":[" + MESH + "]},"
            + "{\"id\":\"terrain\",\"type\":\"kinematic\",\"position\":[5,0,0],\"shapes\":[" + FIELD + "]}]}";

    @Test
    void aMeshAndAHeightfieldRoundTripToTheBit() throws Exception {
        FileScene first = SceneReader.read("level.json", SCENE);
        TriangleMesh mesh = (TriangleMesh) first.bodies().get("level").shapes().get(0);
        assertEquals(2, mesh.triangleCount());
        assertEquals(0.25, mesh.vertex(3, new org.joml.Vector3d()).y);
        assertEquals(-1, mesh.offsetPosition().y());
        HeightField field = (HeightField) first.bodies().get("terrain").shapes().get(0);
        assertEquals(3, field.rows());
        assertEquals(3, field.columns());
        assertTrue(field.isHole(1, 1));
        assertEquals(0.3, field.height(1, 2));
        assertEquals(2, field.spacingZ());

        String json = SceneWriter.toJson(first, "level");
        FileScene second = SceneReader.read("level2.json", json);
        assertEquals(json, SceneWriter.toJson(second, "level"));
        assertArrayEquals(first.world().snapshot(), second.world().snapshot(), "same shapes and bodies, bit for bit");
        Shape m2 = second.bodies().get("level").shapes().get(0);
        assertArrayEquals(mesh.vertices(), ((TriangleMesh) m2).vertices());
        assertArrayEquals(mesh.triangleIndices(), ((TriangleMesh) m2).triangleIndices());
        assertTrue(json.contains("null"), "the hole is written as null: " + json);
    }

    @Test
    void aMeshWithANonDefaultActiveEdgeAngleIsNotWrittenWithoutIt() {
        TriangleMesh m = new TriangleMesh(new double[] {0, 0, 0, 1, 0, 0, 0, 0, 1}, new int[] {0, 2, 1}, 0.5);
        com.fasterxml.jackson.databind.node.ObjectNode o = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        assertThrows(IllegalStateException.class, () -> TriangleShapesJson.write(m, o, com.fasterxml.jackson.databind.node.JsonNodeFactory.instance));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            index out of range  | {"type":"mesh","vertices":[[0,0,0],[1,0,0],[0,0,1]],"triangles":[[0,2,3]]} | $.bodies[0].shapes[0].triangles[0][2] | vertex index 3 out of range [0, 3)
            repeated index      | {"type":"mesh","vertices":[[0,0,0],[1,0,0],[0,0,1]],"triangles":[[0,2,2]]} | $.bodies[0].shapes[0].triangles[0] | three different vertices, was [0, 2, 2]
            fractional index    | {"type":"mesh","vertices":[[0,0,0],[1,0,0],[0,0,1]],"triangles":[[0,1.5,2]]} | $.bodies[0].shapes[0].triangles[0][1] | expected an integer, found the number 1.5
            degenerate triangle | {"type":"mesh","vertices":[[0,0,0],[1,0,0],[2,0,0]],"triangles":[[0,1,2]]} | $.bodies[0].shapes[0].triangles | TriangleMesh.triangles[0] (0, 1, 2) is degenerate
            short vertex        | {"type":"mesh","vertices":[[0,0,0],[1,0],[0,0,1]],"triangles":[[0,1,2]]} | $.bodies[0].shapes[0].vertices[1] | expected 3 numbers, found 2
            no triangles        | {"type":"mesh","vertices":[[0,0,0]],"triangles":[]} | $.bodies[0].shapes[0].triangles | at least one triangle
            ragged heights      | {"type":"heightfield","heights":[[0,0],[0,0,0]],"spacing":[1,1]} | $.bodies[0].shapes[0].heights[1] | expected 2 heights like row 0, found 3
            string height       | {"type":"heightfield","heights":[[0,0],[0,"x"]],"spacing":[1,1]} | $.bodies[0].shapes[0].heights[1][1] | expected a number, found a string "x"
            one row             | {"type":"heightfield","heights":[[0,0]],"spacing":[1,1]} | $.bodies[0].shapes[0].heights | at least 2 rows, found 1
            zero spacing        | {"type":"heightfield","heights":[[0,0],[0,0]],"spacing":[1,0]} | $.bodies[0].shapes[0].spacing[1] | spacing must be > 0 m, was 0.0
            misspelt field      | {"type":"heightfield","height":[[0,0],[0,0]],"spacing":[1,1]} | $.bodies[0].shapes[0].height | unknown field 'height'
            """)
    void badValuesAreNamedByPath(String what, String shape, String path, String message) {
        String json = "{\"bodies\":[{\"id\":\"g\",\"type\":\"static\",\"shapes\":[" + shape + "]}]}";
        SceneFileException e = assertThrows(SceneFileException.class, () -> SceneReader.read("bad.json", json), what);
        assertTrue(e.getMessage().startsWith("bad.json: " + path + ": "), what + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(message), what + ": " + e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
    }

    @Test
    void aDynamicBodyCannotCarryAMesh() {
        String json = "{\"bodies\":[{\"id\":\"g\",\"mass\":1,\"shapes\":[" + MESH + "]}]}";
        SceneFileException e = assertThrows(SceneFileException.class, () -> SceneReader.read("bad.json", json));
        assertEquals("bad.json: $.bodies[0].shapes[0].type: a dynamic body cannot have a 'mesh' shape (a surface has no"
                + " mass or inertia): make the body static or kinematic", e.getMessage());
    }
}
