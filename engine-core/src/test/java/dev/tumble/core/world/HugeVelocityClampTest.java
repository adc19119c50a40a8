package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import org.junit.jupiter.api.Test;

/**
 * A huge but finite velocity is cut to the speed limit along its own direction, not to zero:
 * its squared length overflows to infinity above about 1.3e154 m/s, and scaling {@code v} by
 * {@code 1 + (k − 1)} loses everything once {@code k} is tiny.
 */
class HugeVelocityClampTest {
    private static final double DT = 1 / 60.0;

    private static World world() {
        return new World(WorldSettings.builder().gravity(0, 0, 0).maxLinearSpeed(100).maxAngularSpeed(20).build());
    }

    private static RigidBody freeBox(World world) {
        // Undamped, so the clamped speed is exactly what the step ends with.
        return world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).damping(1, 1));
    }

    @Test
    void hugeFiniteVelocityIsClampedToTheSpeedLimitAlongItsDirection() {
        World world = world();
        RigidBody overflowing = freeBox(world).velocity(1e200, 0, 0);
        RigidBody diagonal = freeBox(world).position(5, 0, 0).velocity(3e200, -4e200, 0);
        // |v|² is finite here (1e200), but k − 1 rounds to −1.
        RigidBody cancelling = freeBox(world).position(10, 0, 0).velocity(0, 0, -1e100);
        // Even the length itself overflows here.
        RigidBody largest = freeBox(world).position(15, 0, 0).velocity(Double.MAX_VALUE, 0, -Double.MAX_VALUE);
        world.step(DT);
        assertEquals(100, overflowing.velocity().x(), 1e-9);
        assertEquals(100, diagonal.velocity().length(), 1e-9);
        assertEquals(0.6, diagonal.velocity().x() / 100, 1e-12);
        assertEquals(-0.8, diagonal.velocity().y() / 100, 1e-12);
        assertEquals(-100, cancelling.velocity().z(), 1e-9);
        assertEquals(100 * Math.sqrt(0.5), largest.velocity().x(), 1e-9);
        assertEquals(-100 * Math.sqrt(0.5), largest.velocity().z(), 1e-9);
    }

    @Test
    void hugeFiniteAngularVelocityIsClampedToTheSpeedLimitAlongItsAxis() {
        World world = world();
        RigidBody overflowing = freeBox(world).angularVelocity(0, 1e200, 0);
        RigidBody diagonal = freeBox(world).position(5, 0, 0).angularVelocity(0, 4e300, -3e300);
        world.step(DT);
        assertEquals(20, overflowing.angularVelocity().y(), 1e-9);
        assertEquals(20, diagonal.angularVelocity().length(), 1e-9);
        assertEquals(0.8, diagonal.angularVelocity().y() / 20, 1e-12);
        assertEquals(-0.6, diagonal.angularVelocity().z() / 20, 1e-12);
    }
}
