package dev.tumble.demos.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneCatalog;
import dev.tumble.demos.scene.SceneOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The example scene files in {@code demos/scenes/} load and simulate; exported ones match their scene. */
class ExampleScenesTest {
    static Stream<Path> files() throws IOException {
        return Files.list(Path.of("scenes")).filter(p -> p.toString().endsWith(".json")).sorted();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void loadsAndSimulates(Path file) throws Exception {
        FileScene s = SceneReader.read(file);
        for (int i = 0; i < 120; i++) {
            s.world().step(s.dt());
        }
        for (RigidBody b : s.world().bodies()) {
            assertTrue(Double.isFinite(b.position().y()) && b.position().y() > -0.01, s.id(b) + " at " + b.position());
        }
        String name = file.getFileName().toString().replace(".json", "");
        if (SceneCatalog.entries().stream().anyMatch(e -> e.name().equals(name))) {
            // An exported scene file is still what its scene builds (re-export when a scene changes).
            Scene builtIn = SceneCatalog.build(name, SceneOptions.DEFAULTS);
            for (int i = 0; i < 120; i++) {
                builtIn.world().step(builtIn.dt());
            }
            assertEquals(builtIn.world().stateHash(), s.world().stateHash(), name + " differs from its built-in scene");
        }
    }
}
