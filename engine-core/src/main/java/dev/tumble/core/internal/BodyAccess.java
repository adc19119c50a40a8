package dev.tumble.core.internal;

import dev.tumble.core.body.BodyRegistry;
import dev.tumble.core.body.RigidBody;

/**
 * The engine's own access to a {@link RigidBody}: the unvalidated solver primitives, the
 * integrator and the world's bookkeeping, which are not part of the body's public API. The body
 * package installs the one implementation when {@link RigidBody} is loaded; the world, the solvers
 * and the tests reach it through {@link #get()}. Not exported from the module.
 */
public abstract class BodyAccess {
    private static BodyAccess instance;

    /**
     * For the body package only: installs the implementation, once. */
    protected BodyAccess() {
        if (instance != null) {
            throw new IllegalStateException("BodyAccess is installed by RigidBody alone");
        }
        instance = this;
    }

    /**
     * The implementation, loading {@link RigidBody} (which installs it) when needed.
     *
     * @return the one implementation
     */
    public static BodyAccess get() {
        if (instance == null) {
            try {
                Class.forName(RigidBody.class.getName(), true, RigidBody.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
        return instance;
    }

    /** Integrates {@code b} over {@code duration} (s), no world gravity, sleeping when still (Millington §10.3).
     *
     * @param b the body
     * @param duration the step, s (&gt; 0)
     */
    public abstract void integrate(RigidBody b, double duration);

    /**
     * Integrates {@code b} over {@code duration} (s) with world gravity (m/s²); with {@code sleepHere}
     * false the motion average is kept but the body is not put to sleep.
     *
     * @param b the body
     * @param duration the step, s (&gt; 0)
     * @param gravityX world gravity along x, m/s²
     * @param gravityY world gravity along y, m/s²
     * @param gravityZ world gravity along z, m/s²
     * @param sleepHere whether the body may fall asleep by itself
     */
    public abstract void integrate(RigidBody b, double duration, double gravityX, double gravityY, double gravityZ,
            boolean sleepHere);

    /**
     * Folds the step's speed into {@code b}'s sleep motion.
     *
     * @param b the body
     * @param duration the step, s (&gt; 0)
     * @return whether it may sleep
     */
    public abstract boolean recordMotion(RigidBody b, double duration);

    /**
     * Normalises {@code b}'s orientation and refreshes its transform and world inverse inertia.
     *
     * @param b the body
     */
    public abstract void calculateDerivedData(RigidBody b);

    /**
     * Adds to {@code b}'s velocity (m/s) without validation.
     *
     * @param b the body
     * @param dx change or distance along x (m/s for velocities, rad/s for angular velocity, m for distances)
     * @param dy the same along y
     * @param dz the same along z
     */
    public abstract void addVelocity(RigidBody b, double dx, double dy, double dz);

    /**
     * Adds to {@code b}'s angular velocity (rad/s) without validation.
     *
     * @param b the body
     * @param dx change or distance along x (m/s for velocities, rad/s for angular velocity, m for distances)
     * @param dy the same along y
     * @param dz the same along z
     */
    public abstract void addAngularVelocity(RigidBody b, double dx, double dy, double dz);

    /**
     * Moves {@code b} by direction·distance (m) without validation or derived data.
     *
     * @param b the body
     * @param dx change or distance along x (m/s for velocities, rad/s for angular velocity, m for distances)
     * @param dy the same along y
     * @param dz the same along z
     * @param distance the length of the move in units of the direction, m for a unit direction
     */
    public abstract void solverTranslate(RigidBody b, double dx, double dy, double dz, double distance);

    /**
     * Turns {@code b} by the rotation vector axis·scale (rad) without validation or derived data.
     *
     * @param b the body
     * @param ax the x of the rotation vector
     * @param ay the y of the rotation vector
     * @param az the z of the rotation vector
     * @param scale the factor making the rotation vector an angle in rad
     */
    public abstract void solverRotate(RigidBody b, double ax, double ay, double az, double scale);

    /**
     * Puts {@code b} at a pose (m; unit quaternion w, x, y, z) without validation or derived data.
     *
     * @param b the body
     * @param x the x of the centre of mass, m
     * @param y the y of the centre of mass, m
     * @param z the z of the centre of mass, m
     * @param qw the orientation's scalar part
     * @param qx the orientation's x
     * @param qy the orientation's y
     * @param qz the orientation's z
     */
    public abstract void solverPose(RigidBody b, double x, double y, double z, double qw, double qx, double qy,
            double qz);

    /**
     * Sets {@code b}'s velocity (m/s) and angular velocity (rad/s) without validation or waking it.
     *
     * @param b the body
     * @param vx velocity along x, m/s
     * @param vy velocity along y, m/s
     * @param vz velocity along z, m/s
     * @param wx angular velocity about x, rad/s
     * @param wy angular velocity about y, rad/s
     * @param wz angular velocity about z, rad/s
     */
    public abstract void solverVelocities(RigidBody b, double vx, double vy, double vz, double wx, double wy,
            double wz);

    /**
     * Freezes {@code b} out of the simulation after its state became non-finite.
     *
     * @param b the body
     */
    public abstract void quarantine(RigidBody b);

    /**
     * Adds a force through {@code b}'s centre of mass without validation, as the engine's force
     * generators do: a force that overflows makes the body's state non-finite, and the world
     * quarantines the body after the step instead of throwing out of it.
     *
     * @param b the body
     * @param fx the force along x, N
     * @param fy the force along y, N
     * @param fz the force along z, N
     */
    public abstract void accumulateForce(RigidBody b, double fx, double fy, double fz);

    /**
     * Adds a force at a world point of {@code b} without validation (see {@link #accumulateForce}).
     *
     * @param b the body
     * @param fx the force along x, N
     * @param fy the force along y, N
     * @param fz the force along z, N
     * @param px the x of the point, world coordinates, m
     * @param py the y of the point, world coordinates, m
     * @param pz the z of the point, world coordinates, m
     */
    public abstract void accumulateForceAtPoint(RigidBody b, double fx, double fy, double fz, double px, double py,
            double pz);

    /** Doubles {@link #saveWakeAndForces} writes. */
    public static final int WAKE_AND_FORCES = 8;

    /**
     * Saves what a force generator may change on {@code b}: its force and torque accumulators
     * (N, N·m), its sleep motion and whether it is awake ({@link #WAKE_AND_FORCES} doubles).
     *
     * @param b the body
     * @param dest receives the record
     * @param off where the record starts in {@code dest}
     */
    public abstract void saveWakeAndForces(RigidBody b, double[] dest, int off);

    /**
     * Puts back a record of {@link #saveWakeAndForces}: a failed step's forces and wake-ups undone.
     *
     * @param b the body
     * @param src the record
     * @param off where the record starts in {@code src}
     */
    public abstract void restoreWakeAndForces(RigidBody b, double[] src, int off);

    /** Doubles {@link #saveStepFlags} writes per body. */
    public static final int STEP_FLAGS = 3;

    /**
     * @param bodies a registry
     * @return how many doubles {@link #copyStates} writes: every body's state block (pose,
     *     velocities, accumulators, derived data), in dense order
     */
    public abstract int stateSize(BodyRegistry bodies);

    /**
     * Copies every body's state block of {@code bodies}, in dense order, into {@code dest}.
     *
     * @param bodies a registry
     * @param dest receives {@link #stateSize} doubles
     */
    public abstract void copyStates(BodyRegistry bodies, double[] dest);

    /**
     * Puts back a copy of {@link #copyStates} taken while the registry held the same bodies.
     *
     * @param bodies the registry
     * @param src the copy
     */
    public abstract void pasteStates(BodyRegistry bodies, double[] src);

    /**
     * Saves what a step changes on {@code b} outside its state block: its sleep motion, whether
     * it is awake and whether it is quarantined ({@link #STEP_FLAGS} doubles).
     *
     * @param b the body
     * @param dest receives the record
     * @param off where the record starts in {@code dest}
     */
    public abstract void saveStepFlags(RigidBody b, double[] dest, int off);

    /**
     * Puts back a record of {@link #saveStepFlags}.
     *
     * @param b the body
     * @param src the record
     * @param off where the record starts in {@code src}
     */
    public abstract void restoreStepFlags(RigidBody b, double[] src, int off);

    /** @return the doubles of one body's state block in {@link #copyStates}'s copy */
    public abstract int stateStride();

    /**
     * Puts back {@code b}'s own block of a {@link #copyStates} copy.
     *
     * @param b the body
     * @param src the copy
     * @param off where the body's block starts in {@code src}
     */
    public abstract void restoreState(RigidBody b, double[] src, int off);

    /**
     * Replaces a body's shapes with a snapshot's (when its own differ from them): only a world's
     * restore calls this, and it rebuilds the collision state of every body afterwards.
     *
     * @param b the body
     * @param shapes its new shapes, in order
     */
    public abstract void replaceShapes(RigidBody b, java.util.List<dev.tumble.core.collision.shape.Shape> shapes);
}
