package dev.tumble.demos.cli;

import dev.tumble.render.HeadlessRecorder;
import org.lwjgl.system.MemoryStack;

/**
 * Opens a {@link HeadlessRecorder}, working around a renderer bug until it is fixed there:
 * {@code HeadlessEglContext} passes {@code eglGetPlatformDisplay} (EGL 1.5, whose attribute list
 * is 64-bit {@code EGLAttrib}) a 32-bit {@code {EGL_NONE}} from the LWJGL stack, so EGL also
 * reads the 4 bytes above it. When they are not zero (whatever ran on the thread's stack
 * before), EGL answers EGL_BAD_ATTRIBUTE, falls back to X11 and fails, and the automatic choice
 * then dies in GLFW's null platform ("OpenGL library has already been loaded"). Opening the
 * recorder inside a stack frame that starts with zeroed bytes makes those 4 bytes zero.
 */
final class HeadlessGl {
    private static final int ATTEMPTS = 5;

    private HeadlessGl() {
    }

    static HeadlessRecorder open(int width, int height) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            stack.calloc(8, 64);
            return new HeadlessRecorder(width, height);
        }
    }

}
