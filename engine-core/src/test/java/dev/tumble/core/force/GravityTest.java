package dev.tumble.core.force;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.BodyAccess;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

class GravityTest {
    private static final BodyAccess BODY = BodyAccess.get();

    @Test
    void addsMassTimesG() {
        RigidBody body = RigidBody.dynamic().mass(4);
        new Gravity(1, -9.81, 0.5).updateForce(body, 0.01);
        assertEquals(new Vector3d(4, -39.24, 2), body.accumulatedForce());
        assertEquals(new Vector3d(), body.accumulatedTorque());
    }

    /** Cyclone adds g·DBL_MAX to an immovable body, which later becomes NaN. */
    @Test
    void immovableBodiesAreUnchangedAndNeverNaN() {
        RigidBody immovable = RigidBody.dynamic().inverseMass(0).position(1, 2, 3).velocity(0.5, 0, 0);
        RigidBody fixed = RigidBody.fixed().position(0, -1, 0);
        RigidBody kinematic = RigidBody.kinematic().position(0, 4, 0).velocity(1, 0, 0);
        Gravity gravity = Gravity.earth();
        ForceRegistry registry = new ForceRegistry().add(immovable, gravity).add(fixed, gravity).add(kinematic, gravity);
        double dt = 1.0 / 60;
        for (int i = 0; i < 120; i++) {
            registry.updateForces(dt);
            assertEquals(new Vector3d(), immovable.accumulatedForce(), "nothing added");
            BODY.integrate(immovable, dt);
            BODY.integrate(fixed, dt);
            BODY.integrate(kinematic, dt);
        }
        for (RigidBody b : new RigidBody[] {immovable, fixed, kinematic}) {
            assertTrue(b.position().isFinite() && b.velocity().isFinite(), "finite: " + b);
        }
        assertEquals(0, immovable.velocity().y(), 0, "no fall");
        assertEquals(2, immovable.position().y(), 0);
        assertEquals(-1, fixed.position().y(), 0);
        assertEquals(4, kinematic.position().y(), 0, "kinematic bodies ignore gravity");
        assertEquals(BodyType.DYNAMIC, immovable.type());
    }

    @Test
    void sleepingBodiesAreLeftAsleep() {
        RigidBody body = RigidBody.dynamic().position(0, 1, 0);
        body.setAwake(false);
        ForceRegistry registry = new ForceRegistry().add(body, Gravity.earth());
        for (int i = 0; i < 10; i++) {
            registry.updateForces(1.0 / 60);
            BODY.integrate(body, 1.0 / 60);
        }
        assertFalse(body.isAwake());
        assertEquals(1, body.position().y(), 0);
    }
}
