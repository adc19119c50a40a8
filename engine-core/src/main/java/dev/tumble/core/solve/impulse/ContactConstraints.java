package dev.tumble.core.solve.impulse;

import dev.tumble.core.contact.Contact;

/**
 * The soft contact constraints of one step: a normal row with Coulomb friction (two tangent rows
 * clamped to a circular cone) per contact point, after Box2D v3's {@code contact_solver.c}.
 *
 * <p>Contacts come from the narrow phase at the start-of-step poses. Each point keeps its
 * anchors fixed in its two bodies (a sphere's or a capsule's at its core, its centre or segment,
 * and a cylinder's side point at its axis, so that a rolling ball's or log's contact stays under
 * it); its separation during the substeps is
 * measured from how far the bodies have moved and turned since ({@link #separation}), so no
 * contact is searched for again inside the step. A point still apart ({@code s > 0}, a speculative contact) lets its
 * bodies close exactly that gap and no more; a penetrating point is pushed out softly, at no more
 * than the push-out speed, in the biased solve, and the relax solve that follows takes the push's
 * velocity back out, so pushing out never launches a body.
 *
 * <p>The points and their rows are laid out and built by {@link ContactPoints}; a row is rebuilt
 * once one of its bodies has turned or the two have slid apart ({@link #refresh}).
 */
final class ContactConstraints extends ContactPoints {
    /** Most points solved as one block. */
    static final int BLOCK = 4;
    /** Regularisation of a rigid block, relative to its diagonal: four corners of a face constrain three motions. */
    private static final double RIGID_REGULARISATION = 1e-9;

    private final ShockSweep shock = new ShockSweep();
    private final Softness soft = new Softness();
    private final Softness staticSoft = new Softness();
    /** Manifolds: runs of up to {@link #BLOCK} points of one body pair and one normal. */
    private int manifolds;
    private int[] manifoldFirst = new int[16], manifoldSize = new int[16];
    /**
     * Per manifold: the Cholesky factors of its normal rows' {@code K + Γ} (lower triangle,
     * {@code BLOCK × BLOCK} row-major), soft (Γ of its softness) and rigid (Γ tiny), and the
     * compliance Γ of each soft row; K is that of the rows' last build.
     */
    private double[] softFactor = new double[16 * BLOCK * BLOCK], rigidFactor = new double[16 * BLOCK * BLOCK],
            softGamma = new double[16 * BLOCK];
    /** Per manifold: whether both factorisations exist (K + Γ positive definite). */
    private boolean[] blockReady = new boolean[16];

    // Scratch of one block solve.
    private final double[] blockB = new double[BLOCK], blockS = new double[BLOCK],
            blockV = new double[BLOCK];

    /**
     * Loads {@code contacts[0..count)} with their warm-start impulses {@code warm[3c..3c+3)}
     * (normal, tangent 1, tangent 2; N·s) and prepares each point's rows at the start-of-step
     * poses, for a step of {@code dt} (s). Points between two bodies without slots are skipped.
     */
    void prepare(Contact[] contacts, int contactCount, double[] warm, boolean warmStart, double dt, SolverBodies bodies) {
        count = 0;
        ensure(contactCount);
        for (int c = 0; c < contactCount; c++) {
            Contact ct = contacts[c];
            int s0 = bodies.slot(ct.body0()), s1 = bodies.slot(ct.body1());
            if (s0 < 0 && s1 < 0) {
                continue;
            }
            int i = count++;
            contact[i] = ct;
            slot0[i] = s0;
            slot1[i] = s1;
            int p = STRIDE * i;
            double[] q = point;
            q[p + IM0] = bodies.invMass(s0);
            q[p + IM1] = bodies.invMass(s1);
            againstImmovable[i] = q[p + IM0] == 0 || q[p + IM1] == 0;
            core(bodies, s0, ct, p + R0, p + A0, p + ROUND0, 1);
            core(bodies, s1, ct, p + R1, p + A1, p + ROUND1, -1);
            q[p + NORMAL] = ct.normalX();
            q[p + NORMAL + 1] = ct.normalY();
            q[p + NORMAL + 2] = ct.normalZ();
            tangents(p);
            buildRows(bodies, i);
            q[p + SEPARATION] = -ct.penetration();
            q[p + CURRENT_SEPARATION] = q[p + SEPARATION];
            q[p + FRICTION] = ct.friction();
            q[p + RESTITUTION] = ct.restitution();
            q[p + APPROACH] = rowVelocity(bodies, i, p + NORMAL);
            q[p + MAX_NORMAL_IMPULSE] = 0;
            q[p + ABSORBED] = 0;
            q[p + ABSORBED_FRICTION] = 0;
            q[p + STEP_IMPULSE] = 0;
            // A point that, moving as it is, is apart by the end of the step carries no load: it starts
            // from zero. Its last impulse was an impact's, and given again it would fling the bodies.
            boolean carries = warmStart && q[p + SEPARATION] + q[p + APPROACH] * dt <= 0;
            q[p + IMPULSE] = carries ? warm[3 * c] : 0;
            q[p + IMPULSE + 1] = carries ? warm[3 * c + 1] : 0;
            q[p + IMPULSE + 2] = carries ? warm[3 * c + 2] : 0;
        }
        groupManifolds();
        factorBlocks();
        shock.prepare(this, manifoldFirst, manifolds, bodies);
    }

    /** Shock propagation after the relax ({@link ShockSweep}); {@code h}: the substep, s. */
    void shock(SolverBodies bodies, double h) {
        shock.sweep(this, manifoldFirst, manifoldSize, bodies, h);
    }

    /**
     * Measures every point's separation at the bodies' current poses and rebuilds the rows of the
     * manifolds with a body that has turned ({@link SolverBodies#turned}) or whose two bodies have
     * moved apart along a point's rows ({@link #armsParted}): arms turned with their bodies and
     * taken to one point, the inverse inertia of now. A body spinning at 45 rad/s turns 0.75 rad
     * in a 1/60 s step, and rows built once at its start (as Box2D's, which stays right in 2-D,
     * where inertia does not turn) would push its corners along stale arms with a stale inertia:
     * tumbling elastic drops would gain energy. Two bodies sliding past each other would be pushed
     * at points drifting apart, and each impulse would change their angular momentum. A resting
     * stack's bodies neither turn nor slide, and its rows are built once a step.
     */
    void refresh(SolverBodies bodies) {
        for (int m = 0; m < manifolds; m++) {
            int first = manifoldFirst[m], end = first + manifoldSize[m];
            boolean stale = bodies.turned(slot0[first]) || bodies.turned(slot1[first]);
            for (int i = first; i < end; i++) {
                point[STRIDE * i + CURRENT_SEPARATION] = separation(bodies, i);
                stale = stale || armsParted(bodies, i);
            }
            if (stale) {
                for (int i = first; i < end; i++) {
                    buildRows(bodies, i);
                }
                factorBlock(m);
            }
        }
    }

    /**
     * The softness of the step's substeps {@code h} (s): contacts at {@code hertz}, doubled against
     * immovable bodies, neither stiffer than {@code cap} (Hz). Set before {@link #prepare}, which
     * factors the manifold blocks with it. Past the cap the substep does not resolve the spring,
     * and a heavy box resting on a light one walks sideways once the ground's doubled stiffness
     * passes it.
     */
    void softness(double hertz, double cap, double dampingRatio, double h) {
        soft.set(Math.min(hertz, cap), dampingRatio, h);
        staticSoft.set(Math.min(2 * hertz, cap), dampingRatio, h);
    }

    /**
     * Applies every point's accumulated impulses (the warm start of a substep). First, each point
     * that may bounce and has not pushed yet notes its normal velocity as the substep begins: if it
     * pushes in this substep, that is the speed it met its partner at, the speed restitution
     * bounces back. Measured after the warm start it would hold what the other points' impulses
     * add for a moment and the solve takes back: a light body under a heavy one is flung by its
     * warm start for a moment, and bouncing that back gave energy.
     *
     * <p>A point that, moving as it is, will be apart by the end of the substep {@code h} (s)
     * carries no load into it: its impulse was a strike's, and given again to a body already
     * leaving it would throw the body (the same rule as at the start of the step, in
     * {@link #prepare}).
     */
    void warmStart(SolverBodies bodies, double h) {
        for (int m = 0; m < manifolds; m++) {
            int first = manifoldFirst[m], end = first + manifoldSize[m];
            load(bodies, slot0[first], slot1[first]);
            for (int i = first; i < end; i++) {
                int p = STRIDE * i;
                double vn = localVelocity(p + NORMAL);
                if (point[p + RESTITUTION] != 0 && point[p + MAX_NORMAL_IMPULSE] == 0) {
                    point[p + APPROACH] = vn;
                }
                if (point[p + CURRENT_SEPARATION] + vn * h > 0) {
                    point[p + IMPULSE] = point[p + IMPULSE + 1] = point[p + IMPULSE + 2] = 0;
                }
            }
        }
        // Every point's velocity was read above, before any point was warm started.
        for (int m = 0; m < manifolds; m++) {
            int first = manifoldFirst[m], end = first + manifoldSize[m];
            load(bodies, slot0[first], slot1[first]);
            for (int i = first; i < end; i++) {
                int p = STRIDE * i;
                applyCounted(p, p + NORMAL, point[p + IMPULSE]);
                applyCounted(p, p + TANGENT1, point[p + IMPULSE + 1]);
                applyCounted(p, p + TANGENT2, point[p + IMPULSE + 2]);
            }
            store(bodies, slot0[first], slot1[first]);
        }
    }

    /**
     * One Gauss-Seidel pass over the manifolds: each one's normal rows together, then, in the relax
     * pass only, its friction. With {@code useBias} penetration is pushed out softly ({@code h}: the
     * substep, s; {@code maxPush}: m/s); without it (the relax pass) only speculative gaps are
     * kept. Friction sees only velocities without the push-out (Box2D v3 too solves it in the relax
     * alone): solved in the biased pass as well, it would work against velocities carrying the
     * push, which the relax then takes back, and a pyramid's rows would slide over each other a
     * little every step.
     */
    void solve(SolverBodies bodies, double h, double maxPush, boolean useBias) {
        double invH = 1 / h;
        for (int m = 0; m < manifolds; m++) {
            int first = manifoldFirst[m], size = manifoldSize[m];
            load(bodies, slot0[first], slot1[first]);
            if (size == 1 || !solveBlock(m, invH, maxPush, useBias)) {
                for (int i = first; i < first + size; i++) {
                    solveNormal(i, invH, maxPush, useBias);
                }
            }
            if (!useBias) {
                for (int i = first; i < first + size; i++) {
                    solveFriction(i);
                    // The relax ends the substep: the point gave its accumulated impulse in it.
                    point[STRIDE * i + STEP_IMPULSE] += point[STRIDE * i + IMPULSE];
                }
            }
            store(bodies, slot0[first], slot1[first]);
        }
    }

    /**
     * The normal rows of manifold m solved together, so no corner of a face is first (one at a time,
     * the first corner takes the whole push and tips the box onto the others): {@code (K + Γ)·Δλ =
     * −(v + bias) − Γ·λ}. A soft row of effective mass 1/K is exactly a row with compliance
     * {@code Γ = K·impulseScale/massScale} (see {@link Softness}), so a block of soft rows is K with
     * that compliance on its diagonal; rigid rows (the relax pass, speculative points) get a tiny
     * one, as four corners of a face constrain only three motions and K alone is singular.
     *
     * @return false, with nothing applied, when the points need different kinds of rows (some
     *     speculative, some penetrating) or the block's answer would pull a point: then the points
     *     are solved one at a time
     */
    private boolean solveBlock(int m, double invH, double maxPush, boolean useBias) {
        if (!blockReady[m]) {
            return false;
        }
        int first = manifoldFirst[m], size = manifoldSize[m];
        boolean softRows = false, rigidRows = false;
        for (int i = 0; i < size; i++) {
            double sep = point[STRIDE * (first + i) + CURRENT_SEPARATION];
            blockS[i] = sep;
            if (useBias && !(sep > 0)) {
                softRows = true;
            } else {
                rigidRows = true;
            }
        }
        if (softRows && rigidRows) {
            return false;
        }
        Softness kind = againstImmovable[first] ? staticSoft : soft;
        for (int i = 0; i < size; i++) {
            int p = STRIDE * (first + i);
            double sep = blockS[i];
            double bias = sep > 0 ? sep * invH : useBias ? Math.max(kind.biasRate * sep, -maxPush) : 0;
            double vn = localVelocity(p + NORMAL);
            blockB[i] = -(vn + bias) - (softRows ? softGamma[m * BLOCK + i] * point[p + IMPULSE] : 0);
        }
        SmallSpd.substitute(softRows ? softFactor : rigidFactor, m * BLOCK * BLOCK, BLOCK, size, blockB, blockV);
        for (int i = 0; i < size; i++) {
            if (point[STRIDE * (first + i) + IMPULSE] + blockV[i] < 0) {
                return false;
            }
        }
        for (int i = 0; i < size; i++) {
            int p = STRIDE * (first + i);
            double next = point[p + IMPULSE] + blockV[i];
            point[p + IMPULSE] = next;
            notePush(p, next);
        }
        for (int i = 0; i < size; i++) {
            int p = STRIDE * (first + i);
            applyCounted(p, p + NORMAL, blockV[i]);
        }
        return true;
    }

    /** One point's normal row on its own: speculative, soft (biased solve) or rigid (relax). */
    private void solveNormal(int i, double invH, double maxPush, boolean useBias) {
        int p = STRIDE * i;
        double s = point[p + CURRENT_SEPARATION];
        double bias = 0, massScale = 1, impulseScale = 0;
        if (s > 0) {
            bias = s * invH; // close the gap exactly, no further
        } else if (useBias) {
            Softness k = againstImmovable[i] ? staticSoft : soft;
            bias = Math.max(k.biasRate * s, -maxPush);
            massScale = k.massScale;
            impulseScale = k.impulseScale;
        }
        double old = point[p + IMPULSE];
        double vn = localVelocity(p + NORMAL);
        double next = Math.max(old - point[p + NORMAL_MASS] * massScale * (vn + bias) - impulseScale * old, 0);
        point[p + IMPULSE] = next;
        notePush(p, next);
        applyCounted(p, p + NORMAL, next - old);
    }

    /**
     * Notes a point's normal impulse {@code next} (N·s): once it has pushed, its approach (noted at
     * the start of each substep by {@link #warmStart}) stays as it was then. The approach is the
     * speed at the substep it first pushed in, not at the start of the step: a spinning body's
     * corner may be closing faster then than by the time it touches, and bouncing that start
     * speed back gave energy.
     */
    private void notePush(int p, double next) {
        point[p + MAX_NORMAL_IMPULSE] = Math.max(point[p + MAX_NORMAL_IMPULSE], next);
    }

    /**
     * Friction: while the point sticks, both tangent rows at once (their 2×2 mass, so the answer
     * does not depend on how the tangents were turned round the normal: a rolling log keeps its
     * heading); once that would leave the cone {@code |λt| ≤ μ·λn}, each row on its own (against the
     * sliding velocity), the pair clamped to the cone.
     */
    private void solveFriction(int i) {
        int p = STRIDE * i;
        double limit = point[p + FRICTION] * point[p + IMPULSE];
        double old1 = point[p + IMPULSE + 1], old2 = point[p + IMPULSE + 2];
        double v1 = localVelocity(p + TANGENT1), v2 = localVelocity(p + TANGENT2);
        double m12 = point[p + TANGENT_MASS12];
        double new1 = old1 - (point[p + TANGENT_MASS1] * v1 + m12 * v2);
        double new2 = old2 - (m12 * v1 + point[p + TANGENT_MASS2] * v2);
        double length2 = new1 * new1 + new2 * new2;
        if (length2 > limit * limit) {
            new1 = old1 - point[p + TANGENT_DIAGONAL1] * v1;
            new2 = old2 - point[p + TANGENT_DIAGONAL2] * v2;
            length2 = new1 * new1 + new2 * new2;
            if (length2 > limit * limit) {
                double scale = length2 > 0 ? limit / Math.sqrt(length2) : 0;
                new1 *= scale;
                new2 *= scale;
            }
        }
        point[p + IMPULSE + 1] = new1;
        point[p + IMPULSE + 2] = new2;
        applyCounted(p, p + TANGENT1, new1 - old1);
        applyCounted(p, p + TANGENT2, new2 - old2);
    }

    /**
     * Restitution after the substeps: each point that met its partner closing faster than
     * {@code threshold} (m/s) is pushed apart by the smaller of two bounces, so it obeys both laws
     * of restitution at once:
     * <ul>
     * <li>Newton's: it leaves no faster than e times the speed it closed at when it first pushed,
     *     {@code P ≤ m·(−e·v_approach − v)} (v its normal velocity now, m its effective mass);
     * <li>the energetic one: the bounce gives back no more than e² of the kinetic energy W its
     *     normal row took this step, nor more than e² of what the point took in all (friction
     *     included: when the normal impulse shrinks, the cone takes friction back and gives energy). An impulse P adds {@code P·v + P²/(2m)}; setting that to
     *     {@code e²·W} gives {@code P = m·(√(v² + 2e²W/m) − v)}.
     * </ul>
     * For one point stopped at rest the two agree. Either alone gains energy: Newton's rule when a
     * spinning body's corner closes faster than the impact took from it (tumbling elastic drops);
     * the energetic rule when rows hand energy to each other, as when a light body crushed between
     * a heavy one and the ground is stopped by one row after the other pushed it: that row's W
     * counts energy another row gave, and the light body would be shot out.
     */
    void restitution(SolverBodies bodies, double threshold) {
        for (int m = 0; m < manifolds; m++) {
            int first = manifoldFirst[m], end = first + manifoldSize[m];
            load(bodies, slot0[first], slot1[first]);
            for (int i = first; i < end; i++) {
                int p = STRIDE * i;
                double e = point[p + RESTITUTION], approach = point[p + APPROACH];
                double absorbed = Math.min(point[p + ABSORBED], point[p + ABSORBED] + point[p + ABSORBED_FRICTION]);
                if (e == 0 || approach > -threshold || !(absorbed > 0)) {
                    continue;
                }
                double mass = point[p + NORMAL_MASS];
                double vn = localVelocity(p + NORMAL);
                double newton = -mass * (vn + e * approach);
                double energetic = mass * (Math.sqrt(vn * vn + 2 * e * e * absorbed / mass) - vn);
                double bounce = Math.min(newton, energetic);
                if (bounce > 0) {
                    // not kept for the warm start: a bounce is given once, not every substep of the next step
                    localApply(p, p + NORMAL, bounce);
                    point[p + STEP_IMPULSE] += bounce;
                }
            }
            store(bodies, slot0[first], slot1[first]);
        }
    }

    /**
     * Applies {@code λ} (N·s) on the row at {@code r} of the point at {@code p} to the loaded
     * velocities ({@link #load}); for a point that may bounce, adds the kinetic energy the row took,
     * {@code −λ·(v_before + v_after)/2}, to the point's normal or friction tally.
     */
    private void applyCounted(int p, int r, double lambda) {
        if (point[p + RESTITUTION] == 0) {
            localApply(p, r, lambda);
            return;
        }
        double before = localVelocity(r);
        localApply(p, r, lambda);
        point[p + (r == p + NORMAL ? ABSORBED : ABSORBED_FRICTION)] -= 0.5 * lambda * (before + localVelocity(r));
    }

    // The velocities of the manifold's two bodies (zero for no slot), loaded once per manifold and
    // stored back once: every row of a manifold reads and writes the same two bodies.
    private double v0x, v0y, v0z, w0x, w0y, w0z, v1x, v1y, v1z, w1x, w1y, w1z;

    private void load(SolverBodies b, int s0, int s1) {
        double[] v = b.v, w = b.w;
        if (s0 >= 0) {
            int k = 3 * s0;
            v0x = v[k]; v0y = v[k + 1]; v0z = v[k + 2];
            w0x = w[k]; w0y = w[k + 1]; w0z = w[k + 2];
        } else {
            v0x = v0y = v0z = w0x = w0y = w0z = 0;
        }
        if (s1 >= 0) {
            int k = 3 * s1;
            v1x = v[k]; v1y = v[k + 1]; v1z = v[k + 2];
            w1x = w[k]; w1y = w[k + 1]; w1z = w[k + 2];
        } else {
            v1x = v1y = v1z = w1x = w1y = w1z = 0;
        }
    }

    private void store(SolverBodies b, int s0, int s1) {
        double[] v = b.v, w = b.w;
        if (s0 >= 0) {
            int k = 3 * s0;
            v[k] = v0x; v[k + 1] = v0y; v[k + 2] = v0z;
            w[k] = w0x; w[k + 1] = w0y; w[k + 2] = w0z;
        }
        if (s1 >= 0) {
            int k = 3 * s1;
            v[k] = v1x; v[k + 1] = v1y; v[k + 2] = v1z;
            w[k] = w1x; w[k + 1] = w1y; w[k + 2] = w1z;
        }
    }

    /** {@link #rowVelocity} on the loaded velocities (a body without a slot has zero arms and velocity). */
    private double localVelocity(int r) {
        double[] q = point;
        return q[r] * (v0x - v1x) + q[r + 1] * (v0y - v1y) + q[r + 2] * (v0z - v1z)
                + q[r + RD0] * w0x + q[r + RD0 + 1] * w0y + q[r + RD0 + 2] * w0z
                - q[r + RD1] * w1x - q[r + RD1 + 1] * w1y - q[r + RD1 + 2] * w1z;
    }

    /**
     * Applies the impulse {@code λ} (N·s) of the row at {@code r} of the point at {@code p} to the
     * loaded velocities: {@code +λ} to body 0, {@code −λ} to body 1 (a body without a slot has
     * zero inverse mass and inertia).
     */
    private void localApply(int p, int r, double lambda) {
        double[] q = point;
        double l0 = lambda * q[p + IM0], l1 = lambda * q[p + IM1];
        v0x += l0 * q[r];
        v0y += l0 * q[r + 1];
        v0z += l0 * q[r + 2];
        w0x += lambda * q[r + IRD0];
        w0y += lambda * q[r + IRD0 + 1];
        w0z += lambda * q[r + IRD0 + 2];
        v1x -= l1 * q[r];
        v1y -= l1 * q[r + 1];
        v1z -= l1 * q[r + 2];
        w1x -= lambda * q[r + IRD1];
        w1y -= lambda * q[r + IRD1 + 1];
        w1z -= lambda * q[r + IRD1 + 2];
    }

    /**
     * Writes each point's accumulated impulses to {@code warm[3c..3c+3)} by its contact's index
     * {@code c} in the step's buffer (zero for contacts not solved), and adds the normal impulse it
     * gave over the step (N·s) to its contact for events.
     */
    void store(Contact[] contacts, int contactCount, double[] warm) {
        int i = 0;
        for (int c = 0; c < contactCount; c++) {
            if (i == count || contacts[c] != contact[i]) {
                warm[3 * c] = warm[3 * c + 1] = warm[3 * c + 2] = 0;
                continue;
            }
            int p = STRIDE * i;
            warm[3 * c] = point[p + IMPULSE];
            warm[3 * c + 1] = point[p + IMPULSE + 1];
            warm[3 * c + 2] = point[p + IMPULSE + 2];
            contact[i].addAppliedNormalImpulse(point[p + STEP_IMPULSE]);
            i++;
        }
    }

    /** Splits the points into manifolds: adjacent points of one body pair with one normal, at most {@link #BLOCK}. */
    private void groupManifolds() {
        manifolds = 0;
        if (manifoldFirst.length < count) {
            int n = Math.max(count, 2 * manifoldFirst.length);
            manifoldFirst = new int[n];
            manifoldSize = new int[n];
            blockReady = new boolean[n];
            softFactor = new double[n * BLOCK * BLOCK];
            rigidFactor = new double[n * BLOCK * BLOCK];
            softGamma = new double[n * BLOCK];
        }
        for (int i = 0; i < count; i++) {
            int m = manifolds - 1;
            if (m >= 0 && manifoldSize[m] < BLOCK && sameManifold(manifoldFirst[m], i)) {
                manifoldSize[m]++;
            } else {
                m = manifolds++;
                manifoldFirst[m] = i;
                manifoldSize[m] = 1;
            }
        }
    }

    /**
     * Each manifold's block {@code K[i][j] = m0⁻¹ + m1⁻¹ + (r0ᵢ×n)·I0⁻¹·(r0ⱼ×n) + (r1ᵢ×n)·I1⁻¹·(r1ⱼ×n)}
     * with Γ on its diagonal, factored soft and rigid.
     */
    private void factorBlocks() {
        for (int m = 0; m < manifolds; m++) {
            factorBlock(m);
        }
    }

    /** Builds and factors manifold m's block (nothing for a single point). */
    private void factorBlock(int m) {
        double[] q = point;
        int f = manifoldFirst[m], size = manifoldSize[m], k = m * BLOCK * BLOCK;
        if (size == 1) {
            return;
        }
        Softness kind = againstImmovable[f] ? staticSoft : soft;
        double compliance = kind.impulseScale / kind.massScale;
        double linear = q[STRIDE * f + IM0] + q[STRIDE * f + IM1];
        for (int i = 0; i < size; i++) {
            int a = STRIDE * (f + i) + NORMAL;
            for (int j = 0; j < size; j++) {
                int c = STRIDE * (f + j) + NORMAL;
                double kij = linear
                        + q[a + RD0] * q[c + IRD0] + q[a + RD0 + 1] * q[c + IRD0 + 1] + q[a + RD0 + 2] * q[c + IRD0 + 2]
                        + q[a + RD1] * q[c + IRD1] + q[a + RD1 + 1] * q[c + IRD1 + 1] + q[a + RD1 + 2] * q[c + IRD1 + 2];
                softFactor[k + BLOCK * i + j] = kij;
                rigidFactor[k + BLOCK * i + j] = kij;
            }
            double kii = softFactor[k + BLOCK * i + i];
            softGamma[m * BLOCK + i] = compliance * kii;
            softFactor[k + BLOCK * i + i] += compliance * kii;
            rigidFactor[k + BLOCK * i + i] += RIGID_REGULARISATION * kii;
        }
        blockReady[m] = SmallSpd.factor(softFactor, k, BLOCK, size) && SmallSpd.factor(rigidFactor, k, BLOCK, size);
    }

    private boolean sameManifold(int a, int i) {
        int pa = STRIDE * a + NORMAL, pi = STRIDE * i + NORMAL;
        double[] q = point;
        return slot0[a] == slot0[i] && slot1[a] == slot1[i] && contact[a].body0() == contact[i].body0()
                && q[pa] * q[pi] + q[pa + 1] * q[pi + 1] + q[pa + 2] * q[pi + 2] > 0.9999;
    }
}
