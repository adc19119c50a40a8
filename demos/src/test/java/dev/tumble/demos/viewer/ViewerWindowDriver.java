package dev.tumble.demos.viewer;

import dev.tumble.demos.cli.CatalogMenu;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.render.app.SimulationWindow;
import dev.tumble.render.gl.GlfwWindowContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import javax.imageio.ImageIO;

import static org.lwjgl.glfw.GLFW.*;

/**
 * Drives the demo viewer in a real GLFW window, run by {@link ViewerWindowTest} in a JVM of its
 * own whose {@code DISPLAY} is an Xvfb server: opens dominoes, clicks "pyramid" in the scene
 * browser, then clicks the "bounding boxes" layer, then gravity twice (to none), writing a frame after each step and what the
 * viewer reported into {@code OUT_DIR}.
 */
public final class ViewerWindowDriver {
    static final int W = 1280;
    static final int H = 720;
    private static final double FRAME = 1 / 60.0;

    private ViewerWindowDriver() {
    }

    /** @param args the output directory */
    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        Properties report = new Properties();
        GlfwWindowContext window = new GlfwWindowContext(W, H, "Tumble viewer test", true, false);
        report.setProperty("context", window.describe());
        report.setProperty("framebuffer", window.framebufferWidth() + "x" + window.framebufferHeight());
        SimulationWindow viewer = new SimulationWindow("Tumble", new CatalogMenu(SceneOptions.DEFAULTS, List.of(), List.of()),
                "dominoes");
        try {
            viewer.runFrames(window, 20, FRAME);
            report.setProperty("first", viewer.currentScene().name());
            save(viewer, out.resolve("1-dominoes.png"));

            click(viewer, window, "scene:pyramid");
            viewer.runFrames(20, FRAME);
            report.setProperty("second", viewer.currentScene().name());
            report.setProperty("bodies", Integer.toString(viewer.simulation().world().bodies().size()));
            viewer.onKey(GLFW_KEY_P, GLFW_PRESS, 0); // pause: the next two frames differ by the layer only
            viewer.onKey(GLFW_KEY_P, GLFW_RELEASE, 0);
            viewer.runFrames(2, FRAME);
            save(viewer, out.resolve("2-pyramid.png"));

            click(viewer, window, "layer:AABBS");
            viewer.runFrames(2, FRAME);
            report.setProperty("aabbs", Boolean.toString(viewer.settings().isOn(dev.tumble.render.app.ViewLayer.AABBS)));
            save(viewer, out.resolve("3-pyramid-boxes.png"));

            // A world setting: gravity steps 1x -> 2x -> 0x, each click restarting the scene.
            Object before = viewer.simulation();
            click(viewer, window, "gravity");
            viewer.runFrames(1, FRAME);
            click(viewer, window, "gravity");
            viewer.runFrames(1, FRAME);
            report.setProperty("restarted", Boolean.toString(viewer.simulation() != before));
            report.setProperty("gravityY", Double.toString(viewer.simulation().world().settings().gravityY()));
        } finally {
            viewer.close();
        }
        try (var w = Files.newBufferedWriter(out.resolve("report.properties"))) {
            report.store(w, "viewer window driver");
        }
    }

    /** A left click in the middle of a panel widget, through the viewer's GLFW callbacks. */
    private static void click(SimulationWindow viewer, GlfwWindowContext window, String widget) {
        float[] r = viewer.widgetBounds(widget);
        if (r == null) {
            throw new IllegalStateException("no widget " + widget + " was drawn");
        }
        // Widget bounds are framebuffer pixels; the cursor callback speaks window coordinates.
        int[] ww = new int[1];
        int[] wh = new int[1];
        glfwGetWindowSize(window.handle(), ww, wh);
        double sx = (double) ww[0] / window.framebufferWidth();
        double sy = (double) wh[0] / window.framebufferHeight();
        viewer.onCursor((r[0] + r[2] / 2) * sx, (r[1] + r[3] / 2) * sy);
        viewer.onMouseButton(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS, 0);
        viewer.onMouseButton(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE, 0);
    }

    private static void save(SimulationWindow viewer, Path file) throws IOException {
        ImageIO.write(viewer.renderer().readPixels(null), "png", file.toFile());
    }
}
