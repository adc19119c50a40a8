package dev.tumble.render.debug;

import org.joml.Matrix4x3dc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Immediate-mode debug drawing in world coordinates (metres, y up): segments, points, boxes,
 * spheres, arrows and text labels, each with a packed {@code 0xRRGGBB} colour. What is drawn
 * lasts one frame. Meant to move to {@code dev.tumble.core.debug.DebugDraw}, so it depends on
 * JOML only; the shapes other than segments, points and text have default implementations
 * built from segments.
 */
public interface DebugDraw {
    /** Red. */ int RED = 0xFF3030;
    /** Green. */ int GREEN = 0x30E030;
    /** Blue. */ int BLUE = 0x3070FF;
    /** Yellow. */ int YELLOW = 0xFFE030;
    /** Cyan. */ int CYAN = 0x30E0E0;
    /** Magenta. */ int MAGENTA = 0xFF30FF;
    /** White. */ int WHITE = 0xFFFFFF;
    /** Orange. */ int ORANGE = 0xFF9020;
    /** Default point size, pixels. */ double DEFAULT_POINT_SIZE = 6.0;

    /**
     * Draws a line segment.
     *
     * @param x0 start x, metres
     * @param y0 start y, metres
     * @param z0 start z, metres
     * @param x1 end x, metres
     * @param y1 end y, metres
     * @param z1 end z, metres
     * @param rgb packed colour
     */
    void segment(double x0, double y0, double z0, double x1, double y1, double z1, int rgb);

    /**
     * Draws a square point marker of constant screen size.
     *
     * @param x position x, metres
     * @param y position y, metres
     * @param z position z, metres
     * @param sizePixels side of the marker in pixels
     * @param rgb packed colour
     */
    void point(double x, double y, double z, double sizePixels, int rgb);

    /**
     * Draws a text label anchored at a world point (drawn on top, constant screen size).
     *
     * @param x anchor x, metres
     * @param y anchor y, metres
     * @param z anchor z, metres
     * @param text the text (ASCII; newlines start new lines)
     * @param rgb packed colour
     */
    void text(double x, double y, double z, String text, int rgb);

    /** Draws a segment from {@code a} to {@code b}. */
    default void segment(Vector3dc a, Vector3dc b, int rgb) {
        segment(a.x(), a.y(), a.z(), b.x(), b.y(), b.z(), rgb);
    }

    /** Draws a point marker of {@link #DEFAULT_POINT_SIZE} pixels at {@code p}. */
    default void point(Vector3dc p, int rgb) {
        point(p.x(), p.y(), p.z(), DEFAULT_POINT_SIZE, rgb);
    }

    /** Draws a text label at {@code p}. */
    default void text(Vector3dc p, String text, int rgb) {
        text(p.x(), p.y(), p.z(), text, rgb);
    }

    /**
     * Draws the edges of an oriented box.
     *
     * @param transform local-to-world rigid transform of the box centre
     * @param hx half extent x, metres
     * @param hy half extent y, metres
     * @param hz half extent z, metres
     * @param rgb packed colour
     */
    default void box(Matrix4x3dc transform, double hx, double hy, double hz, int rgb) {
        Vector3d[] c = new Vector3d[8];
        for (int i = 0; i < 8; i++) {
            c[i] = transform.transformPosition(new Vector3d((i & 1) == 0 ? -hx : hx, (i & 2) == 0 ? -hy : hy,
                    (i & 4) == 0 ? -hz : hz));
        }
        for (int i = 0; i < 8; i++) {
            for (int bit = 1; bit < 8; bit <<= 1) {
                if ((i & bit) == 0) {
                    segment(c[i], c[i | bit], rgb);
                }
            }
        }
    }

    /**
     * Draws the edges of an axis-aligned box.
     *
     * @param min minimum corner, metres
     * @param max maximum corner, metres
     * @param rgb packed colour
     */
    default void aabb(Vector3dc min, Vector3dc max, int rgb) {
        box(new org.joml.Matrix4x3d().translation((min.x() + max.x()) / 2, (min.y() + max.y()) / 2, (min.z() + max.z()) / 2),
                (max.x() - min.x()) / 2, (max.y() - min.y()) / 2, (max.z() - min.z()) / 2, rgb);
    }

    /**
     * Draws a sphere as three great circles.
     *
     * @param centre centre, metres
     * @param radius radius, metres
     * @param rgb packed colour
     */
    default void sphere(Vector3dc centre, double radius, int rgb) {
        final int n = 32;
        for (int axis = 0; axis < 3; axis++) {
            double px = 0;
            double py = 0;
            double pz = 0;
            for (int i = 0; i <= n; i++) {
                double a = 2 * Math.PI * i / n;
                double u = radius * Math.cos(a);
                double v = radius * Math.sin(a);
                double x = centre.x() + (axis == 0 ? 0 : u);
                double y = centre.y() + (axis == 0 ? u : axis == 1 ? 0 : v);
                double z = centre.z() + (axis == 2 ? 0 : v);
                if (i > 0) {
                    segment(px, py, pz, x, y, z, rgb);
                }
                px = x;
                py = y;
                pz = z;
            }
        }
    }

    /**
     * Draws an arrow (a segment with a four-line head of a fifth of its length).
     *
     * @param from tail, metres
     * @param to head, metres
     * @param rgb packed colour
     */
    default void arrow(Vector3dc from, Vector3dc to, int rgb) {
        segment(from, to, rgb);
        Vector3d d = new Vector3d(to).sub(from);
        double len = d.length();
        if (!(len > 0.0)) {
            return;
        }
        d.div(len);
        Vector3d u = Math.abs(d.y) < 0.9 ? new Vector3d(0, 1, 0) : new Vector3d(1, 0, 0);
        Vector3d s = new Vector3d(d).cross(u).normalize();
        Vector3d t = new Vector3d(d).cross(s);
        double h = 0.2 * len;
        double w = 0.08 * len;
        Vector3d base = new Vector3d(to).fma(-h, d);
        segment(to, new Vector3d(base).fma(w, s), rgb);
        segment(to, new Vector3d(base).fma(-w, s), rgb);
        segment(to, new Vector3d(base).fma(w, t), rgb);
        segment(to, new Vector3d(base).fma(-w, t), rgb);
    }
}
