package dev.tumble.render.app;

import dev.tumble.core.body.RigidBody;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Drags a picked body by a damped spring from a point fixed on the body (the grab point) to a
 * target that follows the cursor. The stiffness scales with the body's mass, so light and
 * heavy bodies follow alike: {@code F = m·(ω²·(target − grab) − 2ζω·v_grab)}, applied at the
 * grab point each step (so it also turns the body). A body hanging from the grab point would
 * otherwise swing about it forever, so the spring also damps rotation with a torque
 * {@code −m·L²·ω·angularVelocity}, {@code L} the grab point's distance from the centre of mass
 * (about the body's moment of inertia about the grab point). Allocates nothing per step.
 */
public final class MouseSpring {
    /** Default angular frequency ω, rad/s (a period of about 0.6 s). */
    public static final double DEFAULT_OMEGA = 10;
    /** Default damping ratio ζ (a little under critical). */
    public static final double DEFAULT_DAMPING_RATIO = 0.9;

    private final double omega;
    private final double dampingRatio;
    private RigidBody body;
    private final Vector3d localGrab = new Vector3d();
    private final Vector3d target = new Vector3d();
    private final Vector3d grab = new Vector3d();
    private final Vector3d velocity = new Vector3d();
    private final Vector3d force = new Vector3d();
    private double depth;

    /** A spring with {@link #DEFAULT_OMEGA} and {@link #DEFAULT_DAMPING_RATIO}. */
    public MouseSpring() {
        this(DEFAULT_OMEGA, DEFAULT_DAMPING_RATIO);
    }

    /**
     * @param omega angular frequency, rad/s, positive
     * @param dampingRatio ζ, non-negative (1 is critical)
     */
    public MouseSpring(double omega, double dampingRatio) {
        if (!(omega > 0) || !Double.isFinite(omega)) {
            throw new IllegalArgumentException("omega must be positive and finite, was " + omega);
        }
        if (!(dampingRatio >= 0) || !Double.isFinite(dampingRatio)) {
            throw new IllegalArgumentException("dampingRatio must be non-negative and finite, was " + dampingRatio);
        }
        this.omega = omega;
        this.dampingRatio = dampingRatio;
    }

    /**
     * Grabs {@code body} at the world point {@code hit} (m), seen at {@code depth} metres along
     * the pick ray; static bodies are ignored.
     *
     * @param body the body under the cursor
     * @param hit where the pick ray hit it, world space, m
     * @param depth the hit's distance along the pick ray, m
     * @return whether the body was grabbed
     */
    public boolean grab(RigidBody body, Vector3dc hit, double depth) {
        if (body == null || !body.hasFiniteMass()) {
            return false;
        }
        this.body = body;
        this.depth = depth;
        body.pointToLocal(hit, localGrab);
        target.set(hit);
        return true;
    }

    /** Lets go. */
    public void release() {
        body = null;
    }

    /** @return the held body, or null */
    public RigidBody body() {
        return body;
    }

    /** @return the distance along the pick ray at which the target is kept, m */
    public double depth() {
        return depth;
    }

    /**
     * Moves the target to {@code origin + depth·direction} (the cursor's ray at the grab depth).
     *
     * @param origin the cursor ray's origin, world space, m
     * @param direction the cursor ray's unit direction
     */
    public void follow(Vector3dc origin, Vector3dc direction) {
        target.set(direction).mul(depth).add(origin);
    }

    /**
     * Sets the target directly, m.
     *
     * @param x the target x, m
     * @param y the target y, m
     * @param z the target z, m
     */
    public void target(double x, double y, double z) {
        target.set(x, y, z);
    }

    /** @return the target, m (live view) */
    public Vector3dc target() {
        return target;
    }

    /**
     * @param dest receives the point
     * @return the grab point in world space, m, written into {@code dest}
     */
    public Vector3d grabPoint(Vector3d dest) {
        return body == null ? dest.set(target) : body.pointToWorld(localGrab, dest);
    }

    /** Adds the spring force for the coming step to the held body (call before {@code world.step}). */
    public void apply() {
        apply(0, 0, 0);
    }

    /**
     * Adds the spring force and a force cancelling gravity (so the body does not sag by
     * {@code g/ω²} below the cursor) to the held body; call before {@code world.step}.
     *
     * @param gx gravity x, m/s²
     * @param gy gravity y, m/s²
     * @param gz gravity z, m/s²
     */
    public void apply(double gx, double gy, double gz) {
        if (body == null) {
            return;
        }
        body.pointToWorld(localGrab, grab);
        body.velocityAtPoint(grab, velocity);
        double m = body.mass();
        double k = m * omega * omega;
        double c = m * 2 * dampingRatio * omega;
        force.set(target).sub(grab).mul(k).fma(-c, velocity);
        body.addForceAtPoint(force, grab);
        double lever2 = grab.distanceSquared(body.position());
        if (lever2 > 0) {
            force.set(body.angularVelocity()).mul(-m * lever2 * omega);
            body.addTorque(force);
        }
        if (gx != 0 || gy != 0 || gz != 0) {
            body.addForce(-m * gx, -m * gy, -m * gz);
        }
    }
}
