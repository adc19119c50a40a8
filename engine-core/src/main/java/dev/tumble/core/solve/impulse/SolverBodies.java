package dev.tumble.core.solve.impulse;

import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.internal.BodyAccess;
import java.util.Arrays;
import java.util.List;
import org.joml.Matrix3d;
import org.joml.Vector3dc;

/**
 * The moving bodies of one solve, copied out of their {@link RigidBody} objects into flat arrays
 * (one slot per body) for the substeps, and written back once at the end.
 *
 * <p>A slot holds what the substeps change (velocity, angular velocity, position, orientation and
 * the rotation and world inverse inertia that follow from it) and what they read (inverse mass,
 * body-frame inverse inertia and inertia, the step's applied acceleration and torque, damping).
 * Static and sleeping bodies get no slot: a constraint sees them as slot −1, immovable and still.
 * Kinematic bodies get a slot with zero inverse mass, so they move at their own velocity and
 * push what they touch.
 */
final class SolverBodies {
    private static final BodyAccess BODY = BodyAccess.get();

    /** A contact normal within this sine (2°) of square to a cylinder's axis is on its side. */
    private static final double SIDE_SIN = Math.sin(Math.toRadians(2));

    int count;
    RigidBody[] body = new RigidBody[16];
    /** Inverse mass, 1/kg (0 for kinematic bodies). */
    double[] invMass = new double[16];
    /**
     * Per slot: the radius by which its shape rounds a core that turns with it (a sphere's centre,
     * a capsule's segment, a cylinder's axis), m; 0 for other shapes and for bodies of several shapes.
     */
    private double[] rounding = new double[16];
    /**
     * Per slot: a cylinder's axis in the body's frame (3 each; zero for other shapes): its rounding
     * holds for points on its side only, not on its flat caps.
     */
    private double[] roundAxis = new double[48];
    /** Whether the slot's velocities are integrated (dynamic bodies). */
    boolean[] dynamic = new boolean[16];
    /** Linear and angular velocity, m/s and rad/s, world axes (3 each per slot). */
    double[] v = new double[48], w = new double[48];
    /** Position of the centre of mass now and at the start of the step, m (3 each). */
    double[] p = new double[48], p0 = new double[48];
    /** Orientation (w, x, y, z), 4 per slot. */
    double[] q = new double[64];
    /** Rotation matrix of {@link #q}, row-major, 9 per slot. */
    double[] rot = new double[144];
    /** World inverse inertia {@code R·I⁻¹·Rᵀ}, row-major, 9 per slot (zero for kinematic bodies). */
    double[] invInertia = new double[144];
    /** Body-frame inverse inertia and inertia, row-major, 9 each per slot. */
    private double[] invInertiaBody = new double[144], inertiaBody = new double[144];
    /**
     * Whether the slot turns with its angular momentum kept, which needs {@link #inertiaBody} (an
     * invertible inverse inertia). Not for an inertia the same about every axis (a sphere, a cube):
     * its {@code L = I·ω} turns with ω, there is no gyroscopic torque, and the turn at ω is exact.
     */
    private boolean[] gyroscopic = new boolean[16];
    /** Whether the slot's inverse inertia is the same about every axis: its world inverse inertia is the body's. */
    private boolean[] isotropic = new boolean[16];
    /** The step's linear acceleration (gravity, constant, force/mass), m/s², and torque, N·m (3 each). */
    private double[] accel = new double[48], torque = new double[48];
    /** Velocity kept per substep by linear and angular damping (dimensionless). */
    private double[] keepLinear = new double[16], keepAngular = new double[16];
    /** How far each slot has turned since it was last reported {@link #turned}, rad (an upper bound: the sum of |ω|·h). */
    private double[] turnSinceRows = new double[16];
    /** Whether each slot has turned more than {@link #ROW_TURN} since the last report: rows built at its pose are stale. */
    private boolean[] turnedPastRows = new boolean[16];
    /**
     * How far a body may turn before constraint rows built at its pose are rebuilt, rad: a row
     * built that far back has its arm and inverse inertia off by about a thousandth.
     */
    static final double ROW_TURN = 1e-3;
    /** Per world body index: its slot, or −1. */
    private int[] slotOfIndex = new int[16];
    private final Matrix3d scratch = new Matrix3d();
    private final double[] v3 = new double[3], r9 = new double[9], q4 = new double[4];
    private double memoDamping = Double.NaN, memoH = Double.NaN, memoKeep;
    private double memoDamping2 = Double.NaN, memoH2 = Double.NaN, memoKeep2;

    /** Starts a solve for a world of {@code worldBodies} bodies: no slots yet. */
    void begin(int worldBodies) {
        count = 0;
        if (slotOfIndex.length < worldBodies) {
            slotOfIndex = new int[Math.max(worldBodies, 2 * slotOfIndex.length)];
        }
        Arrays.fill(slotOfIndex, 0, worldBodies, -1);
    }

    /** @return the slot of {@code b}, or −1 when it has none (static, asleep, absent or null). */
    int slot(RigidBody b) {
        return b == null ? -1 : slotOfIndex[b.worldIndex()];
    }

    /**
     * Gives {@code b} (awake, dynamic or kinematic) a slot and loads it, with the step's applied
     * acceleration: world gravity (m/s²), the body's constant acceleration and its accumulated
     * force and torque.
     */
    void add(RigidBody b, double gx, double gy, double gz, double h) {
        int s = count++;
        ensure(count);
        body[s] = b;
        slotOfIndex[b.worldIndex()] = s;
        boolean dyn = b.type() == BodyType.DYNAMIC;
        dynamic[s] = dyn;
        invMass[s] = dyn ? b.inverseMass() : 0;
        rounding[s] = roundingOf(b, roundAxis, 3 * s);
        set3(v, s, b.velocityX(), b.velocityY(), b.velocityZ());
        set3(w, s, b.angularVelocityX(), b.angularVelocityY(), b.angularVelocityZ());
        set3(p, s, b.positionX(), b.positionY(), b.positionZ());
        set3(p0, s, b.positionX(), b.positionY(), b.positionZ());
        q[4 * s] = b.orientationW();
        q[4 * s + 1] = b.orientationX();
        q[4 * s + 2] = b.orientationY();
        q[4 * s + 3] = b.orientationZ();
        b.getInverseInertiaTensor(scratch); // symmetric: row- and column-major agree
        double[] ib = invInertiaBody;
        int k = 9 * s;
        ib[k] = scratch.m00; ib[k + 1] = scratch.m10; ib[k + 2] = scratch.m20;
        ib[k + 3] = scratch.m01; ib[k + 4] = scratch.m11; ib[k + 5] = scratch.m21;
        ib[k + 6] = scratch.m02; ib[k + 7] = scratch.m12; ib[k + 8] = scratch.m22;
        isotropic[s] = ib[k + 1] == 0 && ib[k + 2] == 0 && ib[k + 3] == 0 && ib[k + 5] == 0 && ib[k + 6] == 0 && ib[k + 7] == 0
                && ib[k] == ib[k + 4] && ib[k] == ib[k + 8];
        gyroscopic[s] = dyn && !isotropic[s] && Mat3.invert(ib, k, inertiaBody, k);
        turnSinceRows[s] = 0;
        turnedPastRows[s] = false;
        if (dyn) {
            Vector3dc a = b.acceleration(), f = b.accumulatedForce(), t = b.accumulatedTorque();
            double im = invMass[s];
            set3(accel, s, gx + a.x() + f.x() * im, gy + a.y() + f.y() * im, gz + a.z() + f.z() * im);
            set3(torque, s, t.x(), t.y(), t.z());
            keepLinear[s] = keep(b.linearDamping(), h, true);
            keepAngular[s] = keep(b.angularDamping(), h, false);
        }
        refreshRotation(s);
    }

    /**
     * The rounding radius of {@code b}'s shape (see {@link #rounding}), m; a cylinder's axis (body
     * frame) into {@code axis[at..at+2]}, else zeros there.
     */
    private static double roundingOf(RigidBody b, double[] axis, int at) {
        axis[at] = axis[at + 1] = axis[at + 2] = 0;
        List<Shape> shapes = b.shapes();
        if (shapes.size() != 1) {
            return 0;
        }
        Shape shape = shapes.get(0);
        if (shape instanceof Cylinder cylinder) {
            double[] r = shape.offsetPose().r;
            axis[at] = r[1];
            axis[at + 1] = r[4];
            axis[at + 2] = r[7];
            return cylinder.radius();
        }
        return shape instanceof Sphere sphere ? sphere.radius() : shape instanceof Capsule capsule ? capsule.radius() : 0;
    }

    /**
     * The rounding of slot {@code s} for a contact with unit normal {@code n} (world), m: its
     * shape's, but for a cylinder only when the normal is square to its axis (a point on its side,
     * which rolls; a point on a cap or its rim does not).
     */
    double rounding(int s, double nx, double ny, double nz) {
        double ax = roundAxis[3 * s], ay = roundAxis[3 * s + 1], az = roundAxis[3 * s + 2];
        if (ax == 0 && ay == 0 && az == 0) {
            return rounding[s];
        }
        int k = 9 * s;
        double[] r = rot;
        double along = (r[k] * ax + r[k + 1] * ay + r[k + 2] * az) * nx + (r[k + 3] * ax + r[k + 4] * ay + r[k + 5] * az) * ny
                + (r[k + 6] * ax + r[k + 7] * ay + r[k + 8] * az) * nz;
        return Math.abs(along) <= SIDE_SIN ? rounding[s] : 0;
    }

    /** {@code damping^h}: the body's damping is velocity kept per second; most bodies share one value. */
    private double keep(double damping, double h, boolean linear) {
        if (damping == 1) {
            return 1;
        }
        if (linear) {
            if (damping != memoDamping || h != memoH) {
                memoDamping = damping;
                memoH = h;
                memoKeep = StrictMath.pow(damping, h);
            }
            return memoKeep;
        }
        if (damping != memoDamping2 || h != memoH2) {
            memoDamping2 = damping;
            memoH2 = h;
            memoKeep2 = StrictMath.pow(damping, h);
        }
        return memoKeep2;
    }

    /**
     * Integrates every dynamic body's velocities over {@code h}: applied acceleration and torque,
     * damping, then the speed limits ({@code maxV} m/s, {@code maxW} rad/s). The gyroscopic term
     * comes with the turn, in {@link #integratePositions}.
     */
    void integrateVelocities(double h, double maxV, double maxW) {
        for (int s = 0; s < count; s++) {
            if (!dynamic[s]) {
                continue;
            }
            int o = 3 * s;
            double tx = torque[o], ty = torque[o + 1], tz = torque[o + 2];
            int k = 9 * s;
            double[] ii = invInertia;
            w[o] += h * (ii[k] * tx + ii[k + 1] * ty + ii[k + 2] * tz);
            w[o + 1] += h * (ii[k + 3] * tx + ii[k + 4] * ty + ii[k + 5] * tz);
            w[o + 2] += h * (ii[k + 6] * tx + ii[k + 7] * ty + ii[k + 8] * tz);
            double kl = keepLinear[s], ka = keepAngular[s];
            v[o] = (v[o] + h * accel[o]) * kl;
            v[o + 1] = (v[o + 1] + h * accel[o + 1]) * kl;
            v[o + 2] = (v[o + 2] + h * accel[o + 2]) * kl;
            w[o] *= ka;
            w[o + 1] *= ka;
            w[o + 2] *= ka;
            clampLength(v, o, maxV);
            clampLength(w, o, maxW);
        }
    }

    /** Scales the 3-vector at {@code a[o..]} down to length {@code max}, without overflow. */
    private static void clampLength(double[] a, int o, double max) {
        double big = Math.max(Math.abs(a[o]), Math.max(Math.abs(a[o + 1]), Math.abs(a[o + 2])));
        if (!(big > max / 2)) {
            return; // NaN passes through, for the world's check after the step
        }
        double x = a[o] / big, y = a[o + 1] / big, z = a[o + 2] / big;
        double length = big * Math.sqrt(x * x + y * y + z * z);
        if (length > max) {
            double scale = max / length;
            a[o] *= scale;
            a[o + 1] *= scale;
            a[o + 2] *= scale;
        }
    }

    /**
     * Moves every slot by its velocities over {@code h}: {@code p += h·v}, and the orientation
     * turned by {@code h·ω} ({@code q += ½·h·(0, ω)·q}, normalised). The speed limits are not
     * applied here but before the solve ({@link #integrateVelocities}): the solved velocities are
     * what the constraints ask for, and held back here a fast-turning body hinged far from its
     * centre opened its joint every substep, and the joint's pull back fed energy.
     *
     * <p>A dynamic body whose inertia differs between axes turns with its world angular momentum
     * {@code L = R·I·Rᵀ·ω} held fixed, as a torque-free rigid body does: this is where the
     * gyroscopic term acts. It turns at the
     * angular velocity of the midpoint of the turn, {@code ω_m = (R_m·I⁻¹·R_mᵀ)·L} with
     * {@code R_m} half-way (implicit midpoint, found by fixed-point iteration), and ends with
     * {@code ω' = (R'·I⁻¹·R'ᵀ)·L}. So |L| is kept exactly, and the symmetric rule leaves the
     * energy without drift, where turning at the start's ω would feed a spin near the
     * intermediate axis energy each substep and make it flip ever faster.
     */
    void integratePositions(double h) {
        for (int s = 0; s < count; s++) {
            int o = 3 * s, e = 4 * s, k = 9 * s;
            p[o] += h * v[o];
            p[o + 1] += h * v[o + 1];
            p[o + 2] += h * v[o + 2];
            if (!gyroscopic[s]) {
                turn(q, e, w[o], w[o + 1], w[o + 2], h, q, e);
                refreshRotation(s);
                noteTurn(s, h, w[o], w[o + 1], w[o + 2]);
                continue;
            }
            Mat3.rotateApply(rot, k, inertiaBody, k, w[o], w[o + 1], w[o + 2], v3);
            double lx = v3[0], ly = v3[1], lz = v3[2];
            double wx = w[o], wy = w[o + 1], wz = w[o + 2];
            for (int i = 0; i < MIDPOINT_ITERATIONS; i++) {
                turn(q, e, wx, wy, wz, 0.5 * h, q4, 0);
                rotation(q4, 0, r9, 0);
                Mat3.rotateApply(r9, 0, invInertiaBody, k, lx, ly, lz, v3);
                wx = v3[0];
                wy = v3[1];
                wz = v3[2];
            }
            turn(q, e, wx, wy, wz, h, q, e);
            refreshRotation(s);
            noteTurn(s, h, wx, wy, wz);
            double[] ii = invInertia;
            w[o] = ii[k] * lx + ii[k + 1] * ly + ii[k + 2] * lz;
            w[o + 1] = ii[k + 3] * lx + ii[k + 4] * ly + ii[k + 5] * lz;
            w[o + 2] = ii[k + 6] * lx + ii[k + 7] * ly + ii[k + 8] * lz;
        }
    }

    /** Slot s's turn at ω over h, after which rows built before it are stale or not ({@link #addTurn}). */
    private void noteTurn(int s, double h, double wx, double wy, double wz) {
        turnedPastRows[s] = addTurn(s, h * Math.sqrt(wx * wx + wy * wy + wz * wz));
    }

    /**
     * Adds {@code angle} (rad) to what slot s has turned since its rows were last reported stale,
     * and reports them stale (starting the count again) once that passes {@link #ROW_TURN}.
     */
    private boolean addTurn(int s, double angle) {
        double turned = turnSinceRows[s] + angle;
        boolean past = !(turned <= ROW_TURN); // NaN is reported
        turnSinceRows[s] = past ? 0 : turned;
        return past;
    }

    /**
     * @return whether slot s turned more than {@link #ROW_TURN} (rad) in all until the last
     *     position integration since it was last reported: rows built at its pose before then are
     *     stale (false for −1)
     */
    boolean turned(int s) {
        return s >= 0 && turnedPastRows[s];
    }

    /**
     * Moves slot s by {@code (dx, dy, dz)} (m) and turns it by the small rotation vector
     * {@code (ax, ay, az)} (rad), leaving its velocities alone: a position correction, not motion.
     * Its rotation and world inverse inertia follow the new orientation, and the turn counts
     * towards {@link #turned}, so contact rows built at the old pose are rebuilt.
     */
    void displace(int s, double dx, double dy, double dz, double ax, double ay, double az) {
        int o = 3 * s, e = 4 * s;
        p[o] += dx;
        p[o + 1] += dy;
        p[o + 2] += dz;
        double angle = Math.sqrt(ax * ax + ay * ay + az * az);
        if (angle == 0) {
            return;
        }
        turn(q, e, ax, ay, az, 1, q, e);
        refreshRotation(s);
        turnedPastRows[s] |= addTurn(s, angle); // stale already if the integration turned it far
    }

    /** Fixed-point iterations of the midpoint turn (each shrinks its error by about ω·h). */
    private static final int MIDPOINT_ITERATIONS = 2;

    /** {@code dest = normalise(q + ½·h·(0, ω)·q)}: q at {@code src[s..]} turned by {@code h·ω}; dest may be src. */
    private static void turn(double[] src, int s, double wx, double wy, double wz, double h, double[] dest, int d) {
        double ax = 0.5 * h * wx, ay = 0.5 * h * wy, az = 0.5 * h * wz;
        double w0 = src[s], x0 = src[s + 1], y0 = src[s + 2], z0 = src[s + 3];
        double qw = w0 - ax * x0 - ay * y0 - az * z0;
        double qx = x0 + ax * w0 + ay * z0 - az * y0;
        double qy = y0 + ay * w0 + az * x0 - ax * z0;
        double qz = z0 + az * w0 + ax * y0 - ay * x0;
        double inv = 1 / Math.sqrt(qw * qw + qx * qx + qy * qy + qz * qz);
        dest[d] = qw * inv;
        dest[d + 1] = qx * inv;
        dest[d + 2] = qy * inv;
        dest[d + 3] = qz * inv;
    }

    /** The rotation matrix (row-major) of the unit quaternion (w, x, y, z) at {@code qa[e..]}. */
    private static void rotation(double[] qa, int e, double[] r, int k) {
        double qw = qa[e], qx = qa[e + 1], qy = qa[e + 2], qz = qa[e + 3];
        r[k] = 1 - 2 * (qy * qy + qz * qz);
        r[k + 1] = 2 * (qx * qy - qw * qz);
        r[k + 2] = 2 * (qx * qz + qw * qy);
        r[k + 3] = 2 * (qx * qy + qw * qz);
        r[k + 4] = 1 - 2 * (qx * qx + qz * qz);
        r[k + 5] = 2 * (qy * qz - qw * qx);
        r[k + 6] = 2 * (qx * qz - qw * qy);
        r[k + 7] = 2 * (qy * qz + qw * qx);
        r[k + 8] = 1 - 2 * (qx * qx + qy * qy);
    }

    /** Recomputes the rotation matrix and world inverse inertia of slot {@code s} from its orientation. */
    private void refreshRotation(int s) {
        int k = 9 * s;
        double[] r = rot;
        rotation(q, 4 * s, r, k);
        if (isotropic[s] && dynamic[s]) {
            System.arraycopy(invInertiaBody, k, invInertia, k, 9);
        } else if (dynamic[s]) {
            Mat3.rotateSymmetric(r, k, invInertiaBody, k, invInertia, k);
        } else {
            Arrays.fill(invInertia, k, k + 9, 0);
        }
    }

    /**
     * Writes every slot's pose and velocities back to its body, refreshes its derived data,
     * clears its force and torque, and updates its sleep motion over the step {@code dt} (s).
     */
    void store(double dt) {
        for (int s = 0; s < count; s++) {
            RigidBody b = body[s];
            int o = 3 * s, e = 4 * s;
            BODY.solverPose(b, p[o], p[o + 1], p[o + 2], q[e], q[e + 1], q[e + 2], q[e + 3]);
            BODY.solverVelocities(b, v[o], v[o + 1], v[o + 2], w[o], w[o + 1], w[o + 2]);
            BODY.calculateDerivedData(b);
            b.clearAccumulators();
            BODY.recordMotion(b, dt);
        }
    }

    // ------------------------------------------------------------------ impulses

    /** Applies the linear impulse {@code (px, py, pz)} (N·s) at arm {@code (rx, ry, rz)} (m) to slot {@code s} (no-op for −1). */
    void applyImpulse(int s, double px, double py, double pz, double rx, double ry, double rz) {
        if (s < 0) {
            return;
        }
        int o = 3 * s;
        double im = invMass[s];
        v[o] += im * px;
        v[o + 1] += im * py;
        v[o + 2] += im * pz;
        applyAngularImpulse(s, ry * pz - rz * py, rz * px - rx * pz, rx * py - ry * px);
    }

    /** Applies the angular impulse {@code (lx, ly, lz)} (N·m·s) to slot {@code s} (no-op for −1). */
    void applyAngularImpulse(int s, double lx, double ly, double lz) {
        if (s < 0) {
            return;
        }
        int o = 3 * s, k = 9 * s;
        double[] ii = invInertia;
        w[o] += ii[k] * lx + ii[k + 1] * ly + ii[k + 2] * lz;
        w[o + 1] += ii[k + 3] * lx + ii[k + 4] * ly + ii[k + 5] * lz;
        w[o + 2] += ii[k + 6] * lx + ii[k + 7] * ly + ii[k + 8] * lz;
    }

    /** @return {@code a·I⁻¹·b} of slot {@code s} (0 for −1): the angular part of an effective mass. */
    double angularMass(int s, double ax, double ay, double az, double bx, double by, double bz) {
        if (s < 0) {
            return 0;
        }
        int k = 9 * s;
        double[] ii = invInertia;
        return ax * (ii[k] * bx + ii[k + 1] * by + ii[k + 2] * bz)
                + ay * (ii[k + 3] * bx + ii[k + 4] * by + ii[k + 5] * bz)
                + az * (ii[k + 6] * bx + ii[k + 7] * by + ii[k + 8] * bz);
    }

    /** @return the inverse mass of slot {@code s}, 0 for −1. */
    double invMass(int s) {
        return s < 0 ? 0 : invMass[s];
    }

    private static void set3(double[] a, int s, double x, double y, double z) {
        a[3 * s] = x;
        a[3 * s + 1] = y;
        a[3 * s + 2] = z;
    }

    private void ensure(int n) {
        if (body.length >= n) {
            return;
        }
        int c = Math.max(n, 2 * body.length);
        body = Arrays.copyOf(body, c);
        invMass = Arrays.copyOf(invMass, c);
        rounding = Arrays.copyOf(rounding, c);
        roundAxis = Arrays.copyOf(roundAxis, 3 * c);
        dynamic = Arrays.copyOf(dynamic, c);
        gyroscopic = Arrays.copyOf(gyroscopic, c);
        isotropic = Arrays.copyOf(isotropic, c);
        turnSinceRows = Arrays.copyOf(turnSinceRows, c);
        turnedPastRows = Arrays.copyOf(turnedPastRows, c);
        keepLinear = Arrays.copyOf(keepLinear, c);
        keepAngular = Arrays.copyOf(keepAngular, c);
        v = Arrays.copyOf(v, 3 * c);
        w = Arrays.copyOf(w, 3 * c);
        p = Arrays.copyOf(p, 3 * c);
        p0 = Arrays.copyOf(p0, 3 * c);
        accel = Arrays.copyOf(accel, 3 * c);
        torque = Arrays.copyOf(torque, 3 * c);
        q = Arrays.copyOf(q, 4 * c);
        rot = Arrays.copyOf(rot, 9 * c);
        invInertia = Arrays.copyOf(invInertia, 9 * c);
        invInertiaBody = Arrays.copyOf(invInertiaBody, 9 * c);
        inertiaBody = Arrays.copyOf(inertiaBody, 9 * c);
    }
}
