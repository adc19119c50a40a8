package dev.tumble.core.collision.narrow;

import dev.tumble.core.collision.shape.TriangleGeometry;
import dev.tumble.core.collision.shape.TriangleVisitor;
import java.util.HashMap;
import java.util.Map;

/**
 * A plain list of triangles for tests: every triangle checked against the query box, active edges
 * found by brute force over the shared edges (boundary, or convex by more than 5°), or a fixed mask.
 */
final class ListedTriangles implements TriangleGeometry {
    private final double[] v;
    private final int[] tri;
    private final int[] mask;

    /** Active edges from the geometry. */
    ListedTriangles(double[] vertices, int[] triangles) {
        this(vertices, triangles, -1);
    }

    /** Every edge given {@code fixedMask} (0–7), or found from the geometry when it is −1. */
    ListedTriangles(double[] vertices, int[] triangles, int fixedMask) {
        v = vertices;
        tri = triangles;
        mask = new int[triangles.length / 3];
        Map<Long, int[]> edges = new HashMap<>();
        for (int t = 0; t < mask.length; t++) {
            for (int e = 0; e < 3; e++) {
                int a = tri[3 * t + e], b = tri[3 * t + (e + 1) % 3];
                long key = (long) Math.min(a, b) << 32 | Math.max(a, b);
                edges.computeIfAbsent(key, k -> new int[] {0, -1, -1});
                int[] use = edges.get(key);
                if (use[0] < 2) {
                    use[1 + use[0]] = t;
                }
                use[0]++;
            }
        }
        for (int t = 0; t < mask.length; t++) {
            if (fixedMask >= 0) {
                mask[t] = fixedMask;
                continue;
            }
            for (int e = 0; e < 3; e++) {
                int a = tri[3 * t + e], b = tri[3 * t + (e + 1) % 3];
                int[] use = edges.get((long) Math.min(a, b) << 32 | Math.max(a, b));
                boolean active = use[0] != 2;
                if (!active) {
                    int other = use[1] == t ? use[2] : use[1];
                    double[] n0 = normal(t), n1 = normal(other);
                    double cos = n0[0] * n1[0] + n0[1] * n1[1] + n0[2] * n1[2];
                    // Convex when the other triangle's far corner lies behind this one's plane.
                    int far = farCorner(other, a, b);
                    double s = n0[0] * (v[3 * far] - v[3 * a]) + n0[1] * (v[3 * far + 1] - v[3 * a + 1])
                            + n0[2] * (v[3 * far + 2] - v[3 * a + 2]);
                    active = s < 0 && cos < Math.cos(Math.toRadians(5));
                }
                mask[t] |= active ? 1 << e : 0;
            }
        }
    }

    private int farCorner(int t, int a, int b) {
        for (int k = 0; k < 3; k++) {
            int c = tri[3 * t + k];
            if (c != a && c != b) {
                return c;
            }
        }
        throw new IllegalStateException();
    }

    private double[] normal(int t) {
        int a = tri[3 * t], b = tri[3 * t + 1], c = tri[3 * t + 2];
        double ux = v[3 * b] - v[3 * a], uy = v[3 * b + 1] - v[3 * a + 1], uz = v[3 * b + 2] - v[3 * a + 2];
        double wx = v[3 * c] - v[3 * a], wy = v[3 * c + 1] - v[3 * a + 1], wz = v[3 * c + 2] - v[3 * a + 2];
        double nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
        double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
        return new double[] {nx / l, ny / l, nz / l};
    }

    /** A flat grid of n × n square cells of side {@code cell} (m) at height y = 0, front up, two triangles a cell. */
    static ListedTriangles grid(int n, double cell, int fixedMask) {
        double[] vs = new double[3 * (n + 1) * (n + 1)];
        for (int r = 0; r <= n; r++) {
            for (int c = 0; c <= n; c++) {
                int i = r * (n + 1) + c;
                vs[3 * i] = c * cell;
                vs[3 * i + 2] = r * cell;
            }
        }
        int[] ts = new int[6 * n * n];
        int k = 0;
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                int i00 = r * (n + 1) + c, i01 = i00 + 1, i10 = i00 + n + 1, i11 = i10 + 1;
                // Counter-clockwise seen from +y: (x, z) turning from +z towards +x.
                ts[k++] = i00;
                ts[k++] = i10;
                ts[k++] = i11;
                ts[k++] = i00;
                ts[k++] = i11;
                ts[k++] = i01;
            }
        }
        return new ListedTriangles(vs, ts, fixedMask);
    }

    @Override
    public int triangleCount() {
        return mask.length;
    }

    @Override
    public void triangles(double minX, double minY, double minZ, double maxX, double maxY, double maxZ, TriangleVisitor visitor) {
        for (int t = 0; t < mask.length; t++) {
            double lx = Double.POSITIVE_INFINITY, ly = lx, lz = lx, hx = -lx, hy = -lx, hz = -lx;
            for (int k = 0; k < 3; k++) {
                int i = tri[3 * t + k];
                lx = Math.min(lx, v[3 * i]);
                ly = Math.min(ly, v[3 * i + 1]);
                lz = Math.min(lz, v[3 * i + 2]);
                hx = Math.max(hx, v[3 * i]);
                hy = Math.max(hy, v[3 * i + 1]);
                hz = Math.max(hz, v[3 * i + 2]);
            }
            if (lx <= maxX && hx >= minX && ly <= maxY && hy >= minY && lz <= maxZ && hz >= minZ && !visitor.triangle(t)) {
                return;
            }
        }
    }

    @Override
    public int triangle(int t, double[] dest, int offset) {
        for (int k = 0; k < 3; k++) {
            int i = tri[3 * t + k];
            dest[offset + 3 * k] = v[3 * i];
            dest[offset + 3 * k + 1] = v[3 * i + 1];
            dest[offset + 3 * k + 2] = v[3 * i + 2];
        }
        return mask[t];
    }
}
