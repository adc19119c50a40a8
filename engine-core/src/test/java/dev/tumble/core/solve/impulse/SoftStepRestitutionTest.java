package dev.tumble.core.solve.impulse;

import static dev.tumble.core.solve.impulse.SoftStepWorlds.G;
import static dev.tumble.core.solve.impulse.SoftStepWorlds.energy;
import static dev.tumble.core.solve.impulse.SoftStepWorlds.steps;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.world.World;
import java.util.List;
import java.util.SplittableRandom;
import org.joml.Quaterniond;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bounces under the soft step give back no more energy than the impact took, where the two
 * classic laws of restitution each fail alone:
 * <ul>
 * <li>a light slab lying on the ground, struck by a heavy ball, all elastic: the slab is stopped by
 *     one contact after the other pushed it, so a contact's own tally of the energy it took counts
 *     energy another gave (the energetic law alone shot the slab out at hundreds of m/s);
 * <li>long capsules dropped spinning, nearly elastic: a spinning end closes faster at the start of
 *     the step than the impact takes from it (Newton's law alone gained energy).
 * </ul>
 * Damping off, sleeping off; the total mechanical energy is checked after every step.
 */
class SoftStepRestitutionTest {

    /** The ball's speed (m/s) and the step (s). */
    @ParameterizedTest(name = "ball at {0} m/s, dt = 1/{1} s")
    @CsvSource({"5, 60", "8, 60", "11, 60", "15, 60", "11, 120", "11, 30"})
    void aLightSlabStruckByAHeavyBallGainsNoEnergy(double speed, int rate) {
        double dt = 1.0 / rate;
        World world = SoftStepWorlds.softWorld(0, -G, 0);
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)).restitution(1).friction(0.5));
        RigidBody slab = world.addBody(SoftStepWorlds.undamped(RigidBody.dynamic(new Box(2, 0.05, 2)).mass(0.8)
                .position(0, 0.05, 0).restitution(1).friction(0.5)));
        RigidBody ball = world.addBody(SoftStepWorlds.undamped(RigidBody.dynamic(new Sphere(0.5)).mass(1000)
                .position(0.3, 0.65, 0.2).velocity(0, -speed, 0).restitution(1).friction(0.5)));
        List<RigidBody> bodies = List.of(slab, ball);
        double e0 = energy(bodies, 0, -G, 0);
        double allowed = e0 * (1 + 1e-6);
        for (int i = 1; i <= steps(2, dt); i++) {
            world.step(dt);
            double e = energy(bodies, 0, -G, 0);
            assertTrue(e <= allowed, "step " + i + ": energy " + e + " J, above the start's " + e0 + " J by " + (e - e0)
                    + " J; slab at v " + slab.velocity() + ", ball at v " + ball.velocity());
        }
    }

    @Test
    void spinningCapsulesDroppedNearlyElasticGainNoEnergyInAnyStep() {
        SplittableRandom rnd = new SplittableRandom(7);
        int gaining = 0;
        StringBuilder which = new StringBuilder();
        for (int k = 0; k < 40; k++) {
            World world = SoftStepWorlds.softWorld(0, -G, 0);
            world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)).restitution(1).friction(0.5));
            double half = rnd.nextDouble(0.5, 3);
            RigidBody capsule = world.addBody(SoftStepWorlds.undamped(RigidBody.dynamic(
                    new Capsule(half * rnd.nextDouble(0.05, 0.2), half)).mass(rnd.nextDouble(10, 200))
                    .position(0, half + 1, 0)
                    .orientation(new Quaterniond().rotateXYZ(rnd.nextDouble(7), rnd.nextDouble(7), rnd.nextDouble(7)))
                    .angularVelocity(rnd.nextDouble(-20, 20), rnd.nextDouble(-20, 20), rnd.nextDouble(-20, 20))
                    .velocity(rnd.nextDouble(-3, 3), rnd.nextDouble(-8, 0), rnd.nextDouble(-3, 3))
                    .restitution(rnd.nextDouble(0.9, 1)).friction(rnd.nextDouble(0.2, 0.8))));
            List<RigidBody> bodies = List.of(capsule);
            // Per step, the fuzz's allowance: soft contacts may lift a body out of an overlap by a few millimetres.
            double slack = capsule.mass() * G * 0.002;
            double e = energy(bodies, 0, -G, 0);
            for (int i = 1; i <= 240; i++) {
                world.step(1 / 60.0);
                double next = energy(bodies, 0, -G, 0);
                if (!(next <= e + slack)) {
                    gaining++;
                    which.append(String.format(" drop %d step %d: %+.2f J;", k, i, next - e));
                    break;
                }
                e = next;
            }
        }
        assertEquals(0, gaining, "capsule drops gaining energy in a step:" + which);
    }
}
