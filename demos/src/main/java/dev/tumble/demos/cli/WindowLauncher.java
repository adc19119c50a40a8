package dev.tumble.demos.cli;

import dev.tumble.demos.scene.Scene;
import dev.tumble.render.app.SimulationWindow;
import java.util.function.Supplier;

/** Opens a scene in the viewer window ({@link SimulationWindow}) until it is closed. */
final class WindowLauncher {

    private WindowLauncher() {
    }

    /** Runs the window; {@code factory} makes a fresh scene on reset (R). */
    static void run(String title, Supplier<? extends Scene> factory, int width, int height, double dt) {
        new SimulationWindow(title, factory).size(width, height).dt(dt).run();
    }
}
