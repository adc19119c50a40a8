package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.event.BodyEvent;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/** A body whose state turns non-finite is frozen and reported; speeds are clamped. */
class StateGuardTest {
    private static final double DT = 1 / 60.0;

    private static boolean finite(RigidBody b) {
        return b.position().isFinite() && b.velocity().isFinite() && b.angularVelocity().isFinite()
                && Double.isFinite(b.orientation().w() + b.orientation().x() + b.orientation().y() + b.orientation().z());
    }

    @ParameterizedTest
    @EnumSource(WorldSettings.Solver.class)
    void anOverflowingForceQuarantinesOnlyItsBody(WorldSettings.Solver solver) {
        World world = new World(WorldSettings.builder().solver(solver).sleepEnabled(false).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        RigidBody bottom = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).mass(1).position(0, 0.5, 0));
        RigidBody middle = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).mass(1).position(0, 1.5, 0));
        RigidBody top = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).mass(1).position(0, 2.5, 0));
        for (int i = 0; i < 30; i++) {
            world.step(DT);
        }
        // A buggy generator: two finite forces whose sum overflows to infinity.
        boolean[] armed = {true};
        world.forces().add(middle, (body, dt) -> {
            if (armed[0]) {
                body.addForce(1e308, 0, 0);
                body.addForce(1e308, 0, 0);
            }
        });
        Vector3d before = new Vector3d(middle.position());
        world.step(DT);
        armed[0] = false;

        assertTrue(middle.isQuarantined());
        assertTrue(finite(middle));
        assertEquals(before, new Vector3d(middle.position()), "frozen at its last finite pose");
        List<BodyEvent> events = world.bodyEvents();
        assertTrue(events.stream().anyMatch(e -> e.type() == BodyEvent.Type.NON_FINITE && e.body().equals(middle.id())),
                events.toString());
        for (int i = 0; i < 120; i++) {
            world.step(DT);
            assertTrue(finite(bottom) && finite(top) && finite(middle), "step " + i);
        }
        assertEquals(before, new Vector3d(middle.position()), "stays frozen");
        assertFalse(middle.isAwake());
        assertFalse(world.bodyEvents().stream().anyMatch(e -> e.type() == BodyEvent.Type.NON_FINITE));

        // Released, it rejoins the simulation and falls again.
        middle.release();
        for (int i = 0; i < 30; i++) {
            world.step(DT);
        }
        assertFalse(middle.isQuarantined());
        assertTrue(finite(middle));
        assertTrue(middle.position().y() < before.y, "released body moved: y=" + middle.position().y());
    }

    @Test
    void speedsAreClampedToTheSettingsLimits() {
        World world = new World(WorldSettings.builder().gravity(0, 0, 0).maxLinearSpeed(100).maxAngularSpeed(20).build());
        RigidBody b = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).damping(1, 1)
                .velocity(3000, 4000, 0).angularVelocity(0, 0, 500));
        world.step(DT);
        assertEquals(100, b.velocity().length(), 1e-9);
        assertEquals(0.6, b.velocity().x() / 100, 1e-12);
        assertTrue(b.angularVelocity().length() <= 20 + 1e-9, "w=" + b.angularVelocity().length());
        // Below the limit nothing changes.
        RigidBody slow = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).damping(1, 1)
                .position(5, 0, 0).velocity(3, 0, 0));
        world.step(DT);
        assertEquals(3, slow.velocity().x(), 0);
    }

    /** The turn per step is capped (a quarter turn by default): the limit scales with the step. */
    @Test
    void spinIsCappedToAQuarterTurnPerStep() {
        World world = new World(WorldSettings.builder().gravity(0, 0, 0).build());
        RigidBody b = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).damping(1, 1).angularVelocity(0, 80, 0));
        world.step(1 / 60.0);
        assertEquals(0.25 * Math.PI * 60, b.angularVelocity().length(), 1e-9);
        // With steps four times shorter the same spin is a sixteenth of a turn per step: untouched.
        RigidBody c = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).damping(1, 1).position(5, 0, 0)
                .angularVelocity(0, 80, 0));
        world.step(1 / 240.0);
        assertEquals(80, c.angularVelocity().length(), 1e-9);
    }
}
