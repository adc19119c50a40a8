package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.joint.BallJoint;
import java.util.function.Consumer;
import org.joml.Vector3d;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every rejected call names what was wrong and leaves the world exactly as it was. */
class WorldBadInputTest {
    private World world;
    private RigidBody box;

    @BeforeEach
    void scene() {
        world = new World();
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        box = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).mass(1).position(0, 2, 0));
        for (int i = 0; i < 30; i++) {
            world.step(1 / 60.0);
        }
    }

    private void rejected(String expectedInMessage, Consumer<World> call) {
        byte[] before = world.snapshot();
        int bodies = world.bodies().size();
        int joints = world.joints().size();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> call.accept(world));
        assertTrue(e.getMessage().contains(expectedInMessage), "message names the problem: " + e.getMessage());
        assertArrayEquals(before, world.snapshot(), "world state unchanged");
        assertEquals(bodies, world.bodies().size());
        assertEquals(joints, world.joints().size());
    }

    @Test
    void steppingWithZeroNegativeNaNOrInfiniteDtIsRejected() {
        rejected("dt must be finite and > 0, was 0.0", w -> w.step(0));
        rejected("was -0.016", w -> w.step(-0.016));
        rejected("was NaN", w -> w.step(Double.NaN));
        rejected("was Infinity", w -> w.step(Double.POSITIVE_INFINITY));
    }

    @Test
    void addingABodyTwiceOrOneFromAnotherWorldIsRejected() {
        rejected("already in this world", w -> w.addBody(box));
        World other = new World();
        RigidBody stranger = other.addBody(RigidBody.dynamic(new Box(1, 1, 1)));
        rejected("belongs to another world", w -> w.addBody(stranger));
        rejected("body must not be null", w -> w.addBody(null));
    }

    @Test
    void removingABodyThatIsNotThereIsRejected() {
        rejected("is not in this world", w -> w.removeBody(RigidBody.dynamic(new Box(1, 1, 1))));
        RigidBody gone = world.addBody(RigidBody.dynamic(new Box(0.2, 0.2, 0.2)).position(5, 1, 0));
        world.removeBody(gone);
        rejected("is not in this world", w -> w.removeBody(gone));
    }

    @Test
    void aJointToARemovedBodyIsRejected() {
        RigidBody gone = world.addBody(RigidBody.dynamic(new Box(0.2, 0.2, 0.2)).position(5, 1, 0));
        world.removeBody(gone);
        rejected("joint.body1", w -> w.addJoint(new BallJoint(box, gone, new Vector3d(0, 3, 0))));
        rejected("joint.body0", w -> w.addJoint(new BallJoint(gone, box, new Vector3d(0, 3, 0))));
    }

    @Test
    void aMalformedSnapshotIsRejected() {
        rejected("snapshot", w -> w.restore(new byte[] {1, 2, 3}));
        byte[] snap = world.snapshot();
        byte[] truncated = java.util.Arrays.copyOf(snap, snap.length / 2);
        rejected("truncated", w -> w.restore(truncated));
    }
}
