package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.force.Explosion;
import dev.tumble.core.force.ForceGenerator;
import dev.tumble.core.force.Spring;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A force generator or a pair callback that throws ends the step with its exception and leaves
 * the world as it was: the forces the generators added, the bodies' integration (a pair callback
 * runs after it in the book's order) and the sleep islands the step woke are taken back, an
 * explosion's clock does not advance, the last step's events can still be read, and the world
 * then steps on bit for bit as a twin that never met the failure.
 */
class FailedStepTest {
    private static final double DT = 1 / 60.0;

    /** A stack of three held by a spring between its top and bottom, and a pair of boxes asleep beside it. */
    private static World scene(WorldSettings.Solver solver, List<RigidBody> out) {
        World world = new World(WorldSettings.builder().solver(solver).gravity(0, -9.81, 0).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        for (int i = 0; i < 3; i++) {
            out.add(world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(0, 0.5 + i, 0)));
        }
        out.add(world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(6, 0.5, 0)));
        out.add(world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(6, 1.5, 0)));
        world.forces().add(out.get(2), new Spring(out.get(2), new Vector3d(), out.get(0), new Vector3d(), 50, 2));
        for (int i = 0; i < 240; i++) {
            world.step(DT);
        }
        return world;
    }

    @ParameterizedTest
    @EnumSource(WorldSettings.Solver.class)
    void aThrowingGeneratorLeavesTheWorldAsItWasAndItStepsOnAsItsTwin(WorldSettings.Solver solver) {
        List<RigidBody> bodies = new ArrayList<>(), twinBodies = new ArrayList<>();
        World world = scene(solver, bodies);
        World twin = scene(solver, twinBodies);
        assertFalse(bodies.get(3).isAwake() || bodies.get(4).isAwake(), "the far pair sleeps");

        // Between steps the game wakes one body of the sleeping pair and pushes another body.
        for (List<RigidBody> b : List.of(bodies, twinBodies)) {
            b.get(4).setAwake(true);
            b.get(0).addForce(3, 0, 0);
        }
        RuntimeException boom = new IllegalStateException("the game's generator failed");
        ForceGenerator failing = (body, dt) -> {
            body.addForce(0, 1000, 0);
            throw boom;
        };
        world.forces().add(bodies.get(1), failing);
        byte[] before = world.snapshot();
        int contactEvents = world.contactEvents().size(), bodyEvents = world.bodyEvents().size();
        Vector3d force0 = new Vector3d(bodies.get(0).accumulatedForce());
        boolean sleeper = bodies.get(3).isAwake();

        assertSame(boom, assertThrows(IllegalStateException.class, () -> world.step(DT)));

        assertArrayEquals(before, world.snapshot(), "bodies, sleep islands and caches as before the step");
        assertEquals(force0, new Vector3d(bodies.get(0).accumulatedForce()), "the game's own force is kept");
        assertEquals(sleeper, bodies.get(3).isAwake(), "the island the step woke is asleep again");
        assertEquals(contactEvents, world.contactEvents().size(), "last step's contact events");
        assertEquals(bodyEvents, world.bodyEvents().size(), "last step's body events");

        world.forces().removeGenerator(failing);
        for (int i = 0; i < 120; i++) {
            world.step(DT);
            twin.step(DT);
            assertEquals(twin.stateHash(), world.stateHash(), "step " + i + " after the failure");
        }
        assertTrue(bodies.get(4).positionY() > 1, "the stack stands");
    }

    @ParameterizedTest
    @EnumSource(WorldSettings.Solver.class)
    void aThrowingPairCallbackLeavesTheWorldAsItWasAndItStepsOnAsItsTwin(WorldSettings.Solver solver) {
        List<RigidBody> bodies = new ArrayList<>(), twinBodies = new ArrayList<>();
        World world = scene(solver, bodies);
        World twin = scene(solver, twinBodies);
        for (List<RigidBody> b : List.of(bodies, twinBodies)) {
            b.get(4).setAwake(true);
            b.get(0).addForce(3, 0, 0);
        }
        Explosion blast = Explosion.builder().detonation(0, 0, 3).concussion(20, 1, 50, 2).build();
        Explosion twinBlast = Explosion.builder().detonation(0, 0, 3).concussion(20, 1, 50, 2).build();
        world.forces().add(bodies.get(2), blast);
        twin.forces().add(twinBodies.get(2), twinBlast);
        RuntimeException boom = new IllegalStateException("the game's pair callback failed");
        world.pairCallback((a, userA, b, userB) -> {
            throw boom;
        });
        byte[] before = world.snapshot();
        int contactEvents = world.contactEvents().size(), bodyEvents = world.bodyEvents().size();
        Vector3d force0 = new Vector3d(bodies.get(0).accumulatedForce());
        boolean sleeper = bodies.get(3).isAwake();
        double clock = blast.time();

        assertSame(boom, assertThrows(IllegalStateException.class, () -> world.step(DT)));

        assertArrayEquals(before, world.snapshot(), "bodies, sleep islands and caches as before the step");
        assertEquals(force0, new Vector3d(bodies.get(0).accumulatedForce()), "the game's own force is kept");
        assertEquals(sleeper, bodies.get(3).isAwake(), "the island the step woke is asleep again");
        assertEquals(clock, blast.time(), "the explosion's clock");
        assertEquals(contactEvents, world.contactEvents().size(), "last step's contact events");
        assertEquals(bodyEvents, world.bodyEvents().size(), "last step's body events");

        world.pairCallback(null);
        for (int i = 0; i < 120; i++) {
            world.step(DT);
            twin.step(DT);
            assertEquals(twin.stateHash(), world.stateHash(), "step " + i + " after the failure");
        }
        assertEquals(twinBlast.time(), blast.time(), "the clocks agree");
    }
}
