package dev.tumble.core.debug;

import org.joml.Matrix4x3dc;
import org.joml.Vector3dc;

/**
 * What the engine can draw for debugging, implemented by a renderer (engine-render has an
 * OpenGL one). Coordinates are world space in metres; colours are {@code 0xRRGGBB} ints.
 * Implementations batch the primitives and draw them when the frame is rendered.
 */
public interface DebugDraw {
    /** A line segment from {@code a} to {@code b}. */
    void segment(Vector3dc a, Vector3dc b, int rgb);

    /** A point marker of the given size (m). */
    void point(Vector3dc p, double size, int rgb);

    /** A wire box of the given half-extents (m), placed by {@code transform}. */
    void box(Matrix4x3dc transform, Vector3dc halfExtents, int rgb);

    /** A wire sphere. */
    void sphere(Vector3dc centre, double radius, int rgb);

    /** An arrow from {@code from} to {@code to}. */
    void arrow(Vector3dc from, Vector3dc to, int rgb);

    /** Text at a world position; renderers without text support may ignore it. */
    default void text(Vector3dc at, String text, int rgb) {
    }

    /** Colours used by the world's debug walker. */
    final class Colors {
        public static final int BODY = 0xC8C8C8;
        public static final int SLEEPING = 0x6A6AA0;
        public static final int CONTACT = 0xFF3030;
        public static final int NORMAL = 0xFFD020;
        public static final int VELOCITY = 0x30E030;
        public static final int AABB = 0x3080FF;
        public static final int JOINT = 0xFF40FF;

        private Colors() {
        }
    }
}
