package dev.tumble.render.gl;

import org.lwjgl.glfw.GLFW;
import org.lwjgl.glfw.GLFWErrorCallback;
import org.lwjgl.system.FunctionProvider;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;
import org.lwjgl.system.Platform;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;

/** GLFW initialisation shared by the window and null-platform contexts (one platform per JVM run). */
final class GlfwSupport {
    private static final System.Logger LOG = System.getLogger(GlfwSupport.class.getName());
    private static int initialisedPlatform = -1;
    private static int users;
    private static String lastError = "";

    /** GL function lookup through GLFW (uses EGL or GLX, whatever GLFW used for the context). */
    static final FunctionProvider PROVIDER = new FunctionProvider() {
        @Override
        public long getFunctionAddress(ByteBuffer functionName) {
            return GLFW.nglfwGetProcAddress(MemoryUtil.memAddress(functionName));
        }
    };

    private GlfwSupport() {
    }

    /** Initialises GLFW for {@code platform} ({@code GLFW_ANY_PLATFORM} or {@code GLFW_PLATFORM_NULL}). */
    static synchronized void acquire(int platform) {
        if (initialisedPlatform != -1 && initialisedPlatform != platform) {
            if (users > 0) {
                throw new GlUnavailableException("GLFW is already in use with another platform in this JVM");
            }
            GLFW.glfwTerminate();
            initialisedPlatform = -1;
        }
        if (initialisedPlatform == -1) {
            GLFW.glfwSetErrorCallback((code, desc) -> lastError = GLFWErrorCallback.getDescription(desc));
            GLFW.glfwInitHint(GLFW.GLFW_PLATFORM, platform == GLFW.GLFW_ANY_PLATFORM && !waylandReachable()
                    ? GLFW.GLFW_PLATFORM_X11 : platform);
            if (!GLFW.glfwInit()) {
                throw new GlUnavailableException("glfwInit failed: " + lastError);
            }
            initialisedPlatform = platform;
        }
        users++;
    }

    /**
     * Whether GLFW's Wayland backend could connect at all. On Linux without {@code XDG_RUNTIME_DIR}
     * (an absolute path) nor {@code WAYLAND_SOCKET} nor an absolute {@code WAYLAND_DISPLAY}, libwayland
     * cannot find a compositor and its probe only prints "XDG_RUNTIME_DIR is invalid or not set";
     * GLFW is then asked for X11 directly, which is what it would have fallen back to.
     */
    private static boolean waylandReachable() {
        if (Platform.get() != Platform.LINUX) {
            return true;
        }
        String runtimeDir = System.getenv("XDG_RUNTIME_DIR");
        String display = System.getenv("WAYLAND_DISPLAY");
        boolean reachable = (runtimeDir != null && runtimeDir.startsWith("/"))
                || System.getenv("WAYLAND_SOCKET") != null
                || (display != null && display.startsWith("/"));
        if (!reachable) {
            LOG.log(System.Logger.Level.DEBUG, "XDG_RUNTIME_DIR is not set: GLFW uses X11, not Wayland");
        }
        return reachable;
    }

    static synchronized void release() {
        users = Math.max(0, users - 1);
    }

    /**
     * Releases a context's window: detaches it from the thread, forgets LWJGL's capabilities,
     * destroys the window and drops this context's hold on GLFW.
     */
    static void destroy(long window) {
        GLFW.glfwMakeContextCurrent(0L);
        org.lwjgl.opengl.GL.setCapabilities(null);
        GLFW.glfwDestroyWindow(window);
        release();
    }

    static String lastError() {
        return lastError;
    }

    /** Window hints for a 3.3 core context (forward-compatible, as macOS requires). */
    static void coreProfileHints() {
        GLFW.glfwDefaultWindowHints();
        GLFW.glfwWindowHint(GLFW.GLFW_CONTEXT_VERSION_MAJOR, 3);
        GLFW.glfwWindowHint(GLFW.GLFW_CONTEXT_VERSION_MINOR, 3);
        GLFW.glfwWindowHint(GLFW.GLFW_OPENGL_PROFILE, GLFW.GLFW_OPENGL_CORE_PROFILE);
        if (Platform.get() == Platform.MACOSX) {
            GLFW.glfwWindowHint(GLFW.GLFW_OPENGL_FORWARD_COMPAT, GLFW.GLFW_TRUE);
        }
    }

    static int[] framebufferSize(long window) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            IntBuffer w = stack.mallocInt(1);
            IntBuffer h = stack.mallocInt(1);
            GLFW.glfwGetFramebufferSize(window, w, h);
            return new int[] {w.get(0), h.get(0)};
        }
    }
}
