package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/**
 * The soft step's determinism on {@link DeterminismTest}'s scene (boxes, spheres and capsules
 * falling in a heap, a chain of ball joints): the same bits when stepped twice or with any thread
 * count, and a snapshot, restored, replays to the same bits (the contacts' warm-start impulses
 * travel with it).
 */
class SoftStepDeterminismTest {
    private static WorldSettings settings(int threads) {
        return WorldSettings.builder().solver(WorldSettings.Solver.SEQUENTIAL_IMPULSE).threads(threads).build();
    }

    private static long run(World world, int steps) {
        return DeterminismTest.run(world, steps);
    }

    @Test
    void theSameSceneSteppedTwiceOrWithMoreThreadsGivesTheSameBits() {
        long once = run(DeterminismTest.scene(settings(1)), 400);
        assertEquals(once, run(DeterminismTest.scene(settings(1)), 400));
        assertEquals(once, run(DeterminismTest.scene(settings(3)), 400));
    }

    @Test
    void snapshotRestoreReplayGivesTheSameBits() {
        World world = DeterminismTest.scene(settings(1));
        run(world, 150);
        byte[] snap = world.snapshot();
        long first = run(world, 200);
        world.restore(snap);
        assertEquals(first, run(world, 200));

        World other = DeterminismTest.scene(settings(1));
        other.restore(snap);
        assertEquals(first, run(other, 200));
        assertArrayEquals(world.snapshot(), other.snapshot());
    }

    @Test
    void theWarmStartIsPartOfTheSnapshot() {
        // A restored world that starts its contacts cold drifts from the original: a snapshot
        // without their remembered impulses would fail the test above, which is not vacuous.
        World world = DeterminismTest.scene(settings(1));
        run(world, 150);
        byte[] snap = world.snapshot();
        long first = run(world, 200);
        // The soft step's remembered impulses are the snapshot's last section: the same snapshot
        // with that section emptied restores every contact cold. (A world with warm starting off
        // cannot take the snapshot: a snapshot restores only under the settings that made it.)
        World cold = DeterminismTest.scene(settings(1));
        cold.restore(withoutSoftStepImpulses(world, snap));
        assertNotEquals(first, run(cold, 200));
    }

    private static byte[] withoutSoftStepImpulses(World world, byte[] snap) {
        try {
            world.restore(snap);
            java.io.ByteArrayOutputStream remembered = new java.io.ByteArrayOutputStream();
            world.softStepCache.write(new java.io.DataOutputStream(remembered));
            java.io.ByteArrayOutputStream none = new java.io.ByteArrayOutputStream();
            new SoftStepCache().write(new java.io.DataOutputStream(none));
            byte[] cold = java.util.Arrays.copyOf(snap, snap.length - remembered.size() + none.size());
            System.arraycopy(none.toByteArray(), 0, cold, snap.length - remembered.size(), none.size());
            return cold;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
