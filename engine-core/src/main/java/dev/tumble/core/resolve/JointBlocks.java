package dev.tumble.core.resolve;

import dev.tumble.core.contact.Contact;
import java.util.Arrays;
import org.joml.Vector3dc;

/**
 * The sequential-impulse solver's joints: bilateral constraint blocks recognised among a joint's
 * contacts and solved exactly at every visit, with warm starting and a nonlinear Gauss-Seidel
 * position pass (Box2D v2's and Jolt's way), instead of as unilateral contacts.
 *
 * <p><b>Recognition.</b> Joints stay contact generators (so Millington's resolver, islands, the
 * contact cache, sleeping and events see contacts as before); here their runs are read back:
 * <ul>
 *   <li>a <em>held point</em>: six consecutive joint contacts of one body pair at one point with
 *       normals +x, −x, +y, −y, +z, −z and penetrations d, −d per axis
 *       ({@code Joint.holdTogether}): body 0's point is {@code p − d/2}, body 1's {@code p + d/2};
 *       solved as one 3-row point block, {@code K = (m0⁻¹ + m1⁻¹)·1 − [r0]×I0⁻¹[r0]× − [r1]×I1⁻¹[r1]×};</li>
 *   <li>two held points of one pair in a row (a hinge): one 5-row block, the three rows of a
 *       point at their middle and two angular rows keeping body 0's axis (through its two points)
 *       perpendicular to two directions fixed in body 1 across body 1's axis. Two 3-row point
 *       blocks solved in turn fight through the axial row they share, badly on small bodies with
 *       points far out; the 5-row block has no redundant row and is solved exactly;</li>
 *   <li>a <em>rod</em>: two consecutive joint contacts of one pair at one point with opposite
 *       normals and opposite penetrations ({@code DistanceJoint.Kind.ROD}): one bilateral row.</li>
 * </ul>
 * Every other joint contact (a cable, a hinge limit, the book's joint) stays a unilateral contact.
 *
 * <p><b>Velocities.</b> Each visit computes the rows' velocity errors and applies
 * {@code Δλ = −K⁻¹(J·v − bias)} unclamped: the block is exact after every visit. Rows carry no
 * friction. The accumulated impulses go back to the world's cache through the contacts they came
 * from (a row's positive part on the contact along +axis, its negative part on the opposite one;
 * a hinge's moment as two opposite point forces), so warm starting needs no state here.
 *
 * <p><b>Positions.</b> {@link #solvePositions} is one nonlinear Gauss-Seidel sweep over the
 * blocks at the solver's current poses: the errors recomputed from body-space anchors and axes,
 * the block's K at the current lever arms, {@code Δ = −K⁻¹·C} applied as a position and
 * orientation change, its length limited per sweep. Velocities are not touched, so drift is
 * removed without adding kinetic energy.
 *
 * <p>Package-private helper of {@link SequentialImpulseSolver}; allocation-free once grown.
 */
final class JointBlocks {
    /** Rows of a block: a held point, a hinge (point and two angular rows), a rod. */
    static final int POINT = 3, HINGE = 5, ROD = 1;
    private static final int MAX_ROWS = 5;
    /**
     * Per row: lin (0), ang0 (3), ang1 (6), I0⁻¹ang0 (9), I1⁻¹ang1 (12), bias (15). The row's
     * velocity is lin·(v0 − v1) + ang0·ω0 − ang1·ω1; its impulse λ pushes body 0 along lin.
     */
    private static final int ROW = 16;
    /**
     * Per block, body-space data for the position pass: body 0's anchor (0), body 1's anchor (3);
     * a hinge's axis in body 0 (6) and the two directions across body 1's axis in body 1 (9, 12);
     * a rod's link direction in body 1 (6).
     */
    private static final int LOC = 15;

    private int count;
    private int[] first = new int[0], rows = new int[0], a = new int[0], b = new int[0];
    private double[] row = new double[0], lambda = new double[0], kinv = new double[0], loc = new double[0];
    /** Per hinge: the world axis from point B to point A (3) and half the points' distance (1). */
    private double[] hinge = new double[0];
    /** Per contact: the block it belongs to, or −1. */
    private int[] blockOf = new int[0];
    private boolean[] solved = new boolean[0];

    // The solver's body tables, bound for one call.
    private double[] vel, im, inertia, pose;
    private boolean[] movable;

    private final double[] k = new double[MAX_ROWS * MAX_ROWS], c = new double[MAX_ROWS], d = new double[MAX_ROWS];
    private final double[] w = new double[12];

    /** @return the block contact {@code c} belongs to, or −1 when it is solved as a contact. */
    int blockOf(int contact) {
        // No blocks (none found, or the solver's jointBlocks setting off): blockOf may be stale.
        return count == 0 ? -1 : blockOf[contact];
    }

    /** @return the number of blocks found by the last {@link #find}. */
    int count() {
        return count;
    }

    /**
     * Finds the blocks among {@code contacts[0..n)} and marks their contacts.
     *
     * @param i0 body slot of each contact's body 0 (0 is the static world)
     * @param i1 body slot of each contact's body 1
     */
    int find(Contact[] contacts, int n, int[] i0, int[] i1) {
        ensureContacts(n);
        Arrays.fill(blockOf, 0, n, -1);
        count = 0;
        for (int ci = 0; ci < n; ) {
            if (!contacts[ci].isJoint()) {
                ci++;
                continue;
            }
            if (isHeldPoint(contacts, n, ci, i0, i1)) {
                boolean hinge = isHeldPoint(contacts, n, ci + 6, i0, i1) && i0[ci + 6] == i0[ci] && i1[ci + 6] == i1[ci]
                        && axisLength(contacts, ci) > MIN_AXIS;
                int size = hinge ? 12 : 6;
                add(ci, size, hinge ? HINGE : POINT, i0[ci], i1[ci]);
                ci += size;
            } else if (isRod(contacts, n, ci, i0, i1)) {
                add(ci, 2, ROD, i0[ci], i1[ci]);
                ci += 2;
            } else {
                ci++;
            }
        }
        return count;
    }

    /** Shortest distance (m) between a hinge's two points for it to define an axis. */
    private static final double MIN_AXIS = 1e-6;

    private void add(int from, int size, int kind, int s0, int s1) {
        ensureBlocks(count + 1);
        first[count] = from;
        rows[count] = kind;
        a[count] = s0;
        b[count] = s1;
        for (int i = from; i < from + size; i++) {
            blockOf[i] = count;
        }
        count++;
    }

    private static boolean isHeldPoint(Contact[] contacts, int n, int f, int[] i0, int[] i1) {
        if (f + 6 > n) {
            return false;
        }
        Contact c0 = contacts[f];
        Vector3dc p = c0.point();
        for (int k = 0; k < 6; k++) {
            Contact c = contacts[f + k];
            if (!c.isJoint() || i0[f + k] != i0[f] || i1[f + k] != i1[f] || !c.point().equals(p)) {
                return false;
            }
            Vector3dc nk = c.normal();
            int axis = k >> 1;
            double sign = (k & 1) == 0 ? 1 : -1;
            if (nk.get(axis) != sign || nk.get((axis + 1) % 3) != 0 || nk.get((axis + 2) % 3) != 0) {
                return false;
            }
            if ((k & 1) == 1 && c.penetration() != -contacts[f + k - 1].penetration()) {
                return false;
            }
        }
        return true;
    }

    private static boolean isRod(Contact[] contacts, int n, int f, int[] i0, int[] i1) {
        if (f + 2 > n) {
            return false;
        }
        Contact c0 = contacts[f], c1 = contacts[f + 1];
        Vector3dc n0 = c0.normal(), n1 = c1.normal();
        return c1.isJoint() && i0[f + 1] == i0[f] && i1[f + 1] == i1[f] && c1.point().equals(c0.point())
                && n1.x() == -n0.x() && n1.y() == -n0.y() && n1.z() == -n0.z()
                && c1.penetration() == -c0.penetration();
    }

    /** Distance between the middles of the two held points of a hinge starting at contact f. */
    private static double axisLength(Contact[] contacts, int f) {
        return contacts[f].point().distance(contacts[f + 6].point());
    }

    /** Sets the solver's body tables for this call (slot 0 the static world). */
    void bind(double[] vel, double[] im, double[] inertia, boolean[] movable, double[] pose) {
        this.vel = vel;
        this.im = im;
        this.inertia = inertia;
        this.movable = movable;
        this.pose = pose;
    }

    /** Drops the references to the solver's tables. */
    void unbind() {
        vel = im = inertia = pose = null;
        movable = null;
    }

    // ------------------------------------------------------------------ prepare

    /**
     * Prepares every block: rows at the contacts' points, K⁻¹, body-space anchors for the position
     * pass, and the warm-start impulses read back from the contacts' ({@code warm}: λn, λt0, λt1
     * per contact, times {@code warmFactor}).
     *
     * The rows' velocity targets are zero: drift is left to the position pass (a Baumgarte bias
     * towards the start-of-step error held a pendulum's anchor only to centimetres).
     */
    void prepare(Contact[] contacts, double[] warm, double warmFactor) {
        for (int j = 0; j < count; j++) {
            int f = first[j], s0 = a[j], s1 = b[j];
            int r = MAX_ROWS * j;
            Arrays.fill(lambda, r, r + MAX_ROWS, 0);
            switch (rows[j]) {
                case POINT -> {
                    pointEnds(contacts[f], w, 0);
                    penetrations(contacts, f, w, 0);
                    pointRows(j, s0, s1, w, 0);
                    storeLocal(j, s0, s1, w, 0);
                    for (int i = 0; i < 3; i++) {
                        lambda[r + i] = (warm[3 * (f + 2 * i)] - warm[3 * (f + 2 * i + 1)]) * warmFactor;
                    }
                }
                case HINGE -> prepareHinge(contacts, j, f, s0, s1, warm, warmFactor);
                default -> prepareRod(contacts[f], contacts[f + 1], j, s0, s1, warm, f, warmFactor);
            }
            solved[j] = invert(j) && (movable[s0] || movable[s1]);
            int o = ROW * r;
            for (int i = 0; i < rows[j]; i++, o += ROW) {
                row[o + 15] = 0;
            }
            if (!solved[j]) {
                Arrays.fill(lambda, r, r + MAX_ROWS, 0);
            }
        }
    }

    /** The held point's contact point p into dest[o..o+3) and dest[o+3..o+6) ({@link #penetrations} then offsets them by ∓d/2). */
    private static void pointEnds(Contact plusX, double[] dest, int o) {
        Vector3dc p = plusX.point();
        dest[o] = p.x();
        dest[o + 1] = p.y();
        dest[o + 2] = p.z();
        dest[o + 3] = p.x();
        dest[o + 4] = p.y();
        dest[o + 5] = p.z();
    }

    private double[] penetrations(Contact[] contacts, int f, double[] dest, int o) {
        // d = pb − pa, read from the +x, +y, +z contacts; the ends are p ∓ d/2.
        for (int i = 0; i < 3; i++) {
            double h = 0.5 * contacts[f + 2 * i].penetration();
            dest[o + i] -= h;
            dest[o + 3 + i] += h;
        }
        return dest;
    }

    private void prepareHinge(Contact[] contacts, int j, int f, int s0, int s1, double[] warm, double warmFactor) {
        double[] e = w;
        pointEnds(contacts[f], e, 0);
        penetrations(contacts, f, e, 0);
        pointEnds(contacts[f + 6], e, 6);
        penetrations(contacts, f + 6, e, 6);
        // Axis of each body through its two points; the point rows at their middle.
        double a0x = e[0] - e[6], a0y = e[1] - e[7], a0z = e[2] - e[8];
        double a1x = e[3] - e[9], a1y = e[4] - e[10], a1z = e[5] - e[11];
        double l0 = Math.sqrt(a0x * a0x + a0y * a0y + a0z * a0z), l1 = Math.sqrt(a1x * a1x + a1y * a1y + a1z * a1z);
        double[] m = s6;
        for (int i = 0; i < 6; i++) {
            m[i] = 0.5 * (e[i] + e[6 + i]);
        }
        pointRows(j, s0, s1, m, 0);
        storeLocal(j, s0, s1, m, 0);
        // Reporting: the contact points' axis and half distance (the held points' middles).
        Vector3dc pa = contacts[f].point(), pb = contacts[f + 6].point();
        double nx = pa.x() - pb.x(), ny = pa.y() - pb.y(), nz = pa.z() - pb.z();
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        int h = 4 * j;
        hinge[h] = nx / len;
        hinge[h + 1] = ny / len;
        hinge[h + 2] = nz / len;
        hinge[h + 3] = 0.5 * len;
        a0x /= l0;
        a0y /= l0;
        a0z /= l0;
        if (l1 > 0) {
            a1x /= l1;
            a1y /= l1;
            a1z /= l1;
        } else {
            a1x = a0x;
            a1y = a0y;
            a1z = a0z;
        }
        // Two directions across body 1's axis (any continuous choice will do: they only span the plane).
        double[] t = s6;
        SequentialImpulseSolver.tangentBasis(a1x, a1y, a1z, t);
        int o = ROW * (MAX_ROWS * j + 3);
        angularRow(o, s0, s1, a0x, a0y, a0z, t[0], t[1], t[2]);
        angularRow(o + ROW, s0, s1, a0x, a0y, a0z, t[3], t[4], t[5]);
        int q = LOC * j;
        SequentialImpulseSolver.toLocal(pose, s0, a0x, a0y, a0z, false, loc, q + 6);
        SequentialImpulseSolver.toLocal(pose, s1, t[0], t[1], t[2], false, loc, q + 9);
        SequentialImpulseSolver.toLocal(pose, s1, t[3], t[4], t[5], false, loc, q + 12);
        // Warm start: forces FA (first point) and FB (second) → P = FA + FB at the middle, and
        // the moment h·n × (FA − FB) on the two angular rows.
        int r = MAX_ROWS * j;
        double dx = 0, dy = 0, dz = 0;
        for (int i = 0; i < 3; i++) {
            double fa = (warm[3 * (f + 2 * i)] - warm[3 * (f + 2 * i + 1)]) * warmFactor;
            double fb = (warm[3 * (f + 6 + 2 * i)] - warm[3 * (f + 7 + 2 * i)]) * warmFactor;
            lambda[r + i] = fa + fb;
            double diff = fa - fb;
            if (i == 0) {
                dx = diff;
            } else if (i == 1) {
                dy = diff;
            } else {
                dz = diff;
            }
        }
        double hh = hinge[h + 3];
        double lx = hh * (hinge[h + 1] * dz - hinge[h + 2] * dy);
        double ly = hh * (hinge[h + 2] * dx - hinge[h] * dz);
        double lz = hh * (hinge[h] * dy - hinge[h + 1] * dx);
        angularImpulses(o, lx, ly, lz, lambda, r + 3);
    }

    private final double[] s6 = new double[6];

    /**
     * The two angular rows' impulses whose moment best matches L (least squares over the rows'
     * directions u3, u4, nearly orthonormal).
     */
    private void angularImpulses(int o, double lx, double ly, double lz, double[] dest, int r) {
        double ux = row[o + 3], uy = row[o + 4], uz = row[o + 5];
        double vx = row[o + ROW + 3], vy = row[o + ROW + 4], vz = row[o + ROW + 5];
        double uu = ux * ux + uy * uy + uz * uz, uv = ux * vx + uy * vy + uz * vz, vv = vx * vx + vy * vy + vz * vz;
        double lu = lx * ux + ly * uy + lz * uz, lv = lx * vx + ly * vy + lz * vz;
        double det = uu * vv - uv * uv;
        if (!(det > 1e-12)) {
            dest[r] = dest[r + 1] = 0;
            return;
        }
        dest[r] = (vv * lu - uv * lv) / det;
        dest[r + 1] = (uu * lv - uv * lu) / det;
    }

    private void prepareRod(Contact c0, Contact c1, int j, int s0, int s1, double[] warm, int f, double warmFactor) {
        Vector3dc p = c0.point(), n = c0.normal();
        int o = ROW * MAX_ROWS * j;
        linearRow(o, s0, s1, p.x(), p.y(), p.z(), p.x(), p.y(), p.z(), n.x(), n.y(), n.z());
        // Position pass: like a contact, body 0's point p − n·h and body 1's p + n·h, h = pen/2,
        // so their separation along n is −penetration = length − current.
        double h = 0.5 * c0.penetration();
        int q = LOC * j;
        SequentialImpulseSolver.toLocal(pose, s0, p.x() - n.x() * h, p.y() - n.y() * h, p.z() - n.z() * h, true, loc, q);
        SequentialImpulseSolver.toLocal(pose, s1, p.x() + n.x() * h, p.y() + n.y() * h, p.z() + n.z() * h, true, loc, q + 3);
        SequentialImpulseSolver.toLocal(pose, s1, n.x(), n.y(), n.z(), false, loc, q + 6);
        lambda[MAX_ROWS * j] = (warm[3 * f] - warm[3 * (f + 1)]) * warmFactor;
    }

    /** The three point rows (x, y, z) of block j for body 0's point e[o..o+3) and body 1's e[o+3..o+6). */
    private void pointRows(int j, int s0, int s1, double[] e, int o) {
        int r = ROW * MAX_ROWS * j;
        for (int i = 0; i < 3; i++, r += ROW) {
            linearRow(r, s0, s1, e[o], e[o + 1], e[o + 2], e[o + 3], e[o + 4], e[o + 5],
                    i == 0 ? 1 : 0, i == 1 ? 1 : 0, i == 2 ? 1 : 0);
        }
    }

    /** A linear row at body 0's point p and body 1's point q along (nx, ny, nz). */
    private void linearRow(int o, int s0, int s1, double px, double py, double pz, double qx, double qy, double qz,
            double nx, double ny, double nz) {
        int p0 = SequentialImpulseSolver.POSE_STRIDE * s0, p1 = SequentialImpulseSolver.POSE_STRIDE * s1;
        double r0x = s0 == 0 ? 0 : px - pose[p0], r0y = s0 == 0 ? 0 : py - pose[p0 + 1], r0z = s0 == 0 ? 0 : pz - pose[p0 + 2];
        double r1x = s1 == 0 ? 0 : qx - pose[p1], r1y = s1 == 0 ? 0 : qy - pose[p1 + 1], r1z = s1 == 0 ? 0 : qz - pose[p1 + 2];
        double[] R = row;
        R[o] = nx;
        R[o + 1] = ny;
        R[o + 2] = nz;
        R[o + 3] = r0y * nz - r0z * ny;
        R[o + 4] = r0z * nx - r0x * nz;
        R[o + 5] = r0x * ny - r0y * nx;
        R[o + 6] = r1y * nz - r1z * ny;
        R[o + 7] = r1z * nx - r1x * nz;
        R[o + 8] = r1x * ny - r1y * nx;
        times(s0, R, o + 3, o + 9);
        times(s1, R, o + 6, o + 12);
    }

    /** An angular row keeping axis (ax, ay, az) of body 0 perpendicular to t of body 1: u = a × t on both. */
    private void angularRow(int o, int s0, int s1, double ax, double ay, double az, double tx, double ty, double tz) {
        double[] R = row;
        R[o] = R[o + 1] = R[o + 2] = 0;
        double ux = ay * tz - az * ty, uy = az * tx - ax * tz, uz = ax * ty - ay * tx;
        R[o + 3] = R[o + 6] = ux;
        R[o + 4] = R[o + 7] = uy;
        R[o + 5] = R[o + 8] = uz;
        times(s0, R, o + 3, o + 9);
        times(s1, R, o + 6, o + 12);
    }

    /** R[to..to+3) = I⁻¹ of slot s times R[from..from+3). */
    private void times(int s, double[] R, int from, int to) {
        double[] m = inertia;
        int q = 9 * s;
        double x = R[from], y = R[from + 1], z = R[from + 2];
        R[to] = m[q] * x + m[q + 1] * y + m[q + 2] * z;
        R[to + 1] = m[q + 3] * x + m[q + 4] * y + m[q + 5] * z;
        R[to + 2] = m[q + 6] * x + m[q + 7] * y + m[q + 8] * z;
    }

    private void storeLocal(int j, int s0, int s1, double[] e, int o) {
        int q = LOC * j;
        SequentialImpulseSolver.toLocal(pose, s0, e[o], e[o + 1], e[o + 2], true, loc, q);
        SequentialImpulseSolver.toLocal(pose, s1, e[o + 3], e[o + 4], e[o + 5], true, loc, q + 3);
    }

    /** K⁻¹ of block j into kinv; false when K is singular (both bodies immovable). */
    private boolean invert(int j) {
        int n = rows[j];
        double imSum = im[a[j]] + im[b[j]];
        fillK(j, n, imSum);
        return invertSpd(k, n, kinv, MAX_ROWS * MAX_ROWS * j);
    }

    private void fillK(int j, int n, double imSum) {
        double[] R = row;
        int base = ROW * MAX_ROWS * j;
        for (int i = 0; i < n; i++) {
            int oi = base + ROW * i;
            for (int l = i; l < n; l++) {
                int ol = base + ROW * l;
                double v = imSum * (R[oi] * R[ol] + R[oi + 1] * R[ol + 1] + R[oi + 2] * R[ol + 2])
                        + R[oi + 3] * R[ol + 9] + R[oi + 4] * R[ol + 10] + R[oi + 5] * R[ol + 11]
                        + R[oi + 6] * R[ol + 12] + R[oi + 7] * R[ol + 13] + R[oi + 8] * R[ol + 14];
                k[MAX_ROWS * i + l] = v;
                k[MAX_ROWS * l + i] = v;
            }
        }
    }

    /**
     * Gauss-Jordan inverse of the symmetric positive definite n×n a (stride MAX_ROWS, destroyed)
     * into dest[o..o+n·MAX_ROWS). Pivots are diagonal (positive definite needs no exchange); a
     * pivot below 1e-12 of the largest diagonal entry makes the block singular.
     */
    static boolean invertSpd(double[] a, int n, double[] dest, int o) {
        double scale = 0;
        for (int i = 0; i < n; i++) {
            scale = Math.max(scale, a[MAX_ROWS * i + i]);
        }
        if (!(scale > 0) || !Double.isFinite(scale)) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            for (int l = 0; l < n; l++) {
                dest[o + MAX_ROWS * i + l] = i == l ? 1 : 0;
            }
        }
        for (int col = 0; col < n; col++) {
            double pivot = a[MAX_ROWS * col + col];
            if (!(pivot > 1e-12 * scale)) {
                return false;
            }
            double ip = 1.0 / pivot;
            for (int l = 0; l < n; l++) {
                a[MAX_ROWS * col + l] *= ip;
                dest[o + MAX_ROWS * col + l] *= ip;
            }
            for (int r = 0; r < n; r++) {
                if (r != col) {
                    double f = a[MAX_ROWS * r + col];
                    if (f != 0) {
                        for (int l = 0; l < n; l++) {
                            a[MAX_ROWS * r + l] -= f * a[MAX_ROWS * col + l];
                            dest[o + MAX_ROWS * r + l] -= f * dest[o + MAX_ROWS * col + l];
                        }
                    }
                }
            }
        }
        return true;
    }

    /** The row's velocity lin·(v0 − v1) + ang0·ω0 − ang1·ω1. */
    private double velocity(int o, int s0, int s1) {
        double[] v = vel, R = row;
        int oa = 6 * s0, ob = 6 * s1;
        return R[o] * (v[oa] - v[ob]) + R[o + 1] * (v[oa + 1] - v[ob + 1]) + R[o + 2] * (v[oa + 2] - v[ob + 2])
                + R[o + 3] * v[oa + 3] + R[o + 4] * v[oa + 4] + R[o + 5] * v[oa + 5]
                - R[o + 6] * v[ob + 3] - R[o + 7] * v[ob + 4] - R[o + 8] * v[ob + 5];
    }

    // ------------------------------------------------------------------ velocities

    /** Applies every block's starting impulses. */
    void warmStart() {
        for (int j = 0; j < count; j++) {
            if (solved[j]) {
                int r = MAX_ROWS * j;
                System.arraycopy(lambda, r, d, 0, rows[j]);
                apply(j, d, vel);
            }
        }
    }

    /**
     * One visit to every block, in order or backwards.
     *
     * @return the largest velocity error (m/s) a row had when visited, for the convergence test
     */
    double solveVelocities(boolean backward) {
        double worst = 0;
        for (int k2 = 0; k2 < count; k2++) {
            int j = backward ? count - 1 - k2 : k2;
            if (!solved[j]) {
                continue;
            }
            int n = rows[j], s0 = a[j], s1 = b[j];
            int o = ROW * MAX_ROWS * j;
            for (int i = 0; i < n; i++) {
                c[i] = velocity(o + ROW * i, s0, s1) - row[o + ROW * i + 15];
                worst = Math.max(worst, Math.abs(c[i]));
            }
            int q = MAX_ROWS * MAX_ROWS * j, r = MAX_ROWS * j;
            for (int i = 0; i < n; i++) {
                double s = 0;
                for (int l = 0; l < n; l++) {
                    s += kinv[q + MAX_ROWS * i + l] * c[l];
                }
                d[i] = -s;
                lambda[r + i] += d[i];
            }
            apply(j, d, vel);
        }
        return worst;
    }

    /**
     * The n rows from {@code row[o]} weighted by dl: the linear impulse (0..2) and the two bodies'
     * angular velocity changes (3..5, 6..8), into a scratch array.
     */
    private double[] sumRows(int n, int o, double[] dl) {
        double px = 0, py = 0, pz = 0, ax = 0, ay = 0, az = 0, bx = 0, by = 0, bz = 0;
        double[] R = row;
        for (int i = 0; i < n; i++, o += ROW) {
            double l = dl[i];
            px += R[o] * l;
            py += R[o + 1] * l;
            pz += R[o + 2] * l;
            ax += R[o + 9] * l;
            ay += R[o + 10] * l;
            az += R[o + 11] * l;
            bx += R[o + 12] * l;
            by += R[o + 13] * l;
            bz += R[o + 14] * l;
        }
        double[] t = rowSum;
        t[0] = px;
        t[1] = py;
        t[2] = pz;
        t[3] = ax;
        t[4] = ay;
        t[5] = az;
        t[6] = bx;
        t[7] = by;
        t[8] = bz;
        return t;
    }

    private final double[] rowSum = new double[9];

    /** Applies row impulses dl[0..rows) of block j to the velocity table v. */
    private void apply(int j, double[] dl, double[] v) {
        int n = rows[j], s0 = a[j], s1 = b[j];
        int o = ROW * MAX_ROWS * j;
        double[] t = sumRows(n, o, dl);
        double px = t[0], py = t[1], pz = t[2], ax = t[3], ay = t[4], az = t[5], bx = t[6], by = t[7], bz = t[8];
        if (movable[s0]) {
            int k0 = 6 * s0;
            double m = im[s0];
            v[k0] += m * px;
            v[k0 + 1] += m * py;
            v[k0 + 2] += m * pz;
            v[k0 + 3] += ax;
            v[k0 + 4] += ay;
            v[k0 + 5] += az;
        }
        if (movable[s1]) {
            int k1 = 6 * s1;
            double m = im[s1];
            v[k1] -= m * px;
            v[k1 + 1] -= m * py;
            v[k1 + 2] -= m * pz;
            v[k1 + 3] -= bx;
            v[k1 + 4] -= by;
            v[k1 + 5] -= bz;
        }
    }

    /**
     * Writes the blocks' impulses back per contact, as the cache keeps them: a row's positive
     * part on the contact along +axis, its negative part on the opposite contact, tangents zero.
     * A hinge's moment L goes to its two points as forces ±(L × n)/(2h) (n from the second point
     * to the first, 2h their distance) added to half its point impulse each.
     */
    void report(double[] normalOut, double[] tangentOut) {
        for (int j = 0; j < count; j++) {
            int f = first[j], r = MAX_ROWS * j;
            switch (rows[j]) {
                case POINT -> split(lambda[r], lambda[r + 1], lambda[r + 2], f, normalOut, tangentOut);
                case HINGE -> {
                    int o = ROW * (MAX_ROWS * j + 3), h = 4 * j;
                    double l3 = lambda[r + 3], l4 = lambda[r + 4];
                    double lx = row[o + 3] * l3 + row[o + ROW + 3] * l4;
                    double ly = row[o + 4] * l3 + row[o + ROW + 4] * l4;
                    double lz = row[o + 5] * l3 + row[o + ROW + 5] * l4;
                    double nx = hinge[h], ny = hinge[h + 1], nz = hinge[h + 2], s = 0.5 / hinge[h + 3];
                    double dx = (ly * nz - lz * ny) * s, dy = (lz * nx - lx * nz) * s, dz = (lx * ny - ly * nx) * s;
                    double px = 0.5 * lambda[r], py = 0.5 * lambda[r + 1], pz = 0.5 * lambda[r + 2];
                    split(px + dx, py + dy, pz + dz, f, normalOut, tangentOut);
                    split(px - dx, py - dy, pz - dz, f + 6, normalOut, tangentOut);
                }
                default -> {
                    normalOut[f] = Math.max(0, lambda[r]);
                    normalOut[f + 1] = Math.max(0, -lambda[r]);
                    tangentOut[2 * f] = tangentOut[2 * f + 1] = tangentOut[2 * f + 2] = tangentOut[2 * f + 3] = 0;
                }
            }
        }
    }

    private static void split(double x, double y, double z, int f, double[] normalOut, double[] tangentOut) {
        normalOut[f] = Math.max(0, x);
        normalOut[f + 1] = Math.max(0, -x);
        normalOut[f + 2] = Math.max(0, y);
        normalOut[f + 3] = Math.max(0, -y);
        normalOut[f + 4] = Math.max(0, z);
        normalOut[f + 5] = Math.max(0, -z);
        Arrays.fill(tangentOut, 2 * f, 2 * f + 12, 0);
    }

    // ------------------------------------------------------------------ positions

    /**
     * One nonlinear Gauss-Seidel sweep over the blocks at the current poses: each block's error
     * C, its K at the current lever arms, and the position change {@code −K⁻¹·C} times
     * {@code fraction}, its linear part limited to {@code maxCorrection} (m).
     *
     * @return the largest linear error (m) seen before correcting
     */
    double solvePositions(double fraction, double maxCorrection, double maxAngle) {
        double worst = 0;
        for (int j = 0; j < count; j++) {
            if (!solved[j]) {
                continue;
            }
            int n = rows[j], s0 = a[j], s1 = b[j];
            boolean m0 = movable[s0], m1 = movable[s1];
            worldEnds(j);
            // Rows at the current poses.
            int o = ROW * MAX_ROWS * j;
            if (rows[j] == ROD) {
                linearRow(o, s0, s1, w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8]);
            } else {
                pointRows(j, s0, s1, w, 0);
                if (rows[j] == HINGE) {
                    int oa = o + 3 * ROW;
                    angularRow(oa, s0, s1, w[6], w[7], w[8], w[9], w[10], w[11]);
                    int q = LOC * j;
                    rotateBy(s1, loc, q + 12, s6, 0);
                    angularRow(oa + ROW, s0, s1, w[6], w[7], w[8], s6[0], s6[1], s6[2]);
                }
            }
            errorsFromEnds(j, c);
            double lin = rows[j] == ROD ? Math.abs(c[0]) : Math.sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
            worst = Math.max(worst, lin);
            fillK(j, n, (m0 ? im[s0] : 0) + (m1 ? im[s1] : 0));
            if (!invertSpd(k, n, s25, 0)) {
                continue;
            }
            for (int i = 0; i < n; i++) {
                double s = 0;
                for (int l = 0; l < n; l++) {
                    s += s25[MAX_ROWS * i + l] * c[l];
                }
                d[i] = -fraction * s;
            }
            movePoses(j, d, maxCorrection, maxAngle);
        }
        return worst;
    }

    private final double[] s25 = new double[MAX_ROWS * MAX_ROWS];

    /**
     * World data of block j at the current poses into w: body 0's point (0), body 1's point (3);
     * a hinge's body-0 axis (6) and body 1's first cross direction (9); a rod's direction (6).
     */
    private void worldEnds(int j) {
        int q = LOC * j, s0 = a[j], s1 = b[j];
        rotateBy(s0, loc, q, w, 0);
        rotateBy(s1, loc, q + 3, w, 3);
        int p0 = SequentialImpulseSolver.POSE_STRIDE * s0, p1 = SequentialImpulseSolver.POSE_STRIDE * s1;
        for (int i = 0; i < 3; i++) {
            w[i] += pose[p0 + i];
            w[3 + i] += pose[p1 + i];
        }
        if (rows[j] == HINGE) {
            rotateBy(s0, loc, q + 6, w, 6);
            rotateBy(s1, loc, q + 9, w, 9);
        } else if (rows[j] == ROD) {
            rotateBy(s1, loc, q + 6, w, 6);
        }
    }

    /** The errors of block j from {@link #worldEnds}: body 0's point minus body 1's, then the axis terms. */
    private void errorsFromEnds(int j, double[] dest) {
        double ex = w[0] - w[3], ey = w[1] - w[4], ez = w[2] - w[5];
        if (rows[j] == ROD) {
            dest[0] = ex * w[6] + ey * w[7] + ez * w[8];
            return;
        }
        dest[0] = ex;
        dest[1] = ey;
        dest[2] = ez;
        if (rows[j] == HINGE) {
            dest[3] = w[6] * w[9] + w[7] * w[10] + w[8] * w[11];
            dest[4] = w[6] * s6[0] + w[7] * s6[1] + w[8] * s6[2];
        }
    }

    /** Rotates the body-space vector src[o..o+3) by slot s's orientation into dest[d..d+3). */
    private void rotateBy(int s, double[] src, int o, double[] dest, int dOff) {
        int p = SequentialImpulseSolver.POSE_STRIDE * s;
        SequentialImpulseSolver.rotate(pose[p + 3], pose[p + 4], pose[p + 5], pose[p + 6], src[o], src[o + 1], src[o + 2], dest, dOff);
    }

    /**
     * Moves and turns the block's bodies by the position impulses dl, scaled down as a whole so
     * that no body's centre moves more than maxMove (m) nor turns more than maxAngle (rad): the
     * correction is linear in the turn, and a light body far from its anchor would otherwise be
     * flung by a large error.
     */
    private void movePoses(int j, double[] dl, double maxMove, double maxAngle) {
        int n = rows[j], s0 = a[j], s1 = b[j];
        int o = ROW * MAX_ROWS * j;
        double[] t = sumRows(n, o, dl);
        double px = t[0], py = t[1], pz = t[2], ax = t[3], ay = t[4], az = t[5], bx = t[6], by = t[7], bz = t[8];
        boolean m0 = movable[s0], m1 = movable[s1];
        double p2 = px * px + py * py + pz * pz;
        double lin = Math.sqrt(p2) * Math.max(m0 ? im[s0] : 0, m1 ? im[s1] : 0);
        double turn = Math.sqrt(Math.max(m0 ? ax * ax + ay * ay + az * az : 0, m1 ? bx * bx + by * by + bz * bz : 0));
        double scale = 1;
        if (lin > maxMove) {
            scale = maxMove / lin;
        }
        if (turn * scale > maxAngle) {
            scale = maxAngle / turn;
        }
        if (m0) {
            double m = im[s0] * scale;
            shift(s0, m * px, m * py, m * pz, ax * scale, ay * scale, az * scale);
        }
        if (m1) {
            double m = -im[s1] * scale;
            shift(s1, m * px, m * py, m * pz, -bx * scale, -by * scale, -bz * scale);
        }
    }

    /** Moves slot s by (dx, dy, dz) and turns it by the small rotation vector (ax, ay, az) (q += ½(0, a)q). */
    private void shift(int s, double dx, double dy, double dz, double ax, double ay, double az) {
        int p = SequentialImpulseSolver.POSE_STRIDE * s;
        double[] q = pose;
        q[p] += dx;
        q[p + 1] += dy;
        q[p + 2] += dz;
        double qw = q[p + 3], qx = q[p + 4], qy = q[p + 5], qz = q[p + 6];
        double nw = qw + 0.5 * (-ax * qx - ay * qy - az * qz);
        double nx = qx + 0.5 * (ax * qw + ay * qz - az * qy);
        double ny = qy + 0.5 * (ay * qw + az * qx - ax * qz);
        double nz = qz + 0.5 * (az * qw + ax * qy - ay * qx);
        // Normalised here: a joint's correction may turn a small body far more than a contact's.
        double inv = 1.0 / Math.sqrt(nw * nw + nx * nx + ny * ny + nz * nz);
        q[p + 3] = nw * inv;
        q[p + 4] = nx * inv;
        q[p + 5] = ny * inv;
        q[p + 6] = nz * inv;
    }

    // ------------------------------------------------------------------ storage

    private void ensureContacts(int n) {
        if (blockOf.length < n) {
            blockOf = new int[Math.max(n, 2 * blockOf.length)];
        }
    }

    private void ensureBlocks(int n) {
        if (first.length >= n) {
            return;
        }
        int cap = Math.max(n, Math.max(8, 2 * first.length));
        first = Arrays.copyOf(first, cap);
        rows = Arrays.copyOf(rows, cap);
        a = Arrays.copyOf(a, cap);
        b = Arrays.copyOf(b, cap);
        solved = Arrays.copyOf(solved, cap);
        row = Arrays.copyOf(row, ROW * MAX_ROWS * cap);
        lambda = Arrays.copyOf(lambda, MAX_ROWS * cap);
        kinv = Arrays.copyOf(kinv, MAX_ROWS * MAX_ROWS * cap);
        loc = Arrays.copyOf(loc, LOC * cap);
        hinge = Arrays.copyOf(hinge, 4 * cap);
    }
}
