package dev.tumble.render.gl;

import org.junit.jupiter.api.Test;

class GlContextSmokeTest {
    @Test
    void egl() {
        try (GlContext c = new HeadlessEglContext(64, 64)) {
            System.out.println(c.describe());
        }
        try (GlContext c = new HeadlessEglContext(64, 64)) {
            System.out.println(c.describe());
        }
        try (GlContext c = new GlfwNullEglContext(64, 64)) {
            System.out.println(c.describe());
        }
        try (GlContext c = new HeadlessEglContext(64, 64)) {
            System.out.println(c.describe());
        }
    }
}
