package dev.tumble.core.world;

import dev.tumble.core.internal.Check;

/**
 * Settings of the sequential-impulse solver (its soft step); immutable, validated on
 * construction (an invalid field throws {@link IllegalArgumentException} naming it and its value).
 *
 * @param substeps substeps per world step (≥ 1); each integrates velocities, solves, integrates
 *     positions and relaxes; more substeps make joints with large mass ratios stiffer
 * @param contactHertz stiffness of contacts as a natural frequency, Hz (&gt; 0); doubled against
 *     static and kinematic bodies; both capped at a quarter of the substep rate
 * @param contactDampingRatio damping of contacts as a ratio of critical damping (≥ 0)
 * @param jointHertz stiffness of joints' one-sided rows (hinge limits, cables), Hz (&gt; 0); capped at
 *     a quarter of the substep rate. Two-sided rows (held points, hinge axes, rods) are solved
 *     exactly and pull their whole error out each substep
 * @param jointDampingRatio damping of joints' one-sided rows as a ratio of critical damping (≥ 0)
 * @param maxPushOutSpeed the fastest a penetrating contact pushes its bodies apart, and a joint
 *     pulls its held points together, m/s (&gt; 0): deep overlaps and opened joints are undone
 *     over several substeps instead of launching bodies
 * @param restitutionThreshold closing speed at or below which a contact does not bounce, m/s (≥ 0)
 * @param speculativeDistance how far apart two shapes may be and still be handed to the solver as
 *     a contact, m (≥ 0), on top of how far they may close this step (their relative speed and
 *     spin times the step): such a contact lets them close exactly that gap and no more
 * @param warmStarting whether each contact starts from last step's impulses (joints never do: their
 *     two-sided rows are solved exactly in every pass)
 */
public record SequentialImpulseSettings(int substeps, double contactHertz, double contactDampingRatio, double jointHertz,
        double jointDampingRatio, double maxPushOutSpeed, double restitutionThreshold, double speculativeDistance,
        boolean warmStarting) {

    /** Default substeps per step. */
    public static final int DEFAULT_SUBSTEPS = 8;
    /**
     * Default contact stiffness, Hz. A soft contact carries a load F by an overlap
     * {@code F/(m·ω²)}, and a column of soft contacts buckles under its own weight when too soft:
     * the load it can carry grows with ω², so tall towers need a stiff contact. Stiffer still,
     * near the cap of a quarter of the substep rate (120 Hz at 8 substeps of a 60 Hz step), the
     * substeps resolve the contacts less well and wide stacks stop coming to rest. The default
     * sits between the two, with a margin below the cap.
     */
    public static final double DEFAULT_CONTACT_HERTZ = 100;
    /** Default contact damping ratio (Box2D v3's: heavily over-damped, so contacts do not bounce). */
    public static final double DEFAULT_CONTACT_DAMPING_RATIO = 10;
    /** Default joint stiffness, Hz (Box2D v3's). */
    public static final double DEFAULT_JOINT_HERTZ = 60;
    /** Default joint damping ratio (Box2D v3's). */
    public static final double DEFAULT_JOINT_DAMPING_RATIO = 2;
    /** Default push-out speed limit, m/s (Box2D v3's). */
    public static final double DEFAULT_MAX_PUSH_OUT_SPEED = 3;
    /** Default restitution threshold, m/s (Box2D's). */
    public static final double DEFAULT_RESTITUTION_THRESHOLD = 1;
    /** Default speculative distance, m (four 5 mm linear slops, as Box2D v3). */
    public static final double DEFAULT_SPECULATIVE_DISTANCE = 0.02;

    /** The defaults. */
    public static final SequentialImpulseSettings DEFAULTS = builder().build();

    /**
     * Validates every field.
     *
     * @param substeps substeps per world step (≥ 1)
     * @param contactHertz contact stiffness, Hz (&gt; 0)
     * @param contactDampingRatio contact damping as a ratio of critical (≥ 0)
     * @param jointHertz stiffness of joints' one-sided rows, Hz (&gt; 0)
     * @param jointDampingRatio damping of joints' one-sided rows as a ratio of critical (≥ 0)
     * @param maxPushOutSpeed fastest push-out of overlaps and opened joints, m/s (&gt; 0)
     * @param restitutionThreshold closing speed at or below which contacts do not bounce, m/s (≥ 0)
     * @param speculativeDistance how far apart shapes are still handed over as contacts, m (≥ 0)
     * @param warmStarting whether contacts start from last step's impulses
     */
    public SequentialImpulseSettings {
        if (substeps < 1) {
            throw new IllegalArgumentException("substeps must be >= 1, was " + substeps);
        }
        Check.positive("contactHertz", contactHertz);
        Check.nonNegative("contactDampingRatio", contactDampingRatio);
        Check.positive("jointHertz", jointHertz);
        Check.nonNegative("jointDampingRatio", jointDampingRatio);
        Check.positive("maxPushOutSpeed", maxPushOutSpeed);
        Check.nonNegative("restitutionThreshold", restitutionThreshold);
        Check.nonNegative("speculativeDistance", speculativeDistance);
    }

    /** @return a builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder starting from these settings. */
    public Builder toBuilder() {
        return new Builder().substeps(substeps).contactHertz(contactHertz).contactDampingRatio(contactDampingRatio)
                .jointHertz(jointHertz).jointDampingRatio(jointDampingRatio).maxPushOutSpeed(maxPushOutSpeed)
                .restitutionThreshold(restitutionThreshold).speculativeDistance(speculativeDistance)
                .warmStarting(warmStarting);
    }

    /** Builds {@link SequentialImpulseSettings}; units are documented on the record. */
    public static final class Builder {
        private int substeps = DEFAULT_SUBSTEPS;
        private double contactHertz = DEFAULT_CONTACT_HERTZ;
        private double contactDampingRatio = DEFAULT_CONTACT_DAMPING_RATIO;
        private double jointHertz = DEFAULT_JOINT_HERTZ;
        private double jointDampingRatio = DEFAULT_JOINT_DAMPING_RATIO;
        private double maxPushOutSpeed = DEFAULT_MAX_PUSH_OUT_SPEED;
        private double restitutionThreshold = DEFAULT_RESTITUTION_THRESHOLD;
        private double speculativeDistance = DEFAULT_SPECULATIVE_DISTANCE;
        private boolean warmStarting = true;

        private Builder() {
        }

        /**
         * Substeps per step.
         *
         * @param n substeps per step (≥ 1)
         * @return this builder
         */
        public Builder substeps(int n) {
            substeps = n;
            return this;
        }

        /**
         * Contact stiffness, Hz.
         *
         * @param hertz the stiffness, Hz (&gt; 0)
         * @return this builder
         */
        public Builder contactHertz(double hertz) {
            contactHertz = hertz;
            return this;
        }

        /**
         * Contact damping ratio.
         *
         * @param ratio the ratio of critical damping (≥ 0)
         * @return this builder
         */
        public Builder contactDampingRatio(double ratio) {
            contactDampingRatio = ratio;
            return this;
        }

        /**
         * Joint stiffness, Hz.
         *
         * @param hertz the stiffness, Hz (&gt; 0)
         * @return this builder
         */
        public Builder jointHertz(double hertz) {
            jointHertz = hertz;
            return this;
        }

        /**
         * Joint damping ratio.
         *
         * @param ratio the ratio of critical damping (≥ 0)
         * @return this builder
         */
        public Builder jointDampingRatio(double ratio) {
            jointDampingRatio = ratio;
            return this;
        }

        /**
         * Push-out speed limit, m/s.
         *
         * @param metresPerSecond the limit, m/s (&gt; 0)
         * @return this builder
         */
        public Builder maxPushOutSpeed(double metresPerSecond) {
            maxPushOutSpeed = metresPerSecond;
            return this;
        }

        /**
         * Restitution threshold, m/s.
         *
         * @param metresPerSecond the threshold, m/s (≥ 0)
         * @return this builder
         */
        public Builder restitutionThreshold(double metresPerSecond) {
            restitutionThreshold = metresPerSecond;
            return this;
        }

        /**
         * Speculative distance, m.
         *
         * @param metres the distance, m (≥ 0)
         * @return this builder
         */
        public Builder speculativeDistance(double metres) {
            speculativeDistance = metres;
            return this;
        }

        /**
         * Warm starting on or off.
         *
         * @param on whether to warm start
         * @return this builder
         */
        public Builder warmStarting(boolean on) {
            warmStarting = on;
            return this;
        }

        /** @return the settings; throws {@link IllegalArgumentException} naming an invalid field. */
        public SequentialImpulseSettings build() {
            return new SequentialImpulseSettings(substeps, contactHertz, contactDampingRatio, jointHertz, jointDampingRatio,
                    maxPushOutSpeed, restitutionThreshold, speculativeDistance, warmStarting);
        }
    }
}
