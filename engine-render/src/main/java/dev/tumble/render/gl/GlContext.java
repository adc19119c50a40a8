package dev.tumble.render.gl;

/**
 * An OpenGL 3.3 core context bound to the thread that created it, with GL functions loaded
 * and {@code GL.getCapabilities()} set for that thread.
 *
 * <p>Headless contexts draw only into framebuffer objects (the renderer owns them); a window
 * context also has a default framebuffer that {@link #swapBuffers()} presents.
 * Use one context per thread and close it on the thread that made it.
 */
public interface GlContext extends AutoCloseable {

    /** The kind of context, as chosen by {@link GlContexts}. */
    enum Kind {
        /** EGL on Mesa's surfaceless platform (or a pbuffer): no display, no window. */
        EGL,
        /** GLFW's null platform with an EGL context: headless, through GLFW. */
        GLFW_NULL,
        /** A desktop GLFW window. */
        WINDOW
    }

    /** @return which kind of context this is */
    Kind kind();

    /** @return {@code true} when there is no on-screen framebuffer to present */
    default boolean isHeadless() {
        return kind() != Kind.WINDOW;
    }

    /** Makes this context current on the calling thread (again) and selects its GL functions. */
    void makeCurrent();

    /** @return width in pixels of the default framebuffer (the requested size when headless) */
    int framebufferWidth();

    /** @return height in pixels of the default framebuffer (the requested size when headless) */
    int framebufferHeight();

    /** Presents the default framebuffer; a no-op when headless. */
    default void swapBuffers() {
    }

    /** Processes window events; a no-op when headless. */
    default void pollEvents() {
    }

    /** @return {@code true} once the user asked to close the window; always {@code false} headless */
    default boolean shouldClose() {
        return false;
    }

    /** @return a one-line description: kind, {@code GL_RENDERER} and {@code GL_VERSION} */
    String describe();

    /** Destroys the context; call on the thread that created it. Idempotent. */
    @Override
    void close();
}
