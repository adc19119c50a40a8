package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.HeightField;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.joint.BallJoint;
import java.lang.management.ManagementFactory;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A warmed-up step allocates nothing (measured by HotSpot's per-thread allocation counter). */
class StepAllocationTest {

    static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    @Test
    void aSteady200BodySceneAllocatesZeroBytesPerStepAfterWarmUp() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean,
                "needs HotSpot's per-thread allocation counter");
        World world = new World(WorldSettings.builder().sleepEnabled(false).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        // 200 bodies in contact with the ground and with each other: rows of touching boxes and balls.
        for (int i = 0; i < 200; i++) {
            int row = i / 20;
            int col = i % 20;
            RigidBody b = row % 2 == 0
                    ? RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).mass(1).position(col * 1.0, 0.5, row * 1.2)
                    : RigidBody.dynamic(new Sphere(0.5)).mass(1).position(col * 1.0, 0.5, row * 1.2);
            world.addBody(b);
        }
        assertMostWindowsAllocateNothing(world);
    }

    /**
     * The passes that run only for fast or jointed bodies: small balls sliding on a frictionless
     * ground (each moves further than its inner radius per step, so SI sweeps its solved motion
     * and Millington re-checks it against the static world) and balls hanging on ball joints that
     * swing into the ground.
     */
    @ParameterizedTest
    @EnumSource(WorldSettings.Solver.class)
    void fastAndJointedBodiesAllocateNothingEither(WorldSettings.Solver solver) {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean,
                "needs HotSpot's per-thread allocation counter");
        World world = new World(WorldSettings.builder().solver(solver).sleepEnabled(false).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)).friction(0));
        for (int i = 0; i < 20; i++) {
            world.addBody(RigidBody.dynamic(new Sphere(0.02)).mass(0.1).friction(0).damping(1, 1)
                    .position(0.5 * i, 0.02, 0).velocity(0, 0, i % 2 == 0 ? 3 : -3));
        }
        for (int i = 0; i < 10; i++) {
            RigidBody bob = world.addBody(RigidBody.dynamic(new Sphere(0.1)).mass(1 + i).position(0.5 * i, 0.3, 5));
            world.addJoint(new BallJoint(bob, null, new Vector3d(0.5 * i + 0.9, 0.4, 5)));
        }
        assertMostWindowsAllocateNothing(world);
    }

    /**
     * Cylinders, whose contacts take GJK, the expanding polytope and feature clipping: standing and
     * lying on a heightfield, on boxes and on each other.
     */
    @ParameterizedTest
    @EnumSource(value = WorldSettings.Solver.class, names = "SEQUENTIAL_IMPULSE")
    void cylindersOnTerrainAllocateNothing(WorldSettings.Solver solver) {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean,
                "needs HotSpot's per-thread allocation counter");
        World world = new World(WorldSettings.builder().solver(solver).sleepEnabled(false).build());
        double[][] h = new double[17][17];
        for (int r = 0; r < 17; r++) {
            for (int c = 0; c < 17; c++) {
                h[r][c] = 0.1 * Math.sin(0.7 * c) * Math.cos(0.5 * r);
            }
        }
        world.addBody(RigidBody.fixed(new HeightField(h, 0.5, 0.5)).position(-4, 0, -4));
        Quaterniond lying = new Quaterniond().rotateX(Math.PI / 2);
        for (int i = 0; i < 12; i++) {
            double x = -3 + 0.55 * i;
            world.addBody(RigidBody.dynamic(new Cylinder(0.2, 0.3)).mass(1).position(x, 0.6, -1));
            world.addBody(RigidBody.dynamic(new Cylinder(0.15, 0.4)).mass(1).orientation(lying).position(x, 0.6, 1));
            world.addBody(RigidBody.dynamic(new Box(0.2, 0.2, 0.2)).mass(1).position(x, 0.6, 2.5));
            world.addBody(RigidBody.dynamic(new Cylinder(0.12, 0.1)).mass(0.5).position(x, 1.1, 2.5));
        }
        assertMostWindowsAllocateNothing(world);
    }

    private static void assertMostWindowsAllocateNothing(World world) {
        for (int i = 0; i < 600; i++) {
            world.step(1 / 60.0);
        }
        // Eight windows of 100 steps. Allocation that happens every step, even one byte, makes
        // every window non-zero. A JIT event (a temporary not yet scalar-replaced before C2 has
        // compiled the step, or a recompilation) shows up in one window now and then. So: at
        // least five of the eight windows allocate exactly nothing.
        long[] windows = new long[8];
        long probe = allocatedBytes();
        probe = allocatedBytes() - probe; // the counter's own cost
        for (int w = 0; w < windows.length; w++) {
            long before = allocatedBytes();
            for (int i = 0; i < 100; i++) {
                world.step(1 / 60.0);
            }
            windows[w] = allocatedBytes() - before - probe;
        }
        long zeroWindows = java.util.Arrays.stream(windows).filter(b -> b == 0).count();
        assertEquals(true, zeroWindows >= 5, "bytes allocated per 100-step window: " + java.util.Arrays.toString(windows));
    }
}
