package dev.tumble.core.collision.query;

import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;

/**
 * The Gilbert–Johnson–Keerthi distance between the <em>cores</em> of two convex shapes (see
 * {@link Support}): the point of the Minkowski difference {@code A − B} nearest the origin, found
 * by growing and shrinking a simplex (point, segment, triangle, tetrahedron) of support points.
 * The cores are polytopes, segments or points, so the search ends in finitely many steps; it also
 * stops when the lower and upper bounds on the distance agree to {@link #RELATIVE_TOLERANCE},
 * when a support point repeats or the distance stops shrinking (rounding), or after
 * {@link #MAX_ITERATIONS}, always with the best simplex seen. One instance keeps its scratch and
 * is not thread-safe; a call allocates nothing.
 */
public final class Gjk {
    /** Support points tried at most per call. */
    public static final int MAX_ITERATIONS = 64;
    /** Stop when the distance's upper bound exceeds its lower bound by at most this fraction of it (squared terms). */
    public static final double RELATIVE_TOLERANCE = 1e-10;
    /** The cores overlap when the squared distance is this small relative to the simplex's squared size. */
    private static final double OVERLAP_TOLERANCE = 1e-24;
    /** A tetrahedron this flat (volume relative to its size cubed) is treated as its faces. */
    private static final double FLAT_TOLERANCE = 1e-12;

    // The simplex: Minkowski-difference points w = a − b and the support points a, b they came
    // from, relative to A's position (so far-off shapes keep their digits).
    final double[] w = new double[12], sa = new double[12], sb = new double[12];
    private final double[] lambda = new double[4], trial = new double[4], best = new double[4];
    private int n;
    private double vx, vy, vz;
    private double ax, ay, az, bx, by, bz;
    private boolean overlapping;
    private int iterations;

    /**
     * The distance (m) between the cores of {@code a} at {@code pa} and {@code b} at {@code pb};
     * 0 when they touch or overlap. The closest points are then read with {@link #pointA},
     * {@link #pointB} and {@link #overlapping()}.
     *
     * @param a a shape {@link Support#isConvex}
     * @param pa its world pose
     * @param b a shape {@link Support#isConvex}
     * @param pb its world pose
     * @return the core distance, m (≥ 0)
     */
    public double coreDistance(Shape a, Pose pa, Shape b, Pose pb) {
        triangle = null;
        return search(a, pa, b, pb, pb.px, pb.py, pb.pz);
    }

    /**
     * The distance (m) between the core of {@code a} at {@code pa} and the triangle with world
     * corners {@code c[o..o+9)}; 0 when they touch or overlap. Read the closest points as after
     * {@link #coreDistance(Shape, Pose, Shape, Pose)}.
     *
     * @param a a shape {@link Support#isConvex}
     * @param pa its world pose
     * @param c the corners a, b, c (x, y, z each), world, m
     * @param o where they start in {@code c}
     * @return the core distance, m (≥ 0)
     */
    public double coreDistance(Shape a, Pose pa, double[] c, int o) {
        triangle = c;
        triangleAt = o;
        double d = search(a, pa, null, null, (c[o] + c[o + 3] + c[o + 6]) / 3, (c[o + 1] + c[o + 4] + c[o + 7]) / 3,
                (c[o + 2] + c[o + 5] + c[o + 8]) / 3);
        triangle = null;
        return d;
    }

    /** B's core when it is a triangle ({@link #coreDistance(Shape, Pose, double[], int)}), else null. */
    private double[] triangle;
    private int triangleAt;

    /** B's support point: a shape's core, or the triangle's corner furthest along the direction. */
    private void supportB(Shape b, Pose pb, double ox, double oy, double oz, double dx, double dy, double dz, int k) {
        if (triangle == null) {
            Support.core(b, pb, ox, oy, oz, dx, dy, dz, sb, k);
        } else {
            Support.triangle(triangle, triangleAt, ox, oy, oz, dx, dy, dz, sb, k);
        }
    }

    /** The search, with B's centre {@code (cx, cy, cz)} (m) giving the first direction. */
    private double search(Shape a, Pose pa, Shape b, Pose pb, double cx, double cy, double cz) {
        double ox = pa.px, oy = pa.py, oz = pa.pz;
        n = 0;
        overlapping = false;
        vx = pa.px - cx;
        vy = pa.py - cy;
        vz = pa.pz - cz;
        if (vx == 0 && vy == 0 && vz == 0) {
            vx = 1;
        }
        double bestV2 = Double.POSITIVE_INFINITY;
        ax = ay = az = bx = by = bz = 0;
        int it = 0;
        while (it < MAX_ITERATIONS) {
            it++;
            int k = 3 * n;
            Support.core(a, pa, ox, oy, oz, -vx, -vy, -vz, sa, k);
            supportB(b, pb, ox, oy, oz, vx, vy, vz, k);
            double wx = sa[k] - sb[k], wy = sa[k + 1] - sb[k + 1], wz = sa[k + 2] - sb[k + 2];
            if (n > 0) {
                double v2 = vx * vx + vy * vy + vz * vz;
                if (v2 - (vx * wx + vy * wy + vz * wz) <= RELATIVE_TOLERANCE * v2 || repeats(wx, wy, wz)) {
                    break; // the bounds agree, or the new point adds nothing: the simplex is the answer
                }
            }
            w[k] = wx;
            w[k + 1] = wy;
            w[k + 2] = wz;
            n++;
            if (!solve()) {
                overlapping = true; // the origin is inside the tetrahedron
                break;
            }
            double v2 = vx * vx + vy * vy + vz * vz;
            if (v2 <= OVERLAP_TOLERANCE * largest()) {
                overlapping = true;
                closestPoints();
                break;
            }
            if (v2 >= bestV2) {
                break; // rounding: no more progress
            }
            bestV2 = v2;
            closestPoints();
        }
        iterations = it;
        if (overlapping) {
            bx = ax;
            by = ay;
            bz = az;
        }
        ax += ox;
        ay += oy;
        az += oz;
        bx += ox;
        by += oy;
        bz += oz;
        return overlapping ? 0 : Math.sqrt(bestV2);
    }

    /** @return whether the cores of the last call touch or overlap. */
    public boolean overlapping() {
        return overlapping;
    }

    /** @return the points of the last call's final simplex (1 to 4; 4 when the origin is inside it). */
    int simplexSize() {
        return n;
    }

    /** @return support points tried by the last call. */
    public int iterations() {
        return iterations;
    }

    /**
     * @param dest receives the closest point on A's core of the last call, world space, m
     *     (a common point when they overlap)
     * @return {@code dest}
     */
    public org.joml.Vector3d pointA(org.joml.Vector3d dest) {
        return dest.set(ax, ay, az);
    }

    /**
     * @param dest receives the closest point on B's core of the last call, world space, m
     * @return {@code dest}
     */
    public org.joml.Vector3d pointB(org.joml.Vector3d dest) {
        return dest.set(bx, by, bz);
    }

    private boolean repeats(double x, double y, double z) {
        for (int i = 0; i < 3 * n; i += 3) {
            if (w[i] == x && w[i + 1] == y && w[i + 2] == z) {
                return true;
            }
        }
        return false;
    }

    private double largest() {
        double m = 0;
        for (int i = 0; i < 3 * n; i += 3) {
            m = Math.max(m, w[i] * w[i] + w[i + 1] * w[i + 1] + w[i + 2] * w[i + 2]);
        }
        return m;
    }

    /** The closest points on A and B from the barycentric weights, relative to A's position. */
    private void closestPoints() {
        ax = ay = az = bx = by = bz = 0;
        for (int i = 0; i < n; i++) {
            double l = lambda[i];
            ax += l * sa[3 * i];
            ay += l * sa[3 * i + 1];
            az += l * sa[3 * i + 2];
            bx += l * sb[3 * i];
            by += l * sb[3 * i + 1];
            bz += l * sb[3 * i + 2];
        }
    }

    /**
     * Finds the simplex's point nearest the origin, sets {@code v} to it and drops the vertices
     * whose weight is zero; false when the origin lies inside the tetrahedron.
     */
    private boolean solve() {
        java.util.Arrays.fill(trial, 0);
        switch (n) {
            case 1 -> trial[0] = 1;
            case 2 -> segment(0, 1, trial);
            case 3 -> triangle(0, 1, 2, trial);
            default -> {
                if (!tetrahedron()) {
                    return false;
                }
            }
        }
        int m = 0;
        vx = vy = vz = 0;
        for (int i = 0; i < n; i++) {
            double l = trial[i];
            if (l > 0) {
                if (m != i) {
                    System.arraycopy(w, 3 * i, w, 3 * m, 3);
                    System.arraycopy(sa, 3 * i, sa, 3 * m, 3);
                    System.arraycopy(sb, 3 * i, sb, 3 * m, 3);
                }
                lambda[m] = l;
                vx += l * w[3 * m];
                vy += l * w[3 * m + 1];
                vz += l * w[3 * m + 2];
                m++;
            }
        }
        n = m;
        return true;
    }

    /** Squared length of the point with weights {@code l} over the simplex. */
    private double norm2(double[] l) {
        double x = 0, y = 0, z = 0;
        for (int i = 0; i < n; i++) {
            x += l[i] * w[3 * i];
            y += l[i] * w[3 * i + 1];
            z += l[i] * w[3 * i + 2];
        }
        return x * x + y * y + z * z;
    }

    /** Weights of the point of segment {@code i j} nearest the origin, into {@code out}; returns its squared distance. */
    private double segment(int i, int j, double[] out) {
        int a = 3 * i, b = 3 * j;
        double ex = w[b] - w[a], ey = w[b + 1] - w[a + 1], ez = w[b + 2] - w[a + 2];
        double ee = ex * ex + ey * ey + ez * ez;
        double t = -(w[a] * ex + w[a + 1] * ey + w[a + 2] * ez);
        out[i] = out[j] = 0;
        if (!(ee > 0) || t <= 0) {
            out[i] = 1;
        } else if (t >= ee) {
            out[j] = 1;
        } else {
            out[j] = t / ee;
            out[i] = 1 - out[j];
        }
        return norm2(out);
    }

    /**
     * Weights of the point of triangle {@code i j k} nearest the origin (Voronoi regions of the
     * vertices, edges and face, as in Ericson's closest point on a triangle); returns its squared distance.
     */
    private double triangle(int i, int j, int k, double[] out) {
        int a = 3 * i, b = 3 * j, c = 3 * k;
        double abx = w[b] - w[a], aby = w[b + 1] - w[a + 1], abz = w[b + 2] - w[a + 2];
        double acx = w[c] - w[a], acy = w[c + 1] - w[a + 1], acz = w[c + 2] - w[a + 2];
        out[i] = out[j] = out[k] = 0;
        double d1 = -(abx * w[a] + aby * w[a + 1] + abz * w[a + 2]);
        double d2 = -(acx * w[a] + acy * w[a + 1] + acz * w[a + 2]);
        if (d1 <= 0 && d2 <= 0) {
            out[i] = 1;
            return norm2(out);
        }
        double d3 = -(abx * w[b] + aby * w[b + 1] + abz * w[b + 2]);
        double d4 = -(acx * w[b] + acy * w[b + 1] + acz * w[b + 2]);
        if (d3 >= 0 && d4 <= d3) {
            out[j] = 1;
            return norm2(out);
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            return edge(i, j, d1, d1 - d3, out);
        }
        double d5 = -(abx * w[c] + aby * w[c + 1] + abz * w[c + 2]);
        double d6 = -(acx * w[c] + acy * w[c + 1] + acz * w[c + 2]);
        if (d6 >= 0 && d5 <= d6) {
            out[k] = 1;
            return norm2(out);
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            return edge(i, k, d2, d2 - d6, out);
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
            return edge(j, k, d4 - d3, (d4 - d3) + (d5 - d6), out);
        }
        double sum = va + vb + vc;
        if (!(sum > 0)) {
            return nearestEdge(i, j, k, out); // a degenerate (flat) triangle: its edges hold the answer
        }
        out[j] = vb / sum;
        out[k] = vc / sum;
        out[i] = 1 - out[j] - out[k];
        return norm2(out);
    }

    /** Weights {@code (1 − num/den, num/den)} on edge {@code i j}; a zero-length edge keeps {@code i}. */
    private double edge(int i, int j, double num, double den, double[] out) {
        double t = den > 0 ? Math.min(1, num / den) : 0;
        out[i] = 1 - t;
        out[j] = t;
        return norm2(out);
    }

    private final double[] edgeTrial = new double[4];

    private double nearestEdge(int i, int j, int k, double[] out) {
        double bestD = Double.POSITIVE_INFINITY;
        for (int e = 0; e < 3; e++) {
            java.util.Arrays.fill(edgeTrial, 0);
            double d = e == 0 ? segment(i, j, edgeTrial) : e == 1 ? segment(j, k, edgeTrial) : segment(i, k, edgeTrial);
            if (d < bestD) {
                bestD = d;
                System.arraycopy(edgeTrial, 0, out, 0, 4);
            }
        }
        return bestD;
    }

    /** The four faces of a tetrahedron and the vertex opposite each. */
    private static final int[][] FACES = {{0, 1, 2, 3}, {0, 3, 1, 2}, {0, 2, 3, 1}, {1, 3, 2, 0}};

    /** Reduces the tetrahedron to its face nearest the origin among those the origin is outside; false when inside. */
    private boolean tetrahedron() {
        double e1x = w[3] - w[0], e1y = w[4] - w[1], e1z = w[5] - w[2];
        double e2x = w[6] - w[0], e2y = w[7] - w[1], e2z = w[8] - w[2];
        double e3x = w[9] - w[0], e3y = w[10] - w[1], e3z = w[11] - w[2];
        double volume = e1x * (e2y * e3z - e2z * e3y) + e1y * (e2z * e3x - e2x * e3z) + e1z * (e2x * e3y - e2y * e3x);
        double size = Math.max(e1x * e1x + e1y * e1y + e1z * e1z,
                Math.max(e2x * e2x + e2y * e2y + e2z * e2z, e3x * e3x + e3y * e3y + e3z * e3z));
        boolean flat = Math.abs(volume) <= FLAT_TOLERANCE * size * Math.sqrt(size);
        double bestD = Double.POSITIVE_INFINITY;
        boolean outside = false;
        for (int[] f : FACES) {
            if (!flat && !outsideFace(f[0], f[1], f[2], f[3])) {
                continue;
            }
            outside = true;
            java.util.Arrays.fill(best, 0);
            double d = triangle(f[0], f[1], f[2], best);
            if (d < bestD) {
                bestD = d;
                System.arraycopy(best, 0, trial, 0, 4);
            }
        }
        return outside;
    }

    /** Whether the origin and vertex {@code l} lie strictly on opposite sides of the plane of face {@code i j k}. */
    private boolean outsideFace(int i, int j, int k, int l) {
        int a = 3 * i, b = 3 * j, c = 3 * k, d = 3 * l;
        double abx = w[b] - w[a], aby = w[b + 1] - w[a + 1], abz = w[b + 2] - w[a + 2];
        double acx = w[c] - w[a], acy = w[c + 1] - w[a + 1], acz = w[c + 2] - w[a + 2];
        double nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
        double origin = -(nx * w[a] + ny * w[a + 1] + nz * w[a + 2]);
        double opposite = nx * (w[d] - w[a]) + ny * (w[d + 1] - w[a + 1]) + nz * (w[d + 2] - w[a + 2]);
        return origin * opposite < 0;
    }
}
