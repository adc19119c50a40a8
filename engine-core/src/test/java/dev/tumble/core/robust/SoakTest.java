package dev.tumble.core.robust;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * 200 bodies in a walled pit, kicked upwards every 1,000 steps so they never settle for good: no
 * state goes non-finite, every body stays inside the pit, and the heap after garbage collection at
 * the end is within 10 % of the heap after warm-up (step 5,000).
 *
 * <p>The full 100,000 steps (about 28 simulated minutes, 72 s on 2 shared cores) are tagged
 * {@code soak} and left out of {@code mvn -B test} (a test there stays under ~20 s); run them with
 * {@code mvn -B test -pl engine-core -Dtumble.excludedGroups= -Dgroups=soak}. {@code mvn -B test}
 * runs the same scene for 15,000 steps (about 11 s).
 */
class SoakTest {
    static final int STEPS = Integer.getInteger("tumble.soak.steps", 100_000);
    private static final double HALF_WIDTH = 6;

    /** Steps of the run inside {@code mvn -B test}. */
    static final int SHORT_STEPS = 15_000;

    @Test
    @Tag("soak")
    void twoHundredBodiesFor100kStepsStayFiniteInBoundsAndMemoryStaysFlat() {
        soak(STEPS);
    }

    @Test
    void twoHundredBodiesFor15kStepsStayFiniteInBoundsAndMemoryStaysFlat() {
        soak(SHORT_STEPS);
    }

    private static void soak(int steps) {
        World world = new World(WorldSettings.DEFAULTS);
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        for (int side = 0; side < 4; side++) {
            double x = side == 0 ? HALF_WIDTH : side == 1 ? -HALF_WIDTH : 0;
            double z = side == 2 ? HALF_WIDTH : side == 3 ? -HALF_WIDTH : 0;
            Box wall = side < 2 ? new Box(0.5, 10, HALF_WIDTH + 1) : new Box(HALF_WIDTH + 1, 10, 0.5);
            world.addBody(RigidBody.fixed(wall).position(x + Math.signum(x) * 0.5, 10, z + Math.signum(z) * 0.5));
        }
        SplittableRandom rnd = new SplittableRandom(42);
        List<RigidBody> bodies = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            RigidBody b = switch (i % 3) {
                case 0 -> RigidBody.dynamic(new Box(0.3, 0.2, 0.25));
                case 1 -> RigidBody.dynamic(new Sphere(0.25));
                default -> RigidBody.dynamic(new Capsule(0.15, 0.2));
            };
            b.mass(rnd.nextDouble(0.5, 5)).position((i % 10 - 4.5) * 1.0, 1 + (i / 100) * 1.0 + (i / 10 % 10) * 0.02,
                    (i / 10 % 10 - 4.5) * 1.0);
            bodies.add(world.addBody(b));
        }
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long warmHeap = 0;
        double maxHorizontal = 0;
        double maxHeight = 0;
        long start = System.nanoTime();
        for (int step = 1; step <= steps; step++) {
            if (step % 1000 == 0) {
                // A kick from below wakes everything and keeps the pile churning.
                for (RigidBody b : bodies) {
                    b.velocity(rnd.nextDouble(-2, 2), rnd.nextDouble(2, 6), rnd.nextDouble(-2, 2));
                }
            }
            world.step(1 / 60.0);
            if (step % 100 == 0) {
                for (RigidBody b : bodies) {
                    assertTrue(FuzzTest.finite(b), "step " + step + ": non-finite " + b);
                    double x = b.position().x(), y = b.position().y(), z = b.position().z();
                    assertTrue(Math.abs(x) < HALF_WIDTH && Math.abs(z) < HALF_WIDTH && y > 0 && y < 30,
                            "step " + step + ": left the pit " + b.position());
                    maxHorizontal = Math.max(maxHorizontal, Math.max(Math.abs(x), Math.abs(z)));
                    maxHeight = Math.max(maxHeight, y);
                }
            }
            if (step == 5000) {
                warmHeap = usedAfterGc(memory);
            }
        }
        long endHeap = usedAfterGc(memory);
        // The figures docs/robustness.md quotes, from the long run (mvn test -Dgroups=soak); the short one is quiet.
        if (steps != SHORT_STEPS) {
            System.out.printf("soak: %d steps in %.1f s; heap after GC %d B at step 5000, %d B at the end (%+.1f %%);"
                    + " max |x|, |z| %.3f m (walls at %.1f m), max y %.3f m%n", steps, (System.nanoTime() - start) / 1e9,
                    warmHeap, endHeap, 100.0 * (endHeap - warmHeap) / warmHeap, maxHorizontal, HALF_WIDTH, maxHeight);
        }
        assertTrue(endHeap <= warmHeap * 1.10, "heap after warm-up " + warmHeap + " B, at the end " + endHeap + " B");
    }

    private static long usedAfterGc(MemoryMXBean memory) {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            best = Math.min(best, memory.getHeapMemoryUsage().getUsed());
        }
        return best;
    }
}
