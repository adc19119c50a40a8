package dev.tumble.render.debug;

import dev.tumble.render.internal.ShaderProgram;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Vector4f;
import org.lwjgl.stb.STBEasyFont;
import org.lwjgl.system.MemoryUtil;

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.lwjgl.opengl.GL33C.*;

/**
 * Batches {@link DebugDraw} calls and draws them with three draw calls (lines, points, text) in
 * OpenGL 3.3 core. Collect during a frame, then {@link #render} once (the scene renderer does it
 * when given this batch); the batch is cleared after drawing. Create, use and close on the GL
 * thread; collecting is allowed before the GL objects exist.
 */
public final class DebugRenderer implements DebugDraw, AutoCloseable {
    private static final int LINE_FLOATS = 7; // x y z r g b size
    private static final int TEXT_FLOATS = 5; // x y r g b (pixels)
    private static final float TEXT_SCALE = 2f;

    private static final String LINE_VS = "#version 330 core\n"
            + "layout(location=0) in vec3 aPos;\nlayout(location=1) in vec4 aColor;\n"
            + "uniform mat4 uViewProj;\nout vec3 vColor;\n"
            + "void main(){ vColor = aColor.rgb; gl_PointSize = max(aColor.a, 1.0); gl_Position = uViewProj * vec4(aPos, 1.0); }\n";
    private static final String LINE_FS = "#version 330 core\n"
            + "in vec3 vColor;\nout vec4 fragColor;\nvoid main(){ fragColor = vec4(vColor, 1.0); }\n";
    private static final String TEXT_VS = "#version 330 core\n"
            + "layout(location=0) in vec2 aPos;\nlayout(location=1) in vec3 aColor;\n"
            + "uniform vec2 uViewport;\nout vec3 vColor;\n"
            + "void main(){ vColor = aColor; gl_Position = vec4(aPos.x / uViewport.x * 2.0 - 1.0, 1.0 - aPos.y / uViewport.y * 2.0, 0.0, 1.0); }\n";

    private float[] lines = new float[1024];
    private int lineVerts;
    private float[] points = new float[256];
    private int pointVerts;
    private final List<Label> labels = new ArrayList<>();
    private boolean depthTest = true;

    private ShaderProgram lineProgram;
    private ShaderProgram textProgram;
    private int vao;
    private int vbo;
    private int textVao;
    private int textVbo;
    private ByteBuffer stbScratch;

    private record Label(float x, float y, float z, String text, int rgb) {
    }

    /** Whether lines and points are hidden behind scene geometry (default true); text is always on top. */
    public void setDepthTest(boolean enabled) {
        this.depthTest = enabled;
    }

    @Override
    public void segment(double x0, double y0, double z0, double x1, double y1, double z1, int rgb) {
        if (lines.length < (lineVerts + 2) * LINE_FLOATS) {
            lines = Arrays.copyOf(lines, lines.length * 2);
        }
        put(lines, lineVerts++, x0, y0, z0, rgb, 1f);
        put(lines, lineVerts++, x1, y1, z1, rgb, 1f);
    }

    @Override
    public void point(double x, double y, double z, double sizePixels, int rgb) {
        if (points.length < (pointVerts + 1) * LINE_FLOATS) {
            points = Arrays.copyOf(points, points.length * 2);
        }
        put(points, pointVerts++, x, y, z, rgb, (float) sizePixels);
    }

    @Override
    public void text(double x, double y, double z, String text, int rgb) {
        if (text != null && !text.isEmpty()) {
            labels.add(new Label((float) x, (float) y, (float) z, text, rgb));
        }
    }

    private static void put(float[] a, int vertex, double x, double y, double z, int rgb, float size) {
        int o = vertex * LINE_FLOATS;
        a[o] = (float) x;
        a[o + 1] = (float) y;
        a[o + 2] = (float) z;
        a[o + 3] = ((rgb >> 16) & 0xFF) / 255f;
        a[o + 4] = ((rgb >> 8) & 0xFF) / 255f;
        a[o + 5] = (rgb & 0xFF) / 255f;
        a[o + 6] = size;
    }

    /** @return whether nothing has been collected since the last render or clear */
    public boolean isEmpty() {
        return lineVerts == 0 && pointVerts == 0 && labels.isEmpty();
    }

    /** Forgets everything collected. */
    public void clear() {
        lineVerts = 0;
        pointVerts = 0;
        labels.clear();
    }

    private void init() {
        lineProgram = new ShaderProgram("debug lines", LINE_VS, LINE_FS);
        textProgram = new ShaderProgram("debug text", TEXT_VS, LINE_FS);
        vao = glGenVertexArrays();
        vbo = glGenBuffers();
        glBindVertexArray(vao);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 3, GL_FLOAT, false, LINE_FLOATS * 4, 0L);
        glEnableVertexAttribArray(1);
        glVertexAttribPointer(1, 4, GL_FLOAT, false, LINE_FLOATS * 4, 12L);
        textVao = glGenVertexArrays();
        textVbo = glGenBuffers();
        glBindVertexArray(textVao);
        glBindBuffer(GL_ARRAY_BUFFER, textVbo);
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 2, GL_FLOAT, false, TEXT_FLOATS * 4, 0L);
        glEnableVertexAttribArray(1);
        glVertexAttribPointer(1, 3, GL_FLOAT, false, TEXT_FLOATS * 4, 8L);
        glBindVertexArray(0);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
    }

    /**
     * Draws everything collected into the bound framebuffer, then clears the batch.
     *
     * @param viewProj world-to-clip matrix of the frame
     * @param width viewport width in pixels
     * @param height viewport height in pixels
     */
    public void render(Matrix4fc viewProj, int width, int height) {
        if (isEmpty()) {
            return;
        }
        if (lineProgram == null) {
            init();
        }
        boolean wasCull = glIsEnabled(GL_CULL_FACE);
        glDisable(GL_CULL_FACE);
        if (depthTest) {
            glEnable(GL_DEPTH_TEST);
        } else {
            glDisable(GL_DEPTH_TEST);
        }
        glEnable(GL_PROGRAM_POINT_SIZE);
        lineProgram.use();
        lineProgram.set("uViewProj", viewProj);
        glBindVertexArray(vao);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        if (lineVerts > 0) {
            upload(lines, lineVerts * LINE_FLOATS);
            glDrawArrays(GL_LINES, 0, lineVerts);
        }
        if (pointVerts > 0) {
            upload(points, pointVerts * LINE_FLOATS);
            glDrawArrays(GL_POINTS, 0, pointVerts);
        }
        if (!labels.isEmpty()) {
            drawLabels(viewProj, width, height);
        }
        glBindVertexArray(0);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        glEnable(GL_DEPTH_TEST);
        if (wasCull) {
            glEnable(GL_CULL_FACE);
        }
        clear();
    }

    private static void upload(float[] data, int count) {
        FloatBuffer fb = MemoryUtil.memAllocFloat(count);
        try {
            fb.put(data, 0, count).flip();
            glBufferData(GL_ARRAY_BUFFER, fb, GL_STREAM_DRAW);
        } finally {
            MemoryUtil.memFree(fb);
        }
    }

    private void drawLabels(Matrix4fc viewProj, int width, int height) {
        float[] tri = new float[1024];
        int n = 0;
        Vector4f clip = new Vector4f();
        for (Label l : labels) {
            viewProj.transform(clip.set(l.x, l.y, l.z, 1f));
            if (clip.w <= 0f) {
                continue;
            }
            float ax = (clip.x / clip.w * 0.5f + 0.5f) * width;
            float ay = (0.5f - clip.y / clip.w * 0.5f) * height;
            int need = 270 * l.text.length() + 64;
            if (stbScratch == null || stbScratch.capacity() < need) {
                if (stbScratch != null) {
                    MemoryUtil.memFree(stbScratch);
                }
                stbScratch = MemoryUtil.memAlloc(Math.max(need, 64 * 1024));
            }
            stbScratch.clear();
            int quads = STBEasyFont.stb_easy_font_print(0f, 0f, l.text, null, stbScratch);
            float r = ((l.rgb >> 16) & 0xFF) / 255f;
            float g = ((l.rgb >> 8) & 0xFF) / 255f;
            float b = (l.rgb & 0xFF) / 255f;
            if (tri.length < (n + quads * 6) * TEXT_FLOATS) {
                tri = Arrays.copyOf(tri, Math.max(tri.length * 2, (n + quads * 6) * TEXT_FLOATS));
            }
            int[] order = {0, 1, 2, 0, 2, 3};
            for (int q = 0; q < quads; q++) {
                for (int k : order) {
                    int o = (q * 4 + k) * 16; // x y z as floats + 4 colour bytes
                    float px = ax + TEXT_SCALE * stbScratch.getFloat(o);
                    float py = ay + TEXT_SCALE * stbScratch.getFloat(o + 4);
                    int t = n * TEXT_FLOATS;
                    tri[t] = px;
                    tri[t + 1] = py;
                    tri[t + 2] = r;
                    tri[t + 3] = g;
                    tri[t + 4] = b;
                    n++;
                }
            }
        }
        if (n == 0) {
            return;
        }
        glDisable(GL_DEPTH_TEST);
        textProgram.use();
        textProgram.set("uViewport", (float) width, (float) height);
        glBindVertexArray(textVao);
        glBindBuffer(GL_ARRAY_BUFFER, textVbo);
        upload(tri, n * TEXT_FLOATS);
        glDrawArrays(GL_TRIANGLES, 0, n);
    }

    /** Frees the GL objects; call on the GL thread. */
    @Override
    public void close() {
        if (lineProgram != null) {
            lineProgram.close();
            textProgram.close();
            glDeleteBuffers(vbo);
            glDeleteBuffers(textVbo);
            glDeleteVertexArrays(vao);
            glDeleteVertexArrays(textVao);
            lineProgram = null;
        }
        if (stbScratch != null) {
            MemoryUtil.memFree(stbScratch);
            stbScratch = null;
        }
    }

}
