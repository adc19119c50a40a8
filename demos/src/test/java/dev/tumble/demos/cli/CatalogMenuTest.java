package dev.tumble.demos.cli;

import dev.tumble.core.world.WorldSettings;
import dev.tumble.demos.file.FileScene;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneCatalog;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.render.app.SceneMenu;
import dev.tumble.render.app.Simulation;
import dev.tumble.render.app.ViewerSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** The demo app's scene browser: every scene, grouped; scene files; the panel's settings applied. */
class CatalogMenuTest {
    private static final Path SCENES = Path.of("scenes");

    @Test
    void everyCatalogSceneIsListedOnceUnderItsGroupInGroupOrder() {
        List<SceneMenu.Item> items = new CatalogMenu(SceneOptions.DEFAULTS, List.of(), List.of()).items();
        assertEquals(SceneCatalog.entries().size(), items.size());
        List<String> groups = new ArrayList<>();
        for (SceneMenu.Item it : items) {
            if (groups.isEmpty() || !groups.get(groups.size() - 1).equals(it.group())) {
                assertFalse(groups.contains(it.group()), "group " + it.group() + " is listed in one run");
                groups.add(it.group());
            }
            assertEquals(SceneCatalog.get(it.name()).group().title(), it.group());
        }
        assertEquals(List.of("Millington's demos", "Stacking", "Joints", "Level geometry", "Game-play"), groups);
        SceneMenu.Item ballistic = items.stream().filter(i -> i.name().equals("ballistic")).findFirst().orElseThrow();
        assertTrue(ballistic.keys().contains("Space: fire"), ballistic.keys().toString());
    }

    @Test
    void theSettingsPanelsChoicesReachTheWorld() {
        CatalogMenu menu = new CatalogMenu(SceneOptions.DEFAULTS, List.of(), List.of());
        SceneMenu.Item tower = menu.items().stream().filter(i -> i.name().equals("tower")).findFirst().orElseThrow();
        ViewerSettings v = new ViewerSettings().solver(WorldSettings.Solver.SEQUENTIAL_IMPULSE).iterations(2).gravityFactor(0).sleep(false);
        Simulation s = menu.build(tower, v::adjust);
        WorldSettings w = s.world().settings();
        assertEquals(WorldSettings.Solver.SEQUENTIAL_IMPULSE, w.solver());
        assertEquals(WorldSettings.Solver.SEQUENTIAL_IMPULSE, ((Scene) s).options().solver(), "the scene is built for the chosen solver");
        assertEquals(2, w.sequentialImpulse().substeps());
        assertEquals(0, w.gravityY(), 1e-12);
        assertFalse(w.sleepEnabled());
        // Every scene builds with the panel's choices (scenes that choose their own settings included).
        for (SceneMenu.Item it : menu.items()) {
            assertEquals(0, menu.build(it, v::adjust).world().settings().gravityY(), 1e-12, it.name());
        }
    }

    @Test
    void sceneFilesAreListedAfterTheBuiltInScenesAndReadWithTheSettings() {
        CatalogMenu menu = new CatalogMenu(SceneOptions.DEFAULTS, List.of(SCENES.resolve("hello.json")), List.of(SCENES,
                Path.of("no-such-dir")));
        List<SceneMenu.Item> files = menu.items().stream().filter(i -> i.group().equals("Scene files")).toList();
        assertEquals(List.of("hello.json", "bridge.json", "cradle.json", "ragdoll.json", "ramp.json"),
                files.stream().map(SceneMenu.Item::name).toList(), "the named file first, then the directory's, once each");
        Simulation s = menu.build(files.get(0), new ViewerSettings().gravityFactor(2)::adjust);
        assertInstanceOf(FileScene.class, s);
        assertEquals(2 * WorldSettings.DEFAULT_GRAVITY_Y, s.world().settings().gravityY(), 1e-12);
    }
}
