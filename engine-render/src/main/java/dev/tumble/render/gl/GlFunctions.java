package dev.tumble.render.gl;

import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GL33C;
import org.lwjgl.opengl.GLCapabilities;
import org.lwjgl.system.Configuration;
import org.lwjgl.system.FunctionProvider;

/**
 * Loads GL function pointers through the provider that matches the current context (EGL's
 * {@code eglGetProcAddress} or GLFW's), so that headless use needs neither libGL nor GLX.
 * LWJGL keeps one global provider; switching kinds in one JVM re-creates it.
 */
final class GlFunctions {
    private static Object currentKey;

    static {
        Configuration.OPENGL_EXPLICIT_INIT.set(true);
    }

    private GlFunctions() {
    }

    /**
     * Makes sure LWJGL's GL provider is {@code provider} (identified by {@code key}) and
     * creates capabilities for the context current on this thread.
     */
    static synchronized GLCapabilities load(Object key, FunctionProvider provider) {
        if (currentKey != key) {
            if (currentKey != null) {
                GL.destroy();
            }
            GL.create(provider);
            currentKey = key;
        }
        GLCapabilities caps = GL.createCapabilities(true);
        if (!caps.OpenGL33) {
            throw new GlUnavailableException("OpenGL 3.3 core is not available: " + GL33C.glGetString(GL33C.GL_VERSION));
        }
        return caps;
    }

    /** @return "renderer, version" of the current context */
    static String rendererAndVersion() {
        return GL33C.glGetString(GL33C.GL_RENDERER) + ", " + GL33C.glGetString(GL33C.GL_VERSION);
    }
}
