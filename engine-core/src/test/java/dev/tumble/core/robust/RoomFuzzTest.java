package dev.tumble.core.robust;

import static org.junit.jupiter.api.Assertions.fail;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.world.WorldSettings;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Seeded random scenes in closed rooms ({@link RoomFuzzScenes}), 300 steps each: every state
 * stays finite, no body's centre leaves the room, and the total energy (kinetic plus
 * gravitational) never rises by more than {@link FuzzTest#tolerance} in a step. Bodies fired at
 * up to 100 m/s meet edges and corners of overlapping static boxes, spawn overlapping each other,
 * and may be jointed.
 *
 * <p>{@code mvn -B test} runs the first 300 rooms in a sequential-impulse world (about 12 s) and
 * the first 30 in a Millington world (about 15 s); the {@code fuzz} group runs 1,000 in a
 * sequential-impulse world and 1,000 without their joints in a Millington world. Counting driver:
 * {@code RoomFuzzTest FROM TO SOLVER [-v]} ({@code -DnoJoints=true} for the rooms without joints).
 */
class RoomFuzzTest {
    static final int STEPS = 300;
    private static final double DT = 1 / 60.0;
    private static final double G = 9.81;

    /**
     * The sequential-impulse world's failing rooms among the 1,000 (docs/robustness.md); the tests
     * fail on any other room failing and on a listed room passing.
     */
    static final long[] SEQUENTIAL_IMPULSE_KNOWN_FAILURES = {16, 88, 110, 213, 227, 284, 405, 469, 471, 476,
        486, 521, 561, 562, 581, 638, 684, 711, 757, 801, 808, 819, 833, 844, 852, 858, 862, 877, 885, 958, 961, 988, 994};

    @Test
    void sequentialImpulsesFirst300RoomsKeepTheirBodiesInAndGainNoEnergy() {
        checkSequentialImpulse(300);
    }

    @Test
    void millingtonsFirst30RoomsKeepTheirBodiesInAndGainNoEnergy() {
        check(WorldSettings.Solver.MILLINGTON, 30);
    }

    @Test
    @Tag("fuzz")
    void sequentialImpulseRoomsKeepTheirBodiesInAndGainNoEnergy() {
        checkSequentialImpulse(1000);
    }

    private static void checkSequentialImpulse(int rooms) {
        FuzzTest.assertFailingSeeds("SEQUENTIAL_IMPULSE", rooms, rooms, SEQUENTIAL_IMPULSE_KNOWN_FAILURES,
                seed -> run(RoomFuzzScenes.build(seed, WorldSettings.Solver.SEQUENTIAL_IMPULSE, true)));
    }

    /**
     * Millington's resolver on all 1,000 rooms without their joints (about a minute). With them,
     * 2 of the 1,000 gain energy: jointed bodies jammed against a block stretch a joint by
     * centimetres, and the book's joint fix then lifts them by it in one step.
     */
    @Test
    @Tag("fuzz")
    void millingtonRoomsWithoutJointsKeepTheirBodiesInAndGainNoEnergy() {
        check(WorldSettings.Solver.MILLINGTON, 1000, false);
    }

    private static void check(WorldSettings.Solver solver, int scenes) {
        check(solver, scenes, true);
    }

    private static void check(WorldSettings.Solver solver, int scenes, boolean joints) {
        List<String> failures = new ArrayList<>();
        for (long seed = 0; seed < scenes && failures.size() < 5; seed++) {
            String failure = run(RoomFuzzScenes.build(seed, solver, joints));
            if (failure != null) {
                failures.add(failure);
            }
        }
        if (!failures.isEmpty()) {
            fail(solver + ": " + failures.size() + " failing room(s):\n" + String.join("\n", failures));
        }
    }

    /** Runs one scene; returns what went wrong, or null. */
    static String run(RoomFuzzScenes.Scene scene) {
        double energy = FuzzTest.energy(scene.bodies(), G);
        for (int step = 0; step < STEPS; step++) {
            scene.world().step(DT);
            for (int i = 0; i < scene.bodies().size(); i++) {
                RigidBody b = scene.bodies().get(i);
                if (!FuzzTest.finite(b)) {
                    return scene.description() + " | step " + step + ": non-finite body " + i;
                }
                double out = scene.outside(b.positionX(), b.positionY(), b.positionZ());
                if (out > 0) {
                    return scene.description() + String.format(" | step %d: body %d left the room by %.3g m, v %s", step, i,
                            out, b.velocity());
                }
            }
            double next = FuzzTest.energy(scene.bodies(), G);
            if (next > energy + FuzzTest.tolerance(scene.bodies(), G)) {
                return scene.description() + String.format(" | step %d: energy rose %.6g -> %.6g J", step, energy, next);
            }
            energy = next;
        }
        return null;
    }

    /** Counts failing rooms: {@code RoomFuzzTest from to solver [-v]} (a driver, not a test). */
    public static void main(String[] args) {
        int from = Integer.parseInt(args[0]), to = Integer.parseInt(args[1]);
        WorldSettings.Solver solver = WorldSettings.Solver.valueOf(args[2]);
        int failing = 0;
        long t0 = System.nanoTime();
        for (long seed = from; seed < to; seed++) {
            String failure = run(RoomFuzzScenes.build(seed, solver, !Boolean.getBoolean("noJoints")));
            if (failure != null) {
                failing++;
                if (args.length > 3) {
                    System.out.println(failure);
                }
            }
        }
        System.out.printf("%s rooms %d..%d: %d failing in %.1f s%n", solver, from, to, failing, (System.nanoTime() - t0) * 1e-9);
    }
}
