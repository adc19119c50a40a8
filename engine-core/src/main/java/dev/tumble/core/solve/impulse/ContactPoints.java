package dev.tumble.core.solve.impulse;

import dev.tumble.core.contact.Contact;
import java.util.Arrays;

/**
 * The contact points of one step in flat arrays, and the row arithmetic on them: per point a
 * normal and two tangent rows, each a direction and, per body, {@code r×d} (what the row reads of
 * ω) and {@code I⁻¹·(r×d)} (what a unit impulse does to ω), as Jolt's constraint parts keep them;
 * then its arms, its scalars and its accumulated impulses. {@link ContactConstraints} solves them.
 *
 * <p>Sign convention (Millington's): the normal points from body 1 to body 0, the way body 0 must
 * move; {@code +λ·n} acts on body 0 and {@code −λ·n} on body 1. A body without a slot (static or
 * asleep) is slot −1: immovable and still.
 */
class ContactPoints {
    // Per point, STRIDE doubles, laid out by when they are read: the normal row and what its solve
    // reads and writes (every pass), then the friction's scalars and two tangent rows (the relax),
    // then the geometry the separation is measured from (once a substep) and the rows rebuilt from.
    // Each row is a direction and, per body, r×d and I⁻¹·(r×d).
    static final int NORMAL = 0;
    /** Offsets within a row, after its direction (at 0): r0×d, I0⁻¹(r0×d), r1×d, I1⁻¹(r1×d). */
    static final int RD0 = 3, IRD0 = 6, RD1 = 9, IRD1 = 12;
    static final int IM0 = 15, IM1 = 16, NORMAL_MASS = 17;
    /** Accumulated impulses: normal, tangent 1, tangent 2, N·s. */
    static final int IMPULSE = 18;
    /** Separation at the current poses, m: measured once per pose, read by the solve and the relax. */
    static final int CURRENT_SEPARATION = 21;
    static final int RESTITUTION = 22, MAX_NORMAL_IMPULSE = 23, APPROACH = 24;
    /** Kinetic energy the normal row took out of the bodies this step, J (points that may bounce only). */
    static final int ABSORBED = 25;
    /** Kinetic energy the friction rows took out of the bodies this step, J (points that may bounce only). */
    static final int ABSORBED_FRICTION = 26;
    /** Normal impulse the point gave over the whole step, N·s: each substep's accumulated impulse, and the bounce. */
    static final int STEP_IMPULSE = 27;
    static final int FRICTION = 28, TANGENT_MASS1 = 29, TANGENT_MASS2 = 30;
    /**
     * The off-diagonal of the tangent rows' inverse 2×2 mass ({@link #TANGENT_MASS1} and
     * {@link #TANGENT_MASS2} hold its diagonal): friction is solved for both tangents at once, so
     * it does not depend on which way the tangents were chosen round the normal.
     */
    static final int TANGENT_MASS12 = 31;
    /** Each tangent row's own inverse mass, 1/k (the sliding solve, row by row). */
    static final int TANGENT_DIAGONAL1 = 32, TANGENT_DIAGONAL2 = 33;
    static final int TANGENT1 = 34, TANGENT2 = 49;
    /** Separation at the start of the step, m. */
    static final int SEPARATION = 64;
    /**
     * Where each body's copy of the point is carried from: the point's core (the point moved back
     * along the normal by the body's rounding, see {@link SolverBodies#rounding}) at the start of the
     * step (world) and in the body's frame.
     */
    static final int R0 = 65, R1 = 68, A0 = 71, A1 = 74;
    /** Arms at the poses the rows were last built at (world): what the rows are built from. */
    static final int ARM0 = 77, ARM1 = 80;
    /** The rounding each body's copy of the point is carried with (signed, m; see {@link #core}). */
    static final int ROUND0 = 83, ROUND1 = 84;
    static final int STRIDE = 85;

    int count;
    Contact[] contact = new Contact[16];
    int[] slot0 = new int[16], slot1 = new int[16];
    double[] point = new double[16 * STRIDE];
    /** Whether a point has a static or kinematic partner (stiffer softness, as Box2D). */
    boolean[] againstImmovable = new boolean[16];

    /**
     * Point i's arms at the current poses, then its three rows and their effective masses. Each
     * body carries its own copy of the point, and as the bodies move the two copies part; the
     * arms of two bodies with slots are taken to the copies' midpoint, so that every impulse acts
     * on both bodies at one point and the pair's angular momentum is kept ({@link #armsParted}):
     * the midpoint, or a rounded body's copy when the other is not rounded.
     */
    void buildRows(SolverBodies b, int i) {
        int p = STRIDE * i;
        double[] q = point;
        int s0 = slot0[i], s1 = slot1[i];
        turnedArm(b, s0, p, p + A0, p + ARM0, p + ROUND0);
        turnedArm(b, s1, p, p + A1, p + ARM1, p + ROUND1);
        if (s0 >= 0 && s1 >= 0) {
            // Body 0's share of the move to the common point: a rounded body's copy stays under its
            // core, where its normal pushes through its centre, so it is the point when only one is
            // rounded; the midpoint otherwise.
            boolean round0 = q[p + ROUND0] != 0, round1 = q[p + ROUND1] != 0;
            double share0 = round0 == round1 ? 0.5 : round0 ? 0 : 1;
            for (int a = 0; a < 3; a++) {
                double gap = b.p[3 * s1 + a] + q[p + ARM1 + a] - b.p[3 * s0 + a] - q[p + ARM0 + a];
                q[p + ARM0 + a] += share0 * gap;
                q[p + ARM1 + a] -= (1 - share0) * gap;
            }
        }
        q[p + NORMAL_MASS] = inverse(prepareRow(b, i, p + NORMAL));
        double k11 = prepareRow(b, i, p + TANGENT1), k22 = prepareRow(b, i, p + TANGENT2);
        // Coupling of the tangents through the bodies' inertia: (r×t1)·I⁻¹·(r×t2) per body.
        double k12 = dot(q, p + TANGENT1 + RD0, p + TANGENT2 + IRD0) + dot(q, p + TANGENT1 + RD1, p + TANGENT2 + IRD1);
        q[p + TANGENT_DIAGONAL1] = inverse(k11);
        q[p + TANGENT_DIAGONAL2] = inverse(k22);
        double det = k11 * k22 - k12 * k12;
        if (det > 1e-12 * k11 * k22) {
            q[p + TANGENT_MASS1] = k22 / det;
            q[p + TANGENT_MASS2] = k11 / det;
            q[p + TANGENT_MASS12] = -k12 / det;
        } else {
            q[p + TANGENT_MASS1] = inverse(k11);
            q[p + TANGENT_MASS2] = inverse(k22);
            q[p + TANGENT_MASS12] = 0;
        }
    }

    /**
     * {@code arm = R·core − sign·ρ·n} with slot s's rotation now and the point's rounding ρ for it
     * (zero for no slot); sign is +1 for body 0, whose surface lies along −n from its core, and −1
     * for body 1. A rolling ball's arm stays pointing at the ground: its core is its centre.
     */
    private void turnedArm(SolverBodies b, int s, int p, int local, int arm, int rounding) {
        double[] q = point;
        if (s < 0) {
            q[arm] = q[arm + 1] = q[arm + 2] = 0;
            return;
        }
        double[] r = b.rot;
        int k = 9 * s;
        double x = q[local], y = q[local + 1], z = q[local + 2], round = q[rounding];
        q[arm] = r[k] * x + r[k + 1] * y + r[k + 2] * z - round * q[p + NORMAL];
        q[arm + 1] = r[k + 3] * x + r[k + 4] * y + r[k + 5] * z - round * q[p + NORMAL + 1];
        q[arm + 2] = r[k + 6] * x + r[k + 7] * y + r[k + 8] * z - round * q[p + NORMAL + 2];
    }

    /**
     * Prepares the row at {@code r} (its direction already there): {@code r×d} and
     * {@code I⁻¹·(r×d)} per body.
     *
     * @return the row's inverse effective mass {@code m0⁻¹ + m1⁻¹ + (r0×d)·I0⁻¹·(r0×d) + (r1×d)·I1⁻¹·(r1×d)}
     */
    double prepareRow(SolverBodies b, int i, int r) {
        int p = STRIDE * i;
        double k = point[p + IM0] + point[p + IM1];
        k += armRow(b, slot0[i], p + ARM0, r, r + RD0, r + IRD0);
        k += armRow(b, slot1[i], p + ARM1, r, r + RD1, r + IRD1);
        return k;
    }

    private static double dot(double[] q, int a, int b) {
        return q[a] * q[b] + q[a + 1] * q[b + 1] + q[a + 2] * q[b + 2];
    }

    /** Writes {@code rd = r×d} and {@code ird = I⁻¹·rd} of slot s; @return {@code rd·ird}. */
    private double armRow(SolverBodies b, int s, int arm, int dir, int rd, int ird) {
        double[] q = point;
        if (s < 0) {
            q[rd] = q[rd + 1] = q[rd + 2] = 0;
            q[ird] = q[ird + 1] = q[ird + 2] = 0;
            return 0;
        }
        double x = q[arm + 1] * q[dir + 2] - q[arm + 2] * q[dir + 1];
        double y = q[arm + 2] * q[dir] - q[arm] * q[dir + 2];
        double z = q[arm] * q[dir + 1] - q[arm + 1] * q[dir];
        q[rd] = x;
        q[rd + 1] = y;
        q[rd + 2] = z;
        double[] ii = b.invInertia;
        int k = 9 * s;
        double ix = ii[k] * x + ii[k + 1] * y + ii[k + 2] * z;
        double iy = ii[k + 3] * x + ii[k + 4] * y + ii[k + 5] * z;
        double iz = ii[k + 6] * x + ii[k + 7] * y + ii[k + 8] * z;
        q[ird] = ix;
        q[ird + 1] = iy;
        q[ird + 2] = iz;
        return x * ix + y * iy + z * iz;
    }

    /**
     * Distance (m) the two bodies' points of application of point i's rows may part before the
     * rows are rebuilt at one point again: an impulse at two points {@code e} apart changes the
     * pair's angular momentum by {@code e×λ}, so this bounds that change to λ's moment about a
     * hundredth of a millimetre. Rebuilding at every micrometre of drift instead costs a resting
     * pile of boxes half its step again, with the bodies' jitter.
     */
    static final double ARMS_PARTED = 1e-5;

    /**
     * @return whether the points where point i's rows push its two bodies ({@code x0 + arm0} and
     *     {@code x1 + arm1}, the arms fixed in world axes while the centres move) lie more than
     *     {@link #ARMS_PARTED} apart
     */
    boolean armsParted(SolverBodies b, int i) {
        int s0 = slot0[i], s1 = slot1[i];
        if (s0 < 0 || s1 < 0) {
            return false;
        }
        int p = STRIDE * i, k0 = 3 * s0, k1 = 3 * s1;
        double[] q = point, x = b.p;
        double ex = x[k0] + q[p + ARM0] - x[k1] - q[p + ARM1];
        double ey = x[k0 + 1] + q[p + ARM0 + 1] - x[k1 + 1] - q[p + ARM1 + 1];
        double ez = x[k0 + 2] + q[p + ARM0 + 2] - x[k1 + 2] - q[p + ARM1 + 2];
        return !(ex * ex + ey * ey + ez * ez <= ARMS_PARTED * ARMS_PARTED);
    }

    /** @return {@code d·(v0 − v1) + (r0×d)·ω0 − (r1×d)·ω1}: the row's relative velocity, m/s. */
    double rowVelocity(SolverBodies b, int i, int r) {
        double[] q = point, v = b.v, w = b.w;
        double dx = q[r], dy = q[r + 1], dz = q[r + 2];
        double rate = 0;
        int s = slot0[i];
        if (s >= 0) {
            int k = 3 * s;
            rate += dx * v[k] + dy * v[k + 1] + dz * v[k + 2]
                    + q[r + RD0] * w[k] + q[r + RD0 + 1] * w[k + 1] + q[r + RD0 + 2] * w[k + 2];
        }
        s = slot1[i];
        if (s >= 0) {
            int k = 3 * s;
            rate -= dx * v[k] + dy * v[k + 1] + dz * v[k + 2]
                    + q[r + RD1] * w[k] + q[r + RD1 + 1] * w[k + 1] + q[r + RD1 + 2] * w[k + 2];
        }
        return rate;
    }

    // ------------------------------------------------------------------ geometry

    /**
     * The point's separation now (m): its start separation plus how far the two bodies' copies of
     * the point have moved apart along the normal, each carried with its body's translation and turn
     * (a rounded body's copy with its core: a rolling ball's contact stays under it).
     */
    double separation(SolverBodies b, int i) {
        int p = STRIDE * i;
        double[] q = point;
        double dx = 0, dy = 0, dz = 0;
        int s = slot0[i];
        if (s >= 0) {
            dx += moved(b, s, p + A0, p + R0, 0);
            dy += moved(b, s, p + A0, p + R0, 1);
            dz += moved(b, s, p + A0, p + R0, 2);
        }
        s = slot1[i];
        if (s >= 0) {
            dx -= moved(b, s, p + A1, p + R1, 0);
            dy -= moved(b, s, p + A1, p + R1, 1);
            dz -= moved(b, s, p + A1, p + R1, 2);
        }
        return q[p + SEPARATION] + dx * q[p + NORMAL] + dy * q[p + NORMAL + 1] + dz * q[p + NORMAL + 2];
    }

    /** Component {@code axis} of how far slot {@code s}'s copy of the point moved since the start: {@code Δp + R·a − r}. */
    private double moved(SolverBodies b, int s, int local, int arm, int axis) {
        int k = 9 * s + 3 * axis, so = 3 * s + axis;
        double[] r = b.rot, q = point;
        return b.p[so] - b.p0[so] + r[k] * q[local] + r[k + 1] * q[local + 1] + r[k + 2] * q[local + 2] - q[arm + axis];
    }

    static double inverse(double k) {
        return k > 0 ? 1 / k : 0;
    }

    /**
     * The contact point's core for slot {@code s} (sign +1 for body 0, −1 for body 1; see
     * {@link #turnedArm}) from the slot's centre, in world and body axes, and the signed rounding
     * it is carried with (zero for no slot).
     */
    void core(SolverBodies b, int s, Contact ct, int world, int local, int rounding, double sign) {
        double[] q = point;
        if (s < 0) {
            q[world] = q[world + 1] = q[world + 2] = 0;
            q[local] = q[local + 1] = q[local + 2] = 0;
            q[rounding] = 0;
            return;
        }
        int k = 3 * s, m = 9 * s;
        double round = sign * b.rounding(s, ct.normalX(), ct.normalY(), ct.normalZ());
        q[rounding] = round;
        double rx = ct.pointX() - b.p[k] + round * ct.normalX(), ry = ct.pointY() - b.p[k + 1] + round * ct.normalY(),
                rz = ct.pointZ() - b.p[k + 2] + round * ct.normalZ();
        q[world] = rx;
        q[world + 1] = ry;
        q[world + 2] = rz;
        double[] r = b.rot; // Rᵀ·core
        q[local] = r[m] * rx + r[m + 3] * ry + r[m + 6] * rz;
        q[local + 1] = r[m + 1] * rx + r[m + 4] * ry + r[m + 7] * rz;
        q[local + 2] = r[m + 2] * rx + r[m + 5] * ry + r[m + 8] * rz;
    }

    /** Two unit tangents completing the normal to a right-handed basis, fixed by the normal alone. */
    void tangents(int p) {
        double[] q = point;
        double nx = q[p + NORMAL], ny = q[p + NORMAL + 1], nz = q[p + NORMAL + 2];
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
        q[p + TANGENT1] = tx;
        q[p + TANGENT1 + 1] = ty;
        q[p + TANGENT1 + 2] = tz;
        q[p + TANGENT2] = ny * tz - nz * ty;
        q[p + TANGENT2 + 1] = nz * tx - nx * tz;
        q[p + TANGENT2 + 2] = nx * ty - ny * tx;
    }


    void ensure(int c) {
        if (contact.length >= c) {
            return;
        }
        int m = Math.max(c, 2 * contact.length);
        contact = Arrays.copyOf(contact, m);
        slot0 = Arrays.copyOf(slot0, m);
        slot1 = Arrays.copyOf(slot1, m);
        againstImmovable = Arrays.copyOf(againstImmovable, m);
        point = Arrays.copyOf(point, STRIDE * m);
    }
}
