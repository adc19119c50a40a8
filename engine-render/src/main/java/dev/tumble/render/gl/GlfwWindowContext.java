package dev.tumble.render.gl;

import org.lwjgl.glfw.GLFW;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;

/**
 * A desktop window with an OpenGL 3.3 core context (GLFW's default platform: X11, Wayland,
 * Win32 or Cocoa). On macOS the JVM must run with {@code -XstartOnFirstThread}.
 */
public final class GlfwWindowContext implements GlContext {
    private long window;
    private final GLCapabilities caps;
    private final String description;

    /**
     * Opens the window and makes its context current on the calling thread.
     *
     * @param width   window width in screen coordinates
     * @param height  window height in screen coordinates
     * @param title   window title
     * @param visible whether to show the window (hidden windows still render, e.g. under Xvfb)
     * @param vsync   whether {@link #swapBuffers()} waits for the display's refresh
     * @throws GlUnavailableException when no display or no 3.3 core context is available
     */
    public GlfwWindowContext(int width, int height, String title, boolean visible, boolean vsync) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("size must be positive: " + width + "x" + height);
        }
        try {
            GlfwSupport.acquire(GLFW.GLFW_ANY_PLATFORM);
        } catch (UnsatisfiedLinkError e) {
            throw new GlUnavailableException("GLFW natives not loadable: " + e.getMessage(), e);
        }
        GlfwSupport.coreProfileHints();
        GLFW.glfwWindowHint(GLFW.GLFW_VISIBLE, visible ? GLFW.GLFW_TRUE : GLFW.GLFW_FALSE);
        GLFW.glfwWindowHint(GLFW.GLFW_RESIZABLE, GLFW.GLFW_TRUE);
        window = GLFW.glfwCreateWindow(width, height, title, 0L, 0L);
        if (window == 0L) {
            GlfwSupport.release();
            throw new GlUnavailableException("could not open a window with a 3.3 core context: " + GlfwSupport.lastError());
        }
        GLFW.glfwMakeContextCurrent(window);
        GLFW.glfwSwapInterval(vsync ? 1 : 0);
        caps = GlFunctions.load(GlfwSupport.PROVIDER, GlfwSupport.PROVIDER);
        description = "GLFW window: " + GlFunctions.rendererAndVersion();
    }

    /** @return the GLFW window handle, for input callbacks (camera controls, picking) */
    public long handle() {
        return window;
    }

    @Override
    public Kind kind() {
        return Kind.WINDOW;
    }

    @Override
    public void makeCurrent() {
        GLFW.glfwMakeContextCurrent(window);
        GL.setCapabilities(caps);
    }

    @Override
    public int framebufferWidth() {
        return GlfwSupport.framebufferSize(window)[0];
    }

    @Override
    public int framebufferHeight() {
        return GlfwSupport.framebufferSize(window)[1];
    }

    @Override
    public void swapBuffers() {
        GLFW.glfwSwapBuffers(window);
    }

    @Override
    public void pollEvents() {
        GLFW.glfwPollEvents();
    }

    @Override
    public boolean shouldClose() {
        return GLFW.glfwWindowShouldClose(window);
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public void close() {
        if (window != 0L) {
            GlfwSupport.destroy(window);
            window = 0L;
        }
    }
}
