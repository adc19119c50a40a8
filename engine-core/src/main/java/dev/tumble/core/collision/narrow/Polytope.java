package dev.tumble.core.collision.narrow;

import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.Pose;

/** A box or convex hull in world space: vertices, face planes, edges (scratch, reused). */
final class Polytope {
    static final int[][] BOX_FACES = {{1, 3, 7, 5}, {0, 4, 6, 2}, {2, 6, 7, 3}, {0, 1, 5, 4}, {4, 5, 7, 6}, {0, 2, 3, 1}};
    static final int[] BOX_EDGES = {0, 1, 2, 3, 4, 5, 6, 7, 0, 2, 1, 3, 4, 6, 5, 7, 0, 4, 1, 5, 2, 6, 3, 7};
    static final int[] BOX_DIR_OF = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2};

    int nv;
    double[] v = new double[24];
    int nf;
    double[] fn = new double[18];
    double[] fd = new double[6];
    int[][] faces;
    int ne;
    int[] edges;
    int[] dirOf;
    int nd;
    double[] dirs = new double[9];
    double cx, cy, cz;
    // box fast path
    boolean box;
    double hx, hy, hz;
    final double[] axes = new double[9];
    /** A box whose axes are orthonormal to 1e-14 (any pose built from a unit quaternion): edge axes may be screened. */
    boolean orthonormal;

    void setBox(Box b, Pose p) {
        box = true;
        hx = b.hx();
        hy = b.hy();
        hz = b.hz();
        double[] r = p.r;
        cx = p.px;
        cy = p.py;
        cz = p.pz;
        for (int a = 0; a < 3; a++) {
            axes[3 * a] = r[a];
            axes[3 * a + 1] = r[3 + a];
            axes[3 * a + 2] = r[6 + a];
            dirs[3 * a] = r[a];
            dirs[3 * a + 1] = r[3 + a];
            dirs[3 * a + 2] = r[6 + a];
            double h = b.half(a);
            double c = axes[3 * a] * cx + axes[3 * a + 1] * cy + axes[3 * a + 2] * cz;
            fn[6 * a] = axes[3 * a];
            fn[6 * a + 1] = axes[3 * a + 1];
            fn[6 * a + 2] = axes[3 * a + 2];
            fd[2 * a] = c + h;
            fn[6 * a + 3] = -axes[3 * a];
            fn[6 * a + 4] = -axes[3 * a + 1];
            fn[6 * a + 5] = -axes[3 * a + 2];
            fd[2 * a + 1] = -c + h;
        }
        orthonormal = isOrthonormal(axes);
        nv = 8;
        for (int i = 0; i < 8; i++) {
            double x = (i & 1) != 0 ? hx : -hx, y = (i & 2) != 0 ? hy : -hy, z = (i & 4) != 0 ? hz : -hz;
            v[3 * i] = r[0] * x + r[1] * y + r[2] * z + cx;
            v[3 * i + 1] = r[3] * x + r[4] * y + r[5] * z + cy;
            v[3 * i + 2] = r[6] * x + r[7] * y + r[8] * z + cz;
        }
        nf = 6;
        faces = BOX_FACES;
        ne = 12;
        edges = BOX_EDGES;
        dirOf = BOX_DIR_OF;
        nd = 3;
    }

    static final int[][] TRIANGLE_FACES = {{0, 1, 2}, {0, 2, 1}};
    static final int[] TRIANGLE_EDGES = {0, 1, 1, 2, 2, 0};
    static final int[] TRIANGLE_DIR_OF = {0, 1, 2};

    /**
     * A triangle (corners {@code c[o..o+9)}, world, counter-clockwise seen from the front, with area)
     * as a flat solid: its front face, the same face turned round, three edges and their directions.
     * The caller has the unit front normal n already (its corners' cross product, normalised).
     */
    void setTriangle(double[] c, int o, double nx, double ny, double nz) {
        box = false;
        orthonormal = false;
        nv = 3;
        System.arraycopy(c, o, v, 0, 9);
        cx = (c[o] + c[o + 3] + c[o + 6]) / 3;
        cy = (c[o + 1] + c[o + 4] + c[o + 7]) / 3;
        cz = (c[o + 2] + c[o + 5] + c[o + 8]) / 3;
        nf = 2;
        double d = nx * c[o] + ny * c[o + 1] + nz * c[o + 2];
        fn[0] = nx;
        fn[1] = ny;
        fn[2] = nz;
        fd[0] = d;
        fn[3] = -nx;
        fn[4] = -ny;
        fn[5] = -nz;
        fd[1] = -d;
        faces = TRIANGLE_FACES;
        ne = 3;
        edges = TRIANGLE_EDGES;
        dirOf = TRIANGLE_DIR_OF;
        nd = 3;
        for (int e = 0; e < 3; e++) {
            int a = o + 3 * e, b = o + 3 * ((e + 1) % 3);
            double ex = c[b] - c[a], ey = c[b + 1] - c[a + 1], ez = c[b + 2] - c[a + 2];
            double el = Math.sqrt(ex * ex + ey * ey + ez * ez);
            dirs[3 * e] = ex / el;
            dirs[3 * e + 1] = ey / el;
            dirs[3 * e + 2] = ez / el;
        }
    }

    private static boolean isOrthonormal(double[] u) {
        for (int i = 0; i < 3; i++) {
            for (int j = i; j < 3; j++) {
                double d = u[3 * i] * u[3 * j] + u[3 * i + 1] * u[3 * j + 1] + u[3 * i + 2] * u[3 * j + 2];
                if (!(Math.abs(d - (i == j ? 1 : 0)) < 1e-14)) {
                    return false;
                }
            }
        }
        return true;
    }

    void setHull(ConvexHull h, Pose p) {
        box = false;
        orthonormal = false;
        double[] r = p.r;
        double[] hv = h.rawVertices();
        nv = hv.length / 3;
        if (v.length < hv.length) {
            v = new double[hv.length];
        }
        double sx = 0, sy = 0, sz = 0;
        for (int i = 0; i < hv.length; i += 3) {
            double x = hv[i], y = hv[i + 1], z = hv[i + 2];
            v[i] = r[0] * x + r[1] * y + r[2] * z + p.px;
            v[i + 1] = r[3] * x + r[4] * y + r[5] * z + p.py;
            v[i + 2] = r[6] * x + r[7] * y + r[8] * z + p.pz;
            sx += v[i];
            sy += v[i + 1];
            sz += v[i + 2];
        }
        cx = sx / nv;
        cy = sy / nv;
        cz = sz / nv;
        double[] hn = h.rawFaceNormals();
        double[] hd = h.rawFaceOffsets();
        nf = hd.length;
        if (fd.length < nf) {
            fd = new double[nf];
            fn = new double[3 * nf];
        }
        for (int f = 0; f < nf; f++) {
            double x = hn[3 * f], y = hn[3 * f + 1], z = hn[3 * f + 2];
            double wx = r[0] * x + r[1] * y + r[2] * z, wy = r[3] * x + r[4] * y + r[5] * z, wz = r[6] * x + r[7] * y + r[8] * z;
            fn[3 * f] = wx;
            fn[3 * f + 1] = wy;
            fn[3 * f + 2] = wz;
            fd[f] = hd[f] + wx * p.px + wy * p.py + wz * p.pz;
        }
        faces = h.rawFaces();
        edges = h.rawEdges();
        ne = edges.length / 2;
        dirOf = h.rawEdgeDirectionOf();
        double[] hdirs = h.rawEdgeDirections();
        nd = hdirs.length / 3;
        if (dirs.length < hdirs.length) {
            dirs = new double[hdirs.length];
        }
        for (int i = 0; i < hdirs.length; i += 3) {
            double x = hdirs[i], y = hdirs[i + 1], z = hdirs[i + 2];
            dirs[i] = r[0] * x + r[1] * y + r[2] * z;
            dirs[i + 1] = r[3] * x + r[4] * y + r[5] * z;
            dirs[i + 2] = r[6] * x + r[7] * y + r[8] * z;
        }
    }

    /** @return half the width of the projection onto unit {@code n} for a box. */
    private double boxExtent(double nx, double ny, double nz) {
        return hx * Math.abs(axes[0] * nx + axes[1] * ny + axes[2] * nz)
                + hy * Math.abs(axes[3] * nx + axes[4] * ny + axes[5] * nz)
                + hz * Math.abs(axes[6] * nx + axes[7] * ny + axes[8] * nz);
    }

    /**
     * For a box, {@code c·n} (the centre's projection) written to {@link #projCentre} and the
     * half-width {@link #boxExtent} to {@link #projExtent}; then {@code minProj(n) = c·n − e},
     * {@code maxProj(n) = c·n + e} and {@code minProj(−n) = −(c·n) − e} bit for bit (negation is
     * exact), so one call serves both ends and both directions. For a hull, the vertex minimum
     * and maximum in one pass ({@link #projMin}, {@link #projMax}).
     */
    void project(double nx, double ny, double nz) {
        if (box) {
            projCentre = cx * nx + cy * ny + cz * nz;
            projExtent = boxExtent(nx, ny, nz);
            return;
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < 3 * nv; i += 3) {
            double d = v[i] * nx + v[i + 1] * ny + v[i + 2] * nz;
            lo = Math.min(lo, d);
            hi = Math.max(hi, d);
        }
        projMin = lo;
        projMax = hi;
    }

    /** Results of {@link #project} (box: centre and extent; hull: min and max). */
    double projCentre, projExtent, projMin, projMax;

    /** @return {@code minProj(n)} after {@link #project project(n)}. */
    double projectedMin() {
        return box ? projCentre - projExtent : projMin;
    }

    /** @return {@code minProj(−n)} after {@link #project project(n)}. */
    double projectedMinNegated() {
        return box ? -projCentre - projExtent : -projMax;
    }

    /** @return {@code maxProj(n)} after {@link #project project(n)}. */
    double projectedMax() {
        return box ? projCentre + projExtent : projMax;
    }

    double maxProj(double nx, double ny, double nz) {
        if (box) {
            return cx * nx + cy * ny + cz * nz + boxExtent(nx, ny, nz);
        }
        double m = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < 3 * nv; i += 3) {
            m = Math.max(m, v[i] * nx + v[i + 1] * ny + v[i + 2] * nz);
        }
        return m;
    }

    double minProj(double nx, double ny, double nz) {
        if (box) {
            return cx * nx + cy * ny + cz * nz - boxExtent(nx, ny, nz);
        }
        double m = Double.POSITIVE_INFINITY;
        for (int i = 0; i < 3 * nv; i += 3) {
            m = Math.min(m, v[i] * nx + v[i + 1] * ny + v[i + 2] * nz);
        }
        return m;
    }

    /**
     * Closest point of the solid to {@code (x,y,z)}, written into {@code out[0..2]}.
     *
     * @return the distance (m), 0 when the point is inside
     */
    double closestPoint(double x, double y, double z, double[] out, double[] st) {
        double best = Double.POSITIVE_INFINITY;
        boolean outside = false;
        for (int f = 0; f < nf; f++) {
            double nx = fn[3 * f], ny = fn[3 * f + 1], nz = fn[3 * f + 2];
            double s = nx * x + ny * y + nz * z - fd[f];
            if (s <= 0) {
                continue;
            }
            outside = true;
            double qx = x - nx * s, qy = y - ny * s, qz = z - nz * s;
            int[] loop = faces[f];
            boolean inside = true;
            for (int i = 0; i < loop.length && inside; i++) {
                int a = loop[i], b = loop[(i + 1) % loop.length];
                double ex = v[3 * b] - v[3 * a], ey = v[3 * b + 1] - v[3 * a + 1], ez = v[3 * b + 2] - v[3 * a + 2];
                double sx = ey * nz - ez * ny, sy = ez * nx - ex * nz, sz = ex * ny - ey * nx;
                if (sx * (qx - v[3 * a]) + sy * (qy - v[3 * a + 1]) + sz * (qz - v[3 * a + 2]) > 0) {
                    inside = false;
                }
            }
            if (inside) {
                if (s < best) {
                    best = s;
                    out[0] = qx;
                    out[1] = qy;
                    out[2] = qz;
                }
                continue;
            }
            for (int i = 0; i < loop.length; i++) {
                int a = loop[i], b = loop[(i + 1) % loop.length];
                double ax = v[3 * a], ay = v[3 * a + 1], az = v[3 * a + 2];
                double ex = v[3 * b] - ax, ey = v[3 * b + 1] - ay, ez = v[3 * b + 2] - az;
                double t = Geometry.clamp(((x - ax) * ex + (y - ay) * ey + (z - az) * ez) / (ex * ex + ey * ey + ez * ez));
                double px = ax + t * ex, py = ay + t * ey, pz = az + t * ez;
                double d = Math.sqrt((x - px) * (x - px) + (y - py) * (y - py) + (z - pz) * (z - pz));
                if (d < best) {
                    best = d;
                    out[0] = px;
                    out[1] = py;
                    out[2] = pz;
                }
            }
        }
        if (!outside) {
            out[0] = x;
            out[1] = y;
            out[2] = z;
            return 0;
        }
        return best;
    }
}
