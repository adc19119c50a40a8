package dev.tumble.render;

import dev.tumble.render.debug.DebugRenderer;
import dev.tumble.render.gl.GlContext;
import dev.tumble.render.gl.GlContexts;
import dev.tumble.render.gl.GlfwWindowContext;
import dev.tumble.render.scene.Camera;
import dev.tumble.render.scene.DrawList;
import org.lwjgl.glfw.GLFW;

/**
 * A minimal interactive viewer: a window (or, where there is none, a headless context, see
 * {@link GlContexts}) showing a {@link DrawList} refilled every frame. Orbit camera controls:
 * left drag rotates, right or middle drag pans, the wheel zooms. Escape closes.
 *
 * <pre>{@code
 * try (SceneWindow win = new SceneWindow(1280, 720, "Tumble")) {
 *     win.run((list, debug, dt) -> { world.step(dt); fill(list); });
 * }
 * }</pre>
 */
public final class SceneWindow implements AutoCloseable {
    /** Called once a frame to fill the draw list (already cleared) and debug batch. */
    @FunctionalInterface
    public interface FrameCallback {
        /**
         * @param list the draw list to fill
         * @param debug debug drawing for this frame
         * @param dtSeconds wall time since the previous frame, seconds
         */
        void frame(DrawList list, DebugRenderer debug, double dtSeconds);
    }

    private final GlContext context;
    private final SceneRenderer renderer;
    private final DebugRenderer debug = new DebugRenderer();
    private final DrawList list = new DrawList();
    private final Camera camera = new Camera().lookAt(8f, 6f, 12f, 0f, 1f, 0f);
    private double lastX;
    private double lastY;
    private int dragButton = -1;

    /**
     * @param width window width, pixels
     * @param height window height, pixels
     * @param title window title
     */
    public SceneWindow(int width, int height, String title) {
        context = GlContexts.create(width, height, title);
        renderer = new SceneRenderer(Math.max(1, context.framebufferWidth()), Math.max(1, context.framebufferHeight()));
        if (context instanceof GlfwWindowContext) {
            installControls(((GlfwWindowContext) context).handle());
        }
    }

    private void installControls(long window) {
        GLFW.glfwSetMouseButtonCallback(window, (w, button, action, mods) -> {
            if (action == GLFW.GLFW_PRESS) {
                dragButton = button;
                double[] x = new double[1];
                double[] y = new double[1];
                GLFW.glfwGetCursorPos(w, x, y);
                lastX = x[0];
                lastY = y[0];
            } else if (action == GLFW.GLFW_RELEASE && button == dragButton) {
                dragButton = -1;
            }
        });
        GLFW.glfwSetCursorPosCallback(window, (w, x, y) -> {
            double dx = x - lastX;
            double dy = y - lastY;
            lastX = x;
            lastY = y;
            if (dragButton == GLFW.GLFW_MOUSE_BUTTON_LEFT) {
                camera.rotate((float) (-dx * 0.005), (float) (dy * 0.005));
            } else if (dragButton == GLFW.GLFW_MOUSE_BUTTON_RIGHT || dragButton == GLFW.GLFW_MOUSE_BUTTON_MIDDLE) {
                float k = camera.distance() * 0.0015f;
                camera.pan((float) (-dx * k), (float) (dy * k));
            }
        });
        GLFW.glfwSetScrollCallback(window, (w, sx, sy) -> camera.zoom((float) Math.pow(0.9, sy)));
        GLFW.glfwSetKeyCallback(window, (w, key, sc, action, mods) -> {
            if (key == GLFW.GLFW_KEY_ESCAPE && action == GLFW.GLFW_PRESS) {
                GLFW.glfwSetWindowShouldClose(w, true);
            }
        });
    }

    /** @return the camera (set its target and orbit before {@link #run}) */
    public Camera camera() {
        return camera;
    }

    /** @return the renderer (light, clear colour, shadows) */
    public SceneRenderer renderer() {
        return renderer;
    }

    /**
     * Runs frames until the window is closed (headless: for {@code headlessFrames} frames).
     *
     * @param callback fills each frame
     */
    public void run(FrameCallback callback) {
        long last = System.nanoTime();
        int headlessFrames = 0;
        while (!context.shouldClose() && (!context.isHeadless() || headlessFrames++ < 1)) {
            context.pollEvents();
            long now = System.nanoTime();
            double dt = (now - last) / 1e9;
            last = now;
            int w = context.framebufferWidth();
            int h = context.framebufferHeight();
            if (w <= 0 || h <= 0) {
                continue; // minimised
            }
            renderer.resize(w, h);
            list.clear();
            callback.frame(list, debug, dt);
            renderer.render(list, camera, debug);
            if (!context.isHeadless()) {
                renderer.blitToScreen(w, h);
                context.swapBuffers();
            }
        }
    }

    @Override
    public void close() {
        debug.close();
        renderer.close();
        context.close();
    }
}
