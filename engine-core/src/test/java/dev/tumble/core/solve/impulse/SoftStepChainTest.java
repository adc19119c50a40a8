package dev.tumble.core.solve.impulse;

import static dev.tumble.core.solve.impulse.SoftStepWorlds.G;
import static dev.tumble.core.solve.impulse.SoftStepWorlds.steps;
import static dev.tumble.core.solve.impulse.SoftStepWorlds.undamped;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.joint.BallJoint;
import dev.tumble.core.world.World;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A hanging chain with a heavy end under the sequential-impulse solver: 20 links, each a 0.1 kg sphere of
 * radius 4 cm, centres 0.1 m apart in a vertical line; the top link is pinned to the world at its
 * centre (the pivot) by a {@link BallJoint}, each next link hangs from the one above by a ball
 * joint at the midpoint between their centres, and an end mass of 10 kg (100 links' worth; a
 * sphere of the same radius) hangs 0.1 m below the last link the same way. Built at rest, hanging
 * straight; gravity (0, −9.81, 0), no ground, 1/60 s.
 *
 * <p>Checked (the spec's tolerance): from 2 s on (settled) to 10 s, on every step, the chain's
 * length, pivot to the end mass's centre, is its built length (20 × 0.1 m = 2.0 m, computed from
 * the bodies as placed) within 1 %. Ball joints between 0.1 kg links carrying 10 kg are the hard
 * case for an iterative solver: each joint sees a mass ratio of 100 and more below it.
 */
class SoftStepChainTest {
    static final double DT = 1 / 60.0;
    static final int LINKS = 20;
    static final double SPACING = 0.1;
    static final double LINK_MASS = 0.1;
    static final double END_MASS = 100 * LINK_MASS;
    static final double RADIUS = 0.04;

    @Test
    void aChainOfTwentyLinksHoldingAHundredTimesItsLinkMassKeepsItsLength() {
        World world = SoftStepWorlds.softWorld(0, -G, 0);
        Vector3d pivot = new Vector3d(0, 3, 0);
        RigidBody previous = null;
        for (int i = 0; i <= LINKS; i++) {
            boolean end = i == LINKS;
            Vector3d centre = new Vector3d(pivot).sub(0, i * SPACING, 0);
            RigidBody body = world.addBody(undamped(RigidBody.dynamic(new Sphere(RADIUS)).mass(end ? END_MASS : LINK_MASS)
                    .position(centre)));
            // The top link is pinned to the world at its centre; the others hang at the midpoints.
            Vector3d anchor = previous == null ? new Vector3d(pivot) : new Vector3d(centre).add(0, 0.5 * SPACING, 0);
            world.addJoint(new BallJoint(body, previous, anchor));
            previous = body;
        }
        RigidBody endMass = previous;
        double restLength = endMass.position().distance(pivot);
        assertEquals(LINKS * SPACING, restLength, 1e-12, "as built, pivot to the end mass's centre");

        int settled = steps(2, DT);
        int n = steps(10, DT);
        double worst = 0;
        double worstSigned = 0;
        double worstT = 0;
        double at2 = Double.NaN;
        for (int i = 1; i <= n; i++) {
            world.step(DT);
            if (i < settled) {
                continue;
            }
            double length = endMass.position().distance(pivot);
            if (i == settled) {
                at2 = length;
            }
            double off = Math.abs(length / restLength - 1);
            if (off > worst) {
                worst = off;
                worstSigned = length / restLength - 1;
                worstT = i * DT;
            }
        }
        double at10 = endMass.position().distance(pivot);
        assertTrue(worst <= 0.01, "the chain's length (pivot to end mass) strayed " + String.format("%+.3f", 100 * worstSigned)
                + " % from its built " + restLength + " m at t = " + worstT + " s, allowed 1 %; " + at2 + " m at 2 s, "
                + at10 + " m at 10 s; end mass at " + endMass.position());
    }
}
