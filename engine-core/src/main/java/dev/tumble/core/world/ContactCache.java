package dev.tumble.core.world;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * Remembers last step's contacts, keyed by body pair and feature id, so that this step can tell
 * new contacts (begin) from lasting ones (persist) and vanished ones (end), and so a solver can
 * warm-start from last step's impulses.
 *
 * <p>Entries live in dense arrays in the order the step produced them; a key → entry map
 * (open addressing over the previous step's entries) is rebuilt every step. Iteration never
 * depends on hash order, so events come out in a deterministic order and a snapshot restores
 * the cache exactly. Arrays grow on demand: no allocation once warmed up.
 */
final class ContactCache {
    /** Impulses remembered per entry: normal, tangent 0, tangent 1 (N·s). */
    static final int IMPULSES = 3;

    private Entries previous = new Entries();
    private Entries current = new Entries();
    private int[] table = new int[64];
    private boolean[] matched = new boolean[16];

    /** Starts a step: last step's entries become "previous" and are indexed for lookup. */
    void beginStep() {
        Entries t = previous;
        previous = current;
        current = t;
        current.count = 0;
        int need = Integer.highestOneBit(Math.max(16, previous.count * 2)) << 1;
        if (table.length < need) {
            table = new int[need];
        }
        Arrays.fill(table, -1);
        int mask = table.length - 1;
        for (int i = 0; i < previous.count; i++) {
            int slot = hash(previous.pair[i], previous.feature[i]) & mask;
            while (table[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            table[slot] = i;
        }
        if (matched.length < previous.count) {
            matched = new boolean[Math.max(previous.count, matched.length * 2)];
        }
        Arrays.fill(matched, 0, previous.count, false);
    }

    /**
     * Records a contact of this step.
     *
     * @param pair the ordered body pair key (see {@link #pairKey})
     * @param feature the feature id of the contact point within the pair
     * @return the previous step's entry index for the same key, or −1 when the contact is new
     */
    int add(long pair, long feature, int bodyA, int bodyB) {
        int prev = find(pair, feature);
        int i = current.append(pair, feature, bodyA, bodyB);
        if (prev >= 0 && !matched[prev]) {
            matched[prev] = true;
            System.arraycopy(previous.impulse, prev * IMPULSES, current.impulse, i * IMPULSES, IMPULSES);
            return prev;
        }
        return -1;
    }

    private int find(long pair, long feature) {
        int mask = table.length - 1;
        int slot = hash(pair, feature) & mask;
        while (true) {
            int e = table[slot];
            if (e < 0) {
                return -1;
            }
            if (previous.pair[e] == pair && previous.feature[e] == feature) {
                return e;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** @return how many of this step's contacts were recorded. */
    int currentCount() {
        return current.count;
    }

    /** @return how many contacts the previous step had. */
    int previousCount() {
        return previous.count;
    }

    /** @return whether previous entry {@code i} was seen again this step. */
    boolean matched(int i) {
        return matched[i];
    }

    /** @return body slot A of previous entry {@code i}. */
    int previousBodyA(int i) {
        return previous.bodyA[i];
    }

    /** @return body slot B (−1 for the static world) of previous entry {@code i}. */
    int previousBodyB(int i) {
        return previous.bodyB[i];
    }

    /** @return the pair key of previous entry {@code i}. */
    long previousPair(int i) {
        return previous.pair[i];
    }

    /** @return the feature id of previous entry {@code i}. */
    long previousFeature(int i) {
        return previous.feature[i];
    }

    /** @return remembered impulse {@code k} (0 normal, 1–2 tangents) of current entry {@code i}. */
    double impulse(int i, int k) {
        return current.impulse[i * IMPULSES + k];
    }

    /** Stores impulse {@code k} of current entry {@code i}, for next step's warm start. */
    void setImpulse(int i, int k, double value) {
        current.impulse[i * IMPULSES + k] = value;
    }

    /** Drops this step's entries that involve body slot {@code slot} (a removed body). */
    void removeBody(int slot) {
        int w = 0;
        for (int r = 0; r < current.count; r++) {
            if (current.bodyA[r] == slot || current.bodyB[r] == slot) {
                continue;
            }
            current.copy(r, w++);
        }
        current.count = w;
    }

    /** @return body slot A of current entry {@code i}. */
    int currentBodyA(int i) {
        return current.bodyA[i];
    }

    /** @return body slot B of current entry {@code i}. */
    int currentBodyB(int i) {
        return current.bodyB[i];
    }

    /** Writes this step's entries (the state the next step starts from). */
    void write(DataOutput out) throws IOException {
        out.writeInt(current.count);
        for (int i = 0; i < current.count; i++) {
            out.writeLong(current.pair[i]);
            out.writeLong(current.feature[i]);
            out.writeInt(current.bodyA[i]);
            out.writeInt(current.bodyB[i]);
            for (int k = 0; k < IMPULSES; k++) {
                out.writeDouble(current.impulse[i * IMPULSES + k]);
            }
        }
    }

    /** Reads entries written by {@link #write}, replacing this step's entries. */
    void read(DataInput in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 50_000_000) {
            throw new IllegalArgumentException("snapshot contact count must be 0.." + 50_000_000 + ", was " + n);
        }
        Entries e = new Entries();
        for (int i = 0; i < n; i++) {
            int idx = e.append(in.readLong(), in.readLong(), in.readInt(), in.readInt());
            for (int k = 0; k < IMPULSES; k++) {
                double v = in.readDouble();
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("snapshot contact impulse must be finite, was " + v);
                }
                e.impulse[idx * IMPULSES + k] = v;
            }
        }
        current = e;
        previous.count = 0;
    }

    /** An ordered key for a body pair (slots, −1 for the static world). */
    static long pairKey(int slotA, int slotB) {
        return ((long) slotA << 32) ^ (slotB & 0xFFFFFFFFL);
    }

    private static int hash(long pair, long feature) {
        long h = pair * 0x9E3779B97F4A7C15L ^ (feature + 0x632BE59BD9B4E019L) * 0xC2B2AE3D27D4EB4FL;
        return (int) (h ^ (h >>> 29) ^ (h >>> 47));
    }

    /** Dense, parallel arrays of entries. */
    private static final class Entries {
        int count;
        long[] pair = new long[16];
        long[] feature = new long[16];
        int[] bodyA = new int[16];
        int[] bodyB = new int[16];
        double[] impulse = new double[16 * IMPULSES];

        int append(long p, long f, int a, int b) {
            if (count == pair.length) {
                int n = count * 2;
                pair = Arrays.copyOf(pair, n);
                feature = Arrays.copyOf(feature, n);
                bodyA = Arrays.copyOf(bodyA, n);
                bodyB = Arrays.copyOf(bodyB, n);
                impulse = Arrays.copyOf(impulse, n * IMPULSES);
            }
            pair[count] = p;
            feature[count] = f;
            bodyA[count] = a;
            bodyB[count] = b;
            Arrays.fill(impulse, count * IMPULSES, count * IMPULSES + IMPULSES, 0);
            return count++;
        }

        void copy(int from, int to) {
            pair[to] = pair[from];
            feature[to] = feature[from];
            bodyA[to] = bodyA[from];
            bodyB[to] = bodyB[from];
            System.arraycopy(impulse, from * IMPULSES, impulse, to * IMPULSES, IMPULSES);
        }
    }
}
