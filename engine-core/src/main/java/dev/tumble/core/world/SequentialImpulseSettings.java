package dev.tumble.core.world;


/**
 * Settings of the sequential-impulse solver; immutable, validated on construction (an
 * invalid field throws {@link IllegalArgumentException} naming the field and its value).
 *
 * @param velocityIterations the most Gauss-Seidel sweeps over all contacts for velocities (≥ 1);
 *     fewer run once the sweeps have converged (see {@code velocityTolerance})
 * @param positionIterations sweeps of the position correction (≥ 0; 0 switches it off)
 * @param positionCorrection how penetration is removed; see {@link PositionCorrection}
 * @param baumgarte fraction of the penetration beyond the slop removed per position sweep
 *     (dimensionless, in (0, 1]); for split impulses the pseudo-velocity target is
 *     {@code baumgarte · (penetration − slop) / dt}
 * @param linearSlop penetration left uncorrected so resting contacts persist, m (≥ 0)
 * @param maxLinearCorrection the most penetration removed by one contact in one position sweep,
 *     m (&gt; 0)
 * @param restitutionThreshold closing speed (m/s, ≥ 0) at or below which restitution is ignored,
 *     so resting contacts do not bounce
 * @param warmStarting whether the impulses given by
 *     the solver's warm start are applied before iterating
 * @param warmStartFactor scale on the warm-start impulses (dimensionless, in [0, 1])
 * @param relaxation successive over/under-relaxation of every velocity impulse increment
 *     (dimensionless, in (0, 2); 1 is plain Gauss-Seidel)
 * @param impulseRepositioning whether bodies are moved by {@code Δv·dt} and turned by
 *     {@code Δω·dt} for the velocity change the solver made, so that positions are those that
 *     Box2D's order (solve velocities, then integrate positions) would give; Tumble integrates
 *     before it detects and resolves (Millington's order), so without this every resting body
 *     sinks by {@code g·dt²} per step and the position pass must lift whole stacks back
 * @param speculativeDistance how far apart (m, ≥ 0) shapes may be and still be handed to the
 *     solver as contacts (negative penetration), which lets them close exactly that far this step
 *     and no further; a world using this solver gives it to its narrow phase. It keeps every
 *     corner of a resting box in the manifold (and in the warm-start cache) when a corner lifts
 *     by a hair; with 0 such corners drop out and come back, and stacks rock and walk
 * @param manifoldIterations Gauss-Seidel passes over the normal block of one manifold (up to four
 *     contacts of one body pair) each time a sweep reaches it, when the block's exact solve does
 *     not apply (≥ 1); the corners of a face contact are strongly coupled, and solving them
 *     together is what stops a tall stack rocking (see {@code docs/solvers.md})
 * @param shockPropagation whether one more sweep follows the velocity sweeps in which bodies are
 *     ranked by how many contacts separate them from the static world and each manifold is
 *     solved with its lower body held immovable (Guendelman, Bridson and Fedkiw 2003): a heavy
 *     body resting on a light one is then stopped in one sweep whatever the mass ratio, where
 *     plain Gauss-Seidel needs about as many sweeps as the ratio
 * @param energyGuard whether the solver checks that it left the bodies it solved (one island)
 *     with no more kinetic energy than they brought to it, and scales their velocities down
 *     uniformly when they have more. Contacts with restitution ≤ 1 and friction are passive, so a
 *     gain can only come from the iteration itself: warm starting, friction taken back when the
 *     normal impulse fell, the shock sweep holding a light body under a heavy one. Scaling every
 *     velocity of the island by the same factor below 1 keeps every contact that is not closing
 *     still not closing. Skipped for islands with a moving kinematic body (which may do work)
 * @param jointBlocks whether joints' contacts are solved as exact bilateral blocks (a held point
 *     as one 3-row block, a hinge as one 5-row block, a rod as one row; see {@code JointBlocks}
 *     and docs/solvers.md) instead of as the book's one-sided contacts. Blocks hold a jointed
 *     anchor far tighter than contacts do, but with huge mass ratios they drag light bodies
 *     through the ground, so they are off by default
 * @param velocityTolerance convergence test of the velocity sweeps, m/s (≥ 0): once a sweep
 *     changed no contact's (or joint row's) relative velocity by more than this, and at least
 *     {@code minVelocityIterations} sweeps ran, the remaining sweeps are skipped, as Bullet's
 *     least-squares residual threshold does. A warm-started resting stack converges in one or two
 *     sweeps; a settling one runs them all. 0 always runs {@code velocityIterations}. The shock
 *     sweep's passes over one manifold stop once a pass changed no contact's velocity by more than
 *     a tenth of this (0 runs all three)
 * @param minVelocityIterations sweeps that always run before the convergence test applies (≥ 1;
 *     capped at {@code velocityIterations}); 2 = one sweep in each direction
 */
public record SequentialImpulseSettings(int velocityIterations, int positionIterations,
        PositionCorrection positionCorrection, double baumgarte, double linearSlop, double maxLinearCorrection,
        double restitutionThreshold, boolean warmStarting, double warmStartFactor, double relaxation,
        boolean impulseRepositioning, double speculativeDistance, int manifoldIterations, boolean shockPropagation,
        boolean energyGuard, boolean jointBlocks, double velocityTolerance, int minVelocityIterations) {

    /** How the solver removes penetration. */
    public enum PositionCorrection {
        /** No position correction (velocities only; impulse repositioning still applies if on). */
        NONE,
        /**
         * Split impulses: pseudo-velocities solved like the velocity constraints (accumulated,
         * clamped ≥ 0) towards {@code baumgarte · (penetration − slop) / dt}, used only to move
         * positions and never added to the real velocities.
         */
        SPLIT_IMPULSE,
        /**
         * Box2D's {@code solvePositionConstraints}: nonlinear Gauss-Seidel on positions, each
         * sweep recomputing every separation from the current poses and body-local contact points,
         * {@code C = clamp(baumgarte · (separation + slop), −maxLinearCorrection, 0)}.
         */
        NONLINEAR_GAUSS_SEIDEL
    }

    /**
     * Default velocity sweeps: with the shock sweep ({@link #shockPropagation}), enough to keep the
     * standard pyramid's top close while it settles and the tower and the dropped pile at rest;
     * fewer let the pyramid's top wander (docs/stacking.md).
     */
    public static final int DEFAULT_VELOCITY_ITERATIONS = 16;
    /** Default position sweeps (fewer serve stacks as well, but jointed ragdolls sag). */
    public static final int DEFAULT_POSITION_ITERATIONS = 4;
    /** Default position correction: nonlinear Gauss-Seidel (see docs/solvers.md for why). */
    public static final PositionCorrection DEFAULT_POSITION_CORRECTION = PositionCorrection.NONLINEAR_GAUSS_SEIDEL;
    /** Default Baumgarte / split-impulse factor (Box2D's 0.2). */
    public static final double DEFAULT_BAUMGARTE = 0.2;
    /** Default linear slop, m. */
    public static final double DEFAULT_LINEAR_SLOP = 0.0005;
    /** Default largest correction per contact and sweep, m (Box2D's 0.2). */
    public static final double DEFAULT_MAX_LINEAR_CORRECTION = 0.2;
    /** Default restitution threshold, m/s (Box2D's 1). */
    public static final double DEFAULT_RESTITUTION_THRESHOLD = 1.0;
    /** Warm starting is on by default. */
    public static final boolean DEFAULT_WARM_STARTING = true;
    /** Default warm-start scale. */
    public static final double DEFAULT_WARM_START_FACTOR = 1.0;
    /** Default relaxation (plain Gauss-Seidel). */
    public static final double DEFAULT_RELAXATION = 1.0;
    /** Impulse repositioning is on by default. */
    public static final boolean DEFAULT_IMPULSE_REPOSITIONING = true;

    /** Default speculative distance, m (Box2D v3's four linear slops). */
    public static final double DEFAULT_SPECULATIVE_DISTANCE = 0.02;

    /** Default normal passes per manifold and sweep. */
    public static final int DEFAULT_MANIFOLD_ITERATIONS = 4;

    /** Joint blocks are off by default (see {@link #jointBlocks}). */
    public static final boolean DEFAULT_JOINT_BLOCKS = false;

    /** The energy guard is on by default (see docs/robustness.md). */
    public static final boolean DEFAULT_ENERGY_GUARD = true;

    /** Shock propagation is on by default (a 1,000 kg box on a 1 kg box holds; see docs/robustness.md). */
    public static final boolean DEFAULT_SHOCK_PROPAGATION = true;

    /**
     * Default convergence tolerance of the velocity sweeps, m/s: 1 mm/s moves a contact 17 µm in a
     * 60 Hz step, too little to change how a stack settles, and a resting stack then stops after
     * the minimum sweeps (docs/solvers.md).
     */
    public static final double DEFAULT_VELOCITY_TOLERANCE = 1e-3;

    /** Default sweeps run before the convergence test: one forward, one backward. */
    public static final int DEFAULT_MIN_VELOCITY_ITERATIONS = 2;

    /** The defaults. */
    public static final SequentialImpulseSettings DEFAULTS = builder().build();

    /**
     * Validates every field.
     *
     * @param velocityIterations the most velocity sweeps (≥ 1)
     * @param positionIterations position sweeps (≥ 0)
     * @param positionCorrection how penetration is removed, not null
     * @param baumgarte fraction of the penetration beyond the slop removed per sweep, in (0, 1]
     * @param linearSlop penetration left uncorrected, m (≥ 0)
     * @param maxLinearCorrection the most penetration one contact removes in one sweep, m (&gt; 0)
     * @param restitutionThreshold closing speed at or below which restitution is ignored, m/s (≥ 0)
     * @param warmStarting whether warm-start impulses are applied
     * @param warmStartFactor scale on the warm-start impulses, in [0, 1]
     * @param relaxation over/under-relaxation of the velocity impulses, in (0, 2)
     * @param impulseRepositioning whether bodies are moved by the velocity change the solver made
     * @param speculativeDistance how far apart shapes are still handed over as contacts, m (≥ 0)
     * @param manifoldIterations normal passes over one manifold's block (≥ 1)
     * @param shockPropagation whether the shock sweep follows the velocity sweeps
     * @param energyGuard whether kinetic energy the solver added is scaled away
     * @param jointBlocks whether joints are solved as bilateral blocks
     * @param velocityTolerance convergence test of the velocity sweeps, m/s (≥ 0)
     * @param minVelocityIterations sweeps before the convergence test applies (≥ 1)
     */
    public SequentialImpulseSettings {
        if (velocityIterations < 1) {
            throw new IllegalArgumentException("velocityIterations must be >= 1, was " + velocityIterations);
        }
        if (positionIterations < 0) {
            throw new IllegalArgumentException("positionIterations must be >= 0, was " + positionIterations);
        }
        if (positionCorrection == null) {
            throw new IllegalArgumentException("positionCorrection must not be null");
        }
        if (!(baumgarte > 0 && baumgarte <= 1)) {
            throw new IllegalArgumentException("baumgarte must be in (0, 1], was " + baumgarte);
        }
        if (!Double.isFinite(linearSlop) || linearSlop < 0) {
            throw new IllegalArgumentException("linearSlop must be finite and >= 0, was " + linearSlop);
        }
        if (!Double.isFinite(maxLinearCorrection) || !(maxLinearCorrection > 0)) {
            throw new IllegalArgumentException("maxLinearCorrection must be finite and > 0, was " + maxLinearCorrection);
        }
        if (!Double.isFinite(restitutionThreshold) || restitutionThreshold < 0) {
            throw new IllegalArgumentException(
                    "restitutionThreshold must be finite and >= 0, was " + restitutionThreshold);
        }
        if (!(warmStartFactor >= 0 && warmStartFactor <= 1)) {
            throw new IllegalArgumentException("warmStartFactor must be in [0, 1], was " + warmStartFactor);
        }
        if (!(relaxation > 0 && relaxation < 2)) {
            throw new IllegalArgumentException("relaxation must be in (0, 2), was " + relaxation);
        }
        if (manifoldIterations < 1) {
            throw new IllegalArgumentException("manifoldIterations must be >= 1, was " + manifoldIterations);
        }
        if (!Double.isFinite(speculativeDistance) || speculativeDistance < 0) {
            throw new IllegalArgumentException("speculativeDistance must be finite and >= 0, was " + speculativeDistance);
        }
        if (!Double.isFinite(velocityTolerance) || velocityTolerance < 0) {
            throw new IllegalArgumentException("velocityTolerance must be finite and >= 0, was " + velocityTolerance);
        }
        if (minVelocityIterations < 1) {
            throw new IllegalArgumentException("minVelocityIterations must be >= 1, was " + minVelocityIterations);
        }
    }

    /** @return a builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder starting from these settings. */
    public Builder toBuilder() {
        return new Builder().velocityIterations(velocityIterations).positionIterations(positionIterations)
                .positionCorrection(positionCorrection).baumgarte(baumgarte).linearSlop(linearSlop)
                .maxLinearCorrection(maxLinearCorrection).restitutionThreshold(restitutionThreshold)
                .warmStarting(warmStarting).warmStartFactor(warmStartFactor).relaxation(relaxation)
                .impulseRepositioning(impulseRepositioning).speculativeDistance(speculativeDistance).manifoldIterations(manifoldIterations)
                .shockPropagation(shockPropagation).energyGuard(energyGuard).jointBlocks(jointBlocks)
                .velocityTolerance(velocityTolerance).minVelocityIterations(minVelocityIterations);
    }

    /**
     * The closest {@link ResolverSettings} description, for code that only knows the resolver
     * interface: iteration counts, {@code velocityLimit} = restitution threshold, linear
     * projection with this slop and {@code linearCorrectionFraction} = baumgarte.
     *
     * @return the equivalent resolver settings
     */
    public ResolverSettings toResolverSettings() {
        return ResolverSettings.builder().velocityIterations(velocityIterations).positionIterations(positionIterations)
                .velocityLimit(restitutionThreshold).positionProjection(PositionProjection.LINEAR)
                .linearSlop(linearSlop).linearCorrectionFraction(baumgarte).build();
    }

    /** Builds {@link SequentialImpulseSettings}; units are documented on the record. */
    public static final class Builder {
        private int velocityIterations = DEFAULT_VELOCITY_ITERATIONS;
        private int positionIterations = DEFAULT_POSITION_ITERATIONS;
        private PositionCorrection positionCorrection = DEFAULT_POSITION_CORRECTION;
        private double baumgarte = DEFAULT_BAUMGARTE;
        private double linearSlop = DEFAULT_LINEAR_SLOP;
        private double maxLinearCorrection = DEFAULT_MAX_LINEAR_CORRECTION;
        private double restitutionThreshold = DEFAULT_RESTITUTION_THRESHOLD;
        private boolean warmStarting = DEFAULT_WARM_STARTING;
        private double warmStartFactor = DEFAULT_WARM_START_FACTOR;
        private double relaxation = DEFAULT_RELAXATION;
        private boolean impulseRepositioning = DEFAULT_IMPULSE_REPOSITIONING;
        private double speculativeDistance = DEFAULT_SPECULATIVE_DISTANCE;
        private int manifoldIterations = DEFAULT_MANIFOLD_ITERATIONS;
        private boolean shockPropagation = DEFAULT_SHOCK_PROPAGATION;
        private boolean energyGuard = DEFAULT_ENERGY_GUARD;
        private boolean jointBlocks = DEFAULT_JOINT_BLOCKS;
        private double velocityTolerance = DEFAULT_VELOCITY_TOLERANCE;
        private int minVelocityIterations = DEFAULT_MIN_VELOCITY_ITERATIONS;

        private Builder() {
        }

        /**
         * Velocity sweeps (≥ 1).
         *
         * @param v the most velocity sweeps (≥ 1)
         * @return this builder
         */
        public Builder velocityIterations(int v) {
            velocityIterations = v;
            return this;
        }

        /**
         * Position sweeps (≥ 0).
         *
         * @param v the position sweeps (≥ 0)
         * @return this builder
         */
        public Builder positionIterations(int v) {
            positionIterations = v;
            return this;
        }

        /**
         * The position correction method.
         *
         * @param v the method, not null
         * @return this builder
         */
        public Builder positionCorrection(PositionCorrection v) {
            positionCorrection = v;
            return this;
        }

        /**
         * Dimensionless, (0, 1].
         *
         * @param v the Baumgarte factor
         * @return this builder
         */
        public Builder baumgarte(double v) {
            baumgarte = v;
            return this;
        }

        /**
         * m, ≥ 0.
         *
         * @param v the linear slop
         * @return this builder
         */
        public Builder linearSlop(double v) {
            linearSlop = v;
            return this;
        }

        /**
         * m, &gt; 0.
         *
         * @param v the largest correction per contact and sweep
         * @return this builder
         */
        public Builder maxLinearCorrection(double v) {
            maxLinearCorrection = v;
            return this;
        }

        /**
         * m/s, ≥ 0.
         *
         * @param v the restitution threshold
         * @return this builder
         */
        public Builder restitutionThreshold(double v) {
            restitutionThreshold = v;
            return this;
        }

        /**
         * On or off.
         *
         * @param v whether to warm start
         * @return this builder
         */
        public Builder warmStarting(boolean v) {
            warmStarting = v;
            return this;
        }

        /**
         * Dimensionless, [0, 1].
         *
         * @param v the warm-start scale
         * @return this builder
         */
        public Builder warmStartFactor(double v) {
            warmStartFactor = v;
            return this;
        }

        /**
         * Dimensionless, (0, 2).
         *
         * @param v the relaxation factor
         * @return this builder
         */
        public Builder relaxation(double v) {
            relaxation = v;
            return this;
        }

        /**
         * On or off.
         *
         * @param v whether to reposition by the velocity change
         * @return this builder
         */
        public Builder impulseRepositioning(boolean v) {
            impulseRepositioning = v;
            return this;
        }

        /**
         * m, ≥ 0.
         *
         * @param v the speculative distance
         * @return this builder
         */
        public Builder speculativeDistance(double v) {
            speculativeDistance = v;
            return this;
        }

        /**
         * Passes, ≥ 1.
         *
         * @param v the passes per manifold
         * @return this builder
         */
        public Builder manifoldIterations(int v) {
            manifoldIterations = v;
            return this;
        }

        /**
         * See {@link SequentialImpulseSettings#jointBlocks()}.
         *
         * @param v whether to solve joints as blocks
         * @return this builder
         */
        public Builder jointBlocks(boolean v) {
            jointBlocks = v;
            return this;
        }

        /**
         * See {@link SequentialImpulseSettings#energyGuard()}.
         *
         * @param v whether to run the energy guard
         * @return this builder
         */
        public Builder energyGuard(boolean v) {
            energyGuard = v;
            return this;
        }

        /**
         * m/s, ≥ 0 (0 runs every sweep); see {@link SequentialImpulseSettings#velocityTolerance()}.
         *
         * @param v the convergence tolerance
         * @return this builder
         */
        public Builder velocityTolerance(double v) {
            velocityTolerance = v;
            return this;
        }

        /**
         * Sweeps, ≥ 1; see {@link SequentialImpulseSettings#minVelocityIterations()}.
         *
         * @param v the sweeps before the convergence test
         * @return this builder
         */
        public Builder minVelocityIterations(int v) {
            minVelocityIterations = v;
            return this;
        }

        /**
         * On or off.
         *
         * @param v whether to run the shock sweep
         * @return this builder
         */
        public Builder shockPropagation(boolean v) {
            shockPropagation = v;
            return this;
        }

        /**
         * @return the settings
         * @throws IllegalArgumentException naming the first invalid field and its value
         */
        public SequentialImpulseSettings build() {
            return new SequentialImpulseSettings(velocityIterations, positionIterations, positionCorrection, baumgarte,
                    linearSlop, maxLinearCorrection, restitutionThreshold, warmStarting, warmStartFactor, relaxation,
                    impulseRepositioning, speculativeDistance, manifoldIterations, shockPropagation,
                    energyGuard, jointBlocks, velocityTolerance, minVelocityIterations);
        }
    }
}
