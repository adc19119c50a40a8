package dev.tumble.core.robust;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A perfectly elastic ball (e = 1) dropped from 2 m: the energy never rises in any step (the
 * sequential-impulse solver used to bounce an arriving ball from where the step started, a gap
 * above the ground, and gain that height's potential energy; see RestitutionLimit.arrivingBounce),
 * and the ball still bounces back close to its height (the fix lowers the bounce by no more than
 * that gap's energy).
 */
class BounceEnergyTest {

    @ParameterizedTest
    @EnumSource(WorldSettings.Solver.class)
    void anElasticBallNeverGainsEnergyAndBouncesBackNearItsHeight(WorldSettings.Solver solver) {
        World world = new World(WorldSettings.builder().solver(solver).sleepEnabled(false).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)).restitution(1).friction(0.5));
        RigidBody ball = world.addBody(RigidBody.dynamic(new Sphere(0.1)).mass(1).restitution(1).friction(0.5)
                .damping(1, 1).position(0, 2, 0));
        List<RigidBody> bodies = List.of(ball);
        double g = 9.81;
        double energy = FuzzTest.energy(bodies, g);
        double highestAfterBounce = 0;
        boolean bounced = false;
        for (int step = 0; step < 90; step++) {
            world.step(1 / 60.0);
            double next = FuzzTest.energy(bodies, g);
            assertTrue(next <= energy + FuzzTest.tolerance(bodies, g),
                    solver + " step " + step + ": energy rose " + energy + " -> " + next);
            energy = next;
            bounced |= ball.velocity().y() > 0;
            if (bounced) {
                highestAfterBounce = Math.max(highestAfterBounce, ball.position().y());
            }
        }
        // Dropped from 2 m (centre); the bounce must come back to within 15 % of the drop.
        assertTrue(highestAfterBounce > 0.1 + 0.85 * 1.9, solver + ": bounced back to " + highestAfterBounce);
    }
}
