package dev.tumble.demos.cli;

import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneCatalog;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.render.HeadlessRecorder;
import dev.tumble.render.app.SimulationWindow;
import dev.tumble.render.gl.GlUnavailableException;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Headless frames as the demo app records them: the sky behind, the cradle's rods drawn, and a
 * caption along the bottom only when asked for. Skipped without headless OpenGL, except under
 * {@code CI=true}.
 */
class PlayerFramesTest {
    private static final int W = 640;
    private static final int H = 360;

    @Test
    void framesShowTheSkyTheJointsAndTheCaption() throws Exception {
        HeadlessRecorder recorder;
        try {
            recorder = new HeadlessRecorder(W, H);
        } catch (GlUnavailableException | UnsatisfiedLinkError e) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                throw e;
            }
            Assumptions.abort("no headless OpenGL: " + e.getMessage());
            return;
        }
        try (recorder) {
            Scene cradle = SceneCatalog.build("cradle", SceneOptions.DEFAULTS);
            Player player = new Player(cradle, "cradle");
            BufferedImage plain = copy(player.frame(recorder));
            cradle.run(30);
            BufferedImage captioned = copy(player.caption(true).frame(recorder));
            Path out = Files.createDirectories(Path.of("target", "player-frames-test"));
            ImageIO.write(plain, "png", out.resolve("cradle.png").toFile());
            ImageIO.write(captioned, "png", out.resolve("cradle-captioned.png").toFile());

            assertEquals(SimulationWindow.SKY_RGB, plain.getRGB(W / 2, 2) & 0xFFFFFF, "the sky at the top");
            int magenta = count(plain, 0, H, (r, g, b) -> r > 200 && b > 200 && g < 140);
            assertTrue(magenta > 100, "the cradle's rods (joint colour) drawn: " + magenta + " pixels");
            assertTrue(player.captionText().startsWith("cradle   solver si   t = 0.50 s"), player.captionText());
            int strip = H - 24;
            int darkWith = count(captioned, strip, H, (r, g, b) -> r < 90 && g < 90 && b < 100);
            int brightWith = count(captioned, strip, H, (r, g, b) -> r > 220 && g > 220 && b > 220);
            int darkWithout = count(plain, strip, H, (r, g, b) -> r < 90 && g < 90 && b < 100);
            assertTrue(darkWith > 20 * (darkWithout + 100), "caption panel: " + darkWith + " dark pixels, " + darkWithout + " without");
            assertTrue(brightWith > 200, "caption text pixels: " + brightWith);
        }
    }

    private interface Rgb {
        boolean test(int r, int g, int b);
    }

    private static int count(BufferedImage img, int y0, int y1, Rgb p) {
        int n = 0;
        for (int y = y0; y < y1; y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int c = img.getRGB(x, y);
                if (p.test((c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF)) {
                    n++;
                }
            }
        }
        return n;
    }

    private static BufferedImage copy(BufferedImage src) {
        BufferedImage c = new BufferedImage(src.getWidth(), src.getHeight(), BufferedImage.TYPE_INT_RGB);
        c.getGraphics().drawImage(src, 0, 0, null);
        return c;
    }
}
