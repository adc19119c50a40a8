package dev.tumble.core.contact;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.BodyAccess;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * One contact between two bodies, as Millington's book (ch. 14) and Cyclone model it: a point,
 * a normal, a penetration depth, friction and restitution, plus the data the resolver prepares
 * from them (the contact basis, the relative contact positions, the contact velocity and the
 * desired delta velocity).
 *
 * <p><b>Conventions.</b> The normal points <em>from body 1 towards body 0</em>: the direction
 * body 0 must move to separate. A positive penetration means overlap. Body 1 may be
 * {@code null}: the static world. An impulse {@code +J} acts on body 0 and {@code −J} on body 1.
 * Units are SI: m, m/s, kg, N·s.
 *
 * <p><b>Arithmetic.</b> Every calculation here repeats Cyclone's operation order (with the
 * contact-basis typo of {@code calculateContactBasis} fixed), so a double-precision run
 * reproduces Cyclone bit for bit; see {@code golden/README.md} in the tests. Like Cyclone, the
 * relative contact positions and the contact basis are computed once, in
 * {@link #calculateInternals}, and not refreshed while the resolver moves bodies.
 *
 * <p><b>Memory.</b> The contact itself holds only its inputs, its bodies and the normal impulse
 * applied (about 150 bytes with its point and normal): the data Millington's resolver prepares
 * live in an {@link Internals} store that the resolver lends ({@link #internals(Internals)}) from a
 * pool the size of its largest call, and the working arrays of an impulse in the resolver's
 * {@link ImpulseScratch}. A world of thousands of contacts resolved island by island then keeps
 * that data in cache, and a contact the sequential-impulse solver solves never has any.
 *
 * <p>Contacts are mutable so a {@link ContactBuffer} can pool them; {@link #set} validates its
 * arguments and leaves the contact unchanged when it throws.
 */
public final class Contact {
    private static final BodyAccess BODY = BodyAccess.get();

    /** Tolerance on {@code |n|² − 1} under which a normal is used exactly as given. */
    public static final double NORMAL_UNIT_TOLERANCE = 1e-9;

    private RigidBody body0;
    private RigidBody body1;
    // Point (m) and unit normal, kept as fields of the contact itself: a large world has tens of
    // thousands of contacts, and one object per contact is one cache miss where three objects
    // would be three.
    private double pointX, pointY, pointZ;
    private double normalX, normalY = 1, normalZ;
    // Views for point() and normal(), made on first use: the solvers read components, and a
    // pooled contact is then one object of 128 B instead of three of 208 B together.
    private Vector3d pointView;
    private Vector3d normalView;
    private double penetration;
    private double friction;
    private double restitution;
    /** Sum of the normal impulses applied to this contact since it was set (N·s). */
    private double appliedNormalImpulse;
    /** Whether a joint wrote this contact (not a collision); see {@link #joint(boolean)}. */
    private boolean joint;
    /** Separating velocity asked for on top of stopping the contact, m/s (joint stabilisation). */
    private double velocityBias;
    /**
     * What only Millington's resolver reads and writes (basis, relative positions, velocities):
     * the store a resolver lends ({@link #internals(Internals)}), or one made by
     * {@link #calculateInternals} when none was lent. Null after {@link #set}, so a contact the
     * sequential-impulse solver resolves stays small.
     */
    private Internals prepared;

    /** An empty contact, for pools: it has no bodies until {@link #set} is called. */
    public Contact() {
    }

    /**
     * A validated contact; see {@link #set(RigidBody, RigidBody, double, double, double, double, double, double, double, double, double)}.
     *
     * @param body0 the first body; may be {@code null} only if {@code body1} is not
     * @param body1 the second body, or {@code null} for the static world
     * @param point the contact point, world space, m
     * @param normal the contact normal, from body 1 towards body 0
     * @param penetration overlap depth along the normal, m (negative: separated)
     * @param friction Coulomb friction coefficient (≥ 0)
     * @param restitution coefficient of restitution, in [0, 1]
     */
    public Contact(RigidBody body0, RigidBody body1, Vector3dc point, Vector3dc normal, double penetration,
            double friction, double restitution) {
        set(body0, body1, point, normal, penetration, friction, restitution);
    }

    /**
     * Sets every input of the contact; see the component form.
     *
     * @param body0 the first body; may be {@code null} only if {@code body1} is not
     * @param body1 the second body, or {@code null} for the static world
     * @param point the contact point, world space, m
     * @param normal the contact normal, from body 1 towards body 0
     * @param penetration overlap depth along the normal, m (negative: separated)
     * @param friction Coulomb friction coefficient (≥ 0)
     * @param restitution coefficient of restitution, in [0, 1]
     * @return this contact
     */
    public Contact set(RigidBody body0, RigidBody body1, Vector3dc point, Vector3dc normal, double penetration,
            double friction, double restitution) {
        if (point == null) {
            throw new IllegalArgumentException("point must not be null");
        }
        if (normal == null) {
            throw new IllegalArgumentException("normal must not be null");
        }
        return set(body0, body1, point.x(), point.y(), point.z(), normal.x(), normal.y(), normal.z(), penetration,
                friction, restitution);
    }

    /**
     * Sets every input of the contact, validating first (a rejected call changes nothing).
     *
     * @param body0 the first body; may be {@code null} only if {@code body1} is not (the bodies are
     *     then swapped and the normal negated when the contact is prepared)
     * @param body1 the second body, or {@code null} for the static world; must differ from body0
     * @param px contact point x, world space (m), finite
     * @param py contact point y, world space (m)
     * @param pz contact point z, world space (m)
     * @param nx contact normal x, from body 1 towards body 0. With {@code ny}, {@code nz} a
     *     finite non-zero vector; used exactly when {@code ||n|² − 1| ≤ }{@value #NORMAL_UNIT_TOLERANCE},
     *     normalised otherwise
     * @param ny contact normal y
     * @param nz contact normal z
     * @param penetration overlap depth along the normal (m), finite; negative means separated
     * @param friction Coulomb friction coefficient, finite and ≥ 0 (0 selects the frictionless path)
     * @param restitution coefficient of restitution in [0, 1]
     * @return this contact
     * @throws IllegalArgumentException naming the field and value of the first invalid argument
     */
    public Contact set(RigidBody body0, RigidBody body1, double px, double py, double pz, double nx, double ny,
            double nz, double penetration, double friction, double restitution) {
        if (body0 == null && body1 == null) {
            throw new IllegalArgumentException("body0 and body1 must not both be null");
        }
        if (body0 == body1) {
            throw new IllegalArgumentException("body0 and body1 must be different bodies, both were " + body0);
        }
        if (!Double.isFinite(px) || !Double.isFinite(py) || !Double.isFinite(pz)) {
            throw new IllegalArgumentException("point must be finite, was (" + px + ", " + py + ", " + pz + ")");
        }
        if (!Double.isFinite(nx) || !Double.isFinite(ny) || !Double.isFinite(nz)) {
            throw new IllegalArgumentException("normal must be finite, was (" + nx + ", " + ny + ", " + nz + ")");
        }
        double l2 = nx * nx + ny * ny + nz * nz;
        if (l2 == 0 && nx == 0 && ny == 0 && nz == 0) {
            throw new IllegalArgumentException("normal must be non-zero, was (" + nx + ", " + ny + ", " + nz + ")");
        }
        if (Math.abs(l2 - 1) > NORMAL_UNIT_TOLERANCE) {
            double len = Math.sqrt(l2);
            double ux = nx / len, uy = ny / len, uz = nz / len;
            double u2 = ux * ux + uy * uy + uz * uz;
            if (!(l2 > 0) || !Double.isFinite(l2) || !(Math.abs(u2 - 1) <= 1e-6)) {
                throw new IllegalArgumentException(
                        "normal cannot be normalised, was (" + nx + ", " + ny + ", " + nz + ")");
            }
            nx = ux;
            ny = uy;
            nz = uz;
        }
        if (!Double.isFinite(penetration)) {
            throw new IllegalArgumentException("penetration must be finite, was " + penetration);
        }
        if (!Double.isFinite(friction) || friction < 0) {
            throw new IllegalArgumentException("friction must be finite and >= 0, was " + friction);
        }
        if (!(restitution >= 0 && restitution <= 1)) {
            throw new IllegalArgumentException("restitution must be in [0, 1], was " + restitution);
        }
        // A pooled contact mostly gets the same bodies again: storing a reference costs a
        // collector's write barrier (G1: a memory fence for a store across heap regions).
        if (this.body0 != body0) {
            this.body0 = body0;
        }
        if (this.body1 != body1) {
            this.body1 = body1;
        }
        this.pointX = px;
        this.pointY = py;
        this.pointZ = pz;
        this.normalX = nx;
        this.normalY = ny;
        this.normalZ = nz;
        this.penetration = penetration;
        this.friction = friction;
        this.restitution = restitution;
        this.appliedNormalImpulse = 0;
        this.joint = false;
        this.velocityBias = 0;
        if (this.prepared != null) {
            this.prepared = null;
        }
        return this;
    }

    /**
     * Marks the contact as a joint's (a constraint that holds two bodies together) rather than a
     * collision's; {@link #set} clears the mark. The sequential-impulse solver's shock sweep
     * never holds a body through a joint contact.
     *
     * @param isJoint whether a joint wrote this contact
     * @return this contact
     */
    public Contact joint(boolean isJoint) {
        this.joint = isJoint;
        return this;
    }

    /**
     * Asks the velocity pass for a separating normal velocity of {@code bias} (m/s) on top of
     * stopping the contact: its desired delta velocity becomes {@code −v_x − e′·(v_x − v_acc) + bias}.
     * Resolvers set it on joint contacts they correct at the velocity level
     * ({@code ResolverSettings.jointVelocityCorrection}); {@link #set} clears it. Takes effect at
     * the next {@link #calculateInternals}.
     *
     * @param bias the separating velocity asked for, m/s
     * @return this contact
     */
    public Contact velocityBias(double bias) {
        this.velocityBias = bias;
        return this;
    }

    /** @return the separating velocity asked for on top of stopping the contact, m/s. */
    public double velocityBias() {
        return velocityBias;
    }

    /** @return whether a joint wrote this contact ({@link #joint(boolean)}). */
    public boolean isJoint() {
        return joint;
    }

    // ------------------------------------------------------------------ accessors

    /** @return body 0 (never null once {@link #calculateInternals} has run). */
    public RigidBody body0() {
        return body0;
    }

    /** @return body 1, or {@code null} for the static world. */
    public RigidBody body1() {
        return body1;
    }

    /**
     * @param i which body, 0 or 1
     * @return body {@code i} (0 or 1).
     */
    public RigidBody body(int i) {
        return i == 0 ? body0 : body1;
    }

    /** @return the contact point in world space, m (the contact's own read-only vector, set by this call and not changed until the next call of this getter). */
    public Vector3dc point() {
        if (pointView == null) {
            pointView = new Vector3d();
        }
        return pointView.set(pointX, pointY, pointZ);
    }

    /** @return the unit contact normal, from body 1 towards body 0 (the contact's own read-only vector, set by this call and not changed until the next call of this getter). */
    public Vector3dc normal() {
        if (normalView == null) {
            normalView = new Vector3d();
        }
        return normalView.set(normalX, normalY, normalZ);
    }

    /** @return the x of {@link #point()}, m. */
    public double pointX() {
        return pointX;
    }

    /** @return the y of {@link #point()}, m. */
    public double pointY() {
        return pointY;
    }

    /** @return the z of {@link #point()}, m. */
    public double pointZ() {
        return pointZ;
    }

    /** @return the x of {@link #normal()}. */
    public double normalX() {
        return normalX;
    }

    /** @return the y of {@link #normal()}. */
    public double normalY() {
        return normalY;
    }

    /** @return the z of {@link #normal()}. */
    public double normalZ() {
        return normalZ;
    }

    /** @return the current penetration depth, m (the resolver updates it as it moves bodies). */
    public double penetration() {
        return penetration;
    }

    /** @return the friction coefficient (dimensionless). */
    public double friction() {
        return friction;
    }

    /**
     * @return the total normal impulse applied to this contact (N·s) since it was last
     *     {@link #set}: the sum over the resolver's velocity iterations that picked it.
     */
    public double appliedNormalImpulse() {
        return appliedNormalImpulse;
    }

    /**
     * Adds to the recorded normal impulse (N·s): for solvers other than the built-in resolvers.
     *
     * @param impulse the impulse to add, N·s
     */
    public void addAppliedNormalImpulse(double impulse) {
        appliedNormalImpulse += impulse;
    }

    /** @return the coefficient of restitution (dimensionless). */
    public double restitution() {
        return restitution;
    }

    /**
     * Copies the contact basis (contact-to-world, row-major, columns normal, t0, t1) into {@code dest9}.
     *
     * @param dest9 receives the nine entries
     * @return {@code dest9}
     */
    public double[] contactToWorld(double[] dest9) {
        System.arraycopy(read().contactToWorld, 0, dest9, 0, 9);
        return dest9;
    }

    /**
     * @param rowMajorIndex {@code 3·row + column}, 0–8
     * @return entry {@code rowMajorIndex} (0–8) of the contact basis.
     */
    public double contactToWorld(int rowMajorIndex) {
        return read().contactToWorld[rowMajorIndex];
    }

    /**
     * Copies the contact point relative to body {@code i}'s centre of mass (m, world axes) into {@code dest}.
     *
     * @param i which body, 0 or 1
     * @param dest receives the offset
     * @return {@code dest}
     */
    public Vector3d relativeContactPosition(int i, Vector3d dest) {
        Internals st = read();
        return i == 0 ? dest.set(st.r0x, st.r0y, st.r0z) : dest.set(st.r1x, st.r1y, st.r1z);
    }

    /**
     * Copies the closing velocity in contact coordinates (m/s; x along the normal, negative when
     * closing) into {@code dest}.
     *
     * @param dest receives the velocity
     * @return {@code dest}
     */
    public Vector3d contactVelocity(Vector3d dest) {
        Internals st = read();
        return dest.set(st.cvx, st.cvy, st.cvz);
    }

    /** @return the velocity change along the normal the resolver aims for, m/s. */
    public double desiredDeltaVelocity() {
        return read().desiredDeltaVelocity;
    }

    /** @return the prepared data for reading: an unprepared contact reads the identity basis and zeros. */
    private Internals read() {
        return prepared != null ? prepared : Internals.NONE;
    }

    /** @return the prepared data for writing, made on first use. */
    private Internals prepared() {
        Internals st = prepared;
        if (st == null) {
            st = new Internals();
            prepared = st;
        }
        return st;
    }

    /**
     * Lends the contact a store for what {@link #calculateInternals} computes and the resolver
     * updates (basis, relative positions, contact velocity, desired delta velocity, held body), so
     * that a resolver keeps that data in a few pooled stores of its own instead of every contact
     * carrying it. The contact uses the store until the next {@link #set} or {@code internals}
     * call; a store lent to one contact at a time is read correctly, and the accessors of the
     * prepared data then read what the last contact prepared with it wrote.
     *
     * @param store the store, not null; its held-body state is cleared
     * @return this contact
     */
    public Contact internals(Internals store) {
        if (store == null) {
            throw new IllegalArgumentException("store must not be null");
        }
        store.body1Held = false;
        store.swappedToHold = false;
        prepared = store;
        return this;
    }

    /**
     * Millington's per-contact data, computed by {@link #calculateInternals} and updated by the
     * resolver's fixes (Cyclone keeps it in the contact itself). Opaque: a resolver makes a pool
     * of them and lends one to each contact it prepares ({@link #internals(Internals)}).
     */
    public static final class Internals {
        /** Read by contacts never prepared; never written. */
        private static final Internals NONE = new Internals();
        /** Row-major contact-to-world matrix; columns (normal, tangent 0, tangent 1). */
        private final double[] contactToWorld = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        /** Contact point relative to each body's centre of mass, m. */
        private double r0x, r0y, r0z;
        private double r1x, r1y, r1z;
        /** Closing velocity in contact coordinates, m/s. */
        private double cvx, cvy, cvz;
        private double desiredDeltaVelocity;
        /** Shock propagation: body 1 counts in the contact velocity, but fixes leave it where it is. */
        private boolean body1Held;
        /** Whether {@link #holdBody} swapped the bodies (undone by {@code holdBody(-1)}). */
        private boolean swappedToHold;
        /** Scratch for the calls that pass none (resolvers pass their own), made on first use. */
        private ImpulseScratch scratch;

        /** An empty store (identity basis, zeros). */
        public Internals() {
        }
    }

    // ------------------------------------------------------------------ preparation

    /**
     * Prepares the contact for resolution (Cyclone's {@code calculateInternals}): swaps the
     * bodies if body 0 is null, builds the contact basis, the relative contact positions, the
     * contact velocity and the desired delta velocity.
     *
     * @param duration the step length, s
     * @param velocityLimit closing speed (m/s) below which restitution is ignored
     */
    public void calculateInternals(double duration, double velocityLimit) {
        if (body0 == null) {
            swapBodies();
        }
        Internals st = prepared();
        calculateContactBasis(st);
        st.r0x = pointX - body0.positionX();
        st.r0y = pointY - body0.positionY();
        st.r0z = pointZ - body0.positionZ();
        if (body1 != null) {
            st.r1x = pointX - body1.positionX();
            st.r1y = pointY - body1.positionY();
            st.r1z = pointZ - body1.positionZ();
        } else {
            st.r1x = st.r1y = st.r1z = 0;
        }
        double[] m = st.contactToWorld;
        // Body 0's local velocity.
        {
            double vx = (body0.angularVelocityY() * st.r0z - body0.angularVelocityZ() * st.r0y) + body0.velocityX();
            double vy = (body0.angularVelocityZ() * st.r0x - body0.angularVelocityX() * st.r0z) + body0.velocityY();
            double vz = (body0.angularVelocityX() * st.r0y - body0.angularVelocityY() * st.r0x) + body0.velocityZ();
            double x = vx * m[0] + vy * m[3] + vz * m[6];
            double y = vx * m[1] + vy * m[4] + vz * m[7];
            double z = vx * m[2] + vy * m[5] + vz * m[8];
            double ax = body0.lastFrameAccelerationX() * duration, ay = body0.lastFrameAccelerationY() * duration;
            double az = body0.lastFrameAccelerationZ() * duration;
            double accY = ax * m[1] + ay * m[4] + az * m[7];
            double accZ = ax * m[2] + ay * m[5] + az * m[8];
            st.cvx = x + 0.0;
            st.cvy = y + accY;
            st.cvz = z + accZ;
        }
        if (body1 != null) {
            double vx = (body1.angularVelocityY() * st.r1z - body1.angularVelocityZ() * st.r1y) + body1.velocityX();
            double vy = (body1.angularVelocityZ() * st.r1x - body1.angularVelocityX() * st.r1z) + body1.velocityY();
            double vz = (body1.angularVelocityX() * st.r1y - body1.angularVelocityY() * st.r1x) + body1.velocityZ();
            double x = vx * m[0] + vy * m[3] + vz * m[6];
            double y = vx * m[1] + vy * m[4] + vz * m[7];
            double z = vx * m[2] + vy * m[5] + vz * m[8];
            double ax = body1.lastFrameAccelerationX() * duration, ay = body1.lastFrameAccelerationY() * duration;
            double az = body1.lastFrameAccelerationZ() * duration;
            double accY = ax * m[1] + ay * m[4] + az * m[7];
            double accZ = ax * m[2] + ay * m[5] + az * m[8];
            st.cvx -= x + 0.0;
            st.cvy -= y + accY;
            st.cvz -= z + accZ;
        }
        calculateDesiredDeltaVelocity(duration, velocityLimit);
    }

    /** Swaps the bodies and negates the normal (Cyclone's {@code swapBodies}). */
    private void swapBodies() {
        normalX *= -1.0;
        normalY *= -1.0;
        normalZ *= -1.0;
        RigidBody t = body0;
        body0 = body1;
        body1 = t;
    }

    /**
     * The orthonormal contact basis: if {@code |n.x| > |n.y|},
     * {@code t0 = (n.z, 0, −n.x)/√(n.z²+n.x²)}, else {@code t0 = (0, −n.z, n.y)/√(n.z²+n.y²)};
     * then {@code t1 = n × t0}. (Cyclone computes {@code t1.x} wrongly in the first branch; this is
     * the fixed formula.)
     */
    private void calculateContactBasis(Internals st) {
        double nx = normalX, ny = normalY, nz = normalZ;
        double t0x, t0y, t0z, t1x, t1y, t1z;
        if (Math.abs(nx) > Math.abs(ny)) {
            double s = 1.0 / Math.sqrt(nz * nz + nx * nx);
            t0x = nz * s;
            t0y = 0;
            t0z = -nx * s;
            t1x = ny * t0z;
            t1y = nz * t0x - nx * t0z;
            t1z = -ny * t0x;
        } else {
            double s = 1.0 / Math.sqrt(nz * nz + ny * ny);
            t0x = 0;
            t0y = -nz * s;
            t0z = ny * s;
            t1x = ny * t0z - nz * t0y;
            t1y = -nx * t0z;
            t1z = nx * t0y;
        }
        double[] m = st.contactToWorld;
        m[0] = nx;
        m[1] = t0x;
        m[2] = t1x;
        m[3] = ny;
        m[4] = t0y;
        m[5] = t1y;
        m[6] = nz;
        m[7] = t0z;
        m[8] = t1z;
    }

    /**
     * Recomputes the desired delta velocity from the current contact velocity:
     * {@code −v_x − e′·(v_x − v_acc)}, where {@code v_acc} is the velocity built up this step by
     * the awake bodies' last-frame accelerations along the normal and {@code e′} is the
     * restitution, or 0 when {@code |v_x| < velocityLimit}.
     *
     * @param duration the step length, s
     * @param velocityLimit closing speed (m/s) below which restitution is ignored
     */
    public void calculateDesiredDeltaVelocity(double duration, double velocityLimit) {
        Internals st = prepared();
        double velocityFromAcc = 0;
        double nx = normalX, ny = normalY, nz = normalZ;
        if (body0.isAwake()) {
            velocityFromAcc += (body0.lastFrameAccelerationX() * duration) * nx
                    + (body0.lastFrameAccelerationY() * duration) * ny + (body0.lastFrameAccelerationZ() * duration) * nz;
        }
        if (body1 != null && body1.isAwake()) {
            velocityFromAcc -= (body1.lastFrameAccelerationX() * duration) * nx
                    + (body1.lastFrameAccelerationY() * duration) * ny + (body1.lastFrameAccelerationZ() * duration) * nz;
        }
        double thisRestitution = restitution;
        if (Math.abs(st.cvx) < velocityLimit) {
            thisRestitution = 0.0;
        }
        st.desiredDeltaVelocity = -st.cvx - thisRestitution * (st.cvx - velocityFromAcc);
        if (velocityBias != 0) {
            // Tested, not added blindly: adding 0.0 would turn a −0.0 into +0.0 (golden bits).
            st.desiredDeltaVelocity += velocityBias;
        }
    }

    /**
     * Wakes the sleeping body when the other is awake (Cyclone's {@code matchAwakeState}); a
     * contact with the static world never wakes a body.
     */
    public void matchAwakeState() {
        if (body1 == null) {
            return;
        }
        boolean a0 = body0.isAwake();
        boolean a1 = body1.isAwake();
        if (a0 ^ a1) {
            if (a0) {
                body1.setAwake(true);
            } else {
                body0.setAwake(true);
            }
        }
    }

    /**
     * For a resolver's shock-propagation pass: treats body {@code i} (0 or 1) of this prepared
     * contact as immovable (infinite mass) until {@code holdBody(-1)}. Its velocity still counts in
     * the contact velocity, but impulses and position fixes move only the other body. Holding body
     * 0 swaps the bodies (normal negated, contact basis rebuilt, contact velocity re-expressed; the
     * normal closing velocity, desired delta velocity and penetration are unchanged by a swap), so
     * the held body is always body 1; {@code holdBody(-1)} swaps back.
     *
     * @param i 0 or 1 to hold that body, −1 to release
     */
    public void holdBody(int i) {
        if (i < -1 || i > 1) {
            throw new IllegalArgumentException("i must be -1, 0 or 1, was " + i);
        }
        Internals st = prepared();
        if (i == -1) {
            if (st.swappedToHold) {
                swapInternals(st);
            }
            st.body1Held = false;
            st.swappedToHold = false;
            return;
        }
        if (body(i) == null) {
            throw new IllegalArgumentException("body " + i + " of the contact is the static world");
        }
        if (i == 0) {
            swapInternals(st);
            st.swappedToHold = !st.swappedToHold;
        }
        st.body1Held = true;
    }

    /** Whether impulses and position fixes move body 1: it exists and is not held. */
    private boolean body1Moves(Internals st) {
        return body1 != null && !st.body1Held;
    }

    /** @return whether body 1 is held immovable ({@link #holdBody}). */
    public boolean isBody1Held() {
        return read().body1Held;
    }

    /** Swaps the bodies of a prepared contact, keeping its relative velocity and penetration. */
    private void swapInternals(Internals st) {
        double[] m = st.contactToWorld;
        // Relative velocity (body 0 minus body 1) in world coordinates.
        double wx = m[0] * st.cvx + m[1] * st.cvy + m[2] * st.cvz;
        double wy = m[3] * st.cvx + m[4] * st.cvy + m[5] * st.cvz;
        double wz = m[6] * st.cvx + m[7] * st.cvy + m[8] * st.cvz;
        swapBodies();
        double t;
        t = st.r0x; st.r0x = st.r1x; st.r1x = t;
        t = st.r0y; st.r0y = st.r1y; st.r1y = t;
        t = st.r0z; st.r0z = st.r1z; st.r1z = t;
        calculateContactBasis(st);
        // Body 1 minus body 0 now, in the new basis: the normal component is unchanged.
        st.cvx = -(wx * m[0] + wy * m[3] + wz * m[6]);
        st.cvy = -(wx * m[1] + wy * m[4] + wz * m[7]);
        st.cvz = -(wx * m[2] + wy * m[5] + wz * m[8]);
    }

    // ------------------------------------------------------------------ velocity

    /**
     * Applies the impulse that removes the desired delta velocity (with friction when
     * {@code friction > 0}) to both bodies, and reports the velocity changes.
     *
     * @param velocityChange receives Δv of body 0 in [0..2] and body 1 in [3..5], m/s
     * @param rotationChange receives Δω of body 0 in [0..2] and body 1 in [3..5], rad/s
     * @param diagnostics receives the intermediates, or {@code null}
     */
    public void applyVelocityChange(double[] velocityChange, double[] rotationChange, ContactDiagnostics diagnostics) {
        applyVelocityChange(velocityChange, rotationChange, diagnostics, false);
    }

    /**
     * {@link #applyVelocityChange(double[], double[], ContactDiagnostics)}, optionally with the
     * restitution limited so the impulse does no positive work.
     *
     * <p>Newton's restitution ({@code v_n' = −e·v_n}) together with friction that stops the sliding
     * can give an eccentric body more kinetic energy than it had (Kane and Levinson's paradox: the
     * normal impulse's lever arm speeds up the tangential motion and the friction impulse then works
     * with the motion). The change of the pair's kinetic energy under a contact impulse {@code p}
     * (contact coordinates) is {@code ΔE = p·v₀ + ½ pᵀKp}, {@code v₀} the relative contact velocity
     * before it and {@code K} the velocity change per unit impulse. With {@code limitRestitutionWork}
     * on, when {@code ΔE > 0} the restitution part of the desired delta velocity is scaled down (by
     * bisection, to within 1/2¹⁶ of it) until {@code ΔE ≤ 0}: the coefficient is lowered for this
     * impulse only. With no restitution {@code ΔE ≤ 0} already (a stopping impulse dissipates), so
     * scaling it to zero always succeeds.
     *
     * @param velocityChange receives Δv of body 0 in [0..2] and body 1 in [3..5], m/s
     * @param rotationChange receives Δω of body 0 in [0..2] and body 1 in [3..5], rad/s
     * @param diagnostics receives the intermediates, or {@code null}
     * @param limitRestitutionWork whether restitution may be lowered to keep {@code ΔE ≤ 0}; false is
     *     the book's (Cyclone's) impulse, bit for bit
     */
    public void applyVelocityChange(double[] velocityChange, double[] rotationChange, ContactDiagnostics diagnostics,
            boolean limitRestitutionWork) {
        Internals st = prepared();
        if (st.scratch == null) {
            st.scratch = new ImpulseScratch();
        }
        applyVelocityChange(velocityChange, rotationChange, diagnostics, limitRestitutionWork, st.scratch);
    }

    /**
     * {@link #applyVelocityChange(double[], double[], ContactDiagnostics, boolean)} with the
     * caller's working arrays: what a resolver calls, so contacts need not carry their own.
     *
     * @param velocityChange receives Δv of body 0 in [0..2] and body 1 in [3..5], m/s
     * @param rotationChange receives Δω of body 0 in [0..2] and body 1 in [3..5], rad/s
     * @param diagnostics receives the intermediates, or {@code null}
     * @param limitRestitutionWork whether restitution may be lowered to keep the impulse's work ≤ 0
     * @param scratch working arrays, used only during the call (not shared between threads)
     */
    public void applyVelocityChange(double[] velocityChange, double[] rotationChange, ContactDiagnostics diagnostics,
            boolean limitRestitutionWork, ImpulseScratch scratch) {
        Internals st = prepared();
        ImpulseScratch sc = scratch;
        double ix, iy, iz;
        if (friction == 0.0) {
            ix = frictionlessImpulse(st, sc, diagnostics);
            iy = 0;
            iz = 0;
        } else {
            double[] out = sc.impulse;
            frictionImpulse(st, sc, out, diagnostics);
            ix = out[0];
            iy = out[1];
            iz = out[2];
        }
        // A biased contact's extra velocity is asked for on purpose (the energy guard answers for it).
        if (limitRestitutionWork && velocityBias == 0 && st.desiredDeltaVelocity != -st.cvx
                && impulseWork(st, sc, ix, iy, iz) > 0) {
            double[] out = sc.impulse;
            limitRestitution(st, sc, out);
            ix = out[0];
            iy = out[1];
            iz = out[2];
        }
        appliedNormalImpulse += ix;
        double[] m = st.contactToWorld;
        double jx = ix * m[0] + iy * m[1] + iz * m[2];
        double jy = ix * m[3] + iy * m[4] + iz * m[5];
        double jz = ix * m[6] + iy * m[7] + iz * m[8];
        if (diagnostics != null) {
            diagnostics.impulseContact[0] = ix;
            diagnostics.impulseContact[1] = iy;
            diagnostics.impulseContact[2] = iz;
            diagnostics.impulseWorld[0] = jx;
            diagnostics.impulseWorld[1] = jy;
            diagnostics.impulseWorld[2] = jz;
        }
        RigidBody b0 = body0;
        double tx = st.r0y * jz - st.r0z * jy;
        double ty = st.r0z * jx - st.r0x * jz;
        double tz = st.r0x * jy - st.r0y * jx;
        double wx = tx * b0.inverseInertiaTensorWorld(0) + ty * b0.inverseInertiaTensorWorld(1)
                + tz * b0.inverseInertiaTensorWorld(2);
        double wy = tx * b0.inverseInertiaTensorWorld(3) + ty * b0.inverseInertiaTensorWorld(4)
                + tz * b0.inverseInertiaTensorWorld(5);
        double wz = tx * b0.inverseInertiaTensorWorld(6) + ty * b0.inverseInertiaTensorWorld(7)
                + tz * b0.inverseInertiaTensorWorld(8);
        double im0 = b0.inverseMass();
        double vx = 0.0 + jx * im0, vy = 0.0 + jy * im0, vz = 0.0 + jz * im0;
        velocityChange[0] = vx;
        velocityChange[1] = vy;
        velocityChange[2] = vz;
        rotationChange[0] = wx;
        rotationChange[1] = wy;
        rotationChange[2] = wz;
        BODY.addVelocity(b0, vx, vy, vz);
        BODY.addAngularVelocity(b0, wx, wy, wz);
        RigidBody b1 = body1;
        if (body1Moves(st)) {
            tx = jy * st.r1z - jz * st.r1y;
            ty = jz * st.r1x - jx * st.r1z;
            tz = jx * st.r1y - jy * st.r1x;
            wx = tx * b1.inverseInertiaTensorWorld(0) + ty * b1.inverseInertiaTensorWorld(1)
                    + tz * b1.inverseInertiaTensorWorld(2);
            wy = tx * b1.inverseInertiaTensorWorld(3) + ty * b1.inverseInertiaTensorWorld(4)
                    + tz * b1.inverseInertiaTensorWorld(5);
            wz = tx * b1.inverseInertiaTensorWorld(6) + ty * b1.inverseInertiaTensorWorld(7)
                    + tz * b1.inverseInertiaTensorWorld(8);
            double nim1 = -b1.inverseMass();
            vx = 0.0 + jx * nim1;
            vy = 0.0 + jy * nim1;
            vz = 0.0 + jz * nim1;
            velocityChange[3] = vx;
            velocityChange[4] = vy;
            velocityChange[5] = vz;
            rotationChange[3] = wx;
            rotationChange[4] = wy;
            rotationChange[5] = wz;
            BODY.addVelocity(b1, vx, vy, vz);
            BODY.addAngularVelocity(b1, wx, wy, wz);
        } else {
            for (int k = 3; k < 6; k++) {
                velocityChange[k] = 0;
                rotationChange[k] = 0;
            }
        }
    }


    /**
     * The velocity change along the normal per unit normal impulse, summed over both bodies:
     * {@code Σ m⁻¹ + Σ ((I⁻¹(r×n))×r)·n} (1/kg), Cyclone's operation order.
     */
    private double frictionlessImpulse(Internals st, ImpulseScratch sc, ContactDiagnostics d) {
        double nx = normalX, ny = normalY, nz = normalZ;
        double deltaVelocity = angularInertiaAlongNormal(body0, st.r0x, st.r0y, st.r0z, nx, ny, nz);
        deltaVelocity += body0.inverseMass();
        if (body1Moves(st)) {
            deltaVelocity += angularInertiaAlongNormal(body1, st.r1x, st.r1y, st.r1z, nx, ny, nz);
            deltaVelocity += body1.inverseMass();
        }
        if (d != null) {
            d.frictionless = true;
            d.deltaVelocityPerUnitImpulse = deltaVelocity;
        }
        double[] k = sc.unitImpulse;
        k[0] = deltaVelocity;
        k[1] = k[2] = k[3] = k[5] = k[6] = k[7] = 0;
        k[4] = k[8] = 0;
        sc.unitImpulseFrictionless = true;
        return st.desiredDeltaVelocity / deltaVelocity;
    }

    /** {@code ((I⁻¹(r×n))×r)·n}: the angular inertia of a body along the normal, 1/kg. */
    private static double angularInertiaAlongNormal(RigidBody b, double rx, double ry, double rz, double nx,
            double ny, double nz) {
        double cx = ry * nz - rz * ny;
        double cy = rz * nx - rx * nz;
        double cz = rx * ny - ry * nx;
        double ix = cx * b.inverseInertiaTensorWorld(0) + cy * b.inverseInertiaTensorWorld(1)
                + cz * b.inverseInertiaTensorWorld(2);
        double iy = cx * b.inverseInertiaTensorWorld(3) + cy * b.inverseInertiaTensorWorld(4)
                + cz * b.inverseInertiaTensorWorld(5);
        double iz = cx * b.inverseInertiaTensorWorld(6) + cy * b.inverseInertiaTensorWorld(7)
                + cz * b.inverseInertiaTensorWorld(8);
        double dx = iy * rz - iz * ry;
        double dy = iz * rx - ix * rz;
        double dz = ix * ry - iy * rx;
        return dx * nx + dy * ny + dz * nz;
    }

    /**
     * The impulse with friction: the 3×3 velocity per unit impulse in contact coordinates
     * ({@code −[r]×·I⁻¹·[r]×} summed, changed to contact basis, plus {@code Σ m⁻¹} on the
     * diagonal), inverted as Cyclone's {@code Matrix3::setInverse} does; it removes the desired
     * normal velocity and all planar velocity (static friction). When the planar impulse exceeds
     * {@code μ·J_n}, the dynamic-friction clamp of the book is applied.
     */
    private void frictionImpulse(Internals st, ImpulseScratch sc, double[] out, ContactDiagnostics d) {
        double[] w = sc.deltaVelocityWorld;
        // deltaVelWorld = −[r0]×·I0⁻¹·[r0]× (+ the same for body 1), impulseToTorque = [r]×.
        angularDeltaVelocity(body0, st.r0x, st.r0y, st.r0z, w, false);
        double inverseMass = body0.inverseMass();
        if (body1Moves(st)) {
            angularDeltaVelocity(body1, st.r1x, st.r1y, st.r1z, w, true);
            inverseMass += body1.inverseMass();
        }
        double w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3], w4 = w[4], w5 = w[5], w6 = w[6], w7 = w[7], w8 = w[8];
        double[] m = st.contactToWorld;
        double u0 = m[0] * w0 + m[3] * w3 + m[6] * w6;
        double u1 = m[0] * w1 + m[3] * w4 + m[6] * w7;
        double u2 = m[0] * w2 + m[3] * w5 + m[6] * w8;
        double u3 = m[1] * w0 + m[4] * w3 + m[7] * w6;
        double u4 = m[1] * w1 + m[4] * w4 + m[7] * w7;
        double u5 = m[1] * w2 + m[4] * w5 + m[7] * w8;
        double u6 = m[2] * w0 + m[5] * w3 + m[8] * w6;
        double u7 = m[2] * w1 + m[5] * w4 + m[8] * w7;
        double u8 = m[2] * w2 + m[5] * w5 + m[8] * w8;
        double dv0 = u0 * m[0] + u1 * m[3] + u2 * m[6];
        double dv1 = u0 * m[1] + u1 * m[4] + u2 * m[7];
        double dv2 = u0 * m[2] + u1 * m[5] + u2 * m[8];
        double dv3 = u3 * m[0] + u4 * m[3] + u5 * m[6];
        double dv4 = u3 * m[1] + u4 * m[4] + u5 * m[7];
        double dv5 = u3 * m[2] + u4 * m[5] + u5 * m[8];
        double dv6 = u6 * m[0] + u7 * m[3] + u8 * m[6];
        double dv7 = u6 * m[1] + u7 * m[4] + u8 * m[7];
        double dv8 = u6 * m[2] + u7 * m[5] + u8 * m[8];
        dv0 += inverseMass;
        dv4 += inverseMass;
        dv8 += inverseMass;
        // Matrix3::setInverse (a singular matrix leaves Cyclone's zero-initialised result).
        double t4 = dv0 * dv4;
        double t6 = dv0 * dv5;
        double t8 = dv1 * dv3;
        double t10 = dv2 * dv3;
        double t12 = dv1 * dv6;
        double t14 = dv2 * dv6;
        double t16 = t4 * dv8 - t6 * dv7 - t8 * dv8 + t10 * dv7 + t12 * dv5 - t14 * dv4;
        double k0 = 0, k1 = 0, k2 = 0, k3 = 0, k4 = 0, k5 = 0, k6 = 0, k7 = 0, k8 = 0;
        if (t16 != 0.0) {
            double t17 = 1 / t16;
            k0 = (dv4 * dv8 - dv5 * dv7) * t17;
            k1 = -(dv1 * dv8 - dv2 * dv7) * t17;
            k2 = (dv1 * dv5 - dv2 * dv4) * t17;
            k3 = -(dv3 * dv8 - dv5 * dv6) * t17;
            k4 = (dv0 * dv8 - t14) * t17;
            k5 = -(t6 - t10) * t17;
            k6 = (dv3 * dv7 - dv4 * dv6) * t17;
            k7 = -(dv0 * dv7 - t12) * t17;
            k8 = (t4 - t8) * t17;
        }
        double[] kv = sc.unitImpulse;
        kv[0] = dv0;
        kv[1] = dv1;
        kv[2] = dv2;
        kv[3] = dv3;
        kv[4] = dv4;
        kv[5] = dv5;
        kv[6] = dv6;
        kv[7] = dv7;
        kv[8] = dv8;
        double[] ki = sc.impulsePerVelocity;
        ki[0] = k0;
        ki[1] = k1;
        ki[2] = k2;
        ki[3] = k3;
        ki[4] = k4;
        ki[5] = k5;
        ki[6] = k6;
        ki[7] = k7;
        ki[8] = k8;
        sc.unitImpulseFrictionless = false;
        if (d != null) {
            d.frictionless = false;
            System.arraycopy(w, 0, d.deltaVelocityWorldAngularPart, 0, 9);
            d.totalInverseMass = inverseMass;
            System.arraycopy(kv, 0, d.deltaVelocityContact, 0, 9);
            System.arraycopy(ki, 0, d.impulseMatrix, 0, 9);
        }
        impulseFor(st, sc, st.desiredDeltaVelocity, out, d);
    }


    /**
     * Writes (or with {@code add}, adds) {@code −[r]×·I⁻¹·[r]×} of body b into dest, row-major:
     * Cyclone's per-body angular part of the velocity change per unit impulse, in its operation
     * order (the golden data depend on it).
     */
    private static void angularDeltaVelocity(RigidBody b, double rx, double ry, double rz, double[] dest,
            boolean add) {
        double i0 = b.inverseInertiaTensorWorld(0);
        double i1 = b.inverseInertiaTensorWorld(1);
        double i2 = b.inverseInertiaTensorWorld(2);
        double i3 = b.inverseInertiaTensorWorld(3);
        double i4 = b.inverseInertiaTensorWorld(4);
        double i5 = b.inverseInertiaTensorWorld(5);
        double i6 = b.inverseInertiaTensorWorld(6);
        double i7 = b.inverseInertiaTensorWorld(7);
        double i8 = b.inverseInertiaTensorWorld(8);
        double a0 = 0.0 * i0 + (-rz) * i3 + ry * i6;
        double a1 = 0.0 * i1 + (-rz) * i4 + ry * i7;
        double a2 = 0.0 * i2 + (-rz) * i5 + ry * i8;
        double a3 = rz * i0 + 0.0 * i3 + (-rx) * i6;
        double a4 = rz * i1 + 0.0 * i4 + (-rx) * i7;
        double a5 = rz * i2 + 0.0 * i5 + (-rx) * i8;
        double a6 = (-ry) * i0 + rx * i3 + 0.0 * i6;
        double a7 = (-ry) * i1 + rx * i4 + 0.0 * i7;
        double a8 = (-ry) * i2 + rx * i5 + 0.0 * i8;
        double w0 = a0 * 0.0 + a1 * rz + a2 * (-ry);
        double w1 = a0 * (-rz) + a1 * 0.0 + a2 * rx;
        double w2 = a0 * ry + a1 * (-rx) + a2 * 0.0;
        double w3 = a3 * 0.0 + a4 * rz + a5 * (-ry);
        double w4 = a3 * (-rz) + a4 * 0.0 + a5 * rx;
        double w5 = a3 * ry + a4 * (-rx) + a5 * 0.0;
        double w6 = a6 * 0.0 + a7 * rz + a8 * (-ry);
        double w7 = a6 * (-rz) + a7 * 0.0 + a8 * rx;
        double w8 = a6 * ry + a7 * (-rx) + a8 * 0.0;
        if (add) {
            dest[0] += w0 * -1.0;
            dest[1] += w1 * -1.0;
            dest[2] += w2 * -1.0;
            dest[3] += w3 * -1.0;
            dest[4] += w4 * -1.0;
            dest[5] += w5 * -1.0;
            dest[6] += w6 * -1.0;
            dest[7] += w7 * -1.0;
            dest[8] += w8 * -1.0;
        } else {
            dest[0] = w0 * -1.0;
            dest[1] = w1 * -1.0;
            dest[2] = w2 * -1.0;
            dest[3] = w3 * -1.0;
            dest[4] = w4 * -1.0;
            dest[5] = w5 * -1.0;
            dest[6] = w6 * -1.0;
            dest[7] = w7 * -1.0;
            dest[8] = w8 * -1.0;
        }
    }

    /** {@code ΔE = p·v₀ + ½ pᵀKp} (J) of impulse p in contact coordinates, K of the last impulse. */
    private double impulseWork(Internals st, ImpulseScratch sc, double px, double py, double pz) {
        double[] k = sc.unitImpulse;
        double kx = k[0] * px + k[1] * py + k[2] * pz;
        double ky = k[3] * px + k[4] * py + k[5] * pz;
        double kz = k[6] * px + k[7] * py + k[8] * pz;
        return px * st.cvx + py * st.cvy + pz * st.cvz + 0.5 * (px * kx + py * ky + pz * kz);
    }

    /**
     * The impulse for a desired normal velocity change {@code desired} (m/s), with the book's
     * dynamic-friction clamp, into {@code out}; K from the last impulse.
     */
    private void impulseFor(Internals st, ImpulseScratch sc, double desired, double[] out) {
        impulseFor(st, sc, desired, out, null);
    }

    /** As {@link #impulseFor(double, double[])}, recording the unclamped impulse in d when given. */
    private void impulseFor(Internals st, ImpulseScratch sc, double desired, double[] out, ContactDiagnostics d) {
        if (sc.unitImpulseFrictionless) {
            out[0] = desired / sc.unitImpulse[0];
            out[1] = 0;
            out[2] = 0;
            return;
        }
        double[] k = sc.impulsePerVelocity;
        double killY = -st.cvy;
        double killZ = -st.cvz;
        double ix = desired * k[0] + killY * k[1] + killZ * k[2];
        double iy = desired * k[3] + killY * k[4] + killZ * k[5];
        double iz = desired * k[6] + killY * k[7] + killZ * k[8];
        double planarImpulse = Math.sqrt(iy * iy + iz * iz);
        boolean clamp = planarImpulse > ix * friction;
        if (d != null) {
            d.velKill[0] = desired;
            d.velKill[1] = killY;
            d.velKill[2] = killZ;
            d.unclampedImpulseContact[0] = ix;
            d.unclampedImpulseContact[1] = iy;
            d.unclampedImpulseContact[2] = iz;
            d.planarImpulse = planarImpulse;
            d.dynamicFrictionClampApplied = clamp;
        }
        if (clamp) {
            double[] dv = sc.unitImpulse;
            iy /= planarImpulse;
            iz /= planarImpulse;
            ix = dv[0] + dv[1] * friction * iy + dv[2] * friction * iz;
            ix = desired / ix;
            iy *= friction * ix;
            iz *= friction * ix;
        }
        out[0] = ix;
        out[1] = iy;
        out[2] = iz;
    }

    /**
     * Lowers the restitution part of the desired delta velocity until the impulse does no positive
     * work; writes that impulse into {@code out} and keeps the lowered desired delta velocity.
     */
    private void limitRestitution(Internals st, ImpulseScratch sc, double[] out) {
        double bounce = st.desiredDeltaVelocity + st.cvx;
        double lo = 0;
        double hi = 1;
        for (int i = 0; i < 16; i++) {
            double mid = 0.5 * (lo + hi);
            impulseFor(st, sc, -st.cvx + mid * bounce, out);
            if (impulseWork(st, sc, out[0], out[1], out[2]) > 0) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        st.desiredDeltaVelocity = -st.cvx + lo * bounce;
        impulseFor(st, sc, st.desiredDeltaVelocity, out);
    }

    // ------------------------------------------------------------------ position

    /**
     * Removes {@code penetration} by nonlinear projection (Millington §14.2): each body moves along
     * the normal and turns, in proportion to its linear and angular inertia along the normal; the
     * angular move of each body is limited to {@code angularLimit · |r projected on the contact
     * plane|}, the excess going to the linear move. Awake bodies keep their stale transform and
     * world inverse inertia (as in Cyclone); sleeping bodies get their derived data refreshed.
     * When neither body can move (total inertia 0) nothing happens (Cyclone would produce NaN).
     *
     * @param linearChange receives body 0's translation in [0..2] and body 1's in [3..5], m
     * @param angularChange receives body 0's rotation vector in [0..2] and body 1's in [3..5], rad
     * @param penetration the depth to remove, m (the resolver passes the contact's current one)
     * @param angularLimit the limit factor (dimensionless, small-angle radians; the book uses 0.2)
     * @param d receives the intermediates, or {@code null}
     */
    public void applyPositionChange(double[] linearChange, double[] angularChange, double penetration,
            double angularLimit, ContactDiagnostics d) {
        applyPositionChange(linearChange, angularChange, penetration, angularLimit, false, d);
    }

    /**
     * {@link #applyPositionChange(double[], double[], double, double, ContactDiagnostics)}, with
     * the choice of what a joint contact ({@link #isJoint()}) does with a clamped turn.
     *
     * @param linearChange receives body 0's translation in [0..2] and body 1's in [3..5], m
     * @param angularChange receives body 0's rotation vector in [0..2] and body 1's in [3..5], rad
     * @param penetration the depth to remove, m
     * @param angularLimit the limit factor (dimensionless, small-angle radians)
     * @param deferJointExcess when true and this is a joint contact, a body whose angular move is
     *     clamped by the angular limit is not moved linearly by the excess (the book moves it):
     *     the part of the penetration left is fixed by later iterations or steps. A small body
     *     jointed far from its centre wants nearly all of a fix as rotation, so the book's rule
     *     translates it, and what it drags, by almost the whole joint error
     * @param d receives the intermediates, or {@code null}
     */
    public void applyPositionChange(double[] linearChange, double[] angularChange, double penetration,
            double angularLimit, boolean deferJointExcess, ContactDiagnostics d) {
        Internals st = prepared();
        double nx = normalX, ny = normalY, nz = normalZ;
        double totalInertia = 0;
        double angIn0 = angularInertiaAlongNormal(body0, st.r0x, st.r0y, st.r0z, nx, ny, nz);
        double linIn0 = body0.inverseMass();
        totalInertia += linIn0 + angIn0;
        double angIn1 = 0, linIn1 = 0;
        if (body1Moves(st)) {
            angIn1 = angularInertiaAlongNormal(body1, st.r1x, st.r1y, st.r1z, nx, ny, nz);
            linIn1 = body1.inverseMass();
            totalInertia += linIn1 + angIn1;
        }
        if (d != null) {
            d.angularInertia[0] = angIn0;
            d.angularInertia[1] = angIn1;
            d.linearInertia[0] = linIn0;
            d.linearInertia[1] = linIn1;
            d.totalInertia = totalInertia;
        }
        for (int k = 0; k < 6; k++) {
            linearChange[k] = 0;
            angularChange[k] = 0;
        }
        if (!(totalInertia != 0)) {
            return;
        }
        moveBody(0, body0, st.r0x, st.r0y, st.r0z, angIn0, linIn0, totalInertia, penetration, angularLimit,
                deferJointExcess, linearChange, angularChange, d);
        if (body1Moves(st)) {
            moveBody(1, body1, st.r1x, st.r1y, st.r1z, angIn1, linIn1, totalInertia, penetration, angularLimit,
                    deferJointExcess, linearChange, angularChange, d);
        }
    }

    /**
     * Whether a nonlinear position fix of {@code penetration} (either sign: a bilateral pair
     * decides alike) would turn body 0 or body 1 further than the angular limit allows
     * ({@link #applyPositionChange}'s clamp). Needs {@link #calculateInternals} first.
     *
     * @param penetration the depth to remove, m
     * @param angularLimit the limit on each body's angular move, times its lever arm
     * @return whether either body's turn would be clamped
     */
    public boolean positionFixClamped(double penetration, double angularLimit) {
        Internals st = prepared();
        double nx = normalX, ny = normalY, nz = normalZ;
        double angIn0 = angularInertiaAlongNormal(body0, st.r0x, st.r0y, st.r0z, nx, ny, nz);
        double total = body0.inverseMass() + angIn0;
        double angIn1 = 0;
        if (body1Moves(st)) {
            angIn1 = angularInertiaAlongNormal(body1, st.r1x, st.r1y, st.r1z, nx, ny, nz);
            total += body1.inverseMass() + angIn1;
        }
        if (!(total > 0)) {
            return false;
        }
        double depth = Math.abs(penetration);
        return turnClamped(st.r0x, st.r0y, st.r0z, depth * angIn0 / total, angularLimit)
                || body1Moves(st) && turnClamped(st.r1x, st.r1y, st.r1z, depth * angIn1 / total, angularLimit);
    }

    private boolean turnClamped(double rx, double ry, double rz, double angularMove, double angularLimit) {
        double negDot = -(rx * normalX + ry * normalY + rz * normalZ);
        double px = rx + normalX * negDot, py = ry + normalY * negDot, pz = rz + normalZ * negDot;
        return angularMove > angularLimit * Math.sqrt(px * px + py * py + pz * pz);
    }

    private void moveBody(int i, RigidBody b, double rx, double ry, double rz, double angularInertia,
            double linearInertia, double totalInertia, double penetration, double angularLimit,
            boolean deferJointExcess, double[] linearChange, double[] angularChange, ContactDiagnostics d) {
        double nx = normalX, ny = normalY, nz = normalZ;
        double sign = i == 0 ? 1.0 : -1.0;
        double angularMove = sign * penetration * (angularInertia / totalInertia);
        double linearMove = sign * penetration * (linearInertia / totalInertia);
        double negDot = -(rx * nx + ry * ny + rz * nz);
        double px = rx + nx * negDot;
        double py = ry + ny * negDot;
        double pz = rz + nz * negDot;
        double maxMagnitude = angularLimit * Math.sqrt(px * px + py * py + pz * pz);
        boolean clamped = false;
        if (deferJointExcess && joint && (angularMove < -maxMagnitude || angularMove > maxMagnitude)) {
            // The turn is clamped; the rest stays in the penetration for later fixes.
            angularMove = angularMove < 0 ? -maxMagnitude : maxMagnitude;
            clamped = true;
        } else if (angularMove < -maxMagnitude) {
            double totalMove = angularMove + linearMove;
            angularMove = -maxMagnitude;
            linearMove = totalMove - angularMove;
            clamped = true;
        } else if (angularMove > maxMagnitude) {
            double totalMove = angularMove + linearMove;
            angularMove = maxMagnitude;
            linearMove = totalMove - angularMove;
            clamped = true;
        }
        double ax = 0, ay = 0, az = 0;
        if (angularMove != 0) {
            double tx = ry * nz - rz * ny;
            double ty = rz * nx - rx * nz;
            double tz = rx * ny - ry * nx;
            double scale = angularMove / angularInertia;
            ax = (tx * b.inverseInertiaTensorWorld(0) + ty * b.inverseInertiaTensorWorld(1)
                    + tz * b.inverseInertiaTensorWorld(2)) * scale;
            ay = (tx * b.inverseInertiaTensorWorld(3) + ty * b.inverseInertiaTensorWorld(4)
                    + tz * b.inverseInertiaTensorWorld(5)) * scale;
            az = (tx * b.inverseInertiaTensorWorld(6) + ty * b.inverseInertiaTensorWorld(7)
                    + tz * b.inverseInertiaTensorWorld(8)) * scale;
        }
        int o = 3 * i;
        linearChange[o] = nx * linearMove;
        linearChange[o + 1] = ny * linearMove;
        linearChange[o + 2] = nz * linearMove;
        angularChange[o] = ax;
        angularChange[o + 1] = ay;
        angularChange[o + 2] = az;
        if (d != null) {
            d.angularMove[i] = angularMove;
            d.linearMove[i] = linearMove;
            d.maxAngularMagnitude[i] = maxMagnitude;
            d.angularLimitClampApplied[i] = clamped;
        }
        BODY.solverTranslate(b, normalX, normalY, normalZ, linearMove);
        BODY.solverRotate(b, ax, ay, az, 1.0);
        if (!b.isAwake()) {
            BODY.calculateDerivedData(b);
        }
    }

    /**
     * Removes penetration by plain linear projection, as 2D engines do: the correction
     * {@code max(penetration − slop, 0) · fraction} is shared between the bodies in proportion to
     * their inverse masses, with no rotation.
     *
     * @param linearChange receives the translations (body 0 in [0..2], body 1 in [3..5]), m
     * @param angularChange set to zero
     * @param penetration the depth to remove, m
     * @param slop the penetration left alone, m
     * @param fraction the share of the remaining depth removed, in (0, 1]
     */
    public void applyLinearPositionChange(double[] linearChange, double[] angularChange, double penetration,
            double slop, double fraction) {
        Internals st = prepared();
        for (int k = 0; k < 6; k++) {
            linearChange[k] = 0;
            angularChange[k] = 0;
        }
        double im0 = body0.inverseMass();
        double im1 = body1Moves(st) ? body1.inverseMass() : 0;
        double total = im0 + im1;
        double correction = Math.max(penetration - slop, 0) * fraction;
        if (!(total > 0) || correction == 0) {
            return;
        }
        double move0 = correction * (im0 / total);
        linearChange[0] = normalX * move0;
        linearChange[1] = normalY * move0;
        linearChange[2] = normalZ * move0;
        BODY.solverTranslate(body0, normalX, normalY, normalZ, move0);
        if (!body0.isAwake()) {
            BODY.calculateDerivedData(body0);
        }
        if (body1Moves(st)) {
            double move1 = -correction * (im1 / total);
            linearChange[3] = normalX * move1;
            linearChange[4] = normalY * move1;
            linearChange[5] = normalZ * move1;
            BODY.solverTranslate(body1, normalX, normalY, normalZ, move1);
            if (!body1.isAwake()) {
                BODY.calculateDerivedData(body1);
            }
        }
    }

    // ------------------------------------------------------------------ resolver updates

    /**
     * Updates the penetration after a body of this contact moved (Cyclone's position-pass
     * update): {@code penetration ∓= (Δp + Δθ × r_b)·n}, minus for body 0, plus for body 1.
     *
     * @param b which body of this contact moved (0 or 1)
     * @param lx the body's translation x, m
     * @param ly the body's translation y, m
     * @param lz the body's translation z, m
     * @param ax the body's rotation vector x, rad
     * @param ay the body's rotation vector y, rad
     * @param az the body's rotation vector z, rad
     */
    public void updatePenetration(int b, double lx, double ly, double lz, double ax, double ay, double az) {
        Internals st = prepared();
        double rx, ry, rz;
        if (b == 0) {
            rx = st.r0x;
            ry = st.r0y;
            rz = st.r0z;
        } else {
            rx = st.r1x;
            ry = st.r1y;
            rz = st.r1z;
        }
        double dx = lx + (ay * rz - az * ry);
        double dy = ly + (az * rx - ax * rz);
        double dz = lz + (ax * ry - ay * rx);
        penetration += (dx * normalX + dy * normalY + dz * normalZ) * (b == 1 ? 1.0 : -1.0);
    }

    /**
     * Updates the contact velocity after an impulse changed a body of this contact (Cyclone's
     * velocity-pass update), then recomputes the desired delta velocity.
     *
     * @param b which body of this contact changed (0 or 1)
     * @param vx the body's change of velocity x, m/s
     * @param vy the body's change of velocity y, m/s
     * @param vz the body's change of velocity z, m/s
     * @param wx the body's change of angular velocity about world x, rad/s
     * @param wy the body's change of angular velocity about world y, rad/s
     * @param wz the body's change of angular velocity about world z, rad/s
     * @param duration the step, s
     * @param velocityLimit closing speed below which restitution is off, m/s
     */
    public void updateContactVelocity(int b, double vx, double vy, double vz, double wx, double wy, double wz,
            double duration, double velocityLimit) {
        Internals st = prepared();
        double rx, ry, rz;
        if (b == 0) {
            rx = st.r0x;
            ry = st.r0y;
            rz = st.r0z;
        } else {
            rx = st.r1x;
            ry = st.r1y;
            rz = st.r1z;
        }
        double dx = vx + (wy * rz - wz * ry);
        double dy = vy + (wz * rx - wx * rz);
        double dz = vz + (wx * ry - wy * rx);
        double[] m = st.contactToWorld;
        double s = b == 1 ? -1.0 : 1.0;
        st.cvx += (dx * m[0] + dy * m[3] + dz * m[6]) * s;
        st.cvy += (dx * m[1] + dy * m[4] + dz * m[7]) * s;
        st.cvz += (dx * m[2] + dy * m[5] + dz * m[8]) * s;
        calculateDesiredDeltaVelocity(duration, velocityLimit);
    }

    @Override
    public String toString() {
        return "Contact[point=" + point() + ", normal=" + normal() + ", penetration=" + penetration + ", friction="
                + friction + ", restitution=" + restitution + "]";
    }
}
