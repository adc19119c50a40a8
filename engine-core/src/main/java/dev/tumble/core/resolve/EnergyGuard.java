package dev.tumble.core.resolve;

import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.world.ResolverSettings;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * The energy guard of Millington's resolver ({@link ResolverSettings#energyGuard()}): contacts with restitution ≤ 1 and friction are
 * passive, so the bodies of one island must not leave the solver with more energy than they
 * brought to it. When they do (the iteration's doing: warm starting, friction taken back when the
 * normal impulse fell, a shock sweep holding a light body under a heavy one, a position pass
 * lifting a body out of the ground while it rebounds), the excess is taken out of their motion.
 *
 * <ul>
 *   <li><b>Energy brought:</b> the kinetic energy at the velocities and world inertia the bodies
 *       came with.
 *   <li><b>Energy left with:</b> the kinetic energy now, with the final orientations, plus the work
 *       the solver's moves did against each body's applied acceleration a (gravity),
 *       {@code −m·a·Δx}. The orientation matters: a thin body turned by a position pass keeps
 *       its angular velocity, but ½ωᵀIω changes with the turn (a spinning bar bouncing off the
 *       ground can gain a sizeable share of its energy that way). The lift matters: a body found
 *       a depth d into the ground had fallen that d, and lifting it out while it rebounds at the
 *       speed it gained would add m·g·d.
 *   <li><b>Allowed</b> per body: ½·m·|a|²·dt², what the step's integration took off (symplectic
 *       Euler) and lifting a resting body back by its sag restores, plus m·|a|·{@code lift}, the
 *       position pass's own resting corrections.
 *   <li><b>Taking it out:</b> velocities relative to a frame are scaled by one factor below 1, which
 *       keeps every contact that is not closing still not closing (and a speculative one within
 *       its gap). The frame is the immovable bodies' (at rest) or, for a free island, the island's
 *       rigid motion with its momentum and angular momentum, which contacts inside it cannot
 *       change and the guard keeps.
 *   <li>An island with a moving kinematic body is not guarded: that body may do work.
 * </ul>
 *
 * <p>Works on per-body arrays by slot (slot 0 the static
 * world); no allocation; not thread-safe (scratch per instance).
 */
final class EnergyGuard {
    private static final BodyAccess BODY = BodyAccess.get();

    /** Position-pass lifts per body and step, in linear slops, that the guard lets pass. */
    static final double SLOP_LIFTS = 2;

    private final double[] w9 = new double[9];
    /**
     * What the last {@link #apply} could not take out of the motion, J: 0 unless the work of the
     * moves exceeds all the kinetic energy there is to take (a position pass lifting bodies that
     * came to rest).
     */
    private double remaining;
    /** What the last {@link #apply} left of its allowance, J: 0 when it scaled or could not pay. */
    private double slack;
    /** For {@link #end(double, double, boolean, double)}: the island's allowance in place of the per-body one, J; NaN for none. */
    private double allowance = Double.NaN;
    // The bodies of begin/end by slot, filled here.
    private RigidBody[] bodies = new RigidBody[1];
    private boolean[] movable = new boolean[1];
    private double[] im = new double[1], vel0 = new double[6], inertia0 = new double[9], start = new double[3];
    private double[] vel = new double[6], pose = new double[3], inertia1 = new double[9];
    /** Per slot: the velocities the guard was given (6) and the orientation recorded by begin (w, x, y, z). */
    private double[] given = new double[6], startQ = new double[4];
    /** Per slot, for {@link #scaleBackMoves}: the share of the move kept, and the move's work above a resting lift, J. */
    private double[] share = new double[1], aboveBy = new double[1];
    private final Matrix3d local = new Matrix3d(), rotation = new Matrix3d(), rotationT = new Matrix3d(), worldInverse = new Matrix3d();
    private final Quaterniond q = new Quaterniond();
    private int[] i0 = new int[0], i1 = new int[0], table = new int[0];
    private int bodyCount, count;
    private final double[] spin = new double[4];
    private final double[] frame = new double[3];

    /**
     * The frame's velocity (m/s) at offset {@code r} (m) from the island's centre, into a scratch
     * array: the rigid motion {@code v + ω×r} of a free island, zero for one held by immovable bodies.
     */
    private double[] frameAt(boolean free, double vx, double vy, double vz, double wx, double wy, double wz,
            double rx, double ry, double rz) {
        frame[0] = free ? vx + wy * rz - wz * ry : 0;
        frame[1] = free ? vy + wz * rx - wx * rz : 0;
        frame[2] = free ? vz + wx * ry - wy * rx : 0;
        return frame;
    }

    /**
     * Checks the island's energy balance and, when it gained, scales {@code vel} in place.
     *
     * @param bodies per slot the body (slot 0 unused); read for final inverse inertia and applied acceleration
     * @param bodyCount slots in use, slot 0 included
     * @param movable per slot whether the solver moves the body
     * @param im per slot inverse mass, 1/kg
     * @param vel0 per slot the six velocities the body came with (m/s, rad/s)
     * @param inertia0 per slot the world inverse inertia it came with (row-major, 9)
     * @param start per slot the position it came with (3), m
     * @param vel per slot the six velocities now; scaled in place
     * @param pose per slot the final position at {@code poseStride·slot} (3), m
     * @param inertia1 per slot the final world inverse inertia (9), or null to read each body's
     * @param i0 per contact body 0's slot
     * @param i1 per contact body 1's slot
     * @param count contacts
     * @param lift the lift per body and step allowed for position correction, m
     * @param dt the step, s
     * @return whether the velocities were scaled
     */
    private boolean apply(RigidBody[] bodies, int bodyCount, boolean[] movable, double[] im, double[] vel0,
            double[] inertia0, double[] start, double[] vel, double[] pose, int poseStride, double[] inertia1, int[] i0,
            int[] i1, int count, double lift, double dt) {
        // Free: no immovable body takes part, so momentum must be kept.
        boolean free = allMovable(movable, i0, i1, count);
        sums.clear();
        if (!sums.add(bodies, bodyCount, movable, im, vel0, inertia0, start, vel, pose, poseStride, inertia1, lift, dt)) {
            return false;
        }
        double before = sums.before, kinetic = sums.kinetic, work = sums.work, allowed = sums.allowed;
        double mass = sums.mass, px = sums.px, py = sums.py, pz = sums.pz, cx = sums.cx, cy = sums.cy, cz = sums.cz;
        if (allowance == allowance) {
            allowed = allowance;
        }
        double excess = kinetic + work - before - allowed;
        remaining = excess > 0 ? excess : 0;
        slack = excess < 0 ? -excess : 0;
        // Round-off allowance: a few ulps of the energies summed.
        if (!(excess > 1e-12 * (before + kinetic + Math.abs(work) + allowed)) || !(kinetic > 0)) {
            return false;
        }
        double vx = 0, vy = 0, vz = 0, wx = 0, wy = 0, wz = 0, rigid = 0;
        if (free && mass > 0) {
            vx = px / mass;
            vy = py / mass;
            vz = pz / mass;
            cx /= mass;
            cy /= mass;
            cz /= mass;
            rigidSpin(bodies, bodyCount, movable, im, vel, pose, poseStride, inertia1, cx, cy, cz);
            wx = spin[0];
            wy = spin[1];
            wz = spin[2];
            rigid = 0.5 * mass * (vx * vx + vy * vy + vz * vz) + spin[3];
        }
        double relative = kinetic - rigid;
        if (free && mass > 0 && !(relative > excess)) {
            // The rigid spin alone holds more than the island brought: a correction drew its
            // bodies together (a torn joint closing), so the same angular momentum spins a smaller
            // inertia faster. That energy is the correction's, not the island's: the spin pays
            // too, and only the momentum, which no correction changes, is kept.
            wx = 0;
            wy = 0;
            wz = 0;
            rigid = 0.5 * mass * (vx * vx + vy * vy + vz * vz);
            relative = kinetic - rigid;
        }
        if (!(relative > 0)) {
            return false;
        }
        remaining = Math.max(0, excess - relative);
        slack = 0;
        double s = Math.sqrt(Math.max(0, relative - excess) / relative);
        for (int b = 1; b < bodyCount; b++) {
            if (!movable[b]) {
                continue;
            }
            int o = 6 * b, p = poseStride * b;
            double[] f = frameAt(free, vx, vy, vz, wx, wy, wz, pose[p] - cx, pose[p + 1] - cy, pose[p + 2] - cz);
            double fx = f[0], fy = f[1], fz = f[2];
            vel[o] = fx + s * (vel[o] - fx);
            vel[o + 1] = fy + s * (vel[o + 1] - fy);
            vel[o + 2] = fz + s * (vel[o + 2] - fz);
            vel[o + 3] = wx + s * (vel[o + 3] - wx);
            vel[o + 4] = wy + s * (vel[o + 4] - wy);
            vel[o + 5] = wz + s * (vel[o + 5] - wz);
        }
        return true;
    }

    /** @return whether both bodies of every contact in [0, count) are movable */
    private static boolean allMovable(boolean[] movable, int[] i0, int[] i1, int count) {
        for (int c = 0; c < count; c++) {
            if (!movable[i0[c]] || !movable[i1[c]]) {
                return false;
            }
        }
        return true;
    }

    private final Balance sums = new Balance();

    /**
     * The island's balance summed over its bodies, slot by slot in order: the energy brought and
     * left with (J), the work against the applied accelerations and the allowance (J), and the mass
     * (kg), momentum (kg·m/s) and mass-weighted position (kg·m) of the movable bodies.
     */
    private final class Balance {
        double before, kinetic, work, allowed, mass, px, py, pz, cx, cy, cz;

        void clear() {
            before = kinetic = work = allowed = mass = px = py = pz = cx = cy = cz = 0;
        }

        /** Adds slots [1, bodyCount). @return false when an immovable body moves (the island is not guarded) */
        boolean add(RigidBody[] bodies, int bodyCount, boolean[] movable, double[] im, double[] vel0, double[] inertia0,
                double[] start, double[] vel, double[] pose, int poseStride, double[] inertia1, double lift, double dt) {
            double[] w = w9;
            for (int b = 1; b < bodyCount; b++) {
                int o = 6 * b;
                if (!movable[b]) {
                    if (vel[o] != 0 || vel[o + 1] != 0 || vel[o + 2] != 0 || vel[o + 3] != 0 || vel[o + 4] != 0
                            || vel[o + 5] != 0) {
                        return false;
                    }
                    continue;
                }
                double m = 1 / im[b];
                before += linear(vel0, o, m) + rotational(vel0, o, inertia0, 9 * b);
                finalInertia(bodies, inertia1, b, w);
                kinetic += linear(vel, o, m) + rotational(vel, o, w, 0);
                RigidBody body = bodies[b];
                double ax = body.lastFrameAccelerationX(), ay = body.lastFrameAccelerationY(),
                        az = body.lastFrameAccelerationZ();
                int p = poseStride * b, q = 3 * b;
                work -= m * (ax * (pose[p] - start[q]) + ay * (pose[p + 1] - start[q + 1])
                        + az * (pose[p + 2] - start[q + 2]));
                double g = Math.sqrt(Vector3d.lengthSquared(ax, ay, az));
                allowed += m * g * (0.5 * g * dt * dt + lift);
                mass += m;
                px += m * vel[o];
                py += m * vel[o + 1];
                pz += m * vel[o + 2];
                cx += m * pose[p];
                cy += m * pose[p + 1];
                cz += m * pose[p + 2];
            }
            return true;
        }
    }

    /** @return what the last {@link #apply} left over, J (see {@link #remaining}) */
    double remaining() {
        return remaining;
    }

    /**
     * Records what the bodies of contacts {@code c[0..n)} bring to a resolver that works on the
     * bodies themselves; {@link #end} checks them after it.
     */
    void begin(Contact[] c, int n) {
        bodyCount = 1;
        count = n;
        if (i0.length < n) {
            i0 = new int[Math.max(n, 2 * i0.length)];
            i1 = new int[i0.length];
        }
        int need = Integer.highestOneBit(Math.max(16, 4 * n)) << 1;
        if (table.length < need) {
            table = new int[need];
        }
        java.util.Arrays.fill(table, 0, need, -1);
        for (int k = 0; k < n; k++) {
            i0[k] = slot(c[k].body0(), need - 1);
            i1[k] = slot(c[k].body1(), need - 1);
        }
    }

    /**
     * Checks the bodies recorded by {@link #begin} and, when they gained energy, scales their
     * velocities (see {@link #apply}).
     *
     * @return whether they were scaled
     */
    boolean end(double lift, double dt) {
        return end(lift, dt, false);
    }

    /**
     * As {@link #end(double, double)}; with {@code scaleBack}, when the motion cannot pay for what
     * the resolver's moves gained ({@link #remaining()} above 0), the moves are scaled back towards
     * the poses recorded by {@link #begin} (see {@link ResolverSettings#scaleBackPositions()}).
     *
     * @return whether the velocities were scaled or the poses moved
     */
    boolean end(double lift, double dt, boolean scaleBack) {
        return end(lift, dt, scaleBack, Double.NaN);
    }

    /**
     * As {@link #end(double, double, boolean)}, with {@code allowance} (J) in place of the per-body
     * allowance when it is not NaN: a second call in the same step (the world's static re-check)
     * spends what the first call left ({@link #slack()}) instead of an allowance of its own.
     */
    boolean end(double lift, double dt, boolean scaleBack, double allowance) {
        this.allowance = allowance;
        try {
            return finish(lift, dt, scaleBack);
        } finally {
            this.allowance = Double.NaN;
        }
    }

    /** What the last check left of its allowance, J (0 when it took energy out or could not). */
    double slack() {
        return slack;
    }

    private boolean finish(double lift, double dt, boolean scaleBack) {
        readBodies();
        System.arraycopy(vel, 0, given, 0, 6 * bodyCount);
        boolean scaled = check(lift, dt);
        if (scaleBack && remaining > 0) {
            scaled |= scaleBackMoves(lift, dt);
        }
        for (int b = 1; b < bodyCount; b++) {
            if (scaled && movable[b]) {
                int o = 6 * b;
                storeVelocities(bodies[b], vel, o);
            }
            bodies[b] = null;
        }
        return scaled;
    }

    private boolean check(double lift, double dt) {
        return apply(bodies, bodyCount, movable, im, vel0, inertia0, start, vel, pose, 3, inertia1, i0, i1, count, lift, dt);
    }

    /**
     * The moves lifted the bodies by more than their motion can pay for ({@link #remaining}). The
     * moves' work against the applied accelerations is linear in the share of each move kept, so
     * the part of each body's lift above what a resting body needs (its sag of the step, |a|·dt²,
     * plus {@code lift}) is taken back, to the share the energy allows (all of it if that is not
     * enough). A resting body's own correction is never taken back: taken back whole, it would leave a body pressed down by a joint sinking into
     * the ground step after step. Turns are interpolated with the same share. The guard then
     * runs again from the velocities it was first given.
     *
     * @return whether any pose or velocity changed
     */
    private boolean scaleBackMoves(double lift, double dt) {
        double above = 0;
        for (int b = 1; b < bodyCount; b++) {
            share[b] = 1;
            if (movable[b]) {
                int p = 3 * b;
                RigidBody body = bodies[b];
                double ax = body.lastFrameAccelerationX(), ay = body.lastFrameAccelerationY();
                double az = body.lastFrameAccelerationZ();
                double g = Math.sqrt(Vector3d.lengthSquared(ax, ay, az));
                double work = -(ax * (pose[p] - start[p]) + ay * (pose[p + 1] - start[p + 1]) + az * (pose[p + 2] - start[p + 2]))
                        / im[b];
                double free = g * (g * dt * dt + lift) / im[b];
                // Until the share is set below, share[b] holds the whole move's work (J).
                share[b] = work > free ? work : 1;
                aboveBy[b] = work > free ? work - free : 0;
                above += aboveBy[b];
            }
        }
        // Only the lifts above a resting body's need, to the share the energy allows.
        double t = above > remaining ? 1 - remaining / above : 0;
        for (int b = 1; b < bodyCount; b++) {
            if (movable[b] && aboveBy[b] > 0) {
                share[b] = (share[b] - (1 - t) * aboveBy[b]) / share[b];
            }
        }
        for (int b = 1; b < bodyCount; b++) {
            if (!movable[b] || share[b] == 1) {
                continue;
            }
            double f = share[b];
            int p = 3 * b, r = 4 * b;
            RigidBody body = bodies[b];
            // The shorter way between the two orientations.
            double ow = body.orientationW(), ox = body.orientationX(), oy = body.orientationY(), oz = body.orientationZ();
            double sign = ow * startQ[r] + ox * startQ[r + 1] + oy * startQ[r + 2] + oz * startQ[r + 3] < 0 ? -1 : 1;
            double qw = startQ[r] + f * (sign * ow - startQ[r]);
            double qx = startQ[r + 1] + f * (sign * ox - startQ[r + 1]);
            double qy = startQ[r + 2] + f * (sign * oy - startQ[r + 2]);
            double qz = startQ[r + 3] + f * (sign * oz - startQ[r + 3]);
            double norm = 1 / Math.sqrt(qw * qw + qx * qx + qy * qy + qz * qz);
            BODY.solverPose(body, start[p] + f * (body.positionX() - start[p]),
                    start[p + 1] + f * (body.positionY() - start[p + 1]),
                    start[p + 2] + f * (body.positionZ() - start[p + 2]), qw * norm, qx * norm, qy * norm, qz * norm);
            if (!body.isAwake()) {
                // The resolver refreshes the derived data of sleeping bodies it moves; so does this.
                BODY.calculateDerivedData(body);
            }
        }
        readBodies();
        System.arraycopy(given, 0, vel, 0, 6 * bodyCount);
        check(lift, dt);
        return true;
    }

    /** Loads each recorded body's velocities, position and final world inverse inertia. */
    private void readBodies() {
        for (int b = 1; b < bodyCount; b++) {
            RigidBody body = bodies[b];
            int o = 6 * b, p = 3 * b;
            body.getVelocities(vel, o);
            pose[p] = body.positionX();
            pose[p + 1] = body.positionY();
            pose[p + 2] = body.positionZ();
            // The resolver leaves moved bodies' derived data stale (Cyclone does): R·I⁻¹_body·Rᵀ here.
            body.getInverseInertiaTensor(local);
            q.set(body.orientationX(), body.orientationY(), body.orientationZ(), body.orientationW());
            rotation.set(q.normalize());
            rotationT.set(rotation).transpose();
            worldInverse.set(rotation).mul(local).mul(rotationT);
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    inertia1[9 * b + 3 * r + c] = worldInverse.get(c, r);
                }
            }
        }
    }

    /** The slot of body b (0 for none), recording what it brings on first sight. */
    private int slot(RigidBody b, int mask) {
        if (b == null) {
            return 0;
        }
        int h = (System.identityHashCode(b) * 0x9E3779B9) >>> 7 & mask;
        for (int e; (e = table[h]) >= 0; h = (h + 1) & mask) {
            if (bodies[e] == b) {
                return e;
            }
        }
        int k = bodyCount++;
        if (bodies.length <= k) {
            int cap = 2 * bodies.length;
            bodies = java.util.Arrays.copyOf(bodies, cap);
            movable = java.util.Arrays.copyOf(movable, cap);
            im = java.util.Arrays.copyOf(im, cap);
            vel0 = java.util.Arrays.copyOf(vel0, 6 * cap);
            vel = java.util.Arrays.copyOf(vel, 6 * cap);
            inertia0 = java.util.Arrays.copyOf(inertia0, 9 * cap);
            start = java.util.Arrays.copyOf(start, 3 * cap);
            pose = java.util.Arrays.copyOf(pose, 3 * cap);
            given = java.util.Arrays.copyOf(given, 6 * cap);
            startQ = java.util.Arrays.copyOf(startQ, 4 * cap);
            share = java.util.Arrays.copyOf(share, cap);
            aboveBy = java.util.Arrays.copyOf(aboveBy, cap);
            inertia1 = java.util.Arrays.copyOf(inertia1, 9 * cap);
        }
        table[h] = k;
        bodies[k] = b;
        // Sleeping bodies count as movable: the resolver may wake them, and they bring no energy.
        movable[k] = b.type() == BodyType.DYNAMIC && b.inverseMass() > 0;
        im[k] = movable[k] ? b.inverseMass() : 0;
        b.getVelocities(vel0, 6 * k);
        b.getInverseInertiaTensorWorld(w9);
        System.arraycopy(w9, 0, inertia0, 9 * k, 9);
        start[3 * k] = b.positionX();
        start[3 * k + 1] = b.positionY();
        start[3 * k + 2] = b.positionZ();
        startQ[4 * k] = b.orientationW();
        startQ[4 * k + 1] = b.orientationX();
        startQ[4 * k + 2] = b.orientationY();
        startQ[4 * k + 3] = b.orientationZ();
        return k;
    }

    /** Body b's final world inverse inertia into w: from {@code inertia1} when given, else from the body. */
    private static void finalInertia(RigidBody[] bodies, double[] inertia1, int b, double[] w) {
        if (inertia1 != null) {
            System.arraycopy(inertia1, 9 * b, w, 0, 9);
        } else {
            bodies[b].getInverseInertiaTensorWorld(w);
        }
    }

    private static double linear(double[] v, int o, double m) {
        return 0.5 * m * (v[o] * v[o] + v[o + 1] * v[o + 1] + v[o + 2] * v[o + 2]);
    }

    /**
     * ½ωᵀIω for angular velocity v[o+3..o+5] and the symmetric inverse inertia I⁻¹ at a[q..q+8]
     * (row-major). 0 for a zero or singular I⁻¹.
     */
    private double rotational(double[] v, int o, double[] a, int q) {
        double[] c = i6;
        cofactors(a, q, c);
        if (!(c[6] > 0)) {
            return 0;
        }
        double wx = v[o + 3], wy = v[o + 4], wz = v[o + 5];
        return 0.5 * (c[0] * wx * wx + c[3] * wy * wy + c[5] * wz * wz + 2 * (c[1] * wx * wy + c[2] * wx * wz + c[4] * wy * wz))
                / c[6];
    }

    /**
     * The cofactors of the symmetric inverse inertia at a[q..q+8] (row-major), upper triangle
     * C00, C01, C02, C11, C12, C22, into c[0..6), and its determinant into c[6]: the inertia is
     * I = C / det (by cofactors; an immovable body's zero I⁻¹ gives det 0).
     */
    private static void cofactors(double[] a, int q, double[] c) {
        double a00 = a[q], a01 = a[q + 1], a02 = a[q + 2], a11 = a[q + 4], a12 = a[q + 5], a22 = a[q + 8];
        c[0] = a11 * a22 - a12 * a12;
        c[1] = a02 * a12 - a01 * a22;
        c[2] = a01 * a12 - a02 * a11;
        c[3] = a00 * a22 - a02 * a02;
        c[4] = a01 * a02 - a00 * a12;
        c[5] = a00 * a11 - a01 * a01;
        c[6] = a00 * c[0] + a01 * c[1] + a02 * c[2];
    }

    private final double[] i6 = new double[7];

    /**
     * The free island's rigid spin about its centre of mass c: Ω = I_c⁻¹·L_c with L_c and I_c
     * summed over the movable bodies at their final poses (parallel-axis terms included). Writes
     * Ω to spin[0..2] and ½ΩᵀI_cΩ to spin[3].
     */
    private void rigidSpin(RigidBody[] bodies, int bodyCount, boolean[] movable, double[] im, double[] vel, double[] pose,
            int poseStride, double[] inertia1, double cx, double cy, double cz) {
        double lx = 0, ly = 0, lz = 0;
        double i00 = 0, i01 = 0, i02 = 0, i11 = 0, i12 = 0, i22 = 0;
        double[] w = w9;
        for (int b = 1; b < bodyCount; b++) {
            if (!movable[b]) {
                continue;
            }
            int o = 6 * b, p = poseStride * b;
            double m = 1 / im[b];
            double rx = pose[p] - cx, ry = pose[p + 1] - cy, rz = pose[p + 2] - cz;
            lx += m * (ry * vel[o + 2] - rz * vel[o + 1]);
            ly += m * (rz * vel[o] - rx * vel[o + 2]);
            lz += m * (rx * vel[o + 1] - ry * vel[o]);
            finalInertia(bodies, inertia1, b, w);
            double[] c = i6;
            cofactors(w, 0, c);
            double inv = c[6] > 0 ? 1 / c[6] : 0;
            double ax = vel[o + 3], ay = vel[o + 4], az = vel[o + 5];
            lx += (c[0] * ax + c[1] * ay + c[2] * az) * inv;
            ly += (c[1] * ax + c[3] * ay + c[4] * az) * inv;
            lz += (c[2] * ax + c[4] * ay + c[5] * az) * inv;
            double r2 = rx * rx + ry * ry + rz * rz;
            i00 += c[0] * inv + m * (r2 - rx * rx);
            i11 += c[3] * inv + m * (r2 - ry * ry);
            i22 += c[5] * inv + m * (r2 - rz * rz);
            i01 += c[1] * inv - m * rx * ry;
            i02 += c[2] * inv - m * rx * rz;
            i12 += c[4] * inv - m * ry * rz;
        }
        double k00 = i11 * i22 - i12 * i12, k01 = i02 * i12 - i01 * i22, k02 = i01 * i12 - i02 * i11;
        double k11 = i00 * i22 - i02 * i02, k12 = i01 * i02 - i00 * i12, k22 = i00 * i11 - i01 * i01;
        double det = i00 * k00 + i01 * k01 + i02 * k02;
        if (!(det > 0)) {
            spin[0] = spin[1] = spin[2] = spin[3] = 0;
            return;
        }
        double x = (k00 * lx + k01 * ly + k02 * lz) / det;
        double y = (k01 * lx + k11 * ly + k12 * lz) / det;
        double z = (k02 * lx + k12 * ly + k22 * lz) / det;
        spin[0] = x;
        spin[1] = y;
        spin[2] = z;
        spin[3] = 0.5 * (x * lx + y * ly + z * lz);
    }

    /**
     * Writes velocities {@code vel[o..o+6)} (m/s, rad/s) to {@code body} without the setters'
     * checks, waking it as they would: a non-finite result is the quarantine's to catch after the
     * solve, not an exception half-way through the step.
     */
    private static void storeVelocities(RigidBody body, double[] vel, int o) {
        BODY.solverVelocities(body, vel[o], vel[o + 1], vel[o + 2], vel[o + 3], vel[o + 4], vel[o + 5]);
        if (!body.isAwake() && body.type() == BodyType.DYNAMIC) {
            body.setAwake(true);
        }
    }
}
