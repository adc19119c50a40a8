package dev.tumble.render.app;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.render.RequiresGl;
import dev.tumble.render.output.FrameSink;
import dev.tumble.render.output.GifSink;
import dev.tumble.render.output.PngSequenceSink;
import dev.tumble.render.scene.Camera;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** Records a falling crate headless and checks the frames follow the physics. */
@RequiresGl
class HeadlessRunTest {
    private static final int CRATE_RGB = 0xE04020;

    static final class Falling implements Simulation {
        final World world = new World(WorldSettings.builder().gravity(0, -9.81, 0).build());
        int steps;

        Falling() {
            world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
            world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(0, 4, 0));
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void beforeStep(double time, double dt, Controls controls) {
            assertSame(Controls.NONE, controls);
            assertEquals(steps * dt, time, 1e-12);
            steps++;
        }

        @Override
        public Camera camera() {
            return new Camera().lookAt(0f, 2.5f, 9f, 0f, 2f, 0f);
        }

        @Override
        public int colour(RigidBody body) {
            return body.hasFiniteMass() ? CRATE_RGB : 0x808080;
        }
    }

    /** Keeps a copy of every frame. */
    static final class Keep implements FrameSink {
        final List<BufferedImage> frames = new ArrayList<>();
        boolean closed;

        @Override
        public void accept(BufferedImage frame) {
            BufferedImage copy = new BufferedImage(frame.getWidth(), frame.getHeight(), BufferedImage.TYPE_INT_RGB);
            copy.getGraphics().drawImage(frame, 0, 0, null);
            frames.add(copy);
        }

        @Override
        public int frameCount() {
            return frames.size();
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static double crateRow(BufferedImage img) {
        double sum = 0;
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int rgb = img.getRGB(x, y);
                int r = (rgb >> 16) & 0xFF;
                if (r > 60 && r > 2 * ((rgb >> 8) & 0xFF) && r > 2 * (rgb & 0xFF)) {
                    sum += y;
                    n++;
                }
            }
        }
        assertTrue(n > 100, "crate visible: " + n + " pixels");
        return sum / n;
    }

    @Test
    void framesFollowTheFallingCrate() throws IOException {
        Keep sink = new Keep();
        Falling[] sim = new Falling[1];
        HeadlessRun.Result r = HeadlessRun.record(() -> sim[0] = new Falling(), 40, 1 / 60.0, sink, 320, 240);
        assertTrue(sink.closed, "the sink is closed");
        assertEquals(40, sink.frames.size());
        assertEquals(40, r.frames());
        assertEquals(40, sim[0].steps);
        assertEquals(40 / 60.0, r.simulatedSeconds(), 1e-12);
        double first = crateRow(sink.frames.get(0));
        double mid = crateRow(sink.frames.get(20));
        double last = crateRow(sink.frames.get(39));
        assertTrue(first < mid && mid < last, "the crate falls down the picture: " + first + ", " + mid + ", " + last);
        // Free fall: the drop after 40 steps is four times the drop after 20 (±, the picture is a perspective one).
        double ratio = (last - first) / (mid - first);
        assertEquals(4.0, ratio, 0.6, "drop ratio");
    }

    @Test
    void recordsPngFramesAndAHalfSizeGif() throws IOException {
        Path dir = Path.of("target", "render-test-output", "headless-run");
        HeadlessRun.record(Falling::new, 12, 1 / 30.0, new PngSequenceSink(dir, "falling"), 320, 240);
        try (var files = Files.list(dir)) {
            assertTrue(files.filter(p -> p.getFileName().toString().startsWith("falling")).count() >= 12);
        }
        Path gif = dir.resolve("falling.gif");
        HeadlessRun.record(Falling::new, 12, 1 / 30.0, new GifSink(gif, 30), 320, 240, true);
        try (ImageInputStream in = ImageIO.createImageInputStream(gif.toFile())) {
            ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
            reader.setInput(in);
            assertEquals(12, reader.getNumImages(true));
            assertEquals(160, reader.getWidth(0), "half size by default");
            assertEquals(120, reader.getHeight(0));
        }
    }

    @Test
    void badArgumentsAreNamed() {
        Keep sink = new Keep();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HeadlessRun.record(Falling::new, 0, 0.01, sink, 10, 10))
                .getMessage().contains("frames"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HeadlessRun.record(Falling::new, 1, -1, sink, 10, 10))
                .getMessage().contains("dt"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HeadlessRun.record(Falling::new, 1, 0.01, sink, 0, 10))
                .getMessage().contains("size"));
    }
}
