package dev.tumble.render.app;

import dev.tumble.render.SceneRenderer;
import dev.tumble.render.gl.GlContext;
import dev.tumble.render.gl.GlfwWindowContext;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import javax.imageio.ImageIO;
import org.lwjgl.glfw.GLFW;

/** The window's pixels: framebuffer pixels per window coordinate, and screenshots. */
final class WindowPixels {
    private WindowPixels() {
    }

    /**
     * Framebuffer pixels per window coordinate (HiDPI screens have more than one), {x, y}; 1 for
     * contexts without a window.
     */
    static double[] scale(GlContext context) {
        if (context instanceof GlfwWindowContext wc) {
            int[] ww = new int[1];
            int[] wh = new int[1];
            GLFW.glfwGetWindowSize(wc.handle(), ww, wh);
            return new double[] {ww[0] > 0 ? (double) context.framebufferWidth() / ww[0] : 1,
                    wh[0] > 0 ? (double) context.framebufferHeight() / wh[0] : 1};
        }
        return new double[] {1, 1};
    }

    /** Writes the renderer's last frame as {@code dir/tumble-DATE-TIME.png}; returns the path. */
    static Path screenshot(SceneRenderer renderer, Path dir) {
        BufferedImage img = renderer.readPixels(null);
        try {
            Files.createDirectories(dir);
            Path p = dir.resolve("tumble-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS")) + ".png");
            ImageIO.write(img, "png", p.toFile());
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write a screenshot to " + dir, e);
        }
    }
}
