package dev.tumble.core.event;

import dev.tumble.core.body.BodyId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.joml.Vector3dc;

/**
 * The events of one step, in pooled objects: the lists are cleared and refilled every step and
 * the event objects reused, so a steady simulation allocates nothing for its events.
 */
public final class EventBuffer {
    private final ArrayList<ContactEvent> contactPool = new ArrayList<>();
    private final ArrayList<BodyEvent> bodyPool = new ArrayList<>();
    private final ArrayList<ContactEvent> contacts = new ArrayList<>();
    private final ArrayList<BodyEvent> bodies = new ArrayList<>();
    private final List<ContactEvent> contactView = Collections.unmodifiableList(contacts);
    private final List<BodyEvent> bodyView = Collections.unmodifiableList(bodies);

    /** Empties both lists, keeping the objects for reuse. */
    public void clear() {
        contacts.clear();
        bodies.clear();
    }

    /** Records a contact event. */
    public ContactEvent addContact(ContactEvent.Type type, BodyId a, BodyId b, Vector3dc point, Vector3dc normal,
            double penetration, double normalImpulse, int pointCount) {
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

    /** Adds to the impulse and point count of the last contact event (a pair's further points). */
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

    /** Records a body event. */
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

    /** Moves every event of {@code other} to the end of this buffer (values copied). */
    public void takeFrom(EventBuffer other) {
        for (int i = 0; i < other.contacts.size(); i++) {
            ContactEvent e = other.contacts.get(i);
            addContact(e.type, e.bodyA, e.bodyB, e.point, e.normal, e.penetration, e.normalImpulse, e.pointCount);
        }
        for (int i = 0; i < other.bodies.size(); i++) {
            addBody(other.bodies.get(i).type, other.bodies.get(i).body);
        }
        other.clear();
    }

    /** @return this step's contact events, read-only. */
    public List<ContactEvent> contactEvents() {
        return contactView;
    }

    /** @return this step's body events, read-only. */
    public List<BodyEvent> bodyEvents() {
        return bodyView;
    }
}
