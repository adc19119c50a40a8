package dev.tumble.render.text;

import dev.tumble.render.internal.ShaderProgram;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.util.Arrays;
import org.lwjgl.stb.STBEasyFont;
import org.lwjgl.system.MemoryUtil;

import static org.lwjgl.opengl.GL33C.*;

/**
 * Screen-space text and filled rectangles in OpenGL 3.3 core, glyphs from LWJGL's
 * {@code stb_easy_font} bindings (no font files, no textures). Coordinates are pixels with the
 * origin at the top-left of the viewport. Collect during a frame, then {@link #render} once;
 * the batch is cleared afterwards. Collecting needs no GL; the GL objects are made on the first
 * render, so create, render and close on the GL thread.
 */
public final class TextBatch implements AutoCloseable {
    /** Height of one line of text at scale 1, pixels (stb_easy_font's cell height plus spacing). */
    public static final float LINE_HEIGHT = 12f;
    private static final int FLOATS = 6; // x y r g b a
    private static final int[] QUAD_ORDER = {0, 1, 2, 0, 2, 3};

    private static final String VS = "#version 330 core\n"
            + "layout(location=0) in vec2 aPos;\nlayout(location=1) in vec4 aColor;\n"
            + "uniform vec2 uViewport;\nout vec4 vColor;\n"
            + "void main(){ vColor = aColor; gl_Position = vec4(aPos.x / uViewport.x * 2.0 - 1.0, 1.0 - aPos.y / uViewport.y * 2.0, 0.0, 1.0); }\n";
    private static final String FS = "#version 330 core\n"
            + "in vec4 vColor;\nout vec4 fragColor;\nvoid main(){ fragColor = vColor; }\n";

    private float[] vertices = new float[6 * 1024];
    private int count;
    private ByteBuffer stb;
    private FloatBuffer upload;
    private ShaderProgram program;
    private int vao;
    private int vbo;

    /** @return whether nothing was collected since the last render or clear */
    public boolean isEmpty() {
        return count == 0;
    }

    /** Forgets what was collected. */
    public void clear() {
        count = 0;
    }

    /**
     * Width of {@code text} at {@code scale}, pixels (the longest line).
     *
     * @param text ASCII text, newlines allowed
     * @param scale pixel scale of the 1× font (e.g. 2 for a larger HUD)
     * @return the width, pixels
     */
    public static float width(String text, float scale) {
        return STBEasyFont.stb_easy_font_width(text) * scale;
    }

    /**
     * Adds a filled rectangle (drawn in collection order, so add backgrounds before their text).
     *
     * @param x left, pixels
     * @param y top, pixels
     * @param w width, pixels
     * @param h height, pixels
     * @param rgb packed 0xRRGGBB colour
     * @param alpha opacity in [0, 1]
     */
    public void rect(float x, float y, float w, float h, int rgb, float alpha) {
        ensure(6);
        for (int k : QUAD_ORDER) {
            // Corners 0..3 run clockwise from the top-left.
            put(k == 1 || k == 2 ? x + w : x, k >= 2 ? y + h : y, rgb, alpha);
        }
    }

    /**
     * Adds text with its top-left at ({@code x}, {@code y}).
     *
     * @param x left, pixels
     * @param y top, pixels
     * @param text ASCII text; newlines start new lines
     * @param rgb packed 0xRRGGBB colour
     * @param scale pixel scale of the 1× font (1 gives ~7 px tall capitals)
     */
    public void text(float x, float y, String text, int rgb, float scale) {
        if (text == null || text.isEmpty()) {
            return;
        }
        int need = 270 * text.length() + 64; // stb_easy_font: at most ~270 bytes per character
        if (stb == null || stb.capacity() < need) {
            if (stb != null) {
                MemoryUtil.memFree(stb);
            }
            stb = MemoryUtil.memAlloc(Math.max(need, 64 * 1024));
        }
        stb.clear();
        int quads = STBEasyFont.stb_easy_font_print(0f, 0f, text, null, stb);
        ensure(quads * 6);
        for (int q = 0; q < quads; q++) {
            for (int k : QUAD_ORDER) {
                int o = (q * 4 + k) * 16; // x, y, z floats then 4 colour bytes per vertex
                put(x + scale * stb.getFloat(o), y + scale * stb.getFloat(o + 4), rgb, 1f);
            }
        }
    }

    private void ensure(int more) {
        if ((count + more) * FLOATS > vertices.length) {
            vertices = Arrays.copyOf(vertices, Math.max(vertices.length * 2, (count + more) * FLOATS));
        }
    }

    private void put(float x, float y, int rgb, float alpha) {
        int o = count++ * FLOATS;
        vertices[o] = x;
        vertices[o + 1] = y;
        vertices[o + 2] = ((rgb >> 16) & 0xFF) / 255f;
        vertices[o + 3] = ((rgb >> 8) & 0xFF) / 255f;
        vertices[o + 4] = (rgb & 0xFF) / 255f;
        vertices[o + 5] = alpha;
    }

    /**
     * Draws what was collected over the bound framebuffer (no depth test, alpha blended), then
     * clears the batch. Restores depth-test and blend enables as it found them.
     *
     * @param width viewport width, pixels
     * @param height viewport height, pixels
     */
    public void render(int width, int height) {
        if (count == 0) {
            return;
        }
        if (program == null) {
            program = new ShaderProgram("text", VS, FS);
            vao = glGenVertexArrays();
            vbo = glGenBuffers();
            glBindVertexArray(vao);
            glBindBuffer(GL_ARRAY_BUFFER, vbo);
            glEnableVertexAttribArray(0);
            glVertexAttribPointer(0, 2, GL_FLOAT, false, FLOATS * 4, 0L);
            glEnableVertexAttribArray(1);
            glVertexAttribPointer(1, 4, GL_FLOAT, false, FLOATS * 4, 8L);
        }
        boolean depth = glIsEnabled(GL_DEPTH_TEST);
        boolean blend = glIsEnabled(GL_BLEND);
        boolean cull = glIsEnabled(GL_CULL_FACE);
        glDisable(GL_DEPTH_TEST);
        glDisable(GL_CULL_FACE);
        glEnable(GL_BLEND);
        glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
        program.use();
        program.set("uViewport", (float) width, (float) height);
        glBindVertexArray(vao);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        int floats = count * FLOATS;
        if (upload == null || upload.capacity() < floats) {
            if (upload != null) {
                MemoryUtil.memFree(upload);
            }
            upload = MemoryUtil.memAllocFloat(Math.max(floats, 6 * 1024));
        }
        upload.clear();
        upload.put(vertices, 0, floats).flip();
        glBufferData(GL_ARRAY_BUFFER, upload, GL_STREAM_DRAW);
        glDrawArrays(GL_TRIANGLES, 0, count);
        glBindVertexArray(0);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        glUseProgram(0);
        if (depth) {
            glEnable(GL_DEPTH_TEST);
        }
        if (!blend) {
            glDisable(GL_BLEND);
        }
        if (cull) {
            glEnable(GL_CULL_FACE);
        }
        count = 0;
    }

    /** Frees GL objects and native buffers; call on the GL thread. */
    @Override
    public void close() {
        if (program != null) {
            program.close();
            glDeleteBuffers(vbo);
            glDeleteVertexArrays(vao);
            program = null;
        }
        if (stb != null) {
            MemoryUtil.memFree(stb);
            stb = null;
        }
        if (upload != null) {
            MemoryUtil.memFree(upload);
            upload = null;
        }
        count = 0;
    }
}
