package dev.tumble.render.app;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class MouseSpringTest {
    private static World world(double gy) {
        return new World(WorldSettings.builder().gravity(0, gy, 0).build());
    }

    @Test
    void aGrabbedBodyIsPulledToTheTargetAndStays() {
        World w = world(-9.81);
        RigidBody box = w.addBody(RigidBody.dynamic(new Box(0.5, 0.25, 0.5)).density(400).position(0, 2, 0).damping(1, 1)
                .canSleep(false)); // a resting body would fall asleep before the last millimetres
        MouseSpring spring = new MouseSpring();
        assertTrue(spring.grab(box, new Vector3d(0, 2.25, 0), 5)); // the top face centre
        spring.target(1, 3, -0.5);
        for (int i = 0; i < 300; i++) { // 5 s
            spring.apply(0, -9.81, 0);
            w.step(1 / 60.0);
        }
        Vector3d grab = spring.grabPoint(new Vector3d());
        assertEquals(0, grab.distance(1, 3, -0.5), 0.01, "grab point at the target, gravity cancelled: " + grab);
        assertTrue(box.velocity().length() < 0.01, "at rest: " + box.velocity());
    }

    @Test
    void theResponseDoesNotDependOnMass() {
        double[] reached = new double[2];
        double[] densities = {100, 5000};
        for (int k = 0; k < 2; k++) {
            World w = world(0);
            RigidBody b = w.addBody(RigidBody.dynamic(new Box(0.3, 0.3, 0.3)).density(densities[k]).damping(1, 1));
            MouseSpring spring = new MouseSpring();
            spring.grab(b, new Vector3d(), 3);
            spring.target(2, 0, 0);
            for (int i = 0; i < 12; i++) {
                spring.apply();
                w.step(1 / 60.0);
            }
            reached[k] = b.position().x();
        }
        assertTrue(reached[0] > 0.3, "moved: " + reached[0]);
        assertEquals(reached[0], reached[1], 1e-9, "same path for light and heavy bodies");
    }

    @Test
    void pullingAtAnOffCentrePointTurnsTheBody() {
        World w = world(0);
        RigidBody b = w.addBody(RigidBody.dynamic(new Box(1, 0.2, 0.2)).damping(1, 1));
        MouseSpring spring = new MouseSpring();
        spring.grab(b, new Vector3d(1, 0, 0), 3); // the +x end
        spring.target(1, 1, 0);
        spring.apply();
        w.step(1 / 60.0);
        assertTrue(b.angularVelocity().z() > 0.1, "spins about +z: " + b.angularVelocity());
    }

    @Test
    void followPlacesTheTargetAtTheGrabDepthAlongTheRay() {
        World w = world(0);
        RigidBody b = w.addBody(RigidBody.dynamic(new Box(1, 1, 1)));
        MouseSpring spring = new MouseSpring();
        spring.grab(b, new Vector3d(0, 1, 0), 4);
        spring.follow(new Vector3d(0, 5, 0), new Vector3d(0.6, -0.8, 0));
        assertEquals(0, spring.target().distance(2.4, 1.8, 0), 1e-12);
        spring.release();
        assertNull(spring.body());
    }

    @Test
    void staticBodiesAreNotGrabbedAndBadSettingsAreRejected() {
        MouseSpring spring = new MouseSpring();
        assertFalse(spring.grab(RigidBody.fixed(new Box(1, 1, 1)), new Vector3d(), 1));
        assertNull(spring.body());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new MouseSpring(0, 1));
        assertTrue(e.getMessage().contains("omega"));
        e = assertThrows(IllegalArgumentException.class, () -> new MouseSpring(5, -1));
        assertTrue(e.getMessage().contains("dampingRatio"));
    }
}
