package dev.tumble.demos.file;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.demos.Main;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneCatalog;
import dev.tumble.demos.scene.SceneOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A scene written from a built-in scene and read back simulates to the same bits: the state
 * hash and the snapshot bytes agree before the first step and after 120 steps.
 */
class RoundTripTest {
    private static final int STEPS = 120;

    /** Scenes whose file is the whole scene (the sailboat turns its sail at run time). */
    static Stream<String> complete() {
        return SceneCatalog.entries().stream().map(SceneCatalog.Entry::name)
                .filter(n -> SceneWriter.incomplete(SceneCatalog.build(n, SceneOptions.DEFAULTS)).isEmpty());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("complete")
    void writtenSceneSimulatesToTheSameBits(String name) throws Exception {
        Scene original = SceneCatalog.build(name, SceneOptions.DEFAULTS);
        FileScene copy = SceneReader.read(name + ".json", SceneWriter.toJson(original, name));
        assertEquals(original.bodies().keySet().stream().toList(), copy.bodies().keySet().stream().toList());
        assertEquals(original.world().joints().size(), copy.world().joints().size());
        assertEquals(original.world().forces().size(), copy.world().forces().size());
        assertArrayEquals(original.world().snapshot(), copy.world().snapshot(), "state before the first step");
        for (int i = 0; i < STEPS; i++) {
            original.world().step(original.dt());
            copy.world().step(copy.dt());
        }
        assertEquals(original.world().stateHash(), copy.world().stateHash(), "state hash after " + STEPS + " steps");
        assertArrayEquals(original.world().snapshot(), copy.world().snapshot());
    }

    /** Every world setting a file can hold, each away from its default, is read back as written. */
    @Test
    void everyWorldSettingRoundTrips() throws Exception {
        WorldSettings s = WorldSettings.builder().solver(WorldSettings.Solver.MILLINGTON).gravity(0.5, -3, 0)
                .sleepEnabled(false).sleepEpsilon(0.2).frictionMix(WorldSettings.FrictionMix.MIN).iterationsPerContact(5)
                .aabbMargin(0.05).maxLinearSpeed(120).maxAngularSpeed(40).maxRotationPerStep(0.5)
                .continuousCollision(false).threads(3).manifoldReuseDistance(0.002).build();
        String json = "{\"settings\":" + SceneWriter.settings(s, 0.01) + ",\"bodies\":[" + BALL + "]}";
        FileScene read = SceneReader.read("settings.json", json);
        assertEquals(s, read.world().settings());
        assertEquals(0.01, read.dt());
    }

    /**
     * A Millington scene that does not name manifold reuse gets that solver's default, off (the
     * reader once started from the SI defaults' builder, which holds their 1 mm as chosen).
     */
    @Test
    void aMillingtonFileGetsMillingtonsManifoldReuseDefault() throws Exception {
        FileScene read = SceneReader.read("m.json", "{\"settings\":{\"solver\":\"millington\"},\"bodies\":[" + BALL + "]}");
        assertEquals(WorldSettings.builder().solver(WorldSettings.Solver.MILLINGTON).build().manifoldReuseDistance(),
                read.world().settings().manifoldReuseDistance());
        assertEquals(0.0, read.world().settings().manifoldReuseDistance());
    }

    /** A body's continuous-collision flag is written when off and read back. */
    @Test
    void aBodysContinuousCollisionFlagRoundTrips() throws Exception {
        FileScene read = SceneReader.read("b.json", "{\"bodies\":[" + BALL.replace("}]", "}],\"continuousCollision\":false") + "]}");
        assertTrue(!read.bodies().get("ball").continuousCollision());
        FileScene again = SceneReader.read("b2.json", SceneWriter.toJson(read, "again"));
        assertTrue(!again.bodies().get("ball").continuousCollision());
    }

    private static final String BALL = "{\"id\":\"ball\",\"mass\":1,\"shapes\":[{\"type\":\"sphere\",\"radius\":0.5}]}";

    /** A cylinder is read with its radius and half-height along its local y, and written back as it was. */
    @Test
    void aCylinderReadsAndWritesBackAsTheSameCylinder() throws Exception {
        String json = "{\"bodies\":[{\"id\":\"log\",\"density\":600,\"position\":[1,2,3],\"orientation\":[0.8,0.6,0,0],"
                + "\"shapes\":[{\"type\":\"cylinder\",\"radius\":0.25,\"halfHeight\":1.1}]},"
                + "{\"id\":\"barrel\",\"mass\":40,\"position\":[-2,1,0],\"shapes\":["
                + "{\"type\":\"cylinder\",\"radius\":0.3,\"halfHeight\":0.45,\"position\":[0,0.1,0],\"orientation\":[0,0,0,1]},"
                + "{\"type\":\"box\",\"halfExtents\":[0.1,0.1,0.1],\"position\":[0,0.7,0]}]}]}";
        FileScene read = SceneReader.read("cylinders.json", json);
        Cylinder log = (Cylinder) read.bodies().get("log").shapes().get(0);
        assertEquals(0.25, log.radius());
        assertEquals(1.1, log.halfHeight());
        assertEquals(600 * Math.PI * 0.25 * 0.25 * 2.2, read.bodies().get("log").mass(), 1e-9, "mass from the density");
        Cylinder barrel = (Cylinder) read.bodies().get("barrel").shapes().get(0);
        assertEquals(0.3, barrel.radius());
        assertEquals(0.45, barrel.halfHeight());
        assertTrue(barrel.offsetOrientation().z() != 0, "the offset turned it");
        String written = SceneWriter.toJson(read, "cylinders");
        com.fasterxml.jackson.databind.JsonNode shape = new com.fasterxml.jackson.databind.ObjectMapper().readTree(written)
                .get("bodies").get(0).get("shapes").get(0);
        assertEquals("cylinder", shape.get("type").asText(), written);
        assertEquals(0.25, shape.get("radius").asDouble(), written);
        assertEquals(1.1, shape.get("halfHeight").asDouble(), written);
        FileScene again = SceneReader.read("again.json", written);
        assertArrayEquals(read.world().snapshot(), again.world().snapshot(), "the same bits read back");
        for (int i = 0; i < 30; i++) {
            read.world().step(read.dt());
            again.world().step(again.dt());
        }
        assertEquals(read.world().stateHash(), again.world().stateHash());
    }

    @Test
    void theSailboatSaysWhatItsFileLeavesOut() {
        Scene s = SceneCatalog.build("sailboat", SceneOptions.DEFAULTS);
        assertTrue(SceneWriter.incomplete(s).orElseThrow().contains("2 force registrations"));
    }

    @Test
    void exportThenSimulateMatchesTheBuiltInSceneUnderBothSolvers(@TempDir Path dir) throws Exception {
        for (WorldSettings.Solver solver : WorldSettings.Solver.values()) {
            String solverName = SceneOptions.solverName(solver);
            Path file = dir.resolve("bridge-" + solverName + ".json");
            assertEquals(0, Main.run(new String[] {"export", "bridge", file.toString(), "--solver", solverName},
                    new PrintStream(new ByteArrayOutputStream()), System.err));
            Path trace = dir.resolve("trace.json");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int code = Main.run(new String[] {"simulate", file.toString(), "--steps", "90", "--every", "30", "--out",
                    trace.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
            assertEquals(0, code);
            Scene builtIn = SceneCatalog.build("bridge", SceneOptions.DEFAULTS.withSolver(solver));
            for (int i = 0; i < 90; i++) {
                builtIn.world().step(builtIn.dt());
            }
            String summary = out.toString(StandardCharsets.UTF_8);
            assertTrue(summary.contains(String.format("state hash %016x", builtIn.world().stateHash())), summary);
            assertTrue(summary.contains(solverName + " solver"), summary);
            assertEquals(1, summary.lines().count(), "one-line summary");
            String json = Files.readString(trace);
            // Frames at steps 0, 30, 60, 90, each naming every body.
            assertEquals(4, json.split("\"step\":").length - 1);
            assertTrue(json.contains("\"plank0\":{\"p\":["));
            assertTrue(json.contains("\"q\":[") && json.contains("\"w\":[") && json.contains("\"awake\":"));
        }
    }
}
