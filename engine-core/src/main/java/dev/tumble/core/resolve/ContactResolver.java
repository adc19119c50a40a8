package dev.tumble.core.resolve;

import dev.tumble.core.contact.Contact;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.world.ResolverSettings;

/**
 * Millington's contact resolver (ch. 14): prepare every contact, then remove penetration worst
 * first (position pass), then remove closing velocity worst first (velocity pass), updating the
 * contacts that share a body after every fix.
 *
 * <p>Implementations: {@link ReferenceContactResolver}, the book's O(n²) scan, and
 * {@link FastContactResolver}, which gives the same bits using per-body contact lists and a
 * priority queue. Neither allocates per call once its internal arrays have grown. Resolvers are
 * not thread-safe.
 */
public interface ContactResolver {
    /**
     * Resolves {@code contacts[0..count)} for a step of {@code duration} seconds: moves and
     * changes the velocities of their bodies and updates the contacts' penetrations and
     * velocities.
     *
     * @param contacts the contacts
     * @param count how many of {@code contacts} to resolve
     * @param duration the step, s
     * @throws IllegalArgumentException if {@code duration} is not finite and positive, or
     *     {@code count} is out of range
     */
    void resolveContacts(Contact[] contacts, int count, double duration);

    /**
     * Resolves every contact of {@code buffer}; see {@link #resolveContacts(Contact[], int, double)}.
     *
     * @param buffer the contacts
     * @param duration the step, s
     */
    default void resolveContacts(ContactBuffer buffer, double duration) {
        resolveContacts(buffer.array(), buffer.size(), duration);
    }

    /** @return the position fixes applied by the last call. */
    int positionIterationsUsed();

    /** @return the impulses applied by the last call. */
    int velocityIterationsUsed();

    /** @return the settings in use. */
    ResolverSettings settings();

    /**
     * Sets an observer (or {@code null} for none) to watch each iteration.
     *
     * @param observer the observer, or {@code null}
     */
    void setObserver(ResolverObserver observer);
}
