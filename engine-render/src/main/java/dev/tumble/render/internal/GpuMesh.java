package dev.tumble.render.internal;

import org.lwjgl.system.MemoryUtil;

import java.nio.FloatBuffer;

import static org.lwjgl.opengl.GL33C.*;

/**
 * An indexed mesh in a VAO plus a per-instance buffer: mat4 model (locations 3–6), vec4 scale
 * (7: xyz scale, w capsule half height) and vec4 colour (8: rgb, a = asleep flag). Not API.
 */
public final class GpuMesh implements AutoCloseable {
    /** Floats per instance. */
    public static final int INSTANCE_FLOATS = 24;
    private final int vao;
    private final int vbo;
    private final int ebo;
    private final int instanceVbo;
    private final int indexCount;
    private int instanceCapacity;

    /**
     * Uploads {@code data}.
     *
     * @param data the mesh to upload
     */
    public GpuMesh(MeshData data) {
        float[] v = data.vertices();
        int[] idx = data.indices();
        indexCount = idx.length;
        vao = glGenVertexArrays();
        glBindVertexArray(vao);
        vbo = glGenBuffers();
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glBufferData(GL_ARRAY_BUFFER, v, GL_STATIC_DRAW);
        int stride = MeshData.STRIDE * 4;
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 3, GL_FLOAT, false, stride, 0L);
        glEnableVertexAttribArray(1);
        glVertexAttribPointer(1, 3, GL_FLOAT, false, stride, 12L);
        glEnableVertexAttribArray(2);
        glVertexAttribPointer(2, 1, GL_FLOAT, false, stride, 24L);
        ebo = glGenBuffers();
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, idx, GL_STATIC_DRAW);
        instanceVbo = glGenBuffers();
        glBindBuffer(GL_ARRAY_BUFFER, instanceVbo);
        int istride = INSTANCE_FLOATS * 4;
        for (int i = 0; i < 6; i++) {
            int loc = 3 + i;
            glEnableVertexAttribArray(loc);
            glVertexAttribPointer(loc, 4, GL_FLOAT, false, istride, i * 16L);
            glVertexAttribDivisor(loc, 1);
        }
        glBindVertexArray(0);
    }

    /**
     * Uploads {@code count} instances from {@code instances} (from position 0; limit ignored).
     *
     * @param instances the instance attributes
     * @param count the number of instances
     */
    public void upload(FloatBuffer instances, int count) {
        if (count <= 0) {
            return;
        }
        glBindBuffer(GL_ARRAY_BUFFER, instanceVbo);
        if (count > instanceCapacity) {
            instanceCapacity = Math.max(count, instanceCapacity * 2);
        }
        // Orphan the old storage so the driver need not wait for the previous frame.
        glBufferData(GL_ARRAY_BUFFER, (long) instanceCapacity * INSTANCE_FLOATS * 4, GL_STREAM_DRAW);
        nglBufferSubData(GL_ARRAY_BUFFER, 0L, (long) count * INSTANCE_FLOATS * 4, MemoryUtil.memAddress(instances, 0));
        glBindBuffer(GL_ARRAY_BUFFER, 0);
    }

    /**
     * Draws the first {@code count} uploaded instances with the bound program.
     *
     * @param count the number of instances
     */
    public void draw(int count) {
        if (count <= 0) {
            return;
        }
        glBindVertexArray(vao);
        glDrawElementsInstanced(GL_TRIANGLES, indexCount, GL_UNSIGNED_INT, 0L, count);
        glBindVertexArray(0);
    }

    @Override
    public void close() {
        glDeleteBuffers(vbo);
        glDeleteBuffers(ebo);
        glDeleteBuffers(instanceVbo);
        glDeleteVertexArrays(vao);
    }
}
