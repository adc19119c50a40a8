package dev.tumble.core.resolve;

import dev.tumble.core.contact.Contact;

/**
 * Watches a resolver work, iteration by iteration (tests, debug views, teaching). Every method
 * has an empty default. The arrays passed in are the resolver's scratch: read them during the
 * call, do not keep them. Contacts are {@code contacts[0..count)}.
 */
public interface ResolverObserver {
    /**
     * After every contact has been prepared (basis, relative positions, velocities).
     *
     * @param contacts the contacts
     * @param count how many are being resolved
     */
    default void afterPrepare(Contact[] contacts, int count) {
    }

    /**
     * After one position fix and the update of the affected penetrations.
     *
     * @param iteration the fix's number in this pass, from 0
     * @param index the contact fixed
     * @param penetrationResolved its penetration when chosen, m
     * @param linearChange body 0's translation in [0..2], body 1's in [3..5], m
     * @param angularChange body 0's rotation vector in [0..2], body 1's in [3..5], rad
     * @param contacts the contacts
     * @param count how many are being resolved
     */
    default void afterPositionIteration(int iteration, int index, double penetrationResolved,
            double[] linearChange, double[] angularChange, Contact[] contacts, int count) {
    }

    /**
     * After the position pass, before the velocity pass.
     *
     * @param contacts the contacts
     * @param count how many are being resolved
     */
    default void afterPositions(Contact[] contacts, int count) {
    }

    /**
     * After one impulse and the update of the affected contact velocities.
     *
     * @param iteration the impulse's number in this pass, from 0
     * @param index the contact resolved
     * @param desiredDeltaVelocityResolved its desired delta velocity when chosen, m/s
     * @param velocityChange body 0's Δv in [0..2], body 1's in [3..5], m/s
     * @param rotationChange body 0's Δω in [0..2], body 1's in [3..5], rad/s
     * @param contacts the contacts
     * @param count how many are being resolved
     */
    default void afterVelocityIteration(int iteration, int index, double desiredDeltaVelocityResolved,
            double[] velocityChange, double[] rotationChange, Contact[] contacts, int count) {
    }
}
