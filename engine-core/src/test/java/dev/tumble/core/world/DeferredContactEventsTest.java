package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.BodyId;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.event.ContactEvent;
import dev.tumble.core.event.EventBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Begin and persist events carry what is read from the step's contacts only when they are read
 * (World.fillContactEvents). Checked against an oracle built from {@link World#contacts()} and the
 * pairs touching the step before, in a tumbling pile, whether the events are read every step,
 * now and then, or through a list held across steps.
 */
class DeferredContactEventsTest {
    private static final double DT = 1 / 60.0;

    private static World pile(long seed) {
        World world = new World(WorldSettings.builder().sleepEnabled(false).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        Random r = new Random(seed);
        for (int i = 0; i < 24; i++) {
            world.addBody(RigidBody.dynamic(new Box(0.3, 0.3, 0.3)).mass(1)
                    .position(r.nextDouble() * 1.5, 0.4 + 0.7 * i, r.nextDouble() * 1.5)
                    .angularVelocity(r.nextDouble(), r.nextDouble(), r.nextDouble()));
        }
        return world;
    }

    /** One expected event, as text (exact doubles), from the step's collision contacts. */
    private record Expected(List<String> beginOrPersist, Map<String, Boolean> pairs) {
    }

    /**
     * The begin/persist events the step's contacts imply, given the pairs that touched the step
     * before: one per run of a pair's contacts that touched (a point overlapping or carrying a
     * load, so not a run of speculative contacts alone), summed impulse, deepest point.
     */
    private static Expected oracle(World world, Map<String, Boolean> before) {
        List<String> out = new ArrayList<>();
        Map<String, Boolean> now = new HashMap<>();
        List<Contact> contacts = new ArrayList<>();
        for (int c = 0; c < world.contacts().size(); c++) {
            Contact k = world.contacts().get(c);
            if (!k.isJoint()) {
                contacts.add(k);
            }
        }
        for (int from = 0, end; from < contacts.size(); from = end) {
            String pair = pair(contacts.get(from));
            end = from + 1;
            while (end < contacts.size() && pair(contacts.get(end)).equals(pair)) {
                end++;
            }
            double impulse = 0, depth = Double.NEGATIVE_INFINITY;
            boolean touched = false;
            Contact deepest = null;
            for (Contact k : contacts.subList(from, end)) {
                impulse += k.appliedNormalImpulse();
                touched |= k.penetration() >= 0 || k.appliedNormalImpulse() > 0;
                if (k.penetration() > depth) {
                    depth = k.penetration();
                    deepest = k;
                }
            }
            if (touched) {
                now.put(pair, true);
                out.add(text(before.containsKey(pair) ? "PERSIST" : "BEGIN", pair, new Vector3d(deepest.point()),
                        new Vector3d(deepest.normal()), depth, impulse, end - from));
            }
        }
        return new Expected(out, now);
    }

    private static String pair(Contact k) {
        return id(k.body0()) + "/" + id(k.body1());
    }

    private static String id(RigidBody b) {
        return b == null ? "null" : b.id().toString();
    }

    private static String text(String type, String pair, Vector3d p, Vector3d n, double depth, double impulse, int count) {
        return type + " " + pair + " " + p.x + "," + p.y + "," + p.z + " " + n.x + "," + n.y + "," + n.z + " " + depth
                + " " + impulse + " " + count;
    }

    private static String text(ContactEvent e) {
        return text(e.type().name(), e.bodyA() + "/" + e.bodyB(), new Vector3d(e.point()), new Vector3d(e.normal()),
                e.penetration(), e.normalImpulse(), e.pointCount());
    }

    private static List<String> beginOrPersist(List<ContactEvent> events) {
        List<String> out = new ArrayList<>();
        for (ContactEvent e : events) {
            if (e.type() != ContactEvent.Type.END) {
                out.add(text(e));
            }
        }
        return out;
    }

    @Test
    void eventsReadEveryStepMatchTheContactsOracle() {
        World world = pile(3);
        Map<String, Boolean> before = new HashMap<>();
        int persisted = 0;
        for (int i = 0; i < 240; i++) {
            world.step(DT);
            Expected expected = oracle(world, before);
            assertEquals(expected.beginOrPersist(), beginOrPersist(world.contactEvents()), "step " + i);
            persisted += (int) world.contactEvents().stream().filter(e -> e.type() == ContactEvent.Type.PERSIST).count();
            before = expected.pairs();
        }
        assertTrue(persisted > 100, "the pile settled into lasting contacts: " + persisted);
    }

    @Test
    void eventsReadNowAndThenOrThroughAHeldListAreTheSameAsReadEveryStep() {
        World eager = pile(5);
        World lazy = pile(5);
        List<ContactEvent> held = lazy.contactEvents();
        for (int i = 0; i < 200; i++) {
            eager.step(DT);
            lazy.step(DT);
            List<String> expected = new ArrayList<>();
            for (ContactEvent e : eager.contactEvents()) {
                expected.add(text(e));
            }
            if (i % 7 == 3) {
                List<String> got = new ArrayList<>();
                for (ContactEvent e : held) {
                    got.add(text(e));
                }
                assertEquals(expected, got, "step " + i);
            }
        }
        assertEquals(eager.stateHash(), lazy.stateHash(), "reading events changes nothing in the simulation");
    }

    @Test
    void removingABodyAfterAStepKeepsThatStepsEventsAsTheyWere() {
        World world = pile(7);
        for (int i = 0; i < 120; i++) {
            world.step(DT);
        }
        World twin = pile(7);
        for (int i = 0; i < 120; i++) {
            twin.step(DT);
        }
        List<String> expected = new ArrayList<>();
        for (ContactEvent e : twin.contactEvents()) {
            expected.add(text(e));
        }
        RigidBody gone = world.bodies().get(5);
        BodyId id = gone.id();
        world.removeBody(gone);
        List<String> got = new ArrayList<>();
        for (ContactEvent e : world.contactEvents()) {
            got.add(text(e));
        }
        assertEquals(expected, got);
        assertTrue(expected.stream().anyMatch(s -> s.contains(id.toString())), "the removed body was touching");
    }

    @Test
    void theBufferWritesDeferredEventsOnceInPlaceAndDropsThemOnClear() {
        EventBuffer buffer = new EventBuffer();
        int[] runs = {0};
        BodyId a = new BodyId(1, 0);
        BodyId b = new BodyId(2, 0);
        buffer.addContact(ContactEvent.Type.END, a, null, null, null, 0, 0, 0);
        buffer.deferContacts(() -> {
            runs[0]++;
            buffer.addContact(ContactEvent.Type.BEGIN, a, b, new Vector3d(1, 2, 3), new Vector3d(0, 1, 0), 0.1, 2, 1);
        });
        assertThrows(IllegalStateException.class, () -> buffer.deferContacts(() -> { }));
        assertThrows(IllegalArgumentException.class, () -> new EventBuffer().deferContacts(null));
        List<ContactEvent> view = buffer.contactEvents();
        // An event added later still comes after the deferred ones.
        buffer.addContact(ContactEvent.Type.END, b, null, null, null, 0, 0, 0);
        assertEquals(1, runs[0]);
        assertEquals(3, view.size());
        assertEquals(ContactEvent.Type.END, view.get(0).type());
        assertEquals(ContactEvent.Type.BEGIN, view.get(1).type());
        assertSame(b, view.get(2).bodyA());
        assertEquals(1, runs[0], "written once");
        assertThrows(UnsupportedOperationException.class, () -> view.remove(0));

        buffer.clear();
        buffer.deferContacts(() -> runs[0]++);
        buffer.clear();
        assertTrue(view.isEmpty());
        assertEquals(1, runs[0], "cleared before being read: never written");
        assertFalse(view.iterator().hasNext());
    }
}
