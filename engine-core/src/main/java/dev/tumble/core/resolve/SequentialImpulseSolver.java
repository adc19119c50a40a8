package dev.tumble.core.resolve;

import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.world.ResolverSettings;
import dev.tumble.core.world.SequentialImpulseSettings;
import java.util.Arrays;

/**
 * A sequential-impulse contact solver (Catto, Box2D-Lite and Box2D v2) behind the
 * {@link ContactResolver} interface: accumulated impulses clamped (normal ≥ 0, friction inside the
 * circle of radius {@code μ·Σλn}), warm starting, restitution above a threshold, and position
 * correction by a nonlinear Gauss-Seidel position pass (default) or split impulses. See
 * {@code docs/solvers.md}.
 *
 * <p><b>Manifolds.</b> The solver works one manifold at a time: a run of up to four adjacent
 * contacts of one body pair. Its normal constraints are solved as a block (a few Gauss-Seidel
 * passes over the manifold's own n×n effective-mass matrix, in scalar space, then one impulse per
 * contact to the bodies); its friction is a patch at the contacts' centroid (two tangent rows and
 * a twist row about the normal, limited by {@code μ·Σλn} and {@code μ·Σλn·r}, r the contacts'
 * mean distance from the centroid). Both body velocities stay in registers while a manifold is
 * solved.
 *
 * <p><b>One call.</b> (1) Wake: a sleeping body touching an awake dynamic or kinematic body is
 * woken (Millington's {@code matchAwakeState}, repeated to a fixed point); static bodies never wake
 * anything. Bodies that are static, kinematic, asleep or of inverse mass 0 are immovable this call.
 * (2) Prepare each contact and manifold: lever arms, effective masses, restitution target from the
 * pre-solve closing speed, the friction patch. (3) Warm start. (4) {@code velocityIterations}
 * sweeps over the manifolds, alternately forward and backward. (5) Optionally move bodies by the
 * velocity change times {@code dt} (see {@link SequentialImpulseSettings#impulseRepositioning()}).
 * (6) Position correction.
 *
 * <p><b>Joints.</b> A joint's held points, hinges and rods, recognised among its contacts, are
 * solved as exact bilateral blocks before the manifolds in every sweep and corrected in the
 * position pass (see {@link JointBlocks}); its other contacts (cables, limits) are contacts.
 *
 * <p><b>Contact basis.</b> The normal {@code n} is the contact's (from body 1 to body 0); the
 * tangents reported per contact are a deterministic, continuous function of {@code n} alone (see
 * {@link #tangentBasis}), so a persistent contact whose normal turns slowly keeps a slowly
 * turning basis and cached tangent impulses stay meaningful. The impulse {@code +P} acts on body 0
 * and {@code −P} on body 1. Body 0 may be {@code null}, like body 1: a missing body is the static
 * world. Contacts are read, never modified.
 *
 * <p><b>Warm starting.</b> Before a call the owner may give, per contact index of the array it
 * will pass, last step's accumulated impulses with {@link #setWarmStart}; after the call it reads
 * {@link #accumulatedImpulse} to store in its cache. Values set are consumed by the next call. The
 * patch friction is reported as per-contact tangent impulses whose sum is the patch's tangent
 * impulse and whose moment about the centroid is its twist impulse, so nothing is lost between
 * steps when the contacts persist.
 *
 * <p>Deterministic (fixed order, no transcendental functions besides {@code sqrt}); no allocation
 * per call once the internal arrays have grown. Not thread-safe.
 */
public final class SequentialImpulseSolver implements ContactResolver {
    private static final BodyAccess BODY = BodyAccess.get();

    /** Reference direction from which tangents are built: a unit vector far from common normals. */
    private static final double AX = 0.48, AY = 0.6, AZ = 0.64;
    /** Second reference, used when the normal is within about 8° of the first. */
    private static final double BX = 0.8, BY = -0.6, BZ = 0.0;
    /** {@code |n × a|²} below which the second reference is used. */
    private static final double REFERENCE_SWITCH = 0.02;
    /** Most contacts solved as one block; a longer run of one pair's contacts is split. */
    static final int MAX_MANIFOLD = 4;

    private final SequentialImpulseSettings settings;
    private final ResolverSettings description;
    private ResolverObserver observer;
    private int positionIterationsUsed;
    private int velocityIterationsUsed;
    private int shockPassesUsed;

    // ---- per contact (capacity cap)
    private int cap;
    /** Body slots; slot 0 is the static world (zero velocity, inverse mass and inertia). */
    private int[] i0 = new int[0], i1 = new int[0];
    /**
     * Lever arms r0, r1 (3 each), normal, fixed-basis t0, t1 (3 each), offset from the manifold's
     * centroid projected on its plane (3).
     */
    private double[] geo = new double[0];
    private static final int GEO = 18;
    /**
     * Per contact, what a velocity sweep reads, side by side: r0×n (0), I0⁻¹(r0×n) (3), r1×n (6),
     * I1⁻¹(r1×n) (9), n (12); 16 doubles so a record spans two cache lines.
     */
    private double[] ang = new double[0];
    private static final int ANG = 16;
    /** Normal effective mass 1/K, kg. */
    private double[] mass = new double[0];
    /** Accumulated normal impulse, N·s. */
    private double[] lambda = new double[0];
    /** Row of the manifold's normal effective-mass matrix: K[i][j] at MAX_MANIFOLD·c + j. */
    private double[] coupling = new double[0];
    /** Warm starts given for the next call: λn, λt0, λt1 per contact. */
    private double[] warm = new double[0];
    /** Tangent impulses per contact after the call, in the fixed basis. */
    private double[] tangentOut = new double[0];
    private double[] bias = new double[0];
    /** Body-local contact point on body 0 and on body 1 (world when body 1 is absent), normal in body 1's frame. */
    private double[] local = new double[0];
    private static final int LOC = 9;
    private double[] pseudoLambda = new double[0];
    /** Per contact: written by a joint (not held in the shock sweep). */
    private boolean[] jointContact = new boolean[0];
    private double[] pseudoTargets = new double[0];

    // ---- per manifold (at most one per contact)
    private int manifoldCount;
    private int[] first = new int[0], size = new int[0];
    /**
     * The friction patch: normal (0), solving tangents T0 (3), T1 (6); per tangent row
     * r0×T, I0⁻¹(r0×T), r1×T, I1⁻¹(r1×T) (9 and 21); I0⁻¹n (33), I1⁻¹n (36); masses of T0, T1,
     * twist (39); accumulated impulses (42); μ (45); twist radius (46); Σ|d⊥|² (47); 1 when every
     * contact has the first one's normal, so a sweep reads the linear relative speed once (48).
     */
    private double[] patch = new double[0];
    private static final int PATCH = 49;
    /**
     * Per four-contact manifold: the pseudo-inverse of its normal block K (16), or NaN in the
     * first entry when the block has no exact solve (see {@link #preparePseudoInverse}).
     */
    private double[] pinv = new double[0];
    /** Per four-contact manifold with an exact solve: the unit null vector u of its normal block (4). */
    private double[] nullVector = new double[0];
    private final double[] s16 = new double[16], s4 = new double[4];
    private static final int P_T0 = 3, P_T1 = 6, P_ROW0 = 9, P_ROW1 = 21, P_TWIST0 = 33, P_TWIST1 = 36,
            P_MASS = 39, P_LAMBDA = 42, P_MU = 45, P_RADIUS = 46, P_SPREAD = 47, P_SHARED = 48;

    // ---- per body (slot 0 = static world)
    private int bodyCount;
    private RigidBody[] bodies = new RigidBody[0];
    private boolean[] movable = new boolean[0];
    private double[] im = new double[0];
    private double[] inertia = new double[0];
    private double[] vel = new double[0];
    private double[] vel0 = new double[0];
    /** Per slot the velocities the energy guard was given (to move bodies by what it took off). */
    private double[] guarded = new double[0];
    /** Per slot the pose before the position pass (for {@link #scaleBackPositions}). */
    private double[] posePre = new double[0];
    private double[] pseudo = new double[0];
    /** Per body slot: position x, y, z and orientation w, x, y, z, moved here and written back once. */
    private double[] pose = new double[0];
    /** Per body slot: the position the body came to the solver with (for the energy guard). */
    private double[] start = new double[0];
    private static final int POSE = 7;
    /** Doubles per body slot in the pose table (for {@link JointBlocks}). */
    static final int POSE_STRIDE = POSE;
    /**
     * Gauss-Seidel passes over a manifold's normals in the shock sweep: the fewest that hold a
     * settled stack's top as still as more passes do; fewer let tall stacks wander and lean.
     */
    private static final int SHOCK_PASSES = 3;
    /**
     * A manifold's shock passes stop once one changed no contact's velocity by more than this
     * share of {@link SequentialImpulseSettings#velocityTolerance()}: most manifolds of a settled
     * stack then stop after one pass. A tenth of the tolerance, because nothing after the shock
     * sweep corrects what it leaves: with a larger share whether a settled stack's last slow
     * motion dies out depends on the share chaotically, and a box may keep trembling; smaller
     * shares only cost time again. 0 runs every pass.
     */
    static final double SHOCK_TOLERANCE_SHARE = 0.1;
    /**
     * Body → slot for bodies this call met that {@link #bySlotOfWorld} cannot hold (in no world,
     * or sharing a world index with a body of another world): open addressing, −1 empty, filled
     * on first use in a call.
     */
    private int[] table = new int[64];
    private int tableMask;
    private int tableNeed;
    private boolean tableReady;
    /**
     * Body → slot by the body's world index ({@link RigidBody#worldIndex()}): entry w holds a
     * slot when {@code stampOfWorld[w] == stamp}, so a new call starts empty without a fill.
     */
    private int[] bySlotOfWorld = new int[0];
    private int[] stampOfWorld = new int[0];
    private int stamp;

    private final double[] basis = new double[6];
    /** preparePatch's fixed tangent basis. */
    private final double[] tangents = new double[6];
    private final double[] s9 = new double[9];
    private final RestitutionLimit restitutionLimit = new RestitutionLimit();
    /** Per manifold solve: normal relative velocities and impulse increments of its contacts. */
    private final double[] vn = new double[MAX_MANIFOLD], increment = new double[MAX_MANIFOLD];

    /** A solver with the default settings. */
    public SequentialImpulseSolver() {
        this(SequentialImpulseSettings.DEFAULTS);
    }

    /**
     * A solver with the given settings.
     *
     * @param settings the settings, not null
     */
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

    /**
     * @return the shock sweep's passes over manifolds' normal contacts in the last call, summed
     *     over manifolds (see {@link SequentialImpulseSettings#velocityTolerance()})
     */
    public int shockPassesUsed() {
        return shockPassesUsed;
    }

    // ------------------------------------------------------------------ warm-start API

    /**
     * Gives contact {@code index} of the next call its starting impulses, N·s: along the normal
     * and along the tangents {@link #tangentBasis} derives from the contact's normal. Applied
     * (times the warm-start factor) only if warm starting is on; consumed by the next call.
     *
     * @param index the contact's index in the next call
     * @param normalImpulse along the normal, N·s
     * @param tangentImpulse0 along the first tangent, N·s
     * @param tangentImpulse1 along the second tangent, N·s
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
    }

    /** Forgets every warm start given since the last call. */
    public void clearWarmStarts() {
        Arrays.fill(warm, 0);
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
        return k == 0 ? lambda[index] : tangentOut[2 * index + k - 1];
    }

    private int lastCount;


    /**
     * The tangent basis the solver uses for a unit normal {@code n}: {@code t0} is the reference
     * direction {@code a = (0.48, 0.6, 0.64)} with its normal component removed, normalised (or
     * {@code b = (0.8, −0.6, 0)} when {@code |n × a|² < 0.02}); {@code t1 = n × t0}. It depends on
     * {@code n} only and is continuous except near {@code ±a}, a direction no axis-aligned or
     * gravity-aligned normal comes close to.
     *
     * @param nx the unit normal x
     * @param ny the unit normal y
     * @param nz the unit normal z
     * @param dest6 receives t0 in [0..2] and t1 in [3..5]
     * @return {@code dest6}
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
        shockPassesUsed = 0;
        AbstractContactResolver.validate(contacts, count, duration);
        ensureContacts(count);
        lastCount = count;
        wake(contacts, count);
        gatherBodies(contacts, count);
        findJoints(contacts, count);
        prepare(contacts, count, duration);
        prepareJoints(contacts);
        if (observer != null) {
            observer.afterPrepare(contacts, count);
        }
        warmStartAll();
        solveVelocities();
        if (settings.shockPropagation() && rankManifolds()) {
            propagateShock();
        }
        reportImpulses();
        joints.report(lambda, tangentOut);
        storeVelocities();
        if (settings.impulseRepositioning()) {
            reposition(duration);
            // The guard on the velocities, with the bodies where they take them: a velocity it
            // takes off is taken off the step's motion too, before the position pass (which then
            // mends joints and contacts at the poses the bodies really end at). Checked only after
            // the position pass, a body the guard stopped would keep the lift of the velocity it
            // no longer has, and with it energy the step never paid for.
            if (settings.energyGuard()) {
                System.arraycopy(vel, 0, guarded, 0, 6 * bodyCount);
                if (energyGuard.apply(bodies, bodyCount, movable, im, vel0, inertia, start, vel, pose, POSE, inertia, i0, i1,
                        count, EnergyGuard.SLOP_LIFTS * settings.linearSlop(), duration, true)) {
                    storeVelocities();
                    followGuard(duration);
                }
            }
        }
        boolean positionPass = settings.positionIterations() > 0
                && settings.positionCorrection() != SequentialImpulseSettings.PositionCorrection.NONE;
        if (positionPass && settings.energyGuard()) {
            System.arraycopy(pose, 0, posePre, 0, POSE * bodyCount);
        }
        if (settings.positionIterations() > 0) {
            switch (settings.positionCorrection()) {
                case NONLINEAR_GAUSS_SEIDEL -> solvePositions(count);
                case SPLIT_IMPULSE -> splitImpulses(count, duration);
                default -> {
                }
            }
        }
        writePoses();
        clearSweptBack();
        if (settings.energyGuard()) {
            System.arraycopy(vel, 0, guarded, 0, 6 * bodyCount);
            if (guardEnergy(duration)) {
                storeVelocities();
            }
            if (positionPass && energyGuard.remaining() > 0) {
                scaleBackPositions(duration);
            }
        }
        if (observer != null) {
            observer.afterPositions(contacts, count);
        }
        Arrays.fill(warm, 0, 3 * count, 0);
        Arrays.fill(bodies, 0, bodyCount, null);
        joints.unbind();
    }

    private void warmStartAll() {
        joints.warmStart();
        for (int m = 0; m < manifoldCount; m++) {
            warmStart(m);
        }
    }

    /** The velocity sweeps, alternating direction, until converged or out of iterations. */
    private void solveVelocities() {
        int minSweeps = Math.min(settings.minVelocityIterations(), settings.velocityIterations());
        for (int it = 0; it < settings.velocityIterations(); it++) {
            boolean backward = (it & 1) == 1;
            // Joints first in each sweep (Box2D's order): contacts then see the joints' result.
            residual = joints.solveVelocities(backward);
            // Manifolds from the last when backward.
            for (int k = 0; k < manifoldCount; k++) {
                solve(backward ? manifoldCount - 1 - k : k, backward);
            }
            velocityIterationsUsed++;
            if (it + 1 >= minSweeps && residual <= settings.velocityTolerance()) {
                break;
            }
        }
    }

    private void propagateShock() {
        for (int k = 0; k < manifoldCount; k++) {
            shockManifold(byRank[k]);
        }
    }

    private void reportImpulses() {
        for (int m = 0; m < manifoldCount; m++) {
            clampPatch(m);
            reportFriction(m);
        }
    }

    /**
     * What continuous collision took off is accounted for (repositioning put it back, or the pose
     * is kept): the world undoes the pull-back of swept bodies no solve saw.
     */
    private void clearSweptBack() {
        for (int b = 1; b < bodyCount; b++) {
            if (movable[b]) {
                RigidBody body = bodies[b];
                if (BODY.sweptBackX(body) != 0 || BODY.sweptBackY(body) != 0 || BODY.sweptBackZ(body) != 0) {
                    BODY.sweptBack(body, 0, 0, 0);
                }
            }
        }
    }

    // ------------------------------------------------------------------ joints (see JointBlocks)

    /** The joints' bilateral blocks: held points, hinges and rods, solved exactly per visit. */
    private final JointBlocks joints = new JointBlocks();
    /**
     * Most a joint's position sweep moves a body's centre (m) and turns it (rad): 1 cm and 0.05 rad
     * per sweep (4 cm, 0.2 rad per step with 4 sweeps). Drift of a working joint is far below
     * that; a joint torn open by a collision or a mass ratio the sweeps cannot carry closes over a
     * few steps instead of flinging a light body (through the ground, often).
     */
    static final double JOINT_MAX_CORRECTION = 0.01, JOINT_MAX_ANGLE = 0.05;

    /** Finds the joints' blocks among the contacts (their contacts leave the manifolds). */
    private void findJoints(Contact[] contacts, int count) {
        joints.bind(vel, im, inertia, movable, pose);
        joints.find(contacts, settings.jointBlocks() ? count : 0, i0, i1);
    }

    private void prepareJoints(Contact[] contacts) {
        joints.prepare(contacts, warm, settings.warmStarting() ? settings.warmStartFactor() : 0);
    }

    /** One position sweep over the joints; @return whether their errors were within tolerance. */
    private boolean solveJointPositions() {
        if (joints.count() == 0) {
            return true;
        }
        return joints.solvePositions(1.0, JOINT_MAX_CORRECTION, JOINT_MAX_ANGLE) <= 3 * settings.linearSlop();
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
        // Slot 0 is the static world: contacts with a missing body read zero velocity from it and
        // its zero inverse mass and inertia leave it unchanged, so the solve needs no branches.
        bodyCount = 1;
        ensureBodies(1);
        bodies[0] = null;
        movable[0] = false;
        im[0] = 0;
        Arrays.fill(inertia, 0, 9, 0);
        Arrays.fill(vel, 0, 6, 0);
        Arrays.fill(vel0, 0, 6, 0);
        Arrays.fill(pseudo, 0, 6, 0);
        Arrays.fill(pose, 0, POSE, 0);
        pose[3] = 1;
        // At most two bodies per contact: the table stays at most a quarter full.
        tableNeed = Integer.highestOneBit(Math.max(32, count * 4)) << 1;
        tableReady = false;
        if (++stamp == 0) {
            Arrays.fill(stampOfWorld, 0);
            stamp = 1;
        }
        for (int c = 0; c < count; c++) {
            i0[c] = indexOf(contacts[c].body0());
            i1[c] = indexOf(contacts[c].body1());
        }
    }

    /**
     * The body's slot, given one on first sight. A body of a world is found by its world index,
     * with no hashing (the lookup runs twice per contact); others through {@link #table}.
     */
    private int indexOf(RigidBody b) {
        if (b == null) {
            return 0;
        }
        int w = b.worldIndex();
        if (w >= 0 && w < stampOfWorld.length && stampOfWorld[w] == stamp) {
            int e = bySlotOfWorld[w];
            if (bodies[e] == b) {
                return e;
            }
        }
        return indexOfOther(b, w);
    }

    /** {@link #indexOf} for a body not found by its world index: looked up in, or added to, a slot. */
    private int indexOfOther(RigidBody b, int w) {
        if (w >= 0 && (w >= stampOfWorld.length || stampOfWorld[w] != stamp)) {
            if (w >= stampOfWorld.length) {
                int n = Math.max(w + 1, 2 * stampOfWorld.length);
                stampOfWorld = Arrays.copyOf(stampOfWorld, n);
                bySlotOfWorld = Arrays.copyOf(bySlotOfWorld, n);
            }
            int k = addBody(b);
            stampOfWorld[w] = stamp;
            bySlotOfWorld[w] = k;
            return k;
        }
        if (!tableReady) {
            int need = tableNeed;
            if (table.length < need) {
                table = new int[need];
            }
            Arrays.fill(table, 0, need, -1);
            tableMask = need - 1;
            tableReady = true;
        }
        int mask = tableMask;
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
        int k = addBody(b);
        table[slot] = k;
        return k;
    }

    /** Gives body b the next slot and loads its mass, inertia, velocities and pose. @return the slot */
    private int addBody(RigidBody b) {
        int k = bodyCount++;
        ensureBodies(bodyCount);
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
        int o = 6 * k;
        loadVelocities(b, vel, o);
        System.arraycopy(vel, o, vel0, o, 6);
        Arrays.fill(pseudo, o, o + 6, 0);
        int p = POSE * k;
        b.getPose(pose, p); // x, y, z, then w, x, y, z: the layout of pose
        // The guard's balance starts where integration put the body: a pull-back by continuous
        // collision is no lift the body earned (repositioning undoes it), and counted from the
        // pulled-back pose its undoing would look like work done on the body.
        start[3 * k] = pose[p] + BODY.sweptBackX(b);
        start[3 * k + 1] = pose[p + 1] + BODY.sweptBackY(b);
        start[3 * k + 2] = pose[p + 2] + BODY.sweptBackZ(b);
        return k;
    }


    /** The energy guard ({@link SequentialImpulseSettings#energyGuard()}). */
    private final EnergyGuard energyGuard = new EnergyGuard();

    /** Body b's velocity and angular velocity into dest[o..o+6) (m/s, rad/s): the layout of {@code vel}. */
    static void loadVelocities(RigidBody b, double[] dest, int o) {
        b.getVelocities(dest, o);
    }

    /**
     * Writes solved velocities {@code vel[o..o+6)} (m/s, rad/s) to {@code body} without the
     * setters' checks, waking it as they would: a non-finite result is the quarantine's to catch
     * after the solve, not an exception half-way through the step.
     */
    static void storeVelocities(RigidBody body, double[] vel, int o) {
        BODY.solverVelocities(body, vel[o], vel[o + 1], vel[o + 2], vel[o + 3], vel[o + 4], vel[o + 5]);
        if (!body.isAwake() && body.type() == BodyType.DYNAMIC) {
            body.setAwake(true);
        }
    }

    private void storeVelocities() {
        for (int b = 1; b < bodyCount; b++) {
            if (movable[b]) {
                int o = 6 * b;
                storeVelocities(bodies[b], vel, o);
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
            s += BODY.sweptBackX(b0) * nx + BODY.sweptBackY(b0) * ny + BODY.sweptBackZ(b0) * nz;
        }
        if (b1 != null) {
            s -= BODY.sweptBackX(b1) * nx + BODY.sweptBackY(b1) * ny + BODY.sweptBackZ(b1) * nz;
        }
        return s;
    }

    private void writePoses() {
        for (int b = 1; b < bodyCount; b++) {
            if (movable[b]) {
                int p = POSE * b;
                BODY.solverPose(bodies[b], pose[p], pose[p + 1], pose[p + 2], pose[p + 3], pose[p + 4], pose[p + 5], pose[p + 6]);
                BODY.calculateDerivedData(bodies[b]);
            }
        }
    }

    /** The energy guard at the final poses (the position pass's moves included). */
    private boolean guardEnergy(double dt) {
        return energyGuard.apply(bodies, bodyCount, movable, im, vel0, inertia, start, vel, pose, POSE, null, i0, i1, lastCount,
                EnergyGuard.SLOP_LIFTS * settings.linearSlop(), dt);
    }

    /**
     * The position pass lifted the island by more than all its motion can pay for (bodies that
     * came to rest a few millimetres deep and are lifted out in one step): its moves are scaled
     * back, to the share the energy allows (the work is linear in the share), or if that still
     * gains, taken back whole; the guard then runs again from the velocities it was first given.
     * What is left of the overlap is corrected in later steps, as the energy allows.
     */
    private void scaleBackPositions(double dt) {
        double work = 0;
        for (int b = 1; b < bodyCount; b++) {
            if (movable[b]) {
                int p = POSE * b;
                RigidBody body = bodies[b];
                work -= (body.lastFrameAccelerationX() * (pose[p] - posePre[p])
                        + body.lastFrameAccelerationY() * (pose[p + 1] - posePre[p + 1])
                        + body.lastFrameAccelerationZ() * (pose[p + 2] - posePre[p + 2])) / im[b];
            }
        }
        double share = work > energyGuard.remaining() ? 1 - energyGuard.remaining() / work : 0;
        for (int attempt = 0; attempt < 2; attempt++) {
            for (int b = 1; b < bodyCount; b++) {
                if (movable[b]) {
                    for (int p = POSE * b, e = p + POSE; p < e; p++) {
                        pose[p] = posePre[p] + share * (pose[p] - posePre[p]);
                    }
                }
            }
            writePoses();
            System.arraycopy(guarded, 0, vel, 0, 6 * bodyCount);
            guardEnergy(dt);
            storeVelocities();
            if (share == 0 || !(energyGuard.remaining() > 0)) {
                return;
            }
            share = 0;
        }
    }

    /**
     * After the energy guard scaled the velocities: moves and turns each body by what that took off
     * times the step, so it still ends where its velocity takes it (as {@link #reposition} put it).
     */
    private void followGuard(double dt) {
        for (int b = 1; b < bodyCount; b++) {
            if (movable[b]) {
                int o = 6 * b;
                move(b, vel[o] - guarded[o], vel[o + 1] - guarded[o + 1], vel[o + 2] - guarded[o + 2], dt);
                turn(b, vel[o + 3] - guarded[o + 3], vel[o + 4] - guarded[o + 4], vel[o + 5] - guarded[o + 5], dt);
            }
        }
    }

    private void reposition(double dt) {
        for (int b = 1; b < bodyCount; b++) {
            if (movable[b]) {
                int o = 6 * b;
                // Where Box2D's order puts the body: start + v_after·dt. The body now sits at
                // start + v_before·dt − sweptBack, hence Δv·dt plus what the sweep took off.
                RigidBody body = bodies[b];
                move(b, vel[o] - vel0[o] + BODY.sweptBackX(body) / dt, vel[o + 1] - vel0[o + 1] + BODY.sweptBackY(body) / dt,
                        vel[o + 2] - vel0[o + 2] + BODY.sweptBackZ(body) / dt, dt);
                turn(b, vel[o + 3] - vel0[o + 3], vel[o + 4] - vel0[o + 4], vel[o + 5] - vel0[o + 5], dt);
            }
        }
    }

    // ------------------------------------------------------------------ prepare

    private void prepare(Contact[] contacts, int count, double duration) {
        boolean warmStarting = settings.warmStarting();
        double warmFactor = settings.warmStartFactor();
        for (int c = 0; c < count; c++) {
            prepareContact(contacts[c], c, duration, warmStarting, warmFactor);
        }
        groupManifolds(contacts, count, warmStarting ? warmFactor : 0);
    }

    /** Contact c's arms, normal, tangent basis, effective mass, bias and warm start. */
    private void prepareContact(Contact contact, int c, double duration, boolean warmStarting, double warmFactor) {
        double threshold = settings.restitutionThreshold();
        RigidBody b0 = contact.body0(), b1 = contact.body1();
        double nx = contact.normalX(), ny = contact.normalY(), nz = contact.normalZ();
        int g = GEO * c;
        if (b0 != null) {
            geo[g] = contact.pointX() - b0.positionX();
            geo[g + 1] = contact.pointY() - b0.positionY();
            geo[g + 2] = contact.pointZ() - b0.positionZ();
        } else {
            geo[g] = geo[g + 1] = geo[g + 2] = 0;
        }
        if (b1 != null) {
            geo[g + 3] = contact.pointX() - b1.positionX();
            geo[g + 4] = contact.pointY() - b1.positionY();
            geo[g + 5] = contact.pointZ() - b1.positionZ();
        } else {
            geo[g + 3] = geo[g + 4] = geo[g + 5] = 0;
        }
        geo[g + 6] = nx;
        geo[g + 7] = ny;
        geo[g + 8] = nz;
        ang[ANG * c + 12] = nx;
        ang[ANG * c + 13] = ny;
        ang[ANG * c + 14] = nz;
        // A clipped face's contacts share one normal: its basis is worked out once.
        if (c == 0 || nx != geo[g - GEO + 6] || ny != geo[g - GEO + 7] || nz != geo[g - GEO + 8]) {
            tangentBasis(nx, ny, nz, basis);
        }
        System.arraycopy(basis, 0, geo, g + 9, 6);
        int a0 = i0[c], a1 = i1[c];
        double k = im[a0] + im[a1]
                + angular(ang, ANG * c, a0, geo[g], geo[g + 1], geo[g + 2], nx, ny, nz)
                + angular(ang, ANG * c + 6, a1, geo[g + 3], geo[g + 4], geo[g + 5], nx, ny, nz);
        mass[c] = k > 0 ? 1.0 / k : 0;
        double vn = normalVelocity(vel, c);
        double penetration = contact.penetration();
        // Separation before this step's motion: with impulse repositioning, positions end where
        // Box2D's order (x_prev + v_after * dt) puts them, so a contact that was still open at
        // the start of the step may close exactly (speculative contact), no more.
        double separation = settings.impulseRepositioning()
                ? -penetration - vn * duration + sweptBackAlong(b0, b1, nx, ny, nz) : -penetration;
        // Restitution only for contacts already touching, from the pre-solve closing speed,
        // lowered where with friction it would add energy (RestitutionLimit).
        double bounce = vn < -threshold ? -restitutionLimit.restitution(contact.restitution(), contact.friction(),
                vel, inertia, im, a0, a1, geo, g) * vn : 0;
        if (separation > 0) {
            // Arriving this step: close the gap exactly, or bounce where it closes (RestitutionLimit).
            bias[c] = bounce > 0 ? RestitutionLimit.arrivingBounce(separation, vn, bounce, duration, b0, b1,
                    nx, ny, nz)
                    : -separation / duration;
        } else {
            bias[c] = bounce > 0 ? RestitutionLimit.bounce(vn, bounce, duration, b0, b1, nx, ny, nz) : 0;
        }
        lambda[c] = warmStarting ? Math.max(0, warm[3 * c] * warmFactor) : 0;
        pseudoLambda[c] = 0;
        jointContact[c] = contact.isJoint();
        if (settings.positionCorrection() != SequentialImpulseSettings.PositionCorrection.NONE
                && settings.positionIterations() > 0) {
            storeLocal(c, contact, nx, ny, nz, contact.penetration());
        }
    }

    /** Groups runs of up to four contacts on one body pair into manifolds and prepares their blocks. */
    private void groupManifolds(Contact[] contacts, int count, double warmFactor) {
        manifoldCount = 0;
        int c = 0;
        while (c < count) {
            if (joints.blockOf(c) >= 0) {
                c++;
                continue;
            }
            int e = c;
            while (e + 1 < count && e + 1 - c < MAX_MANIFOLD && i0[e + 1] == i0[c] && i1[e + 1] == i1[c]
                    && joints.blockOf(e + 1) < 0 && jointContact[e + 1] == jointContact[c]) {
                e++;
            }
            int m = manifoldCount++;
            first[m] = c;
            size[m] = e - c + 1;
            prepareCoupling(m);
            preparePatch(contacts, m, warmFactor);
            if (size[m] == MAX_MANIFOLD) {
                preparePseudoInverse(m);
            }
            c = e + 1;
        }
    }

    /** The manifold's normal effective-mass matrix, K[i][j] = J_i M⁻¹ J_jᵀ (symmetric: one half computed). */
    private void prepareCoupling(int m) {
        int f = first[m], n = size[m];
        double imSum = im[i0[f]] + im[i1[f]];
        double[] A = ang, K = coupling;
        for (int i = 0; i < n; i++) {
            int ai = ANG * (f + i), ki = MAX_MANIFOLD * (f + i);
            for (int j = i; j < n; j++) {
                int aj = ANG * (f + j);
                double k = imSum * (A[ai + 12] * A[aj + 12] + A[ai + 13] * A[aj + 13] + A[ai + 14] * A[aj + 14])
                        + A[ai] * A[aj + 3] + A[ai + 1] * A[aj + 4] + A[ai + 2] * A[aj + 5]
                        + A[ai + 6] * A[aj + 9] + A[ai + 7] * A[aj + 10] + A[ai + 8] * A[aj + 11];
                K[ki + j] = k;
                K[MAX_MANIFOLD * (f + j) + i] = k;
            }
        }
    }

    /**
     * The pseudo-inverse of a four-contact face manifold's normal block. Four contacts on one
     * plane with one normal constrain only three motions (push along n, tip about two in-plane
     * axes), so K is singular; its null vector u is the set of impulses with no net force or
     * moment: Σu_i = 0, Σu_i·x_i = Σu_i·y_i = 0 for the contacts' in-plane coordinates. Then
     * K⁺ = (K + s·uuᵀ)⁻¹ − uuᵀ/s for any s > 0 (s = trace/4 keeps it well scaled). Marked
     * unusable (NaN) when the contacts do not span a plane.
     */
    private void preparePseudoInverse(int m) {
        int f = first[m], q = PATCH * m, o = 16 * m;
        double[] P = patch;
        double x0, x1, x2, x3, y0, y1, y2, y3;
        {
            int g0 = GEO * f + 15, g1 = g0 + GEO, g2 = g1 + GEO, g3 = g2 + GEO;
            double ax = P[q + P_T0], ay = P[q + P_T0 + 1], az = P[q + P_T0 + 2];
            double bx = P[q + P_T1], by = P[q + P_T1 + 1], bz = P[q + P_T1 + 2];
            x0 = geo[g0] * ax + geo[g0 + 1] * ay + geo[g0 + 2] * az;
            x1 = geo[g1] * ax + geo[g1 + 1] * ay + geo[g1 + 2] * az;
            x2 = geo[g2] * ax + geo[g2 + 1] * ay + geo[g2 + 2] * az;
            x3 = geo[g3] * ax + geo[g3 + 1] * ay + geo[g3 + 2] * az;
            y0 = geo[g0] * bx + geo[g0 + 1] * by + geo[g0 + 2] * bz;
            y1 = geo[g1] * bx + geo[g1 + 1] * by + geo[g1 + 2] * bz;
            y2 = geo[g2] * bx + geo[g2 + 1] * by + geo[g2 + 2] * bz;
            y3 = geo[g3] * bx + geo[g3 + 1] * by + geo[g3 + 2] * bz;
        }
        // u_j = (−1)^j · det of [1; x; y] without column j (the 4-D cross product of its rows).
        double u0 = det3(x1, x2, x3, y1, y2, y3);
        double u1 = -det3(x0, x2, x3, y0, y2, y3);
        double u2 = det3(x0, x1, x3, y0, y1, y3);
        double u3 = -det3(x0, x1, x2, y0, y1, y2);
        double uu = u0 * u0 + u1 * u1 + u2 * u2 + u3 * u3;
        double scale = P[q + P_SPREAD];
        if (!(uu > 1e-12 * scale * scale * scale * scale) || !(scale > 0)) {
            pinv[o] = Double.NaN;
            return;
        }
        double inv = 1.0 / Math.sqrt(uu);
        u0 *= inv;
        u1 *= inv;
        u2 *= inv;
        u3 *= inv;
        double[] u = s4;
        u[0] = u0;
        u[1] = u1;
        u[2] = u2;
        u[3] = u3;
        System.arraycopy(u, 0, nullVector, 4 * m, 4);
        // prepareCoupling wrote K symmetric: its rows are read in place.
        if (!pseudoInverse(coupling, MAX_MANIFOLD * f, nullVector, 4 * m, pinv, o)) {
            pinv[o] = Double.NaN;
        }
    }

    /**
     * {@code K⁺ = (K + s·uuᵀ)⁻¹ − uuᵀ/s} with s = trace(K)/4, for the symmetric 4×4 K at
     * k[ko..ko+16) (row-major; its upper triangle is read) whose null vector is the unit u at u[uo..uo+4), into dest[o..o+16). The
     * shifted matrix is inverted through its LDLᵀ factors, in scalars: a tenth of the work of a
     * general Gauss-Jordan inverse, and it is done for every face manifold every step.
     *
     * @return false when K has no positive trace or the shifted matrix is not positive definite
     */
    static boolean pseudoInverse(double[] k, int ko, double[] u, int uo, double[] dest, int o) {
        double trace = k[ko] + k[ko + 5] + k[ko + 10] + k[ko + 15];
        if (!(trace > 0)) {
            return false;
        }
        double sc = 0.25 * trace;
        double u0 = u[uo], u1 = u[uo + 1], u2 = u[uo + 2], u3 = u[uo + 3];
        double a00 = k[ko] + sc * u0 * u0, a01 = k[ko + 1] + sc * u0 * u1, a02 = k[ko + 2] + sc * u0 * u2;
        double a03 = k[ko + 3] + sc * u0 * u3;
        double a11 = k[ko + 5] + sc * u1 * u1, a12 = k[ko + 6] + sc * u1 * u2, a13 = k[ko + 7] + sc * u1 * u3;
        double a22 = k[ko + 10] + sc * u2 * u2, a23 = k[ko + 11] + sc * u2 * u3;
        double a33 = k[ko + 15] + sc * u3 * u3;
        // A = L·D·Lᵀ with L unit lower triangular.
        double d0 = a00;
        if (!(d0 > 0)) {
            return false;
        }
        double l10 = a01 / d0, l20 = a02 / d0, l30 = a03 / d0;
        double d1 = a11 - l10 * l10 * d0;
        if (!(d1 > 0)) {
            return false;
        }
        double l21 = (a12 - l20 * l10 * d0) / d1, l31 = (a13 - l30 * l10 * d0) / d1;
        double d2 = a22 - l20 * l20 * d0 - l21 * l21 * d1;
        if (!(d2 > 0)) {
            return false;
        }
        double l32 = (a23 - l30 * l20 * d0 - l31 * l21 * d1) / d2;
        double d3 = a33 - l30 * l30 * d0 - l31 * l31 * d1 - l32 * l32 * d2;
        if (!(d3 > 0)) {
            return false;
        }
        // M = L⁻¹ (unit lower triangular), then A⁻¹ = Mᵀ·D⁻¹·M.
        double m10 = -l10, m21 = -l21, m32 = -l32;
        double m20 = -(l20 + l21 * m10), m31 = -(l31 + l32 * m21);
        double m30 = -(l30 + l31 * m10 + l32 * m20);
        double e0 = 1 / d0, e1 = 1 / d1, e2 = 1 / d2, e3 = 1 / d3;
        double i33 = e3;
        double i23 = m32 * e3, i13 = m31 * e3, i03 = m30 * e3;
        double i22 = e2 + m32 * i23;
        double i12 = m21 * e2 + m32 * i13, i02 = m20 * e2 + m32 * i03;
        double i11 = e1 + m21 * m21 * e2 + m31 * i13;
        double i01 = m10 * e1 + m21 * m20 * e2 + m31 * i03;
        double i00 = e0 + m10 * m10 * e1 + m20 * m20 * e2 + m30 * i03;
        double w = 1 / sc;
        double w0 = w * u0, w1 = w * u1, w2 = w * u2, w3 = w * u3;
        double b01 = i01 - w0 * u1, b02 = i02 - w0 * u2, b03 = i03 - w0 * u3;
        double b12 = i12 - w1 * u2, b13 = i13 - w1 * u3, b23 = i23 - w2 * u3;
        dest[o] = i00 - w0 * u0;
        dest[o + 1] = b01;
        dest[o + 2] = b02;
        dest[o + 3] = b03;
        dest[o + 4] = b01;
        dest[o + 5] = i11 - w1 * u1;
        dest[o + 6] = b12;
        dest[o + 7] = b13;
        dest[o + 8] = b02;
        dest[o + 9] = b12;
        dest[o + 10] = i22 - w2 * u2;
        dest[o + 11] = b23;
        dest[o + 12] = b03;
        dest[o + 13] = b13;
        dest[o + 14] = b23;
        dest[o + 15] = i33 - w3 * u3;
        return true;
    }

    private static double det3(double a1, double a2, double a3, double b1, double b2, double b3) {
        // det [1 1 1; a1 a2 a3; b1 b2 b3]
        return (a2 * b3 - a3 * b2) - (a1 * b3 - a3 * b1) + (a1 * b2 - a2 * b1);
    }

    /**
     * The manifold's friction patch at the contacts' centroid: normal, tangents (the first along
     * the pre-solve sliding velocity when there is one), rows, masses, μ, twist radius, and the
     * warm-start impulses gathered from the per-contact ones (times {@code warmFactor}).
     */
    private void preparePatch(Contact[] contacts, int m, double warmFactor) {
        int f = first[m], n = size[m], a = i0[f], b = i1[f];
        int q = PATCH * m;
        double[] P = patch;
        double cx = 0, cy = 0, cz = 0, nx = 0, ny = 0, nz = 0;
        for (int i = f; i < f + n; i++) {
            cx += contacts[i].pointX();
            cy += contacts[i].pointY();
            cz += contacts[i].pointZ();
            int g = GEO * i;
            nx += geo[g + 6];
            ny += geo[g + 7];
            nz += geo[g + 8];
        }
        cx /= n;
        cy /= n;
        cz /= n;
        double len2 = nx * nx + ny * ny + nz * nz;
        if (len2 < 1e-12) {
            int g = GEO * f;
            nx = geo[g + 6];
            ny = geo[g + 7];
            nz = geo[g + 8];
        } else {
            double s = 1.0 / Math.sqrt(len2);
            nx *= s;
            ny *= s;
            nz *= s;
        }
        P[q] = nx;
        P[q + 1] = ny;
        P[q + 2] = nz;
        // Offsets from the centroid in the patch plane; their spread and mean length.
        double spread = 0, radius = 0;
        for (int i = f; i < f + n; i++) {
            double dx = contacts[i].pointX() - cx, dy = contacts[i].pointY() - cy, dz = contacts[i].pointZ() - cz;
            double dn = dx * nx + dy * ny + dz * nz;
            dx -= dn * nx;
            dy -= dn * ny;
            dz -= dn * nz;
            int g = GEO * i + 15;
            geo[g] = dx;
            geo[g + 1] = dy;
            geo[g + 2] = dz;
            double d2 = dx * dx + dy * dy + dz * dz;
            spread += d2;
            radius += Math.sqrt(d2);
        }
        P[q + P_SPREAD] = spread;
        P[q + P_RADIUS] = radius / n;
        P[q + P_MU] = contacts[f].friction();
        P[q + P_SHARED] = sharedNormal(f, n) ? 1 : 0;
        // Lever arms of the centroid.
        double r0x = 0, r0y = 0, r0z = 0, r1x = 0, r1y = 0, r1z = 0;
        RigidBody b0 = contacts[f].body0(), b1 = contacts[f].body1();
        if (b0 != null) {
            r0x = cx - b0.positionX();
            r0y = cy - b0.positionY();
            r0z = cz - b0.positionZ();
        }
        if (b1 != null) {
            r1x = cx - b1.positionX();
            r1y = cy - b1.positionY();
            r1z = cz - b1.positionZ();
        }
        // Tangents: fixed basis of the patch normal, turned so T0 follows the sliding velocity
        // (two decoupled tangents on a fixed basis settle on a skewed direction).
        double[] t = tangentBasis(nx, ny, nz, tangents);
        double t0x = t[0], t0y = t[1], t0z = t[2], t1x = t[3], t1y = t[4], t1z = t[5];
        int oa = 6 * a, ob = 6 * b;
        double[] v = vel;
        double rvx = v[oa] + v[oa + 4] * r0z - v[oa + 5] * r0y - (v[ob] + v[ob + 4] * r1z - v[ob + 5] * r1y);
        double rvy = v[oa + 1] + v[oa + 5] * r0x - v[oa + 3] * r0z - (v[ob + 1] + v[ob + 5] * r1x - v[ob + 3] * r1z);
        double rvz = v[oa + 2] + v[oa + 3] * r0y - v[oa + 4] * r0x - (v[ob + 2] + v[ob + 3] * r1y - v[ob + 4] * r1x);
        double vt0 = rvx * t0x + rvy * t0y + rvz * t0z, vt1 = rvx * t1x + rvy * t1y + rvz * t1z;
        double speed = Math.sqrt(vt0 * vt0 + vt1 * vt1);
        if (speed > SLIDING_SPEED) {
            double cs = vt0 / speed, sn = vt1 / speed;
            double ux = cs * t0x + sn * t1x, uy = cs * t0y + sn * t1y, uz = cs * t0z + sn * t1z;
            t1x = -sn * t0x + cs * t1x;
            t1y = -sn * t0y + cs * t1y;
            t1z = -sn * t0z + cs * t1z;
            t0x = ux;
            t0y = uy;
            t0z = uz;
        }
        P[q + P_T0] = t0x;
        P[q + P_T0 + 1] = t0y;
        P[q + P_T0 + 2] = t0z;
        P[q + P_T1] = t1x;
        P[q + P_T1 + 1] = t1y;
        P[q + P_T1 + 2] = t1z;
        double imSum = im[a] + im[b];
        double k0 = imSum + angular(P, q + P_ROW0, a, r0x, r0y, r0z, t0x, t0y, t0z)
                + angular(P, q + P_ROW0 + 6, b, r1x, r1y, r1z, t0x, t0y, t0z);
        double k1 = imSum + angular(P, q + P_ROW1, a, r0x, r0y, r0z, t1x, t1y, t1z)
                + angular(P, q + P_ROW1 + 6, b, r1x, r1y, r1z, t1x, t1y, t1z);
        double kt = times(a, nx, ny, nz, P, q + P_TWIST0) + times(b, nx, ny, nz, P, q + P_TWIST1);
        P[q + P_MASS] = k0 > 0 ? 1.0 / k0 : 0;
        P[q + P_MASS + 1] = k1 > 0 ? 1.0 / k1 : 0;
        P[q + P_MASS + 2] = kt > 0 ? 1.0 / kt : 0;
        // Warm start: the per-contact tangent impulses summed (patch) and their moment (twist).
        double fx = 0, fy = 0, fz = 0, twist = 0, normal = 0;
        for (int i = f; i < f + n; i++) {
            int g = GEO * i;
            double w0 = warm[3 * i + 1] * warmFactor, w1 = warm[3 * i + 2] * warmFactor;
            double px = w0 * geo[g + 9] + w1 * geo[g + 12];
            double py = w0 * geo[g + 10] + w1 * geo[g + 13];
            double pz = w0 * geo[g + 11] + w1 * geo[g + 14];
            fx += px;
            fy += py;
            fz += pz;
            double dx = geo[g + 15], dy = geo[g + 16], dz = geo[g + 17];
            twist += (dy * pz - dz * py) * nx + (dz * px - dx * pz) * ny + (dx * py - dy * px) * nz;
            normal += lambda[i];
        }
        double l0 = fx * t0x + fy * t0y + fz * t0z, l1 = fx * t1x + fy * t1y + fz * t1z;
        double limit = P[q + P_MU] * normal;
        double m2 = l0 * l0 + l1 * l1;
        if (m2 > limit * limit) {
            double s = limit > 0 ? limit / Math.sqrt(m2) : 0;
            l0 *= s;
            l1 *= s;
        }
        double twistLimit = limit * P[q + P_RADIUS];
        P[q + P_LAMBDA] = l0;
        P[q + P_LAMBDA + 1] = l1;
        P[q + P_LAMBDA + 2] = Math.max(-twistLimit, Math.min(twistLimit, twist));
    }

    /** @return whether contacts f..f+n all have exactly contact f's normal (a clipped face has). */
    private boolean sharedNormal(int f, int n) {
        int o = ANG * f;
        for (int i = 1; i < n; i++) {
            int k = ANG * (f + i);
            if (ang[k + 12] != ang[o + 12] || ang[k + 13] != ang[o + 13] || ang[k + 14] != ang[o + 14]) {
                return false;
            }
        }
        return true;
    }

    /** Tangential speed (m/s) above which friction is solved along the sliding direction. */
    private static final double SLIDING_SPEED = 1e-6;

    /**
     * Writes r×d at dest[o..o+3) and I⁻¹(r×d) at dest[o+3..o+6) for body slot b; returns
     * (r×d)·I⁻¹(r×d).
     */
    private double angular(double[] dest, int o, int b, double rx, double ry, double rz, double dx, double dy,
            double dz) {
        double cx = ry * dz - rz * dy, cy = rz * dx - rx * dz, cz = rx * dy - ry * dx;
        dest[o] = cx;
        dest[o + 1] = cy;
        dest[o + 2] = cz;
        return times(b, cx, cy, cz, dest, o + 3);
    }

    /** Writes I⁻¹u of body slot b at dest[o..o+3); returns u·I⁻¹u. */
    private double times(int b, double ux, double uy, double uz, double[] dest, int o) {
        double[] m = inertia;
        int k = 9 * b;
        double ix = m[k] * ux + m[k + 1] * uy + m[k + 2] * uz;
        double iy = m[k + 3] * ux + m[k + 4] * uy + m[k + 5] * uz;
        double iz = m[k + 6] * ux + m[k + 7] * uy + m[k + 8] * uz;
        dest[o] = ix;
        dest[o + 1] = iy;
        dest[o + 2] = iz;
        return ux * ix + uy * iy + uz * iz;
    }

    // ------------------------------------------------------------------ velocities

    /** Applies the manifold's starting impulses (normal per contact, the patch's friction). */
    private void warmStart(int m) {
        int f = first[m], n = size[m];
        for (int i = 0; i < n; i++) {
            increment[i] = lambda[f + i];
        }
        int q = PATCH * m;
        applyImpulses(m, patch[q + P_LAMBDA], patch[q + P_LAMBDA + 1], patch[q + P_LAMBDA + 2]);
    }

    /**
     * Applies to manifold m's bodies the friction impulses d0, d1 (N·s, along the patch's
     * tangents) and dt (N·m·s, about its normal), then the normal increments in
     * {@link #increment}, in the order and arithmetic of {@link #solve}. Kept apart from
     * {@code solve}, which only sweeps: in the first step the interpreter, which keeps no
     * profile, runs the warm starts, so a method shared with the sweeps was compiled without this
     * path and deoptimised on its first use in step 1.
     */
    private void applyImpulses(int m, double d0, double d1, double dt) {
        int f = first[m], n = size[m], q = PATCH * m;
        double[] P = patch, A = ang, v = vel;
        int r0 = q + P_ROW0, r1 = q + P_ROW1;
        double px = d0 * P[q + P_T0] + d1 * P[q + P_T1];
        double py = d0 * P[q + P_T0 + 1] + d1 * P[q + P_T1 + 1];
        double pz = d0 * P[q + P_T0 + 2] + d1 * P[q + P_T1 + 2];
        double lx = 0, ly = 0, lz = 0;
        for (int i = 0, o = ANG * f; i < n; i++, o += ANG) {
            lx += A[o + 12] * increment[i];
            ly += A[o + 13] * increment[i];
            lz += A[o + 14] * increment[i];
        }
        for (int side = 0; side < 2; side++) {
            int body = side == 0 ? i0[f] : i1[f];
            if (!movable[body]) {
                continue;
            }
            // Body 1 takes the opposite impulse; s·x is exactly −x, so the bits match solve's.
            double s = side == 0 ? 1 : -1, w = s * im[body];
            int o = 6 * body, arm = 6 * side + 3, tw = q + (side == 0 ? P_TWIST0 : P_TWIST1);
            double wx = v[o + 3] + s * (P[r0 + arm] * d0 + P[r1 + arm] * d1 + P[tw] * dt);
            double wy = v[o + 4] + s * (P[r0 + arm + 1] * d0 + P[r1 + arm + 1] * d1 + P[tw + 1] * dt);
            double wz = v[o + 5] + s * (P[r0 + arm + 2] * d0 + P[r1 + arm + 2] * d1 + P[tw + 2] * dt);
            for (int i = 0, c = ANG * f + arm; i < n; i++, c += ANG) {
                wx += s * A[c] * increment[i];
                wy += s * A[c + 1] * increment[i];
                wz += s * A[c + 2] * increment[i];
            }
            v[o] = v[o] + w * px + w * lx;
            v[o + 1] = v[o + 1] + w * py + w * ly;
            v[o + 2] = v[o + 2] + w * pz + w * lz;
            v[o + 3] = wx;
            v[o + 4] = wy;
            v[o + 5] = wz;
        }
    }

    /**
     * The largest change of a relative velocity (m/s) made in the current sweep: normal and
     * friction increments times their inverse effective mass, joint rows' velocity errors.
     */
    private double residual;

    /**
     * One sweep's visit to manifold m: solves its friction patch, then its normal block, and
     * applies what changed. The pair's velocities are held in locals throughout.
     */
    private void solve(int m, boolean backward) {
        int f = first[m], n = size[m];
        int a = i0[f], b = i1[f];
        double[] v = vel;
        int oa = 6 * a, ob = 6 * b;
        double vax = v[oa], vay = v[oa + 1], vaz = v[oa + 2], wax = v[oa + 3], way = v[oa + 4], waz = v[oa + 5];
        double vbx = v[ob], vby = v[ob + 1], vbz = v[ob + 2], wbx = v[ob + 3], wby = v[ob + 4], wbz = v[ob + 5];
        double ima = im[a], imb = im[b];
        double relax = settings.relaxation();
        double[] P = patch;
        int q = PATCH * m;
        double mu = P[q + P_MU];
        boolean shared = P[q + P_SHARED] != 0;
        double t0x = P[q + P_T0], t0y = P[q + P_T0 + 1], t0z = P[q + P_T0 + 2];
        double t1x = P[q + P_T1], t1y = P[q + P_T1 + 1], t1z = P[q + P_T1 + 2];
        int r0 = q + P_ROW0, r1 = q + P_ROW1;
        double d0 = 0, d1 = 0, dt = 0;
        if (mu > 0) {
            double normal = 0;
            for (int i = f; i < f + n; i++) {
                normal += lambda[i];
            }
            double limit = mu * normal;
            double dvx = vax - vbx, dvy = vay - vby, dvz = vaz - vbz;
            double vt0 = dvx * t0x + dvy * t0y + dvz * t0z + wax * P[r0] + way * P[r0 + 1] + waz * P[r0 + 2]
                    - wbx * P[r0 + 6] - wby * P[r0 + 7] - wbz * P[r0 + 8];
            double vt1 = dvx * t1x + dvy * t1y + dvz * t1z + wax * P[r1] + way * P[r1 + 1] + waz * P[r1 + 2]
                    - wbx * P[r1 + 6] - wby * P[r1 + 7] - wbz * P[r1 + 8];
            double l0 = P[q + P_LAMBDA], l1 = P[q + P_LAMBDA + 1];
            double n0 = l0 - relax * P[q + P_MASS] * vt0, n1 = l1 - relax * P[q + P_MASS + 1] * vt1;
            double s = coneScale(n0 * n0 + n1 * n1, limit);
            n0 *= s;
            n1 *= s;
            P[q + P_LAMBDA] = n0;
            P[q + P_LAMBDA + 1] = n1;
            d0 = n0 - l0;
            d1 = n1 - l1;
            // Twist about the normal; velocities updated by the tangent increments first.
            double nx = P[q], ny = P[q + 1], nz = P[q + 2];
            double vtw = (wax - wbx) * nx + (way - wby) * ny + (waz - wbz) * nz
                    + d0 * ((P[r0 + 3] + P[r0 + 9]) * nx + (P[r0 + 4] + P[r0 + 10]) * ny + (P[r0 + 5] + P[r0 + 11]) * nz)
                    + d1 * ((P[r1 + 3] + P[r1 + 9]) * nx + (P[r1 + 4] + P[r1 + 10]) * ny + (P[r1 + 5] + P[r1 + 11]) * nz);
            double lt = P[q + P_LAMBDA + 2];
            double twistLimit = limit * P[q + P_RADIUS];
            double nt = lt - relax * P[q + P_MASS + 2] * vtw;
            nt = Math.max(-twistLimit, Math.min(twistLimit, nt));
            P[q + P_LAMBDA + 2] = nt;
            dt = nt - lt;
            // P_MASS is 1/k, and 0 only where k is (then the increment is 0 too).
            residual = Math.max(residual, Math.max(Math.abs(d0) * tangentK(q, 0), Math.abs(d1) * tangentK(q, 1)));
        }
        {
            // Applied even when zero: a branch on it is taken or not in phases of a simulation,
            // and each first change of phase cost a deoptimisation of this, the hottest method.
            double px = d0 * t0x + d1 * t1x, py = d0 * t0y + d1 * t1y, pz = d0 * t0z + d1 * t1z;
            vax += ima * px;
            vay += ima * py;
            vaz += ima * pz;
            vbx -= imb * px;
            vby -= imb * py;
            vbz -= imb * pz;
            int ta = q + P_TWIST0, tb = q + P_TWIST1;
            wax += P[r0 + 3] * d0 + P[r1 + 3] * d1 + P[ta] * dt;
            way += P[r0 + 4] * d0 + P[r1 + 4] * d1 + P[ta + 1] * dt;
            waz += P[r0 + 5] * d0 + P[r1 + 5] * d1 + P[ta + 2] * dt;
            wbx -= P[r0 + 9] * d0 + P[r1 + 9] * d1 + P[tb] * dt;
            wby -= P[r0 + 10] * d0 + P[r1 + 10] * d1 + P[tb + 1] * dt;
            wbz -= P[r0 + 11] * d0 + P[r1 + 11] * d1 + P[tb + 2] * dt;
        }
        {
            // The normal block: Gauss-Seidel passes in scalar space over K, then one impulse each.
            double dvx = vax - vbx, dvy = vay - vby, dvz = vaz - vbz;
            double[] A = ang;
            if (shared) {
                int o = ANG * f;
                double dn = dvx * A[o + 12] + dvy * A[o + 13] + dvz * A[o + 14];
                for (int i = 0; i < n; i++, o += ANG) {
                    vn[i] = dn + wax * A[o] + way * A[o + 1] + waz * A[o + 2]
                            - wbx * A[o + 6] - wby * A[o + 7] - wbz * A[o + 8];
                }
            } else {
                for (int i = 0, o = ANG * f; i < n; i++, o += ANG) {
                    vn[i] = dvx * A[o + 12] + dvy * A[o + 13] + dvz * A[o + 14]
                            + wax * A[o] + way * A[o + 1] + waz * A[o + 2]
                            - wbx * A[o + 6] - wby * A[o + 7] - wbz * A[o + 8];
                }
            }
            if (n == MAX_MANIFOLD) {
                solveBlock4(m, f, relax, backward);
            } else {
                solveBlock(f, n, relax, backward);
            }
            for (int i = 0; i < n; i++) {
                residual = Math.max(residual, Math.abs(increment[i]) * coupling[MAX_MANIFOLD * (f + i) + i]);
            }
        }
        // The normal impulses: linear parts summed (one normal for a clipped face), then applied once.
        double[] A = ang;
        double lx = 0, ly = 0, lz = 0;
        for (int i = 0, o = ANG * f; i < n; i++, o += ANG) {
            double p = increment[i];
            lx += A[o + 12] * p;
            ly += A[o + 13] * p;
            lz += A[o + 14] * p;
            wax += A[o + 3] * p;
            way += A[o + 4] * p;
            waz += A[o + 5] * p;
            wbx -= A[o + 9] * p;
            wby -= A[o + 10] * p;
            wbz -= A[o + 11] * p;
        }
        vax += ima * lx;
        vay += ima * ly;
        vaz += ima * lz;
        vbx -= imb * lx;
        vby -= imb * ly;
        vbz -= imb * lz;
        if (movable[a]) {
            v[oa] = vax;
            v[oa + 1] = vay;
            v[oa + 2] = vaz;
            v[oa + 3] = wax;
            v[oa + 4] = way;
            v[oa + 5] = waz;
        }
        if (movable[b]) {
            v[ob] = vbx;
            v[ob + 1] = vby;
            v[ob + 2] = vbz;
            v[ob + 3] = wbx;
            v[ob + 4] = wby;
            v[ob + 5] = wbz;
        }
    }

    /** The patch's inverse effective mass along tangent {@code t} (0 or 1), 1/kg (0 if it has none). */
    private double tangentK(int q, int t) {
        double mass = patch[q + P_MASS + t];
        return mass > 0 ? 1 / mass : 0;
    }

    /** Gauss-Seidel passes over the normal block of n contacts from f; increments to {@link #increment}. */
    private void solveBlock(int f, int n, double relax, boolean backward) {
        for (int i = 0; i < n; i++) {
            increment[i] = 0;
        }
        int passes = settings.manifoldIterations();
        for (int r = 0; r < passes; r++) {
            boolean down = backward ^ ((r & 1) == 1);
            for (int k = 0; k < n; k++) {
                int i = down ? n - 1 - k : k;
                int c = f + i;
                double old = lambda[c];
                double nl = old - relax * mass[c] * (vn[i] - bias[c]);
                if (nl < 0) {
                    nl = 0;
                }
                double dl = nl - old;
                if (dl != 0) {
                    lambda[c] = nl;
                    increment[i] += dl;
                    int row = MAX_MANIFOLD * c;
                    for (int j = 0; j < n; j++) {
                        vn[j] += coupling[row + j] * dl;
                    }
                }
            }
        }
    }

    /**
     * A four-contact manifold's normal block: the exact solve through its pseudo-inverse (see
     * {@link #preparePseudoInverse}), kept when every λ stays ≥ 0; otherwise the passes of
     * {@link #solveBlock} with the block's state in locals (the same updates; its increments are
     * taken as final minus start λ, so its last bits can differ from the generic loop's).
     */
    private void solveBlock4(int m, int f, double relax, boolean backward) {
        double[] K = coupling, L = lambda;
        int o = 16 * m;
        double[] Q = pinv;
        if (Q[o] == Q[o]) {
            // Exact block solve: the smallest change of λ that brings every contact to its target.
            double r0 = vn[0] - bias[f], r1 = vn[1] - bias[f + 1], r2 = vn[2] - bias[f + 2], r3 = vn[3] - bias[f + 3];
            double d0 = -relax * (Q[o] * r0 + Q[o + 1] * r1 + Q[o + 2] * r2 + Q[o + 3] * r3);
            double d1 = -relax * (Q[o + 4] * r0 + Q[o + 5] * r1 + Q[o + 6] * r2 + Q[o + 7] * r3);
            double d2 = -relax * (Q[o + 8] * r0 + Q[o + 9] * r1 + Q[o + 10] * r2 + Q[o + 11] * r3);
            double d3 = -relax * (Q[o + 12] * r0 + Q[o + 13] * r1 + Q[o + 14] * r2 + Q[o + 15] * r3);
            double n0 = L[f] + d0, n1 = L[f + 1] + d1, n2 = L[f + 2] + d2, n3 = L[f + 3] + d3;
            if (n0 >= 0 && n1 >= 0 && n2 >= 0 && n3 >= 0) {
                L[f] = n0;
                L[f + 1] = n1;
                L[f + 2] = n2;
                L[f + 3] = n3;
                increment[0] = d0;
                increment[1] = d1;
                increment[2] = d2;
                increment[3] = d3;
                return;
            }
        }
        int k0 = MAX_MANIFOLD * f;
        double v0 = vn[0], v1 = vn[1], v2 = vn[2], v3 = vn[3];
        double l0 = L[f], l1 = L[f + 1], l2 = L[f + 2], l3 = L[f + 3];
        double s0 = l0, s1 = l1, s2 = l2, s3 = l3;
        double m0 = relax * mass[f], m1 = relax * mass[f + 1], m2 = relax * mass[f + 2], m3 = relax * mass[f + 3];
        double b0 = bias[f], b1 = bias[f + 1], b2 = bias[f + 2], b3 = bias[f + 3];
        int passes = settings.manifoldIterations();
        for (int r = 0; r < passes; r++) {
            boolean down = backward ^ ((r & 1) == 1);
            for (int k = 0; k < 4; k++) {
                int i = down ? 3 - k : k;
                double d;
                int row = k0 + 4 * i;
                switch (i) {
                    case 0 -> {
                        double nl = Math.max(0, l0 - m0 * (v0 - b0));
                        d = nl - l0;
                        l0 = nl;
                    }
                    case 1 -> {
                        double nl = Math.max(0, l1 - m1 * (v1 - b1));
                        d = nl - l1;
                        l1 = nl;
                    }
                    case 2 -> {
                        double nl = Math.max(0, l2 - m2 * (v2 - b2));
                        d = nl - l2;
                        l2 = nl;
                    }
                    default -> {
                        double nl = Math.max(0, l3 - m3 * (v3 - b3));
                        d = nl - l3;
                        l3 = nl;
                    }
                }
                v0 += K[row] * d;
                v1 += K[row + 1] * d;
                v2 += K[row + 2] * d;
                v3 += K[row + 3] * d;
            }
        }
        L[f] = l0;
        L[f + 1] = l1;
        L[f + 2] = l2;
        L[f + 3] = l3;
        increment[0] = l0 - s0;
        increment[1] = l1 - s1;
        increment[2] = l2 - s2;
        increment[3] = l3 - s3;
    }

    // ------------------------------------------------------------------ shock propagation

    /** Per body slot: contacts between it and the static world (0 for static and kinematic). */
    private int[] level = new int[0];
    /** Per body slot: manifolds in which the shock sweep moves it against a held body. */
    private int[] supports = new int[0];
    /** Per manifold: the body held in the shock sweep (slot index; -1 for none); manifolds by rank. */
    private int[] held = new int[0], byRank = new int[0];
    /** Body adjacency over manifolds (compressed rows), the breadth-first queue, sort buckets. */
    private int[] adjStart = new int[0], adj = new int[0], queue = new int[0], buckets = new int[0];
    /** levelBodies' queue length. */
    private int queueTail;
    /** Whether holdBodies found a held body that can move. */
    private boolean heldMovable;

    /**
     * Ranks bodies by breadth-first search from every immovable body through the manifolds,
     * orders the manifolds by the lower level of their two bodies (a counting sort, so the order
     * is deterministic) and picks each one's held body: the lower one when the levels differ.
     *
     * @return whether any manifold holds a movable body (otherwise the shock sweep would only
     *     repeat a regular sweep)
     */
    private boolean rankManifolds() {
        int n = bodyCount, mc = manifoldCount;
        if (level.length < n) {
            int c = Math.max(n, level.length * 2);
            level = new int[c];
            supports = new int[c];
            adjStart = new int[c + 1];
            queue = new int[c];
        }
        if (held.length < mc) {
            int c = Math.max(mc, held.length * 2);
            held = new int[c];
            byRank = new int[c];
            adj = new int[2 * c];
        }
        linkBodies();
        levelBodies();
        int maxRank = holdBodies();
        if (maxRank < 0) {
            return false;
        }
        sortByRank(maxRank);
        return true;
    }

    /** Each body's manifolds, as compressed rows of {@code adj} from {@code adjStart}. */
    private void linkBodies() {
        int n = bodyCount, mc = manifoldCount;
        Arrays.fill(adjStart, 0, n + 1, 0);
        for (int m = 0; m < mc; m++) {
            int f = first[m];
            adjStart[i0[f] + 1]++;
            adjStart[i1[f] + 1]++;
        }
        for (int b = 0; b < n; b++) {
            adjStart[b + 1] += adjStart[b];
        }
        // queue[] serves as each body's fill cursor while the rows are written.
        System.arraycopy(adjStart, 0, queue, 0, n);
        for (int m = 0; m < mc; m++) {
            int f = first[m];
            adj[queue[i0[f]]++] = m;
            adj[queue[i1[f]]++] = m;
        }
    }

    /** Breadth-first levels from the immovable bodies; out of their reach: Integer.MAX_VALUE. */
    private void levelBodies() {
        int n = bodyCount;
        queueTail = 0;
        // Immovable bodies get level 0 and are queued; movable ones start unreached.
        for (int b = 0; b < n; b++) {
            if (movable[b]) {
                level[b] = Integer.MAX_VALUE;
            } else {
                level[b] = 0;
                queue[queueTail++] = b;
            }
        }
        // The queue grows while it is walked (first in, first out): each body gives its
        // unreached neighbours the next level and queues them.
        for (int head = 0; head < queueTail; head++) {
            int b = queue[head];
            for (int k = adjStart[b]; k < adjStart[b + 1]; k++) {
                int f = first[adj[k]];
                int other = i0[f] == b ? i1[f] : i0[f];
                if (level[other] == Integer.MAX_VALUE) {
                    level[other] = level[b] + 1;
                    queue[queueTail++] = other;
                }
            }
        }
    }

    /**
     * Each manifold's held body (the lower one when the levels differ, else -1), how many
     * supports each body rests on.
     *
     * @return the highest rank of a manifold within reach of the static world, or -1 when no
     *     manifold holds a movable body
     */
    private int holdBodies() {
        int n = bodyCount, mc = manifoldCount;
        int maxRank = 0;
        heldMovable = false;
        Arrays.fill(supports, 0, n, 0);
        for (int m = 0; m < mc; m++) {
            int f = first[m], la = level[i0[f]], lb = level[i1[f]];
            int r = Math.min(la, lb);
            if (r != Integer.MAX_VALUE) {
                maxRank = Math.max(maxRank, r);
            }
            int h = la == lb ? -1 : (la < lb ? i0[f] : i1[f]);
            held[m] = h;
            heldMovable |= h >= 0 && movable[h];
            if (h >= 0 && !jointContact[f]) {
                supports[h == i0[f] ? i1[f] : i0[f]]++;
            }
        }
        return heldMovable ? maxRank : -1;
    }

    /** Counting sort by rank into {@code byRank}; manifolds out of reach of the static world go last. */
    private void sortByRank(int maxRank) {
        int mc = manifoldCount;
        int count = maxRank + 2;
        if (buckets.length < count + 1) {
            buckets = new int[Math.max(count + 1, buckets.length * 2)];
        }
        Arrays.fill(buckets, 0, count + 1, 0);
        for (int m = 0; m < mc; m++) {
            buckets[bucket(m, maxRank) + 1]++;
        }
        for (int r = 0; r < count; r++) {
            buckets[r + 1] += buckets[r];
        }
        for (int m = 0; m < mc; m++) {
            byRank[buckets[bucket(m, maxRank)]++] = m;
        }
    }

    private int bucket(int m, int maxRank) {
        int f = first[m];
        int r = Math.min(level[i0[f]], level[i1[f]]);
        return r == Integer.MAX_VALUE ? maxRank + 1 : r;
    }

    /**
     * The shock sweep's visit to manifold m: Gauss-Seidel passes over its normal contacts with the
     * held body's velocity fixed and only the other body in each contact's effective mass;
     * friction stays as the regular sweeps left it.
     */
    private void shockManifold(int m) {
        int h = held[m];
        // A joint's contacts are never held: holding one end of a joint makes the other follow
        // the held body's motion whole, which adds energy to jointed scenes.
        if (h < 0 || jointContact[first[m]]) {
            return;
        }
        int f = first[m], n = size[m];
        int a = i0[f], b = i1[f];
        boolean moveA = h == b;
        int u = moveA ? a : b;
        if (!movable[u]) {
            return;
        }
        double[] A = ang;
        double imu = im[u];
        double relax = settings.relaxation();
        shockFriction(m, moveA, u);
        // The exact block only where u rests on this one body: with two supports (a pyramid's
        // boxes) solving each exactly in turn undoes the other and the stack creeps sideways.
        if (n == MAX_MANIFOLD && supports[u] == 1 && shockBlock(m, f, moveA, u)) {
            return;
        }
        double tolerance = SHOCK_TOLERANCE_SHARE * settings.velocityTolerance();
        for (int pass = 0; pass < SHOCK_PASSES; pass++) {
            shockPassesUsed++;
            double change = 0;
            for (int c = f, o = ANG * f; c < f + n; c++, o += ANG) {
                double vn = normalVelocity(vel, c);
                int r = moveA ? o : o + 6;
                double k = imu + A[r] * A[r + 3] + A[r + 1] * A[r + 4] + A[r + 2] * A[r + 5];
                if (!(k > 0)) {
                    continue;
                }
                double old = lambda[c];
                double nl = Math.max(0, old - relax * (vn - bias[c]) / k);
                double d = nl - old;
                lambda[c] = nl;
                change = Math.max(change, Math.abs(d) * k);
                pushOneSided(u, c, moveA, d);
            }
            if (change <= tolerance) {
                break;
            }
        }
    }

    /**
     * The exact one-sided solve of a four-contact manifold in the shock sweep: with body u alone
     * moving, K_u[i][j] = m_u⁻¹·n_i·n_j + (r_i×n_i)·I_u⁻¹(r_j×n_j) has the two-sided block's null
     * vector (impulses with no net force or moment on u), so K_u⁺ = (K_u + s·uuᵀ)⁻¹ − uuᵀ/s. The
     * change {@code Δλ = −K_u⁺(vn − target)} is kept when every λ stays ≥ 0. Unlike passes corner by
     * corner it favours no corner: with a fixed order a tall stack walks sideways in the direction
     * of the first corner.
     *
     * @return whether the block was solved (otherwise the caller falls back to passes)
     */
    private boolean shockBlock(int m, int f, boolean moveA, int u) {
        if (pinv[16 * m] != pinv[16 * m]) {
            return false;
        }
        double[] A = ang, K = s16;
        double imu = im[u];
        int side = moveA ? 0 : 6;
        for (int i = 0; i < 4; i++) {
            int oi = ANG * (f + i);
            for (int j = i; j < 4; j++) {
                int oj = ANG * (f + j);
                double k = imu * (A[oi + 12] * A[oj + 12] + A[oi + 13] * A[oj + 13] + A[oi + 14] * A[oj + 14])
                        + A[oi + side] * A[oj + side + 3] + A[oi + side + 1] * A[oj + side + 4]
                        + A[oi + side + 2] * A[oj + side + 5];
                K[4 * i + j] = k;
                K[4 * j + i] = k;
            }
        }
        double[] Q = shockInverse;
        if (!pseudoInverse(K, 0, nullVector, 4 * m, Q, 0)) {
            return false;
        }
        double[] r = s4;
        for (int i = 0; i < 4; i++) {
            r[i] = normalVelocity(vel, f + i) - bias[f + i];
        }
        double relax = settings.relaxation();
        double[] d = increment;
        for (int i = 0; i < 4; i++) {
            double sum = 0;
            for (int j = 0; j < 4; j++) {
                sum += Q[4 * i + j] * r[j];
            }
            d[i] = -relax * sum;
            // A λ that would go negative (or NaN) leaves the block to the passes.
            if (!(lambda[f + i] + d[i] >= 0)) {
                return false;
            }
        }
        for (int i = 0; i < 4; i++) {
            lambda[f + i] += d[i];
            pushOneSided(u, f + i, moveA, d[i]);
        }
        return true;
    }

    /**
     * Applies normal impulse d of contact c to body u alone (the shock sweep's moving body): along
     * +n when u is the contact's body 0, along −n when it is body 1.
     */
    private void pushOneSided(int u, int c, boolean moveA, double d) {
        double[] v = vel, A = ang;
        int o = ANG * c, r = moveA ? o : o + 6, ou = 6 * u;
        double imu = im[u];
        double s = moveA ? d : -d;
        v[ou] += imu * s * A[o + 12];
        v[ou + 1] += imu * s * A[o + 13];
        v[ou + 2] += imu * s * A[o + 14];
        v[ou + 3] += A[r + 3] * s;
        v[ou + 4] += A[r + 4] * s;
        v[ou + 5] += A[r + 5] * s;
    }

    private final double[] shockInverse = new double[16];

    /**
     * The shock sweep's friction for manifold m: the patch's tangent and twist rows with only the
     * moving body u in their effective masses, so that what the held body's fixed velocity asks
     * of u does not turn into sliding.
     */
    private void shockFriction(int m, boolean moveA, int u) {
        double[] P = patch, v = vel;
        int q = PATCH * m, f = first[m], n = size[m];
        double mu = P[q + P_MU];
        if (!(mu > 0)) {
            return;
        }
        int a = i0[f], b = i1[f], oa = 6 * a, ob = 6 * b, ou = 6 * u;
        double imu = im[u];
        double normal = 0;
        for (int i = f; i < f + n; i++) {
            normal += lambda[i];
        }
        double limit = mu * normal;
        // Row offsets of u's part: body 0's r×T and I⁻¹(r×T) at +0, +3; body 1's at +6, +9.
        int side = moveA ? 0 : 6;
        int r0 = q + P_ROW0, r1 = q + P_ROW1;
        double sign = moveA ? 1 : -1;
        for (int t = 0; t < 2; t++) {
            int r = t == 0 ? r0 : r1, to = q + (t == 0 ? P_T0 : P_T1);
            double vt = (v[oa] - v[ob]) * P[to] + (v[oa + 1] - v[ob + 1]) * P[to + 1] + (v[oa + 2] - v[ob + 2]) * P[to + 2]
                    + v[oa + 3] * P[r] + v[oa + 4] * P[r + 1] + v[oa + 5] * P[r + 2]
                    - v[ob + 3] * P[r + 6] - v[ob + 4] * P[r + 7] - v[ob + 5] * P[r + 8];
            int rs = r + side;
            double k = imu + P[rs] * P[rs + 3] + P[rs + 1] * P[rs + 4] + P[rs + 2] * P[rs + 5];
            if (!(k > 0)) {
                continue;
            }
            int l = q + P_LAMBDA + t, other = q + P_LAMBDA + 1 - t;
            double old = P[l];
            double nl = old - vt / k;
            // Keep the pair inside the friction circle.
            double o2 = P[other];
            double m2 = nl * nl + o2 * o2;
            if (m2 > limit * limit) {
                double cap = Math.sqrt(Math.max(0, limit * limit - o2 * o2));
                nl = Math.max(-cap, Math.min(cap, nl));
            }
            double d = nl - old;
            if (d == 0) {
                continue;
            }
            P[l] = nl;
            double sd = sign * d;
            v[ou] += imu * sd * P[to];
            v[ou + 1] += imu * sd * P[to + 1];
            v[ou + 2] += imu * sd * P[to + 2];
            v[ou + 3] += P[rs + 3] * sd;
            v[ou + 4] += P[rs + 4] * sd;
            v[ou + 5] += P[rs + 5] * sd;
        }
        int tw = q + (moveA ? P_TWIST0 : P_TWIST1);
        double nx = P[q], ny = P[q + 1], nz = P[q + 2];
        double kt = nx * P[tw] + ny * P[tw + 1] + nz * P[tw + 2];
        if (kt > 0) {
            double vtw = (v[oa + 3] - v[ob + 3]) * nx + (v[oa + 4] - v[ob + 4]) * ny + (v[oa + 5] - v[ob + 5]) * nz;
            int l = q + P_LAMBDA + 2;
            double twistLimit = limit * P[q + P_RADIUS];
            double old = P[l];
            double nl = Math.max(-twistLimit, Math.min(twistLimit, old - vtw / kt));
            double d = nl - old;
            if (d != 0) {
                P[l] = nl;
                double sd = sign * d;
                v[ou + 3] += P[tw] * sd;
                v[ou + 4] += P[tw + 1] * sd;
                v[ou + 5] += P[tw + 2] * sd;
            }
        }
    }

    /**
     * Brings the patch's friction back inside the cone of the final normal impulses: the last
     * normal solve may have lowered them after friction was limited by the earlier ones.
     */
    private void clampPatch(int m) {
        int f = first[m], n = size[m], q = PATCH * m;
        double[] P = patch;
        double normal = 0;
        for (int i = f; i < f + n; i++) {
            normal += lambda[i];
            increment[i - f] = 0;
        }
        double limit = P[q + P_MU] * normal;
        double l0 = P[q + P_LAMBDA], l1 = P[q + P_LAMBDA + 1], lt = P[q + P_LAMBDA + 2];
        double s = coneScale(l0 * l0 + l1 * l1, limit);
        double n0 = l0 * s, n1 = l1 * s;
        double twistLimit = limit * P[q + P_RADIUS];
        double nt = Math.max(-twistLimit, Math.min(twistLimit, lt));
        // Applied whatever the change, even none (see solve: no phase-dependent branch).
        P[q + P_LAMBDA] = n0;
        P[q + P_LAMBDA + 1] = n1;
        P[q + P_LAMBDA + 2] = nt;
        applyImpulses(m, n0 - l0, n1 - l1, nt - lt);
    }

    /**
     * The factor that brings a tangent impulse of squared size m2 inside the friction circle of
     * radius {@code limit} (1 when it is inside). Written without branches: whether friction sticks
     * or slides changes in phases, and a branch on it deoptimised the compiled sweep each time.
     */
    private static double coneScale(double m2, double limit) {
        return Math.min(1.0, limit / Math.max(Math.sqrt(m2), Double.MIN_NORMAL));
    }

    /**
     * Hands the patch's friction back per contact, in each contact's fixed basis: an equal share
     * of the tangent impulse plus the twist spread as forces perpendicular to the offsets from the
     * centroid (their sum is zero, their moment the twist).
     */
    private void reportFriction(int m) {
        int f = first[m], n = size[m], q = PATCH * m;
        double[] P = patch;
        double l0 = P[q + P_LAMBDA] / n, l1 = P[q + P_LAMBDA + 1] / n;
        double fx = l0 * P[q + P_T0] + l1 * P[q + P_T1];
        double fy = l0 * P[q + P_T0 + 1] + l1 * P[q + P_T1 + 1];
        double fz = l0 * P[q + P_T0 + 2] + l1 * P[q + P_T1 + 2];
        double spread = P[q + P_SPREAD];
        double tw = spread > 0 ? P[q + P_LAMBDA + 2] / spread : 0;
        double nx = P[q], ny = P[q + 1], nz = P[q + 2];
        for (int i = f; i < f + n; i++) {
            int g = GEO * i;
            double dx = geo[g + 15], dy = geo[g + 16], dz = geo[g + 17];
            double px = fx + tw * (ny * dz - nz * dy);
            double py = fy + tw * (nz * dx - nx * dz);
            double pz = fz + tw * (nx * dy - ny * dx);
            tangentOut[2 * i] = px * geo[g + 9] + py * geo[g + 10] + pz * geo[g + 11];
            tangentOut[2 * i + 1] = px * geo[g + 12] + py * geo[g + 13] + pz * geo[g + 14];
        }
    }

    /** The relative normal velocity of body 0 with respect to body 1 at contact c over velocity table v. */
    private double normalVelocity(double[] v, int c) {
        int o = ANG * c;
        int oa = 6 * i0[c], ob = 6 * i1[c];
        return (v[oa] - v[ob]) * ang[o + 12] + (v[oa + 1] - v[ob + 1]) * ang[o + 13] + (v[oa + 2] - v[ob + 2]) * ang[o + 14]
                + v[oa + 3] * ang[o] + v[oa + 4] * ang[o + 1] + v[oa + 5] * ang[o + 2]
                - v[ob + 3] * ang[o + 6] - v[ob + 4] * ang[o + 7] - v[ob + 5] * ang[o + 8];
    }

    /** Applies normal impulse p of contact c to velocity table v. */
    private void applyNormal(double[] v, int c, double p) {
        int g = GEO * c, o = ANG * c;
        int a = i0[c], b = i1[c];
        if (movable[a]) {
            int k = 6 * a;
            double s = im[a] * p;
            v[k] += geo[g + 6] * s;
            v[k + 1] += geo[g + 7] * s;
            v[k + 2] += geo[g + 8] * s;
            v[k + 3] += ang[o + 3] * p;
            v[k + 4] += ang[o + 4] * p;
            v[k + 5] += ang[o + 5] * p;
        }
        if (movable[b]) {
            int k = 6 * b;
            double s = im[b] * p;
            v[k] -= geo[g + 6] * s;
            v[k + 1] -= geo[g + 7] * s;
            v[k + 2] -= geo[g + 8] * s;
            v[k + 3] -= ang[o + 9] * p;
            v[k + 4] -= ang[o + 10] * p;
            v[k + 5] -= ang[o + 11] * p;
        }
    }

    // ------------------------------------------------------------------ positions

    private void storeLocal(int c, Contact contact, double nx, double ny, double nz, double penetration) {
        int o = LOC * c;
        double h = 0.5 * penetration;
        // Body 0's deepest point and body 1's surface point: their separation along n is -penetration.
        // Slot 0 (the static world) has the identity pose, so its points stay in world space.
        double px = contact.pointX(), py = contact.pointY(), pz = contact.pointZ();
        toLocal(pose, i0[c], px - nx * h, py - ny * h, pz - nz * h, true, local, o);
        toLocal(pose, i1[c], px + nx * h, py + ny * h, pz + nz * h, true, local, o + 3);
        toLocal(pose, i1[c], nx, ny, nz, false, local, o + 6);
    }

    /**
     * Writes the world point (or, with {@code point} false, direction) v in body slot b's frame
     * to dest[o..o+3): the inverse rotation by the conjugate of its unit orientation.
     */
    static void toLocal(double[] pose, int b, double vx, double vy, double vz, boolean point, double[] dest, int o) {
        int p = POSE * b;
        double[] q = pose;
        if (point) {
            vx -= q[p];
            vy -= q[p + 1];
            vz -= q[p + 2];
        }
        rotate(q[p + 3], -q[p + 4], -q[p + 5], -q[p + 6], vx, vy, vz, dest, o);
    }

    /** Rotates v by the unit quaternion (w, x, y, z) into dest[o..o+3): v + w·t + q×t with t = 2·q×v. */
    static void rotate(double w, double x, double y, double z, double vx, double vy, double vz, double[] dest,
            int o) {
        double tx = 2 * (y * vz - z * vy), ty = 2 * (z * vx - x * vz), tz = 2 * (x * vy - y * vx);
        dest[o] = vx + w * tx + (y * tz - z * ty);
        dest[o + 1] = vy + w * ty + (z * tx - x * tz);
        dest[o + 2] = vz + w * tz + (x * ty - y * tx);
    }

    /** Scratch for {@link #currentSeparation}: body 0's point, body 1's point, the normal. */
    private final double[] world = new double[9];

    /**
     * Current world points and normal of contact c from the solver's poses, into {@link #world}:
     * [0..3) body 0's point, [3..6) body 1's point, [6..9) the normal.
     *
     * @return the separation, m (negative when overlapping)
     */
    private double currentSeparation(int c) {
        int o = LOC * c, p0 = POSE * i0[c], p1 = POSE * i1[c];
        double[] q = pose, l = local, w = world;
        rotate(q[p0 + 3], q[p0 + 4], q[p0 + 5], q[p0 + 6], l[o], l[o + 1], l[o + 2], w, 0);
        rotate(q[p1 + 3], q[p1 + 4], q[p1 + 5], q[p1 + 6], l[o + 3], l[o + 4], l[o + 5], w, 3);
        rotate(q[p1 + 3], q[p1 + 4], q[p1 + 5], q[p1 + 6], l[o + 6], l[o + 7], l[o + 8], w, 6);
        w[0] += q[p0];
        w[1] += q[p0 + 1];
        w[2] += q[p0 + 2];
        w[3] += q[p1];
        w[4] += q[p1 + 1];
        w[5] += q[p1 + 2];
        return (w[0] - w[3]) * w[6] + (w[1] - w[4]) * w[7] + (w[2] - w[5]) * w[8];
    }

    /** Moves body slot b by {@code (dx, dy, dz)·scale} (m). */
    private void move(int b, double dx, double dy, double dz, double scale) {
        int p = POSE * b;
        pose[p] += dx * scale;
        pose[p + 1] += dy * scale;
        pose[p + 2] += dz * scale;
    }

    /**
     * Turns body slot b by the small rotation vector {@code (ax, ay, az)·scale} (rad) with the
     * first-order update q += ½·(0, a)·q (as {@link RigidBody#rotateByScaledAxis}). Not
     * normalised here: a turn of θ rad lengthens q by about θ²/8, far below what moves a contact
     * point measurably within one step, and every moved body is normalised once at the end.
     */
    private void turn(int b, double ax, double ay, double az, double scale) {
        int p = POSE * b;
        double[] q = pose;
        double i = ax * scale, j = ay * scale, k = az * scale;
        double qw = q[p + 3], qx = q[p + 4], qy = q[p + 5], qz = q[p + 6];
        q[p + 3] = qw + 0.5 * (-i * qx - j * qy - k * qz);
        q[p + 4] = qx + 0.5 * (i * qw + j * qz - k * qy);
        q[p + 5] = qy + 0.5 * (j * qw + k * qx - i * qz);
        q[p + 6] = qz + 0.5 * (k * qw + i * qy - j * qx);
    }

    /** Box2D's solvePositionConstraints (nonlinear Gauss-Seidel). */
    private void solvePositions(int count) {
        double beta = settings.baumgarte(), slop = settings.linearSlop(), maxC = settings.maxLinearCorrection();
        for (int it = 0; it < settings.positionIterations(); it++) {
            double minSeparation = positionSweep(count, beta, slop, maxC);
            // Joints after contacts, as Box2D v2 does.
            boolean jointsDone = solveJointPositions();
            positionIterationsUsed++;
            // Box2D's test: done once nothing overlaps by more than three slops. Waiting for one
            // slop would keep every sweep running in a resting pile (each removes only baumgarte of
            // it).
            if (minSeparation >= -3 * slop && jointsDone) {
                break;
            }
        }
    }

    /**
     * One position sweep over the {@code count} contacts.
     *
     * @return the least separation seen (m; at most 0)
     */
    private double positionSweep(int count, double beta, double slop, double maxC) {
        double minSeparation = 0;
        for (int c = 0; c < count; c++) {
            int a0 = i0[c], a1 = i1[c];
            boolean m0 = movable[a0], m1 = movable[a1];
            if ((!m0 && !m1) || joints.blockOf(c) >= 0) {
                continue;
            }
            double sep = currentSeparation(c);
            minSeparation = Math.min(minSeparation, sep);
            double cC = beta * (sep + slop);
            if (cC >= 0) {
                continue;
            }
            if (cC < -maxC) {
                cC = -maxC;
            }
            double[] w = world;
            double nx = w[6], ny = w[7], nz = w[8];
            double px = 0.5 * (w[0] + w[3]), py = 0.5 * (w[1] + w[4]), pz = 0.5 * (w[2] + w[5]);
            double k = 0;
            double r0x = 0, r0y = 0, r0z = 0, r1x = 0, r1y = 0, r1z = 0;
            if (m0) {
                int p = POSE * a0;
                r0x = px - pose[p];
                r0y = py - pose[p + 1];
                r0z = pz - pose[p + 2];
                k += im[a0] + angularK(a0, r0x, r0y, r0z, nx, ny, nz);
            }
            if (m1) {
                int p = POSE * a1;
                r1x = px - pose[p];
                r1y = py - pose[p + 1];
                r1z = pz - pose[p + 2];
                k += im[a1] + angularK(a1, r1x, r1y, r1z, nx, ny, nz);
            }
            if (!(k > 0)) {
                continue;
            }
            double impulse = -cC / k;
            if (m0) {
                moveBody(a0, r0x, r0y, r0z, nx, ny, nz, impulse);
            }
            if (m1) {
                moveBody(a1, r1x, r1y, r1z, nx, ny, nz, -impulse);
            }
        }
        return minSeparation;
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

    /** Moves body slot b by the positional impulse {@code p·n} at lever arm r. */
    private void moveBody(int b, double rx, double ry, double rz, double nx, double ny, double nz, double p) {
        move(b, nx, ny, nz, im[b] * p);
        double cx = (ry * nz - rz * ny) * p, cy = (rz * nx - rx * nz) * p, cz = (rx * ny - ry * nx) * p;
        int o = 9 * b;
        double[] m = inertia;
        turn(b, m[o] * cx + m[o + 1] * cy + m[o + 2] * cz, m[o + 3] * cx + m[o + 4] * cy + m[o + 5] * cz,
                m[o + 6] * cx + m[o + 7] * cy + m[o + 8] * cz, 1.0);
    }

    /** Split impulses: pseudo-velocities from the separations at the current poses, then positions. */
    private void splitImpulses(int count, double dt) {
        double beta = settings.baumgarte(), slop = settings.linearSlop(), maxC = settings.maxLinearCorrection();
        for (int c = 0; c < count; c++) {
            if (joints.blockOf(c) >= 0) {
                pseudoTargets[c] = 0;
                continue;
            }
            double sep = currentSeparation(c);
            double target = -beta * (sep + slop);
            if (target > maxC) {
                target = maxC;
            }
            // Stored as a pseudo-velocity target, m/s.
            pseudoTargets[c] = target > 0 ? target / dt : 0;
        }
        for (int it = 0; it < settings.positionIterations(); it++) {
            for (int c = 0; c < count; c++) {
                double t = pseudoTargets[c];
                if (t == 0 && pseudoLambda[c] == 0) {
                    continue;
                }
                double vn = normalVelocity(pseudo, c);
                double old = pseudoLambda[c];
                double nl = old - mass[c] * (vn - t);
                if (nl < 0) {
                    nl = 0;
                }
                pseudoLambda[c] = nl;
                if (nl != old) {
                    applyNormal(pseudo, c, nl - old);
                }
            }
            positionIterationsUsed++;
        }
        for (int b = 1; b < bodyCount; b++) {
            if (movable[b]) {
                int o = 6 * b;
                move(b, pseudo[o], pseudo[o + 1], pseudo[o + 2], dt);
                turn(b, pseudo[o + 3], pseudo[o + 4], pseudo[o + 5], dt);
            }
        }
        // Joints have no split-impulse form: their drift is removed on the poses directly.
        int it = 0;
        while (it++ < settings.positionIterations() && !solveJointPositions()) {
            positionIterationsUsed++;
        }
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
        mass = Arrays.copyOf(mass, c);
        lambda = Arrays.copyOf(lambda, c);
        coupling = Arrays.copyOf(coupling, MAX_MANIFOLD * c);
        warm = Arrays.copyOf(warm, 3 * c);
        tangentOut = Arrays.copyOf(tangentOut, 2 * c);
        bias = Arrays.copyOf(bias, c);
        local = Arrays.copyOf(local, LOC * c);
        pseudoLambda = Arrays.copyOf(pseudoLambda, c);
        jointContact = Arrays.copyOf(jointContact, c);
        pseudoTargets = Arrays.copyOf(pseudoTargets, c);
        first = Arrays.copyOf(first, c);
        size = Arrays.copyOf(size, c);
        patch = Arrays.copyOf(patch, PATCH * c);
        pinv = Arrays.copyOf(pinv, 16 * c);
        nullVector = Arrays.copyOf(nullVector, 4 * c);
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
        guarded = Arrays.copyOf(guarded, 6 * c);
        pseudo = Arrays.copyOf(pseudo, 6 * c);
        pose = Arrays.copyOf(pose, POSE * c);
        posePre = Arrays.copyOf(posePre, POSE * c);
        start = Arrays.copyOf(start, 3 * c);
    }
}
