package dev.tumble.render.gl;

import org.lwjgl.system.FunctionProvider;
import org.lwjgl.system.JNI;
import org.lwjgl.system.Library;
import org.lwjgl.system.MemoryUtil;
import org.lwjgl.system.SharedLibrary;

import java.nio.ByteBuffer;

/**
 * The handful of EGL 1.5 entry points the headless context needs, called through LWJGL's
 * {@link JNI} trampolines on function pointers looked up in {@code libEGL}.
 *
 * <p>The module does not depend on LWJGL's {@code lwjgl-egl} binding: its EGL wrapper rejects
 * the null native display that {@code EGL_PLATFORM_SURFACELESS_MESA} needs, so the few functions
 * are bound here. Not thread-safe beyond what EGL itself guarantees.
 */
final class Egl {
    static final int EGL_NONE = 0x3038;
    static final int EGL_SUCCESS = 0x3000;
    static final int EGL_EXTENSIONS = 0x3055;
    static final int EGL_VENDOR = 0x3053;
    static final int EGL_SURFACE_TYPE = 0x3033;
    static final int EGL_PBUFFER_BIT = 0x0001;
    static final int EGL_RENDERABLE_TYPE = 0x3040;
    static final int EGL_OPENGL_BIT = 0x0008;
    static final int EGL_RED_SIZE = 0x3024;
    static final int EGL_GREEN_SIZE = 0x3023;
    static final int EGL_BLUE_SIZE = 0x3022;
    static final int EGL_ALPHA_SIZE = 0x3021;
    static final int EGL_DEPTH_SIZE = 0x3025;
    static final int EGL_WIDTH = 0x3057;
    static final int EGL_HEIGHT = 0x3056;
    static final int EGL_OPENGL_API = 0x30A2;
    static final int EGL_CONTEXT_MAJOR_VERSION = 0x3098;
    static final int EGL_CONTEXT_MINOR_VERSION = 0x30FB;
    static final int EGL_CONTEXT_OPENGL_PROFILE_MASK = 0x30FD;
    static final int EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT = 0x0001;
    static final int EGL_PLATFORM_SURFACELESS_MESA = 0x31DD;

    private static Egl instance;

    final SharedLibrary library;
    private final long getProcAddress;
    private final long getError;
    private final long queryString;
    private final long getPlatformDisplay;
    private final boolean platformAttribsArePointers;
    private final long initialize;
    private final long terminate;
    private final long bindApi;
    private final long chooseConfig;
    private final long createContext;
    private final long destroyContext;
    private final long createPbufferSurface;
    private final long destroySurface;
    private final long makeCurrent;
    private final long releaseThread;

    private Egl(SharedLibrary lib) {
        this.library = lib;
        getProcAddress = required(lib, "eglGetProcAddress");
        getError = required(lib, "eglGetError");
        queryString = required(lib, "eglQueryString");
        initialize = required(lib, "eglInitialize");
        terminate = required(lib, "eglTerminate");
        bindApi = required(lib, "eglBindAPI");
        chooseConfig = required(lib, "eglChooseConfig");
        createContext = required(lib, "eglCreateContext");
        destroyContext = required(lib, "eglDestroyContext");
        createPbufferSurface = required(lib, "eglCreatePbufferSurface");
        destroySurface = required(lib, "eglDestroySurface");
        makeCurrent = required(lib, "eglMakeCurrent");
        releaseThread = required(lib, "eglReleaseThread");
        long gpd = lib.getFunctionAddress("eglGetPlatformDisplay");
        // EGL 1.5's eglGetPlatformDisplay reads an EGLAttrib (pointer-sized) list; the EXT
        // variant reads an EGLint list. Passing 32-bit entries to the former made it read stack
        // garbage after EGL_NONE and fail with EGL_BAD_ATTRIBUTE now and then.
        platformAttribsArePointers = gpd != 0L;
        if (gpd == 0L) {
            gpd = procAddress("eglGetPlatformDisplayEXT");
        }
        getPlatformDisplay = gpd;
    }

    /** Loads libEGL once per JVM; throws {@link GlUnavailableException} when it cannot be loaded. */
    static synchronized Egl get() {
        if (instance == null) {
            SharedLibrary lib;
            try {
                lib = Library.loadNative(Egl.class, "org.lwjgl.egl", "libEGL.so.1");
            } catch (Throwable t) {
                try {
                    lib = Library.loadNative(Egl.class, "org.lwjgl.egl", "libEGL.so");
                } catch (Throwable t2) {
                    throw new GlUnavailableException("libEGL not found (install libegl1 and libgl1-mesa-dri): " + t2.getMessage(), t2);
                }
            }
            instance = new Egl(lib);
        }
        return instance;
    }

    private static long required(SharedLibrary lib, String name) {
        long a = lib.getFunctionAddress(name);
        if (a == 0L) {
            throw new GlUnavailableException("libEGL lacks " + name);
        }
        return a;
    }

    /** A function provider over {@code eglGetProcAddress}, for {@code GL.create}. */
    FunctionProvider functionProvider() {
        return new FunctionProvider() {
            @Override
            public long getFunctionAddress(ByteBuffer functionName) {
                return JNI.invokePP(MemoryUtil.memAddress(functionName), getProcAddress);
            }
        };
    }

    long procAddress(String name) {
        ByteBuffer b = MemoryUtil.memASCII(name, true);
        try {
            return JNI.invokePP(MemoryUtil.memAddress(b), getProcAddress);
        } finally {
            MemoryUtil.memFree(b);
        }
    }

    int getError() {
        return JNI.invokeI(getError);
    }

    /** Returns the string, or {@code null}; {@code display} may be 0 (EGL_NO_DISPLAY) for client extensions. */
    String queryString(long display, int name) {
        long p = JNI.invokePP(display, name, queryString);
        return p == 0L ? null : MemoryUtil.memASCII(p);
    }

    boolean hasPlatformDisplay() {
        return getPlatformDisplay != 0L;
    }

    /** {@code eglGetPlatformDisplay[EXT]} with an empty attribute list of the width the function reads. */
    long getPlatformDisplay(int platform, long nativeDisplay) {
        try (org.lwjgl.system.MemoryStack stack = org.lwjgl.system.MemoryStack.stackPush()) {
            long attribs = platformAttribsArePointers
                    ? org.lwjgl.system.MemoryUtil.memAddress(stack.pointers(EGL_NONE))
                    : org.lwjgl.system.MemoryUtil.memAddress(stack.ints(EGL_NONE));
            return JNI.invokePPP(platform, nativeDisplay, attribs, getPlatformDisplay);
        }
    }

    boolean initialize(long display, long majorOut, long minorOut) {
        return JNI.invokePPPI(display, majorOut, minorOut, initialize) != 0;
    }

    boolean terminate(long display) {
        return JNI.invokePI(display, terminate) != 0;
    }

    boolean bindApi(int api) {
        return JNI.invokeI(api, bindApi) != 0;
    }

    boolean chooseConfig(long display, long attribs, long configsOut, int configSize, long numConfigOut) {
        return JNI.invokePPPPI(display, attribs, configsOut, configSize, numConfigOut, chooseConfig) != 0;
    }

    long createContext(long display, long config, long share, long attribs) {
        return JNI.invokePPPPP(display, config, share, attribs, createContext);
    }

    boolean destroyContext(long display, long context) {
        return JNI.invokePPI(display, context, destroyContext) != 0;
    }

    long createPbufferSurface(long display, long config, long attribs) {
        return JNI.invokePPPP(display, config, attribs, createPbufferSurface);
    }

    boolean destroySurface(long display, long surface) {
        return JNI.invokePPI(display, surface, destroySurface) != 0;
    }

    boolean makeCurrent(long display, long draw, long read, long context) {
        return JNI.invokePPPPI(display, draw, read, context, makeCurrent) != 0;
    }

    boolean releaseThread() {
        return JNI.invokeI(releaseThread) != 0;
    }

    String errorString() {
        return "EGL error 0x" + Integer.toHexString(getError());
    }
}
