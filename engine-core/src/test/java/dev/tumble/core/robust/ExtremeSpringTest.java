package dev.tumble.core.robust;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.event.BodyEvent;
import dev.tumble.core.force.AnchoredSpring;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A spring far too stiff for its body and the step (1e12 N/m on 1 mg: ω·dt ≈ 1.7e7) blows up as
 * explicit integration must. That is the body's affair: the engine's force generators and its
 * continuous collision must not throw out of {@code step()} on the huge or overflowed values it
 * makes, the body either stays finite or is frozen with a non-finite event, and a box resting
 * beside it is untouched.
 */
class ExtremeSpringTest {
    @ParameterizedTest
    @EnumSource(WorldSettings.Solver.class)
    void aSpringTooStiffForItsBodyFreezesThatBodyAndNothingElse(WorldSettings.Solver solver) {
        World world = new World(WorldSettings.builder().solver(solver).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        world.addBody(RigidBody.fixed(new Sphere(0.1)).position(0, 5, 0));
        RigidBody box = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(5, 0.5, 0));
        RigidBody light = world.addBody(RigidBody.dynamic(new Sphere(0.1)).mass(1e-6).position(0.5, 4, 0));
        world.forces().add(light, new AnchoredSpring(new Vector3d(), new Vector3d(0, 5, 0), 1e12, 0.1));
        boolean frozen = false;
        for (int i = 0; i < 200; i++) {
            assertDoesNotThrow(() -> world.step(1 / 60.0), "step " + i);
            frozen |= world.bodyEvents().stream()
                    .anyMatch(e -> e.type() == BodyEvent.Type.NON_FINITE && e.body().equals(light.id()));
        }
        assertTrue(Double.isFinite(light.positionX() + light.positionY() + light.positionZ()));
        assertEquals(frozen, light.isQuarantined(), "frozen with an event, or not at all");
        assertFalse(box.isQuarantined());
        assertEquals(0.5, box.positionY(), 0.01, "the box beside it rests");
        assertEquals(5, box.positionX(), 0.01);
    }
}
