package dev.tumble.core.body;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Sphere;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Consumer;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Mass properties whose arguments pass the sign checks yet give a mass or inertia that doubles
 * cannot hold (an infinite inverse, an underflowing determinant) are refused, and the refused
 * call leaves the body exactly as it was: nothing is written before everything is checked.
 */
class MassPropertiesOutOfRangeTest {

    /** A compound with an off-centre shape and a turned, moved body: density has work to do. */
    private static RigidBody compound() {
        Sphere offset = new Sphere(0.3);
        offset.offset(new Vector3d(1, 0, 0), new Quaterniond());
        return RigidBody.dynamic(new Box(0.5, 0.5, 0.5), offset).position(1, 2, 3)
                .orientation(new Quaterniond().rotateY(0.7)).velocity(1, 0, 0);
    }

    /** Every bit of the body's state, its transform and its shapes' offsets. */
    private static byte[] everything(RigidBody b) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            BodyStateCodec.write(b, out);
            for (double v : b.getTransform(new double[12])) {
                out.writeDouble(v);
            }
            for (double v : b.getInverseInertiaTensorWorld(new double[9])) {
                out.writeDouble(v);
            }
            for (var s : b.shapes()) {
                out.writeUTF(s.offsetPosition().toString() + s.offsetOrientation());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static void refused(RigidBody b, String expectedInMessage, Consumer<RigidBody> call) {
        byte[] before = everything(b);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> call.accept(b));
        assertTrue(e.getMessage().contains(expectedInMessage), "message names the problem: " + e.getMessage());
        assertArrayEquals(before, everything(b), "body unchanged");
    }

    @Test
    void densityTooSmallForDoublesIsRefusedAndChangesNothing() {
        // The mass (1e-300 kg) is fine; the inertia's determinant underflows to zero.
        refused(compound(), "1.0E-300", b -> b.density(1e-300));
    }

    @Test
    void densityTooLargeForDoublesIsRefusedAndChangesNothing() {
        refused(compound(), "density", b -> b.density(1e306));
    }

    @Test
    void massWhoseInverseOverflowsIsRefused() {
        // 1e-320 kg is a positive double, but 1/1e-320 is infinite.
        refused(RigidBody.dynamic(), "mass", b -> b.mass(1e-320));
        refused(compound(), "mass", b -> b.mass(1e-320));
    }

    @Test
    void massWhoseRescaledInertiaOverflowsIsRefused() {
        // A 1 m box of 1000 kg rescaled to 1e-306 kg: its inverse inertia would be about 6e308.
        refused(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)), "mass", b -> b.mass(1e-306));
    }

    @Test
    void inertiaWhoseInverseOverflowsIsRefused() {
        // Positive definite (every leading minor > 0), but 1/1e-310 is infinite.
        refused(RigidBody.dynamic(), "inertiaTensor", b -> b.inertiaTensor(new Matrix3d().scaling(1e-310, 1e10, 1e10)));
    }
}
