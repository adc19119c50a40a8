package dev.tumble.render.app;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.world.World;
import dev.tumble.render.scene.Camera;

/**
 * A physics scene as the viewer and the headless recorder drive it: a world plus the hooks a
 * scene needs (controls applied before each fixed step, a starting camera, body colours).
 * The viewer creates a fresh one on reset, so an implementation holds all of its state.
 */
public interface Simulation {

    /**
     * The world being simulated.
     *
     * @return the world
     */
    World world();

    /**
     * Called before each fixed physics step: apply keyboard controls (window) or a script
     * (headless, where {@code controls} is {@link Controls#NONE}).
     *
     * @param time     simulated time before this step, s
     * @param dt       the step, s
     * @param controls the user's input
     */
    default void beforeStep(double time, double dt, Controls controls) {
    }

    /**
     * The step this simulation is made for, s: a scene file's declared step, say. The window steps
     * it by that; 0 (the default) takes the window's own ({@link SimulationWindow#dt}).
     *
     * @return the fixed step, s (&gt; 0), or 0 for the window's
     */
    default double fixedStep() {
        return 0;
    }

    /**
     * Whether the scene reads this key in {@link #beforeStep}: the window then does not also fly
     * the camera with it (the camera flies with W, A, S, D, Q, E). A key the scene uses is the
     * scene's, not the viewer's; Escape always quits.
     *
     * @param glfwKey a GLFW key code
     * @return whether the scene uses the key
     */
    default boolean usesKey(int glfwKey) {
        return false;
    }

    /**
     * Moves the camera each frame: a scene that travels (an aircraft, a boat) keeps its subject
     * in view by retargeting it; the default leaves the camera where the user put it.
     *
     * @param camera the viewer's camera
     */
    default void updateCamera(Camera camera) {
    }

    /**
     * Adds what is drawn but not simulated (a water surface) to a frame's draw list.
     *
     * @param list the frame's draw list
     */
    default void decorate(dev.tumble.render.scene.DrawList list) {
    }

    /**
     * The camera the scene opens with.
     *
     * @return the initial camera
     */
    default Camera camera() {
        return new Camera().lookAt(8f, 6f, 12f, 0f, 1f, 0f);
    }

    /**
     * The colour of a body, {@code 0xRRGGBB}; the default picks a stable colour from its id
     * and greys static bodies.
     *
     * @param body the body
     * @return the colour, {@code 0xRRGGBB}
     */
    default int colour(RigidBody body) {
        if (!body.hasFiniteMass()) {
            return 0xB0B0A8;
        }
        int[] palette = {0xD05030, 0x3070C0, 0x40A050, 0xE0A020, 0x8050B0, 0x30A0A0, 0xC04080};
        return palette[Math.floorMod(body.id().hashCode(), palette.length)];
    }
}
