package dev.tumble.core.collision.broad;

import dev.tumble.core.collision.CollisionFilter;
import dev.tumble.core.collision.PairCallback;
import dev.tumble.core.collision.shape.Aabb;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * All-pairs broad phase, the oracle for {@link BroadPhase}: the same pair rule (tight boxes
 * overlap, different owners, not both inactive, filters, callback) checked for every pair, O(n²).
 */
public final class BruteForce {
    private final List<Entry> entries = new ArrayList<>();
    private PairCallback callback;

    private static final class Entry {
        int id;
        final Aabb box = new Aabb();
        CollisionFilter filter;
        boolean isStatic, sleeping;
        Object owner;
    }

    /**
     * Sets (or clears) the pair callback.
     *
     * @param cb the callback, or null
     */
    public void pairCallback(PairCallback cb) {
        callback = cb;
    }

    /**
     * Adds an entry under a caller-chosen id.
     *
     * @param id the entry's id
     * @param box the entry's box, m
     * @param filter the entry's filter, or null for the default
     * @param isStatic whether the entry is static (static pairs are not reported)
     * @param owner the caller's object for the entry
     */
    public void add(int id, Aabb box, CollisionFilter filter, boolean isStatic, Object owner) {
        Entry e = new Entry();
        e.id = id;
        e.box.set(box);
        e.filter = filter == null ? CollisionFilter.DEFAULT : filter;
        e.isStatic = isStatic;
        e.owner = owner;
        entries.add(e);
    }

    private Entry find(int id) {
        for (Entry e : entries) {
            if (e.id == id) {
                return e;
            }
        }
        throw new IllegalArgumentException("no entry " + id);
    }

    /**
     * Removes an entry.
     *
     * @param id the entry's id
     */
    public void remove(int id) {
        entries.remove(find(id));
    }

    /**
     * Updates an entry's box.
     *
     * @param id the entry's id
     * @param box the new box, m
     */
    public void move(int id, Aabb box) {
        find(id).box.set(box);
    }

    /**
     * Marks an entry asleep or awake.
     *
     * @param id the entry's id
     * @param asleep whether the entry's body sleeps
     */
    public void sleeping(int id, boolean asleep) {
        find(id).sleeping = asleep;
    }

    /** @return all pairs packed as {@code (lo << 32) | hi}, sorted. */
    public long[] pairs() {
        long[] out = new long[16];
        int n = 0;
        for (int i = 0; i < entries.size(); i++) {
            Entry a = entries.get(i);
            for (int j = i + 1; j < entries.size(); j++) {
                Entry b = entries.get(j);
                boolean activeA = !a.isStatic && !a.sleeping, activeB = !b.isStatic && !b.sleeping;
                if (!activeA && !activeB || a.owner == b.owner || !a.box.overlaps(b.box)
                        || !CollisionFilter.shouldCollide(a.filter, b.filter)) {
                    continue;
                }
                int lo = Math.min(a.id, b.id), hi = Math.max(a.id, b.id);
                Entry el = a.id == lo ? a : b, eh = a.id == lo ? b : a;
                if (callback != null && !callback.shouldCollide(lo, el.owner, hi, eh.owner)) {
                    continue;
                }
                if (n == out.length) {
                    out = Arrays.copyOf(out, 2 * n);
                }
                out[n++] = ((long) lo << 32) | hi;
            }
        }
        long[] r = Arrays.copyOf(out, n);
        Arrays.sort(r);
        return r;
    }
}
