package dev.tumble.render.app;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.query.BodyShape;
import dev.tumble.core.collision.query.RayHit;
import dev.tumble.core.debug.DebugDraw;
import dev.tumble.core.debug.WorldDebugDraw;
import dev.tumble.core.world.World;
import dev.tumble.render.SceneRenderer;
import dev.tumble.render.debug.DebugRenderer;
import dev.tumble.render.gl.GlContext;
import dev.tumble.render.gl.GlContexts;
import dev.tumble.render.gl.GlfwWindowContext;
import dev.tumble.render.scene.Camera;
import dev.tumble.render.scene.DrawList;
import dev.tumble.render.text.TextBatch;
import dev.tumble.render.world.WorldView;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.function.Supplier;
import javax.imageio.ImageIO;
import org.joml.Vector3d;
import org.lwjgl.glfw.Callbacks;
import org.lwjgl.glfw.GLFW;

import static org.lwjgl.glfw.GLFW.*;

/**
 * The interactive viewer: runs a {@link Simulation} at a fixed step in a window and draws it
 * interpolated between steps, with an orbit/fly camera, pause, single step, slow motion, reset,
 * debug drawing, mouse picking with a spring, a HUD and screenshots.
 *
 * <table>
 * <caption>Controls</caption>
 * <tr><td>left drag</td><td>orbit the camera</td></tr>
 * <tr><td>right or middle drag</td><td>pan</td></tr>
 * <tr><td>wheel</td><td>zoom</td></tr>
 * <tr><td>W A S D, Q E (Shift: ×4)</td><td>fly forward, left, back, right, down, up</td></tr>
 * <tr><td>Ctrl + left drag</td><td>pick a body (ray cast) and pull it by a spring</td></tr>
 * <tr><td>P or Space</td><td>pause / resume</td></tr>
 * <tr><td>N</td><td>one step (pauses)</td></tr>
 * <tr><td>T</td><td>slow motion ×0.25</td></tr>
 * <tr><td>R</td><td>reset: a new simulation from the factory</td></tr>
 * <tr><td>G</td><td>debug drawing (contacts, normals, velocities, joints)</td></tr>
 * <tr><td>B</td><td>bounding boxes in debug drawing</td></tr>
 * <tr><td>C</td><td>back to the scene's camera</td></tr>
 * <tr><td>H</td><td>HUD: figures and help, figures only, off</td></tr>
 * <tr><td>F2 or F12</td><td>screenshot PNG (the path is printed)</td></tr>
 * <tr><td>Escape</td><td>quit</td></tr>
 * </table>
 *
 * <p>Where there is no display ({@link GlContexts}), {@link #run()} renders one frame headless,
 * writes it as a screenshot and returns; use {@link HeadlessRun} to record. On macOS start the
 * JVM with {@code -XstartOnFirstThread}. Use from one thread.
 */
public final class SimulationWindow {
    private static final System.Logger LOG = System.getLogger(SimulationWindow.class.getName());
    private static final int MAX_KEY = GLFW_KEY_LAST + 1;

    private final String title;
    private final Supplier<? extends Simulation> factory;
    private int width = 1280;
    private int height = 720;
    private double dt = 1 / 60.0;
    private boolean debug;
    private Path screenshotDir = Path.of("screenshots");

    // Per-run state.
    private GlContext context;
    private SceneRenderer renderer;
    private DebugRenderer debugRenderer;
    private TextBatch hudBatch;
    private Simulation simulation;
    private World world;
    private SimulationClock clock;
    private final Camera camera = new Camera();
    private final CameraControls cameraControls = new CameraControls(camera);
    private final WorldView view = new WorldView();
    private final DrawList drawList = new DrawList();
    private final WorldDebugDraw walker = new WorldDebugDraw()
            .layer(WorldDebugDraw.Layer.SHAPES, false)
            .layer(WorldDebugDraw.Layer.VELOCITIES, true);
    private final MouseSpring spring = new MouseSpring();
    private final PickRay pickRay = new PickRay();
    private final Hud hud = new Hud();
    private final boolean[] keys = new boolean[MAX_KEY];
    private final Controls controls = key -> key >= 0 && key < MAX_KEY && keys[key];
    private final Vector3d rayOrigin = new Vector3d();
    private final Vector3d rayDirection = new Vector3d();
    private final Vector3d scratch = new Vector3d();
    private final Runnable stepOnce = this::stepOnce;
    private double simulatedTime;
    private double cursorX;
    private double cursorY;
    private int dragButton = -1;
    private int hudMode; // 0: figures and help, 1: figures, 2: off
    private boolean screenshotRequested;
    private Path lastScreenshot;
    private String hudText = "";
    private double hudAge = Double.POSITIVE_INFINITY;
    private double fps;
    private int framesSinceHud;
    private boolean closeRequested;

    /**
     * @param title the window title
     * @param factory makes the simulation, again on every reset
     */
    public SimulationWindow(String title, Supplier<? extends Simulation> factory) {
        if (factory == null) {
            throw new IllegalArgumentException("factory must not be null");
        }
        this.title = title == null ? "Tumble" : title;
        this.factory = factory;
    }

    /**
     * @param w window width, pixels (positive)
     * @param h window height, pixels (positive)
     * @return this
     */
    public SimulationWindow size(int w, int h) {
        if (w <= 0 || h <= 0) {
            throw new IllegalArgumentException("size must be positive, was " + w + "x" + h);
        }
        this.width = w;
        this.height = h;
        return this;
    }

    /**
     * @param seconds the fixed physics step, s (default 1/60)
     * @return this
     */
    public SimulationWindow dt(double seconds) {
        if (!(seconds > 0) || !Double.isFinite(seconds)) {
            throw new IllegalArgumentException("dt must be positive and finite, was " + seconds);
        }
        this.dt = seconds;
        return this;
    }

    /**
     * @param on whether debug drawing starts on (G toggles it)
     * @return this
     */
    public SimulationWindow debug(boolean on) {
        this.debug = on;
        return this;
    }

    /**
     * @param dir where F2/F12 screenshots go (default {@code screenshots/} in the working directory)
     * @return this
     */
    public SimulationWindow screenshotDir(Path dir) {
        if (dir == null) {
            throw new IllegalArgumentException("screenshotDir must not be null");
        }
        this.screenshotDir = dir;
        return this;
    }

    /**
     * Opens the window and runs until it is closed (Escape or the close button). Without a
     * display it renders one frame headless, saves it as a screenshot, and returns.
     */
    public void run() {
        open(GlContexts.create(width, height, title));
        try {
            if (context.isHeadless()) {
                LOG.log(System.Logger.Level.INFO, "no display: rendering one frame headless (use HeadlessRun to record)");
                screenshotRequested = true;
                frame(dt);
                return;
            }
            long last = System.nanoTime();
            while (!context.shouldClose() && !closeRequested) {
                context.pollEvents();
                long now = System.nanoTime();
                frame((now - last) / 1e9);
                last = now;
            }
        } finally {
            close();
        }
    }

    /**
     * Runs {@code n} frames of {@code frameSeconds} each on a context of the caller's (for tests
     * and tools): opens the viewer on {@code ctx} if not open yet, and leaves it open; call
     * {@link #close()} when done. Input can be fed with the {@code on*} methods in between.
     *
     * @param ctx the context to draw with (current on this thread)
     * @param n frames to run
     * @param frameSeconds simulated wall time per frame, s
     */
    public void runFrames(GlContext ctx, int n, double frameSeconds) {
        if (context == null) {
            open(ctx);
        } else if (context != ctx) {
            throw new IllegalStateException("the viewer is open on another context");
        }
        for (int i = 0; i < n; i++) {
            frame(frameSeconds);
        }
    }

    /**
     * Runs {@code n} more frames on the context the viewer is open on (see
     * {@link #runFrames(GlContext, int, double)}).
     *
     * @param n frames to run
     * @param frameSeconds each frame's wall-clock length, s
     * @throws IllegalStateException when the viewer is not open
     */
    public void runFrames(int n, double frameSeconds) {
        if (context == null) {
            throw new IllegalStateException("the viewer is not open: call runFrames(context, n, frameSeconds) first");
        }
        runFrames(context, n, frameSeconds);
    }

    private void open(GlContext ctx) {
        context = ctx;
        try {
            renderer = new SceneRenderer(Math.max(1, ctx.framebufferWidth()), Math.max(1, ctx.framebufferHeight()));
            debugRenderer = new DebugRenderer();
            hudBatch = new TextBatch();
            clock = new SimulationClock(dt);
            reset(true);
            if (ctx instanceof GlfwWindowContext) {
                installCallbacks(((GlfwWindowContext) ctx).handle());
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Frees the GL objects and the context (when {@link #run()} opened it, it closes it). */
    public void close() {
        if (context == null) {
            return;
        }
        context.makeCurrent();
        if (hudBatch != null) {
            hudBatch.close();
        }
        if (debugRenderer != null) {
            debugRenderer.close();
        }
        if (renderer != null) {
            renderer.close();
        }
        if (context instanceof GlfwWindowContext) {
            Callbacks.glfwFreeCallbacks(((GlfwWindowContext) context).handle());
        }
        context.close();
        context = null;
        renderer = null;
        debugRenderer = null;
        hudBatch = null;
    }

    private void reset(boolean resetCamera) {
        Simulation s = factory.get();
        if (s == null || s.world() == null) {
            throw new IllegalStateException("the simulation factory returned " + (s == null ? "null" : "a simulation without a world"));
        }
        simulation = s;
        world = s.world();
        simulatedTime = 0;
        spring.release();
        view.forgetCapture();
        clock.reset();
        if (resetCamera) {
            copyCamera(s.camera());
        }
    }

    private void copyCamera(Camera from) {
        camera.perspective(from.fovY(), 0.05f, 500f)
                .target(from.target().x(), from.target().y(), from.target().z())
                .orbit(from.yaw(), from.pitch(), from.distance());
    }

    private void stepOnce() {
        view.capture(world);
        if (spring.body() != null && world.contains(spring.body())) {
            spring.apply(world.settings().gravityX(), world.settings().gravityY(), world.settings().gravityZ());
        }
        simulation.beforeStep(simulatedTime, dt, controls);
        world.step(dt);
        simulatedTime += dt;
    }

    /** One frame: input, fixed steps, drawing, HUD, present. */
    private void frame(double frameSeconds) {
        context.makeCurrent();
        flyCamera(frameSeconds);
        clock.advance(frameSeconds, stepOnce);
        int w = context.framebufferWidth();
        int h = context.framebufferHeight();
        if (w <= 0 || h <= 0) {
            return; // minimised
        }
        renderer.resize(w, h);
        view.fill(world, simulation::colour, clock.alpha(), drawList);
        simulation.decorate(drawList);
        simulation.updateCamera(camera);
        if (debug) {
            world.debugDraw(walker, debugRenderer);
        }
        if (spring.body() != null) {
            spring.grabPoint(scratch);
            debugRenderer.segment(scratch, spring.target(), DebugDraw.Colors.VELOCITY);
            debugRenderer.pointPixels(spring.target().x(), spring.target().y(), spring.target().z(), 7, DebugDraw.Colors.VELOCITY);
        }
        renderer.render(drawList, camera, debugRenderer);
        drawHud(frameSeconds, w, h);
        if (screenshotRequested) {
            screenshotRequested = false;
            lastScreenshot = saveScreenshot();
            LOG.log(System.Logger.Level.INFO, "screenshot: {0}", lastScreenshot.toAbsolutePath());
        }
        if (!context.isHeadless()) {
            renderer.blitTo(0, 0, 0, w, h);
            context.swapBuffers();
        }
    }

    private void drawHud(double frameSeconds, int w, int h) {
        framesSinceHud++;
        hudAge += frameSeconds;
        if (hudAge >= 0.25) {
            fps = hudAge > 0 && Double.isFinite(hudAge) ? framesSinceHud / hudAge : 0;
            hudText = hud.text(fps, world, clock, simulatedTime, debug, hudMode == 0);
            hudAge = 0;
            framesSinceHud = 0;
        }
        if (hudMode == 2) {
            return;
        }
        float scale = h >= 900 ? 2f : w >= 1000 ? 1.5f : 1f;
        int lines = 1 + (int) hudText.chars().filter(c -> c == '\n').count();
        hudBatch.rect(6, 6, TextBatch.width(hudText, scale) + 12, lines * TextBatch.LINE_HEIGHT * scale + 8, 0x000000, 0.55f);
        hudBatch.text(12, 10, hudText, 0xF0F0F0, scale);
        renderer.bindResolvedFrame();
        hudBatch.render(w, h);
        org.lwjgl.opengl.GL33C.glBindFramebuffer(org.lwjgl.opengl.GL33C.GL_FRAMEBUFFER, 0);
    }

    private Path saveScreenshot() {
        BufferedImage img = renderer.readPixels(null);
        try {
            Files.createDirectories(screenshotDir);
            Path p = screenshotDir.resolve("tumble-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS")) + ".png");
            ImageIO.write(img, "png", p.toFile());
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write a screenshot to " + screenshotDir, e);
        }
    }

    private void flyCamera(double seconds) {
        int forward = flyKey(GLFW_KEY_W) - flyKey(GLFW_KEY_S);
        int right = flyKey(GLFW_KEY_D) - flyKey(GLFW_KEY_A);
        int up = flyKey(GLFW_KEY_E) - flyKey(GLFW_KEY_Q);
        boolean fast = keys[GLFW_KEY_LEFT_SHIFT] || keys[GLFW_KEY_RIGHT_SHIFT];
        cameraControls.fly(forward, right, up, Math.min(seconds, 0.1), fast ? 4 : 1);
    }

    private int flyKey(int key) {
        return keys[key] && !simulation.usesKey(key) ? 1 : 0;
    }

    private void installCallbacks(long window) {
        glfwSetKeyCallback(window, (win, key, scancode, action, mods) -> onKey(key, action, mods));
        glfwSetMouseButtonCallback(window, (win, button, action, mods) -> onMouseButton(button, action, mods));
        glfwSetCursorPosCallback(window, (win, x, y) -> onCursor(x, y));
        glfwSetScrollCallback(window, (win, sx, sy) -> onScroll(sy));
    }

    // ------------------------------------------------------------------ input (GLFW callbacks; tests call these too)

    /**
     * A key event.
     *
     * @param key GLFW key code
     * @param action {@code GLFW_PRESS}, {@code GLFW_RELEASE} or {@code GLFW_REPEAT}
     * @param mods GLFW modifier bits
     */
    public void onKey(int key, int action, int mods) {
        if (key >= 0 && key < MAX_KEY) {
            keys[key] = action != GLFW_RELEASE;
        }
        if (action != GLFW_PRESS || clock == null) {
            return;
        }
        if (key != GLFW_KEY_ESCAPE && simulation.usesKey(key)) {
            return; // the scene's control (a gun's trigger, a rudder) wins over the viewer's
        }
        switch (key) {
            case GLFW_KEY_ESCAPE -> closeRequested = true;
            case GLFW_KEY_P, GLFW_KEY_SPACE -> clock.setPaused(!clock.isPaused());
            case GLFW_KEY_N -> {
                clock.setPaused(true);
                clock.requestStep();
            }
            case GLFW_KEY_T -> clock.setSlowMotion(!clock.isSlowMotion());
            case GLFW_KEY_R -> reset(false);
            case GLFW_KEY_G -> debug = !debug;
            case GLFW_KEY_B -> walker.layer(WorldDebugDraw.Layer.AABBS, !walker.isOn(WorldDebugDraw.Layer.AABBS));
            case GLFW_KEY_C -> copyCamera(simulation.camera());
            case GLFW_KEY_H -> {
                hudMode = (hudMode + 1) % 3;
                hudAge = Double.POSITIVE_INFINITY;
            }
            case GLFW_KEY_F2, GLFW_KEY_F12 -> screenshotRequested = true;
            default -> {
            }
        }
    }

    /**
     * A mouse button event at the current cursor position.
     *
     * @param button GLFW mouse button
     * @param action {@code GLFW_PRESS} or {@code GLFW_RELEASE}
     * @param mods GLFW modifier bits (Ctrl with the left button picks)
     */
    public void onMouseButton(int button, int action, int mods) {
        if (renderer == null) {
            return;
        }
        if (action == GLFW_PRESS) {
            if (button == GLFW_MOUSE_BUTTON_LEFT && (mods & GLFW_MOD_CONTROL) != 0) {
                if (pick()) {
                    dragButton = -2; // dragging a body, not the camera
                    return;
                }
            }
            dragButton = button;
        } else if (action == GLFW_RELEASE) {
            dragButton = -1;
            spring.release();
        }
    }

    private boolean pick() {
        int w = Math.max(1, renderer.width());
        int h = Math.max(1, renderer.height());
        pickRay.through(camera, cursorX * scaleX(), cursorY * scaleY(), w, h, rayOrigin, rayDirection);
        Optional<RayHit> hit = world.castRay(rayOrigin, rayDirection, 1000);
        if (hit.isEmpty() || !(hit.get().target instanceof BodyShape bs)) {
            return false;
        }
        RigidBody body = bs.body();
        return spring.grab(body, hit.get().point, hit.get().distance);
    }

    /**
     * The cursor moved.
     *
     * @param x cursor x, window coordinates from the left
     * @param y cursor y, window coordinates from the top
     */
    public void onCursor(double x, double y) {
        double dx = x - cursorX;
        double dy = y - cursorY;
        cursorX = x;
        cursorY = y;
        if (renderer == null) {
            return;
        }
        if (dragButton == -2 && spring.body() != null) {
            pickRay.through(camera, x * scaleX(), y * scaleY(), Math.max(1, renderer.width()), Math.max(1, renderer.height()),
                    rayOrigin, rayDirection);
            spring.follow(rayOrigin, rayDirection);
        } else if (dragButton == GLFW_MOUSE_BUTTON_LEFT) {
            cameraControls.rotate(dx, dy);
        } else if (dragButton == GLFW_MOUSE_BUTTON_RIGHT || dragButton == GLFW_MOUSE_BUTTON_MIDDLE) {
            cameraControls.pan(dx * scaleX(), dy * scaleY(), Math.max(1, renderer.height()));
        }
    }

    /** @param notches wheel offset (positive: zoom in) */
    public void onScroll(double notches) {
        cameraControls.zoom(notches);
    }

    /** Framebuffer pixels per window coordinate (HiDPI screens have more than one). */
    private double scaleX() {
        if (context instanceof GlfwWindowContext wc) {
            int[] ww = new int[1];
            int[] wh = new int[1];
            GLFW.glfwGetWindowSize(wc.handle(), ww, wh);
            return ww[0] > 0 ? (double) context.framebufferWidth() / ww[0] : 1;
        }
        return 1;
    }

    private double scaleY() {
        if (context instanceof GlfwWindowContext wc) {
            int[] ww = new int[1];
            int[] wh = new int[1];
            GLFW.glfwGetWindowSize(wc.handle(), ww, wh);
            return wh[0] > 0 ? (double) context.framebufferHeight() / wh[0] : 1;
        }
        return 1;
    }

    // ------------------------------------------------------------------ read-outs (tests, tools)

    /** @return the camera the viewer draws with (live) */
    public Camera camera() {
        return camera;
    }

    /** @return the current simulation (a new one after each reset), or null before the first frame */
    public Simulation simulation() {
        return simulation;
    }

    /** @return the viewer's clock, or null before opening */
    public SimulationClock clock() {
        return clock;
    }

    /** @return simulated time since the last reset, s */
    public double simulatedTime() {
        return simulatedTime;
    }

    /** @return whether debug drawing is on */
    public boolean isDebug() {
        return debug;
    }

    /** @return the body held by the mouse spring, or null */
    public RigidBody pickedBody() {
        return spring.body();
    }

    /** @return the last screenshot written, or null */
    public Path lastScreenshot() {
        return lastScreenshot;
    }

    /** @return the HUD text as last built */
    public String hudText() {
        return hudText;
    }

    /** @return the renderer (for reading back a frame in tests), or null when closed */
    public SceneRenderer renderer() {
        return renderer;
    }
}
