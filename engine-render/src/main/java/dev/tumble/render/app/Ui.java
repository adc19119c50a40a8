package dev.tumble.render.app;

import dev.tumble.render.text.TextBatch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The viewer's immediate-mode widgets, drawn with {@link TextBatch} (stb_easy_font glyphs and
 * flat rectangles): panels, labels and clickable rows, laid out anew every frame. A click is
 * queued by the window's mouse callback and taken by the widget under it on the next frame.
 * Coordinates are framebuffer pixels from the top-left. Needs no GL until the batch renders.
 */
final class Ui {
    /** Panel background, 0xRRGGBB (drawn at {@link #PANEL_ALPHA}). */
    static final int PANEL_RGB = 0x14181E;
    static final float PANEL_ALPHA = 0.78f;
    static final int TEXT_RGB = 0xF0F0F0;
    static final int DIM_RGB = 0xA8B0BC;
    static final int ACCENT_RGB = 0xFFD060;
    static final int SELECTED_RGB = 0x3A6EA8;
    static final int HOVER_RGB = 0x2C3440;

    private final TextBatch batch;
    private float scale = 1;
    private final List<float[]> panels = new ArrayList<>();
    private final List<float[]> lastPanels = new ArrayList<>();
    private final Map<String, float[]> widgets = new LinkedHashMap<>();
    private double clickX = Double.NaN;
    private double clickY = Double.NaN;
    private boolean clickBack;
    private boolean lastClickBack;
    private double hoverX = -1;
    private double hoverY = -1;

    Ui(TextBatch batch) {
        this.batch = batch;
    }

    /**
     * Starts a frame: text scale from the framebuffer height, so text keeps its share of the
     * window at any size (1.5 at 720 px high, 2.5 at 1080, never under 1) and the scene
     * browser's rows still fit.
     */
    void begin(int width, int height) {
        scale = textScale(height);
        lastPanels.clear();
        lastPanels.addAll(panels);
        panels.clear();
        widgets.clear();
    }

    /** Ends a frame: a click no widget took is dropped. */
    void end() {
        clickX = Double.NaN;
        clickY = Double.NaN;
    }

    static float textScale(int framebufferHeight) {
        return Math.max(1f, Math.min(4f, (float) Math.floor(framebufferHeight / 420f * 4f) / 4f));
    }

    float scale() {
        return scale;
    }

    /** Height of one row of text with its padding, pixels. */
    float row() {
        return TextBatch.LINE_HEIGHT * scale + 4 * scale;
    }

    float textWidth(String s) {
        return TextBatch.width(ascii(s), scale);
    }

    /** Whether a point lies on a panel drawn last frame (the camera must not take that click). */
    boolean covers(double x, double y) {
        for (float[] p : panels.isEmpty() ? lastPanels : panels) {
            if (x >= p[0] && y >= p[1] && x < p[0] + p[2] && y < p[1] + p[3]) {
                return true;
            }
        }
        return false;
    }

    /** Queues a click; {@code back} (the right button) steps a setting to its previous value. */
    void click(double x, double y, boolean back) {
        clickX = x;
        clickY = y;
        clickBack = back;
    }

    void hover(double x, double y) {
        hoverX = x;
        hoverY = y;
    }

    /** A panel with clickable rows: clicks on it are the panel's, not the camera's. */
    void panel(float x, float y, float w, float h) {
        panels.add(new float[] {x, y, w, h});
        batch.rect(x, y, w, h, PANEL_RGB, PANEL_ALPHA);
    }

    /** A panel of text only: clicks pass through to the scene (orbit, pick). */
    void passivePanel(float x, float y, float w, float h) {
        batch.rect(x, y, w, h, PANEL_RGB, PANEL_ALPHA);
    }

    void rect(float x, float y, float w, float h, int rgb, float alpha) {
        batch.rect(x, y, w, h, rgb, alpha);
    }

    void label(float x, float y, String text, int rgb) {
        batch.text(x + 4 * scale, y + 3 * scale, ascii(text), rgb, scale);
    }

    /** The font has ASCII glyphs only: spell out the few other characters scene texts use. */
    static String ascii(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\u03bc' -> sb.append("mu");
                case '\u00b0' -> sb.append(" deg");
                case '\u00d7' -> sb.append('x');
                case '\u2013', '\u2014', '\u2212' -> sb.append('-');
                case '\u2019' -> sb.append('\'');
                case '\u00b2' -> sb.append('2');
                default -> sb.append(c < 128 ? c : '?');
            }
        }
        return sb.toString();
    }

    /**
     * A row that can be clicked.
     *
     * @return whether the queued click fell on it this frame
     */
    boolean button(String id, float x, float y, float w, String text, boolean selected) {
        float h = row();
        widgets.put(id, new float[] {x, y, w, h});
        boolean hovered = hoverX >= x && hoverY >= y && hoverX < x + w && hoverY < y + h;
        if (selected) {
            batch.rect(x, y, w, h, SELECTED_RGB, 0.9f);
        } else if (hovered) {
            batch.rect(x, y, w, h, HOVER_RGB, 0.9f);
        }
        label(x, y, text, TEXT_RGB);
        boolean hit = clickX >= x && clickY >= y && clickX < x + w && clickY < y + h;
        if (hit) {
            clickX = Double.NaN;
            clickY = Double.NaN;
            lastClickBack = clickBack;
        }
        return hit;
    }

    /** Whether the click a widget last took was a right click (step back). */
    boolean wasBack() {
        return lastClickBack;
    }

    /** The rectangle {x, y, w, h} a widget had last frame, or null. */
    float[] widget(String id) {
        float[] r = widgets.get(id);
        return r == null ? null : r.clone();
    }
}
