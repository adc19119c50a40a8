package dev.tumble.render;

import dev.tumble.render.debug.DebugRenderer;
import dev.tumble.render.gl.GlContext;
import dev.tumble.render.gl.GlContexts;
import dev.tumble.render.scene.Camera;
import dev.tumble.render.scene.DrawList;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.awt.image.BufferedImage;
import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/** Renders a known scene headless with real OpenGL and checks the picture's structure. */
@RequiresGl
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SceneRendererTest {
    private static final int W = 640;
    private static final int H = 480;
    private GlContext ctx;
    private SceneRenderer renderer;
    private BufferedImage image;
    private final Camera camera = TestScenes.fixedCamera();

    @BeforeAll
    void render() {
        ctx = GlContexts.createHeadless(W, H);
        renderer = new SceneRenderer(W, H);
        renderer.render(TestScenes.boxOnGround(), camera, null);
        image = renderer.readPixels(null);
        TestScenes.writePng(image, "box-on-ground.png");
    }

    @AfterAll
    void close() {
        if (renderer != null) {
            renderer.close();
        }
        if (ctx != null) {
            ctx.close();
        }
    }

    private boolean isBoxPixel(int rgb) {
        int r = (rgb >> 16) & 0xFF;
        int g = (rgb >> 8) & 0xFF;
        int b = rgb & 0xFF;
        return r > 40 && r > g * 3 / 2 && r > b * 3 / 2; // reddish: only the box is red
    }

    @Test
    void cornersHaveTheClearColour() {
        int clear = renderer.clearRgb();
        int[][] corners = {{0, 0}, {W - 1, 0}, {0, H - 1}, {W - 1, H - 1}};
        for (int[] c : corners) {
            assertEquals(Integer.toHexString(clear), Integer.toHexString(image.getRGB(c[0], c[1]) & 0xFFFFFF),
                    "corner " + c[0] + "," + c[1]);
        }
    }

    @Test
    void boxCentroidIsNearItsProjectedPosition() {
        double sx = 0;
        double sy = 0;
        int n = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                if (isBoxPixel(image.getRGB(x, y) & 0xFFFFFF)) {
                    sx += x;
                    sy += y;
                    n++;
                }
            }
        }
        assertTrue(n > 1000, "box covers " + n + " pixels");
        Vector3f p = camera.project(0f, 0.5f, 0f, W, H, new Vector3f());
        double cx = sx / n;
        double cy = sy / n;
        // The pixel centroid of a perspective box is not exactly its projected centre: allow a few pixels.
        assertEquals(p.x, cx, 6.0, "centroid x");
        assertEquals(p.y, cy, 6.0, "centroid y");
    }

    @Test
    void boxShowsAtLeastThreeFaceShades() {
        // Sample the three visible faces at their projected centres: top (+y), +x and +z.
        float[][] faceCentres = {{0f, 1f, 0f}, {0.5f, 0.5f, 0f}, {0f, 0.5f, 0.5f}};
        Set<Integer> shades = new HashSet<>();
        Vector3f p = new Vector3f();
        for (float[] f : faceCentres) {
            camera.project(f[0], f[1], f[2], W, H, p);
            int rgb = image.getRGB(Math.round(p.x), Math.round(p.y)) & 0xFFFFFF;
            assertTrue(isBoxPixel(rgb), "face centre pixel is the box: " + Integer.toHexString(rgb));
            shades.add(TestScenes.luminance(rgb) / 8); // buckets of 8 levels
        }
        assertEquals(3, shades.size(), "distinct face shades " + shades);
    }

    @Test
    void shadowIsDarkerThanLitGround() {
        // The light travels along (-0.55, -1, 0.4): the box's shadow falls towards -x, +z.
        Vector3f d = renderer.lightDirection().get(new Vector3f());
        float t = 0.9f / -d.y; // from a point near the top of the box down to the ground
        Vector3f shadowPoint = new Vector3f();
        shadowPoint.set(-0.1f, 0.9f, 0.3f).fma(t, d);
        Vector3f sp = camera.project(shadowPoint.x, 0f, shadowPoint.z, W, H, new Vector3f());
        Vector3f lp = camera.project(1.5f, 0f, -1.5f, W, H, new Vector3f());
        int shadow = TestScenes.medianLuminance(image, Math.round(sp.x), Math.round(sp.y), 3);
        int lit = TestScenes.medianLuminance(image, Math.round(lp.x), Math.round(lp.y), 3);
        assertFalse(isBoxPixel(image.getRGB(Math.round(sp.x), Math.round(sp.y)) & 0xFFFFFF), "shadow sample hits the ground");
        assertTrue(shadow + 30 < lit, "shadow luminance " + shadow + " vs lit ground " + lit
                + " at " + shadowPoint);
    }

    @Test
    void debugDrawingAddsMarkersWhereTold() {
        DebugRenderer debug = new DebugRenderer();
        try {
            debug.pointPixels(-1.5, 1.5, 1.5, 12, 0x00FF00);
            debug.segment(1.5, 0.02, 1.8, 2.4, 0.02, 1.8, 0x0000FF);
            debug.text(0, 2.0, 0, "hello", 0xFFFF00);
            DrawList scene = TestScenes.boxOnGround();
            renderer.render(scene, camera, debug);
            BufferedImage img = renderer.readPixels(null);
            TestScenes.writePng(img, "box-on-ground-debug.png");
            assertTrue(debug.isEmpty(), "batch cleared after drawing");
            Vector3f p = camera.project(-1.5f, 1.5f, 1.5f, W, H, new Vector3f());
            assertEquals(0x00FF00, img.getRGB(Math.round(p.x), Math.round(p.y)) & 0xFFFFFF, "point marker");
            int blue = 0;
            Vector3f a = camera.project(1.5f, 0.02f, 1.8f, W, H, new Vector3f());
            Vector3f b = camera.project(2.4f, 0.02f, 1.8f, W, H, new Vector3f());
            for (int y = (int) Math.min(a.y, b.y) - 2; y <= (int) Math.max(a.y, b.y) + 2; y++) {
                for (int x = (int) Math.min(a.x, b.x) - 2; x <= (int) Math.max(a.x, b.x) + 2; x++) {
                    int rgb = img.getRGB(x, y);
                    if ((rgb & 0xFF) > 150 && ((rgb >> 16) & 0xFF) < 100) {
                        blue++;
                    }
                }
            }
            assertTrue(blue >= 20, "blue segment pixels: " + blue);
            Vector3f t = camera.project(0f, 2.0f, 0f, W, H, new Vector3f());
            int yellow = 0;
            for (int y = Math.round(t.y); y < Math.round(t.y) + 20; y++) {
                for (int x = Math.round(t.x); x < Math.round(t.x) + 60; x++) {
                    int rgb = img.getRGB(x, y);
                    if (((rgb >> 16) & 0xFF) > 200 && ((rgb >> 8) & 0xFF) > 200 && (rgb & 0xFF) < 80) {
                        yellow++;
                    }
                }
            }
            assertTrue(yellow >= 20, "text pixels: " + yellow);
            // Elsewhere the frame matches the plain one.
            assertEquals(image.getRGB(5, 5), img.getRGB(5, 5));
        } finally {
            debug.close();
        }
    }
}
