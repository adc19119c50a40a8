package dev.tumble.core.contact;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.BodyAccess;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** A lent {@link Contact.Internals} store and a shared {@link ImpulseScratch} give the contact's own results, bit for bit. */
class ContactInternalsTest {
    private static final BodyAccess BODY = BodyAccess.get();

    private static final double DT = 1 / 60.0;

    private static RigidBody body(double x, double y, double vy, double wx) {
        RigidBody b = RigidBody.dynamic();
        b.position(x, y, 0);
        b.velocity(0.3, vy, -0.2);
        b.angularVelocity(wx, 0.7, 0.1);
        BODY.calculateDerivedData(b);
        return b;
    }

    /** Two identical scenes: a contact between a falling box and a resting one. */
    private static Contact contact() {
        RigidBody top = body(0.1, 1, -2, 0.4);
        RigidBody bottom = body(0, 0, 0, 0);
        return new Contact().set(top, bottom, 0.2, 0.5, 0.1, 0.1, 1, 0.05, 0.02, 0.6, 0.3);
    }

    @Test
    void lentStoreAndSharedScratchGiveTheOwnResults() {
        Contact own = contact();
        Contact lent = contact();
        ImpulseScratch scratch = new ImpulseScratch();
        own.calculateInternals(DT, 0.25);
        lent.internals(new Contact.Internals()).calculateInternals(DT, 0.25);
        assertArrayEquals(own.contactToWorld(new double[9]), lent.contactToWorld(new double[9]));
        assertEquals(own.desiredDeltaVelocity(), lent.desiredDeltaVelocity());
        double[] dv0 = new double[6], dw0 = new double[6], dv1 = new double[6], dw1 = new double[6];
        own.applyVelocityChange(dv0, dw0, null, true);
        lent.applyVelocityChange(dv1, dw1, null, true, scratch);
        assertArrayEquals(dv0, dv1);
        assertArrayEquals(dw0, dw1);
        assertEquals(own.appliedNormalImpulse(), lent.appliedNormalImpulse());
        assertEquals(own.contactVelocity(new Vector3d()), lent.contactVelocity(new Vector3d()));
        double[] l0 = new double[6], a0 = new double[6], l1 = new double[6], a1 = new double[6];
        own.applyPositionChange(l0, a0, own.penetration(), 0.2, null);
        lent.applyPositionChange(l1, a1, lent.penetration(), 0.2, null);
        assertArrayEquals(l0, l1);
        assertArrayEquals(a0, a1);
    }

    @Test
    void setDropsTheLentStoreAndLendingClearsAHeldBody() {
        Contact c = contact();
        Contact.Internals store = new Contact.Internals();
        c.internals(store).calculateInternals(DT, 0.25);
        c.holdBody(1);
        c.set(c.body0(), c.body1(), 0, 0, 0, 0, 1, 0, 0.01, 0.5, 0);
        assertFalse(c.isBody1Held());
        assertEquals(0, c.desiredDeltaVelocity());
        assertArrayEquals(new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1}, c.contactToWorld(new double[9]));
        Contact other = contact();
        other.internals(store).holdBody(1);
        other.internals(store);
        assertFalse(other.isBody1Held());
        assertThrows(IllegalArgumentException.class, () -> c.internals(null));
    }
}
