package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.BodyId;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.joint.Joint;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Rollback: a scene whose bodies, joints and force generators come and go every 30 steps,
 * snapshotted every step. Restoring any of the snapshots, into the world that has moved on or
 * into a new world, and replaying the same inputs gives the same state bits at every later step,
 * under every solver.
 */
class SnapshotRollbackTest {
    private static final int STEPS = 160;

    /** The original run: each frame's snapshot (before its inputs) and hash (after its step). */
    private static final class Run {
        final List<byte[]> snapshots = new ArrayList<>();
        final long[] hashes = new long[STEPS];
        final String[] events = new String[STEPS];
        final World world;
        /** Distinct body, joint and force-registration counts seen: the scene does come and go. */
        final java.util.Set<String> shapes = new java.util.HashSet<>();

        Run(WorldSettings.Solver solver, boolean breeze) {
            world = RollbackScene.world(solver);
            for (int s = 0; s < STEPS; s++) {
                snapshots.add(world.snapshot());
                RollbackScene.frame(world, s, breeze);
                hashes[s] = world.stateHash();
                events[s] = events(world);
                shapes.add(world.bodies().size() + "/" + world.joints().size() + "/" + world.forces().size());
            }
        }
    }

    /** The step's contact and body events: type, bodies, summed impulse bits. */
    private static String events(World world) {
        StringBuilder sb = new StringBuilder();
        world.contactEvents().forEach(e -> sb.append(e.type()).append(e.bodyA()).append(e.bodyB())
                .append(Double.doubleToLongBits(e.normalImpulse())).append(';'));
        world.bodyEvents().forEach(e -> sb.append(e.type()).append(e.body()).append(';'));
        return sb.toString();
    }

    private static void replay(World world, Run run, int from, boolean breeze) {
        world.restore(run.snapshots.get(from));
        assertArrayEquals(run.snapshots.get(from), world.snapshot(), "the restored world is the snapshot's, from step " + from);
        for (int s = from; s < STEPS; s++) {
            RollbackScene.frame(world, s, breeze);
            assertEquals(run.hashes[s], world.stateHash(), "step " + s + " replayed from step " + from);
            assertEquals(run.events[s], events(world), "events of step " + s + " replayed from step " + from);
        }
    }

    @ParameterizedTest
    @EnumSource(WorldSettings.Solver.class)
    void anySnapshotRestoredAndReplayedGivesTheOriginalBits(WorldSettings.Solver solver) {
        Run run = new Run(solver, true);
        assertTrue(run.shapes.size() >= 8, "bodies, joints and generators came and went: " + run.shapes);
        // Every 7th frame, into the world that has run on (with other bodies, joints, generators).
        for (int from = STEPS - 1; from >= 0; from -= 7) {
            replay(run.world, run, from, true);
        }
    }

    @ParameterizedTest
    @EnumSource(WorldSettings.Solver.class)
    void aSnapshotRestoresIntoANewWorldWithTheSameSettings(WorldSettings.Solver solver) {
        // Nothing of the game's own here: a new world rebuilds every body, joint and generator.
        Run run = new Run(solver, false);
        for (int from : new int[] {0, 44, 91, 137}) {
            replay(new World(RollbackScene.settings(solver)), run, from, false);
        }
    }

    @ParameterizedTest
    @EnumSource(WorldSettings.Solver.class)
    void objectsStillInTheWorldOrStillHeldComeBackAsThemselves(WorldSettings.Solver solver) {
        World world = RollbackScene.world(solver);
        for (int s = 0; s < 20; s++) {
            RollbackScene.frame(world, s, true);
        }
        byte[] snap = world.snapshot();
        List<RigidBody> bodies = new ArrayList<>(world.bodies());
        List<Joint> joints = new ArrayList<>(world.joints());
        for (int s = 20; s < 100; s++) {
            RollbackScene.frame(world, s, true);
        }
        // Bodies and joints were removed and added since; ids were handed out again.
        RigidBody extra = world.addBody(RigidBody.dynamic(new Sphere(0.1)).position(5, 5, 5));
        world.restore(snap);
        assertEquals(bodies, world.bodies(), "the same body objects, in the same order");
        for (int i = 0; i < bodies.size(); i++) {
            assertSame(bodies.get(i), world.bodies().get(i));
        }
        assertEquals(joints.size(), world.joints().size());
        for (int i = 0; i < joints.size(); i++) {
            assertSame(joints.get(i), world.joints().get(i));
        }
        assertTrue(!world.contains(extra), "a body added after the snapshot leaves");
        // The next id handed out is the one the snapshot's world would hand out.
        World reference = RollbackScene.world(solver);
        for (int s = 0; s < 20; s++) {
            RollbackScene.frame(reference, s, true);
        }
        BodyId next = reference.addBody(RigidBody.dynamic(new Sphere(0.1))).id();
        assertEquals(next, world.addBody(RigidBody.dynamic(new Sphere(0.1))).id());
    }
}
