package dev.tumble.render.app;

/**
 * What a {@link Simulation} can read of the user's input before a step. In a window it is the
 * keyboard; headless it is {@link #NONE}, and scenes that need input run a script instead.
 */
@FunctionalInterface
public interface Controls {

    /** No keys held: the headless and test input. */
    Controls NONE = key -> false;

    /**
     * Whether a key is held.
     *
     * @param glfwKey a GLFW key code ({@code GLFW_KEY_*}); headless code may use the same codes
     * @return true while the key is down
     */
    boolean isDown(int glfwKey);
}
