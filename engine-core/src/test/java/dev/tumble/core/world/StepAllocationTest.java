package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Sphere;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

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
        for (int i = 0; i < 600; i++) {
            world.step(1 / 60.0);
        }
        // Five windows of 100 steps. Until C2 has compiled the step (later when other tests share
        // the JVM), a few temporaries are not yet scalar-replaced; once it has, the step must
        // allocate nothing: the last three windows are exactly zero.
        long[] windows = new long[5];
        long probe = allocatedBytes();
        probe = allocatedBytes() - probe; // the counter's own cost
        for (int w = 0; w < windows.length; w++) {
            long before = allocatedBytes();
            for (int i = 0; i < 100; i++) {
                world.step(1 / 60.0);
            }
            windows[w] = allocatedBytes() - before - probe;
        }
        assertEquals(0, windows[2] + windows[3] + windows[4],
                "bytes allocated per 100-step window: " + java.util.Arrays.toString(windows));
    }
}
