package dev.tumble.render;

import dev.tumble.render.output.FrameSink;
import dev.tumble.render.output.GifSink;
import dev.tumble.render.output.Mp4Sink;
import dev.tumble.render.output.PngSequenceSink;
import dev.tumble.render.scene.Camera;
import dev.tumble.render.scene.ConvexHullMesh;
import dev.tumble.render.scene.DrawList;
import org.joml.Matrix4x3d;
import org.joml.Vector3d;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Every mesh kind, the asleep tint, and the frame sinks, with real OpenGL. */
@RequiresGl
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MixedShapesAndOutputTest {
    private static final int W = 640;
    private static final int H = 360;
    private HeadlessRecorder recorder;
    private final ConvexHullMesh tetra = new ConvexHullMesh(List.of(
            new Vector3d(0, 0.8, 0), new Vector3d(-0.6, -0.4, -0.5), new Vector3d(0.6, -0.4, -0.5), new Vector3d(0, -0.4, 0.7),
            new Vector3d(0, -0.4, 0))); // an interior point on the base face is ignored
    private final Camera camera = new Camera().lookAt(0f, 4f, 9f, 0f, 0.8f, 0f);

    @BeforeAll
    void open() {
        recorder = new HeadlessRecorder(W, H);
    }

    @AfterAll
    void close() {
        if (recorder != null) {
            recorder.close();
        }
    }

    private DrawList scene(double t) {
        DrawList list = new DrawList();
        list.plane(0, 1, 0, 0, 20, TestScenes.GROUND_RGB);
        Matrix4x3d m = new Matrix4x3d();
        list.box(m.translation(-3, 0.5, 0).rotateY(t), 0.5, 0.5, 0.5, 0xD05030);
        list.sphere(m.translation(-1.5, 0.6, 0), 0.6, 0x3070D0);
        list.capsule(m.translation(0, 0.9, 0).rotateZ(0.3 * Math.sin(t)), 0.35, 0.5, 0x30B050);
        list.hull(m.translation(1.5, 0.4, 0).rotateY(t), tetra, 0xD0B030);
        list.box(m.translation(3, 0.5, 0), 0.5, 0.5, 0.5, 0xD05030).asleep(true);
        list.cylinder(m.translation(-1.5, 0.4, 2.5).rotateY(t), 0.35, 0.4, 0x2090E0);
        return list;
    }

    private static int sat(int rgb) {
        int r = (rgb >> 16) & 0xFF;
        int g = (rgb >> 8) & 0xFF;
        int b = rgb & 0xFF;
        return Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b));
    }

    @Test
    void everyKindIsDrawnWithItsColourAndAsleepIsTinted() {
        BufferedImage img = recorder.render(scene(0.4), camera);
        TestScenes.writePng(img, "mixed-shapes.png");
        float[][] centres = {{-3, 0.5f, 0}, {-1.5f, 0.6f, 0}, {0, 0.9f, 0}, {1.5f, 0.3f, 0}, {3, 0.5f, 0}, {-1.5f, 0.4f, 2.5f}};
        int[] dominant = {0, 2, 1, 0, -1, 2}; // channel expected largest: 0 red, 1 green, 2 blue
        int[] seen = new int[centres.length];
        Vector3f p = new Vector3f();
        for (int i = 0; i < centres.length; i++) {
            camera.project(centres[i][0], centres[i][1], centres[i][2] + 0.3f, W, H, p);
            int rgb = img.getRGB(Math.round(p.x), Math.round(p.y)) & 0xFFFFFF;
            seen[i] = rgb;
            assertNotEquals(recorder.renderer().clearRgb(), rgb, "item " + i + " drawn");
            if (dominant[i] >= 0) {
                int c = (rgb >> (16 - 8 * dominant[i])) & 0xFF;
                for (int k = 0; k < 3; k++) {
                    if (k != dominant[i]) {
                        assertTrue(c > ((rgb >> (16 - 8 * k)) & 0xFF), "item " + i + " colour " + Integer.toHexString(rgb));
                    }
                }
            }
        }
        // Same colour on both boxes' lit top faces, but the sleeping one is desaturated.
        int awake = img.getRGB(Math.round(camera.project(-3f, 1f, 0f, W, H, p).x), Math.round(p.y)) & 0xFFFFFF;
        int asleep = img.getRGB(Math.round(camera.project(3f, 1f, 0f, W, H, p).x), Math.round(p.y)) & 0xFFFFFF;
        assertTrue(sat(asleep) + 40 < sat(awake), "asleep " + Integer.toHexString(asleep)
                + " vs awake " + Integer.toHexString(awake));
    }

    private void record(FrameSink sink, int frames) throws IOException {
        for (int i = 0; i < frames; i++) {
            recorder.record(scene(i * 0.1), camera, sink);
        }
    }

    @Test
    void pngSequence() throws IOException {
        Path dir = TestScenes.outputDir().resolve("png-seq");
        try (PngSequenceSink sink = new PngSequenceSink(dir, "frame")) {
            record(sink, 3);
            assertEquals(3, sink.frameCount());
            BufferedImage back = ImageIO.read(sink.framePath(2).toFile());
            assertEquals(W, back.getWidth());
            assertEquals(H, back.getHeight());
        }
    }

    @Test
    void animatedGifAtHalfSize() throws IOException {
        Path gif = TestScenes.outputDir().resolve("mixed-shapes.gif");
        try (GifSink sink = new GifSink(gif, 20)) {
            record(sink, 10);
        }
        ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
        try (ImageInputStream in = ImageIO.createImageInputStream(gif.toFile())) {
            reader.setInput(in);
            assertEquals(10, reader.getNumImages(true));
            assertEquals(W / 2, reader.getWidth(0));
            assertEquals(H / 2, reader.getHeight(0));
        } finally {
            reader.dispose();
        }
    }

    @Test
    void mp4ThroughFfmpegOrAClearMessage() throws IOException {
        Path mp4 = TestScenes.outputDir().resolve("mixed-shapes.mp4");
        if (Mp4Sink.findFfmpeg().isEmpty()) {
            IOException e = assertThrows(IOException.class, () -> new Mp4Sink(mp4, 30));
            assertTrue(e.getMessage().contains("ffmpeg not found"), e.getMessage());
            assumeTrue(false, "ffmpeg not on the PATH: MP4 output not exercised");
        }
        try (Mp4Sink sink = new Mp4Sink(mp4, 30)) {
            record(sink, 15);
        }
        assertTrue(Files.size(mp4) > 1000, "mp4 written");
    }
}
