package dev.tumble.demos.cli;

import dev.tumble.demos.scene.Scene;
import java.lang.reflect.Method;
import java.util.function.Supplier;

/**
 * Opens a scene in the viewer window, {@code dev.tumble.render.app.SimulationWindow}. Called by
 * reflection so the demos build before the window app is merged; it will become a direct call.
 */
final class WindowLauncher {
    static final String WINDOW_CLASS = "dev.tumble.render.app.SimulationWindow";

    private WindowLauncher() {
    }

    /** Whether the window app is on the class path. */
    static boolean available() {
        try {
            Class.forName(WINDOW_CLASS, false, WindowLauncher.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** Runs the window until it is closed; {@code factory} makes a fresh scene on reset. */
    static void run(String title, Supplier<? extends Scene> factory, int width, int height, double dt) throws Exception {
        Class<?> c = Class.forName(WINDOW_CLASS);
        Object window = c.getConstructor(String.class, Supplier.class).newInstance(title, factory);
        Method size = c.getMethod("size", int.class, int.class);
        window = orSelf(size.invoke(window, width, height), window);
        Method step = c.getMethod("dt", double.class);
        window = orSelf(step.invoke(window, dt), window);
        c.getMethod("run").invoke(window);
    }

    private static Object orSelf(Object returned, Object self) {
        return returned == null ? self : returned;
    }
}
