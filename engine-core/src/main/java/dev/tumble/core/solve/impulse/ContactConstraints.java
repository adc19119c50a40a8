package dev.tumble.core.solve.impulse;

import dev.tumble.core.contact.Contact;
import java.util.Arrays;

/**
 * The soft contact constraints of one step: a normal row with Coulomb friction (two tangent rows
 * clamped to a circular cone) per contact point, after Box2D v3's {@code contact_solver.c}.
 *
 * <p>Contacts come from the narrow phase at the start-of-step poses. Each point keeps its
 * anchors fixed in its two bodies; its separation during the substeps is measured from how far
 * the bodies have moved and turned since ({@link #separation}), so no contact is searched for
 * again inside the step. A point still apart ({@code s > 0}, a speculative contact) lets its
 * bodies close exactly that gap and no more; a penetrating point is pushed out softly, at no more
 * than the push-out speed, in the biased solve, and the relax solve that follows takes the push's
 * velocity back out, so pushing out never launches a body.
 *
 * <p>Sign convention (Millington's): the normal points from body 1 to body 0, the way body 0 must
 * move; {@code +λ·n} acts on body 0 and {@code −λ·n} on body 1.
 */
final class ContactConstraints {
    private int count;
    private Contact[] contact = new Contact[16];
    private int[] slot0 = new int[16], slot1 = new int[16];
    /** Normal and tangents, world (3 each per point). */
    private double[] n = new double[48], t1 = new double[48], t2 = new double[48];
    /** Arms from each body's centre to the point at the start of the step, world (3 each). */
    private double[] r0 = new double[48], r1 = new double[48];
    /** The same arms in each body's own frame, to follow the body's turn (3 each). */
    private double[] a0 = new double[48], a1 = new double[48];
    /** Separation at the start of the step, m (negative: penetration). */
    private double[] separation0 = new double[16];
    /** Effective masses of the normal and tangent rows, kg. */
    private double[] normalMass = new double[16], tangentMass1 = new double[16], tangentMass2 = new double[16];
    private double[] friction = new double[16], restitution = new double[16];
    /** Normal velocity at the start of the step, m/s (negative: closing), for restitution. */
    private double[] approach = new double[16];
    /** The largest normal impulse of any substep, N·s: a point that never pushed does not bounce. */
    private double[] maxNormalImpulse = new double[16];
    /** Accumulated impulses: normal, tangent 1, tangent 2 (3 per point), N·s. */
    private double[] impulse = new double[48];
    /** Whether a point has a static or kinematic partner (stiffer softness, as Box2D). */
    private boolean[] againstImmovable = new boolean[16];
    private final Softness soft = new Softness();
    private final Softness staticSoft = new Softness();
    /** Per point: {@code r×n} and {@code I⁻¹·(r×n)} for body 0 and body 1 (3 each), for the manifold blocks. */
    private double[] rn0 = new double[48], irn0 = new double[48], rn1 = new double[48], irn1 = new double[48];
    /** Manifolds: runs of up to {@link #BLOCK} points of one body pair and one normal. */
    private int manifolds;
    private int[] manifoldFirst = new int[16], manifoldSize = new int[16];
    /** Per manifold: its normal rows' {@code K = J·M⁻¹·Jᵀ}, {@code BLOCK × BLOCK} row-major. */
    private double[] blockMass = new double[16 * BLOCK * BLOCK];
    /** Most points solved as one block. */
    static final int BLOCK = 4;
    /** Regularisation of a rigid block, relative to its diagonal: four corners of a face constrain three motions. */
    private static final double RIGID_REGULARISATION = 1e-9;
    // Scratch of one block solve.
    private final double[] blockA = new double[BLOCK * BLOCK], blockB = new double[BLOCK], blockS = new double[BLOCK],
            blockV = new double[BLOCK];

    /**
     * Loads {@code contacts[0..count)} with their warm-start impulses {@code warm[3c..3c+3)}
     * (normal, tangent 1, tangent 2; N·s) and computes each point's effective masses at the
     * start-of-step poses. Points between two bodies without slots are skipped.
     */
    void prepare(Contact[] contacts, int contactCount, double[] warm, boolean warmStart, SolverBodies bodies) {
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
            againstImmovable[i] = bodies.invMass(s0) == 0 || bodies.invMass(s1) == 0;
            int o = 3 * i;
            double nx = ct.normalX(), ny = ct.normalY(), nz = ct.normalZ();
            n[o] = nx;
            n[o + 1] = ny;
            n[o + 2] = nz;
            tangents(o);
            arm(bodies, s0, ct, r0, a0, o);
            arm(bodies, s1, ct, r1, a1, o);
            separation0[i] = -ct.penetration();
            normalMass[i] = inverse(effectiveMass(bodies, i, n, o));
            tangentMass1[i] = inverse(effectiveMass(bodies, i, t1, o));
            tangentMass2[i] = inverse(effectiveMass(bodies, i, t2, o));
            friction[i] = ct.friction();
            restitution[i] = ct.restitution();
            approach[i] = velocityAlong(bodies, i, nx, ny, nz);
            armNormal(bodies, s0, r0, o, rn0, irn0);
            armNormal(bodies, s1, r1, o, rn1, irn1);
            maxNormalImpulse[i] = 0;
            if (warmStart) {
                impulse[o] = warm[3 * c];
                impulse[o + 1] = warm[3 * c + 1];
                impulse[o + 2] = warm[3 * c + 2];
            } else {
                impulse[o] = impulse[o + 1] = impulse[o + 2] = 0;
            }
        }
        groupManifolds(bodies);
    }

    /** {@code rn = r×n} at point o and {@code irn = I⁻¹·rn} of slot s (zero for no slot). */
    private void armNormal(SolverBodies b, int s, double[] r, int o, double[] rn, double[] irn) {
        double x = r[o + 1] * n[o + 2] - r[o + 2] * n[o + 1];
        double y = r[o + 2] * n[o] - r[o] * n[o + 2];
        double z = r[o] * n[o + 1] - r[o + 1] * n[o];
        rn[o] = x;
        rn[o + 1] = y;
        rn[o + 2] = z;
        if (s < 0) {
            irn[o] = irn[o + 1] = irn[o + 2] = 0;
            return;
        }
        double[] ii = b.invInertia;
        int k = 9 * s;
        irn[o] = ii[k] * x + ii[k + 1] * y + ii[k + 2] * z;
        irn[o + 1] = ii[k + 3] * x + ii[k + 4] * y + ii[k + 5] * z;
        irn[o + 2] = ii[k + 6] * x + ii[k + 7] * y + ii[k + 8] * z;
    }

    /**
     * Splits the points into manifolds (adjacent points of one body pair with one normal, at most
     * {@link #BLOCK}) and computes each manifold's block {@code K[i][j] = m0⁻¹ + m1⁻¹ +
     * (r0ᵢ×n)·I0⁻¹·(r0ⱼ×n) + (r1ᵢ×n)·I1⁻¹·(r1ⱼ×n)}.
     */
    private void groupManifolds(SolverBodies b) {
        manifolds = 0;
        if (manifoldFirst.length < count) {
            manifoldFirst = new int[Math.max(count, 2 * manifoldFirst.length)];
            manifoldSize = new int[manifoldFirst.length];
            blockMass = new double[manifoldFirst.length * BLOCK * BLOCK];
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
        for (int m = 0; m < manifolds; m++) {
            int f = manifoldFirst[m], size = manifoldSize[m], k = m * BLOCK * BLOCK;
            double linear = b.invMass(slot0[f]) + b.invMass(slot1[f]);
            for (int i = 0; i < size; i++) {
                int oi = 3 * (f + i);
                for (int j = 0; j < size; j++) {
                    int oj = 3 * (f + j);
                    blockMass[k + BLOCK * i + j] = linear
                            + rn0[oi] * irn0[oj] + rn0[oi + 1] * irn0[oj + 1] + rn0[oi + 2] * irn0[oj + 2]
                            + rn1[oi] * irn1[oj] + rn1[oi + 1] * irn1[oj + 1] + rn1[oi + 2] * irn1[oj + 2];
                }
            }
        }
    }

    private boolean sameManifold(int a, int i) {
        int oa = 3 * a, oi = 3 * i;
        return slot0[a] == slot0[i] && slot1[a] == slot1[i] && contact[a].body0() == contact[i].body0()
                && n[oa] * n[oi] + n[oa + 1] * n[oi + 1] + n[oa + 2] * n[oi + 2] > 0.9999;
    }

    /** The softness of this substep {@code h} (s): contacts at {@code hertz}, doubled against immovable bodies. */
    void softness(double hertz, double dampingRatio, double h) {
        soft.set(hertz, dampingRatio, h);
        staticSoft.set(2 * hertz, dampingRatio, h);
    }

    /** Applies every point's accumulated impulses (the warm start of a substep). */
    void warmStart(SolverBodies bodies) {
        for (int i = 0; i < count; i++) {
            int o = 3 * i;
            double ln = impulse[o], l1 = impulse[o + 1], l2 = impulse[o + 2];
            apply(bodies, i, ln * n[o] + l1 * t1[o] + l2 * t2[o], ln * n[o + 1] + l1 * t1[o + 1] + l2 * t2[o + 1],
                    ln * n[o + 2] + l1 * t1[o + 2] + l2 * t2[o + 2]);
        }
    }

    /**
     * One Gauss-Seidel pass over every point: the normal row, then friction. With {@code useBias}
     * penetration is pushed out softly ({@code h}: the substep, s; {@code maxPush}: m/s); without
     * it (the relax pass) only speculative gaps are kept.
     */
    void solve(SolverBodies bodies, double h, double maxPush, boolean useBias) {
        double invH = 1 / h;
        // A manifold's points take their normal impulses together, then friction, so friction
        // sees the whole manifold's normal load.
        for (int m = 0; m < manifolds; m++) {
            int first = manifoldFirst[m], size = manifoldSize[m];
            if (size == 1 || !solveBlock(bodies, m, invH, maxPush, useBias)) {
                for (int i = first; i < first + size; i++) {
                    solveNormal(bodies, i, invH, maxPush, useBias);
                }
            }
            for (int i = first; i < first + size; i++) {
                solveFriction(bodies, i);
            }
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
    private boolean solveBlock(SolverBodies bodies, int m, double invH, double maxPush, boolean useBias) {
        int first = manifoldFirst[m], size = manifoldSize[m], k = m * BLOCK * BLOCK;
        boolean soft = false, rigid = false;
        for (int i = 0; i < size; i++) {
            double sep = separation(bodies, first + i);
            blockS[i] = sep;
            if (useBias && !(sep > 0)) {
                soft = true;
            } else {
                rigid = true;
            }
        }
        if (soft && rigid) {
            return false;
        }
        Softness kind = againstImmovable[first] ? staticSoft : this.soft;
        double compliance = soft ? kind.impulseScale / kind.massScale : RIGID_REGULARISATION;
        for (int i = 0; i < size; i++) {
            int p = first + i, o = 3 * p;
            double vn = velocityAlong(bodies, p, n[o], n[o + 1], n[o + 2]);
            double sep = blockS[i];
            double bias = sep > 0 ? sep * invH : useBias ? Math.max(kind.biasRate * sep, -maxPush) : 0;
            double gamma = compliance * blockMass[k + BLOCK * i + i];
            blockB[i] = -(vn + bias) - (soft ? gamma * impulse[o] : 0);
            for (int j = 0; j < size; j++) {
                blockA[BLOCK * i + j] = blockMass[k + BLOCK * i + j] + (i == j ? gamma : 0);
            }
        }
        if (!SmallSpd.solve(blockA, BLOCK, size, blockB, blockV)) {
            return false;
        }
        for (int i = 0; i < size; i++) {
            if (impulse[3 * (first + i)] + blockV[i] < 0) {
                return false;
            }
        }
        for (int i = 0; i < size; i++) {
            int p = first + i, o = 3 * p;
            double d = blockV[i];
            impulse[o] += d;
            maxNormalImpulse[p] = Math.max(maxNormalImpulse[p], impulse[o]);
            apply(bodies, p, d * n[o], d * n[o + 1], d * n[o + 2]);
        }
        return true;
    }

    private void solveNormal(SolverBodies bodies, int i, double invH, double maxPush, boolean useBias) {
        {
            int o = 3 * i;
            double nx = n[o], ny = n[o + 1], nz = n[o + 2];
            double s = separation(bodies, i);
            double bias = 0, massScale = 1, impulseScale = 0;
            if (s > 0) {
                bias = s * invH; // close the gap exactly, no further
            } else if (useBias) {
                Softness k = againstImmovable[i] ? staticSoft : soft;
                bias = Math.max(k.biasRate * s, -maxPush);
                massScale = k.massScale;
                impulseScale = k.impulseScale;
            }
            double vn = velocityAlong(bodies, i, nx, ny, nz);
            double old = impulse[o];
            double next = Math.max(old - normalMass[i] * massScale * (vn + bias) - impulseScale * old, 0);
            impulse[o] = next;
            maxNormalImpulse[i] = Math.max(maxNormalImpulse[i], next);
            double d = next - old;
            apply(bodies, i, d * nx, d * ny, d * nz);
        }
    }

    /** Friction: each tangent row on its own, then the pair clamped to the cone {@code |λt| ≤ μ·λn}. */
    private void solveFriction(SolverBodies bodies, int i) {
        int o = 3 * i;
        double limit = friction[i] * impulse[o];
        double old1 = impulse[o + 1], old2 = impulse[o + 2];
        double new1 = old1 - tangentMass1[i] * velocityAlong(bodies, i, t1[o], t1[o + 1], t1[o + 2]);
        double new2 = old2 - tangentMass2[i] * velocityAlong(bodies, i, t2[o], t2[o + 1], t2[o + 2]);
        double length2 = new1 * new1 + new2 * new2;
        if (length2 > limit * limit) {
            double scale = length2 > 0 ? limit / Math.sqrt(length2) : 0;
            new1 *= scale;
            new2 *= scale;
        }
        impulse[o + 1] = new1;
        impulse[o + 2] = new2;
        double d1 = new1 - old1, d2 = new2 - old2;
        apply(bodies, i, d1 * t1[o] + d2 * t2[o], d1 * t1[o + 1] + d2 * t2[o + 1], d1 * t1[o + 2] + d2 * t2[o + 2]);
    }

    /**
     * Restitution after the substeps: each point that closed faster than {@code threshold} (m/s)
     * at the start of the step and pushed in some substep leaves at {@code e} times that speed.
     */
    void restitution(SolverBodies bodies, double threshold) {
        for (int i = 0; i < count; i++) {
            double e = restitution[i];
            if (e == 0 || approach[i] > -threshold || maxNormalImpulse[i] == 0) {
                continue;
            }
            int o = 3 * i;
            double nx = n[o], ny = n[o + 1], nz = n[o + 2];
            double vn = velocityAlong(bodies, i, nx, ny, nz);
            double old = impulse[o];
            double next = Math.max(old - normalMass[i] * (vn + e * approach[i]), 0);
            impulse[o] = next;
            double d = next - old;
            apply(bodies, i, d * nx, d * ny, d * nz);
        }
    }

    /**
     * Writes each point's accumulated impulses to {@code warm[3c..3c+3)} by its contact's index
     * {@code c} in the step's buffer, and adds the normal impulse (N·s) to its contact for events.
     */
    void store(Contact[] contacts, int contactCount, double[] warm) {
        int i = 0;
        for (int c = 0; c < contactCount && i < count; c++) {
            if (contacts[c] != contact[i]) {
                warm[3 * c] = warm[3 * c + 1] = warm[3 * c + 2] = 0;
                continue;
            }
            int o = 3 * i;
            warm[3 * c] = impulse[o];
            warm[3 * c + 1] = impulse[o + 1];
            warm[3 * c + 2] = impulse[o + 2];
            contact[i].addAppliedNormalImpulse(impulse[o]);
            i++;
        }
    }

    // ------------------------------------------------------------------ geometry

    /**
     * The point's separation now (m): its start separation plus how far the two bodies' points have
     * moved apart along the normal, each point carried with its body's translation and turn.
     */
    private double separation(SolverBodies b, int i) {
        int o = 3 * i;
        double dx = 0, dy = 0, dz = 0;
        int s0 = slot0[i], s1 = slot1[i];
        if (s0 >= 0) {
            dx += moved(b, s0, a0, r0, o, 0);
            dy += moved(b, s0, a0, r0, o, 1);
            dz += moved(b, s0, a0, r0, o, 2);
        }
        if (s1 >= 0) {
            dx -= moved(b, s1, a1, r1, o, 0);
            dy -= moved(b, s1, a1, r1, o, 1);
            dz -= moved(b, s1, a1, r1, o, 2);
        }
        return separation0[i] + dx * n[o] + dy * n[o + 1] + dz * n[o + 2];
    }

    /** Component {@code axis} of how far slot {@code s}'s copy of the point moved since the start: {@code Δp + R·a − r}. */
    private static double moved(SolverBodies b, int s, double[] local, double[] arm, int o, int axis) {
        int k = 9 * s + 3 * axis, so = 3 * s + axis;
        double[] r = b.rot;
        return b.p[so] - b.p0[so] + r[k] * local[o] + r[k + 1] * local[o + 1] + r[k + 2] * local[o + 2] - arm[o + axis];
    }

    /** @return {@code (v0 + ω0×r0 − v1 − ω1×r1)·d}: the relative velocity of the point along d, m/s. */
    private double velocityAlong(SolverBodies b, int i, double dx, double dy, double dz) {
        int o = 3 * i;
        return pointVelocityAlong(b, slot0[i], r0, o, dx, dy, dz) - pointVelocityAlong(b, slot1[i], r1, o, dx, dy, dz);
    }

    private static double pointVelocityAlong(SolverBodies b, int s, double[] arm, int o, double dx, double dy, double dz) {
        if (s < 0) {
            return 0;
        }
        int k = 3 * s;
        double[] v = b.v, w = b.w;
        double rx = arm[o], ry = arm[o + 1], rz = arm[o + 2];
        double px = v[k] + w[k + 1] * rz - w[k + 2] * ry;
        double py = v[k + 1] + w[k + 2] * rx - w[k] * rz;
        double pz = v[k + 2] + w[k] * ry - w[k + 1] * rx;
        return px * dx + py * dy + pz * dz;
    }

    /** Applies {@code +P} at the point to body 0 and {@code −P} to body 1. */
    private void apply(SolverBodies b, int i, double px, double py, double pz) {
        int o = 3 * i;
        b.applyImpulse(slot0[i], px, py, pz, r0[o], r0[o + 1], r0[o + 2]);
        b.applyImpulse(slot1[i], -px, -py, -pz, r1[o], r1[o + 1], r1[o + 2]);
    }

    /** @return {@code m0⁻¹ + m1⁻¹ + (r0×d)·I0⁻¹·(r0×d) + (r1×d)·I1⁻¹·(r1×d)} for direction {@code d[o..]}. */
    private double effectiveMass(SolverBodies b, int i, double[] d, int o) {
        double dx = d[o], dy = d[o + 1], dz = d[o + 2];
        return b.invMass(slot0[i]) + b.invMass(slot1[i]) + armMass(b, slot0[i], r0, o, dx, dy, dz)
                + armMass(b, slot1[i], r1, o, dx, dy, dz);
    }

    private static double armMass(SolverBodies b, int s, double[] r, int o, double dx, double dy, double dz) {
        double cx = r[o + 1] * dz - r[o + 2] * dy, cy = r[o + 2] * dx - r[o] * dz, cz = r[o] * dy - r[o + 1] * dx;
        return b.angularMass(s, cx, cy, cz, cx, cy, cz);
    }

    private static double inverse(double k) {
        return k > 0 ? 1 / k : 0;
    }

    /** Arm of the contact point from slot {@code s}'s centre, in world and body axes (zero for no slot). */
    private static void arm(SolverBodies b, int s, Contact ct, double[] world, double[] local, int o) {
        if (s < 0) {
            world[o] = world[o + 1] = world[o + 2] = 0;
            local[o] = local[o + 1] = local[o + 2] = 0;
            return;
        }
        int k = 3 * s, m = 9 * s;
        double rx = ct.pointX() - b.p[k], ry = ct.pointY() - b.p[k + 1], rz = ct.pointZ() - b.p[k + 2];
        world[o] = rx;
        world[o + 1] = ry;
        world[o + 2] = rz;
        double[] r = b.rot; // Rᵀ·arm
        local[o] = r[m] * rx + r[m + 3] * ry + r[m + 6] * rz;
        local[o + 1] = r[m + 1] * rx + r[m + 4] * ry + r[m + 7] * rz;
        local[o + 2] = r[m + 2] * rx + r[m + 5] * ry + r[m + 8] * rz;
    }

    /** Two unit tangents completing the normal at {@code o} to a right-handed basis, fixed by the normal alone. */
    private void tangents(int o) {
        double nx = n[o], ny = n[o + 1], nz = n[o + 2];
        double tx, ty, tz;
        if (Math.abs(nx) > 0.57735) {
            double inv = 1 / Math.sqrt(nx * nx + ny * ny);
            tx = ny * inv;
            ty = -nx * inv;
            tz = 0;
        } else {
            double inv = 1 / Math.sqrt(ny * ny + nz * nz);
            tx = 0;
            ty = nz * inv;
            tz = -ny * inv;
        }
        t1[o] = tx;
        t1[o + 1] = ty;
        t1[o + 2] = tz;
        t2[o] = ny * tz - nz * ty;
        t2[o + 1] = nz * tx - nx * tz;
        t2[o + 2] = nx * ty - ny * tx;
    }

    private void ensure(int c) {
        if (contact.length >= c) {
            return;
        }
        int m = Math.max(c, 2 * contact.length);
        contact = Arrays.copyOf(contact, m);
        slot0 = Arrays.copyOf(slot0, m);
        slot1 = Arrays.copyOf(slot1, m);
        separation0 = Arrays.copyOf(separation0, m);
        normalMass = Arrays.copyOf(normalMass, m);
        tangentMass1 = Arrays.copyOf(tangentMass1, m);
        tangentMass2 = Arrays.copyOf(tangentMass2, m);
        friction = Arrays.copyOf(friction, m);
        restitution = Arrays.copyOf(restitution, m);
        approach = Arrays.copyOf(approach, m);
        maxNormalImpulse = Arrays.copyOf(maxNormalImpulse, m);
        againstImmovable = Arrays.copyOf(againstImmovable, m);
        n = Arrays.copyOf(n, 3 * m);
        t1 = Arrays.copyOf(t1, 3 * m);
        t2 = Arrays.copyOf(t2, 3 * m);
        r0 = Arrays.copyOf(r0, 3 * m);
        r1 = Arrays.copyOf(r1, 3 * m);
        a0 = Arrays.copyOf(a0, 3 * m);
        a1 = Arrays.copyOf(a1, 3 * m);
        impulse = Arrays.copyOf(impulse, 3 * m);
        rn0 = Arrays.copyOf(rn0, 3 * m);
        irn0 = Arrays.copyOf(irn0, 3 * m);
        rn1 = Arrays.copyOf(rn1, 3 * m);
        irn1 = Arrays.copyOf(irn1, 3 * m);
    }
}
