package dev.tumble.core.event;

import dev.tumble.core.body.BodyId;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.RandomAccess;
import org.joml.Vector3dc;

/**
 * The events of one step, in pooled objects: the lists are cleared and refilled every step and
 * the event objects reused, so a steady simulation allocates nothing for its events.
 *
 * <p>Contact events may be deferred ({@link #deferContacts}): their producer then writes them on
 * the first read of {@link #contactEvents()} (through the returned list too), so a game that
 * never reads them does not pay for them.
 */
public final class EventBuffer {
    private final ArrayList<ContactEvent> contactPool = new ArrayList<>();
    private final ArrayList<BodyEvent> bodyPool = new ArrayList<>();
    private final ArrayList<ContactEvent> contacts = new ArrayList<>();
    private final ArrayList<BodyEvent> bodies = new ArrayList<>();
    private final List<ContactEvent> contactView = new SettledView();
    private final List<BodyEvent> bodyView = Collections.unmodifiableList(bodies);
    /** Writes the deferred contact events; null when none are pending. */
    private Runnable pendingContacts;

    /** Empties both lists, keeping the objects for reuse; deferred contact events are dropped. */
    public void clear() {
        contacts.clear();
        bodies.clear();
        pendingContacts = null;
    }

    /**
     * Defers contact events: {@code fill} adds them (with {@link #addContact} and
     * {@link #accumulateLast}), after any already here, when they are first read or
     * {@link #settle settled}. It must read only what stays unchanged until then.
     *
     * @param fill writes the contact events, not null
     * @throws IllegalStateException when contact events are already deferred
     */
    public void deferContacts(Runnable fill) {
        if (fill == null) {
            throw new IllegalArgumentException("fill must not be null");
        }
        if (pendingContacts != null) {
            throw new IllegalStateException("contact events are already deferred");
        }
        pendingContacts = fill;
    }

    /** Writes the deferred contact events now, if any (before what they read changes). */
    public void settle() {
        Runnable fill = pendingContacts;
        if (fill != null) {
            pendingContacts = null;
            fill.run();
        }
    }

    /**
     * Records a contact event.
     *
     * @param type begin, persist or end
     * @param a the first body of the pair
     * @param b the second body of the pair
     * @param point the deepest contact point, world space, m
     * @param normal the normal there, from body B towards body A
     * @param penetration the deepest penetration, m
     * @param normalImpulse the normal impulse between the pair this step, N·s
     * @param pointCount the number of contact points so far
     * @return the recorded event (pooled: valid until the buffer is cleared)
     */
    public ContactEvent addContact(ContactEvent.Type type, BodyId a, BodyId b, Vector3dc point, Vector3dc normal,
            double penetration, double normalImpulse, int pointCount) {
        settle(); // deferred events keep their place before this one
        ContactEvent e;
        if (contacts.size() < contactPool.size()) {
            e = contactPool.get(contacts.size());
        } else {
            e = new ContactEvent();
            contactPool.add(e);
        }
        e.type = type;
        e.bodyA = a;
        e.bodyB = b;
        if (point == null) {
            e.point.zero();
            e.normal.zero();
        } else {
            e.point.set(point);
            e.normal.set(normal);
        }
        e.penetration = penetration;
        e.normalImpulse = normalImpulse;
        e.pointCount = pointCount;
        contacts.add(e);
        return e;
    }

    /**
     * Adds to the impulse and point count of the last contact event (a pair's further points).
     *
     * @param normalImpulse the point's normal impulse, N·s
     * @param point the point, world space, m; kept when it is the deepest
     * @param normal the normal at the point, from body B towards body A
     * @param penetration the point's penetration, m
     */
    public void accumulateLast(double normalImpulse, Vector3dc point, Vector3dc normal, double penetration) {
        ContactEvent e = contacts.get(contacts.size() - 1);
        e.normalImpulse += normalImpulse;
        e.pointCount++;
        if (penetration > e.penetration) {
            e.penetration = penetration;
            e.point.set(point);
            e.normal.set(normal);
        }
    }

    /**
     * Records a body event.
     *
     * @param type what happened to the body
     * @param body the body
     */
    public void addBody(BodyEvent.Type type, BodyId body) {
        BodyEvent e;
        if (bodies.size() < bodyPool.size()) {
            e = bodyPool.get(bodies.size());
        } else {
            e = new BodyEvent();
            bodyPool.add(e);
        }
        e.type = type;
        e.body = body;
        bodies.add(e);
    }

    /**
     * Moves every event of {@code other} to the end of this buffer (values copied).
     *
     * @param other the buffer to take the events from
     */
    public void takeFrom(EventBuffer other) {
        other.settle();
        for (int i = 0; i < other.contacts.size(); i++) {
            ContactEvent e = other.contacts.get(i);
            addContact(e.type, e.bodyA, e.bodyB, e.point, e.normal, e.penetration, e.normalImpulse, e.pointCount);
        }
        for (int i = 0; i < other.bodies.size(); i++) {
            addBody(other.bodies.get(i).type, other.bodies.get(i).body);
        }
        other.clear();
    }

    /** @return this step's contact events, read-only (deferred ones written on first read). */
    public List<ContactEvent> contactEvents() {
        return contactView;
    }

    /** The read-only view of the contact events: settles deferred ones before any read. */
    private final class SettledView extends AbstractList<ContactEvent> implements RandomAccess {
        @Override
        public ContactEvent get(int index) {
            settle();
            return contacts.get(index);
        }

        @Override
        public int size() {
            settle();
            return contacts.size();
        }
    }

    /** @return this step's body events, read-only. */
    public List<BodyEvent> bodyEvents() {
        return bodyView;
    }
}
