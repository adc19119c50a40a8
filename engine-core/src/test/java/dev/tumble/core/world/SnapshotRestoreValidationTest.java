package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.BodyStateCodec;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A snapshot holding a state no body can have (a zero orientation quaternion, a negative or
 * non-finite inverse inertia) or carrying bytes after its end is refused, and the world is left
 * exactly as it was: the second body of the snapshot is the bad one, so a restore that applied
 * records as it read them would already have changed the first.
 */
class SnapshotRestoreValidationTest {
    /** Offsets in a {@link BodyStateCodec} record: type, awake, canSleep, then the doubles. */
    private static final int INVERSE_INERTIA = 3 + 8;
    private static final int ORIENTATION = 3 + 8 * (1 + 9 + 2 + 3);

    private World world;
    private RigidBody second;
    /** A snapshot to tamper with, taken a few steps before the state the world is left in. */
    private byte[] earlier;

    @BeforeEach
    void scene() {
        world = new World();
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(0, 2, 0));
        second = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(3, 2, 0));
        for (int i = 0; i < 10; i++) {
            world.step(1 / 60.0);
        }
        earlier = world.snapshot();
        for (int i = 0; i < 10; i++) {
            world.step(1 / 60.0);
        }
    }

    /** Where {@code body}'s codec record starts in {@code snapshot} (found by its bytes). */
    private static int recordOf(byte[] snapshot, byte[] record) {
        for (int i = 0; i + record.length <= snapshot.length; i++) {
            if (Arrays.equals(snapshot, i, i + record.length, record, 0, record.length)) {
                return i;
            }
        }
        throw new AssertionError("record not found in the snapshot");
    }

    /** {@link #earlier} with doubles {@code values} written over the second body's record from {@code offset}. */
    private byte[] tampered(int offset, double... values) throws IOException {
        world.restore(earlier);
        ByteArrayOutputStream record = new ByteArrayOutputStream();
        BodyStateCodec.write(second, new DataOutputStream(record));
        int at = recordOf(earlier, record.toByteArray()) + offset;
        for (int i = 0; i < 20; i++) {
            world.step(1 / 60.0); // back to a state other than the snapshot's
        }
        byte[] bad = earlier.clone();
        ByteBuffer buffer = ByteBuffer.wrap(bad);
        for (int i = 0; i < values.length; i++) {
            buffer.putDouble(at + 8 * i, values[i]);
        }
        return bad;
    }

    private void refused(byte[] snapshot, String expectedInMessage) {
        byte[] before = world.snapshot();
        long hash = world.stateHash();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> world.restore(snapshot));
        assertTrue(e.getMessage().contains(expectedInMessage), "message names the problem: " + e.getMessage());
        assertArrayEquals(before, world.snapshot(), "world unchanged");
        assertEquals(hash, world.stateHash());
    }

    @Test
    void aSnapshotWithAZeroOrientationIsRefused() throws IOException {
        refused(tampered(ORIENTATION, 0, 0, 0, 0), "orientation");
    }

    @Test
    void aSnapshotWithANonUnitOrientationIsRefused() throws IOException {
        // Restored orientations are used as written, so anything but a unit quaternion would shear.
        refused(tampered(ORIENTATION, 2, 0, 0, 0), "orientation");
    }

    @Test
    void aSnapshotWithANegativeInertiaIsRefused() throws IOException {
        refused(tampered(INVERSE_INERTIA, -1), "inverseInertia");
    }

    @Test
    void aSnapshotWithANonFiniteInertiaIsRefused() throws IOException {
        refused(tampered(INVERSE_INERTIA + 8 * 4, Double.POSITIVE_INFINITY), "Infinity");
    }

    @Test
    void aSnapshotWithAnAsymmetricInertiaIsRefused() throws IOException {
        refused(tampered(INVERSE_INERTIA + 8, 0.5), "inverseInertia");
    }

    @Test
    void aSnapshotWithBytesAfterItsEndIsRefused() {
        byte[] junk = Arrays.copyOf(earlier, earlier.length + 3);
        refused(junk, "after");
        byte[] oneMore = Arrays.copyOf(earlier, earlier.length + 1);
        oneMore[earlier.length] = 42;
        refused(oneMore, "after");
    }

    @Test
    void theUntamperedSnapshotStillRestores() throws IOException {
        byte[] same = tampered(0);
        world.restore(same);
        assertArrayEquals(earlier, world.snapshot());
    }
}
