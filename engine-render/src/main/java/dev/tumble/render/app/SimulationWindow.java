package dev.tumble.render.app;

import dev.tumble.core.body.RigidBody;
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
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.lwjgl.glfw.Callbacks;

import static org.lwjgl.glfw.GLFW.*;

/**
 * The interactive viewer: runs a {@link Simulation} at a fixed step in a window and draws it
 * interpolated between steps, with an orbit/fly camera, pause, single step, slow motion, reset,
 * mouse picking with a spring, screenshots, and panels drawn over the scene: a scene browser
 * (given a {@link SceneMenu}), live settings with the drawing layers ({@link ViewLayer}), a graph
 * of the step time per stage, and the scene's and the viewer's keys. Joints are drawn by default;
 * text grows with the window.
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
 * <tr><td>G</td><td>contacts and velocities on or off (layers)</td></tr>
 * <tr><td>B</td><td>bounding boxes on or off (layer)</td></tr>
 * <tr><td>C</td><td>back to the scene's camera</td></tr>
 * <tr><td>H</td><td>overlay: panels and help, panels only, off</td></tr>
 * <tr><td>Page Up / Page Down</td><td>previous / next scene of the menu</td></tr>
 * <tr><td>left click on a panel</td><td>pick a scene, change a setting, toggle a layer (right click: a setting back)</td></tr>
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
    /** The viewer's sky (clear) colour, 0xRRGGBB: light, so dark bodies stand out against it. */
    public static final int SKY_RGB = 0x9FB9D2;

    private final String title;
    private final SceneChoice scenes;
    private final ViewerSettings settings = new ViewerSettings();
    private int width = 1280;
    private int height = 720;
    private double dt = 1 / 60.0;
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
    private final ViewerDebugDraw layers = new ViewerDebugDraw();
    private ViewerOverlay overlay;
    private final ViewFit fit = new ViewFit();
    private final Picking picking = new Picking(fit);
    private final org.joml.Matrix4f viewProj = new org.joml.Matrix4f();
    private final Hud hud = new Hud();
    private final boolean[] keys = new boolean[MAX_KEY];
    private final Controls controls = key -> key >= 0 && key < MAX_KEY && keys[key];
    private final Runnable stepOnce = this::stepOnce;
    private double simulatedTime;
    private double cursorX;
    private double cursorY;
    private int dragButton = -1;
    private int hudMode; // 0: panels and help, 1: panels, 2: off
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
        this.title = title == null ? "Tumble" : title;
        this.scenes = new SceneChoice(factory);
    }

    /**
     * A viewer with a scene browser: every item of {@code menu}, starting with {@code first}.
     * Changing a world setting in the panel rebuilds the scene through the menu.
     *
     * @param title the window title
     * @param menu the scenes offered
     * @param first the name of the scene shown first (one of the menu's items)
     */
    public SimulationWindow(String title, SceneMenu menu, String first) {
        this.title = title == null ? "Tumble" : title;
        this.scenes = new SceneChoice(menu, first);
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
     * @param on whether the contact and linear velocity layers start on (G toggles them)
     * @return this
     */
    public SimulationWindow debug(boolean on) {
        settings.layer(ViewLayer.CONTACTS, on).layer(ViewLayer.LINEAR_VELOCITY, on);
        return this;
    }

    /** @return the live settings (layers and time scale act at once; world settings on the next restart) */
    public ViewerSettings settings() {
        return settings;
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
            overlay = new ViewerOverlay(new Ui(hudBatch), settings);
            renderer.setClearRgb(SKY_RGB);
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
        Simulation s = scenes.build(settings);
        simulation = s;
        world = s.world();
        simulatedTime = 0;
        picking.release();
        view.forgetCapture();
        double step = s.fixedStep() > 0 ? s.fixedStep() : dt;
        if (clock.dt() != step) {
            SimulationClock next = new SimulationClock(step);
            next.setPaused(clock.isPaused());
            next.setSlowMotion(clock.isSlowMotion());
            clock = next;
        }
        clock.reset();
        overlay.graph().clear();
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
        picking.beforeStep(world);
        double step = clock.dt();
        simulation.beforeStep(simulatedTime, step, controls);
        world.step(step);
        simulatedTime += step;
        overlay.graph().add(world.profile());
    }

    /** One frame: input, fixed steps, drawing, HUD, present. */
    private void frame(double frameSeconds) {
        context.makeCurrent();
        flyCamera(frameSeconds);
        clock.setTimeScale(settings.timeScale());
        clock.advance(frameSeconds, stepOnce);
        int w = context.framebufferWidth();
        int h = context.framebufferHeight();
        if (w <= 0 || h <= 0) {
            return; // minimised
        }
        renderer.resize(w, h);
        view.markSleeping(settings.isOn(ViewLayer.SLEEP));
        view.fill(world, simulation::colour, clock.alpha(), drawList);
        simulation.decorate(drawList);
        simulation.updateCamera(camera);
        layers.draw(world, settings, debugRenderer);
        picking.draw(debugRenderer);
        renderer.render(drawList, fit.apply(camera.viewProjection((float) w / h, viewProj)), debugRenderer);
        drawOverlay(frameSeconds, w, h);
        if (screenshotRequested) {
            screenshotRequested = false;
            lastScreenshot = WindowPixels.screenshot(renderer, screenshotDir);
            LOG.log(System.Logger.Level.INFO, "screenshot: {0}", lastScreenshot.toAbsolutePath());
        }
        if (!context.isHeadless()) {
            renderer.blitTo(0, 0, 0, w, h);
            context.swapBuffers();
        }
    }

    private void drawOverlay(double frameSeconds, int w, int h) {
        framesSinceHud++;
        hudAge += frameSeconds;
        if (hudAge >= 0.25) {
            fps = hudAge > 0 && Double.isFinite(hudAge) ? framesSinceHud / hudAge : 0;
            hudText = hud.text(fps, world, clock, simulatedTime, isDebug(), false, false);
            hudAge = 0;
            framesSinceHud = 0;
        }
        if (hudMode == 2) {
            fit.fill();
            return;
        }
        SceneMenu.Item item = scenes.item();
        overlay.draw(new ViewerOverlay.Frame(w, h, hudText, hudMode == 0, scenes.items(), scenes.current(),
                item != null ? item.name() : title, item != null ? item.description() : "",
                item != null ? item.keys() : List.of(), world.settings(), scenes.hasMenu()));
        fit.into(overlay.free(), w, h); // the next frame's picture goes where the panels leave room
        renderer.bindResolvedFrame();
        hudBatch.render(w, h);
        org.lwjgl.opengl.GL33C.glBindFramebuffer(org.lwjgl.opengl.GL33C.GL_FRAMEBUFFER, 0);
        if (overlay.chosenScene() >= 0 && overlay.chosenScene() != scenes.current()) {
            switchTo(overlay.chosenScene());
        } else if (overlay.restartRequested() || overlay.worldSettingsChanged()) {
            reset(false);
        }
    }

    /**
     * Shows another scene of the menu (as a click in the browser does), with its own camera.
     *
     * @param name the scene's name
     * @throws IllegalStateException when the viewer has no menu
     */
    public void showScene(String name) {
        if (!scenes.hasMenu()) {
            throw new IllegalStateException("this viewer has no scene menu");
        }
        switchTo(scenes.indexOf(name));
    }

    private void switchTo(int index) {
        int was = scenes.current();
        scenes.select(index);
        try {
            reset(true);
        } catch (RuntimeException e) {
            // A scene file that no longer reads: stay on the scene shown.
            LOG.log(System.Logger.Level.WARNING, "cannot open scene " + scenes.item().name() + ": " + e.getMessage());
            scenes.select(was);
            return;
        }
        if (context instanceof GlfwWindowContext wc) {
            glfwSetWindowTitle(wc.handle(), "Tumble — " + scenes.item().name());
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
            case GLFW_KEY_G -> debug(!isDebug());
            case GLFW_KEY_B -> settings.layer(ViewLayer.AABBS, !settings.isOn(ViewLayer.AABBS));
            case GLFW_KEY_PAGE_UP, GLFW_KEY_PAGE_DOWN -> {
                if (scenes.hasMenu()) {
                    switchTo(Math.floorMod(scenes.current() + (key == GLFW_KEY_PAGE_DOWN ? 1 : -1), scenes.items().size()));
                }
            }
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
            double[] k = WindowPixels.scale(context);
            double fx = cursorX * k[0];
            double fy = cursorY * k[1];
            if (hudMode != 2 && overlay.ui().covers(fx, fy)) {
                if (button == GLFW_MOUSE_BUTTON_LEFT || button == GLFW_MOUSE_BUTTON_RIGHT) {
                    // Taken by the widget under it on the next frame; the right button steps back.
                    overlay.ui().click(fx, fy, button == GLFW_MOUSE_BUTTON_RIGHT);
                }
                return;
            }
            if (button == GLFW_MOUSE_BUTTON_LEFT && (mods & GLFW_MOD_CONTROL) != 0) {
                if (pick()) {
                    dragButton = -2; // dragging a body, not the camera
                    return;
                }
            }
            dragButton = button;
        } else if (action == GLFW_RELEASE) {
            dragButton = -1;
            picking.release();
        }
    }

    private boolean pick() {
        double[] k = WindowPixels.scale(context);
        return picking.grab(world, camera, cursorX * k[0], cursorY * k[1], Math.max(1, renderer.width()), Math.max(1, renderer.height()));
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
        double[] k = WindowPixels.scale(context);
        overlay.ui().hover(x * k[0], y * k[1]);
        if (dragButton == -2) {
            picking.follow(camera, x * k[0], y * k[1], Math.max(1, renderer.width()), Math.max(1, renderer.height()));
        } else if (dragButton == GLFW_MOUSE_BUTTON_LEFT) {
            cameraControls.rotate(dx, dy);
        } else if (dragButton == GLFW_MOUSE_BUTTON_RIGHT || dragButton == GLFW_MOUSE_BUTTON_MIDDLE) {
            cameraControls.pan(dx * k[0] / fit.scale(), dy * k[1] / fit.scale(), Math.max(1, renderer.height()));
        }
    }

    /** @param notches wheel offset (positive: zoom in) */
    public void onScroll(double notches) {
        cameraControls.zoom(notches);
    }

    // ------------------------------------------------------------------ read-outs (tests, tools)

    /**
     * Where a world point appears in the window, as the viewer draws it (the picture fitted
     * between the panels).
     *
     * @param x world x, m
     * @param y world y, m
     * @param z world z, m
     * @param dest receives framebuffer pixels from the top-left (x, y) and depth in [0, 1] (z)
     * @return {@code dest}
     */
    public org.joml.Vector3f toWindow(float x, float y, float z, org.joml.Vector3f dest) {
        int w = Math.max(1, renderer.width());
        int h = Math.max(1, renderer.height());
        camera.project(x, y, z, w, h, dest);
        return dest.set((float) fit.toWindowX(dest.x, w), (float) fit.toWindowY(dest.y, h), dest.z);
    }

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

    /** @return whether the contact layer is on (G) */
    public boolean isDebug() {
        return settings.isOn(ViewLayer.CONTACTS);
    }

    /** @return the scene shown, from the menu, or null for a viewer without one */
    public SceneMenu.Item currentScene() {
        return scenes.item();
    }

    /**
     * Where a panel widget was drawn in the last frame, for tests and tools that click it.
     * Ids: {@code scene:NAME}, {@code restart}, {@code solver}, {@code iterations}, {@code sleep},
     * {@code gravity}, {@code timescale}, {@code defaults}, {@code layer:LAYER} (a {@link ViewLayer} name).
     *
     * @param id the widget's id
     * @return {x, y, width, height} in framebuffer pixels from the top-left, or null when not drawn
     */
    public float[] widgetBounds(String id) {
        return overlay == null ? null : overlay.ui().widget(id);
    }

    /** @return the body held by the mouse spring, or null */
    public RigidBody pickedBody() {
        return picking.body();
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
