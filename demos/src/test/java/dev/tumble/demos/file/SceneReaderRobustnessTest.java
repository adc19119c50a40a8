package dev.tumble.demos.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tumble.core.body.RigidBody;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Hostile scene files: each must end in one {@link SceneFileException} naming the JSON path of
 * the offending value, never an exception from deeper code; legal but suspicious values give
 * warnings.
 */
class SceneReaderRobustnessTest {
    private static final String SPHERE = "{\"type\":\"sphere\",\"radius\":0.5}";
    private static final String BALL = "{\"id\":\"ball\",\"shapes\":[" + SPHERE + "],\"position\":[0,1,0]}";

    /** Reads {@code json}; it must fail at {@code path} with a message containing {@code message}. */
    private static void refused(String json, String path, String message) {
        FileScene accepted;
        try {
            accepted = SceneReader.read("bad.json", json.replace("BALL", BALL));
        } catch (SceneFileException e) {
            assertEquals(path, e.path(), e.getMessage());
            assertTrue(e.problem().contains(message), e.getMessage());
            assertEquals(1, e.getMessage().lines().count(), "one line: " + e.getMessage());
            return;
        } catch (RuntimeException | Error e) {
            throw new AssertionError("not a SceneFileException: " + json, e);
        }
        fail("accepted (" + accepted.world().bodies().size() + " bodies): " + json);
    }

    // 1. Null and wrong-typed fields.
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            null shape type      | {"bodies":[{"id":"b","shapes":[{"type":null,"radius":1}]}]} | $.bodies[0].shapes[0].type | expected a string, found null
            null radius          | {"bodies":[{"id":"b","shapes":[{"type":"sphere","radius":null}]}]} | $.bodies[0].shapes[0].radius | expected a number, found null
            null mass            | {"bodies":[{"id":"b","mass":null,"shapes":[{"type":"sphere","radius":1}]}]} | $.bodies[0].mass | expected a number, found null
            null settings        | {"settings":null,"bodies":[BALL]} | $.settings | expected an object, found null
            null position        | {"bodies":[{"id":"b","position":null,"shapes":[{"type":"sphere","radius":1}]}]} | $.bodies[0].position | expected an array, found null
            null joint body      | {"bodies":[BALL],"joints":[{"type":"ball","body0":"ball","body1":null,"anchor":[0,2,0]}]} | $.joints[0].body1 | expected a string, found null
            number for shape     | {"bodies":[{"id":"b","shapes":[5]}]} | $.bodies[0].shapes[0] | expected an object, found the number 5
            number for settings  | {"settings":7,"bodies":[BALL]} | $.settings | expected an object, found the number 7
            string for radius    | {"bodies":[{"id":"b","shapes":[{"type":"sphere","radius":"big"}]}]} | $.bodies[0].shapes[0].radius | expected a number, found a string "big"
            number for body type | {"bodies":[{"id":"b","type":3,"shapes":[]}]} | $.bodies[0].type | expected a string, found the number 3
            """)
    void nullOrWrongTypedFieldIsRefusedNamingPathAndValue(String what, String json, String path, String message) {
        refused(json, path, message);
    }

    // 2. Unbounded shapes on dynamic bodies.
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            half-space, density from shapes | {"bodies":[{"id":"b","shapes":[{"type":"halfspace","normal":[0,1,0],"offset":0}]}]}
            plane with a mass               | {"bodies":[{"id":"b","mass":1,"shapes":[{"type":"plane","normal":[0,1,0],"offset":0}]}]}
            half-space beside a sphere      | {"bodies":[{"id":"b","shapes":[{"type":"sphere","radius":1},{"type":"halfspace","normal":[0,1,0],"offset":0}]}]}
            """)
    void dynamicBodyWithAnUnboundedShapeIsRefused(String what, String json) {
        String path = json.contains("sphere") ? "$.bodies[0].shapes[1].type" : "$.bodies[0].shapes[0].type";
        refused(json, path, "a dynamic body cannot have an unbounded shape");
    }

    // 3. Legal JSON numbers beyond the reader's limits, one per kind of numeric field.
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            position 1e308       | {"bodies":[{"id":"b","shapes":[{"type":"sphere","radius":1}],"position":[1e308,0,0]}]} | $.bodies[0].position[0]
            mass 1e-300          | {"bodies":[{"id":"b","mass":1e-300,"shapes":[{"type":"sphere","radius":1}]}]} | $.bodies[0].mass
            mass 1e300           | {"bodies":[{"id":"b","mass":1e300,"shapes":[{"type":"sphere","radius":1}]}]} | $.bodies[0].mass
            density 1e300        | {"bodies":[{"id":"b","density":1e300,"shapes":[{"type":"sphere","radius":1}]}]} | $.bodies[0].density
            inverseMass 1e300    | {"bodies":[{"id":"b","inverseMass":1e300,"shapes":[{"type":"sphere","radius":1}]}]} | $.bodies[0].inverseMass
            inverse inertia      | {"bodies":[{"id":"b","mass":1,"inverseInertia":[1e300,0,0,0,1,0,0,0,1],"shapes":[]}]} | $.bodies[0].inverseInertia[0]
            radius 1e300         | {"bodies":[{"id":"b","shapes":[{"type":"sphere","radius":1e300}]}]} | $.bodies[0].shapes[0].radius
            radius 1e-300        | {"bodies":[{"id":"b","shapes":[{"type":"sphere","radius":1e-300}]}]} | $.bodies[0].shapes[0].radius
            half-extent 1e-300   | {"bodies":[{"id":"b","shapes":[{"type":"box","halfExtents":[1,1e-300,1]}]}]} | $.bodies[0].shapes[0].halfExtents[1]
            hull point 1e308     | {"bodies":[{"id":"b","shapes":[{"type":"hull","points":[[0,0,0],[1,0,0],[0,1,0],[0,0,1e308]]}]}]} | $.bodies[0].shapes[0].points[3][2]
            shape offset 1e308   | {"bodies":[{"id":"b","shapes":[{"type":"sphere","radius":1,"position":[0,1e308,0]}]}]} | $.bodies[0].shapes[0].position[1]
            velocity 1e308       | {"bodies":[{"id":"b","shapes":[{"type":"sphere","radius":1}],"velocity":[0,0,1e308]}]} | $.bodies[0].velocity[2]
            angular velocity     | {"bodies":[{"id":"b","shapes":[{"type":"sphere","radius":1}],"angularVelocity":[1e308,0,0]}]} | $.bodies[0].angularVelocity[0]
            friction 1e308       | {"bodies":[{"id":"b","shapes":[{"type":"sphere","radius":1}],"friction":1e308}]} | $.bodies[0].friction
            gravity -1e300       | {"settings":{"gravity":[0,-1e300,0]},"bodies":[BALL]} | $.settings.gravity[1]
            dt 1e300             | {"settings":{"dt":1e300},"bodies":[BALL]} | $.settings.dt
            max speed 1e308      | {"settings":{"maxLinearSpeed":1e308},"bodies":[BALL]} | $.settings.maxLinearSpeed
            spring stiffness     | {"bodies":[BALL],"forces":[{"type":"anchoredSpring","body":"ball","point":[0,0,0],"anchor":[0,5,0],"k":1e308,"restLength":1}]} | $.forces[0].k
            joint anchor 1e308   | {"bodies":[BALL],"joints":[{"type":"ball","body0":"ball","anchor":[1e308,0,0]}]} | $.joints[0].anchor[0]
            rod length 1e308     | {"bodies":[BALL,{"id":"c","mass":1,"shapes":[]}],"joints":[{"type":"rod","body0":"ball","anchor0":[0,1,0],"body1":"c","anchor1":[0,0,0],"length":1e308}]} | $.joints[0].length
            force gravity        | {"bodies":[BALL],"forces":[{"type":"gravity","bodies":["ball"],"g":[0,-1e300,0]}]} | $.forces[0].g[1]
            explosion force      | {"bodies":[BALL],"forces":[{"type":"explosion","bodies":["ball"],"detonation":[0,0,0],"implosion":{"minRadius":1,"maxRadius":2,"duration":1,"force":1e308}}]} | $.forces[0].implosion.force
            aero tensor          | {"bodies":[BALL],"forces":[{"type":"aero","body":"ball","tensor":[1e308,0,0,0,0,0,0,0,0],"point":[0,0,0]}]} | $.forces[0].tensor[0]
            buoyancy volume      | {"bodies":[BALL],"forces":[{"type":"buoyancy","body":"ball","centre":[0,0,0],"maxDepth":1,"volume":1e308,"waterHeight":0}]} | $.forces[0].volume
            """)
    void extremeValueIsRefusedNamingTheField(String what, String json, String path) {
        refused(json, path, "must be");
    }

    /**
     * The limits themselves are safe: a file at each of them simulates without an exception. (An
     * explicit spring still diverges when k·dt²/m is large, e.g. 1e12 N/m on 1e-6 kg, whatever
     * the limits, so the stiff spring here pulls the heavy body.)
     */
    @Test
    void valuesAtTheLimitsSimulate() throws Exception {
        String json = """
                {"settings":{"gravity":[0,-1e4,0],"maxLinearSpeed":1e5,"maxAngularSpeed":1e5},
                 "bodies":[
                  {"id":"g","type":"static","shapes":[{"type":"halfspace","normal":[0,1,0],"offset":-1e6}]},
                  {"id":"heavy","mass":1e9,"shapes":[{"type":"sphere","radius":1e-3}],"position":[1e6,1e6,-1e6],"velocity":[1e5,-1e5,1e5]},
                  {"id":"light","mass":1e-6,"shapes":[{"type":"box","halfExtents":[1e3,1e3,1e3]}],"position":[-1e6,0,0],"angularVelocity":[1e5,0,0]},
                  {"id":"p","mass":1e-6,"shapes":[],"position":[0,1e6,0]}],
                 "forces":[{"type":"anchoredSpring","body":"heavy","point":[0,0,0],"anchor":[0,-1e6,0],"k":1e12,"restLength":0},
                           {"type":"spring","bodyA":"p","pointA":[0,0,0],"bodyB":"light","pointB":[0,0,0],"k":1e-3,"restLength":0}]}
                """;
        FileScene s = SceneReader.read("limits.json", json);
        for (int i = 0; i < 120; i++) {
            s.world().step(s.dt());
        }
        for (RigidBody b : s.world().bodies()) {
            assertTrue(Double.isFinite(b.position().x() + b.position().y() + b.position().z()), s.id(b) + " " + b.position());
        }
    }

    // 4. Size limits.
    @Test
    void millionBodiesFailFastBeforeTheWorldIsBuilt() {
        StringBuilder b = new StringBuilder("{\"bodies\":[");
        for (int i = 0; i < 1_000_000; i++) {
            b.append(i == 0 ? "" : ",").append("{\"id\":\"b").append(i).append("\",\"mass\":1}");
        }
        String json = b.append("]}").toString();
        SceneFileException e = assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> assertThrows(SceneFileException.class, () -> SceneReader.read("huge.json", json)));
        assertEquals("$.bodies", e.path());
        assertTrue(e.problem().contains("more than 100000 bodies"), e.getMessage());
    }

    @Test
    void sizeLimitsAreSettable() throws Exception {
        SceneLimits small = new SceneLimits(2, 1, 1, 4);
        String two = "{\"bodies\":[" + BALL + "," + BALL.replace("ball", "ball2") + "]}";
        assertEquals(2, SceneReader.read("ok.json", two, small).world().bodies().size());
        String three = "{\"bodies\":[BALL,BALL,BALL]}".replace("BALL", BALL);
        SceneFileException e = assertThrows(SceneFileException.class, () -> SceneReader.read("three.json", three, small));
        assertEquals("$.bodies", e.path());
        assertTrue(e.problem().startsWith("more than 2 bodies"), e.getMessage());
        String joints = "{\"bodies\":[" + BALL + "],\"joints\":[J,J]}".replace("J",
                "{\"type\":\"ball\",\"body0\":\"ball\",\"anchor\":[0,2,0]}");
        assertEquals("$.joints", assertThrows(SceneFileException.class, () -> SceneReader.read("j.json", joints, small)).path());
        String hull = "{\"bodies\":[{\"id\":\"h\",\"shapes\":[{\"type\":\"hull\",\"points\":"
                + "[[0,0,0],[1,0,0],[0,1,0],[0,0,1],[1,1,1]]}]}]}";
        e = assertThrows(SceneFileException.class, () -> SceneReader.read("h.json", hull, small));
        assertEquals("$.bodies[0].shapes[0].points", e.path(), e.getMessage());
        assertTrue(e.problem().contains("more than 4 hull points"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SceneLimits(0, 1, 1, 1));
    }

    // 5. Strictness: byte-order mark, trailing data, duplicate keys.
    @Test
    void byteOrderMarkIsAccepted(@TempDir Path dir) throws Exception {
        byte[] body = ("{\"bodies\":[" + BALL + "]}").getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[body.length + 3];
        bytes[0] = (byte) 0xEF;
        bytes[1] = (byte) 0xBB;
        bytes[2] = (byte) 0xBF;
        System.arraycopy(body, 0, bytes, 3, body.length);
        Path file = dir.resolve("bom.json");
        Files.write(file, bytes);
        assertEquals(1, SceneReader.read(file).world().bodies().size());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a second object | {"bodies":[BALL]} {"bodies":[]}
            garbage         | {"bodies":[BALL]} xyz
            a stray bracket | {"bodies":[BALL]}]
            """)
    void trailingDataIsRefused(String what, String json) {
        refused(json, "$", "data after the end of the top-level JSON value");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            body mass twice  | {"bodies":[{"id":"b","mass":1,"mass":2,"shapes":[]}]} | $.bodies[0].mass | duplicate key 'mass'
            top-level twice  | {"bodies":[BALL],"bodies":[]} | $.bodies | duplicate key 'bodies'
            in a shape       | {"bodies":[{"id":"b","shapes":[{"type":"sphere","radius":1,"radius":2}]}]} | $.bodies[0].shapes[0].radius | duplicate key 'radius'
            """)
    void duplicateKeyIsRefusedNamingKeyAndPath(String what, String json, String path, String message) {
        refused(json, path, message);
    }

    // 6. Warnings.
    @Test
    void suspiciousValuesGiveWarnings() throws Exception {
        String json = """
                {"settings":{"dt":0.2},
                 "bodies":[{"id":"b","shapes":[{"type":"sphere","radius":1}],"friction":3,"orientation":[2,0,0,0]}]}
                """;
        FileScene s = SceneReader.read("odd.json", json);
        assertEquals(3, s.warnings().size(), s.warnings().toString());
        assertTrue(s.warnings().get(0).startsWith("$.settings.dt: "), s.warnings().toString());
        assertTrue(s.warnings().get(1).startsWith("$.bodies[0].orientation: "), s.warnings().toString());
        assertTrue(s.warnings().get(2).startsWith("$.bodies[0].friction: "), s.warnings().toString());
        assertEquals(1.0, s.body("b").orientation().w(), 0.0, "normalised");
        assertEquals(0.2, s.dt());
        assertEquals(0, SceneReader.read(Path.of("scenes/hello.json")).warnings().size());
    }
}
