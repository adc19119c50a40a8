package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.joint.BallJoint;
import dev.tumble.core.joint.Joint;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ChainTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(WorldSettings.Solver.class)
    void aChainOfTenBoxesOnBallJointsHoldsTogetherWhileItSwings(WorldSettings.Solver solver) {
        World world = new World(WorldSettings.builder().solver(solver).build());
        RigidBody anchor = world.addBody(RigidBody.fixed(new Box(0.2, 0.2, 0.2)).position(0, 12, 0));
        List<Joint> joints = new ArrayList<>();
        RigidBody previous = anchor;
        // Laid out horizontally from the anchor, so it swings down and across.
        double link = 0.5;
        for (int i = 0; i < 10; i++) {
            RigidBody box = world.addBody(RigidBody.dynamic(new Box(link / 2, 0.1, 0.1)).mass(1)
                    .position(0.2 + link / 2 + i * link, 12, 0));
            Vector3d pin = new Vector3d(0.2 + i * link, 12, 0);
            joints.add(world.addJoint(new BallJoint(box, previous, pin)));
            previous = box;
        }
        double worst = 0;
        double lowest = 12;
        for (int step = 0; step < 600; step++) {
            world.step(1 / 60.0);
            for (Joint j : joints) {
                worst = Math.max(worst, j.error());
            }
            lowest = Math.min(lowest, previous.position().y());
        }
        assertTrue(lowest < 9, "the chain swung down, its end reached y = " + lowest);
        assertTrue(worst < 0.01, "joint separation stays under 1 cm, worst " + worst);
    }
}
