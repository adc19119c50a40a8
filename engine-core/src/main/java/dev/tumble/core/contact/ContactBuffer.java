package dev.tumble.core.contact;

import dev.tumble.core.body.RigidBody;
import java.util.Arrays;
import org.joml.Vector3dc;

/**
 * A reusable list of pooled {@link Contact}s: a world clears it and refills it every step, and
 * once it has grown to the largest contact count seen it allocates nothing more.
 */
public final class ContactBuffer {
    private Contact[] contacts;
    private int size;

    /** An empty buffer with room for 16 contacts (it grows as needed). */
    public ContactBuffer() {
        this(16);
    }

    /**
     * An empty buffer with room for {@code initialCapacity} contacts (it grows as needed).
     *
     * @param initialCapacity the contacts room is made for at first (≥ 0)
     */
    public ContactBuffer(int initialCapacity) {
        if (initialCapacity < 0) {
            throw new IllegalArgumentException("initialCapacity must be >= 0, was " + initialCapacity);
        }
        contacts = new Contact[Math.max(1, initialCapacity)];
    }

    /** Empties the buffer; the pooled contacts are kept for reuse. */
    public void clear() {
        size = 0;
    }

    /** @return the number of contacts in the buffer. */
    public int size() {
        return size;
    }

    /** @return whether the buffer holds no contact. */
    public boolean isEmpty() {
        return size == 0;
    }

    /**
     * @param i the index
     * @return contact {@code i}, {@code 0 ≤ i < size()}.
     */
    public Contact get(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("contact index " + i + " out of [0, " + size + ")");
        }
        return contacts[i];
    }

    /**
     * The backing array; entries {@code [0, size())} are the contacts. For resolvers and other hot
     * loops: do not store it (it is replaced when the buffer grows) and do not write to it.
     *
     * @return the backing array
     */
    public Contact[] array() {
        return contacts;
    }

    /**
     * Adds a contact (taken from the pool), validated as {@link Contact#set(RigidBody, RigidBody,
     * double, double, double, double, double, double, double, double, double)} does; a rejected
     * contact is not added.
     *
     * @param body0 the first body; may be {@code null} only if {@code body1} is not
     * @param body1 the second body, or {@code null} for the static world
     * @param px contact point x, world space, m
     * @param py contact point y, world space, m
     * @param pz contact point z, world space, m
     * @param nx contact normal x, from body 1 towards body 0
     * @param ny contact normal y, from body 1 towards body 0
     * @param nz contact normal z, from body 1 towards body 0
     * @param penetration overlap depth along the normal, m (negative: separated)
     * @param friction Coulomb friction coefficient (≥ 0)
     * @param restitution coefficient of restitution, in [0, 1]
     * @return the added contact
     */
    public Contact add(RigidBody body0, RigidBody body1, double px, double py, double pz, double nx, double ny,
            double nz, double penetration, double friction, double restitution) {
        Contact c = next();
        c.set(body0, body1, px, py, pz, nx, ny, nz, penetration, friction, restitution);
        size++;
        return c;
    }

    /**
     * Adds a contact; vector form of {@link #add(RigidBody, RigidBody, double, double, double, double, double, double, double, double, double)}.
     *
     * @param body0 the first body; may be {@code null} only if {@code body1} is not
     * @param body1 the second body, or {@code null} for the static world
     * @param point the contact point, world space, m
     * @param normal the contact normal, from body 1 towards body 0
     * @param penetration overlap depth along the normal, m (negative: separated)
     * @param friction Coulomb friction coefficient (≥ 0)
     * @param restitution coefficient of restitution, in [0, 1]
     * @return the added contact
     */
    public Contact add(RigidBody body0, RigidBody body1, Vector3dc point, Vector3dc normal, double penetration,
            double friction, double restitution) {
        Contact c = next();
        c.set(body0, body1, point, normal, penetration, friction, restitution);
        size++;
        return c;
    }

    private Contact next() {
        if (size == contacts.length) {
            contacts = Arrays.copyOf(contacts, contacts.length * 2);
        }
        Contact c = contacts[size];
        if (c == null) {
            c = new Contact();
            contacts[size] = c;
        }
        return c;
    }
}
