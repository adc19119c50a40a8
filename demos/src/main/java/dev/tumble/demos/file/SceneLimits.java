package dev.tumble.demos.file;

/**
 * How large a scene file {@link SceneReader} accepts. They are checked while the file is scanned,
 * before its JSON tree or its world are built, so a huge file fails fast instead of running the
 * machine out of memory. Every limit must be at least 1.
 *
 * @param maxBodies     most entries in {@code bodies}
 * @param maxJoints     most entries in {@code joints}
 * @param maxForces     most entries in {@code forces}
 * @param maxHullPoints most {@code points} in one {@code hull} shape
 */
public record SceneLimits(int maxBodies, int maxJoints, int maxForces, int maxHullPoints) {
    /** 100,000 bodies, 100,000 joints, 100,000 forces, 10,000 points per hull. */
    public static final SceneLimits DEFAULTS = new SceneLimits(100_000, 100_000, 100_000, 10_000);

    /**
     * @param maxBodies most entries in {@code bodies}
     * @param maxJoints most entries in {@code joints}
     * @param maxForces most entries in {@code forces}
     * @param maxHullPoints most {@code points} in one {@code hull} shape
     * @throws IllegalArgumentException if a limit is below 1
     */
    public SceneLimits {
        check("maxBodies", maxBodies);
        check("maxJoints", maxJoints);
        check("maxForces", maxForces);
        check("maxHullPoints", maxHullPoints);
    }

    private static void check(String name, int v) {
        if (v < 1) {
            throw new IllegalArgumentException(name + " must be >= 1, was " + v);
        }
    }
}
