package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Sphere;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class WorldRestTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(WorldSettings.Solver.class)
    void aBoxDroppedOnTheGroundRestsWithinAMillimetreAndFallsAsleep(WorldSettings.Solver solver) {
        World world = new World(WorldSettings.builder().solver(solver).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        RigidBody box = world.addBody(RigidBody.dynamic(new Box(0.5, 0.3, 0.4)).mass(2).position(0, 2, 0));
        int stepsToSleep = -1;
        for (int i = 0; i < 600; i++) {
            world.step(1 / 60.0);
            if (stepsToSleep < 0 && !box.isAwake()) {
                stepsToSleep = i;
            }
        }
        assertEquals(0.3, box.position().y(), 1e-3, "resting height: half-extent above the ground");
        assertFalse(box.isAwake(), "the box falls asleep");
        assertTrue(stepsToSleep > 0, "and it was awake while falling");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(WorldSettings.Solver.class)
    void aSphereDroppedOnTheGroundRests(WorldSettings.Solver solver) {
        World world = new World(WorldSettings.builder().solver(solver).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        RigidBody ball = world.addBody(RigidBody.dynamic(new Sphere(0.5)).mass(1).position(0, 3, 0));
        for (int i = 0; i < 300; i++) {
            world.step(1 / 60.0);
        }
        assertEquals(0.5, ball.position().y(), 1e-3);
    }
}
