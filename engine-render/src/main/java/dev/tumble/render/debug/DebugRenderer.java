package dev.tumble.render.debug;

import dev.tumble.core.debug.DebugDraw;
import dev.tumble.render.internal.ShaderProgram;
import dev.tumble.render.text.TextBatch;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.joml.Matrix4fc;
import org.joml.Matrix4x3dc;
import org.joml.Vector3dc;
import org.joml.Vector4f;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.opengl.GL33C.*;

/**
 * The OpenGL 3.3 core implementation of core's {@link DebugDraw}: segments, boxes, spheres and
 * arrows become lines (depth-tested against the scene), points become square markers drawn on
 * top of everything (so contacts hidden behind a body still show), text becomes
 * {@code stb_easy_font} labels. Feed it with core's walker,
 * {@code world.debugDraw(walker, debugRenderer)}, or call it directly; then draw it with the
 * frame ({@code SceneRenderer.render(scene, camera, debugRenderer)}) or by {@link #render}.
 * The batch is cleared after drawing. Collecting needs no GL; create the GL objects, draw and
 * close on the GL thread.
 */
public final class DebugRenderer implements DebugDraw, AutoCloseable {
    /** Smallest drawn point marker, pixels, however far away its point is. */
    public static final float MIN_POINT_PIXELS = 5f;
    private static final int FLOATS = 7; // x y z r g b size (size > 0: metres, < 0: pixels)
    private static final int SPHERE_SEGMENTS = 24;
    private static final float TEXT_SCALE = 1.5f;

    private static final String VS = "#version 330 core\n"
            + "layout(location=0) in vec3 aPos;\nlayout(location=1) in vec4 aColor;\n"
            + "uniform mat4 uViewProj;\nuniform float uPixelsPerMetre;\nuniform float uMinPixels;\nout vec3 vColor;\n"
            + "void main(){\n"
            + "  vColor = aColor.rgb;\n"
            + "  gl_Position = uViewProj * vec4(aPos, 1.0);\n"
            // Metres to pixels at this depth: the projection's y scale over clip w, half the viewport.
            + "  float px = aColor.a < 0.0 ? -aColor.a : aColor.a * uPixelsPerMetre / max(gl_Position.w, 1e-6);\n"
            + "  gl_PointSize = max(px, uMinPixels);\n"
            + "}\n";
    private static final String FS = "#version 330 core\n"
            + "in vec3 vColor;\nout vec4 fragColor;\nvoid main(){ fragColor = vec4(vColor, 1.0); }\n";

    private final double[] corner = new double[24];
    private final double[] basis = new double[6];
    private float[] lines = new float[FLOATS * 1024];
    private int lineVerts;
    private float[] points = new float[FLOATS * 256];
    private int pointVerts;
    private final List<Label> labels = new ArrayList<>();
    private int labelCount;
    private final TextBatch text = new TextBatch();
    private final Vector4f clip = new Vector4f();
    private boolean depthTest = true;

    private ShaderProgram program;
    private int vao;
    private int vbo;
    private FloatBuffer upload;

    private static final class Label {
        double x;
        double y;
        double z;
        String text;
        int rgb;
    }

    /**
     * Whether lines are hidden behind scene geometry (default true); points and text are always on top.
     *
     * @param enabled whether the depth test applies to lines
     */
    public void setDepthTest(boolean enabled) {
        this.depthTest = enabled;
    }

    // ------------------------------------------------------------------ core's DebugDraw

    @Override
    public void segment(Vector3dc a, Vector3dc b, int rgb) {
        segment(a.x(), a.y(), a.z(), b.x(), b.y(), b.z(), rgb);
    }

    /** A point marker {@code size} metres across (at least {@link #MIN_POINT_PIXELS} pixels). */
    @Override
    public void point(Vector3dc p, double size, int rgb) {
        point(p.x(), p.y(), p.z(), size, rgb);
    }

    @Override
    public void box(Matrix4x3dc t, Vector3dc halfExtents, int rgb) {
        box(t, halfExtents.x(), halfExtents.y(), halfExtents.z(), rgb);
    }

    @Override
    public void sphere(Vector3dc c, double radius, int rgb) {
        sphere(c.x(), c.y(), c.z(), radius, rgb);
    }

    @Override
    public void arrow(Vector3dc from, Vector3dc to, int rgb) {
        arrow(from.x(), from.y(), from.z(), to.x(), to.y(), to.z(), rgb);
    }

    @Override
    public void text(Vector3dc at, String s, int rgb) {
        text(at.x(), at.y(), at.z(), s, rgb);
    }

    // ------------------------------------------------------------------ the same, on plain doubles

    /**
     * A line segment, metres.
     *
     * @param x0 start x, m
     * @param y0 start y, m
     * @param z0 start z, m
     * @param x1 end x, m
     * @param y1 end y, m
     * @param z1 end z, m
     * @param rgb the colour, {@code 0xRRGGBB}
     */
    public void segment(double x0, double y0, double z0, double x1, double y1, double z1, int rgb) {
        if (lines.length < (lineVerts + 2) * FLOATS) {
            lines = Arrays.copyOf(lines, lines.length * 2);
        }
        put(lines, lineVerts++, x0, y0, z0, rgb, 1f);
        put(lines, lineVerts++, x1, y1, z1, rgb, 1f);
    }

    /**
     * A point marker {@code sizeMetres} across (at least {@link #MIN_POINT_PIXELS} pixels).
     *
     * @param x centre x, m
     * @param y centre y, m
     * @param z centre z, m
     * @param sizeMetres the marker's size, m
     * @param rgb the colour, {@code 0xRRGGBB}
     */
    public void point(double x, double y, double z, double sizeMetres, int rgb) {
        addPoint(x, y, z, (float) Math.max(sizeMetres, 0), rgb);
    }

    /**
     * A point marker of a fixed size on screen, pixels.
     *
     * @param x centre x, m
     * @param y centre y, m
     * @param z centre z, m
     * @param sizePixels the marker's size, pixels
     * @param rgb the colour, {@code 0xRRGGBB}
     */
    public void pointPixels(double x, double y, double z, double sizePixels, int rgb) {
        addPoint(x, y, z, -(float) Math.max(sizePixels, 1), rgb);
    }

    private void addPoint(double x, double y, double z, float size, int rgb) {
        if (points.length < (pointVerts + 1) * FLOATS) {
            points = Arrays.copyOf(points, points.length * 2);
        }
        put(points, pointVerts++, x, y, z, rgb, size);
    }

    /**
     * The 12 edges of a box of half-extents (m) placed by the rigid transform {@code t}.
     *
     * @param t the box's body-to-world transform
     * @param hx half-extent along x, m
     * @param hy half-extent along y, m
     * @param hz half-extent along z, m
     * @param rgb the colour, {@code 0xRRGGBB}
     */
    public void box(Matrix4x3dc t, double hx, double hy, double hz, int rgb) {
        for (int i = 0; i < 8; i++) {
            double x = (i & 1) == 0 ? -hx : hx;
            double y = (i & 2) == 0 ? -hy : hy;
            double z = (i & 4) == 0 ? -hz : hz;
            corner[3 * i] = t.m00() * x + t.m10() * y + t.m20() * z + t.m30();
            corner[3 * i + 1] = t.m01() * x + t.m11() * y + t.m21() * z + t.m31();
            corner[3 * i + 2] = t.m02() * x + t.m12() * y + t.m22() * z + t.m32();
        }
        for (int i = 0; i < 8; i++) {
            for (int bit = 1; bit < 8; bit <<= 1) {
                if ((i & bit) == 0) {
                    int j = i | bit;
                    segment(corner[3 * i], corner[3 * i + 1], corner[3 * i + 2], corner[3 * j], corner[3 * j + 1],
                            corner[3 * j + 2], rgb);
                }
            }
        }
    }

    /**
     * A sphere as three great circles, metres.
     *
     * @param cx centre x, m
     * @param cy centre y, m
     * @param cz centre z, m
     * @param r the radius, m
     * @param rgb the colour, {@code 0xRRGGBB}
     */
    public void sphere(double cx, double cy, double cz, double r, int rgb) {
        for (int axis = 0; axis < 3; axis++) {
            double px = 0;
            double py = 0;
            double pz = 0;
            for (int i = 0; i <= SPHERE_SEGMENTS; i++) {
                double a = 2 * Math.PI * i / SPHERE_SEGMENTS;
                double u = r * Math.cos(a);
                double v = r * Math.sin(a);
                double x = cx + (axis == 0 ? 0 : u);
                double y = cy + (axis == 0 ? u : axis == 1 ? 0 : v);
                double z = cz + (axis == 2 ? 0 : v);
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
     * An arrow: a segment and a four-line head a fifth of its length, metres.
     *
     * @param x0 tail x, m
     * @param y0 tail y, m
     * @param z0 tail z, m
     * @param x1 tip x, m
     * @param y1 tip y, m
     * @param z1 tip z, m
     * @param rgb the colour, {@code 0xRRGGBB}
     */
    public void arrow(double x0, double y0, double z0, double x1, double y1, double z1, int rgb) {
        segment(x0, y0, z0, x1, y1, z1, rgb);
        double dx = x1 - x0;
        double dy = y1 - y0;
        double dz = z1 - z0;
        double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (!(len > 0)) {
            return;
        }
        dx /= len;
        dy /= len;
        dz /= len;
        perpendiculars(dx, dy, dz);
        double h = 0.2 * len;
        double w = 0.08 * len;
        double bx = x1 - h * dx;
        double by = y1 - h * dy;
        double bz = z1 - h * dz;
        for (int k = 0; k < 4; k++) {
            double sign = k < 2 ? 1 : -1;
            int o = (k & 1) * 3;
            segment(x1, y1, z1, bx + sign * w * basis[o], by + sign * w * basis[o + 1], bz + sign * w * basis[o + 2], rgb);
        }
    }

    /** Two unit vectors perpendicular to the unit (dx, dy, dz) and to each other, into {@link #basis}. */
    private void perpendiculars(double dx, double dy, double dz) {
        // s = d × u with u = world y, or world x when d is nearly vertical.
        boolean vertical = Math.abs(dy) >= 0.9;
        double sx = vertical ? 0 : -dz;
        double sy = vertical ? dz : 0;
        double sz = vertical ? -dy : dx;
        double sl = Math.sqrt(sx * sx + sy * sy + sz * sz);
        sx /= sl;
        sy /= sl;
        sz /= sl;
        basis[0] = sx;
        basis[1] = sy;
        basis[2] = sz;
        basis[3] = dy * sz - dz * sy;
        basis[4] = dz * sx - dx * sz;
        basis[5] = dx * sy - dy * sx;
    }

    /**
     * A text label anchored at a world point, drawn on top at constant screen size.
     *
     * @param x anchor x, m
     * @param y anchor y, m
     * @param z anchor z, m
     * @param s the text
     * @param rgb the colour, {@code 0xRRGGBB}
     */
    public void text(double x, double y, double z, String s, int rgb) {
        if (s == null || s.isEmpty()) {
            return;
        }
        if (labelCount == labels.size()) {
            labels.add(new Label());
        }
        Label l = labels.get(labelCount++);
        l.x = x;
        l.y = y;
        l.z = z;
        l.text = s;
        l.rgb = rgb;
    }

    private static void put(float[] a, int vertex, double x, double y, double z, int rgb, float size) {
        int o = vertex * FLOATS;
        a[o] = (float) x;
        a[o + 1] = (float) y;
        a[o + 2] = (float) z;
        a[o + 3] = ((rgb >> 16) & 0xFF) / 255f;
        a[o + 4] = ((rgb >> 8) & 0xFF) / 255f;
        a[o + 5] = (rgb & 0xFF) / 255f;
        a[o + 6] = size;
    }

    /** @return line segments collected so far */
    public int segmentCount() {
        return lineVerts / 2;
    }

    /** @return point markers collected so far */
    public int pointCount() {
        return pointVerts;
    }

    /** @return whether nothing has been collected since the last render or clear */
    public boolean isEmpty() {
        return lineVerts == 0 && pointVerts == 0 && labelCount == 0;
    }

    /** Forgets everything collected. */
    public void clear() {
        lineVerts = 0;
        pointVerts = 0;
        for (int i = 0; i < labelCount; i++) {
            labels.get(i).text = null;
        }
        labelCount = 0;
    }

    private void init() {
        program = new ShaderProgram("debug", VS, FS);
        vao = glGenVertexArrays();
        vbo = glGenBuffers();
        glBindVertexArray(vao);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 3, GL_FLOAT, false, FLOATS * 4, 0L);
        glEnableVertexAttribArray(1);
        glVertexAttribPointer(1, 4, GL_FLOAT, false, FLOATS * 4, 12L);
        glBindVertexArray(0);
    }

    /**
     * Draws everything collected into the bound framebuffer, then clears the batch. Leaves depth
     * testing enabled and face culling, blending as it found them.
     *
     * @param viewProj world-to-clip matrix of the frame
     * @param width viewport width in pixels
     * @param height viewport height in pixels
     */
    public void render(Matrix4fc viewProj, int width, int height) {
        if (isEmpty()) {
            return;
        }
        if (program == null) {
            init();
        }
        boolean wasCull = glIsEnabled(GL_CULL_FACE);
        glDisable(GL_CULL_FACE);
        glEnable(GL_PROGRAM_POINT_SIZE);
        program.use();
        program.set("uViewProj", viewProj);
        // The projection's y scale is the length of the view-projection's second row (the view is a rotation).
        float p11 = (float) Math.sqrt(viewProj.m01() * viewProj.m01() + viewProj.m11() * viewProj.m11()
                + viewProj.m21() * viewProj.m21());
        program.set("uPixelsPerMetre", p11 * height * 0.5f);
        program.set("uMinPixels", MIN_POINT_PIXELS);
        glBindVertexArray(vao);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        if (lineVerts > 0) {
            if (depthTest) {
                glEnable(GL_DEPTH_TEST);
                glDepthFunc(GL_LEQUAL);
            } else {
                glDisable(GL_DEPTH_TEST);
            }
            upload(lines, lineVerts * FLOATS);
            glDrawArrays(GL_LINES, 0, lineVerts);
        }
        if (pointVerts > 0) {
            glDisable(GL_DEPTH_TEST);
            upload(points, pointVerts * FLOATS);
            glDrawArrays(GL_POINTS, 0, pointVerts);
        }
        glBindVertexArray(0);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        glUseProgram(0);
        glDepthFunc(GL_LESS);
        if (labelCount > 0) {
            for (int i = 0; i < labelCount; i++) {
                Label l = labels.get(i);
                viewProj.transform(clip.set((float) l.x, (float) l.y, (float) l.z, 1f));
                if (clip.w > 0f) {
                    text.text((clip.x / clip.w * 0.5f + 0.5f) * width, (0.5f - clip.y / clip.w * 0.5f) * height, l.text,
                            l.rgb, TEXT_SCALE);
                }
            }
            text.render(width, height);
        }
        glEnable(GL_DEPTH_TEST);
        if (wasCull) {
            glEnable(GL_CULL_FACE);
        }
        clear();
    }

    private void upload(float[] data, int count) {
        if (upload == null || upload.capacity() < count) {
            if (upload != null) {
                MemoryUtil.memFree(upload);
            }
            upload = MemoryUtil.memAllocFloat(Math.max(count, FLOATS * 1024));
        }
        upload.clear();
        upload.put(data, 0, count).flip();
        glBufferData(GL_ARRAY_BUFFER, upload, GL_STREAM_DRAW);
    }

    /** Frees the GL objects; call on the GL thread. */
    @Override
    public void close() {
        if (program != null) {
            program.close();
            glDeleteBuffers(vbo);
            glDeleteVertexArrays(vao);
            program = null;
        }
        if (upload != null) {
            MemoryUtil.memFree(upload);
            upload = null;
        }
        text.close();
        clear();
    }
}
