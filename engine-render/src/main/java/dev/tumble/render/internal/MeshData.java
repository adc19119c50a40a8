package dev.tumble.render.internal;

import org.joml.Vector3f;

import java.util.Arrays;

/**
 * CPU-side mesh: per vertex position (3), normal (3) and a capsule shift (1: −1, 0 or +1, the
 * sign of the half-height offset along local y); 32-bit indices, counter-clockwise outward.
 * Not API.
 */
public final class MeshData {
    /** Floats per vertex. */
    public static final int STRIDE = 7;
    private float[] v = new float[256];
    private int[] idx = new int[256];
    private int vCount;
    private int iCount;

    /**
     * Adds a vertex and returns its index.
     *
     * @param x position x
     * @param y position y
     * @param z position z
     * @param nx normal x
     * @param ny normal y
     * @param nz normal z
     * @param shift the capsule shift: −1, 0 or +1
     * @return the vertex's index
     */
    public int vertex(float x, float y, float z, float nx, float ny, float nz, float shift) {
        if ((vCount + 1) * STRIDE > v.length) {
            v = Arrays.copyOf(v, v.length * 2);
        }
        int o = vCount * STRIDE;
        v[o] = x; v[o + 1] = y; v[o + 2] = z;
        v[o + 3] = nx; v[o + 4] = ny; v[o + 5] = nz;
        v[o + 6] = shift;
        return vCount++;
    }

    /**
     * Adds a triangle, flipping it if its winding disagrees with its vertices' normals.
     *
     * @param a the first vertex's index
     * @param b the second vertex's index
     * @param c the third vertex's index
     */
    public void triangle(int a, int b, int c) {
        if (iCount + 3 > idx.length) {
            idx = Arrays.copyOf(idx, idx.length * 2);
        }
        Vector3f pa = pos(a, new Vector3f());
        Vector3f e1 = pos(b, new Vector3f()).sub(pa);
        Vector3f e2 = pos(c, new Vector3f()).sub(pa);
        Vector3f face = e1.cross(e2);
        float nx = v[a * STRIDE + 3] + v[b * STRIDE + 3] + v[c * STRIDE + 3];
        float ny = v[a * STRIDE + 4] + v[b * STRIDE + 4] + v[c * STRIDE + 4];
        float nz = v[a * STRIDE + 5] + v[b * STRIDE + 5] + v[c * STRIDE + 5];
        if (face.x * nx + face.y * ny + face.z * nz < 0f) {
            int t = b;
            b = c;
            c = t;
        }
        idx[iCount++] = a;
        idx[iCount++] = b;
        idx[iCount++] = c;
    }

    private Vector3f pos(int i, Vector3f dest) {
        int o = i * STRIDE;
        // Include the capsule shift with a nominal half height so capsule walls wind correctly.
        return dest.set(v[o], v[o + 1] + v[o + 6], v[o + 2]);
    }

    /** @return vertex floats (a trimmed copy) */
    public float[] vertices() {
        return Arrays.copyOf(v, vCount * STRIDE);
    }

    /** @return indices (a trimmed copy) */
    public int[] indices() {
        return Arrays.copyOf(idx, iCount);
    }

    /**
     * A cube from −1 to 1 (scaled by half extents in the shader).
     *
     * @return the mesh
     */
    public static MeshData box() {
        MeshData m = new MeshData();
        float[][] n = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
        for (float[] f : n) {
            Vector3f nn = new Vector3f(f[0], f[1], f[2]);
            Vector3f u = Math.abs(nn.y) > 0.5f ? new Vector3f(1, 0, 0) : new Vector3f(0, 1, 0);
            Vector3f w = new Vector3f(nn).cross(u);
            int[] q = new int[4];
            float[][] corners = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
            for (int i = 0; i < 4; i++) {
                Vector3f p = new Vector3f(nn).fma(corners[i][0], u).fma(corners[i][1], w);
                q[i] = m.vertex(p.x, p.y, p.z, nn.x, nn.y, nn.z, 0f);
            }
            m.triangle(q[0], q[1], q[2]);
            m.triangle(q[0], q[2], q[3]);
        }
        return m;
    }

    /**
     * A unit UV sphere.
     *
     * @param stacks rings from pole to pole
     * @param slices segments around the axis
     * @return the mesh
     */
    public static MeshData sphere(int stacks, int slices) {
        return roundMesh(stacks, slices, false);
    }

    /**
     * A unit capsule: the top hemisphere's vertices carry shift +1, the bottom's −1, and the
     * equator is doubled so the two rings form the cylinder wall once shifted by the half height.
     *
     * @param stacks rings from pole to pole
     * @param slices segments around the axis
     * @return the mesh
     */
    public static MeshData capsule(int stacks, int slices) {
        return roundMesh(stacks, slices, true);
    }

    /**
     * A unit cylinder along y: radius 1, from y = −1 to 1 (scaled by radius and half height in the
     * shader). The side's normals point straight out from the axis, so it shades smooth; each cap
     * has its own vertices with the cap's normal, so the rims stay sharp.
     *
     * @param slices segments around the axis (at least 3)
     * @return the mesh
     */
    public static MeshData cylinder(int slices) {
        if (slices < 3) {
            throw new IllegalArgumentException("slices must be at least 3, was " + slices);
        }
        MeshData m = new MeshData();
        float[] cos = new float[slices], sin = new float[slices];
        int[] bottom = new int[slices], top = new int[slices];
        for (int j = 0; j < slices; j++) {
            double phi = 2 * Math.PI * j / slices;
            cos[j] = (float) Math.cos(phi);
            sin[j] = (float) Math.sin(phi);
            bottom[j] = m.vertex(cos[j], -1, sin[j], cos[j], 0, sin[j], 0f);
            top[j] = m.vertex(cos[j], 1, sin[j], cos[j], 0, sin[j], 0f);
        }
        for (int j = 0; j < slices; j++) {
            int k = (j + 1) % slices;
            m.triangle(bottom[j], bottom[k], top[k]);
            m.triangle(bottom[j], top[k], top[j]);
        }
        for (int s = -1; s <= 1; s += 2) {
            int centre = m.vertex(0, s, 0, 0, s, 0, 0f);
            int first = m.vertex(cos[0], s, sin[0], 0, s, 0, 0f), previous = first;
            for (int j = 1; j <= slices; j++) {
                int next = j < slices ? m.vertex(cos[j], s, sin[j], 0, s, 0, 0f) : first;
                m.triangle(centre, previous, next);
                previous = next;
            }
        }
        return m;
    }

    private static MeshData roundMesh(int stacks, int slices, boolean capsule) {
        if (stacks % 2 != 0) {
            stacks++;
        }
        MeshData m = new MeshData();
        int rings = capsule ? stacks + 2 : stacks + 1;
        int[][] ring = new int[rings][slices + 1];
        int r = 0;
        for (int i = 0; i <= stacks; i++) {
            int copies = capsule && i == stacks / 2 ? 2 : 1;
            for (int c = 0; c < copies; c++) {
                double theta = Math.PI * i / stacks;
                float y = (float) Math.cos(theta);
                float s = (float) Math.sin(theta);
                float shift = !capsule ? 0f : (i < stacks / 2 || (i == stacks / 2 && c == 0)) ? 1f : -1f;
                for (int j = 0; j <= slices; j++) {
                    double phi = 2 * Math.PI * j / slices;
                    float x = (float) (s * Math.cos(phi));
                    float z = (float) (s * Math.sin(phi));
                    ring[r][j] = m.vertex(x, y, z, x, y, z, shift);
                }
                r++;
            }
        }
        for (int k = 0; k + 1 < rings; k++) {
            for (int j = 0; j < slices; j++) {
                int a = ring[k][j];
                int b = ring[k][j + 1];
                int c = ring[k + 1][j + 1];
                int d = ring[k + 1][j];
                m.triangleIfNotDegenerate(a, b, c);
                m.triangleIfNotDegenerate(a, c, d);
            }
        }
        return m;
    }

    private void triangleIfNotDegenerate(int a, int b, int c) {
        Vector3f pa = pos(a, new Vector3f());
        Vector3f e1 = pos(b, new Vector3f()).sub(pa);
        Vector3f e2 = pos(c, new Vector3f()).sub(pa);
        if (e1.cross(e2).lengthSquared() > 1e-12f) {
            triangle(a, b, c);
        }
    }

    /**
     * A square from −1 to 1 in x and z at y = 0, normal +y.
     *
     * @return the mesh
     */
    public static MeshData plane() {
        MeshData m = new MeshData();
        int a = m.vertex(-1, 0, -1, 0, 1, 0, 0);
        int b = m.vertex(1, 0, -1, 0, 1, 0, 0);
        int c = m.vertex(1, 0, 1, 0, 1, 0, 0);
        int d = m.vertex(-1, 0, 1, 0, 1, 0, 0);
        m.triangle(a, b, c);
        m.triangle(a, c, d);
        return m;
    }

    /**
     * A flat-shaded triangle soup (hulls).
     *
     * @param positions xyz per vertex, three vertices per triangle
     * @param normals xyz per vertex, matching {@code positions}
     * @return the mesh
     */
    public static MeshData triangles(float[] positions, float[] normals) {
        MeshData m = new MeshData();
        for (int t = 0; t < positions.length / 9; t++) {
            int[] q = new int[3];
            for (int k = 0; k < 3; k++) {
                int o = t * 9 + k * 3;
                q[k] = m.vertex(positions[o], positions[o + 1], positions[o + 2], normals[o], normals[o + 1], normals[o + 2], 0f);
            }
            m.triangle(q[0], q[1], q[2]);
        }
        return m;
    }
}
