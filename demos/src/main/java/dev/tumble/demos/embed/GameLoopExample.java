package dev.tumble.demos.embed;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.debug.WorldDebugDraw;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.render.SceneRenderer;
import dev.tumble.render.debug.DebugRenderer;
import dev.tumble.render.scene.DrawList;
import dev.tumble.render.world.WorldView;
import org.joml.Matrix4f;
import org.lwjgl.glfw.GLFW;
import org.lwjgl.glfw.GLFWErrorCallback;
import org.lwjgl.opengl.GL;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.Platform;

import java.nio.IntBuffer;

import static org.lwjgl.glfw.GLFW.*;
import static org.lwjgl.opengl.GL33C.*;

/**
 * A game that owns its GLFW window, its GL context and its loop, and uses Tumble's renderer only
 * to draw the physics world with the game's own camera matrices — no {@code SimulationWindow},
 * no {@code GlContexts}. What the game does each frame:
 *
 * <ol>
 * <li>step its {@link World} (here once per frame at 60 Hz);</li>
 * <li>fill a {@link DrawList} from the world with a {@link WorldView};</li>
 * <li>optionally feed core's {@link WorldDebugDraw} walker into a {@link DebugRenderer};</li>
 * <li>{@link SceneRenderer#render(DrawList, org.joml.Matrix4fc, DebugRenderer)} with its own
 *     projection × view matrix, then {@link SceneRenderer#blitTo} into its default framebuffer
 *     (0) or an FBO of its own, and draw its own UI on top.</li>
 * </ol>
 *
 * The renderer restores the game's framebuffer binding, viewport, program and vertex array.
 * Run: {@code mvn -q -B -DskipTests package}, then
 * {@code java -cp demos/target/tumble-demos.jar dev.tumble.demos.embed.GameLoopExample} (on macOS
 * add {@code -XstartOnFirstThread}), or run this class from an IDE. It needs a display. Keys:
 * Escape quits, F1 toggles debug drawing.
 */
public final class GameLoopExample implements AutoCloseable {
    private static final double DT = 1 / 60.0;

    private final World world = new World(WorldSettings.builder().gravity(0, -9.81, 0).build());
    private final SceneRenderer renderer;
    private final DebugRenderer debug = new DebugRenderer();
    private final WorldView view = new WorldView();
    private final DrawList list = new DrawList();
    private final WorldDebugDraw walker = new WorldDebugDraw().layer(WorldDebugDraw.Layer.SHAPES, false);
    private final Matrix4f projection = new Matrix4f();
    private final Matrix4f cameraView = new Matrix4f();
    private final Matrix4f viewProjection = new Matrix4f();
    private boolean debugDrawing = true;
    private double time;

    /**
     * Builds the scene and the renderer; the game's OpenGL 3.3 core context must be current.
     *
     * @param width framebuffer width, pixels
     * @param height framebuffer height, pixels
     */
    public GameLoopExample(int width, int height) {
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        for (int i = 0; i < 5; i++) {
            world.addBody(RigidBody.dynamic(new Box(0.4, 0.4, 0.4)).position(0.05 * i, 0.4 + 0.81 * i, 0));
        }
        world.addBody(RigidBody.dynamic(new Sphere(0.5)).position(-3, 3, 0).velocity(4, 2, 0));
        renderer = new SceneRenderer(width, height);
    }

    /** @return the game's world */
    public World world() {
        return world;
    }

    /** @param on whether contacts, normals, velocities and joints are drawn */
    public void setDebugDrawing(boolean on) {
        debugDrawing = on;
    }

    /**
     * One frame of the game loop: one physics step, then the world drawn into
     * {@code framebuffer} (0: the window) with the game's own circling camera.
     *
     * @param framebuffer the game's target framebuffer object (0 for the default framebuffer)
     * @param width its width, pixels
     * @param height its height, pixels
     */
    public void frame(int framebuffer, int width, int height) {
        world.step(DT);
        time += DT;

        // The game's own camera, as plain JOML matrices.
        float angle = (float) (0.2 * time);
        projection.setPerspective((float) Math.toRadians(50), (float) width / height, 0.1f, 200f);
        cameraView.setLookAt(9f * (float) Math.sin(angle), 4f, 9f * (float) Math.cos(angle), 0f, 1.5f, 0f, 0f, 1f, 0f);
        projection.mul(cameraView, viewProjection);

        renderer.resize(width, height);
        view.fill(world, body -> body.hasFiniteMass() ? 0xD06A30 : 0xB0B0A8, list);
        if (debugDrawing) {
            world.debugDraw(walker, debug);
        }
        renderer.render(list, viewProjection, debug);
        renderer.blitTo(framebuffer, 0, 0, width, height);
        // ...the game's own UI would be drawn here, into its framebuffer.
    }

    /** Frees the renderer's GL objects; the game's context must still be current. */
    @Override
    public void close() {
        debug.close();
        renderer.close();
    }

    /**
     * Opens the game's window and runs the loop until it is closed.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        GLFWErrorCallback.createPrint(System.err).set();
        if (!glfwInit()) {
            throw new IllegalStateException("glfwInit failed (no display?)");
        }
        glfwDefaultWindowHints();
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        if (Platform.get() == Platform.MACOSX) {
            glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        }
        long window = glfwCreateWindow(1280, 720, "My game, drawing Tumble in its own loop", 0L, 0L);
        if (window == 0L) {
            glfwTerminate();
            throw new IllegalStateException("could not create a window with an OpenGL 3.3 core context");
        }
        glfwMakeContextCurrent(window);
        glfwSwapInterval(1);
        GL.createCapabilities();
        int[] size = framebufferSize(window);
        try (GameLoopExample game = new GameLoopExample(size[0], size[1])) {
            glfwSetKeyCallback(window, (w, key, scancode, action, mods) -> {
                if (action == GLFW_PRESS && key == GLFW_KEY_ESCAPE) {
                    glfwSetWindowShouldClose(w, true);
                } else if (action == GLFW_PRESS && key == GLFW_KEY_F1) {
                    game.debugDrawing = !game.debugDrawing;
                }
            });
            while (!glfwWindowShouldClose(window)) {
                glfwPollEvents();
                size = framebufferSize(window);
                if (size[0] > 0 && size[1] > 0) {
                    glBindFramebuffer(GL_FRAMEBUFFER, 0);
                    glViewport(0, 0, size[0], size[1]);
                    game.frame(0, size[0], size[1]);
                }
                glfwSwapBuffers(window);
            }
        } finally {
            org.lwjgl.glfw.Callbacks.glfwFreeCallbacks(window);
            glfwDestroyWindow(window);
            glfwTerminate();
            GLFW.glfwSetErrorCallback(null).free();
        }
    }

    private static int[] framebufferSize(long window) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            IntBuffer w = stack.mallocInt(1);
            IntBuffer h = stack.mallocInt(1);
            glfwGetFramebufferSize(window, w, h);
            return new int[] {w.get(0), h.get(0)};
        }
    }
}
