package dev.tumble.demos.cli;

import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.render.app.SimulationWindow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Opens the viewer window ({@link SimulationWindow}) with the scene browser ({@link CatalogMenu})
 * on one scene, until it is closed.
 */
final class WindowLauncher {
    /** Directories, relative to the working directory, whose scene files the browser lists. */
    static final List<Path> SCENE_DIRS = List.of(Path.of("scenes"), Path.of("demos", "scenes"));

    private WindowLauncher() {
    }

    /**
     * Runs the window.
     *
     * @param target a built-in scene's name or a scene file's path
     * @param options the solver and seed scenes start with
     */
    static void run(String target, SceneOptions options, int width, int height) {
        List<Path> files = new ArrayList<>();
        String first = target;
        if (target.endsWith(".json")) {
            files.add(Path.of(target));
            first = CatalogMenu.fileName(Path.of(target));
        }
        CatalogMenu menu = new CatalogMenu(options, files, SCENE_DIRS);
        new SimulationWindow("Tumble — " + first, menu, first).size(width, height).dt(Scene.DT).run();
    }
}
