package dev.tumble.core.force;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.world.World;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A world's force registry takes only that world's bodies: a generator registered on a body of
 * another world (or of none) would push a body the step never integrates, or one stepped by
 * another world from this world's thread.
 */
class ForceRegistryMembershipTest {

    @Test
    void aWorldsForceRegistryRefusesABodyOfAnotherWorldOrOfNone() {
        World world = new World();
        RigidBody member = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)));
        RigidBody stranger = new World().addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)));
        RigidBody loose = RigidBody.dynamic(new Box(0.5, 0.5, 0.5));
        Gravity gravity = new Gravity(new Vector3d(0, -9.81, 0));
        ForceRegistry forces = world.forces();

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> forces.add(stranger, gravity));
        assertTrue(e.getMessage().contains("body") && e.getMessage().contains("another world"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> forces.add(loose, gravity));
        assertTrue(e.getMessage().contains("body") && e.getMessage().contains("not in this world"), e.getMessage());
        assertEquals(0, forces.size(), "nothing registered");

        forces.add(member, gravity);
        assertEquals(1, forces.size());
        // Once removed from the world, the body is refused too.
        world.removeBody(member);
        assertThrows(IllegalArgumentException.class, () -> forces.add(member, gravity));
        assertEquals(0, forces.size());
    }

    @Test
    void aStandaloneRegistryStillTakesAnyBody() {
        ForceRegistry registry = new ForceRegistry();
        registry.add(RigidBody.dynamic(), new Gravity(new Vector3d(0, -9.81, 0)));
        assertEquals(1, registry.size());
    }
}
