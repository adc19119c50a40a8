package dev.tumble.demos.scene;

import dev.tumble.core.world.WorldSettings;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * What a scene is built with besides its own design: the contact solver, the seed of any
 * random placement, and an adjustment applied last to the world settings the scene chose (the
 * viewer's settings panel: iterations, sleep, gravity). The same options build the same scene,
 * bit for bit.
 *
 * @param solver the world's contact solver
 * @param seed   seed of the scene's random numbers (placements, shot spread)
 * @param adjust applied to the scene's world settings before its world is made (identity: none)
 */
public record SceneOptions(WorldSettings.Solver solver, long seed, UnaryOperator<WorldSettings> adjust) {

    /** Sequential impulses (the world's default solver) and a seed of 1. */
    public static final SceneOptions DEFAULTS = new SceneOptions(WorldSettings.Solver.SEQUENTIAL_IMPULSE, 1);

    /**
     * Validates the solver and the adjustment.
     *
     * @param solver the world's contact solver, not null
     * @param seed seed of the scene's random numbers
     * @param adjust applied to the scene's world settings, not null
     */
    public SceneOptions {
        if (solver == null) {
            throw new IllegalArgumentException("solver must not be null");
        }
        if (adjust == null) {
            throw new IllegalArgumentException("adjust must not be null");
        }
    }

    /**
     * Options with no adjustment of the scene's settings.
     *
     * @param solver the world's contact solver, not null
     * @param seed seed of the scene's random numbers
     */
    public SceneOptions(WorldSettings.Solver solver, long seed) {
        this(solver, seed, UnaryOperator.identity());
    }

    /**
     * The same options with another adjustment of the scene's world settings.
     *
     * @param a applied to the settings the scene chose, not null
     * @return new options
     */
    public SceneOptions withAdjust(UnaryOperator<WorldSettings> a) {
        return new SceneOptions(solver, seed, a);
    }

    /**
     * The scene's settings with the adjustment applied.
     *
     * @param sceneSettings what the scene chose
     * @return the settings its world is made with
     */
    public WorldSettings apply(WorldSettings sceneSettings) {
        WorldSettings s = adjust.apply(sceneSettings);
        if (s == null) {
            throw new IllegalStateException("the settings adjustment returned null");
        }
        return s;
    }

    /**
     * The same options with another solver.
     *
     * @param s the solver, not null
     * @return new options
     */
    public SceneOptions withSolver(WorldSettings.Solver s) {
        return new SceneOptions(s, seed, adjust);
    }

    /**
     * The same options with another seed.
     *
     * @param s the seed
     * @return new options
     */
    public SceneOptions withSeed(long s) {
        return new SceneOptions(solver, s, adjust);
    }

    /**
     * Parses a solver name as the command line and scene files write it: {@code si} (or
     * {@code sequential_impulse}) and {@code millington}, any case; a hyphen or nothing may stand
     * for the underscore.
     *
     * @param name the name, or null
     * @return the solver
     * @throws IllegalArgumentException naming the value when it is none of them
     */
    public static WorldSettings.Solver parseSolver(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        return switch (n) {
            case "si", "sequential_impulse", "sequential-impulse", "sequentialimpulse" -> WorldSettings.Solver.SEQUENTIAL_IMPULSE;
            case "millington" -> WorldSettings.Solver.MILLINGTON;
            case "soft", "soft_step", "soft-step", "softstep" -> throw new IllegalArgumentException(
                    "solver must be si or millington, was '" + name + "' (the soft step is the si solver: write si)");
            default -> throw new IllegalArgumentException("solver must be si or millington, was '" + name + "'");
        };
    }

    /**
     * The short name {@link #parseSolver} reads back: {@code si} or {@code millington}.
     *
     * @param s the solver
     * @return the short name
     */
    public static String solverName(WorldSettings.Solver s) {
        return switch (s) {
            case MILLINGTON -> "millington";
            case SEQUENTIAL_IMPULSE -> "si";
        };
    }
}
