package dev.tumble.core.world;

/**
 * Where the time of the last {@link World#step} went, stage by stage, plus the counts that
 * explain it. One instance per world, overwritten by every step (read it after the step; it is
 * never reallocated).
 */
public final class StepProfile {
    /** The named stages of a step, in the order they run. */
    public enum Stage {
        /** Force generators add to the accumulators. */
        FORCES,
        /** Bodies advance by semi-implicit Euler. */
        INTEGRATE,
        /** The AABB tree finds candidate pairs. */
        BROAD_PHASE,
        /** Shape pairs and joints write contacts. */
        NARROW_PHASE,
        /** Union-find over contacts and joints. */
        ISLANDS,
        /** The contact resolver, island by island. */
        RESOLVE,
        /** Events, contact cache, sleep. */
        FINISH
    }

    private static final Stage[] STAGES = Stage.values();
    private final long[] nanos = new long[STAGES.length];
    private int bodies;
    private int awakeBodies;
    private int contacts;
    private int islands;
    private int positionIterations;
    private int velocityIterations;
    private int shapePairs;
    private int reusedManifolds;

    /**
     * @param stage the stage
     * @return nanoseconds the stage took in the last step.
     */
    public long nanos(Stage stage) {
        return nanos[stage.ordinal()];
    }

    /**
     * @param stage the stage
     * @return milliseconds the stage took in the last step.
     */
    public double millis(Stage stage) {
        return nanos[stage.ordinal()] / 1e6;
    }

    /** @return nanoseconds of the whole last step. */
    public long totalNanos() {
        long t = 0;
        for (long n : nanos) {
            t += n;
        }
        return t;
    }

    /** @return bodies in the world at the last step. */
    public int bodies() {
        return bodies;
    }

    /** @return bodies awake after the last step. */
    public int awakeBodies() {
        return awakeBodies;
    }

    /** @return contacts (including joint contacts) resolved in the last step. */
    public int contacts() {
        return contacts;
    }

    /** @return islands resolved in the last step. */
    public int islands() {
        return islands;
    }

    /** @return Millington's resolver's position iterations in the last step, summed over islands (0 under sequential impulses). */
    public int positionIterations() {
        return positionIterations;
    }

    /** @return Millington's resolver's velocity iterations in the last step, summed over islands (0 under sequential impulses). */
    public int velocityIterations() {
        return velocityIterations;
    }

    /** @return shape pairs the narrow phase looked at in the last step (reused ones included). */
    public int shapePairs() {
        return shapePairs;
    }

    /**
     * @return shape pairs of the last step whose contacts were carried over from an earlier step
     *     instead of tested afresh ({@link WorldSettings#manifoldReuseDistance()})
     */
    public int reusedManifolds() {
        return reusedManifolds;
    }

    void pairs(int tested, int reused) {
        this.shapePairs = tested;
        this.reusedManifolds = reused;
    }

    void reset() {
        java.util.Arrays.fill(nanos, 0);
        bodies = awakeBodies = contacts = islands = positionIterations = velocityIterations = 0;
        shapePairs = reusedManifolds = 0;
    }

    void record(Stage stage, long elapsedNanos) {
        nanos[stage.ordinal()] += elapsedNanos;
    }

    void counts(int bodies, int awakeBodies, int contacts, int islands) {
        this.bodies = bodies;
        this.awakeBodies = awakeBodies;
        this.contacts = contacts;
        this.islands = islands;
    }

    void iterations(int position, int velocity) {
        this.positionIterations += position;
        this.velocityIterations += velocity;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("StepProfile[");
        for (Stage s : STAGES) {
            sb.append(s.name().toLowerCase()).append('=').append(String.format("%.3f", millis(s))).append("ms ");
        }
        return sb.append("bodies=").append(bodies).append(" awake=").append(awakeBodies)
                .append(" contacts=").append(contacts).append(" islands=").append(islands)
                .append(" iterations=").append(velocityIterations).append('/').append(positionIterations)
                .append(" pairs=").append(shapePairs).append(" reused=").append(reusedManifolds).append(']').toString();
    }
}
