package dev.tumble.core.robust;

import static org.junit.jupiter.api.Assertions.fail;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.world.WorldSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * 1,000 seeded random scenes ({@link FuzzScenes}), 600 steps each, per solver: every state stays
 * finite, nothing that started above the ground ends up below it, and the total energy (kinetic
 * plus gravitational) never rises by more than a small tolerance in any step. The causes traced
 * and fixed, and the failure counts over time, are in docs/robustness.md ({@link FuzzCount}
 * counts failures, {@link FuzzTrace} follows one scene).
 *
 * <p>Millington's resolver passes all 1,000; it is slow on the jointed scenes (about 7 minutes
 * for 1,000), so {@code mvn -B test} runs its first 50 and the whole set is tagged {@code fuzz}:
 * {@code mvn -B test -pl engine-core -Dtumble.excludedGroups= -Dgroups=fuzz}. The
 * sequential-impulse world (the default) runs all 1,000 in {@code mvn -B test}; a few of them
 * still fail, each one listed in {@link #SEQUENTIAL_IMPULSE_KNOWN_FAILURES} and traced in
 * docs/robustness.md. The test fails on any other seed failing and on a listed seed passing, so
 * the list is always the engine's true one.
 */
class FuzzTest {
    static final int SCENES = Integer.getInteger("tumble.fuzz.scenes", 1000);
    static final int STEPS = 600;
    private static final double DT = 1 / 60.0;

    /** The sequential-impulse world's failing seeds among the 1,000 (docs/robustness.md). */
    static final long[] SEQUENTIAL_IMPULSE_KNOWN_FAILURES = {10, 191, 254, 353, 714};

    @Test
    void sequentialImpulseScenesStayFiniteAboveGroundAndDoNotGainEnergy() {
        assertFailingSeeds("SEQUENTIAL_IMPULSE", SCENES, 1000, SEQUENTIAL_IMPULSE_KNOWN_FAILURES,
                seed -> run(FuzzScenes.build(seed, WorldSettings.Solver.SEQUENTIAL_IMPULSE, FuzzScenes.Variant.AS_GENERATED)));
    }

    /**
     * Runs seeds 0 to {@code scenes − 1} and fails on any failing seed not in {@code known}, and,
     * when all {@code of} seeds the list is about were run, on any listed seed that passes.
     */
    static void assertFailingSeeds(String what, long scenes, long of, long[] known, LongFunction<String> run) {
        List<Long> listed = new ArrayList<>();
        for (long seed : known) {
            listed.add(seed);
        }
        List<Long> failing = new ArrayList<>();
        List<String> unexpected = new ArrayList<>();
        for (long seed = 0; seed < scenes; seed++) {
            String failure = run.apply(seed);
            if (failure != null) {
                failing.add(seed);
                if (!listed.contains(seed)) {
                    unexpected.add(failure);
                }
            }
        }
        List<Long> passing = new ArrayList<>();
        for (long seed : listed) {
            if (seed < scenes && !failing.contains(seed)) {
                passing.add(seed);
            }
        }
        if (!unexpected.isEmpty() || scenes >= of && !passing.isEmpty()) {
            fail(what + ": failing seeds " + failing + ", listed " + listed + "; not listed:\n" + String.join("\n", unexpected)
                    + (passing.isEmpty() ? "" : "\nlisted but passing: " + passing));
        }
    }

    @Test
    void millingtonsFirst50ScenesStayFiniteAboveGroundAndDoNotGainEnergy() {
        check(WorldSettings.Solver.MILLINGTON, 50);
    }

    @Test
    @Tag("fuzz")
    void millingtonScenesStayFiniteAboveGroundAndDoNotGainEnergy() {
        check(WorldSettings.Solver.MILLINGTON);
    }

    /**
     * Jointed scenes the sequential-impulse solver once failed, traced to joints closing a gap of centimetres
     * (a light body whirled past the speed limits or crushed between heavy ones) in one substep:
     * with the pull capped at {@code maxPushOutSpeed} they gain no energy. A replay of 600 chaotic
     * steps is moved by any change to the simulation, so these pin the scenes, not a law.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {13, 22, 24, 39, 54})
    void tracedJointScenesGainNoEnergy(long seed) {
        String failure = run(FuzzScenes.build(seed, WorldSettings.Solver.SEQUENTIAL_IMPULSE, FuzzScenes.Variant.AS_GENERATED));
        if (failure != null) {
            fail(failure);
        }
    }

    /**
     * Jointed scenes whose joints close loops that cannot close (a triangle of joints, the same pair
     * joined twice): solved exactly, the biased pass bought a little closing speed with a velocity
     * along the loop's free motion that the relax pass could not see, and these gained from 17 %
     * to 31 times their energy within a step. With the biased solve damped ({@code JointSystem.DAMPING})
     * they gain none.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {207, 250, 500, 892})
    void jointLoopsThatCannotCloseGainNoEnergy(long seed) {
        String failure = run(FuzzScenes.build(seed, WorldSettings.Solver.SEQUENTIAL_IMPULSE, FuzzScenes.Variant.AS_GENERATED));
        if (failure != null) {
            fail(failure);
        }
    }

    private static void check(WorldSettings.Solver solver) {
        check(solver, SCENES);
    }

    private static void check(WorldSettings.Solver solver, int scenes) {
        FuzzScenes.Variant variant = FuzzScenes.Variant.AS_GENERATED;
        List<String> failures = new ArrayList<>();
        for (long seed = 0; seed < scenes && failures.size() < 5; seed++) {
            String failure = run(FuzzScenes.build(seed, solver, variant));
            if (failure != null) {
                failures.add(failure);
            }
        }
        if (!failures.isEmpty()) {
            fail(solver + ": " + failures.size() + " failing scene(s):\n" + String.join("\n", failures));
        }
    }

    /** Runs one scene; returns what went wrong, or null. */
    static String run(FuzzScenes.Scene scene) {
        double g = -scene.world().settings().gravityY();
        double energy = energy(scene.bodies(), g);
        for (int step = 0; step < STEPS; step++) {
            scene.world().step(DT);
            double next = energy(scene.bodies(), g);
            for (RigidBody b : scene.bodies()) {
                if (!finite(b)) {
                    return scene.description() + " | step " + step + ": non-finite " + b;
                }
                if (b.position().y() < -BELOW_GROUND) {
                    return scene.description() + " | step " + step + ": below ground, body "
                            + scene.bodies().indexOf(b) + " at " + b.position() + ", v " + b.velocity() + ", w "
                            + b.angularVelocity();
                }
            }
            if (next > energy + tolerance(scene.bodies(), g)) {
                return scene.description() + String.format(" | step %d: energy rose %.6g -> %.6g J", step, energy, next);
            }
            energy = next;
        }
        return null;
    }

    /** A centre of mass this far below the ground plane (m) means the body went through it. */
    static final double BELOW_GROUND = 1e-3;

    static boolean finite(RigidBody b) {
        return b.position().isFinite() && b.velocity().isFinite() && b.angularVelocity().isFinite()
                && Double.isFinite(b.orientation().w() + b.orientation().x() + b.orientation().y() + b.orientation().z());
    }

    /** Kinetic plus gravitational potential energy, J. */
    static double energy(List<RigidBody> bodies, double g) {
        double e = 0;
        for (RigidBody b : bodies) {
            e += b.kineticEnergy() + b.mass() * g * b.position().y();
        }
        return e;
    }

    /**
     * Per-step energy tolerance, J: position correction may lift an overlapping body by up to a
     * few millimetres (the solvers' slop), so allow each body m·g·2 mm, plus round-off.
     */
    static double tolerance(List<RigidBody> bodies, double g) {
        double t = 1e-9;
        for (RigidBody b : bodies) {
            t += b.mass() * g * 0.002 + 1e-9 * Math.abs(b.kineticEnergy());
        }
        return t;
    }
}
