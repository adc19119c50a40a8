package dev.tumble.demos.embed;

import org.junit.jupiter.api.Test;
import org.lwjgl.opengl.GL;
import org.lwjgl.system.MemoryUtil;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.lwjgl.glfw.GLFW.*;
import static org.lwjgl.opengl.GL33C.*;

/**
 * Runs the embedding example's frames the way a game would, in a GLFW context it made itself
 * (GLFW's null platform with EGL stands in for a window here) and into its own framebuffer.
 * Skips when this machine has no headless GL; fails instead when {@code CI=true}.
 */
class GameLoopExampleTest {
    private static final int W = 320;
    private static final int H = 180;

    private static void requireGl(boolean ok, String what) {
        if (!ok && "true".equalsIgnoreCase(System.getenv("CI"))) {
            fail("CI=true but " + what + " (apt-get install -y --no-install-recommends libegl1 libgl1-mesa-dri)");
        }
        assumeTrue(ok, "no headless GL here: " + what);
    }

    @Test
    void theGameLoopDrawsTheWorldIntoTheGamesFramebuffer() {
        glfwInitHint(GLFW_PLATFORM, GLFW_PLATFORM_NULL);
        requireGl(glfwInit(), "GLFW's null platform did not initialise");
        long window = 0;
        ByteBuffer pixels = MemoryUtil.memAlloc(W * H * 4);
        try {
            glfwDefaultWindowHints();
            glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
            glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
            glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
            glfwWindowHint(GLFW_CONTEXT_CREATION_API, GLFW_EGL_CONTEXT_API);
            glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
            window = glfwCreateWindow(W, H, "game", 0L, 0L);
            requireGl(window != 0L, "no EGL 3.3 core context through GLFW's null platform");
            glfwMakeContextCurrent(window);
            GL.createCapabilities();

            int fbo = glGenFramebuffers();
            glBindFramebuffer(GL_FRAMEBUFFER, fbo);
            int colour = glGenRenderbuffers();
            glBindRenderbuffer(GL_RENDERBUFFER, colour);
            glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
            glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour);
            try (GameLoopExample game = new GameLoopExample(W, H)) {
                double startHeight = game.world().bodies().get(6).position().y();
                for (int i = 0; i < 30; i++) {
                    game.frame(fbo, W, H);
                }
                assertTrue(game.world().bodies().get(6).position().y() != startHeight, "the world was stepped");
                assertEquals(fbo, glGetInteger(GL_FRAMEBUFFER_BINDING), "the game's framebuffer stays bound");
                glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
            }
            int orange = 0;
            for (int i = 0; i < W * H; i++) {
                int r = pixels.get(4 * i) & 0xFF;
                int g = pixels.get(4 * i + 1) & 0xFF;
                int b = pixels.get(4 * i + 2) & 0xFF;
                if (r > 60 && r > g + 20 && g > b) {
                    orange++;
                }
            }
            assertTrue(orange > 300, "the stacked crates are in the game's framebuffer: " + orange + " pixels");
            glDeleteRenderbuffers(colour);
            glDeleteFramebuffers(fbo);
        } finally {
            MemoryUtil.memFree(pixels);
            if (window != 0L) {
                glfwMakeContextCurrent(0L);
                GL.setCapabilities(null);
                glfwDestroyWindow(window);
            }
            glfwTerminate();
        }
    }
}
