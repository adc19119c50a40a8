package dev.tumble.core.collision.query;

import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;

/**
 * The expanding-polytope algorithm (van den Bergen): how deep two overlapping convex cores are.
 * Starting from the simplex with which {@link Gjk} found the origin inside the Minkowski difference
 * {@code A − B}, it grows a polytope inside that difference towards the face nearest the origin,
 * adding the support point along that face's normal, until the support point lies no further out
 * than the face (to {@link #TOLERANCE}). The nearest face's normal {@code n} and distance {@code d}
 * are the penetration: A moved by {@code −d·n} just touches B.
 *
 * <p>Curved cores (a cylinder) end within the tolerance; polytopes end exactly. One instance keeps
 * its scratch and is not thread-safe; a call allocates nothing.
 */
public final class Epa {
    /** Stop when the support point lies at most this far (m) beyond the nearest face, per metre of the shapes' size. */
    public static final double TOLERANCE = 1e-9;
    /** Most polytope vertices; the search stops with the nearest face so far when they run out. */
    static final int MAX_VERTICES = 128;
    /** Most faces ever made (removed ones keep their slots, so links stay valid). */
    private static final int MAX_FACES = 16 * MAX_VERTICES;

    // Vertices: Minkowski points w = a − b and the support points a, b, relative to A's position.
    private final double[] w = new double[3 * MAX_VERTICES], sa = new double[3 * MAX_VERTICES], sb = new double[3 * MAX_VERTICES];
    private int nv;
    // Faces: corner indices (counter-clockwise seen from outside), unit outward normal, distance from the origin.
    private final int[] corner = new int[3 * MAX_FACES];
    private final double[] fn = new double[3 * MAX_FACES], fd = new double[MAX_FACES];
    private final boolean[] alive = new boolean[MAX_FACES];
    private int nf;
    /** Per face edge (face·3 + edge): the same edge in the neighbouring face. */
    private final int[] adjacent = new int[3 * MAX_FACES];
    /** The horizon of the current expansion: face·3 + edge of the kept faces, in order round it. */
    private final int[] horizon = new int[MAX_FACES];
    private int edges;

    private Shape shapeA, shapeB;
    private Pose poseA, poseB;
    private double[] triangle;
    private int triangleAt;
    private double ox, oy, oz;

    private double gap;
    private double depth, nx, ny, nz, ax, ay, az, bx, by, bz;

    /**
     * The penetration of the cores of {@code a} and {@code b}, which {@code gjk}'s last call (on
     * these shapes and poses) found overlapping.
     *
     * @param gjk the search that found the overlap
     * @param a shape A
     * @param pa its world pose
     * @param b shape B
     * @param pb its world pose
     * @return the depth, m (≥ 0); then {@link #normal}, {@link #pointA}, {@link #pointB} hold the rest
     * @throws IllegalStateException when {@code gjk}'s last search found the cores apart
     */
    public double penetration(Gjk gjk, Shape a, Pose pa, Shape b, Pose pb) {
        shapeB = b;
        poseB = pb;
        triangle = null;
        return run(gjk, a, pa);
    }

    /**
     * {@link #penetration(Gjk, Shape, Pose, Shape, Pose)} against the triangle with world corners
     * {@code c[o..o+9)}, after {@link Gjk#coreDistance(Shape, Pose, double[], int)} on it.
     *
     * @param gjk the search that found the overlap
     * @param a shape A
     * @param pa its world pose
     * @param c the corners, world, m
     * @param o where they start in {@code c}
     * @return the depth, m (≥ 0)
     * @throws IllegalStateException when {@code gjk}'s last search found the cores apart
     */
    public double penetration(Gjk gjk, Shape a, Pose pa, double[] c, int o) {
        shapeB = null;
        poseB = null;
        triangle = c;
        triangleAt = o;
        double d = run(gjk, a, pa);
        triangle = null;
        return d;
    }

    /**
     * @return the unit normal of the last call, world: A leaves B by moving along it (from B
     *     towards A)
     */
    public double normalX() {
        return nx;
    }

    /** @return the normal's y (see {@link #normalX()}). */
    public double normalY() {
        return ny;
    }

    /** @return the normal's z (see {@link #normalX()}). */
    public double normalZ() {
        return nz;
    }

    /**
     * @param dest receives the unit normal of the last call (see {@link #normalX()})
     * @return {@code dest}
     */
    public org.joml.Vector3d normal(org.joml.Vector3d dest) {
        return dest.set(nx, ny, nz);
    }

    /**
     * @param dest receives A's core point deepest inside B of the last call, world, m
     * @return {@code dest}
     */
    public org.joml.Vector3d pointA(org.joml.Vector3d dest) {
        return dest.set(ax, ay, az);
    }

    /**
     * @param dest receives B's core point deepest inside A of the last call, world, m ({@code pointA
     *     − depth·normal})
     * @return {@code dest}
     */
    public org.joml.Vector3d pointB(org.joml.Vector3d dest) {
        return dest.set(bx, by, bz);
    }

    /** @return the depth of the last call, m. */
    public double depth() {
        return depth;
    }

    /**
     * @return how far (m) the last support point lay beyond the nearest face when the search
     *     stopped: 0 (to rounding) when that face is flat on both shapes, up to the tolerance on a
     *     curved one
     */
    public double gap() {
        return gap;
    }

    private double run(Gjk gjk, Shape a, Pose pa) {
        if (!gjk.overlapping()) {
            throw new IllegalStateException("Epa needs overlapping cores, but the Gjk's last search found them apart");
        }
        gap = 0;
        shapeA = a;
        poseA = pa;
        ox = pa.px;
        oy = pa.py;
        oz = pa.pz;
        nv = gjk.simplexSize();
        System.arraycopy(gjk.w, 0, w, 0, 3 * nv);
        System.arraycopy(gjk.sa, 0, sa, 0, 3 * nv);
        System.arraycopy(gjk.sb, 0, sb, 0, 3 * nv);
        dropRepeats();
        boolean ok = fillOut() && tetrahedron();
        if (ok) {
            expand();
        } else {
            // Everything the support maps returned lies in a plane or on a line: the cores only touch.
            touching();
        }
        shapeA = shapeB = null;
        poseA = poseB = null;
        return depth;
    }

    /** Support point of the Minkowski difference along {@code (dx, dy, dz)} into vertex {@code i}. */
    private void support(double dx, double dy, double dz, int i) {
        int k = 3 * i;
        Support.core(shapeA, poseA, ox, oy, oz, dx, dy, dz, sa, k);
        if (triangle == null) {
            Support.core(shapeB, poseB, ox, oy, oz, -dx, -dy, -dz, sb, k);
        } else {
            Support.triangle(triangle, triangleAt, ox, oy, oz, -dx, -dy, -dz, sb, k);
        }
        w[k] = sa[k] - sb[k];
        w[k + 1] = sa[k + 1] - sb[k + 1];
        w[k + 2] = sa[k + 2] - sb[k + 2];
    }

    private void dropRepeats() {
        int m = 0;
        for (int i = 0; i < nv; i++) {
            boolean seen = false;
            for (int j = 0; j < m && !seen; j++) {
                seen = w[3 * i] == w[3 * j] && w[3 * i + 1] == w[3 * j + 1] && w[3 * i + 2] == w[3 * j + 2];
            }
            if (!seen) {
                copy(i, m++);
            }
        }
        nv = m;
    }

    private void copy(int from, int to) {
        if (from != to) {
            System.arraycopy(w, 3 * from, w, 3 * to, 3);
            System.arraycopy(sa, 3 * from, sa, 3 * to, 3);
            System.arraycopy(sb, 3 * from, sb, 3 * to, 3);
        }
    }

    /**
     * Grows a GJK simplex of fewer than four points (the cores touch, the origin on its boundary)
     * into a tetrahedron with support points along directions off its line or plane.
     *
     * @return false when no such point exists (the difference is flat: a touch)
     */
    private boolean fillOut() {
        double size = scale();
        double eps = 1e-12 * size;
        if (nv == 0) {
            support(1, 0, 0, 0);
            nv = 1;
        }
        if (nv == 1) {
            for (int axis = 0; axis < 6 && nv == 1; axis++) {
                double s = axis < 3 ? 1 : -1;
                support(axis % 3 == 0 ? s : 0, axis % 3 == 1 ? s : 0, axis % 3 == 2 ? s : 0, 1);
                if (distance2(1, 0) > eps * eps) {
                    nv = 2;
                }
            }
            if (nv == 1) {
                return false;
            }
        }
        if (nv == 2) {
            double ex = w[3] - w[0], ey = w[4] - w[1], ez = w[5] - w[2];
            // A direction across the segment: e × (the axis e leans on least), then turned about e.
            double ux, uy, uz;
            if (Math.abs(ex) <= Math.abs(ey) && Math.abs(ex) <= Math.abs(ez)) {
                ux = 0; uy = ez; uz = -ey;
            } else if (Math.abs(ey) <= Math.abs(ez)) {
                ux = -ez; uy = 0; uz = ex;
            } else {
                ux = ey; uy = -ex; uz = 0;
            }
            double vx = ey * uz - ez * uy, vy = ez * ux - ex * uz, vz = ex * uy - ey * ux;
            double ul = Math.sqrt(ux * ux + uy * uy + uz * uz), vl = Math.sqrt(vx * vx + vy * vy + vz * vz);
            for (int k = 0; k < 6 && nv == 2; k++) {
                double c = Math.cos(k * Math.PI / 3), s = Math.sin(k * Math.PI / 3);
                support(c * ux / ul + s * vx / vl, c * uy / ul + s * vy / vl, c * uz / ul + s * vz / vl, 2);
                if (offLine(2) > eps) {
                    nv = 3;
                }
            }
            if (nv == 2) {
                return false;
            }
        }
        if (nv == 3) {
            double px = (w[4] - w[1]) * (w[8] - w[2]) - (w[5] - w[2]) * (w[7] - w[1]);
            double py = (w[5] - w[2]) * (w[6] - w[0]) - (w[3] - w[0]) * (w[8] - w[2]);
            double pz = (w[3] - w[0]) * (w[7] - w[1]) - (w[4] - w[1]) * (w[6] - w[0]);
            double l = Math.sqrt(px * px + py * py + pz * pz);
            if (!(l > 0)) {
                return false;
            }
            px /= l;
            py /= l;
            pz /= l;
            support(px, py, pz, 3);
            double up = px * (w[9] - w[0]) + py * (w[10] - w[1]) + pz * (w[11] - w[2]);
            support(-px, -py, -pz, 4);
            double down = -(px * (w[12] - w[0]) + py * (w[13] - w[1]) + pz * (w[14] - w[2]));
            // The side the plane leaves more of; the origin is on (or within rounding of) the plane.
            if (down > up) {
                copy(4, 3);
            }
            if (!(Math.max(up, down) > eps)) {
                return false;
            }
            nv = 4;
        }
        return true;
    }

    private double scale() {
        double m = 0;
        for (int i = 0; i < 3 * nv; i++) {
            m = Math.max(m, Math.abs(w[i]));
        }
        return Math.max(m, 1e-3);
    }

    private double distance2(int i, int j) {
        double x = w[3 * i] - w[3 * j], y = w[3 * i + 1] - w[3 * j + 1], z = w[3 * i + 2] - w[3 * j + 2];
        return x * x + y * y + z * z;
    }

    /** Distance of vertex {@code i} from the line through vertices 0 and 1. */
    private double offLine(int i) {
        double ex = w[3] - w[0], ey = w[4] - w[1], ez = w[5] - w[2];
        double px = w[3 * i] - w[0], py = w[3 * i + 1] - w[1], pz = w[3 * i + 2] - w[2];
        double cx = ey * pz - ez * py, cy = ez * px - ex * pz, cz = ex * py - ey * px;
        return Math.sqrt((cx * cx + cy * cy + cz * cz) / (ex * ex + ey * ey + ez * ez));
    }

    /** The four faces of the tetrahedron 0..3, wound outward and linked; false when it is flat. */
    private boolean tetrahedron() {
        double e1x = w[3] - w[0], e1y = w[4] - w[1], e1z = w[5] - w[2];
        double e2x = w[6] - w[0], e2y = w[7] - w[1], e2z = w[8] - w[2];
        double e3x = w[9] - w[0], e3y = w[10] - w[1], e3z = w[11] - w[2];
        double volume = e1x * (e2y * e3z - e2z * e3y) + e1y * (e2z * e3x - e2x * e3z) + e1z * (e2x * e3y - e2y * e3x);
        double size = scale();
        if (!(Math.abs(volume) > 1e-15 * size * size * size)) {
            return false;
        }
        if (volume < 0) {
            swap(1, 2); // now vertex 3 lies on the normal side of (0, 1, 2)
        }
        nf = 0;
        // With positive volume, vertex 3 lies on the normal side of (0, 1, 2): these are outward.
        if (!(addFace(0, 2, 1) && addFace(0, 1, 3) && addFace(1, 2, 3) && addFace(2, 0, 3))) {
            return false;
        }
        // Each edge (i, j) of one face is (j, i) of another: link them.
        for (int f = 0; f < 4; f++) {
            for (int e = 0; e < 3; e++) {
                int i = corner[3 * f + e], j = corner[3 * f + (e + 1) % 3];
                for (int g = 0; g < 4; g++) {
                    for (int k = 0; k < 3; k++) {
                        if (corner[3 * g + k] == j && corner[3 * g + (k + 1) % 3] == i) {
                            link(f, e, g, k);
                        }
                    }
                }
            }
        }
        return true;
    }

    /** Exchanges vertices i and j. */
    private void swap(int i, int j) {
        swap(w, i, j);
        swap(sa, i, j);
        swap(sb, i, j);
    }

    private static void swap(double[] v, int i, int j) {
        for (int c = 0; c < 3; c++) {
            double t = v[3 * i + c];
            v[3 * i + c] = v[3 * j + c];
            v[3 * j + c] = t;
        }
    }

    /** Edge e of face f and edge k of face g are one edge. */
    private void link(int f, int e, int g, int k) {
        adjacent[3 * f + e] = 3 * g + k;
        adjacent[3 * g + k] = 3 * f + e;
    }

    /** Adds face (i, j, k); false when the polytope is full or the face is degenerate. */
    private boolean addFace(int i, int j, int k) {
        if (nf == MAX_FACES) {
            return false;
        }
        double e1x = w[3 * j] - w[3 * i], e1y = w[3 * j + 1] - w[3 * i + 1], e1z = w[3 * j + 2] - w[3 * i + 2];
        double e2x = w[3 * k] - w[3 * i], e2y = w[3 * k + 1] - w[3 * i + 1], e2z = w[3 * k + 2] - w[3 * i + 2];
        double x = e1y * e2z - e1z * e2y, y = e1z * e2x - e1x * e2z, z = e1x * e2y - e1y * e2x;
        double l = Math.sqrt(x * x + y * y + z * z);
        if (!(l > 0)) {
            return false;
        }
        int f = nf++;
        corner[3 * f] = i;
        corner[3 * f + 1] = j;
        corner[3 * f + 2] = k;
        fn[3 * f] = x / l;
        fn[3 * f + 1] = y / l;
        fn[3 * f + 2] = z / l;
        fd[f] = fn[3 * f] * w[3 * i] + fn[3 * f + 1] * w[3 * i + 1] + fn[3 * f + 2] * w[3 * i + 2];
        alive[f] = true;
        return true;
    }

    private void expand() {
        double tolerance = TOLERANCE * scale();
        int best = nearest();
        while (nv < MAX_VERTICES) {
            support(fn[3 * best], fn[3 * best + 1], fn[3 * best + 2], nv);
            int v = nv;
            double reach = fn[3 * best] * w[3 * v] + fn[3 * best + 1] * w[3 * v + 1] + fn[3 * best + 2] * w[3 * v + 2];
            gap = reach - fd[best];
            if (gap <= tolerance) {
                break;
            }
            // The faces the new point sees, walked from the nearest across their edges, come off;
            // the edges where the walk met a face it does not see are the horizon, in order round it.
            edges = 0;
            alive[best] = false;
            for (int e = 0; e < 3; e++) {
                silhouette(v, adjacent[3 * best + e]);
            }
            if (!patch(v)) {
                break; // no room, a degenerate face or a broken horizon: keep the nearest face so far
            }
            nv++;
            best = nearest();
        }
        result(best);
    }

    /**
     * From a removed face across its edge {@code fe} (face·3 + edge, seen from the face beyond):
     * removes that face too when {@code v} sees it, and walks on over its other two edges; else the
     * edge is on the horizon.
     */
    private void silhouette(int v, int fe) {
        int f = fe / 3, e = fe % 3;
        if (!alive[f]) {
            return;
        }
        int c0 = corner[3 * f];
        double s = fn[3 * f] * (w[3 * v] - w[3 * c0]) + fn[3 * f + 1] * (w[3 * v + 1] - w[3 * c0 + 1])
                + fn[3 * f + 2] * (w[3 * v + 2] - w[3 * c0 + 2]);
        if (s > 0) {
            alive[f] = false;
            silhouette(v, adjacent[3 * f + (e + 1) % 3]);
            silhouette(v, adjacent[3 * f + (e + 2) % 3]);
        } else if (edges < horizon.length) {
            horizon[edges++] = fe;
        }
    }

    /** New faces from each horizon edge to vertex {@code v}, linked to the faces beyond and to each other. */
    private boolean patch(int v) {
        if (edges < 3 || nf + edges > MAX_FACES) {
            return false;
        }
        int first = nf;
        for (int h = 0; h < edges; h++) {
            int f = horizon[h] / 3, e = horizon[h] % 3;
            // The edge runs i → j in the face beyond, so j → i in the new face (counter-clockwise outward).
            int i = corner[3 * f + e], j = corner[3 * f + (e + 1) % 3];
            int next = horizon[(h + 1) % edges];
            if (corner[3 * (next / 3) + next % 3 + (next % 3 == 2 ? -2 : 1)] != i) {
                nf = first;
                return false; // the horizon is not one loop (rounding on nearly coplanar faces)
            }
            if (!addFace(j, i, v)) {
                nf = first;
                return false;
            }
            link(nf - 1, 0, f, e);
        }
        for (int h = 0; h < edges; h++) {
            int f = first + h, g = first + (h + 1) % edges;
            link(f, 1, g, 2);
        }
        return true;
    }

    /** The live face nearest the origin (the first on a tie), or −1. */
    private int nearest() {
        int best = -1;
        for (int f = 0; f < nf; f++) {
            if (alive[f] && (best < 0 || fd[f] < fd[best])) {
                best = f;
            }
        }
        return best;
    }

    /** The normal, depth and core points from face {@code f}: the origin projected on it, in barycentric weights. */
    private void result(int f) {
        double d = Math.max(0, fd[f]);
        double px = fn[3 * f] * d, py = fn[3 * f + 1] * d, pz = fn[3 * f + 2] * d;
        int i = corner[3 * f], j = corner[3 * f + 1], k = corner[3 * f + 2];
        double v0x = w[3 * j] - w[3 * i], v0y = w[3 * j + 1] - w[3 * i + 1], v0z = w[3 * j + 2] - w[3 * i + 2];
        double v1x = w[3 * k] - w[3 * i], v1y = w[3 * k + 1] - w[3 * i + 1], v1z = w[3 * k + 2] - w[3 * i + 2];
        double v2x = px - w[3 * i], v2y = py - w[3 * i + 1], v2z = pz - w[3 * i + 2];
        double d00 = v0x * v0x + v0y * v0y + v0z * v0z, d01 = v0x * v1x + v0y * v1y + v0z * v1z;
        double d11 = v1x * v1x + v1y * v1y + v1z * v1z;
        double d20 = v2x * v0x + v2y * v0y + v2z * v0z, d21 = v2x * v1x + v2y * v1y + v2z * v1z;
        double den = d00 * d11 - d01 * d01;
        double l1 = den > 0 ? (d11 * d20 - d01 * d21) / den : 0;
        double l2 = den > 0 ? (d00 * d21 - d01 * d20) / den : 0;
        double l0 = 1 - l1 - l2;
        ax = l0 * sa[3 * i] + l1 * sa[3 * j] + l2 * sa[3 * k] + ox;
        ay = l0 * sa[3 * i + 1] + l1 * sa[3 * j + 1] + l2 * sa[3 * k + 1] + oy;
        az = l0 * sa[3 * i + 2] + l1 * sa[3 * j + 2] + l2 * sa[3 * k + 2] + oz;
        // B's point from A's, so that pointA − pointB is exactly depth along the normal.
        depth = d;
        nx = -fn[3 * f];
        ny = -fn[3 * f + 1];
        nz = -fn[3 * f + 2];
        bx = ax + d * nx;
        by = ay + d * ny;
        bz = az + d * nz;
    }

    /**
     * A touch with no volume in the difference (both cores flat in one plane, or GJK's simplex
     * could not be grown): depth 0 along the direction between the shapes' positions.
     */
    private void touching() {
        depth = 0;
        double cx, cy, cz;
        if (triangle == null) {
            cx = poseB.px;
            cy = poseB.py;
            cz = poseB.pz;
        } else {
            cx = (triangle[triangleAt] + triangle[triangleAt + 3] + triangle[triangleAt + 6]) / 3;
            cy = (triangle[triangleAt + 1] + triangle[triangleAt + 4] + triangle[triangleAt + 7]) / 3;
            cz = (triangle[triangleAt + 2] + triangle[triangleAt + 5] + triangle[triangleAt + 8]) / 3;
        }
        double x = ox - cx, y = oy - cy, z = oz - cz, l = Math.sqrt(x * x + y * y + z * z);
        if (l > 0) {
            nx = x / l;
            ny = y / l;
            nz = z / l;
        } else {
            nx = 0;
            ny = 1;
            nz = 0;
        }
        ax = bx = sa[0] + ox;
        ay = by = sa[1] + oy;
        az = bz = sa[2] + oz;
    }
}
