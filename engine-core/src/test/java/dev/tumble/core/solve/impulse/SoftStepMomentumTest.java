package dev.tumble.core.solve.impulse;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.joml.Matrix3d;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Two free bodies striking each other, without gravity or damping, keep their total linear and
 * angular momentum through the impact (friction, bounce and spin included): the contact's
 * impulses act on both bodies at one point. Were each body pushed at its own copy of the contact
 * point, which it carries as it moves through the step, an impulse λ at two points e apart
 * would change the pair's angular momentum by e×λ: by up to 6 % of it per collision here.
 */
class SoftStepMomentumTest {
    private static final double DT = 1 / 60.0;

    @Test
    void collisionsKeepLinearAndAngularMomentum() {
        SplittableRandom random = new SplittableRandom(7);
        List<String> failures = new ArrayList<>();
        for (int k = 0; k < 40; k++) {
            World world = SoftStepWorlds.softWorld(0, 0, 0);
            double restitution = random.nextDouble(), friction = random.nextDouble();
            Shape shapeA = random.nextBoolean() ? new Box(0.5, 0.3, 0.4) : new Sphere(0.4);
            Shape shapeB = random.nextBoolean() ? new Box(0.4, 0.4, 0.4) : new Capsule(0.3, 0.4);
            RigidBody a = world.addBody(RigidBody.dynamic(shapeA).mass(random.nextDouble(0.5, 5)).damping(1, 1)
                    .friction(friction).restitution(restitution).position(-1, random.nextDouble(-0.3, 0.3), 0)
                    .velocity(3, 0, random.nextDouble(-1, 1))
                    .angularVelocity(random.nextDouble(-5, 5), random.nextDouble(-5, 5), random.nextDouble(-5, 5)));
            RigidBody b = world.addBody(RigidBody.dynamic(shapeB).mass(random.nextDouble(0.5, 5)).damping(1, 1)
                    .friction(friction).restitution(restitution).position(1, 0, 0).velocity(-3, 0, 0)
                    .angularVelocity(random.nextDouble(-5, 5), 0, random.nextDouble(-5, 5)));
            List<RigidBody> both = List.of(a, b);
            Vector3d p0 = SoftStepWorlds.momentum(both), l0 = angularMomentum(both);
            boolean touched = false;
            for (int i = 0; i < 60; i++) {
                world.step(DT);
                touched |= world.contacts().size() > 0;
            }
            Vector3d p1 = SoftStepWorlds.momentum(both), l1 = angularMomentum(both);
            // Scales: the momentum each body brings in, and that times a body's size.
            double scale = 3 * (a.mass() + b.mass());
            double linear = p1.distance(p0) / scale, angular = l1.distance(l0) / Math.max(l0.length(), 0.5 * scale);
            if (!touched || !(linear <= 1e-12) || !(angular <= 1e-9)) {
                failures.add(String.format(Locale.ROOT, "case %d (%s on %s, e %.2f, μ %.2f): touched %b, linear change %.2e,"
                        + " angular change %.2e", k, shapeA.getClass().getSimpleName(), shapeB.getClass().getSimpleName(),
                        restitution, friction, touched, linear, angular));
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /** Angular momentum about the origin, kg·m²/s: {@code Σ x × m·v + I_world·ω}. */
    private static Vector3d angularMomentum(List<RigidBody> bodies) {
        Vector3d l = new Vector3d();
        for (RigidBody body : bodies) {
            l.add(new Vector3d(body.position()).cross(new Vector3d(body.velocity()).mul(body.mass())));
            Matrix3d inertia = body.getInverseInertiaTensorWorld(new Matrix3d()).invert();
            l.add(inertia.transform(new Vector3d(body.angularVelocity())));
        }
        return l;
    }
}
