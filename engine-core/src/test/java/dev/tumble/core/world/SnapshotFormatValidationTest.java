package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.BodyStateCodec;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.ShapeCodec;
import dev.tumble.core.force.RegistryCodec;
import dev.tumble.core.joint.Joint;
import dev.tumble.core.joint.JointCodec;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A malformed snapshot — truncated anywhere, with bytes after its end, of another version or
 * settings, holding a zero quaternion, a negative inertia, an unknown shape, joint or generator
 * tag, or a game object the world no longer knows — is refused with an
 * {@link IllegalArgumentException} naming the problem, and the world is left exactly as it was:
 * same state bits, same body and joint objects, same snapshot bytes. The world has moved on from
 * the snapshot (other bodies, joints and generators), so a restore that applied anything before
 * finding the problem would show.
 */
class SnapshotFormatValidationTest {
    private World world;
    private byte[] earlier;
    /** The world's body at step 40 whose records the tampering tests change (not the first body). */
    private RigidBody target;

    @BeforeEach
    void scene() {
        world = RollbackScene.world(WorldSettings.Solver.SEQUENTIAL_IMPULSE);
        for (int s = 0; s < 40; s++) {
            RollbackScene.frame(world, s, true);
        }
        earlier = world.snapshot();
        target = world.bodies().get(world.bodies().size() - 1);
        targetRecord = record(out -> BodyStateCodec.write(target, out));
        targetShape = record(out -> ShapeCodec.write(target.shapes().get(0), out));
        firstJoint = world.joints().get(0);
        jointRecord = record(out -> JointCodec.write(firstJoint, out));
        registry = record(out -> RegistryCodec.write(world.forces(), world.bodies()::contains, out));
        broadPhase = record(out -> world.collision.broadPhase().write(out));
        for (int s = 40; s < 100; s++) {
            RollbackScene.frame(world, s, true);
        }
    }

    private byte[] targetRecord, targetShape, jointRecord, registry, broadPhase;
    private Joint firstJoint;

    private interface Writer {
        void write(DataOutputStream out) throws IOException;
    }

    private static byte[] record(Writer w) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            w.write(new DataOutputStream(bytes));
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** Where {@code record} starts in the earlier snapshot (the last place, for the target body). */
    private int at(byte[] record) {
        for (int i = earlier.length - record.length; i >= 0; i--) {
            if (Arrays.equals(earlier, i, i + record.length, record, 0, record.length)) {
                return i;
            }
        }
        throw new AssertionError("record not found in the snapshot");
    }

    private void refused(byte[] snapshot, String expectedInMessage) {
        byte[] before = world.snapshot();
        long hash = world.stateHash();
        List<RigidBody> bodies = new ArrayList<>(world.bodies());
        List<Joint> joints = new ArrayList<>(world.joints());
        int registrations = world.forces().size();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> world.restore(snapshot));
        assertTrue(e.getMessage().contains(expectedInMessage), "message names the problem: " + e.getMessage());
        assertEquals(hash, world.stateHash(), "state unchanged");
        assertEquals(bodies.size(), world.bodies().size(), "body count unchanged");
        for (int i = 0; i < bodies.size(); i++) {
            assertSame(bodies.get(i), world.bodies().get(i));
        }
        assertEquals(joints, world.joints(), "joints unchanged");
        assertEquals(registrations, world.forces().size(), "registrations unchanged");
        assertArrayEquals(before, world.snapshot(), "world unchanged");
    }

    private byte[] withDoubles(int offset, double... values) {
        byte[] bad = earlier.clone();
        for (int i = 0; i < values.length; i++) {
            ByteBuffer.wrap(bad).putDouble(offset + 8 * i, values[i]);
        }
        return bad;
    }

    private byte[] withByte(int offset, int value) {
        byte[] bad = earlier.clone();
        bad[offset] = (byte) value;
        return bad;
    }

    @Test
    void aSnapshotCutShortAnywhereIsRefused() {
        for (int length = 0; length < earlier.length; length += 1 + length / 7) {
            refused(Arrays.copyOf(earlier, length), "snapshot");
        }
        refused(Arrays.copyOf(earlier, earlier.length - 1), "truncated");
    }

    @Test
    void aSnapshotWithBytesAfterItsEndIsRefused() {
        refused(Arrays.copyOf(earlier, earlier.length + 5), "after its end");
    }

    @Test
    void aSnapshotOfAnotherVersionIsRefused() {
        byte[] old = earlier.clone();
        ByteBuffer.wrap(old).putInt(4, 4);
        refused(old, "version must be " + WorldSnapshot.VERSION + ", was 4");
    }

    @Test
    void aSnapshotFromAWorldWithOtherSettingsIsRefused() {
        world = RollbackScene.world(WorldSettings.Solver.MILLINGTON);
        refused(earlier, "solver");
    }

    @Test
    void aZeroOrientationIsRefused() {
        // Record: type, awake, canSleep, inverse mass, 9 inverse inertia, 2 dampings, position, then w x y z.
        refused(withDoubles(at(targetRecord) + 3 + 8 * 15, 0, 0, 0, 0), "orientation");
    }

    @Test
    void aNegativeInertiaIsRefused() {
        refused(withDoubles(at(targetRecord) + 3 + 8, -1), "inverseInertia");
    }

    @Test
    void anUnknownShapeTagIsRefused() {
        refused(withByte(at(targetShape), 99), "unknown shape tag 99");
    }

    @Test
    void anUnknownJointTagIsRefused() {
        refused(withByte(at(jointRecord), 99), "unknown joint tag 99");
    }

    @Test
    void anUnknownForceGeneratorTagIsRefused() {
        // Registry: next serial (8 bytes), generator count (4), the first one's serial (8), its tag.
        refused(withByte(at(registry) + 20, 99), "unknown force generator tag 99");
    }

    @Test
    void aMalformedBroadPhaseTreeIsRefused() {
        // Tree: capacity, root, free list, count (4 bytes each), then per node its height and parent.
        int tree = at(broadPhase);
        int capacity = ByteBuffer.wrap(earlier).getInt(tree);
        byte[] badRoot = earlier.clone();
        ByteBuffer.wrap(badRoot).putInt(tree + 4, capacity);
        refused(badRoot, "root must be -1.." + (capacity - 1));
        byte[] badParent = earlier.clone();
        int root = ByteBuffer.wrap(earlier).getInt(tree + 4);
        int node = 16;
        for (int i = 0; i < root; i++) { // step over the nodes before the root
            int height = ByteBuffer.wrap(earlier).getInt(tree + node);
            node += 8 + (height >= 0 ? 8 + 48 : 0);
        }
        ByteBuffer.wrap(badParent).putInt(tree + node + 4, root == 0 ? 1 : 0);
        refused(badParent, "tree");
    }

    @Test
    void aGeneratorOfTheGamesOwnClassTheWorldNeverKnewIsRefused() {
        // A new world never held the scene's breeze: it cannot make one.
        world = new World(RollbackScene.settings(WorldSettings.Solver.SEQUENTIAL_IMPULSE));
        world.addBody(RigidBody.dynamic());
        refused(earlier, "by reference");
    }

    @Test
    void theUntamperedSnapshotRestores() {
        world.restore(earlier);
        assertArrayEquals(earlier, world.snapshot());
    }
}
