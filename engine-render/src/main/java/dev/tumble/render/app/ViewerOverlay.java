package dev.tumble.render.app;

import dev.tumble.core.debug.DebugDraw;
import dev.tumble.core.debug.WorldDebugDraw;
import dev.tumble.core.world.WorldSettings;
import java.util.List;
import java.util.Locale;

/**
 * What the viewer draws over the scene: the status figures (top), the scene browser (left, when
 * the window has a {@link SceneMenu}), the settings panel with the drawing layers and the step
 * time graph (right), and the help of the scene and of the viewer (bottom). Reports what was
 * clicked through {@link #chosenScene()}, {@link #restartRequested()} and
 * {@link #worldSettingsChanged()}; the window acts on them.
 */
final class ViewerOverlay {
    private final Ui ui;
    private final ViewerSettings settings;
    private final StepGraph graph = new StepGraph();
    private final float[] free = new float[4];
    private int chosen = -1;
    private boolean restart;
    private boolean worldChanged;

    ViewerOverlay(Ui ui, ViewerSettings settings) {
        this.ui = ui;
        this.settings = settings;
    }

    Ui ui() {
        return ui;
    }

    StepGraph graph() {
        return graph;
    }

    /** What the overlay shows this frame. */
    record Frame(int width, int height, String status, boolean help, List<SceneMenu.Item> items,
            int current, String sceneName, String description, List<String> sceneKeys, WorldSettings world,
            boolean adjustable) {
    }

    /** Lays out and collects the overlay (the caller renders the batch); clicks are acted on here. */
    void draw(Frame f) {
        chosen = -1;
        restart = false;
        worldChanged = false;
        ui.begin(f.width(), f.height());
        float m = 6;
        float left = m;
        if (!f.items().isEmpty()) {
            left = browser(f, m) + 2 * m;
        }
        float right = settingsPanel(f, m) - m;
        float top = status(f.status(), left, m) + m;
        float bottom = f.height();
        if (f.help()) {
            bottom = help(f, left, right, m) - m;
        }
        free[0] = left;
        free[1] = top;
        free[2] = right;
        free[3] = bottom;
        ui.end();
    }

    /** Draws the status figures; returns their bottom edge. */
    private float status(String text, float x, float y) {
        if (text.isEmpty()) {
            return y;
        }
        int lines = 1 + (int) text.chars().filter(c -> c == '\n').count();
        float w = ui.textWidth(text) + 8 * ui.scale();
        float h = lines * dev.tumble.render.text.TextBatch.LINE_HEIGHT * ui.scale() + 6 * ui.scale();
        ui.passivePanel(x, y, w, h);
        ui.label(x, y, text, Ui.TEXT_RGB);
        return y + h;
    }

    /** The scene browser; returns its right edge. */
    private float browser(Frame f, float m) {
        float w = ui.textWidth("Restart (R)") + 16 * ui.scale();
        for (SceneMenu.Item it : f.items()) {
            w = Math.max(w, ui.textWidth("  " + it.name()) + 16 * ui.scale());
            w = Math.max(w, ui.textWidth(it.group()) + 16 * ui.scale());
        }
        String group = null;
        int rows = 2;
        for (SceneMenu.Item it : f.items()) {
            if (!it.group().equals(group)) {
                rows++;
                group = it.group();
            }
            rows++;
        }
        ui.panel(m, m, w, rows * ui.row() + 4);
        float y = m;
        ui.label(m, y, "SCENES", Ui.DIM_RGB);
        y += ui.row();
        group = null;
        for (int i = 0; i < f.items().size(); i++) {
            SceneMenu.Item it = f.items().get(i);
            if (!it.group().equals(group)) {
                group = it.group();
                ui.label(m, y, group, Ui.ACCENT_RGB);
                y += ui.row();
            }
            if (ui.button("scene:" + it.name(), m, y, w, "  " + it.name(), i == f.current())) {
                chosen = i;
            }
            y += ui.row();
        }
        if (ui.button("restart", m, y, w, "Restart (R)", false)) {
            restart = true;
        }
        return m + w;
    }

    /** The settings panel, layers and graph; returns its left edge. */
    private float settingsPanel(Frame f, float m) {
        float w = Math.max(Math.max(ui.textWidth("iterations per contact: 128 *"), ui.textWidth("step time, last 5 s (top 100.0 ms)")),
                2 * ui.textWidth("narrow phase 10.00  ")) + 16 * ui.scale();
        float x = f.width() - m - w;
        WorldSettings ws = f.world();
        int layerRows = ViewLayer.values().length + (settings.isOn(ViewLayer.SLEEP) ? 1 : 0);
        float graphH = 3 * ui.row();
        float h = (8 + layerRows) * ui.row() + ui.row() / 2 + graphH + (StepGraph.legendRows() + 1) * ui.row() + 4;
        ui.panel(x, m, w, h);
        float y = m;
        ui.label(x, y, "SETTINGS   * = restarts", Ui.DIM_RGB);
        y += ui.row();
        if (worldRow(f, "solver", x, y, w, "solver: " + solverName(ws.solver()) + " *")) {
            settings.solver(next(ws.solver(), ui.wasBack()));
            worldChanged = true;
        }
        y += ui.row();
        int iterations = ViewerSettings.iterationsOf(ws);
        if (worldRow(f, "iterations", x, y, w, iterationsLabel(ws.solver()) + ": " + iterations + " *")) {
            settings.iterations(nextIterations(iterations, ui.wasBack()));
            worldChanged = true;
        }
        y += ui.row();
        if (worldRow(f, "sleep", x, y, w, "sleep: " + (ws.sleepEnabled() ? "on" : "off") + " *")) {
            settings.sleep(!ws.sleepEnabled());
            worldChanged = true;
        }
        y += ui.row();
        if (worldRow(f, "gravity", x, y, w, String.format(Locale.ROOT, "gravity: %.2f m/s2 *", Math.sqrt(ws.gravityX() * ws.gravityX()
                + ws.gravityY() * ws.gravityY() + ws.gravityZ() * ws.gravityZ())))) {
            settings.gravityFactor(nextOf(ViewerSettings.GRAVITY_FACTORS, settings.gravityFactor(), ui.wasBack()));
            worldChanged = true;
        }
        y += ui.row();
        if (ui.button("timescale", x, y, w, "time scale: " + factor(settings.timeScale()), false)) {
            settings.timeScale(nextOf(ViewerSettings.TIME_SCALES, settings.timeScale(), ui.wasBack()));
        }
        y += ui.row();
        if (worldRow(f, "defaults", x, y, w, "scene's own settings *")) {
            settings.solver(null).iterations(null).sleep(null).gravityFactor(1);
            worldChanged = true;
        }
        y += ui.row();
        ui.label(x, y, "LAYERS", Ui.DIM_RGB);
        y += ui.row();
        for (ViewLayer layer : ViewLayer.values()) {
            boolean on = settings.isOn(layer);
            if (ui.button("layer:" + layer.name(), x, y, w, (on ? "[x] " : "[ ] ") + layer.label(), false)) {
                settings.layer(layer, !on);
            }
            ui.rect(x + w - 14 * ui.scale(), y + 4 * ui.scale(), 8 * ui.scale(), 8 * ui.scale(), swatch(layer), 1f);
            y += ui.row();
        }
        if (settings.isOn(ViewLayer.SLEEP)) {
            ui.label(x, y, "  tinted: asleep, not simulated", swatch(ViewLayer.SLEEP));
            y += ui.row();
        }
        y += ui.row() / 2;
        graph.draw(ui, x, y, w, graphH);
        return x;
    }

    /** A world setting's row: a button where the window can rebuild its scene, a label where not. */
    private boolean worldRow(Frame f, String id, float x, float y, float w, String text) {
        if (f.adjustable()) {
            return ui.button(id, x, y, w, text, false);
        }
        ui.label(x, y, text.replace(" *", ""), Ui.DIM_RGB);
        return false;
    }

    /** Draws the help; returns its top edge. */
    private float help(Frame f, float left, float right, float m) {
        StringBuilder sb = new StringBuilder();
        sb.append(f.sceneName()).append(": ").append(f.description());
        if (!f.sceneKeys().isEmpty()) {
            sb.append("\nscene keys:   ").append(String.join("   ", f.sceneKeys()));
        }
        sb.append('\n').append(Hud.HELP);
        String text = wrap(sb.toString(), right - left - 8 * ui.scale());
        int lines = 1 + (int) text.chars().filter(c -> c == '\n').count();
        float lh = dev.tumble.render.text.TextBatch.LINE_HEIGHT * ui.scale();
        float h = lines * lh + 6 * ui.scale();
        float w = ui.textWidth(text) + 8 * ui.scale();
        ui.passivePanel(left, f.height() - m - h, w, h);
        ui.label(left, f.height() - m - h, text, Ui.TEXT_RGB);
        return f.height() - m - h;
    }

    /** Breaks lines wider than {@code width} pixels at spaces. */
    private String wrap(String text, float width) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n")) {
            StringBuilder cur = new StringBuilder();
            for (String word : line.split("(?<= )")) {
                if (cur.length() > 0 && ui.textWidth(cur + word.stripTrailing()) > width) {
                    out.append(cur.toString().stripTrailing()).append('\n');
                    cur.setLength(0);
                }
                cur.append(word);
            }
            out.append(cur.toString().stripTrailing()).append('\n');
        }
        return out.toString().stripTrailing();
    }

    static int swatch(ViewLayer layer) {
        return switch (layer) {
            case CONTACTS -> DebugDraw.Colors.CONTACT;
            case IMPULSES -> ViewerDebugDraw.IMPULSE_RGB;
            case LINEAR_VELOCITY -> DebugDraw.Colors.VELOCITY;
            case ANGULAR_VELOCITY -> ViewerDebugDraw.ANGULAR_RGB;
            case AABBS -> DebugDraw.Colors.AABB;
            case ISLANDS -> 0xFFC040;
            case JOINTS -> DebugDraw.Colors.JOINT;
            case TRIANGLE_EDGES -> WorldDebugDraw.TRIANGLE_EDGE_RGB;
            case SLEEP -> 0x8A94B4;
        };
    }

    static String solverName(WorldSettings.Solver s) {
        return switch (s) {
            case SEQUENTIAL_IMPULSE -> "sequential impulses";
            case MILLINGTON -> "Millington";
        };
    }

    private static String iterationsLabel(WorldSettings.Solver s) {
        return switch (s) {
            case SEQUENTIAL_IMPULSE -> "substeps";
            case MILLINGTON -> "iterations per contact";
        };
    }

    private static WorldSettings.Solver next(WorldSettings.Solver s, boolean back) {
        WorldSettings.Solver[] order = {WorldSettings.Solver.SEQUENTIAL_IMPULSE, WorldSettings.Solver.MILLINGTON};
        for (int i = 0; i < order.length; i++) {
            if (order[i] == s) {
                return order[Math.floorMod(i + (back ? -1 : 1), order.length)];
            }
        }
        return order[0];
    }

    /** The next larger (or, stepping back, smaller) count of {@link ViewerSettings#ITERATIONS}, wrapping round. */
    static int nextIterations(int current, boolean back) {
        int[] v = ViewerSettings.ITERATIONS;
        if (back) {
            for (int i = v.length - 1; i >= 0; i--) {
                if (v[i] < current) {
                    return v[i];
                }
            }
            return v[v.length - 1];
        }
        for (int n : v) {
            if (n > current) {
                return n;
            }
        }
        return v[0];
    }

    /** The next larger (or, stepping back, smaller) value of {@code values}, wrapping round. */
    static double nextOf(double[] values, double current, boolean back) {
        if (back) {
            for (int i = values.length - 1; i >= 0; i--) {
                if (values[i] < current - 1e-9) {
                    return values[i];
                }
            }
            return values[values.length - 1];
        }
        for (double v : values) {
            if (v > current + 1e-9) {
                return v;
            }
        }
        return values[0];
    }

    private static String factor(double f) {
        return f == Math.rint(f) ? String.format(Locale.ROOT, "%.0fx", f) : String.format(Locale.ROOT, "%sx", f);
    }

    /**
     * The part of the window the panels left free in the last frame: {left, top, right, bottom},
     * pixels. The window fits the scene's picture into it.
     */
    float[] free() {
        return free;
    }

    int chosenScene() {
        return chosen;
    }

    boolean restartRequested() {
        return restart;
    }

    boolean worldSettingsChanged() {
        return worldChanged;
    }
}
