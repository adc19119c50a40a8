package dev.tumble.core.world;

import dev.tumble.core.internal.Check;

/**
 * Everything a world is configured with, immutable. Build with {@link #builder()}; every
 * setting has a documented unit and a named default.
 *
 * @param gravityX world gravity x (m/s²)
 * @param gravityY world gravity y (m/s²); default {@value #DEFAULT_GRAVITY_Y}
 * @param gravityZ world gravity z (m/s²)
 * @param solver which contact solver resolves the islands
 * @param resolver settings of the Millington resolver (epsilons, limits, maximum iterations)
 * @param sequentialImpulse settings of the sequential-impulse solver (substeps, stiffness of
 *     contacts and joints)
 * @param iterationsPerContact the Millington resolver's iteration budget per island is this many
 *     iterations per contact (the book advises about 4), capped by the resolver settings' maxima
 * @param sleepEnabled whether islands may fall asleep
 * @param sleepEpsilon recency-weighted motion (m²/s²) below which a body counts as still
 * @param frictionMix how the two bodies' friction coefficients combine on a contact
 * @param aabbMargin how far (m) broad-phase boxes are fattened, so slow bodies need no tree update
 * @param maxLinearSpeed speed (m/s) no body exceeds: faster velocities are scaled down before
 *     integration (a safety net against blow-ups, not a physical limit). The soft step scales them
 *     before each substep's solve, and then moves the bodies as its constraints ask
 * @param maxAngularSpeed angular speed (rad/s) no body exceeds, likewise
 * @param maxRotationPerStep the most a body may turn in one step (rad, > 0; Box2D's quarter turn
 *     by default): a faster spin is scaled down before integration, like the speed limits. A
 *     small body turning faster than this between two contact checks lands with a corner already
 *     deep in what it hits
 * @param continuousCollision whether fast bodies with {@code RigidBody.continuousCollision()} on
 *     are swept each step so they cannot pass through thin shapes
 * @param threads how many threads Millington's resolver solves islands on (≥ 1; default 1): above
 *     1, islands are shared out to a pool of helper threads, with results bit-identical to one
 *     thread. The sequential-impulse solver runs on the calling thread
 * @param manifoldReuseDistance how far (m, ≥ 0) a shape pair may move relative to each other,
 *     counting a turn at the smaller body's outer radius, before the narrow phase tests it afresh;
 *     until then last test's contact points are carried along with the two bodies and their depth
 *     measured anew (default {@value #DEFAULT_MANIFOLD_REUSE_DISTANCE} with the sequential-impulse
 *     solver and 0, off, with Millington's resolver, chosen when the settings are built: that
 *     resolver never quite brings a tall stack to rest, and carried contacts make how far such a
 *     stack drifts erratic; never more than {@value #MANIFOLD_REUSE_FRACTION} of a
 *     dynamic body's inner radius; 0 turns reuse off). A resting stack then skips almost all of
 *     its narrow phase
 */
public record WorldSettings(double gravityX, double gravityY, double gravityZ, Solver solver,
        ResolverSettings resolver, SequentialImpulseSettings sequentialImpulse,
        int iterationsPerContact, boolean sleepEnabled, double sleepEpsilon,
        FrictionMix frictionMix, double aabbMargin, double maxLinearSpeed, double maxAngularSpeed,
        double maxRotationPerStep, boolean continuousCollision, int threads, double manifoldReuseDistance) {

    /** The contact solvers a world can use. */
    public enum Solver {
        /** Millington's resolver (book ch. 14–15): worst contact first, positions then velocities. */
        MILLINGTON,
        /**
         * Sequential impulses on a soft step (Box2D v3's and Rapier's order), the default: contacts
         * found at the start of the step, then substeps that integrate velocities, solve soft
         * contacts and joints, integrate positions and relax; then restitution. Joints are
         * constraints, not contacts.
         */
        SEQUENTIAL_IMPULSE
    }

    /** How the friction coefficients μa, μb of a contact's two bodies combine. */
    public enum FrictionMix {
        /** √(μa·μb), as Box2D. */
        GEOMETRIC_MEAN,
        /** min(μa, μb): the slipperier surface decides. */
        MIN,
        /** max(μa, μb). */
        MAX,
        /** (μa + μb)/2. */
        AVERAGE,
        /** μa·μb, as Bullet. */
        MULTIPLY;

        /**
         * @param a one body's coefficient
         * @param b the other body's coefficient
         * @return the combined coefficient.
         */
        public double mix(double a, double b) {
            return switch (this) {
                case GEOMETRIC_MEAN -> Math.sqrt(a * b);
                case MIN -> Math.min(a, b);
                case MAX -> Math.max(a, b);
                case AVERAGE -> 0.5 * (a + b);
                case MULTIPLY -> a * b;
            };
        }
    }

    /** Earth gravity, m/s², along −y. */
    public static final double DEFAULT_GRAVITY_Y = -9.81;
    /**
     * Iterations per contact for the Millington resolver (a budget: the resolver stops as soon as
     * every contact is within its epsilons). The book advises about 4; joints write six bilateral
     * contacts per ball point, and a swinging chain needs about twice that to hold together
     * (ChainTest). A tower of boxes needs far more: each impulse at one corner tips the box onto
     * its other corners, and a smaller budget runs out while the tower still sinks and sways
     * (docs/stacking.md).
     */
    public static final int DEFAULT_ITERATIONS_PER_CONTACT = 64;
    /** Cyclone's sleep threshold (m²/s²). */
    public static final double DEFAULT_SLEEP_EPSILON = 0.3;
    /** Default {@link #manifoldReuseDistance()}, m: 1 mm, as Jolt's body-pair cache. */
    public static final double DEFAULT_MANIFOLD_REUSE_DISTANCE = 0.001;
    /** Reuse never lets a dynamic body move more than this fraction of its inner radius. */
    public static final double MANIFOLD_REUSE_FRACTION = 0.05;

    /** Most island threads a world may use. */
    public static final int MAX_THREADS = 256;
    /** Broad-phase fattening (m). */
    public static final double DEFAULT_AABB_MARGIN = 0.1;

    /**
     * Position epsilon (m) of the world's default resolver settings. The book's 0.01 suits
     * Cyclone's demos, but a resting body sinks g·dt² ≈ 2.7 mm a step at 60 Hz before the
     * position pass sees it, so with 0.01 bodies rest up to a centimetre deep; 0.5 mm keeps them
     * within a millimetre of their true height.
     */
    public static final double DEFAULT_POSITION_EPSILON = 0.0005;

    /**
     * Contact margin (m) of the world's default resolver settings: the book's pessimistic
     * contacts, so the corners of a resting box that lift by a hair stay in the manifold
     * (docs/stacking.md).
     */
    public static final double DEFAULT_CONTACT_MARGIN = 0.005;

    /**
     * The Millington resolver settings a world uses unless told otherwise: the epsilon and margin
     * above, and shock propagation on, so a 1,000 kg box resting on a 1 kg box holds
     * (MassRatioTest; the plain passes need about as many iterations as the mass ratio),
     * restitution limited so no impulse adds energy, and the energy guard on
     * (docs/robustness.md).
     */
    public static final ResolverSettings DEFAULT_RESOLVER = ResolverSettings.builder()
            .positionEpsilon(DEFAULT_POSITION_EPSILON).contactMargin(DEFAULT_CONTACT_MARGIN).shockPropagation(true)
            .limitRestitutionWork(true).energyGuard(true).staticRecheck(true)
            .deferJointExcess(true).jointVelocityCorrection(ResolverSettings.DEFAULT_JOINT_VELOCITY_CORRECTION)
            .scaleBackPositions(true).jointPositionFixes(ResolverSettings.DEFAULT_JOINT_POSITION_FIXES).build();

    /** Default speed limit, m/s: above a rifle round, far above anything a game stacks. */
    public static final double DEFAULT_MAX_LINEAR_SPEED = 500;
    /** Default angular speed limit, rad/s (about 16 turns a second). */
    public static final double DEFAULT_MAX_ANGULAR_SPEED = 100;
    /** Default turn limit per step, rad (a quarter turn: 47 rad/s at 60 Hz). */
    public static final double DEFAULT_MAX_ROTATION_PER_STEP = 0.25 * Math.PI;

    /** The defaults. */
    public static final WorldSettings DEFAULTS = builder().build();

    /**
     * Validates every field.
     *
     * @param gravityX world gravity x, m/s²
     * @param gravityY world gravity y, m/s²
     * @param gravityZ world gravity z, m/s²
     * @param solver the contact solver, not null
     * @param resolver settings of the Millington resolver, not null
     * @param sequentialImpulse settings of the sequential-impulse solver, not null
     * @param iterationsPerContact the Millington resolver's iterations per contact (≥ 1)
     * @param sleepEnabled whether islands may fall asleep
     * @param sleepEpsilon motion below which a body counts as still, m²/s² (≥ 0)
     * @param frictionMix how two friction coefficients combine, not null
     * @param aabbMargin broad-phase fattening, m (≥ 0)
     * @param maxLinearSpeed speed limit, m/s (&gt; 0)
     * @param maxAngularSpeed angular speed limit, rad/s (&gt; 0)
     * @param maxRotationPerStep turn limit per step, rad (&gt; 0)
     * @param continuousCollision whether fast bodies are swept
     * @param threads island threads, 1 to {@link #MAX_THREADS}
     * @param manifoldReuseDistance relative motion before a pair is tested afresh, m (≥ 0; 0: off)
     */
    public WorldSettings {
        Check.finite("gravity", gravityX, gravityY, gravityZ);
        Check.notNull("solver", solver);
        Check.notNull("resolver", resolver);
        Check.notNull("sequentialImpulse", sequentialImpulse);
        if (iterationsPerContact < 1) {
            throw new IllegalArgumentException("iterationsPerContact must be >= 1, was " + iterationsPerContact);
        }
        Check.nonNegative("sleepEpsilon", sleepEpsilon);
        Check.notNull("frictionMix", frictionMix);
        Check.nonNegative("aabbMargin", aabbMargin);
        Check.positive("maxLinearSpeed", maxLinearSpeed);
        Check.positive("maxAngularSpeed", maxAngularSpeed);
        Check.positive("maxRotationPerStep", maxRotationPerStep);
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be in [1, " + MAX_THREADS + "], was " + threads);
        }
        Check.nonNegative("manifoldReuseDistance", manifoldReuseDistance);
    }

    /** @return a builder with the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding these settings. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.gx = gravityX;
        b.gy = gravityY;
        b.gz = gravityZ;
        b.solver = solver;
        b.resolver = resolver;
        b.sequentialImpulse = sequentialImpulse;
        b.iterationsPerContact = iterationsPerContact;
        b.sleepEnabled = sleepEnabled;
        b.sleepEpsilon = sleepEpsilon;
        b.frictionMix = frictionMix;
        b.aabbMargin = aabbMargin;
        b.maxLinearSpeed = maxLinearSpeed;
        b.maxAngularSpeed = maxAngularSpeed;
        b.maxRotationPerStep = maxRotationPerStep;
        b.continuousCollision = continuousCollision;
        b.threads = threads;
        b.manifoldReuseDistance = manifoldReuseDistance;
        b.manifoldReuseChosen = true;
        return b;
    }

    /** Builds {@link WorldSettings}; every setter validates on {@link #build()}. */
    public static final class Builder {
        private double gx = 0, gy = DEFAULT_GRAVITY_Y, gz = 0;
        private Solver solver = Solver.SEQUENTIAL_IMPULSE;
        private ResolverSettings resolver = DEFAULT_RESOLVER;
        private SequentialImpulseSettings sequentialImpulse = SequentialImpulseSettings.DEFAULTS;
        private int iterationsPerContact = DEFAULT_ITERATIONS_PER_CONTACT;
        private boolean sleepEnabled = true;
        private double sleepEpsilon = DEFAULT_SLEEP_EPSILON;
        private FrictionMix frictionMix = FrictionMix.GEOMETRIC_MEAN;
        private double aabbMargin = DEFAULT_AABB_MARGIN;
        private double maxLinearSpeed = DEFAULT_MAX_LINEAR_SPEED;
        private double maxAngularSpeed = DEFAULT_MAX_ANGULAR_SPEED;
        private double maxRotationPerStep = DEFAULT_MAX_ROTATION_PER_STEP;
        private boolean continuousCollision = true;
        private int threads = 1;
        private double manifoldReuseDistance;
        /** Until set, {@link #build()} takes the solver's default. */
        private boolean manifoldReuseChosen;

        private Builder() {
        }

        /**
         * World gravity (m/s²).
         *
         * @param x gravity x, m/s²
         * @param y gravity y, m/s²
         * @param z gravity z, m/s²
         * @return this builder
         */
        public Builder gravity(double x, double y, double z) {
            gx = x;
            gy = y;
            gz = z;
            return this;
        }

        /**
         * The contact solver.
         *
         * @param s the solver, not null
         * @return this builder
         */
        public Builder solver(Solver s) {
            solver = s;
            return this;
        }

        /**
         * Settings of the Millington resolver.
         *
         * @param r the resolver settings, not null
         * @return this builder
         */
        public Builder resolver(ResolverSettings r) {
            resolver = r;
            return this;
        }

        /**
         * Settings of the sequential-impulse solver.
         *
         * @param s the solver settings, not null
         * @return this builder
         */
        public Builder sequentialImpulse(SequentialImpulseSettings s) {
            sequentialImpulse = s;
            return this;
        }

        /**
         * Millington resolver iterations per contact in an island (≥ 1).
         *
         * @param n the iterations per contact (≥ 1)
         * @return this builder
         */
        public Builder iterationsPerContact(int n) {
            iterationsPerContact = n;
            return this;
        }

        /**
         * Whether islands may sleep.
         *
         * @param on whether islands may sleep
         * @return this builder
         */
        public Builder sleepEnabled(boolean on) {
            sleepEnabled = on;
            return this;
        }

        /**
         * Motion threshold for sleep (m²/s², ≥ 0).
         *
         * @param e the motion threshold, m²/s² (≥ 0)
         * @return this builder
         */
        public Builder sleepEpsilon(double e) {
            sleepEpsilon = e;
            return this;
        }

        /**
         * The friction mixing rule.
         *
         * @param m the rule, not null
         * @return this builder
         */
        public Builder frictionMix(FrictionMix m) {
            frictionMix = m;
            return this;
        }

        /**
         * Broad-phase fattening (m, ≥ 0).
         *
         * @param m the margin, m (≥ 0)
         * @return this builder
         */
        public Builder aabbMargin(double m) {
            aabbMargin = m;
            return this;
        }

        /**
         * Speed limit (m/s, > 0) applied to every body before integration.
         *
         * @param metresPerSecond the speed limit, m/s
         * @return this builder
         */
        public Builder maxLinearSpeed(double metresPerSecond) {
            maxLinearSpeed = metresPerSecond;
            return this;
        }

        /**
         * Angular speed limit (rad/s, > 0) applied to every body before integration.
         *
         * @param radiansPerSecond the angular speed limit, rad/s
         * @return this builder
         */
        public Builder maxAngularSpeed(double radiansPerSecond) {
            maxAngularSpeed = radiansPerSecond;
            return this;
        }

        /**
         * Turn limit per step (rad, > 0) applied to every body before integration.
         *
         * @param radians the turn limit, rad
         * @return this builder
         */
        public Builder maxRotationPerStep(double radians) {
            maxRotationPerStep = radians;
            return this;
        }

        /**
         * Whether fast bodies are swept so they cannot tunnel (on by default).
         *
         * @param on whether to sweep fast bodies
         * @return this builder
         */
        public Builder continuousCollision(boolean on) {
            continuousCollision = on;
            return this;
        }

        /**
         * Threads Millington's resolver solves islands on (1 to {@link #MAX_THREADS}); results do not depend on it.
         *
         * @param n the thread count
         * @return this builder
         */
        public Builder threads(int n) {
            threads = n;
            return this;
        }

        /**
         * How far (m, ≥ 0; 0 turns reuse off) a shape pair may move relative to each other before
         * the narrow phase tests it afresh; until then its manifold is carried along (see
         * {@link WorldSettings#manifoldReuseDistance()}).
         *
         * @param metres the reuse distance, m
         * @return this builder
         */
        public Builder manifoldReuseDistance(double metres) {
            manifoldReuseDistance = metres;
            manifoldReuseChosen = true;
            return this;
        }

        /** @return validated settings. */
        public WorldSettings build() {
            double reuse = manifoldReuseChosen ? manifoldReuseDistance
                    : solver != Solver.MILLINGTON ? DEFAULT_MANIFOLD_REUSE_DISTANCE : 0;
            return new WorldSettings(gx, gy, gz, solver, resolver, sequentialImpulse, iterationsPerContact, sleepEnabled, sleepEpsilon,
                    frictionMix, aabbMargin, maxLinearSpeed, maxAngularSpeed, maxRotationPerStep, continuousCollision, threads,
                    reuse);
        }
    }
}
