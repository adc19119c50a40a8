package dev.tumble.demos.viewer;

import java.awt.image.BufferedImage;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The demo viewer in a real window: starts an Xvfb server, runs {@link ViewerWindowDriver} in a
 * JVM whose {@code DISPLAY} is that server (GLFW reads the display from the environment, which a
 * running JVM cannot change), and checks its frames by pixels: picking "pyramid" in the browser
 * shows the pyramid, and turning on the bounding-box layer draws blue boxes. Skipped where there
 * is no Xvfb, except under {@code CI=true}, where it fails.
 */
class ViewerWindowTest {
    private static final Path OUT = Path.of("target", "viewer-window-test");

    @Test
    void browserSwitchesTheSceneAndALayerToggleShowsOnScreen() throws Exception {
        Process xvfb = startXvfb();
        try {
            String display = readDisplay(xvfb);
            runDriver(display);
        } finally {
            xvfb.destroy();
            if (!xvfb.waitFor(5, TimeUnit.SECONDS)) {
                xvfb.destroyForcibly();
            }
        }
        Properties report = new Properties();
        try (Reader r = Files.newBufferedReader(OUT.resolve("report.properties"))) {
            report.load(r);
        }
        assertEquals("dominoes", report.getProperty("first"));
        assertEquals("pyramid", report.getProperty("second"), "the browser click switched the scene");
        assertTrue(Integer.parseInt(report.getProperty("bodies")) > 200, "the pyramid's 210 boxes: " + report);
        assertEquals("true", report.getProperty("aabbs"), "the layer click turned the boxes on");
        assertEquals("true", report.getProperty("restarted"), "a world setting restarts the scene");
        assertEquals(0, Double.parseDouble(report.getProperty("gravityY")), 1e-12, "two gravity clicks: 1x, 2x, then none");

        BufferedImage dominoes = ImageIO.read(OUT.resolve("1-dominoes.png").toFile());
        BufferedImage pyramid = ImageIO.read(OUT.resolve("2-pyramid.png").toFile());
        BufferedImage boxes = ImageIO.read(OUT.resolve("3-pyramid-boxes.png").toFile());
        assertEquals(ViewerWindowDriver.W, pyramid.getWidth(), "framebuffer " + report.getProperty("framebuffer"));
        double changed = differing(dominoes, pyramid);
        assertTrue(changed > 0.05, "switching scenes changed " + changed * 100 + " % of the pixels");
        int blueBefore = aabbBlue(pyramid);
        int blueAfter = aabbBlue(boxes);
        assertTrue(blueAfter > 2000 && blueAfter > 10 * (blueBefore + 1),
                "bounding-box blue pixels: " + blueBefore + " before, " + blueAfter + " after");
    }

    private static Process startXvfb() throws IOException {
        boolean ci = "true".equalsIgnoreCase(System.getenv("CI"));
        String xvfb = findOnPath("Xvfb");
        if (xvfb == null) {
            if (ci) {
                fail("CI=true but no Xvfb on the PATH (apt-get install xvfb)");
            }
            Assumptions.abort("no Xvfb on the PATH: the viewer window test needs it");
        }
        // -displayfd 1: Xvfb picks a free display and prints its number on stdout once ready.
        return new ProcessBuilder(xvfb, "-displayfd", "1", "-screen", "0", "1600x900x24", "-nolisten", "tcp")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static String readDisplay(Process xvfb) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(xvfb.getInputStream(), StandardCharsets.US_ASCII));
        String line = r.readLine();
        assertNotNull(line, "Xvfb exited without printing a display number");
        return ":" + line.trim();
    }

    private static void runDriver(String display) throws Exception {
        Files.createDirectories(OUT);
        Files.deleteIfExists(OUT.resolve("report.properties"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-Djava.awt.headless=true", "-Dorg.lwjgl.opengl.maxVersion=3.3",
                "-cp", System.getProperty("java.class.path"), ViewerWindowDriver.class.getName(), OUT.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(OUT.resolve("driver.log").toFile());
        pb.environment().put("DISPLAY", display);
        pb.environment().remove("WAYLAND_DISPLAY");
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("the viewer driver did not finish in 120 s; log: " + Files.readString(OUT.resolve("driver.log")));
        }
        assertEquals(0, p.exitValue(), () -> "the viewer driver failed; log:\n" + read(OUT.resolve("driver.log")));
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static String findOnPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }

    /** Fraction of pixels whose colour differs by more than 24 in some channel. */
    private static double differing(BufferedImage a, BufferedImage b) {
        long n = 0;
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                int p = a.getRGB(x, y);
                int q = b.getRGB(x, y);
                if (Math.abs(((p >> 16) & 0xFF) - ((q >> 16) & 0xFF)) > 24 || Math.abs(((p >> 8) & 0xFF) - ((q >> 8) & 0xFF)) > 24
                        || Math.abs((p & 0xFF) - (q & 0xFF)) > 24) {
                    n++;
                }
            }
        }
        return (double) n / (a.getWidth() * a.getHeight());
    }

    /** Pixels near the bounding-box colour (0x3080FF): strong blue, little red. */
    private static int aabbBlue(BufferedImage img) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int p = img.getRGB(x, y);
                int r = (p >> 16) & 0xFF;
                int g = (p >> 8) & 0xFF;
                int b = p & 0xFF;
                if (b > 220 && r < 90 && g > 90 && g < 170) {
                    n++;
                }
            }
        }
        return n;
    }
}
