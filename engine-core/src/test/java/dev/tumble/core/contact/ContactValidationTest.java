package dev.tumble.core.contact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** One test per validation rule of {@link Contact#set}; a rejected call changes nothing. */
class ContactValidationTest {
    private final RigidBody a = RigidBody.dynamic();
    private final RigidBody b = RigidBody.dynamic();

    private static void rejects(String expectedText, Runnable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::run);
        assertTrue(e.getMessage().contains(expectedText), e.getMessage());
    }

    private Contact valid() {
        return new Contact().set(a, b, 1, 2, 3, 0, 1, 0, 0.1, 0.5, 0.3);
    }

    @Test
    void zeroNormalIsRejected() {
        rejects("normal must be non-zero, was (0.0, 0.0, 0.0)", () -> valid().set(a, b, 0, 0, 0, 0, 0, 0, 0.1, 0.5, 0.3));
    }

    @Test
    void nanNormalIsRejected() {
        rejects("normal must be finite, was (NaN", () -> valid().set(a, b, 0, 0, 0, Double.NaN, 1, 0, 0.1, 0.5, 0.3));
    }

    @Test
    void infiniteNormalIsRejected() {
        rejects("normal must be finite", () -> valid().set(a, b, 0, 0, 0, Double.POSITIVE_INFINITY, 0, 0, 0.1, 0.5, 0.3));
    }

    @Test
    void unnormalisableNormalIsRejected() {
        rejects("normal cannot be normalised, was (1.0E-200", () -> valid().set(a, b, 0, 0, 0, 1e-200, 0, 0, 0.1, 0.5, 0.3));
        rejects("normal cannot be normalised", () -> valid().set(a, b, 0, 0, 0, 1e200, 1e200, 0, 0.1, 0.5, 0.3));
    }

    @Test
    void nonUnitNormalIsNormalisedAndUnitNormalKeptExactly() {
        Contact c = valid().set(a, b, 0, 0, 0, 0, 3, 4, 0.1, 0.5, 0.3);
        assertEquals(0.6, c.normal().y(), 1e-15);
        assertEquals(0.8, c.normal().z(), 1e-15);
        double x = 0.6, y = Math.sqrt(1 - 0.36);
        c.set(a, b, 0, 0, 0, x, y, 0, 0.1, 0.5, 0.3);
        assertEquals(x, c.normal().x(), 0);
        assertEquals(y, c.normal().y(), 0);
    }

    @Test
    void nanPointIsRejected() {
        rejects("point must be finite, was (NaN", () -> valid().set(a, b, Double.NaN, 0, 0, 0, 1, 0, 0.1, 0.5, 0.3));
    }

    @Test
    void nanPenetrationIsRejected() {
        rejects("penetration must be finite, was NaN", () -> valid().set(a, b, 0, 0, 0, 0, 1, 0, Double.NaN, 0.5, 0.3));
    }

    @Test
    void negativeFrictionIsRejected() {
        rejects("friction must be finite and >= 0, was -0.1", () -> valid().set(a, b, 0, 0, 0, 0, 1, 0, 0.1, -0.1, 0.3));
        rejects("friction must be finite and >= 0, was NaN",
                () -> valid().set(a, b, 0, 0, 0, 0, 1, 0, 0.1, Double.NaN, 0.3));
    }

    @Test
    void restitutionOutsideZeroOneIsRejected() {
        rejects("restitution must be in [0, 1], was 1.5", () -> valid().set(a, b, 0, 0, 0, 0, 1, 0, 0.1, 0.5, 1.5));
        rejects("restitution must be in [0, 1], was -0.1", () -> valid().set(a, b, 0, 0, 0, 0, 1, 0, 0.1, 0.5, -0.1));
        rejects("restitution must be in [0, 1], was NaN",
                () -> valid().set(a, b, 0, 0, 0, 0, 1, 0, 0.1, 0.5, Double.NaN));
    }

    @Test
    void sameBodyTwiceIsRejected() {
        rejects("body0 and body1 must be different bodies", () -> valid().set(a, a, 0, 0, 0, 0, 1, 0, 0.1, 0.5, 0.3));
    }

    @Test
    void bothBodiesNullIsRejected() {
        rejects("body0 and body1 must not both be null",
                () -> valid().set(null, null, 0, 0, 0, 0, 1, 0, 0.1, 0.5, 0.3));
    }

    @Test
    void nullVectorsAreRejected() {
        rejects("point must not be null", () -> valid().set(a, b, null, new Vector3d(0, 1, 0), 0.1, 0.5, 0.3));
        rejects("normal must not be null", () -> valid().set(a, b, new Vector3d(), null, 0.1, 0.5, 0.3));
    }

    @Test
    void rejectedCallLeavesTheContactUnchanged() {
        Contact c = valid();
        assertThrows(IllegalArgumentException.class, () -> c.set(b, a, 9, 9, 9, 1, 0, 0, 0.7, 0.1, 2.0));
        assertSame(a, c.body0());
        assertSame(b, c.body1());
        assertEquals(new Vector3d(1, 2, 3), c.point());
        assertEquals(new Vector3d(0, 1, 0), c.normal());
        assertEquals(0.1, c.penetration());
        assertEquals(0.5, c.friction());
        assertEquals(0.3, c.restitution());
    }

    @Test
    void nullBody0IsSwappedWithTheNormalNegatedWhenPrepared() {
        Contact c = new Contact().set(null, b, 0, 0, 0, 0, 1, 0, 0.1, 0.5, 0.3);
        c.calculateInternals(1 / 60.0, 0.25);
        assertSame(b, c.body0());
        assertEquals(null, c.body1());
        assertEquals(-1, c.normal().y());
        assertEquals(0, c.normal().x(), 0);
    }

    @Test
    void bufferReusesItsContactsAndRejectsBadOnesWithoutAdding() {
        ContactBuffer buffer = new ContactBuffer(1);
        Contact first = buffer.add(a, null, 0, 0, 0, 0, 1, 0, 0.1, 0.5, 0.3);
        buffer.add(b, null, 0, 0, 0, 0, 1, 0, 0.1, 0.5, 0.3);
        assertEquals(2, buffer.size());
        assertThrows(IllegalArgumentException.class, () -> buffer.add(a, a, 0, 0, 0, 0, 1, 0, 0.1, 0.5, 0.3));
        assertEquals(2, buffer.size());
        buffer.clear();
        assertEquals(0, buffer.size());
        assertSame(first, buffer.add(b, null, 0, 0, 0, 0, 1, 0, 0.2, 0.5, 0.3));
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.get(1));
        assertThrows(IllegalArgumentException.class, () -> new ContactBuffer(-1));
    }
}
