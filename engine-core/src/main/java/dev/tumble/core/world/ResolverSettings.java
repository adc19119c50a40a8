package dev.tumble.core.world;


/**
 * The contact resolver's settings; immutable, validated on construction. Defaults are the
 * book's (Millington, ch. 14) and Cyclone's.
 *
 * @param velocityIterations the most impulses applied per resolve call (≥ 0)
 * @param positionIterations the most position fixes applied per resolve call (≥ 0); Cyclone's
 *     two-count constructor ignores this value, Tumble honours it
 * @param velocityEpsilon desired delta velocities at or below this (m/s) are left alone (≥ 0)
 * @param positionEpsilon penetrations at or below this (m) are left alone (≥ 0)
 * @param velocityLimit closing speed (m/s, ≥ 0) below which restitution is switched off, so
 *     resting contacts do not bounce
 * @param angularLimit limits a body's angular share of a position fix to
 *     {@code angularLimit · |r projected on the contact plane|} (dimensionless, small-angle
 *     radians, ≥ 0); Cyclone writes it as the float literal {@code 0.2f}, see
 *     {@link #CYCLONE_ANGULAR_LIMIT}
 * @param positionProjection nonlinear (book) or plain linear projection
 * @param linearSlop for {@link PositionProjection#LINEAR}: penetration left uncorrected, m (≥ 0)
 * @param linearCorrectionFraction for {@link PositionProjection#LINEAR}: share of the remaining
 *     penetration removed per fix, in (0, 1]
 * @param contactMargin the book's pessimistic collision detection (ch. 16): a world using this
 *     resolver reports contacts between shapes up to this far apart (m, ≥ 0), with negative
 *     penetration; the position pass ignores them, the velocity pass stops them closing, so a
 *     resting box's lifted corner stays in the manifold. 0 (the default and Cyclone's) reports
 *     touching shapes only. Not used by the resolver itself, which takes the contacts it is given
 * @param shockPropagation after each pass, a shock-propagation pass (Guendelman et al. 2003):
 *     bodies are ranked by how many contacts separate them from the static world, and contacts
 *     are fixed again rank by rank, the lower body held immovable. Iterative passes need about as
 *     many iterations as the mass ratio to stop a heavy body resting on a light one; this pass
 *     stops it in one sweep. Off by default and in Cyclone's configuration (the book has none);
 *     the world's default resolver turns it on. Only the resolver of a world runs it
 * @param limitRestitutionWork lower a contact's restitution for one impulse when, with friction,
 *     that impulse would add kinetic energy (Kane and Levinson's paradox; see
 *     {@code Contact.applyVelocityChange(double[], double[], ContactDiagnostics, boolean)}). Off by
 *     default and in Cyclone's configuration; the world's default resolver turns it on
 * @param energyGuard after each call, take out of the bodies' motion any energy the call added
 *     (see {@code EnergyGuard}: kinetic energy with the final orientations plus the work of the
 *     position moves against gravity, against what the bodies brought). Off by default and in
 *     Cyclone's configuration; the world's default resolver turns it on
 * @param staticRecheck after an island is resolved, a world checks each body the solve moved
 *     further than {@code min(contactMargin, innerRadius / 4)} (a turn counted at the body's
 *     reach) against the static and kinematic shapes again, and resolves those contacts alone:
 *     the contacts of a step are found before solving, so a body a joint dragged into the ground
 *     would otherwise end the step there. The joint's error is left for the next step. Off by
 *     default and in Cyclone's configuration; the world's default resolver turns it on. Not used
 *     by the resolver itself. With it on, shock propagation holds no body through a joint
 *     contact: a body held on the ground moved its jointed partner by the joint's whole error
 *     (metres, for a heavy body jointed to a light one), and the re-check keeps bodies out of the
 *     ground without the hold
 * @param deferJointExcess a joint contact whose angular move is clamped by the angular limit
 *     leaves the rest of its error for later fixes instead of moving the body linearly by it
 *     (the book's rule, kept for collisions): a small body jointed far from its centre wants
 *     nearly all of a fix as rotation, and the book's rule translated it, and what it drags, by
 *     almost the whole joint error. Off by default and in Cyclone's configuration; the world's
 *     default resolver turns it on
 * @param jointVelocityCorrection when above 0, joint contacts are kept out of the position
 *     passes and corrected in the velocity pass instead: each asks for a separating velocity of
 *     {@code jointVelocityCorrection · penetration / duration} (Baumgarte stabilisation, a
 *     fraction of the error per step, in [0, 1]). 0 (the default and Cyclone's) corrects joints
 *     in the position pass, as the book does. A position fix moves bodies without a velocity, so
 *     the energy it adds (a body lifted, a body turned so that a collision fix lifts it) is paid
 *     by the energy guard out of motion the island may not have, and a joint torn far apart can
 *     spend the whole position budget turning its bodies by the angular limit over and over.
 *     Corrected at the velocity level, whatever a joint adds is kinetic energy, which the energy
 *     guard sees and takes back. The world's default resolver uses
 *     {@link #DEFAULT_JOINT_VELOCITY_CORRECTION}
 * @param scaleBackPositions with {@link #energyGuard()}: when the guard cannot take a call's
 *     excess energy out of the bodies' motion (the position passes lifted bodies that were nearly
 *     at rest, so there is no motion to take it from), the position passes' moves are scaled back
 *     towards the poses the bodies came with, to the share the energy allows (the lift's work is
 *     linear in the share); only the part of each body's lift above a resting body's sag of the
 *     step is taken back, so resting contacts stay corrected. The guard then runs again. The
 *     overlap left is corrected in later steps within the guard's allowance. Off by default
 *     and in Cyclone's configuration; the world's default resolver turns it on
 * @param jointPositionFixes when above 0, the most times the regular position pass fixes any one
 *     joint contact in a call (≥ 0; 0, the default and Cyclone's, sets no limit); a joint contact
 *     that reached it is left alone by the position passes of that call, and what is left of its
 *     error waits for the next step. The pass always fixes the deepest contact first, and two
 *     joint contacts that undo each other (a hinge's two axis points, each fix turning the body by
 *     the angular limit and no further) can stay deepest for thousands of fixes and spend the
 *     whole budget, while a resting body's ground contact, a little shallower, is never fixed and
 *     the body sinks step after step. A call without collision contacts (a hanging chain) is not
 *     limited: there is nothing to starve. Only the resolver of a world applies it. The
 *     world's default resolver uses {@link #DEFAULT_JOINT_POSITION_FIXES}
 */
public record ResolverSettings(int velocityIterations, int positionIterations, double velocityEpsilon,
        double positionEpsilon, double velocityLimit, double angularLimit, PositionProjection positionProjection,
        double linearSlop, double linearCorrectionFraction, double contactMargin, boolean shockPropagation,
        boolean limitRestitutionWork, boolean energyGuard, boolean staticRecheck, boolean deferJointExcess,
        double jointVelocityCorrection, boolean scaleBackPositions, int jointPositionFixes) {

    /** Default velocity iteration limit: Cyclone's demos ({@code ContactResolver(256 * 8)}). */
    public static final int DEFAULT_VELOCITY_ITERATIONS = 2048;
    /** Default position iteration limit: Cyclone's demos. */
    public static final int DEFAULT_POSITION_ITERATIONS = 2048;
    /** Default velocity epsilon, m/s (the book's 0.01). */
    public static final double DEFAULT_VELOCITY_EPSILON = 0.01;
    /** Default position epsilon, m (the book's 0.01). */
    public static final double DEFAULT_POSITION_EPSILON = 0.01;
    /** Default velocity limit for restitution, m/s (the book's 0.25). */
    public static final double DEFAULT_VELOCITY_LIMIT = 0.25;
    /** Default angular limit (the book's 0.2). */
    public static final double DEFAULT_ANGULAR_LIMIT = 0.2;
    /**
     * Cyclone's angular limit as a double build sees it: the float literal {@code 0.2f} widened,
     * 0.20000000298023224. Needed to reproduce Cyclone bit for bit.
     */
    public static final double CYCLONE_ANGULAR_LIMIT = (double) 0.2f;
    /** Default slop for linear projection, m. */
    public static final double DEFAULT_LINEAR_SLOP = 0.01;
    /** Default correction fraction for linear projection. */
    public static final double DEFAULT_LINEAR_CORRECTION_FRACTION = 0.8;

    /** Fraction of a joint's error corrected per step at the velocity level in a world's default settings. */
    public static final double DEFAULT_JOINT_VELOCITY_CORRECTION = 0.2;

    /** The most fixes per joint contact in a position pass in a world's default settings. */
    public static final int DEFAULT_JOINT_POSITION_FIXES = 16;

    /** The defaults: the book's values, nonlinear projection. */
    public static final ResolverSettings DEFAULTS = builder().build();

    /**
     * Validates every field.
     *
     * @param velocityIterations the most impulses per resolve call (≥ 0)
     * @param positionIterations the most position fixes per resolve call (≥ 0)
     * @param velocityEpsilon desired delta velocity left alone, m/s (≥ 0)
     * @param positionEpsilon penetration left alone, m (≥ 0)
     * @param velocityLimit closing speed below which restitution is off, m/s (≥ 0)
     * @param angularLimit cap on a body's angular share of a position fix, dimensionless (≥ 0)
     * @param positionProjection nonlinear or linear projection, not null
     * @param linearSlop penetration linear projection leaves, m (≥ 0)
     * @param linearCorrectionFraction share of the penetration linear projection removes per fix,
     *     in (0, 1]
     * @param contactMargin how far apart shapes are still reported as contacts, m (≥ 0)
     * @param shockPropagation whether a shock-propagation pass follows each pass
     * @param limitRestitutionWork whether restitution is lowered where an impulse would add energy
     * @param energyGuard whether energy a call added is taken out of the bodies' motion
     * @param staticRecheck whether a world re-checks moved bodies against the static world
     * @param deferJointExcess whether a clamped joint fix leaves its excess for later fixes
     * @param jointVelocityCorrection fraction of a joint's error corrected per step by velocity, in
     *     [0, 1]
     * @param scaleBackPositions whether position moves the energy guard cannot pay for are scaled
     *     back
     * @param jointPositionFixes the most fixes per joint contact in a position pass (≥ 0; 0: no
     *     limit)
     */
    public ResolverSettings {
        if (velocityIterations < 0) {
            throw new IllegalArgumentException("velocityIterations must be >= 0, was " + velocityIterations);
        }
        if (positionIterations < 0) {
            throw new IllegalArgumentException("positionIterations must be >= 0, was " + positionIterations);
        }
        if (jointPositionFixes < 0) {
            throw new IllegalArgumentException("jointPositionFixes must be >= 0, was " + jointPositionFixes);
        }
        nonNegative("velocityEpsilon", velocityEpsilon);
        nonNegative("positionEpsilon", positionEpsilon);
        nonNegative("velocityLimit", velocityLimit);
        nonNegative("angularLimit", angularLimit);
        if (positionProjection == null) {
            throw new IllegalArgumentException("positionProjection must not be null");
        }
        nonNegative("linearSlop", linearSlop);
        nonNegative("contactMargin", contactMargin);
        if (!(jointVelocityCorrection >= 0 && jointVelocityCorrection <= 1)) {
            throw new IllegalArgumentException(
                    "jointVelocityCorrection must be in [0, 1], was " + jointVelocityCorrection);
        }
        if (!(linearCorrectionFraction > 0 && linearCorrectionFraction <= 1)) {
            throw new IllegalArgumentException(
                    "linearCorrectionFraction must be in (0, 1], was " + linearCorrectionFraction);
        }
    }

    private static void nonNegative(String field, double v) {
        if (!Double.isFinite(v) || v < 0) {
            throw new IllegalArgumentException(field + " must be finite and >= 0, was " + v);
        }
    }

    /** @return a builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Cyclone's exact configuration ({@code ContactResolver(iterations)} with epsilons 0.01, the
     * angular limit {@code (double) 0.2f}), for reproducing its results.
     *
     * @param iterations the velocity and position iteration limit
     * @return Cyclone's settings
     */
    public static ResolverSettings cyclone(int iterations) {
        return builder().iterations(iterations).angularLimit(CYCLONE_ANGULAR_LIMIT).build();
    }

    /** @return a builder starting from these settings. */
    public Builder toBuilder() {
        return new Builder().velocityIterations(velocityIterations).positionIterations(positionIterations)
                .velocityEpsilon(velocityEpsilon).positionEpsilon(positionEpsilon).velocityLimit(velocityLimit)
                .angularLimit(angularLimit).positionProjection(positionProjection).linearSlop(linearSlop)
                .linearCorrectionFraction(linearCorrectionFraction).contactMargin(contactMargin)
                .shockPropagation(shockPropagation).limitRestitutionWork(limitRestitutionWork).energyGuard(energyGuard)
                .staticRecheck(staticRecheck).deferJointExcess(deferJointExcess)
                .jointVelocityCorrection(jointVelocityCorrection).scaleBackPositions(scaleBackPositions)
                .jointPositionFixes(jointPositionFixes);
    }

    /** Builds {@link ResolverSettings}; every setter documents its unit on the record. */
    public static final class Builder {
        private int velocityIterations = DEFAULT_VELOCITY_ITERATIONS;
        private int positionIterations = DEFAULT_POSITION_ITERATIONS;
        private double velocityEpsilon = DEFAULT_VELOCITY_EPSILON;
        private double positionEpsilon = DEFAULT_POSITION_EPSILON;
        private double velocityLimit = DEFAULT_VELOCITY_LIMIT;
        private double angularLimit = DEFAULT_ANGULAR_LIMIT;
        private PositionProjection positionProjection = PositionProjection.NONLINEAR;
        private double linearSlop = DEFAULT_LINEAR_SLOP;
        private double linearCorrectionFraction = DEFAULT_LINEAR_CORRECTION_FRACTION;
        private double contactMargin;
        private boolean shockPropagation;
        private boolean limitRestitutionWork;
        private boolean energyGuard;
        private boolean staticRecheck;
        private boolean deferJointExcess;
        private double jointVelocityCorrection;
        private boolean scaleBackPositions;
        private int jointPositionFixes;

        private Builder() {
        }

        /**
         * Sets both iteration limits.
         *
         * @param both the velocity and position iteration limit (≥ 0)
         * @return this builder
         */
        public Builder iterations(int both) {
            this.velocityIterations = both;
            this.positionIterations = both;
            return this;
        }

        /**
         * The most impulses per resolve call.
         *
         * @param v the most impulses per call (≥ 0)
         * @return this builder
         */
        public Builder velocityIterations(int v) {
            this.velocityIterations = v;
            return this;
        }

        /**
         * The most position fixes per resolve call.
         *
         * @param v the most position fixes per call (≥ 0)
         * @return this builder
         */
        public Builder positionIterations(int v) {
            this.positionIterations = v;
            return this;
        }

        /**
         * m/s.
         *
         * @param v the velocity epsilon, m/s (≥ 0)
         * @return this builder
         */
        public Builder velocityEpsilon(double v) {
            this.velocityEpsilon = v;
            return this;
        }

        /**
         * m.
         *
         * @param v the position epsilon, m (≥ 0)
         * @return this builder
         */
        public Builder positionEpsilon(double v) {
            this.positionEpsilon = v;
            return this;
        }

        /**
         * m/s.
         *
         * @param v the restitution velocity limit, m/s (≥ 0)
         * @return this builder
         */
        public Builder velocityLimit(double v) {
            this.velocityLimit = v;
            return this;
        }

        /**
         * Dimensionless (small-angle radians).
         *
         * @param v the angular limit (≥ 0)
         * @return this builder
         */
        public Builder angularLimit(double v) {
            this.angularLimit = v;
            return this;
        }

        /**
         * Nonlinear (default) or linear projection.
         *
         * @param v the projection, not null
         * @return this builder
         */
        public Builder positionProjection(PositionProjection v) {
            this.positionProjection = v;
            return this;
        }

        /**
         * m, linear projection only.
         *
         * @param v the slop, m (≥ 0)
         * @return this builder
         */
        public Builder linearSlop(double v) {
            this.linearSlop = v;
            return this;
        }

        /**
         * (0, 1], linear projection only.
         *
         * @param v the correction fraction, in (0, 1]
         * @return this builder
         */
        public Builder linearCorrectionFraction(double v) {
            this.linearCorrectionFraction = v;
            return this;
        }

        /**
         * m, ≥ 0; used by the world's narrow phase.
         *
         * @param v the contact margin, m (≥ 0)
         * @return this builder
         */
        public Builder contactMargin(double v) {
            this.contactMargin = v;
            return this;
        }

        /**
         * Whether a shock-propagation pass follows each pass (default off).
         *
         * @param on whether to run the pass
         * @return this builder
         */
        public Builder shockPropagation(boolean on) {
            this.shockPropagation = on;
            return this;
        }

        /**
         * Whether restitution is lowered where an impulse would add energy (default off).
         *
         * @param on whether to limit restitution's work
         * @return this builder
         */
        public Builder limitRestitutionWork(boolean on) {
            this.limitRestitutionWork = on;
            return this;
        }

        /**
         * Whether energy a call added is taken out of the bodies' motion (default off).
         *
         * @param on whether to run the energy guard
         * @return this builder
         */
        public Builder energyGuard(boolean on) {
            this.energyGuard = on;
            return this;
        }

        /**
         * Whether a world re-checks moved bodies against the static world after solving (default off).
         *
         * @param on whether to re-check against the static world
         * @return this builder
         */
        public Builder staticRecheck(boolean on) {
            this.staticRecheck = on;
            return this;
        }

        /**
         * Whether a joint contact's clamped turn leaves its excess for later fixes (default off).
         *
         * @param on whether to defer the excess
         * @return this builder
         */
        public Builder deferJointExcess(boolean on) {
            this.deferJointExcess = on;
            return this;
        }

        /**
         * Fraction of a joint's error corrected per step at the velocity level, in [0, 1]; 0 (default) corrects it in the position pass.
         *
         * @param fraction the fraction, in [0, 1]
         * @return this builder
         */
        public Builder jointVelocityCorrection(double fraction) {
            this.jointVelocityCorrection = fraction;
            return this;
        }

        /**
         * Whether position moves the energy guard cannot pay for are scaled back (default off).
         *
         * @param on whether to scale moves back
         * @return this builder
         */
        public Builder scaleBackPositions(boolean on) {
            this.scaleBackPositions = on;
            return this;
        }

        /**
         * The most fixes per joint contact in a position pass, ≥ 0; 0 (default) sets no limit.
         *
         * @param fixes the limit (≥ 0; 0: none)
         * @return this builder
         */
        public Builder jointPositionFixes(int fixes) {
            this.jointPositionFixes = fixes;
            return this;
        }

        /**
         * @return the settings
         * @throws IllegalArgumentException naming the first invalid field
         */
        public ResolverSettings build() {
            return new ResolverSettings(velocityIterations, positionIterations, velocityEpsilon, positionEpsilon,
                    velocityLimit, angularLimit, positionProjection, linearSlop, linearCorrectionFraction, contactMargin,
                    shockPropagation, limitRestitutionWork, energyGuard, staticRecheck, deferJointExcess,
                    jointVelocityCorrection, scaleBackPositions, jointPositionFixes);
        }
    }
}
