package dev.tumble.core.body;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.joml.Vector3dc;
import org.junit.jupiter.api.Test;

/**
 * The flat state block: a body's numbers move into its world's array when it joins, follow it
 * when the array grows or an earlier body leaves, and go with it when it leaves — bit for bit.
 */
class BodyStateBlockTest {

    /** A body whose every stored quantity is distinct and depends on {@code k}. */
    private static RigidBody distinct(int k) {
        RigidBody b = RigidBody.dynamic();
        b.mass(1 + k);
        b.inertiaTensor(new Matrix3d().scaling(2 + k, 3 + k, 4 + k));
        b.position(k, 2 * k + 0.5, -k);
        b.orientation(new Quaterniond().rotateXYZ(0.1 * k, 0.2, -0.3 * k));
        b.velocity(0.25 * k, -1, 3);
        b.angularVelocity(1, 0.5 * k, -2);
        b.acceleration(0, -9.81, 0.01 * k);
        b.lastFrameAcceleration(0.1, -9.8, k);
        b.addForce(k, 2, 3);
        b.addTorque(new Vector3d(-k, 1, 0.5));
        return b;
    }

    /** Every double of the body's state (what snapshots write, plus the block-only values). */
    private static byte[] record(RigidBody b) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        BodyStateCodec.write(b, out);
        double[] rest = new double[12 + 9];
        b.getTransform(rest);
        double[] iw = b.getInverseInertiaTensorWorld(new double[9]);
        System.arraycopy(iw, 0, rest, 12, 9);
        for (double v : rest) {
            out.writeDouble(v);
        }
        return bytes.toByteArray();
    }

    @Test
    void joiningGrowingAndLeavingKeepEveryBit() throws IOException {
        int n = 40; // the registry starts with room for 16: it grows twice
        RigidBody[] bodies = new RigidBody[n];
        byte[][] before = new byte[n][];
        for (int k = 0; k < n; k++) {
            bodies[k] = distinct(k);
            before[k] = record(bodies[k]);
        }
        BodyRegistry reg = new BodyRegistry();
        for (RigidBody b : bodies) {
            reg.add(b);
        }
        for (int k = 0; k < n; k++) {
            assertArrayEquals(before[k], record(bodies[k]), "body " + k + " after joining");
            assertSame(bodies[0].state, bodies[k].state, "one array for the world");
            assertEquals(k * RigidBody.STRIDE, bodies[k].at, "body " + k + " at its dense slot");
        }

        reg.remove(bodies[7]);
        assertNotSame(bodies[0].state, bodies[7].state, "the leaver takes its own copy");
        assertArrayEquals(before[7], record(bodies[7]), "the leaver's state");
        for (int k = 0; k < n; k++) {
            if (k != 7) {
                assertArrayEquals(before[k], record(bodies[k]), "body " + k + " after body 7 left");
                assertEquals(bodies[k].worldIndex() * RigidBody.STRIDE, bodies[k].at);
            }
        }

        // The leaver and the world no longer share anything.
        bodies[7].position(100, 100, 100);
        bodies[8].position(-5, -5, -5);
        assertEquals(100, bodies[7].positionX());
        assertEquals(-5, bodies[8].positionX());
        assertArrayEquals(before[9], record(bodies[9]));

        // Rejoining puts it at the end of the dense order with its state.
        byte[] rejoin = record(bodies[7]);
        reg.add(bodies[7]);
        assertEquals(n - 1, bodies[7].worldIndex());
        assertArrayEquals(rejoin, record(bodies[7]));
    }

    @Test
    void aBodyInAWorldIntegratesBitForBitAsAloneOne() throws IOException {
        RigidBody alone = distinct(3), member = distinct(3);
        BodyRegistry reg = new BodyRegistry();
        reg.add(distinct(1));
        reg.add(member);
        reg.add(distinct(2));
        for (int step = 0; step < 50; step++) {
            alone.addForce(0.5, step, -1);
            member.addForce(0.5, step, -1);
            alone.integrate(1 / 60.0);
            member.integrate(1 / 60.0);
        }
        assertArrayEquals(record(alone), record(member));
    }

    @Test
    void gettersAreCopiesEachCallRefreshesAndComponentsMatchThem() {
        RigidBody b = distinct(5);
        Vector3dc p = b.position();
        assertEquals(new Vector3d(b.positionX(), b.positionY(), b.positionZ()), p);
        b.position(1, 2, 3);
        assertEquals(5, p.x(), "a held copy keeps the value it was given");
        assertEquals(new Vector3d(1, 2, 3), b.position(), "the next call refreshes it");
        assertSame(p, b.position(), "the same vector each call: the getters allocate nothing");

        assertEquals(new Quaterniond(b.orientationX(), b.orientationY(), b.orientationZ(), b.orientationW()),
                b.orientation());
        assertEquals(new Vector3d(b.velocityX(), b.velocityY(), b.velocityZ()), b.velocity());
        assertEquals(new Vector3d(b.angularVelocityX(), b.angularVelocityY(), b.angularVelocityZ()),
                b.angularVelocity());
        assertEquals(new Vector3d(b.lastFrameAccelerationX(), b.lastFrameAccelerationY(), b.lastFrameAccelerationZ()),
                b.lastFrameAcceleration());

        double[] pose = b.getPose(new double[9], 2);
        assertArrayEquals(new double[] {0, 0, 1, 2, 3, b.orientationW(), b.orientationX(), b.orientationY(),
                b.orientationZ()}, pose);
        double[] vel = b.getVelocities(new double[6], 0);
        assertArrayEquals(new double[] {b.velocityX(), b.velocityY(), b.velocityZ(), b.angularVelocityX(),
                b.angularVelocityY(), b.angularVelocityZ()}, vel);
    }

    @Test
    void aNewBodyStartsAtRestWithIdentityOrientationAndInertia() {
        RigidBody b = RigidBody.dynamic();
        assertEquals(new Quaterniond(), b.orientation());
        assertEquals(new Matrix3d(), b.getInverseInertiaTensor(new Matrix3d()));
        assertEquals(new Matrix3d(), b.getInverseInertiaTensorWorld(new Matrix3d()));
        assertEquals(new Vector3d(), b.position());
        assertEquals(new Vector3d(), b.velocity());
        assertEquals(new Vector3d(), b.accumulatedForce());
        assertEquals(new Matrix3d().zero(), RigidBody.fixed().getInverseInertiaTensorWorld(new Matrix3d()),
                "a static body's world inverse inertia is zero");
    }
}
