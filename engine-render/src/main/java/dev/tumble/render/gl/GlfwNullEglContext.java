package dev.tumble.render.gl;

import org.lwjgl.glfw.GLFW;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;

/**
 * A headless context through GLFW's null platform with an EGL context
 * ({@code GLFW_PLATFORM_NULL} + {@code GLFW_EGL_CONTEXT_API}): the fallback when the direct EGL
 * path fails. Draw into framebuffer objects; there is nothing to present.
 */
public final class GlfwNullEglContext implements GlContext {
    private final int width;
    private final int height;
    private long window;
    private final GLCapabilities caps;
    private final String description;

    /**
     * Creates the context and makes it current on the calling thread.
     *
     * @param width  nominal width in pixels
     * @param height nominal height in pixels
     * @throws GlUnavailableException when GLFW's null platform or EGL is not available
     */
    public GlfwNullEglContext(int width, int height) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("size must be positive: " + width + "x" + height);
        }
        this.width = width;
        this.height = height;
        try {
            GlfwSupport.acquire(GLFW.GLFW_PLATFORM_NULL);
        } catch (UnsatisfiedLinkError e) {
            throw new GlUnavailableException("GLFW natives not loadable: " + e.getMessage(), e);
        }
        GlfwSupport.coreProfileHints();
        GLFW.glfwWindowHint(GLFW.GLFW_CONTEXT_CREATION_API, GLFW.GLFW_EGL_CONTEXT_API);
        GLFW.glfwWindowHint(GLFW.GLFW_VISIBLE, GLFW.GLFW_FALSE);
        window = GLFW.glfwCreateWindow(width, height, "tumble-headless", 0L, 0L);
        if (window == 0L) {
            GlfwSupport.release();
            throw new GlUnavailableException("GLFW null platform could not create an EGL 3.3 core context: " + GlfwSupport.lastError());
        }
        GLFW.glfwMakeContextCurrent(window);
        caps = GlFunctions.load(GlfwSupport.PROVIDER, GlfwSupport.PROVIDER);
        description = "GLFW null platform + EGL: " + GlFunctions.rendererAndVersion();
    }

    @Override
    public Kind kind() {
        return Kind.GLFW_NULL;
    }

    @Override
    public void makeCurrent() {
        GLFW.glfwMakeContextCurrent(window);
        GL.setCapabilities(caps);
    }

    @Override
    public int framebufferWidth() {
        return width;
    }

    @Override
    public int framebufferHeight() {
        return height;
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
