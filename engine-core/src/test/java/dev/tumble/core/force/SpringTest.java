package dev.tumble.core.force;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.BodyAccess;
import org.joml.Matrix3d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

class SpringTest {
    private static final BodyAccess BODY = BodyAccess.get();

    private static RigidBody body(double mass, double x, double y, double z) {
        return RigidBody.dynamic().mass(mass).position(x, y, z).damping(1, 1).canSleep(false)
                .inertiaTensor(new Matrix3d().scaling(0.3 * mass, 0.5 * mass, 0.4 * mass));
    }

    @Test
    void forcesOnTheTwoEndsAreEqualAndOpposite() {
        RigidBody a = body(1, 0, 0, 0).orientation(0.9, 0.1, 0.3, -0.2);
        RigidBody b = body(3, 2, 1, -1).orientation(0.5, -0.5, 0.5, 0.5);
        Spring spring = new Spring(a, new Vector3d(0.2, 0.1, 0), b, new Vector3d(-0.3, 0, 0.4), 40, 1);
        spring.updateForce(a, 0.01);
        spring.updateForce(b, 0.01);
        Vector3d sum = new Vector3d(a.accumulatedForce()).add(b.accumulatedForce());
        assertEquals(0, sum.length(), 0, "exact negatives");
        assertTrue(a.accumulatedForce().length() > 1, "the spring is stretched and acts");
    }

    @Test
    void totalLinearMomentumOfTwoFreeBodiesIsConserved() {
        RigidBody a = body(1, 0, 0, 0).velocity(1, 0.5, 0).angularVelocity(0, 2, 1);
        RigidBody b = body(3, 2, 1, -1).velocity(-0.2, 0, 0.3).angularVelocity(1, 0, 0);
        Spring spring = new Spring(a, new Vector3d(0.2, 0.1, 0), b, new Vector3d(-0.3, 0, 0.4), 40, 1);
        ForceRegistry registry = new ForceRegistry();
        spring.register(registry);
        assertEquals(2, registry.size());
        Vector3d p0 = momentum(a, b);
        double dt = 1.0 / 120;
        double maxForce = 0;
        for (int i = 0; i < 1200; i++) {
            registry.updateForces(dt);
            maxForce = Math.max(maxForce, a.accumulatedForce().length());
            BODY.integrate(a, dt);
            BODY.integrate(b, dt);
        }
        assertTrue(maxForce > 1, "the spring did work");
        Vector3d p1 = momentum(a, b);
        assertEquals(p0.x, p1.x, 1e-12);
        assertEquals(p0.y, p1.y, 1e-12);
        assertEquals(p0.z, p1.z, 1e-12);
    }

    @Test
    void staticEndIsNotRegisteredAndStillPulls() {
        RigidBody ground = RigidBody.fixed().position(0, 5, 0);
        RigidBody a = body(1, 0, 0, 0);
        Spring spring = new Spring(a, new Vector3d(), ground, new Vector3d(), 2, 1);
        ForceRegistry registry = new ForceRegistry();
        spring.register(registry);
        assertEquals(1, registry.size());
        registry.updateForces(0.01);
        assertEquals(8, a.accumulatedForce().y(), 1e-12, "stretched 4 m at 2 N/m");
    }

    @Test
    void bodyThatIsNeitherEndIsRejected() {
        RigidBody a = body(1, 0, 0, 0), b = body(1, 1, 0, 0), c = body(1, 2, 0, 0);
        Spring spring = new Spring(a, new Vector3d(), b, new Vector3d(), 1, 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> spring.updateForce(c, 0.01));
        assertTrue(e.getMessage().contains("body"), e.getMessage());
        assertEquals(new Vector3d(), c.accumulatedForce());
    }

    private static Vector3d momentum(RigidBody a, RigidBody b) {
        return new Vector3d(a.velocity()).mul(a.mass()).add(new Vector3d(b.velocity()).mul(b.mass()));
    }
}
