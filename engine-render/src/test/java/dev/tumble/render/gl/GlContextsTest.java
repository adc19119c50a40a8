package dev.tumble.render.gl;

import dev.tumble.render.RequiresGl;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** Each headless context kind really makes a 3.3 core context; the property selects the kind. */
@RequiresGl
class GlContextsTest {
    @Test
    void eglSurfaceless() {
        try (GlContext c = new HeadlessEglContext(32, 32)) {
            assertEquals(GlContext.Kind.EGL, c.kind());
            assertTrue(c.isHeadless());
            assertTrue(c.describe().contains("Core Profile") || c.describe().contains("3."), c.describe());
        }
    }

    @Test
    void glfwNullPlatformWithEgl() {
        try (GlContext c = new GlfwNullEglContext(32, 32)) {
            assertEquals(GlContext.Kind.GLFW_NULL, c.kind());
            assertNotNull(org.lwjgl.opengl.GL.getCapabilities());
        }
        // And EGL again after switching the function provider back.
        try (GlContext c = new HeadlessEglContext(16, 16)) {
            assertTrue(org.lwjgl.opengl.GL.getCapabilities().OpenGL33);
        }
    }

    @Test
    void propertyOverridesTheChoice() {
        String old = System.getProperty(GlContexts.PROPERTY);
        try {
            System.setProperty(GlContexts.PROPERTY, "glfw-null");
            try (GlContext c = GlContexts.createHeadless(16, 16)) {
                assertEquals(GlContext.Kind.GLFW_NULL, c.kind());
            }
            System.setProperty(GlContexts.PROPERTY, "egl");
            try (GlContext c = GlContexts.create(16, 16, "t")) {
                assertEquals(GlContext.Kind.EGL, c.kind());
            }
            System.setProperty(GlContexts.PROPERTY, "bogus");
            assertThrows(IllegalArgumentException.class, () -> GlContexts.create(16, 16, "t"));
        } finally {
            if (old == null) {
                System.clearProperty(GlContexts.PROPERTY);
            } else {
                System.setProperty(GlContexts.PROPERTY, old);
            }
        }
    }
}
