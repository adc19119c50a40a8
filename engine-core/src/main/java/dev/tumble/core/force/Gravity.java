package dev.tumble.core.force;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.internal.Check;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A uniform gravitational field: adds the force {@code m·g} through the centre of mass.
 *
 * <p>Bodies that cannot be pushed (inverse mass 0: static, kinematic, or dynamic configured as
 * immovable) are skipped; Cyclone multiplies by its "infinite" mass there and produces
 * {@code g·DBL_MAX}, which turns into NaN.
 *
 * <p>Sleeping bodies are skipped too: adding a force wakes a body, so a gravity generator that
 * pushed sleeping bodies would keep every body awake forever. A body woken during a step by
 * another generator registered after this one misses gravity for that one step; the body's
 * constant {@link RigidBody#acceleration(double, double, double) acceleration} is the
 * alternative with no such edge.
 */
public final class Gravity implements ForceGenerator {
    private static final BodyAccess BODY = BodyAccess.get();

    /** Standard gravity, 9.81 m/s², the value the demos and the peer comparisons use. */
    public static final double STANDARD_GRAVITY = 9.81;

    final Vector3d gravity = new Vector3d();

    /**
     * A field of acceleration {@code (gx, gy, gz)} in m/s².
     *
     * @param gx acceleration x, m/s²
     * @param gy acceleration y, m/s²
     * @param gz acceleration z, m/s²
     */
    public Gravity(double gx, double gy, double gz) {
        Check.finite("gravity", gx, gy, gz);
        gravity.set(gx, gy, gz);
    }

    /**
     * A field of acceleration {@code g} in m/s².
     *
     * @param g the acceleration, m/s²
     */
    public Gravity(Vector3dc g) {
        this(Check.finite("gravity", g).x(), g.y(), g.z());
    }

    /** @return Earth's gravity, {@code (0, −9.81, 0)} m/s² (y up). */
    public static Gravity earth() {
        return new Gravity(0, -STANDARD_GRAVITY, 0);
    }

    /** @return the field's acceleration in m/s² (read-only view). */
    public Vector3dc gravity() {
        return gravity;
    }

    /**
     * Changes the field's acceleration, in m/s².
     *
     * @param gx acceleration x, m/s²
     * @param gy acceleration y, m/s²
     * @param gz acceleration z, m/s²
     * @return this generator
     */
    public Gravity gravity(double gx, double gy, double gz) {
        Check.finite("gravity", gx, gy, gz);
        gravity.set(gx, gy, gz);
        return this;
    }

    @Override
    public void updateForce(RigidBody body, double duration) {
        if (!body.hasFiniteMass() || !body.isAwake()) {
            return;
        }
        double mass = body.mass();
        BODY.accumulateForce(body, gravity.x * mass, gravity.y * mass, gravity.z * mass);
    }
}
