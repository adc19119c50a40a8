package dev.tumble.render.app;

import org.joml.Matrix4f;
import org.joml.Vector4f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** The picture fitted between the panels: it lands in the free rectangle, and picking maps back. */
class ViewFitTest {
    private static final int W = 1280;
    private static final int H = 720;

    @Test
    void theWholePictureLandsInTheFreeRectangleAndPixelsMapBack() {
        ViewFit fit = new ViewFit();
        float[] free = {180, 70, 980, 600};
        fit.into(free, W, H);
        assertEquals(Math.min(800f / W, 530f / H), fit.scale(), 1e-6);
        // The picture's corners (clip ±1) land inside the free rectangle.
        Matrix4f m = fit.apply(new Matrix4f());
        for (float[] c : new float[][] {{-1, -1}, {1, 1}, {-1, 1}, {1, -1}}) {
            Vector4f v = m.transform(new Vector4f(c[0], c[1], 0, 1));
            double px = (v.x + 1) / 2 * W;
            double py = (1 - v.y) / 2 * H;
            assertTrue(px >= free[0] - 1e-3 && px <= free[2] + 1e-3 && py >= free[1] - 1e-3 && py <= free[3] + 1e-3,
                    "corner at " + px + ", " + py);
        }
        for (double x : new double[] {0, 333, W}) {
            assertEquals(x, fit.toPictureX(fit.toWindowX(x, W), W), 1e-9);
            assertEquals(x * H / W, fit.toPictureY(fit.toWindowY(x * H / W, H), H), 1e-9);
        }
        fit.fill();
        assertEquals(1, fit.scale());
        assertEquals(400, fit.toPictureX(400, W), 1e-9);
    }
}
