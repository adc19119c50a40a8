package dev.tumble.core.force;

import dev.tumble.core.body.RigidBody;

/**
 * Something that adds force or torque to a body before it is integrated (Millington §10.3):
 * gravity, springs, aerodynamic surfaces, buoyancy, explosions.
 *
 * <p>Implementations must not allocate in {@link #updateForce}: they are called once per
 * registration per step. They add to the body's accumulators through the body's force methods.
 */
@FunctionalInterface
public interface ForceGenerator {

    /**
     * Adds this generator's force (N) and torque (N·m) for the coming step to {@code body}.
     *
     * @param body the body registered with this generator
     * @param duration length of the coming step, in s
     */
    void updateForce(RigidBody body, double duration);

    /**
     * Called once per step for every distinct registered generator, after all of them have run
     * {@link #updateForce}: generators that keep their own time (an {@link Explosion}) advance
     * their clock here, so the clock moves once per step however many bodies they act on.
     * Does nothing by default.
     *
     * @param duration length of the step just prepared, in s
     */
    default void endStep(double duration) {
    }
}
