package dev.tumble.render.gl;

import org.lwjgl.PointerBuffer;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;
import org.lwjgl.system.MemoryStack;

import java.nio.IntBuffer;

import static dev.tumble.render.gl.Egl.*;

/**
 * A headless OpenGL 3.3 core context through EGL, with no display server: Mesa's surfaceless
 * platform when {@code EGL_MESA_platform_surfaceless} is offered (no surface at all), else the
 * default display with a small pbuffer surface. Draw into framebuffer objects only.
 *
 * <p>Needs {@code libEGL.so.1} and a Mesa driver (Debian: {@code libegl1 libgl1-mesa-dri}).
 */
public final class HeadlessEglContext implements GlContext {
    private final Egl egl;
    private final int width;
    private final int height;
    private long display;
    private long context;
    private long surface;
    private GLCapabilities caps;
    private final String description;

    /**
     * Creates the context and makes it current on the calling thread.
     *
     * @param width  nominal framebuffer width in pixels (the renderer sizes its own FBOs)
     * @param height nominal framebuffer height in pixels
     * @throws GlUnavailableException when EGL or a 3.3 core context is not available
     */
    public HeadlessEglContext(int width, int height) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("size must be positive: " + width + "x" + height);
        }
        this.width = width;
        this.height = height;
        this.egl = Egl.get();
        try (MemoryStack stack = MemoryStack.stackPush()) {
            String clientExt = egl.queryString(0L, EGL_EXTENSIONS);
            boolean surfaceless = clientExt != null && clientExt.contains("EGL_MESA_platform_surfaceless")
                    && egl.hasPlatformDisplay();
            if (surfaceless) {
                display = egl.getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, 0L);
            }
            if (display == 0L) {
                surfaceless = false;
                long getDisplay = egl.library.getFunctionAddress("eglGetDisplay");
                display = getDisplay == 0L ? 0L : org.lwjgl.system.JNI.invokePP(0L, getDisplay);
            }
            if (display == 0L) {
                throw new GlUnavailableException("no EGL display (" + egl.errorString() + ")");
            }
            IntBuffer major = stack.mallocInt(1);
            IntBuffer minor = stack.mallocInt(1);
            if (!egl.initialize(display, memAddr(major), memAddr(minor))) {
                throw new GlUnavailableException("eglInitialize failed (" + egl.errorString()
                        + "); is libgl1-mesa-dri installed?");
            }
            if (!egl.bindApi(EGL_OPENGL_API)) {
                fail("eglBindAPI(EGL_OPENGL_API) failed");
            }
            IntBuffer cfgAttribs = stack.ints(
                    EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                    EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                    EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
                    EGL_DEPTH_SIZE, 24,
                    EGL_NONE);
            PointerBuffer configs = stack.mallocPointer(1);
            IntBuffer count = stack.mallocInt(1);
            if (!egl.chooseConfig(display, memAddr(cfgAttribs), configs.address(), 1, memAddr(count)) || count.get(0) < 1) {
                fail("no EGL config with EGL_PBUFFER_BIT and EGL_OPENGL_BIT");
            }
            long config = configs.get(0);
            IntBuffer ctxAttribs = stack.ints(
                    EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                    EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                    EGL_NONE);
            context = egl.createContext(display, config, 0L, memAddr(ctxAttribs));
            if (context == 0L) {
                fail("eglCreateContext(3.3 core) failed");
            }
            if (!surfaceless) {
                IntBuffer pb = stack.ints(EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE);
                surface = egl.createPbufferSurface(display, config, memAddr(pb));
                if (surface == 0L) {
                    fail("eglCreatePbufferSurface failed");
                }
            }
            makeCurrent();
            description = "EGL " + (surfaceless ? "surfaceless" : "pbuffer") + " (EGL " + major.get(0) + "." + minor.get(0)
                    + "): " + GlFunctions.rendererAndVersion();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    private static long memAddr(IntBuffer b) {
        return org.lwjgl.system.MemoryUtil.memAddress(b);
    }

    private void fail(String what) {
        throw new GlUnavailableException(what + " (" + egl.errorString() + ")");
    }

    @Override
    public Kind kind() {
        return Kind.EGL;
    }

    @Override
    public void makeCurrent() {
        if (!egl.makeCurrent(display, surface, surface, context)) {
            fail("eglMakeCurrent failed");
        }
        if (caps == null) {
            caps = GlFunctions.load(egl, egl.functionProvider());
        }
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
        if (display == 0L) {
            return;
        }
        egl.makeCurrent(display, 0L, 0L, 0L);
        GL.setCapabilities(null);
        if (surface != 0L) {
            egl.destroySurface(display, surface);
            surface = 0L;
        }
        if (context != 0L) {
            egl.destroyContext(display, context);
            context = 0L;
        }
        // Do not eglTerminate: EGL displays are shared per process; other contexts may live on it.
        egl.releaseThread();
        display = 0L;
    }
}
