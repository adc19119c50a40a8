package dev.tumble.core.resolve;

import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.Contact;
import java.util.Arrays;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A sequential-impulse contact solver (Catto, Box2D-Lite and Box2D v2) behind the
 * {@link ContactResolver} interface: accumulated impulses clamped per contact (normal ≥ 0,
 * friction inside the circle of radius {@code μ·λn}), warm starting, restitution above a
 * threshold, and position correction by a nonlinear Gauss-Seidel position pass (default) or
 * split impulses. See {@code docs/solvers.md}.
 *
 * <p><b>One call.</b> (1) Wake: a sleeping body touching an awake dynamic or kinematic body is
 * woken (Millington's {@code matchAwakeState}, repeated to a fixed point); static bodies never wake
 * anything. Bodies that are static, kinematic, asleep or of inverse mass 0 are immovable this call.
 * (2) Prepare each contact: lever arms, normal and tangent basis, effective masses, restitution
 * target from the pre-solve closing speed. (3) Warm start. (4) {@code velocityIterations}
 * Gauss-Seidel sweeps, alternately forward and backward, taking each manifold (a body pair's
 * adjacent contacts) {@code manifoldIterations} times over, friction then normal per contact. (5) Optionally move
 * bodies by the velocity change times {@code dt} (see
 * {@link SequentialImpulseSettings#impulseRepositioning()}). (6) Position correction.
 *
 * <p><b>Contact basis.</b> The normal {@code n} is the contact's (from body 1 to body 0); the
 * tangents are a deterministic, continuous function of {@code n} alone (see
 * {@link #tangentBasis}), so a persistent contact whose normal turns slowly keeps a slowly
 * turning basis and cached tangent impulses stay meaningful. The impulse {@code +P} acts on body 0
 * and {@code −P} on body 1, {@code P = λn·n + λt0·t0 + λt1·t1}. Body 0 may be {@code null}, like
 * body 1: a missing body is the static world. Contacts are read, never modified.
 *
 * <p><b>Warm starting.</b> Before a call the owner may give, per contact index of the array it
 * will pass, last step's accumulated impulses with {@link #setWarmStart}; after the call it reads
 * {@link #accumulatedImpulse} to store in its cache. Values set are consumed by the next call.
 *
 * <p>Deterministic (fixed order, no transcendental functions besides {@code sqrt}); no allocation
 * per call once the internal arrays have grown. Not thread-safe.
 */
public final class SequentialImpulseSolver implements ContactResolver {
    /** Reference direction from which tangents are built: a unit vector far from common normals. */
    private static final double AX = 0.48, AY = 0.6, AZ = 0.64;
    /** Second reference, used when the normal is within about 8° of the first. */
    private static final double BX = 0.8, BY = -0.6, BZ = 0.0;
    /** {@code |n × a|²} below which the second reference is used. */
    private static final double REFERENCE_SWITCH = 0.02;

    private final SequentialImpulseSettings settings;
    private final ResolverSettings description;
    private ResolverObserver observer;
    private int positionIterationsUsed;
    private int velocityIterationsUsed;

    // ---- per contact (capacity cap)
    private int cap;
    private int[] i0 = new int[0], i1 = new int[0];
    /** Lever arms r0, r1 (3 each), normal, t0, t1 (3 each). */
    private double[] geo = new double[0];
    private static final int GEO = 15;
    /** Per direction d (n, t0, t1): r0×d, I0⁻¹(r0×d), r1×d, I1⁻¹(r1×d): 12 each. */
    private double[] ang = new double[0];
    private static final int ANG = 36;
    private double[] mass = new double[0];
    private double[] lambda = new double[0];
    private double[] warm = new double[0];
    /**
     * Per contact: cos and sin of the turn from the fixed tangent basis to the solving basis,
     * whose first tangent follows the pre-solve sliding velocity (so a sliding contact's friction
     * opposes its motion; two decoupled tangents on a fixed basis settle on a skewed direction).
     */
    private double[] turn = new double[0];
    private boolean[] warmSet = new boolean[0];
    private double[] bias = new double[0];
    private double[] mu = new double[0];
    /** Body-local contact point on body 0 and on body 1 (world when body 1 is absent), normal in body 1's frame. */
    private double[] local = new double[0];
    private static final int LOC = 9;
    private double[] pseudoLambda = new double[0];

    // ---- per body
    private int bodyCount;
    private RigidBody[] bodies = new RigidBody[0];
    private boolean[] movable = new boolean[0];
    private double[] im = new double[0];
    private double[] inertia = new double[0];
    private double[] vel = new double[0];
    private double[] vel0 = new double[0];
    private double[] pseudo = new double[0];
    private int[] table = new int[64];

    private final Vector3d s0 = new Vector3d(), s1 = new Vector3d(), s2 = new Vector3d();
    private final double[] basis = new double[6];

    /** A solver with the default settings. */
    public SequentialImpulseSolver() {
        this(SequentialImpulseSettings.DEFAULTS);
    }

    /** A solver with the given settings. */
    public SequentialImpulseSolver(SequentialImpulseSettings settings) {
        if (settings == null) {
            throw new IllegalArgumentException("settings must not be null");
        }
        this.settings = settings;
        this.description = settings.toResolverSettings();
    }

    /** @return the solver's own settings. */
    public SequentialImpulseSettings solverSettings() {
        return settings;
    }

    /** @return a {@link ResolverSettings} describing these settings; see {@link SequentialImpulseSettings#toResolverSettings()}. */
    @Override
    public ResolverSettings settings() {
        return description;
    }

    /** Only {@link ResolverObserver#afterPrepare} and {@link ResolverObserver#afterPositions} are reported. */
    @Override
    public void setObserver(ResolverObserver observer) {
        this.observer = observer;
    }

    /** @return the position sweeps run by the last call. */
    @Override
    public int positionIterationsUsed() {
        return positionIterationsUsed;
    }

    /** @return the velocity sweeps run by the last call. */
    @Override
    public int velocityIterationsUsed() {
        return velocityIterationsUsed;
    }

    // ------------------------------------------------------------------ warm-start API

    /**
     * Gives contact {@code index} of the next call its starting impulses, N·s: along the normal
     * and along the tangents {@link #tangentBasis} derives from the contact's normal. Applied
     * (times the warm-start factor) only if warm starting is on; consumed by the next call.
     *
     * @throws IllegalArgumentException if {@code index < 0} or an impulse is not finite
     */
    public void setWarmStart(int index, double normalImpulse, double tangentImpulse0, double tangentImpulse1) {
        if (index < 0) {
            throw new IllegalArgumentException("index must be >= 0, was " + index);
        }
        if (!Double.isFinite(normalImpulse) || !Double.isFinite(tangentImpulse0) || !Double.isFinite(tangentImpulse1)) {
            throw new IllegalArgumentException("warm-start impulses must be finite, were (" + normalImpulse + ", "
                    + tangentImpulse0 + ", " + tangentImpulse1 + ")");
        }
        ensureContacts(index + 1);
        warm[3 * index] = normalImpulse;
        warm[3 * index + 1] = tangentImpulse0;
        warm[3 * index + 2] = tangentImpulse1;
        warmSet[index] = true;
    }

    /** Forgets every warm start given since the last call. */
    public void clearWarmStarts() {
        Arrays.fill(warm, 0);
        Arrays.fill(warmSet, false);
    }

    /**
     * @param index a contact of the last call
     * @param k 0 for the normal impulse (≥ 0), 1 and 2 for the tangent impulses along t0 and t1 of
     *     {@link #tangentBasis}
     * @return the accumulated impulse of the last call, N·s, acting on body 0 (body 1 gets its
     *     opposite)
     */
    public double accumulatedImpulse(int index, int k) {
        if (index < 0 || index >= lastCount) {
            throw new IllegalArgumentException("index must be in [0, " + lastCount + "), was " + index);
        }
        if (k < 0 || k > 2) {
            throw new IllegalArgumentException("k must be 0, 1 or 2, was " + k);
        }
        if (k == 0) {
            return lambda[3 * index];
        }
        // Back from the solving basis to the fixed one: λ_fixed = R(φ)·λ_solve.
        double c = turn[2 * index], sn = turn[2 * index + 1];
        double a = lambda[3 * index + 1], b = lambda[3 * index + 2];
        return k == 1 ? c * a - sn * b : sn * a + c * b;
    }

    private int lastCount;

    /**
     * The tangent basis the solver uses for a unit normal {@code n}: {@code t0} is the reference
     * direction {@code a = (0.48, 0.6, 0.64)} with its normal component removed, normalised (or
     * {@code b = (0.8, −0.6, 0)} when {@code |n × a|² < 0.02}); {@code t1 = n × t0}. It depends on
     * {@code n} only and is continuous except near {@code ±a}, a direction no axis-aligned or
     * gravity-aligned normal comes close to.
     *
     * @param dest6 receives t0 in [0..2] and t1 in [3..5]
     */
    public static double[] tangentBasis(double nx, double ny, double nz, double[] dest6) {
        double cx = ny * AZ - nz * AY, cy = nz * AX - nx * AZ, cz = nx * AY - ny * AX;
        double ax = AX, ay = AY, az = AZ;
        if (cx * cx + cy * cy + cz * cz < REFERENCE_SWITCH) {
            ax = BX;
            ay = BY;
            az = BZ;
        }
        double d = ax * nx + ay * ny + az * nz;
        double tx = ax - d * nx, ty = ay - d * ny, tz = az - d * nz;
        double s = 1.0 / Math.sqrt(tx * tx + ty * ty + tz * tz);
        tx *= s;
        ty *= s;
        tz *= s;
        dest6[0] = tx;
        dest6[1] = ty;
        dest6[2] = tz;
        dest6[3] = ny * tz - nz * ty;
        dest6[4] = nz * tx - nx * tz;
        dest6[5] = nx * ty - ny * tx;
        return dest6;
    }

    // ------------------------------------------------------------------ resolve

    @Override
    public void resolveContacts(Contact[] contacts, int count, double duration) {
        positionIterationsUsed = 0;
        velocityIterationsUsed = 0;
        if (!(duration > 0) || !Double.isFinite(duration)) {
            throw new IllegalArgumentException("duration must be finite and > 0, was " + duration);
        }
        if (count < 0 || (count > 0 && (contacts == null || count > contacts.length))) {
            throw new IllegalArgumentException("count must be in [0, contacts.length], was " + count);
        }
        for (int i = 0; i < count; i++) {
            if (contacts[i] == null || contacts[i].body0() == null && contacts[i].body1() == null) {
                throw new IllegalArgumentException("contacts[" + i + "] is missing or has no body");
            }
        }
        ensureContacts(count);
        lastCount = count;
        wake(contacts, count);
        gatherBodies(contacts, count);
        prepare(contacts, count, duration);
        if (observer != null) {
            observer.afterPrepare(contacts, count);
        }
        warmStart(count);
        for (int it = 0; it < settings.velocityIterations(); it++) {
            boolean backward = (it & 1) == 1;
            for (int k = 0; k < count; ) {
                // One manifold: the contacts of one body pair, adjacent in the array.
                int c = backward ? count - 1 - k : k;
                int e = c;
                if (backward) {
                    while (e > 0 && i0[e - 1] == i0[c] && i1[e - 1] == i1[c]) {
                        e--;
                    }
                } else {
                    while (e + 1 < count && i0[e + 1] == i0[c] && i1[e + 1] == i1[c]) {
                        e++;
                    }
                }
                solveManifold(Math.min(c, e), Math.max(c, e), backward);
                k += Math.abs(e - c) + 1;
            }
            velocityIterationsUsed++;
        }
        storeVelocities();
        if (settings.impulseRepositioning()) {
            reposition(duration);
        }
        if (settings.positionIterations() > 0) {
            switch (settings.positionCorrection()) {
                case NONLINEAR_GAUSS_SEIDEL -> solvePositions(count);
                case SPLIT_IMPULSE -> splitImpulses(count, duration);
                default -> {
                }
            }
        }
        for (int b = 0; b < bodyCount; b++) {
            if (movable[b]) {
                bodies[b].calculateDerivedData();
            }
        }
        if (observer != null) {
            observer.afterPositions(contacts, count);
        }
        Arrays.fill(warm, 0, 3 * count, 0);
        Arrays.fill(warmSet, 0, count, false);
        Arrays.fill(bodies, 0, bodyCount, null);
    }

    private static boolean wakes(RigidBody b) {
        return b.isAwake() && b.type() != BodyType.STATIC;
    }

    private static void wake(Contact[] contacts, int count) {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int c = 0; c < count; c++) {
                RigidBody a = contacts[c].body0(), b = contacts[c].body1();
                if (a == null || b == null) {
                    continue;
                }
                if (!a.isAwake() && a.type() == BodyType.DYNAMIC && wakes(b)) {
                    a.setAwake(true);
                    changed = true;
                } else if (!b.isAwake() && b.type() == BodyType.DYNAMIC && wakes(a)) {
                    b.setAwake(true);
                    changed = true;
                }
            }
        }
    }

    // ------------------------------------------------------------------ bodies

    private void gatherBodies(Contact[] contacts, int count) {
        bodyCount = 0;
        int need = Integer.highestOneBit(Math.max(32, count * 4)) << 1;
        if (table.length < need) {
            table = new int[need];
        }
        Arrays.fill(table, -1);
        for (int c = 0; c < count; c++) {
            i0[c] = indexOf(contacts[c].body0());
            i1[c] = indexOf(contacts[c].body1());
        }
    }

    private int indexOf(RigidBody b) {
        if (b == null) {
            return -1;
        }
        int mask = table.length - 1;
        int slot = (System.identityHashCode(b) * 0x9E3779B9) >>> 7 & mask;
        while (true) {
            int e = table[slot];
            if (e < 0) {
                break;
            }
            if (bodies[e] == b) {
                return e;
            }
            slot = (slot + 1) & mask;
        }
        int k = bodyCount++;
        ensureBodies(bodyCount);
        table[slot] = k;
        bodies[k] = b;
        boolean m = b.type() == BodyType.DYNAMIC && b.isAwake() && b.inverseMass() > 0;
        movable[k] = m;
        im[k] = m ? b.inverseMass() : 0;
        if (m) {
            b.getInverseInertiaTensorWorld(s9);
            System.arraycopy(s9, 0, inertia, 9 * k, 9);
        } else {
            Arrays.fill(inertia, 9 * k, 9 * k + 9, 0);
        }
        Vector3dc v = b.velocity(), w = b.angularVelocity();
        int o = 6 * k;
        vel[o] = v.x();
        vel[o + 1] = v.y();
        vel[o + 2] = v.z();
        vel[o + 3] = w.x();
        vel[o + 4] = w.y();
        vel[o + 5] = w.z();
        System.arraycopy(vel, o, vel0, o, 6);
        Arrays.fill(pseudo, o, o + 6, 0);
        return k;
    }

    private final double[] s9 = new double[9];

    private void storeVelocities() {
        for (int b = 0; b < bodyCount; b++) {
            if (movable[b]) {
                int o = 6 * b;
                bodies[b].velocity(vel[o], vel[o + 1], vel[o + 2]);
                bodies[b].angularVelocity(vel[o + 3], vel[o + 4], vel[o + 5]);
            }
        }
    }

    /**
     * The part of the step's motion continuous collision took off, along n: body 0's minus body
     * 1's (m). With it, {@code −penetration − vn·dt} plus this is the contact's real gap at the
     * start of the step even for a body pulled back by the sweep.
     */
    private static double sweptBackAlong(RigidBody b0, RigidBody b1, double nx, double ny, double nz) {
        double s = 0;
        if (b0 != null) {
            Vector3dc l = b0.sweptBack();
            s += l.x() * nx + l.y() * ny + l.z() * nz;
        }
        if (b1 != null) {
            Vector3dc l = b1.sweptBack();
            s -= l.x() * nx + l.y() * ny + l.z() * nz;
        }
        return s;
    }

    private void reposition(double dt) {
        for (int b = 0; b < bodyCount; b++) {
            if (movable[b]) {
                int o = 6 * b;
                // Where Box2D's order puts the body: start + v_after·dt. The body now sits at
                // start + v_before·dt − sweptBack, hence Δv·dt plus what the sweep took off.
                Vector3dc back = bodies[b].sweptBack();
                s0.set(vel[o] - vel0[o] + back.x() / dt, vel[o + 1] - vel0[o + 1] + back.y() / dt,
                        vel[o + 2] - vel0[o + 2] + back.z() / dt);
                bodies[b].translate(s0, dt);
                bodies[b].rotateByScaledAxis(vel[o + 3] - vel0[o + 3], vel[o + 4] - vel0[o + 4],
                        vel[o + 5] - vel0[o + 5], dt);
            }
        }
    }

    // ------------------------------------------------------------------ prepare

    private void prepare(Contact[] contacts, int count, double duration) {
        double threshold = settings.restitutionThreshold();
        for (int c = 0; c < count; c++) {
            Contact contact = contacts[c];
            RigidBody b0 = contact.body0(), b1 = contact.body1();
            Vector3dc p = contact.point(), n = contact.normal();
            double nx = n.x(), ny = n.y(), nz = n.z();
            int g = GEO * c;
            if (b0 != null) {
                Vector3dc x = b0.position();
                geo[g] = p.x() - x.x();
                geo[g + 1] = p.y() - x.y();
                geo[g + 2] = p.z() - x.z();
            } else {
                geo[g] = geo[g + 1] = geo[g + 2] = 0;
            }
            if (b1 != null) {
                Vector3dc x = b1.position();
                geo[g + 3] = p.x() - x.x();
                geo[g + 4] = p.y() - x.y();
                geo[g + 5] = p.z() - x.z();
            } else {
                geo[g + 3] = geo[g + 4] = geo[g + 5] = 0;
            }
            geo[g + 6] = nx;
            geo[g + 7] = ny;
            geo[g + 8] = nz;
            tangentBasis(nx, ny, nz, basis);
            System.arraycopy(basis, 0, geo, g + 9, 6);
            int a0 = i0[c], a1 = i1[c];
            double imSum = (a0 >= 0 ? im[a0] : 0) + (a1 >= 0 ? im[a1] : 0);
            for (int d = 0; d < 3; d++) {
                double dx = geo[g + 6 + 3 * d], dy = geo[g + 7 + 3 * d], dz = geo[g + 8 + 3 * d];
                int a = ANG * c + 12 * d;
                double k = imSum;
                k += angular(a0, geo[g], geo[g + 1], geo[g + 2], dx, dy, dz, a);
                k += angular(a1, geo[g + 3], geo[g + 4], geo[g + 5], dx, dy, dz, a + 6);
                mass[3 * c + d] = k > 0 ? 1.0 / k : 0;
            }
            alignFriction(c, imSum);
            mu[c] = contact.friction();
            double vn = relativeVelocity(c, 0);
            double penetration = contact.penetration();
            // Separation before this step's motion: with impulse repositioning, positions end where
            // Box2D's order (x_prev + v_after * dt) puts them, so a contact that was still open at
            // the start of the step may close exactly (speculative contact), no more.
            double separation = settings.impulseRepositioning()
                    ? -penetration - vn * duration + sweptBackAlong(b0, b1, nx, ny, nz) : -penetration;
            // Restitution only for contacts already touching, from the pre-solve closing speed.
            double bounce = vn < -threshold ? -contact.restitution() * vn : 0;
            if (separation > 0) {
                // Arriving this step: close the gap exactly, or bounce if restitution asks for it.
                bias[c] = bounce > 0 ? Math.max(-separation / duration, bounce) : -separation / duration;
            } else {
                bias[c] = bounce;
            }
            for (int k = 0; k < 3; k++) {
                lambda[3 * c + k] = settings.warmStarting() ? warm[3 * c + k] * settings.warmStartFactor() : 0;
            }
            // The cached tangent impulses are in the fixed basis: λ_solve = R(−φ)·λ_fixed.
            double tc = turn[2 * c], ts = turn[2 * c + 1];
            double w0 = lambda[3 * c + 1], w1 = lambda[3 * c + 2];
            lambda[3 * c + 1] = tc * w0 + ts * w1;
            lambda[3 * c + 2] = -ts * w0 + tc * w1;
            if (lambda[3 * c] < 0) {
                lambda[3 * c] = 0;
            }
            clampFriction(c);
            pseudoLambda[c] = 0;
            if (settings.positionCorrection() != SequentialImpulseSettings.PositionCorrection.NONE
                    && settings.positionIterations() > 0) {
                storeLocal(c, b0, b1, p, nx, ny, nz, contact.penetration());
            }
        }
    }

    /**
     * Turns contact c's tangent pair so t0 points along the pre-solve tangential velocity (when
     * there is one), and recomputes the tangent effective masses; records the turn.
     */
    private void alignFriction(int c, double imSum) {
        int g = GEO * c;
        double vt0 = relativeVelocity(c, 1);
        double vt1 = relativeVelocity(c, 2);
        double speed = Math.sqrt(vt0 * vt0 + vt1 * vt1);
        if (!(speed > SLIDING_SPEED)) {
            turn[2 * c] = 1;
            turn[2 * c + 1] = 0;
            return;
        }
        double cs = vt0 / speed, sn = vt1 / speed;
        turn[2 * c] = cs;
        turn[2 * c + 1] = sn;
        double ax = geo[g + 9], ay = geo[g + 10], az = geo[g + 11];
        double bx = geo[g + 12], by = geo[g + 13], bz = geo[g + 14];
        geo[g + 9] = cs * ax + sn * bx;
        geo[g + 10] = cs * ay + sn * by;
        geo[g + 11] = cs * az + sn * bz;
        geo[g + 12] = -sn * ax + cs * bx;
        geo[g + 13] = -sn * ay + cs * by;
        geo[g + 14] = -sn * az + cs * bz;
        int a0 = i0[c], a1 = i1[c];
        for (int d = 1; d < 3; d++) {
            double dx = geo[g + 6 + 3 * d], dy = geo[g + 7 + 3 * d], dz = geo[g + 8 + 3 * d];
            int a = ANG * c + 12 * d;
            double k = imSum;
            k += angular(a0, geo[g], geo[g + 1], geo[g + 2], dx, dy, dz, a);
            k += angular(a1, geo[g + 3], geo[g + 4], geo[g + 5], dx, dy, dz, a + 6);
            mass[3 * c + d] = k > 0 ? 1.0 / k : 0;
        }
    }

    /** Tangential speed (m/s) above which friction is solved along the sliding direction. */
    private static final double SLIDING_SPEED = 1e-6;

    /** Writes r×d and I⁻¹(r×d) at ang[a..a+6) and returns (r×d)·I⁻¹(r×d). */
    private double angular(int b, double rx, double ry, double rz, double dx, double dy, double dz, int a) {
        double cx = ry * dz - rz * dy, cy = rz * dx - rx * dz, cz = rx * dy - ry * dx;
        ang[a] = cx;
        ang[a + 1] = cy;
        ang[a + 2] = cz;
        if (b < 0) {
            ang[a + 3] = ang[a + 4] = ang[a + 5] = 0;
            return 0;
        }
        double[] m = inertia;
        int o = 9 * b;
        double ix = m[o] * cx + m[o + 1] * cy + m[o + 2] * cz;
        double iy = m[o + 3] * cx + m[o + 4] * cy + m[o + 5] * cz;
        double iz = m[o + 6] * cx + m[o + 7] * cy + m[o + 8] * cz;
        ang[a + 3] = ix;
        ang[a + 4] = iy;
        ang[a + 5] = iz;
        return cx * ix + cy * iy + cz * iz;
    }

    /** The relative velocity of body 0 with respect to body 1 at contact c along direction d. */
    private double relativeVelocity(int c, int d) {
        return relativeVelocity(vel, c, d);
    }

    /** The same over velocity table {@code v} (real velocities or split-impulse pseudo-velocities). */
    private double relativeVelocity(double[] v, int c, int d) {
        int g = GEO * c + 6 + 3 * d;
        double dx = geo[g], dy = geo[g + 1], dz = geo[g + 2];
        int a = ANG * c + 12 * d;
        double r = 0;
        int b = i0[c];
        if (b >= 0) {
            int o = 6 * b;
            r += v[o] * dx + v[o + 1] * dy + v[o + 2] * dz
                    + v[o + 3] * ang[a] + v[o + 4] * ang[a + 1] + v[o + 5] * ang[a + 2];
        }
        b = i1[c];
        if (b >= 0) {
            int o = 6 * b;
            r -= v[o] * dx + v[o + 1] * dy + v[o + 2] * dz
                    + v[o + 3] * ang[a + 6] + v[o + 4] * ang[a + 7] + v[o + 5] * ang[a + 8];
        }
        return r;
    }

    /** Applies impulse {@code p} along direction d of contact c to the velocity table. */
    private void applyImpulse(double[] v, int c, int d, double p) {
        int g = GEO * c + 6 + 3 * d;
        double dx = geo[g], dy = geo[g + 1], dz = geo[g + 2];
        int a = ANG * c + 12 * d;
        int b = i0[c];
        if (b >= 0 && movable[b]) {
            int o = 6 * b;
            double s = im[b] * p;
            v[o] += dx * s;
            v[o + 1] += dy * s;
            v[o + 2] += dz * s;
            v[o + 3] += ang[a + 3] * p;
            v[o + 4] += ang[a + 4] * p;
            v[o + 5] += ang[a + 5] * p;
        }
        b = i1[c];
        if (b >= 0 && movable[b]) {
            int o = 6 * b;
            double s = im[b] * p;
            v[o] -= dx * s;
            v[o + 1] -= dy * s;
            v[o + 2] -= dz * s;
            v[o + 3] -= ang[a + 9] * p;
            v[o + 4] -= ang[a + 10] * p;
            v[o + 5] -= ang[a + 11] * p;
        }
    }

    private void clampFriction(int c) {
        double limit = mu[c] * lambda[3 * c];
        double t0 = lambda[3 * c + 1], t1 = lambda[3 * c + 2];
        double m2 = t0 * t0 + t1 * t1;
        if (m2 > limit * limit) {
            if (limit <= 0) {
                lambda[3 * c + 1] = 0;
                lambda[3 * c + 2] = 0;
            } else {
                double s = limit / Math.sqrt(m2);
                lambda[3 * c + 1] = t0 * s;
                lambda[3 * c + 2] = t1 * s;
            }
        }
    }

    private void warmStart(int count) {
        for (int c = 0; c < count; c++) {
            for (int d = 0; d < 3; d++) {
                double p = lambda[3 * c + d];
                if (p != 0) {
                    applyImpulse(vel, c, d, p);
                }
            }
        }
    }

    /**
     * Solves contacts {@code from..to} (one body pair) {@code manifoldIterations} times over,
     * friction then normal per contact, alternating direction. The points of a face contact share
     * two bodies, so their impulses are strongly coupled (a push at one corner tips the box onto
     * the others); plain sweeps leave that coupling half-solved and a tall stack rocks. Local
     * passes are cheap: two bodies, data in cache.
     */
    private void solveManifold(int from, int to, boolean backward) {
        int passes = settings.manifoldIterations();
        for (int r = 0; r < passes; r++) {
            boolean down = backward ^ ((r & 1) == 1);
            for (int k = from; k <= to; k++) {
                solveVelocity(down ? to - (k - from) : k);
            }
        }
    }

    private void solveVelocity(int c) {
        solveFriction(c);
        solveNormal(c);
    }

    private void solveFriction(int c) {
        double relax = settings.relaxation();
        int l = 3 * c;
        // Friction first, inside the circle of radius mu * lambda_n.
        double limit = mu[c] * lambda[l];
        if (limit > 0 || lambda[l + 1] != 0 || lambda[l + 2] != 0) {
            double vt0 = relativeVelocity(c, 1);
            double vt1 = relativeVelocity(c, 2);
            double old0 = lambda[l + 1], old1 = lambda[l + 2];
            double n0 = old0 - relax * mass[l + 1] * vt0;
            double n1 = old1 - relax * mass[l + 2] * vt1;
            lambda[l + 1] = n0;
            lambda[l + 2] = n1;
            clampFriction(c);
            double d0 = lambda[l + 1] - old0, d1 = lambda[l + 2] - old1;
            if (d0 != 0) {
                applyImpulse(vel, c, 1, d0);
            }
            if (d1 != 0) {
                applyImpulse(vel, c, 2, d1);
            }
        }
    }

    private void solveNormal(int c) {
        double relax = settings.relaxation();
        int l = 3 * c;
        // Normal: accumulated lambda_n >= 0.
        double vn = relativeVelocity(c, 0);
        double old = lambda[l];
        double nl = old - relax * mass[l] * (vn - bias[c]);
        if (nl < 0) {
            nl = 0;
        }
        lambda[l] = nl;
        double dl = nl - old;
        if (dl != 0) {
            applyImpulse(vel, c, 0, dl);
        }
        if (dl < 0) {
            // The friction circle shrank: keep |λt| ≤ μ·λn at every moment.
            double old0 = lambda[l + 1], old1 = lambda[l + 2];
            clampFriction(c);
            if (lambda[l + 1] != old0) {
                applyImpulse(vel, c, 1, lambda[l + 1] - old0);
            }
            if (lambda[l + 2] != old1) {
                applyImpulse(vel, c, 2, lambda[l + 2] - old1);
            }
        }
    }

    // ------------------------------------------------------------------ positions

    private void storeLocal(int c, RigidBody b0, RigidBody b1, Vector3dc p, double nx, double ny, double nz,
            double penetration) {
        int o = LOC * c;
        double h = 0.5 * penetration;
        // Body 0's deepest point and body 1's surface point: their separation along n is -penetration.
        s0.set(p.x() - nx * h, p.y() - ny * h, p.z() - nz * h);
        s1.set(p.x() + nx * h, p.y() + ny * h, p.z() + nz * h);
        s2.set(nx, ny, nz);
        if (b0 != null) {
            toLocalPoint(b0, s0);
        }
        if (b1 != null) {
            toLocalPoint(b1, s1);
            b1.orientation().transformInverse(s2);
        }
        local[o] = s0.x;
        local[o + 1] = s0.y;
        local[o + 2] = s0.z;
        local[o + 3] = s1.x;
        local[o + 4] = s1.y;
        local[o + 5] = s1.z;
        local[o + 6] = s2.x;
        local[o + 7] = s2.y;
        local[o + 8] = s2.z;
    }

    private static void toLocalPoint(RigidBody b, Vector3d p) {
        p.sub(b.position());
        b.orientation().transformInverse(p);
    }

    private static void toWorldPoint(RigidBody b, Vector3d p) {
        b.orientation().transform(p);
        p.add(b.position());
    }

    /**
     * Current world points and normal of contact c from the bodies' present poses: s0 = body 0's
     * point, s1 = body 1's point, s2 = normal.
     *
     * @return the separation, m (negative when overlapping)
     */
    private double currentSeparation(int c, RigidBody b0, RigidBody b1) {
        int o = LOC * c;
        s0.set(local[o], local[o + 1], local[o + 2]);
        s1.set(local[o + 3], local[o + 4], local[o + 5]);
        s2.set(local[o + 6], local[o + 7], local[o + 8]);
        if (b0 != null) {
            toWorldPoint(b0, s0);
        }
        if (b1 != null) {
            toWorldPoint(b1, s1);
            b1.orientation().transform(s2);
        }
        return (s0.x - s1.x) * s2.x + (s0.y - s1.y) * s2.y + (s0.z - s1.z) * s2.z;
    }

    /** Box2D's solvePositionConstraints (nonlinear Gauss-Seidel). */
    private void solvePositions(int count) {
        double beta = settings.baumgarte(), slop = settings.linearSlop(), maxC = settings.maxLinearCorrection();
        for (int it = 0; it < settings.positionIterations(); it++) {
            double minSeparation = 0;
            for (int c = 0; c < count; c++) {
                int a0 = i0[c], a1 = i1[c];
                boolean m0 = a0 >= 0 && movable[a0], m1 = a1 >= 0 && movable[a1];
                if (!m0 && !m1) {
                    continue;
                }
                RigidBody b0 = a0 >= 0 ? bodies[a0] : null, b1 = a1 >= 0 ? bodies[a1] : null;
                double sep = currentSeparation(c, b0, b1);
                minSeparation = Math.min(minSeparation, sep);
                double cC = beta * (sep + slop);
                if (cC >= 0) {
                    continue;
                }
                if (cC < -maxC) {
                    cC = -maxC;
                }
                double nx = s2.x, ny = s2.y, nz = s2.z;
                double px = 0.5 * (s0.x + s1.x), py = 0.5 * (s0.y + s1.y), pz = 0.5 * (s0.z + s1.z);
                double k = 0;
                double r0x = 0, r0y = 0, r0z = 0, r1x = 0, r1y = 0, r1z = 0;
                if (m0) {
                    Vector3dc x = b0.position();
                    r0x = px - x.x();
                    r0y = py - x.y();
                    r0z = pz - x.z();
                    k += im[a0] + angularK(a0, r0x, r0y, r0z, nx, ny, nz);
                }
                if (m1) {
                    Vector3dc x = b1.position();
                    r1x = px - x.x();
                    r1y = py - x.y();
                    r1z = pz - x.z();
                    k += im[a1] + angularK(a1, r1x, r1y, r1z, nx, ny, nz);
                }
                if (!(k > 0)) {
                    continue;
                }
                double impulse = -cC / k;
                s2.set(nx, ny, nz);
                if (m0) {
                    moveBody(a0, b0, r0x, r0y, r0z, nx, ny, nz, impulse);
                }
                if (m1) {
                    moveBody(a1, b1, r1x, r1y, r1z, nx, ny, nz, -impulse);
                }
            }
            positionIterationsUsed++;
            if (minSeparation >= -slop) {
                break;
            }
        }
    }

    private double angularK(int b, double rx, double ry, double rz, double nx, double ny, double nz) {
        double cx = ry * nz - rz * ny, cy = rz * nx - rx * nz, cz = rx * ny - ry * nx;
        int o = 9 * b;
        double[] m = inertia;
        double ix = m[o] * cx + m[o + 1] * cy + m[o + 2] * cz;
        double iy = m[o + 3] * cx + m[o + 4] * cy + m[o + 5] * cz;
        double iz = m[o + 6] * cx + m[o + 7] * cy + m[o + 8] * cz;
        return cx * ix + cy * iy + cz * iz;
    }

    /** Moves body b by the positional impulse {@code p·n} at lever arm r (s2 holds n). */
    private void moveBody(int b, RigidBody body, double rx, double ry, double rz, double nx, double ny, double nz,
            double p) {
        body.translate(s2, im[b] * p);
        double cx = (ry * nz - rz * ny) * p, cy = (rz * nx - rx * nz) * p, cz = (rx * ny - ry * nx) * p;
        int o = 9 * b;
        double[] m = inertia;
        body.rotateByScaledAxis(m[o] * cx + m[o + 1] * cy + m[o + 2] * cz, m[o + 3] * cx + m[o + 4] * cy + m[o + 5] * cz,
                m[o + 6] * cx + m[o + 7] * cy + m[o + 8] * cz, 1.0);
    }

    /** Split impulses: pseudo-velocities from the separations at the current poses, then positions. */
    private void splitImpulses(int count, double dt) {
        double beta = settings.baumgarte(), slop = settings.linearSlop(), maxC = settings.maxLinearCorrection();
        for (int c = 0; c < count; c++) {
            int a0 = i0[c], a1 = i1[c];
            RigidBody b0 = a0 >= 0 ? bodies[a0] : null, b1 = a1 >= 0 ? bodies[a1] : null;
            double sep = currentSeparation(c, b0, b1);
            double target = -beta * (sep + slop);
            if (target > maxC) {
                target = maxC;
            }
            // Stored as a pseudo-velocity target, m/s.
            pseudoTarget(c, target > 0 ? target / dt : 0);
        }
        for (int it = 0; it < settings.positionIterations(); it++) {
            for (int c = 0; c < count; c++) {
                double t = bias(c);
                if (t == 0 && pseudoLambda[c] == 0) {
                    continue;
                }
                double vn = pseudoRelativeVelocity(c);
                double old = pseudoLambda[c];
                double nl = old - mass[3 * c] * (vn - t);
                if (nl < 0) {
                    nl = 0;
                }
                pseudoLambda[c] = nl;
                if (nl != old) {
                    applyImpulse(pseudo, c, 0, nl - old);
                }
            }
            positionIterationsUsed++;
        }
        for (int b = 0; b < bodyCount; b++) {
            if (movable[b]) {
                int o = 6 * b;
                s0.set(pseudo[o], pseudo[o + 1], pseudo[o + 2]);
                bodies[b].translate(s0, dt);
                bodies[b].rotateByScaledAxis(pseudo[o + 3], pseudo[o + 4], pseudo[o + 5], dt);
            }
        }
    }

    private double[] pseudoTargets = new double[0];

    private void pseudoTarget(int c, double t) {
        pseudoTargets[c] = t;
    }

    private double bias(int c) {
        return pseudoTargets[c];
    }

    private double pseudoRelativeVelocity(int c) {
        return relativeVelocity(pseudo, c, 0);
    }

    // ------------------------------------------------------------------ storage

    private void ensureContacts(int n) {
        if (n <= cap) {
            return;
        }
        int c = Math.max(n, Math.max(16, cap * 2));
        i0 = Arrays.copyOf(i0, c);
        i1 = Arrays.copyOf(i1, c);
        geo = Arrays.copyOf(geo, GEO * c);
        ang = Arrays.copyOf(ang, ANG * c);
        mass = Arrays.copyOf(mass, 3 * c);
        lambda = Arrays.copyOf(lambda, 3 * c);
        warm = Arrays.copyOf(warm, 3 * c);
        turn = Arrays.copyOf(turn, 2 * c);
        warmSet = Arrays.copyOf(warmSet, c);
        bias = Arrays.copyOf(bias, c);
        mu = Arrays.copyOf(mu, c);
        local = Arrays.copyOf(local, LOC * c);
        pseudoLambda = Arrays.copyOf(pseudoLambda, c);
        pseudoTargets = Arrays.copyOf(pseudoTargets, c);
        cap = c;
    }

    private void ensureBodies(int n) {
        if (n <= bodies.length) {
            return;
        }
        int c = Math.max(n, Math.max(16, bodies.length * 2));
        bodies = Arrays.copyOf(bodies, c);
        movable = Arrays.copyOf(movable, c);
        im = Arrays.copyOf(im, c);
        inertia = Arrays.copyOf(inertia, 9 * c);
        vel = Arrays.copyOf(vel, 6 * c);
        vel0 = Arrays.copyOf(vel0, 6 * c);
        pseudo = Arrays.copyOf(pseudo, 6 * c);
    }
}
