package dev.tumble.render.app;

import dev.tumble.core.world.StepProfile;
import java.util.Locale;

/**
 * The step time of the last {@link #CAPACITY} steps, stage by stage, drawn as stacked columns
 * (one per step, newest on the right) with a legend; the scale grows to the tallest column and
 * is printed, so a spike reads as a number, not just a height.
 */
final class StepGraph {
    /** Steps kept: 5 s at 60 steps a second. */
    static final int CAPACITY = 300;
    private static final StepProfile.Stage[] STAGES = StepProfile.Stage.values();
    private static final int[] STAGE_RGB = {0xE06050, 0xE0A040, 0xD0D050, 0x60C060, 0x50B0D0, 0x6070E0, 0xB070D0, 0xD070A0};

    private final float[][] millis = new float[CAPACITY][STAGES.length];
    private int next;
    private int count;

    /** Records the stage times of the step just taken. */
    void add(StepProfile p) {
        float[] row = millis[next];
        for (int s = 0; s < STAGES.length; s++) {
            row[s] = (float) p.millis(STAGES[s]);
        }
        next = (next + 1) % CAPACITY;
        count = Math.min(count + 1, CAPACITY);
    }

    void clear() {
        next = 0;
        count = 0;
    }

    int count() {
        return count;
    }

    /** Rows the legend takes under the graph (two stages a row). */
    static int legendRows() {
        return (STAGES.length + 1) / 2;
    }

    /** Colour of a stage in the graph, 0xRRGGBB. */
    static int colour(StepProfile.Stage s) {
        return STAGE_RGB[s.ordinal() % STAGE_RGB.length];
    }

    /**
     * Draws the graph into {x, y, w, h} with a title over it and the legend (each stage's time
     * in the last step, ms) under it: {@code h} plus {@link #legendRows()} + 1 rows in all.
     *
     * @return the height used, pixels
     */
    float draw(Ui ui, float x, float y, float w, float h) {
        float max = 1; // at least 1 ms full scale, so a calm scene is not drawn as noise
        for (int i = 0; i < count; i++) {
            float sum = 0;
            for (float v : millis[i]) {
                sum += v;
            }
            max = Math.max(max, sum);
        }
        ui.label(x, y, String.format(Locale.ROOT, "step time, last %.0f s (top %.1f ms)", CAPACITY / 60.0, max), Ui.DIM_RGB);
        float top = y + ui.row();
        ui.rect(x + 4, top, w - 8, h, 0x000000, 0.35f);
        float colW = (w - 8) / CAPACITY;
        for (int i = 0; i < count; i++) {
            float[] row = millis[(next - count + i + CAPACITY) % CAPACITY];
            float base = top + h;
            float cx = x + 4 + (CAPACITY - count + i) * colW;
            for (int s = 0; s < row.length; s++) {
                float sh = row[s] / max * h;
                if (sh > 0.05f) {
                    ui.rect(cx, base - sh, Math.max(colW, 1), sh, STAGE_RGB[s % STAGE_RGB.length], 1f);
                    base -= sh;
                }
            }
        }
        float ly = top + h + 2;
        for (StepProfile.Stage s : STAGES) {
            float last = count == 0 ? 0 : millis[(next - 1 + CAPACITY) % CAPACITY][s.ordinal()];
            String name = s.name().toLowerCase(Locale.ROOT).replace('_', ' ') + String.format(Locale.ROOT, " %.2f", last);
            int col = s.ordinal() % 2;
            ui.label(x + col * w / 2, ly + (s.ordinal() / 2) * ui.row(), name, colour(s));
        }
        ly += (legendRows() - 1) * ui.row();
        return ly + ui.row() - y;
    }
}
