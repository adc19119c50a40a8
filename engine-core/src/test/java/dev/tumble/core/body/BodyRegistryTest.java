package dev.tumble.core.body;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class BodyRegistryTest {

    @Test
    void idsDetectStaleReferencesAndDenseOrderIsInsertionOrder() {
        BodyRegistry reg = new BodyRegistry();
        RigidBody a = RigidBody.dynamic(), b = RigidBody.dynamic(), c = RigidBody.dynamic();
        BodyId ia = reg.add(a);
        reg.add(b);
        reg.add(c);
        assertEquals(0, a.worldIndex());
        assertEquals(2, c.worldIndex());
        reg.remove(b);
        assertEquals(1, c.worldIndex(), "later bodies move down");
        assertEquals(-1, b.worldIndex());
        RigidBody d = RigidBody.dynamic();
        BodyId id = reg.add(d);
        assertEquals(1, id.index(), "freed slot reused");
        assertEquals(1, id.generation(), "with a new generation");
        assertNull(reg.get(new BodyId(1, 0)), "the stale id of b names nothing");
        assertSame(a, reg.get(ia));
        assertSame(d, reg.view().get(2));
    }

    @Test
    void addingTwiceRemovingAStrangerOrAnotherWorldsBodyIsRejected() {
        BodyRegistry one = new BodyRegistry();
        BodyRegistry two = new BodyRegistry();
        RigidBody a = RigidBody.dynamic();
        one.add(a);
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class, () -> one.add(a));
        assertTrue(twice.getMessage().contains("already in this world"), twice.getMessage());
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class, () -> two.add(a));
        assertTrue(other.getMessage().contains("another world"), other.getMessage());
        IllegalArgumentException stranger = assertThrows(IllegalArgumentException.class, () -> one.remove(RigidBody.dynamic()));
        assertTrue(stranger.getMessage().contains("not in this world"), stranger.getMessage());
        assertEquals(1, one.size());
        assertEquals(0, two.size());
    }

    @Test
    void stateCodecRoundTripsEveryBit() throws IOException {
        RigidBody a = RigidBody.dynamic().mass(3.7).position(1.1, 2.2, 3.3).orientation(0.3, 0.1, 0.9, -0.2)
                .velocity(0.1, -4, 1e-7).angularVelocity(3, 2, 1).damping(0.93, 0.71).acceleration(0, -9.81, 0);
        a.addForceAtBodyPoint(new org.joml.Vector3d(1, 2, 3), new org.joml.Vector3d(0.1, 0.2, 0.3));
        a.integrate(1 / 60.0);
        a.addTorque(new org.joml.Vector3d(0.5, 0, 0));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BodyStateCodec.write(a, new DataOutputStream(bytes));
        RigidBody b = RigidBody.dynamic();
        BodyStateCodec.read(b, new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        ByteArrayOutputStream again = new ByteArrayOutputStream();
        BodyStateCodec.write(b, new DataOutputStream(again));
        assertArrayEquals(bytes.toByteArray(), again.toByteArray());
        assertArrayEquals(a.getTransform(new double[12]), b.getTransform(new double[12]));
        assertArrayEquals(a.getInverseInertiaTensorWorld(new double[9]), b.getInverseInertiaTensorWorld(new double[9]));
        // Same future.
        a.integrate(1 / 60.0);
        b.integrate(1 / 60.0);
        assertEquals(a.position(), b.position());
        assertEquals(a.orientation(), b.orientation());
    }

    @Test
    void malformedStateLeavesTheBodyUnchanged() throws IOException {
        RigidBody a = RigidBody.dynamic().position(1, 2, 3);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BodyStateCodec.write(RigidBody.dynamic().position(7, 7, 7), new DataOutputStream(bytes));
        byte[] data = bytes.toByteArray();
        byte[] nan = data.clone();
        // Corrupt the first double (inverse mass) into NaN.
        long bits = Double.doubleToRawLongBits(Double.NaN);
        for (int i = 0; i < 8; i++) {
            nan[3 + i] = (byte) (bits >>> (56 - 8 * i));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BodyStateCodec.read(a, new DataInputStream(new ByteArrayInputStream(nan))));
        assertTrue(e.getMessage().contains("NaN"), e.getMessage());
        assertEquals(new org.joml.Vector3d(1, 2, 3), a.position());
        byte[] truncated = java.util.Arrays.copyOf(data, 20);
        assertThrows(IOException.class, () -> BodyStateCodec.read(a, new DataInputStream(new ByteArrayInputStream(truncated))));
        assertEquals(new org.joml.Vector3d(1, 2, 3), a.position());
    }
}
