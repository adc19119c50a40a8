package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.BodyId;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.event.BodyEvent;
import dev.tumble.core.event.ContactEvent;
import java.util.HashMap;
import java.util.Map;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Begin and end always paired: landing, resting, sleeping, bouncing, and removal mid-contact. */
class ContactEventsTest {
    /** Per pair: +1 on begin, −1 on end; persist only while begun. */
    private static final class Ledger {
        final Map<String, Integer> open = new HashMap<>();
        int begins, ends, persists;

        void read(World world) {
            for (ContactEvent e : world.contactEvents()) {
                String key = e.bodyA() + "/" + e.bodyB();
                int state = open.getOrDefault(key, 0);
                switch (e.type()) {
                    case BEGIN -> {
                        assertEquals(0, state, "begin while already touching: " + key);
                        assertTrue(e.pointCount() > 0);
                        open.put(key, 1);
                        begins++;
                    }
                    case PERSIST -> {
                        assertEquals(1, state, "persist without begin: " + key);
                        persists++;
                    }
                    case END -> {
                        assertEquals(1, state, "end without begin: " + key);
                        open.put(key, 0);
                        ends++;
                    }
                }
            }
        }

        void assertAllClosed() {
            open.forEach((k, v) -> assertEquals(0, v, "pair still open: " + k));
            assertEquals(begins, ends);
        }
    }

    @ParameterizedTest
    @EnumSource(value = WorldSettings.Solver.class, names = "SEQUENTIAL_IMPULSE")
    void aLandingBoxBeginsOncePersistsStaysTouchingAsleepAndEndsWhenRemoved(WorldSettings.Solver solver) {
        World world = new World(WorldSettings.builder().solver(solver).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        RigidBody box = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).mass(1).position(0, 2, 0));
        Ledger ledger = new Ledger();
        boolean slept = false;
        double landingImpulse = 0;
        int landingSteps = 0;
        for (int i = 0; i < 400; i++) {
            world.step(1 / 60.0);
            for (ContactEvent e : world.contactEvents()) {
                // The landing impulse: the begin step and the two after it (a solver may spread
                // the stop over the step it arrives in and the next).
                if (e.type() == ContactEvent.Type.BEGIN || (landingSteps > 0 && landingSteps < 3)) {
                    landingImpulse += e.normalImpulse();
                    landingSteps++;
                }
            }
            for (BodyEvent e : world.bodyEvents()) {
                slept |= e.type() == BodyEvent.Type.SLEEP && e.body().equals(box.id());
            }
            ledger.read(world);
        }
        assertTrue(slept, "the box fell asleep");
        assertFalse(box.isAwake());
        assertEquals(1, ledger.begins, "one landing");
        assertEquals(0, ledger.ends, "falling asleep does not end the contact");
        assertTrue(ledger.persists > 10);
        // Landing from 1.5 m: the impulse stops about m·√(2gh) = 5.4 N·s (plus m·g·dt a step).
        assertTrue(landingImpulse > 3 && landingImpulse < 8, "landing impulse " + landingImpulse);

        BodyId id = box.id();
        world.removeBody(box);
        world.step(1 / 60.0);
        ledger.read(world);
        assertEquals(1, ledger.ends, "removal mid-contact ends the pair with the next step");
        assertTrue(world.contactEvents().stream().anyMatch(e -> e.type() == ContactEvent.Type.END && id.equals(e.bodyA())));
        ledger.assertAllClosed();
    }

    /**
     * The soft step reports the impulse a pair gave over the whole step, all substeps summed: a box
     * dropped 1.5 m onto the ground begins touching in the step it lands, with an impulse of
     * {@code m·√(2gh)} (its momentum) plus that step's weight {@code m·g·dt}; resting, each step
     * reports {@code m·g·dt}.
     */
    @Test
    void theSoftStepsEventsCarryTheWholeStepsImpulse() {
        World world = new World(WorldSettings.builder().solver(WorldSettings.Solver.SEQUENTIAL_IMPULSE).sleepEnabled(false).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).mass(2).position(0, 2, 0));
        double dt = 1 / 60.0, g = 9.81;
        double landing = Double.NaN, resting = Double.NaN;
        for (int i = 0; i < 120; i++) {
            world.step(dt);
            for (ContactEvent e : world.contactEvents()) {
                if (e.type() == ContactEvent.Type.BEGIN) {
                    landing = e.normalImpulse();
                } else if (e.type() == ContactEvent.Type.PERSIST) {
                    resting = e.normalImpulse();
                }
            }
        }
        double expected = 2 * Math.sqrt(2 * g * 1.5) + 2 * g * dt;
        assertEquals(expected, landing, 0.03 * expected, "the landing's impulse, N·s");
        assertEquals(2 * g * dt, resting, 0.001 * 2 * g * dt, "the resting box's weight times the step, N·s");
    }

    /**
     * A ball bouncing on the ground: every begin is paired with an end, and every begin is the step
     * of an impact, carrying its impulse (the soft step's speculative contacts, found the step
     * before the ball arrives, do not begin a pair).
     */
    @ParameterizedTest
    @EnumSource(value = WorldSettings.Solver.class, names = "SEQUENTIAL_IMPULSE")
    void aBouncingBallPairsEveryBeginWithAnEnd(WorldSettings.Solver solver) {
        World world = new World(WorldSettings.builder().solver(solver).sleepEnabled(false).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)).restitution(0.8));
        RigidBody ball = world.addBody(RigidBody.dynamic(new Sphere(0.25)).mass(1).restitution(0.8).position(0, 3, 0));
        Ledger ledger = new Ledger();
        int bounces = 0;
        for (int i = 0; i < 600; i++) {
            world.step(1 / 60.0);
            for (ContactEvent e : world.contactEvents()) {
                if (e.type() == ContactEvent.Type.BEGIN) {
                    assertTrue(e.normalImpulse() > 0, "step " + i + ": a begin without an impact");
                    bounces += ball.velocity().y() > 0.5 ? 1 : 0;
                }
            }
            ledger.read(world);
        }
        assertTrue(ledger.begins >= 3, "it bounced several times: " + ledger.begins);
        assertTrue(bounces >= 3, "the first bounces leave in the step they begin: " + bounces);
        world.removeBody(ball);
        world.step(1 / 60.0);
        ledger.read(world);
        ledger.assertAllClosed();
    }

    @Test
    void aForceWakesASleepingBodyAndReportsIt() {
        World world = new World();
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        RigidBody box = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).mass(1).position(0, 0.5, 0));
        for (int i = 0; i < 300 && box.isAwake(); i++) {
            world.step(1 / 60.0);
        }
        assertFalse(box.isAwake());
        box.addForce(new Vector3d(0, 50, 0));
        world.step(1 / 60.0);
        assertTrue(world.bodyEvents().stream().anyMatch(e -> e.type() == BodyEvent.Type.WAKE && e.body().equals(box.id())));
        assertTrue(box.velocity().y() > 0, "pushed up");
    }
}
