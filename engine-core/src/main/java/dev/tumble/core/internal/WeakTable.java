package dev.tumble.core.internal;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.HashMap;

/**
 * Objects that left a world, by the key they had there (a body's id, a joint's or generator's
 * serial), held weakly: a snapshot restore takes the same object back while the game still holds
 * it, and the table never keeps alive what the game dropped. Entries whose object was collected
 * are dropped as the table is used.
 *
 * @param <T> the kind of object
 */
public final class WeakTable<T> {
    private final HashMap<Long, Entry<T>> entries = new HashMap<>();
    private final ReferenceQueue<T> collected = new ReferenceQueue<>();

    private static final class Entry<T> extends WeakReference<T> {
        final long key;

        Entry(T value, long key, ReferenceQueue<T> queue) {
            super(value, queue);
            this.key = key;
        }
    }

    /**
     * Remembers {@code value} under {@code key}, replacing what was there.
     *
     * @param key the key
     * @param value the object, not null
     */
    public void put(long key, T value) {
        expunge();
        entries.put(key, new Entry<>(value, key, collected));
    }

    /**
     * @param key the key
     * @return the object last put under {@code key}, or null when none was or it was collected
     */
    public T get(long key) {
        expunge();
        Entry<T> e = entries.get(key);
        return e == null ? null : e.get();
    }

    /** @return the number of entries (collected ones not yet dropped included). */
    public int size() {
        return entries.size();
    }

    private void expunge() {
        for (Object r; (r = collected.poll()) != null; ) {
            @SuppressWarnings("unchecked")
            Entry<T> e = (Entry<T>) r;
            entries.remove(e.key, e);
        }
    }
}
