package dev.tumble.core.debug;

import org.joml.Matrix4x3dc;
import org.joml.Vector3dc;

/**
 * What the engine can draw for debugging, implemented by a renderer (engine-render has an
 * OpenGL one). Coordinates are world space in metres; colours are {@code 0xRRGGBB} ints.
 * Implementations batch the primitives and draw them when the frame is rendered.
 */
public interface DebugDraw {
    /**
     * A line segment from {@code a} to {@code b}.
     *
     * @param a the start, m
     * @param b the end, m
     * @param rgb the colour, {@code 0xRRGGBB}
     */
    void segment(Vector3dc a, Vector3dc b, int rgb);

    /**
     * A point marker of the given size (m).
     *
     * @param p the position, m
     * @param size the marker's size, m
     * @param rgb the colour, {@code 0xRRGGBB}
     */
    void point(Vector3dc p, double size, int rgb);

    /**
     * A wire box of the given half-extents (m), placed by {@code transform}.
     *
     * @param transform the box's body-to-world transform
     * @param halfExtents the half-extents, m
     * @param rgb the colour, {@code 0xRRGGBB}
     */
    void box(Matrix4x3dc transform, Vector3dc halfExtents, int rgb);

    /**
     * A wire sphere.
     *
     * @param centre the centre, m
     * @param radius the radius, m
     * @param rgb the colour, {@code 0xRRGGBB}
     */
    void sphere(Vector3dc centre, double radius, int rgb);

    /**
     * An arrow from {@code from} to {@code to}.
     *
     * @param from the tail, m
     * @param to the tip, m
     * @param rgb the colour, {@code 0xRRGGBB}
     */
    void arrow(Vector3dc from, Vector3dc to, int rgb);

    /**
     * Text at a world position; renderers without text support may ignore it.
     *
     * @param at the position, m
     * @param text the text
     * @param rgb the colour, {@code 0xRRGGBB}
     */
    default void text(Vector3dc at, String text, int rgb) {
    }

    /** Colours used by the world's debug walker. */
    final class Colors {
        /** Awake bodies' shapes: light grey. */
        public static final int BODY = 0xC8C8C8;
        /** Sleeping bodies' shapes: greyish blue. */
        public static final int SLEEPING = 0x6A6AA0;
        /** Contact points: red. */
        public static final int CONTACT = 0xFF3030;
        /** Contact normals: yellow. */
        public static final int NORMAL = 0xFFD020;
        /** Velocity arrows: green. */
        public static final int VELOCITY = 0x30E030;
        /** Broad-phase boxes: blue. */
        public static final int AABB = 0x3080FF;
        /** Joints: magenta. */
        public static final int JOINT = 0xFF40FF;

        private Colors() {
        }
    }
}
