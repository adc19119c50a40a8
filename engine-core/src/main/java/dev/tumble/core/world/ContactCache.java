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
 * <p>Entries live in dense arrays in the order the step produced them. A contact of this step is
 * matched to the <em>first</em> previous entry with its key (or to none when that one is taken).
 * Steps mostly repeat the previous one's order of pairs, so the entry after the last one matched
 * is looked at first: when it has the contact's pair and no pair came in two runs, the pair's one
 * run (a few entries around it) holds the first entry with the key, if any, and is searched
 * instead (a manifold's points may come in another order from step to step). Otherwise a
 * key → entry map (open addressing over the previous entries, built on the first such miss of a
 * step) answers. At 10,000 bodies the map and its entries outgrow the caches, so the try spares
 * two cache misses per contact. Iteration never depends on hash order, so events come out in a
 * deterministic order and a snapshot restores the cache exactly. Arrays grow on demand: no
 * allocation once warmed up.
 */
final class ContactCache {
    /** Impulses remembered per entry: normal, tangent 0, tangent 1 (N·s). */
    static final int IMPULSES = 3;

    private Entries previous = new Entries();
    private Entries current = new Entries();
    private int[] table = new int[64];
    /** Whether {@link #table} indexes this step's previous entries. */
    private boolean keysIndexed;
    private boolean[] matched = new boolean[16];
    /** Per current entry: whether it took over a previous entry's impulses. */
    private boolean[] found = new boolean[16];
    /** The previous entry tried first for the next contact: the one after the last match. */
    private int cursor;

    /** Starts a step: last step's entries become "previous" (indexed for lookup when needed). */
    void beginStep() {
        Entries t = previous;
        previous = current;
        current = t;
        current.clear(previous.runs);
        keysIndexed = false;
        cursor = 0;
        if (matched.length < previous.count) {
            matched = new boolean[Math.max(previous.count, matched.length * 2)];
        }
        Arrays.fill(matched, 0, previous.count, false);
    }

    /** Indexes every previous entry by key; equal keys probe in entry order, so the first is found first. */
    private void indexKeys() {
        keysIndexed = true;
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
    }

    /**
     * Records a contact of this step.
     *
     * @param pair the ordered body pair key (see {@link #pairKey})
     * @param feature the feature id of the contact point within the pair
     * @return the previous step's entry index for the same key, or −1 when the contact is new
     */
    int add(long pair, long feature) {
        int g = cursor;
        int prev;
        if (g < previous.count && previous.pair[g] == pair && !previous.pairInRuns) {
            prev = findInRun(g, pair, feature);
        } else {
            prev = find(pair, feature);
        }
        if (prev >= 0) {
            cursor = prev + 1;
        }
        int i = current.append(pair, feature);
        if (found.length < current.pair.length) {
            found = Arrays.copyOf(found, current.pair.length);
        }
        found[i] = false;
        if (prev >= 0 && !matched[prev]) {
            matched[prev] = true;
            found[i] = true;
            System.arraycopy(previous.impulse, prev * IMPULSES, current.impulse, i * IMPULSES, IMPULSES);
            return prev;
        }
        return -1;
    }

    /**
     * Stores where current entry {@code i} is, in body A's frame (m), for {@link #matchNearby}.
     */
    void setPoint(int i, double x, double y, double z) {
        current.point[3 * i] = x;
        current.point[3 * i + 1] = y;
        current.point[3 * i + 2] = z;
    }

    /** Whether current entry {@code i} took over a previous entry by its feature id ({@link #add}). */
    boolean foundById(int i) {
        return found[i];
    }

    /**
     * For a current entry that found no previous entry with its feature id: takes over the
     * impulses of the nearest previous entry of the same pair and shapes (the feature key's upper
     * 32 bits) that nothing claimed, if it lies within {@code radius} (m) in body A's frame.
     * Clipping makes the ids of a box's corner flicker between a vertex id and an edge-crossing id
     * when two faces are flush (a tower), so ids alone lose the warm start of a resting stack;
     * the position is what persists (as in Bullet's persistent manifold). Call after every
     * {@link #add} of the step, so id matches take precedence.
     *
     * @return whether a previous entry was taken over
     */
    boolean matchNearby(int i, double radius) {
        if (found[i]) {
            return true;
        }
        long pair = current.pair[i];
        long shapes = current.feature[i] >>> 32;
        int[] pairTable = previous.runTable;
        int mask = pairTable.length - 1;
        int slot = hash(pair, -1) & mask;
        int first = -1;
        while (pairTable[slot] >= 0) {
            int e = pairTable[slot];
            if (previous.pair[e] == pair) {
                first = e;
                break;
            }
            slot = (slot + 1) & mask;
        }
        if (first < 0) {
            return false;
        }
        double x = current.point[3 * i], y = current.point[3 * i + 1], z = current.point[3 * i + 2];
        double best = radius * radius;
        int pick = -1;
        for (int e = first; e < previous.count && previous.pair[e] == pair; e++) {
            if (matched[e] || previous.feature[e] >>> 32 != shapes) {
                continue;
            }
            double dx = previous.point[3 * e] - x, dy = previous.point[3 * e + 1] - y, dz = previous.point[3 * e + 2] - z;
            double d2 = dx * dx + dy * dy + dz * dz;
            if (d2 <= best) {
                best = d2;
                pick = e;
            }
        }
        if (pick < 0) {
            return false;
        }
        matched[pick] = true;
        found[i] = true;
        System.arraycopy(previous.impulse, pick * IMPULSES, current.impulse, i * IMPULSES, IMPULSES);
        return true;
    }

    /**
     * {@link #find} for a pair that has one run of previous entries, {@code g} inside it: the
     * run's first entry with the feature, or −1. Cheaper than the key map when a manifold's points
     * come in another order than last step (carried manifolds hand theirs over deepest first),
     * which in a large world made each lookup a cache miss in the map.
     */
    private int findInRun(int g, long pair, long feature) {
        int e = g;
        while (e > 0 && previous.pair[e - 1] == pair) {
            e--;
        }
        for (; e < previous.count && previous.pair[e] == pair; e++) {
            if (previous.feature[e] == feature) {
                return e;
            }
        }
        return -1;
    }

    private int find(long pair, long feature) {
        if (!keysIndexed) {
            indexKeys();
        }
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
        return slotA(previous.pair[i]);
    }

    /** @return body slot B (−1 for the static world) of previous entry {@code i}. */
    int previousBodyB(int i) {
        return slotB(previous.pair[i]);
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
            if (slotA(current.pair[r]) == slot || slotB(current.pair[r]) == slot) {
                continue;
            }
            current.copy(r, w++);
        }
        current.count = w;
        current.reindex();
    }

    /** @return body slot A of current entry {@code i}. */
    int currentBodyA(int i) {
        return slotA(current.pair[i]);
    }

    /** @return body slot B of current entry {@code i}. */
    int currentBodyB(int i) {
        return slotB(current.pair[i]);
    }

    /** Writes this step's entries (the state the next step starts from). */
    void write(DataOutput out) throws IOException {
        out.writeInt(current.count);
        for (int i = 0; i < current.count; i++) {
            out.writeLong(current.pair[i]);
            out.writeLong(current.feature[i]);
            // The slots again, as the format has them (they are the pair key's halves).
            out.writeInt(slotA(current.pair[i]));
            out.writeInt(slotB(current.pair[i]));
            for (int k = 0; k < IMPULSES; k++) {
                out.writeDouble(current.impulse[i * IMPULSES + k]);
            }
            for (int k = 0; k < 3; k++) {
                out.writeDouble(current.point[3 * i + k]);
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
            long pair = in.readLong();
            long feature = in.readLong();
            int a = in.readInt(), b = in.readInt();
            if (a != slotA(pair) || b != slotB(pair)) {
                throw new IllegalArgumentException("snapshot contact bodies must be the pair's (" + slotA(pair) + ", "
                        + slotB(pair) + "), were (" + a + ", " + b + ")");
            }
            int idx = e.append(pair, feature);
            for (int k = 0; k < IMPULSES; k++) {
                double v = in.readDouble();
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("snapshot contact impulse must be finite, was " + v);
                }
                e.impulse[idx * IMPULSES + k] = v;
            }
            for (int k = 0; k < 3; k++) {
                double v = in.readDouble();
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("snapshot contact point must be finite, was " + v);
                }
                e.point[3 * idx + k] = v;
            }
        }
        current = e;
        previous.clear(0);
        keysIndexed = false;
    }

    /** An ordered key for a body pair (slots, −1 for the static world). */
    static long pairKey(int slotA, int slotB) {
        return ((long) slotA << 32) ^ (slotB & 0xFFFFFFFFL);
    }

    /** @return the first slot of a {@link #pairKey} (−1 for the static world) */
    private static int slotA(long pairKey) {
        return (int) (pairKey >> 32);
    }

    /** @return the second slot of a {@link #pairKey} (−1 for the static world) */
    private static int slotB(long pairKey) {
        return (int) pairKey;
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
        double[] impulse = new double[16 * IMPULSES];
        /** Contact point in body A's frame, m (only where {@link #setPoint} was called). */
        double[] point = new double[16 * 3];
        /** Pair key → first entry of the first run of that pair; open addressing, −1 empty. */
        int[] runTable = emptyTable(64);
        int runs;
        /** First entry of the run the last indexed entry is in. */
        private int runStart;
        /** Whether some pair came in more than one run (then only the key map finds first entries). */
        boolean pairInRuns;

        private static int[] emptyTable(int n) {
            int[] t = new int[n];
            Arrays.fill(t, -1);
            return t;
        }

        /** Empties the entries, with a run table sized for about {@code expected} runs. */
        void clear(int expected) {
            count = 0;
            runs = 0;
            pairInRuns = false;
            int need = Integer.highestOneBit(Math.max(16, expected * 2)) << 1;
            if (runTable.length < need) {
                runTable = new int[need];
            }
            Arrays.fill(runTable, -1);
        }

        /** Rebuilds the run index after entries were moved. */
        void reindex() {
            int n = count;
            clear(runs);
            for (int i = 0; i < n; i++) {
                index(i);
            }
            count = n;
        }

        /** Indexes entry {@code i} (entries before it indexed): the run it starts, if any. */
        private void index(int i) {
            if (i == 0 || pair[i - 1] != pair[i]) {
                runStart = i;
            }
            if (runStart != i) {
                return;
            }
            if (2 * (runs + 1) > runTable.length) {
                // Grown: runs inserted again in entry order, so the first run of a pair is still found first.
                runTable = emptyTable(2 * runTable.length);
                for (int e = 0; e < i; e++) {
                    if (e == 0 || pair[e - 1] != pair[e]) {
                        insertRun(e);
                    }
                }
            }
            runs++;
            insertRun(i);
        }

        private void insertRun(int i) {
            int mask = runTable.length - 1;
            int slot = hash(pair[i], -1) & mask;
            while (runTable[slot] >= 0) {
                if (pair[runTable[slot]] == pair[i]) {
                    pairInRuns = true;
                }
                slot = (slot + 1) & mask;
            }
            runTable[slot] = i;
        }

        int append(long p, long f) {
            if (count == pair.length) {
                int n = count * 2;
                pair = Arrays.copyOf(pair, n);
                feature = Arrays.copyOf(feature, n);
                impulse = Arrays.copyOf(impulse, n * IMPULSES);
                point = Arrays.copyOf(point, n * 3);
            }
            pair[count] = p;
            feature[count] = f;
            int k = count * IMPULSES;
            impulse[k] = 0;
            impulse[k + 1] = 0;
            impulse[k + 2] = 0;
            point[3 * count] = 0;
            point[3 * count + 1] = 0;
            point[3 * count + 2] = 0;
            index(count);
            return count++;
        }

        void copy(int from, int to) {
            pair[to] = pair[from];
            feature[to] = feature[from];
            System.arraycopy(impulse, from * IMPULSES, impulse, to * IMPULSES, IMPULSES);
            System.arraycopy(point, 3 * from, point, 3 * to, 3);
        }
    }
}
