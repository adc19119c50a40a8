package dev.tumble.core.solve.impulse;

import java.util.Arrays;

/**
 * The joints' two-sided rows (held points, hinge axes, rod lengths) solved exactly, all at once:
 * one linear system {@code A·Δλ = −(J·v + bias)} with {@code A = J·M⁻¹·Jᵀ}, factored as
 * {@code L·D·Lᵀ} in band form.
 *
 * <p>Why not Gauss-Seidel: a row sees only its own two bodies, so a light link holding a heavy
 * load passes the load on a little each sweep and the chain stretches by about the mass ratio
 * over the sweep count; soft rows stretch by load over the light body's effective mass. Solved as
 * one system, a chain of light links holding a mass a hundred times theirs keeps its length, and
 * stiff rows cannot fight each other into instability.
 *
 * <p>Rows are added joint by joint in an order where joints sharing a body lie close together
 * (the caller walks its joints breadth first), so A is banded: row a couples only to rows within
 * {@link #bandwidth()} of it, and the factorisation costs at most {@code O(n·w²)} for n rows of
 * band w — linear in the length of a chain or a rope. Within the band only each row's envelope
 * (from the first row it shares a body with) is worked on, which for a tree of joints such as a
 * ragdoll is a third of the band. A redundant row (a second hinge on the same axis)
 * gets a zero pivot and is dropped. Static and kinematic bodies couple nothing (infinite mass).
 */
final class JointSystem {
    /** Widest band (rows) solved exactly; a wider system (a dense mesh of joints) is left to the caller. */
    static final int MAX_BAND = 48;
    /** A pivot below this fraction of its row's diagonal marks a redundant row, dropped. */
    private static final double REDUNDANT = 1e-12;
    /**
     * Damping of the position projection ({@link #project}) and of a biased solve, relative to each
     * row's diagonal: they solve {@code (A + μ·diag A)·Δμ = −C} (or {@code −(J·v + bias)}), a damped
     * least-squares step. A closed loop of joints that cannot close, or a mechanism near a singular
     * pose, makes A nearly singular; the exact step then buys a little of the error with a move
     * (or, biased, a velocity) along the mechanism's free motion that grows as 1/σ (σ: A's
     * smallest eigenvalue), and can give a scene many times its energy in one substep. Damped, a
     * row's share of the move is bounded (its mass-weighted square at most about
     * {@code C²/(4μ·A[a][a])}). The lag it leaves is taken out by the next substep. The rigid
     * velocity solve ({@code J·v = 0}, no bias) needs no damping: it is an
     * M-orthogonal projection of the velocities, which never adds kinetic energy.
     */
    static final double DAMPING = 1e-2;

    private int rows;
    /** Per row: the two slots (−1: none) and their Jacobians (linear 3, angular 3), body 0 first. */
    private int[] slot0 = new int[16], slot1 = new int[16];
    private double[] j0 = new double[96], j1 = new double[96];
    /** Per row: M⁻¹·Jᵀ of each side (linear 3, angular 3). */
    private double[] mj0 = new double[96], mj1 = new double[96];
    /** Per row: position error (m or rad) and where its accumulated impulse lives. */
    private double[] error = new double[16];
    /** Per row: whether it holds a distance (a point or a rod: m), not an angle. */
    private boolean[] linear = new boolean[16];
    private double[][] accumulator = new double[16][];
    private int[] accIndex = new int[16];
    /** Per row: the right-hand side, then the solution Δλ. */
    private double[] x = new double[16];
    /** Per row: what this solve adds to its diagonal: its compliance and, biased, the damping. */
    private double[] gamma = new double[16];
    /** Band of L (unit lower triangle) and D: row a holds columns a − w .. a, the diagonal last. */
    private double[] band = new double[16];
    private double[] diagonal = new double[16];
    private int width;
    /** Per slot: the first row touching it; per row: the first row it shares a body with. */
    private int[] firstRow = new int[16], envelope = new int[16];

    /** Starts a new system with no rows. */
    void begin() {
        rows = 0;
    }

    /** @return the number of rows added since {@link #begin}. */
    int rows() {
        return rows;
    }

    /**
     * Adds a row: {@code Ċ = J0·(v0, ω0) + J1·(v1, ω1)} with position error {@code c}; the impulse
     * it finds is added to {@code acc[index]}.
     */
    void addRow(int s0, double lx0, double ly0, double lz0, double ax0, double ay0, double az0,
            int s1, double lx1, double ly1, double lz1, double ax1, double ay1, double az1,
            double c, double[] acc, int index) {
        int r = rows++;
        ensure(rows);
        slot0[r] = s0;
        slot1[r] = s1;
        put(j0, 6 * r, lx0, ly0, lz0, ax0, ay0, az0);
        put(j1, 6 * r, lx1, ly1, lz1, ax1, ay1, az1);
        error[r] = c;
        linear[r] = lx0 != 0 || ly0 != 0 || lz0 != 0 || lx1 != 0 || ly1 != 0 || lz1 != 0;
        accumulator[r] = acc;
        accIndex[r] = index;
    }

    /** Writes one side's Jacobian, linear then angular, at {@code j[o..o+6)}. */
    private static void put(double[] j, int o, double lx, double ly, double lz, double ax, double ay, double az) {
        j[o] = lx;
        j[o + 1] = ly;
        j[o + 2] = lz;
        j[o + 3] = ax;
        j[o + 4] = ay;
        j[o + 5] = az;
    }

    /**
     * @return the band width (rows) of the rows added, for {@code bodies} with {@code slots} slots:
     *     the farthest two rows sharing a body lie apart. Also notes each row's envelope, the
     *     first row it shares a body with: its factor has no entry before that (fill-in stays
     *     inside the envelope), so a tree of joints costs far less than its band.
     */
    int bandwidth(int slots) {
        if (firstRow.length < slots) {
            firstRow = new int[Math.max(slots, 2 * firstRow.length)];
        }
        if (envelope.length < rows) {
            envelope = new int[Math.max(rows, 2 * envelope.length)];
        }
        Arrays.fill(firstRow, 0, slots, -1);
        int w = 0;
        for (int r = 0; r < rows; r++) {
            int first = Math.min(touch(slot0[r], r), touch(slot1[r], r));
            envelope[r] = first;
            w = Math.max(w, r - first);
        }
        width = w;
        return w;
    }

    /** @return the first row touching slot s, r being the latest (r itself for no slot). */
    private int touch(int s, int r) {
        if (s < 0) {
            return r;
        }
        if (firstRow[s] < 0) {
            firstRow[s] = r;
        }
        return firstRow[s];
    }

    /**
     * Solves every row against the bodies' current velocities and applies the impulses. With
     * {@code useBias} each row's error is pulled out at {@code biasRate} (1/s), a distance at no
     * more than {@code maxPull} (m/s), in a step damped by {@link #DAMPING}; without, only the
     * rows' velocities are zeroed, exactly (the relax pass). With a {@code compliance} c > 0 (and {@code useBias}) the rows are soft: row a gets
     * {@code Γ = c·A[a][a]} on its diagonal and {@code −Γ·λ} on its right-hand side, which is
     * {@link Softness}'s soft row written for a block (c = impulseScale / massScale). Call
     * {@link #bandwidth} first.
     */
    void solve(SolverBodies b, double biasRate, boolean useBias, double compliance, double maxPull) {
        int n = rows, w = width;
        double c = useBias ? compliance : 0; // the relax pass is rigid and exact
        for (int r = 0; r < n; r++) {
            massWeighted(b, slot0[r], j0, mj0, r);
            massWeighted(b, slot1[r], j1, mj1, r);
        }
        for (int r = 0; r < n; r++) {
            double rate = velocity(b, slot0[r], j0, r) + velocity(b, slot1[r], j1, r);
            double own = coupling(r, r), soft = c * own;
            gamma[r] = soft + (useBias ? DAMPING * own : 0);
            double bias = useBias ? biasRate * error[r] : 0;
            if (linear[r]) {
                bias = Math.max(-maxPull, Math.min(maxPull, bias));
            }
            x[r] = -(rate + bias) - soft * accumulator[r][accIndex[r]];
        }
        factor(n, w);
        substitute(n, w);
        applySolution(b);
    }

    /**
     * Solves the rows of the last rigid {@link #solve} ({@code useBias} false, no compliance) again,
     * {@code A·Δλ = −J·v}, against the bodies' velocities now, with its Jacobians and factorisation:
     * valid while no body has moved since (between one substep's relax and the next substep's
     * solve only velocities change), and then the same bits as rebuilding the rows.
     */
    void solveAgain(SolverBodies b) {
        int n = rows, w = width;
        for (int r = 0; r < n; r++) {
            x[r] = -(velocity(b, slot0[r], j0, r) + velocity(b, slot1[r], j1, r));
        }
        substitute(n, w);
        applySolution(b);
    }

    /** Adds each row's solved {@code Δλ} (in {@link #x}) to its accumulated impulse and applies it to its bodies. */
    private void applySolution(SolverBodies b) {
        for (int r = 0; r < rows; r++) {
            double l = x[r];
            accumulator[r][accIndex[r]] += l;
            apply(b, slot0[r], mj0, r, l);
            apply(b, slot1[r], mj1, r, l);
        }
    }

    /**
     * Projects the bodies' poses onto the rows (post-stabilisation, after Cline and Pai): solves
     * {@code (A + μ·diag A)·Δμ = −C} with μ = {@link #DAMPING} at the poses the rows were built at,
     * and moves each body by {@code M⁻¹·Jᵀ·Δμ}, the linear part to its position and the angular part
     * as a small turn. Velocities are left alone: the error is taken out of the poses, where it
     * lies, instead of by a closing velocity that the relax pass cannot take back wherever it lies
     * along the joints' free motion (a hinged pair whirled fast drifts open by millimetres a
     * substep, and a velocity closing that feeds the spin). The correction is the mass-weighted
     * smallest move that closes the error to first order, so a light body moves and a heavy one
     * hardly does; damped ({@link #DAMPING}), so a loop that cannot close or a mechanism near a
     * singular pose is not thrown across the room. A distance error is closed by at most
     * {@code maxStep} (m) a call, as the contacts' overlaps are opened at a bounded speed: a joint
     * opened by centimetres (a light body crushed between heavy ones) would otherwise be snapped
     * shut in one substep through bodies a thousand times heavier, into the contacts holding it
     * open, whose push-out would give the bodies what the relax pass does not take back. The rows'
     * accumulated impulses are not touched: a displacement is no impulse. Call {@link #bandwidth}
     * first.
     */
    void project(SolverBodies b, double maxStep) {
        int n = rows, w = width;
        for (int r = 0; r < n; r++) {
            massWeighted(b, slot0[r], j0, mj0, r);
            massWeighted(b, slot1[r], j1, mj1, r);
        }
        for (int r = 0; r < n; r++) {
            gamma[r] = DAMPING * coupling(r, r);
            double c = error[r];
            if (linear[r]) {
                c = Math.max(-maxStep, Math.min(maxStep, c));
            }
            x[r] = -c;
        }
        factor(n, w);
        substitute(n, w);
        if (shift.length < 6 * b.count) {
            shift = new double[Math.max(6 * b.count, 2 * shift.length)];
            pending = new boolean[shift.length / 6];
        }
        for (int r = 0; r < n; r++) {
            clearShift(slot0[r]);
            clearShift(slot1[r]);
        }
        for (int r = 0; r < n; r++) {
            addShift(slot0[r], mj0, r, x[r]);
            addShift(slot1[r], mj1, r, x[r]);
        }
        for (int r = 0; r < n; r++) {
            applyShift(b, slot0[r]);
            applyShift(b, slot1[r]);
        }
    }

    /** Per slot: the displacement {@link #project} gathers (linear 3, angular 3), and whether it is still to be applied. */
    private double[] shift = new double[96];
    private boolean[] pending = new boolean[16];

    private void clearShift(int s) {
        if (s >= 0) {
            Arrays.fill(shift, 6 * s, 6 * s + 6, 0);
            pending[s] = true;
        }
    }

    private void addShift(int s, double[] mj, int r, double l) {
        if (s < 0) {
            return;
        }
        int o = 6 * r, k = 6 * s;
        for (int i = 0; i < 6; i++) {
            shift[k + i] += mj[o + i] * l;
        }
    }

    private void applyShift(SolverBodies b, int s) {
        if (s < 0 || !pending[s]) {
            return;
        }
        pending[s] = false;
        int k = 6 * s;
        b.displace(s, shift[k], shift[k + 1], shift[k + 2], shift[k + 3], shift[k + 4], shift[k + 5]);
    }

    /**
     * {@code L·D·Lᵀ = A} in the band, A's entries built on the fly from the rows' Jacobians; row a
     * of L is computed from its envelope on ({@link #bandwidth}), and two rows' products only
     * where both envelopes reach.
     */
    private void factor(int n, int w) {
        if (band.length < n * (w + 1)) {
            band = new double[Math.max(n * (w + 1), 2 * band.length)];
        }
        int stride = w + 1;
        for (int a = 0; a < n; a++) {
            int from = envelope[a];
            for (int c = from; c <= a; c++) {
                double sum = coupling(a, c);
                for (int k = Math.max(from, envelope[c]); k < c; k++) {
                    sum -= band[a * stride + (k - a + w)] * band[c * stride + (k - c + w)] * diagonal[k];
                }
                if (c < a) {
                    band[a * stride + (c - a + w)] = diagonal[c] == 0 ? 0 : sum / diagonal[c];
                } else {
                    double scale = coupling(a, a);
                    sum += gamma[a];
                    diagonal[a] = sum > REDUNDANT * scale ? sum : 0;
                    band[a * stride + w] = 1;
                }
            }
        }
    }

    /** Solves {@code L·D·Lᵀ·Δλ = x} in place; a dropped row gets no impulse. */
    private void substitute(int n, int w) {
        int stride = w + 1;
        for (int a = 0; a < n; a++) {
            double sum = x[a];
            for (int k = envelope[a]; k < a; k++) {
                sum -= band[a * stride + (k - a + w)] * x[k];
            }
            x[a] = sum;
        }
        for (int a = 0; a < n; a++) {
            x[a] = diagonal[a] == 0 ? 0 : x[a] / diagonal[a];
        }
        for (int a = n - 1; a >= 0; a--) {
            double sum = x[a];
            for (int k = a + 1; k <= Math.min(n - 1, a + w); k++) {
                if (envelope[k] <= a) { // outside row k's envelope its band holds nothing of this factor
                    sum -= band[k * stride + (a - k + w)] * x[k];
                }
            }
            x[a] = sum;
        }
    }

    /** {@code A[a][c] = Σ over shared bodies J_a·M⁻¹·J_cᵀ}. */
    private double coupling(int a, int c) {
        double sum = 0;
        int a0 = slot0[a], a1 = slot1[a], c0 = slot0[c], c1 = slot1[c];
        if (a0 >= 0) {
            sum += a0 == c0 ? dot6(j0, a, mj0, c) : 0;
            sum += a0 == c1 ? dot6(j0, a, mj1, c) : 0;
        }
        if (a1 >= 0) {
            sum += a1 == c0 ? dot6(j1, a, mj0, c) : 0;
            sum += a1 == c1 ? dot6(j1, a, mj1, c) : 0;
        }
        return sum;
    }

    private static double dot6(double[] p, int a, double[] q, int c) {
        int i = 6 * a, k = 6 * c;
        return p[i] * q[k] + p[i + 1] * q[k + 1] + p[i + 2] * q[k + 2] + p[i + 3] * q[k + 3] + p[i + 4] * q[k + 4]
                + p[i + 5] * q[k + 5];
    }

    /** {@code mj = M⁻¹·Jᵀ} of row r's side on slot s (zero for no slot). */
    private static void massWeighted(SolverBodies b, int s, double[] j, double[] mj, int r) {
        int o = 6 * r;
        if (s < 0) {
            Arrays.fill(mj, o, o + 6, 0);
            return;
        }
        double im = b.invMass[s];
        mj[o] = im * j[o];
        mj[o + 1] = im * j[o + 1];
        mj[o + 2] = im * j[o + 2];
        double[] ii = b.invInertia;
        int k = 9 * s;
        double x = j[o + 3], y = j[o + 4], z = j[o + 5];
        mj[o + 3] = ii[k] * x + ii[k + 1] * y + ii[k + 2] * z;
        mj[o + 4] = ii[k + 3] * x + ii[k + 4] * y + ii[k + 5] * z;
        mj[o + 5] = ii[k + 6] * x + ii[k + 7] * y + ii[k + 8] * z;
    }

    private static double velocity(SolverBodies b, int s, double[] j, int r) {
        if (s < 0) {
            return 0;
        }
        int o = 6 * r, k = 3 * s;
        return j[o] * b.v[k] + j[o + 1] * b.v[k + 1] + j[o + 2] * b.v[k + 2]
                + j[o + 3] * b.w[k] + j[o + 4] * b.w[k + 1] + j[o + 5] * b.w[k + 2];
    }

    /** Adds {@code M⁻¹·Jᵀ·λ} to slot s's velocities. */
    private static void apply(SolverBodies b, int s, double[] mj, int r, double l) {
        if (s < 0) {
            return;
        }
        int o = 6 * r, k = 3 * s;
        b.v[k] += mj[o] * l;
        b.v[k + 1] += mj[o + 1] * l;
        b.v[k + 2] += mj[o + 2] * l;
        b.w[k] += mj[o + 3] * l;
        b.w[k + 1] += mj[o + 4] * l;
        b.w[k + 2] += mj[o + 5] * l;
    }

    private void ensure(int n) {
        if (slot0.length >= n) {
            return;
        }
        int c = Math.max(n, 2 * slot0.length);
        slot0 = Arrays.copyOf(slot0, c);
        slot1 = Arrays.copyOf(slot1, c);
        j0 = Arrays.copyOf(j0, 6 * c);
        j1 = Arrays.copyOf(j1, 6 * c);
        mj0 = Arrays.copyOf(mj0, 6 * c);
        mj1 = Arrays.copyOf(mj1, 6 * c);
        error = Arrays.copyOf(error, c);
        linear = Arrays.copyOf(linear, c);
        accumulator = Arrays.copyOf(accumulator, c);
        accIndex = Arrays.copyOf(accIndex, c);
        x = Arrays.copyOf(x, c);
        gamma = Arrays.copyOf(gamma, c);
        diagonal = Arrays.copyOf(diagonal, c);
    }
}
