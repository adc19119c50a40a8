package dev.tumble.render;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.debug.WorldDebugDraw;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.render.debug.DebugRenderer;
import dev.tumble.render.scene.DrawList;
import dev.tumble.render.world.WorldView;
import org.joml.Matrix4f;
import org.joml.Vector4f;
import org.junit.jupiter.api.Test;
import org.lwjgl.glfw.GLFW;
import org.lwjgl.opengl.GL;
import org.lwjgl.system.MemoryUtil;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.*;
import static org.lwjgl.glfw.GLFW.*;
import static org.lwjgl.opengl.GL33C.*;

/**
 * A "game" that made its own GLFW context (null platform + EGL, as a headless stand-in for its
 * window) and its own framebuffer draws a world with its own camera matrix: the world lands in
 * the game's framebuffer where the game's matrix puts it, and the game's GL state survives.
 */
@RequiresGl
class GameOwnedContextTest {
    private static final int W = 320;
    private static final int H = 240;

    @Test
    void aGameDrawsTheWorldIntoItsOwnFramebufferWithItsOwnCamera() {
        glfwInitHint(GLFW_PLATFORM, GLFW_PLATFORM_NULL);
        assertTrue(glfwInit(), "GLFW null platform");
        glfwDefaultWindowHints();
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_CONTEXT_CREATION_API, GLFW_EGL_CONTEXT_API);
        glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
        long window = glfwCreateWindow(W, H, "game", 0L, 0L);
        assertNotEquals(0L, window, "the game's context");
        glfwMakeContextCurrent(window);
        GL.createCapabilities();
        ByteBuffer pixels = MemoryUtil.memAlloc(W * H * 4);
        try {
            // The game's own framebuffer, program state and viewport.
            int gameFbo = glGenFramebuffers();
            glBindFramebuffer(GL_FRAMEBUFFER, gameFbo);
            int colour = glGenRenderbuffers();
            glBindRenderbuffer(GL_RENDERBUFFER, colour);
            glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
            glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour);
            assertEquals(GL_FRAMEBUFFER_COMPLETE, glCheckFramebufferStatus(GL_FRAMEBUFFER));
            int gameVao = glGenVertexArrays();
            glBindVertexArray(gameVao);
            glViewport(10, 20, 100, 50);

            World world = new World(WorldSettings.builder().gravity(0, -9.81, 0).build());
            world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
            RigidBody crate = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(1.5, 0.5, 0));
            world.step(1 / 60.0);
            Matrix4f viewProj = new Matrix4f().setPerspective((float) Math.toRadians(50), (float) W / H, 0.1f, 100f)
                    .lookAt(0f, 3f, 8f, 0f, 0.5f, 0f, 0f, 1f, 0f);
            try (SceneRenderer renderer = new SceneRenderer(W, H); DebugRenderer debug = new DebugRenderer()) {
                DrawList list = new WorldView().fill(world, b -> b.hasFiniteMass() ? 0xE02020 : 0x808080, new DrawList());
                world.debugDraw(new WorldDebugDraw(), debug);
                renderer.render(list, viewProj, debug);
                renderer.blitTo(gameFbo, 0, 0, W, H);

                int[] vp = new int[4];
                glGetIntegerv(GL_VIEWPORT, vp);
                assertArrayEquals(new int[] {10, 20, 100, 50}, vp, "the game's viewport is restored");
                assertEquals(gameFbo, glGetInteger(GL_FRAMEBUFFER_BINDING), "the game's framebuffer is bound again");
                assertEquals(gameVao, glGetInteger(GL_VERTEX_ARRAY_BINDING), "the game's vertex array is bound again");

                glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
                // The crate's pixels centre where the game's matrix projects the crate.
                double sx = 0;
                double sy = 0;
                int n = 0;
                for (int y = 0; y < H; y++) {
                    for (int x = 0; x < W; x++) {
                        int o = 4 * (y * W + x);
                        int r = pixels.get(o) & 0xFF;
                        int g = pixels.get(o + 1) & 0xFF;
                        int b = pixels.get(o + 2) & 0xFF;
                        if (r > 50 && r > 2 * g && r > 2 * b) {
                            sx += x;
                            sy += y;
                            n++;
                        }
                    }
                }
                assertTrue(n > 200, "crate pixels in the game's framebuffer: " + n);
                Vector4f clip = viewProj.transform(new Vector4f((float) crate.position().x(), (float) crate.position().y(),
                        (float) crate.position().z(), 1f));
                double px = (clip.x / clip.w * 0.5 + 0.5) * W;
                double py = (clip.y / clip.w * 0.5 + 0.5) * H; // GL rows: bottom-up, like glReadPixels
                assertEquals(px, sx / n, 5, "crate x");
                assertEquals(py, sy / n, 5, "crate y");
            }
            glDeleteVertexArrays(gameVao);
            glDeleteRenderbuffers(colour);
            glDeleteFramebuffers(gameFbo);
        } finally {
            MemoryUtil.memFree(pixels);
            glfwMakeContextCurrent(0L);
            GL.setCapabilities(null);
            glfwDestroyWindow(window);
            // GLFW stays initialised: engine-render's own GLFW contexts in this JVM share it.
        }
    }
}
