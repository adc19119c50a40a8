package dev.tumble.core.internal;

import dev.tumble.core.body.RigidBody;

/**
 * The engine's own access to a {@link RigidBody}: the unvalidated solver primitives, the
 * integrator and the world's bookkeeping, which are not part of the body's public API. The body
 * package installs the one implementation when {@link RigidBody} is loaded; the world, the solvers
 * and the tests reach it through {@link #get()}. Not exported from the module.
 */
public abstract class BodyAccess {
    private static BodyAccess instance;

    /** For the body package only: installs the implementation, once. */
    protected BodyAccess() {
        if (instance != null) {
            throw new IllegalStateException("BodyAccess is installed by RigidBody alone");
        }
        instance = this;
    }

    /** @return the implementation (loading {@link RigidBody}, which installs it, when needed). */
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

    /** Integrates {@code b} over {@code duration} (s), no world gravity, sleeping when still (Millington §10.3). */
    public abstract void integrate(RigidBody b, double duration);

    /**
     * Integrates {@code b} over {@code duration} (s) with world gravity (m/s²); with {@code sleepHere}
     * false the motion average is kept but the body is not put to sleep.
     */
    public abstract void integrate(RigidBody b, double duration, double gravityX, double gravityY, double gravityZ,
            boolean sleepHere);

    /** Folds the step's speed into {@code b}'s sleep motion; @return whether it may sleep. */
    public abstract boolean recordMotion(RigidBody b, double duration);

    /** Normalises {@code b}'s orientation and refreshes its transform and world inverse inertia. */
    public abstract void calculateDerivedData(RigidBody b);

    /** Adds to {@code b}'s velocity (m/s) without validation. */
    public abstract void addVelocity(RigidBody b, double dx, double dy, double dz);

    /** Adds to {@code b}'s angular velocity (rad/s) without validation. */
    public abstract void addAngularVelocity(RigidBody b, double dx, double dy, double dz);

    /** Moves {@code b} by direction·distance (m) without validation or derived data. */
    public abstract void solverTranslate(RigidBody b, double dx, double dy, double dz, double distance);

    /** Turns {@code b} by the rotation vector axis·scale (rad) without validation or derived data. */
    public abstract void solverRotate(RigidBody b, double ax, double ay, double az, double scale);

    /** Puts {@code b} at a pose (m; unit quaternion w, x, y, z) without validation or derived data. */
    public abstract void solverPose(RigidBody b, double x, double y, double z, double qw, double qx, double qy,
            double qz);

    /** Sets {@code b}'s velocity (m/s) and angular velocity (rad/s) without validation or waking it. */
    public abstract void solverVelocities(RigidBody b, double vx, double vy, double vz, double wx, double wy,
            double wz);

    /** @return the x (m) of how far continuous collision pulled {@code b} back this step. */
    public abstract double sweptBackX(RigidBody b);

    /** @return the y (m) of how far continuous collision pulled {@code b} back this step. */
    public abstract double sweptBackY(RigidBody b);

    /** @return the z (m) of how far continuous collision pulled {@code b} back this step. */
    public abstract double sweptBackZ(RigidBody b);

    /** Records how far (m) continuous collision pulled {@code b} back this step. */
    public abstract void sweptBack(RigidBody b, double dx, double dy, double dz);

    /** Freezes {@code b} out of the simulation after its state became non-finite. */
    public abstract void quarantine(RigidBody b);
}
