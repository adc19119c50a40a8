package dev.tumble.render;

import dev.tumble.render.scene.Camera;
import dev.tumble.render.scene.DrawList;
import org.joml.Matrix4x3d;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Scenes and helpers shared by the rendering tests. */
final class TestScenes {
    static final int BOX_RGB = 0xD05030;
    static final int GROUND_RGB = 0xB0B0A8;

    private TestScenes() {
    }

    /** One 1 m box resting on the y = 0 plane (a 5 m square patch). */
    static DrawList boxOnGround() {
        DrawList list = new DrawList();
        list.plane(0, 1, 0, 0, 2.5, GROUND_RGB);
        list.box(new Matrix4x3d().translation(0, 0.5, 0), 0.5, 0.5, 0.5, BOX_RGB);
        return list;
    }

    /** Looks at the box from (+x, +y, +z). */
    static Camera fixedCamera() {
        return new Camera().lookAt(4f, 3.5f, 6f, 0f, 0.5f, 0f);
    }

    static Path outputDir() {
        Path dir = Path.of("target", "render-test-output");
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }

    static Path writePng(BufferedImage img, String name) {
        Path p = outputDir().resolve(name);
        try {
            ImageIO.write(img, "png", p.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    static int luminance(int rgb) {
        return (((rgb >> 16) & 0xFF) * 299 + ((rgb >> 8) & 0xFF) * 587 + (rgb & 0xFF) * 114) / 1000;
    }

    /** Median luminance of a (2r+1)² patch around (x, y). */
    static int medianLuminance(BufferedImage img, int x, int y, int r) {
        int[] v = new int[(2 * r + 1) * (2 * r + 1)];
        int n = 0;
        for (int dy = -r; dy <= r; dy++) {
            for (int dx = -r; dx <= r; dx++) {
                v[n++] = luminance(img.getRGB(x + dx, y + dy) & 0xFFFFFF);
            }
        }
        java.util.Arrays.sort(v);
        return v[n / 2];
    }
}
