import static org.lwjgl.glfw.GLFW.*;
import static org.lwjgl.opengl.GL33C.*;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.render.SceneRenderer;
import dev.tumble.render.scene.DrawList;
import dev.tumble.render.world.WorldView;
import java.nio.ByteBuffer;
import org.joml.Matrix4f;
import org.lwjgl.glfw.GLFWErrorCallback;
import org.lwjgl.opengl.GL;
import org.lwjgl.system.MemoryStack;

/**
 * A game outside the Tumble repository: runs README.md's example ({@code Example}, copied in from
 * the README), then opens its own GLFW window with an OpenGL 3.3 core context and, for 60 frames,
 * steps a world and draws it with Tumble's renderer and its own camera. It reads back the
 * window's centre pixel, where the falling red crate ends up, and exits non-zero if it is not
 * there.
 */
public final class DrawWorld {
    private static final int W = 320;
    private static final int H = 240;
    private static final int FRAMES = 60;
    private static final int CRATE = 0xE02020;
    private static final int GROUND = 0x808080;

    public static void main(String[] args) {
        Example.main(args);

        GLFWErrorCallback.createPrint(System.err).set();
        check(glfwInit(), "glfwInit failed (no display?)");
        glfwDefaultWindowHints();
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        glfwWindowHint(GLFW_RESIZABLE, GLFW_FALSE);
        long window = glfwCreateWindow(W, H, "Tumble in a game's own loop", 0L, 0L);
        check(window != 0L, "could not create a window with an OpenGL 3.3 core context");
        try {
            glfwMakeContextCurrent(window);
            glfwSwapInterval(0);
            GL.createCapabilities();
            int[] size = framebufferSize(window);

            World world = new World(WorldSettings.builder().gravity(0, -9.81, 0).build());
            world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
            RigidBody crate = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(0, 2, 0));
            Matrix4f viewProjection = new Matrix4f()
                    .setPerspective((float) Math.toRadians(50), (float) size[0] / size[1], 0.1f, 100f)
                    .lookAt(0f, 2.5f, 6f, 0f, 0.5f, 0f, 0f, 1f, 0f);
            WorldView view = new WorldView();
            DrawList list = new DrawList();
            int frames = 0;
            int centre;
            try (SceneRenderer renderer = new SceneRenderer(size[0], size[1]);
                    MemoryStack stack = MemoryStack.stackPush()) {
                ByteBuffer pixel = stack.malloc(4);
                do {
                    glfwPollEvents();
                    world.step(1 / 60.0);
                    view.fill(world, body -> body.hasFiniteMass() ? CRATE : GROUND, list);
                    renderer.render(list, viewProjection, null);
                    glBindFramebuffer(GL_FRAMEBUFFER, 0);
                    glViewport(0, 0, size[0], size[1]);
                    glClearColor(0f, 0f, 1f, 1f);
                    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
                    renderer.blitTo(0, 0, 0, size[0], size[1]);
                    glReadPixels(size[0] / 2, size[1] / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
                    centre = (pixel.get(0) & 0xFF) << 16 | (pixel.get(1) & 0xFF) << 8 | (pixel.get(2) & 0xFF);
                    glfwSwapBuffers(window);
                    frames++;
                } while (frames < FRAMES && !glfwWindowShouldClose(window));
                check(glGetError() == GL_NO_ERROR, "GL error " + glGetError());
            }
            int r = centre >> 16 & 0xFF;
            int g = centre >> 8 & 0xFF;
            int b = centre & 0xFF;
            check(frames == FRAMES, "drew " + frames + " frames, wanted " + FRAMES);
            check(crate.position().y() < 0.6, "the crate landed: y = " + crate.position().y());
            // Red, however lit: neither the grey ground, nor the renderer's blue-grey background,
            // nor the blue the game cleared its window to.
            check(r > 40 && r > 2 * g && r > 2 * b,
                    String.format("the window's centre shows the red crate: #%06X", centre));
            System.out.printf("drew %d frames of a %dx%d window in the game's own GLFW loop; centre pixel #%06X (the crate)%n",
                    frames, size[0], size[1], centre);
        } finally {
            glfwDestroyWindow(window);
            glfwTerminate();
            glfwSetErrorCallback(null).free();
        }
    }

    private static int[] framebufferSize(long window) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            var w = stack.mallocInt(1);
            var h = stack.mallocInt(1);
            glfwGetFramebufferSize(window, w, h);
            return new int[] {w.get(0), h.get(0)};
        }
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalStateException(message);
        }
    }
}
