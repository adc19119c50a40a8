package dev.tumble.render.gl;

import org.lwjgl.system.Platform;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Chooses and creates a {@link GlContext}.
 *
 * <p>The system property {@value #PROPERTY} picks the kind: {@code window}, {@code egl},
 * {@code glfw-null}, or {@code auto} (the default): a window when a display seems to exist
 * (Windows, macOS, or {@code DISPLAY}/{@code WAYLAND_DISPLAY} set), else headless EGL, falling
 * back to GLFW's null platform. Headless requests ({@link #createHeadless}) never open a window.
 */
public final class GlContexts {
    /** System property that overrides the automatic choice: {@code auto|window|egl|glfw-null}. */
    public static final String PROPERTY = "tumble.gl";

    private GlContexts() {
    }

    /**
     * Creates a context for an application that wants a window when one can be shown.
     *
     * @param width  width in pixels
     * @param height height in pixels
     * @param title  window title (ignored headless)
     * @return a current context
     * @throws GlUnavailableException with every attempt's reason when none could be made
     */
    public static GlContext create(int width, int height, String title) {
        String choice = System.getProperty(PROPERTY, "auto").trim().toLowerCase(Locale.ROOT);
        switch (choice) {
            case "window":
                return new GlfwWindowContext(width, height, title, true, true);
            case "egl":
                return new HeadlessEglContext(width, height);
            case "glfw-null":
                return new GlfwNullEglContext(width, height);
            case "auto":
            case "":
                if (displayAvailable()) {
                    try {
                        return new GlfwWindowContext(width, height, title, true, true);
                    } catch (GlUnavailableException e) {
                        return headless(width, height, new ArrayList<>(List.of("window: " + e.getMessage())));
                    }
                }
                return headless(width, height, new ArrayList<>());
            default:
                throw new IllegalArgumentException(PROPERTY + " must be auto, window, egl or glfw-null: " + choice);
        }
    }

    /**
     * Creates a headless context: {@code egl} or {@code glfw-null} when {@value #PROPERTY} names
     * one, else EGL first, then GLFW's null platform.
     *
     * @param width  nominal width in pixels
     * @param height nominal height in pixels
     * @return a current headless context
     * @throws GlUnavailableException with every attempt's reason when none could be made
     */
    public static GlContext createHeadless(int width, int height) {
        String choice = System.getProperty(PROPERTY, "auto").trim().toLowerCase(Locale.ROOT);
        if (choice.equals("egl")) {
            return new HeadlessEglContext(width, height);
        }
        if (choice.equals("glfw-null")) {
            return new GlfwNullEglContext(width, height);
        }
        return headless(width, height, new ArrayList<>());
    }

    private static GlContext headless(int width, int height, List<String> reasons) {
        try {
            return new HeadlessEglContext(width, height);
        } catch (GlUnavailableException | UnsatisfiedLinkError e) {
            reasons.add("egl: " + e.getMessage());
        }
        try {
            return new GlfwNullEglContext(width, height);
        } catch (GlUnavailableException | UnsatisfiedLinkError e) {
            reasons.add("glfw-null: " + e.getMessage());
        }
        throw new GlUnavailableException("no OpenGL 3.3 core context: " + String.join("; ", reasons)
                + ". On Debian/Ubuntu: apt-get install libegl1 libgl1-mesa-dri");
    }

    /** @return whether a desktop display is likely reachable from this process */
    public static boolean displayAvailable() {
        Platform p = Platform.get();
        if (p == Platform.WINDOWS || p == Platform.MACOSX) {
            return !Boolean.getBoolean("java.awt.headless");
        }
        return notBlank(System.getenv("DISPLAY")) || notBlank(System.getenv("WAYLAND_DISPLAY"));
    }

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }
}
