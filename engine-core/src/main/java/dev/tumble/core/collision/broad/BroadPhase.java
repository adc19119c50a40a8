package dev.tumble.core.collision.broad;

import dev.tumble.core.collision.CollisionFilter;
import dev.tumble.core.collision.PairCallback;
import dev.tumble.core.collision.shape.Aabb;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * The broad phase: proxies (one per shape) in a {@link DynamicAabbTree}, and the candidate pairs
 * of a step. A pair is reported when the proxies' <em>tight</em> boxes overlap, they belong to
 * different owners (bodies), at least one of them is active (neither static nor sleeping — so
 * static–static, sleeping–sleeping and static–sleeping pairs are skipped), their
 * {@link CollisionFilter}s accept each other and the optional {@link PairCallback} agrees.
 * Pairs come out sorted by (lower id, higher id), so the order is deterministic.
 *
 * <p><b>Only what moved.</b> The broad phase keeps a persistent, sorted set of the pairs whose
 * <em>fat</em> boxes overlap. Only proxies whose fat box changed since the last update (added,
 * or moved out of their fat box: the move buffer) query the tree; their new pairs are merged
 * into the set, and pairs whose fat boxes no longer overlap are dropped. Reporting is then a
 * linear pass over the set with the tight-box, activity, filter and callback tests, so a scene
 * at rest costs one pass over its pairs and no tree query. The result is exactly the
 * brute-force pair set ({@link BruteForce}): every tight overlap is a fat overlap, and every fat
 * overlap is in the set since the last time either fat box changed.
 */
public final class BroadPhase {
    /** Default fat-box margin, m. */
    public static final double DEFAULT_MARGIN = 0.1;

    private final DynamicAabbTree tree;
    private double[] tight = new double[6 * 16];
    private CollisionFilter[] filters = new CollisionFilter[16];
    private Object[] owners = new Object[16];
    private boolean[] isStatic = new boolean[16];
    private boolean[] sleeping = new boolean[16];
    private boolean[] live = new boolean[16];
    private PairCallback callback;
    /** Reported pairs of the last update, sorted. */
    private long[] pairs = new long[64];
    private int pairCount;
    /** Persistent pairs whose fat boxes overlap, sorted; {@code spare} is the merge target. */
    private long[] fatPairs = new long[64];
    private long[] spare = new long[64];
    private int fatPairCount;
    /** Pairs found by this update's queries. */
    private long[] found = new long[64];
    private int foundCount;
    /** Proxies whose fat box changed since the last update (each at most once). */
    private int[] moveBuffer = new int[16];
    private int moveCount;
    private boolean[] moved = new boolean[16];
    private final Aabb query = new Aabb();
    private int current;

    /** A broad phase with the {@link #DEFAULT_MARGIN default margin}. */
    public BroadPhase() {
        this(DEFAULT_MARGIN);
    }

    /** @param margin fat-box margin, m (≥ 0) */
    public BroadPhase(double margin) {
        tree = new DynamicAabbTree(margin);
    }

    /** @return the underlying tree (for queries). */
    public DynamicAabbTree tree() {
        return tree;
    }

    /**
     * Sets (or clears with {@code null}) the pair veto callback.
     *
     * @param cb the callback, or {@code null}
     */
    public void pairCallback(PairCallback cb) {
        this.callback = cb;
    }

    /**
     * Adds a proxy.
     *
     * @param aabb tight world box, m
     * @param filter collision filter (null = {@link CollisionFilter#DEFAULT})
     * @param isStaticProxy whether the owner never moves
     * @param owner the owning body (pairs within one owner are skipped); also the user data
     * @return the proxy id
     */
    public int add(Aabb aabb, CollisionFilter filter, boolean isStaticProxy, Object owner) {
        int id = tree.createProxy(aabb, owner);
        ensure(id + 1);
        setTight(id, aabb);
        filters[id] = filter == null ? CollisionFilter.DEFAULT : filter;
        owners[id] = owner;
        isStatic[id] = isStaticProxy;
        sleeping[id] = false;
        live[id] = true;
        markMoved(id);
        return id;
    }

    /**
     * Removes a proxy.
     *
     * @param id the proxy id
     */
    public void remove(int id) {
        tree.destroyProxy(id);
        live[id] = false;
        owners[id] = null;
        markMoved(id); // its pairs must be re-examined (and dropped) by the next update
    }

    /**
     * Updates the tight box (m) of a proxy; {@code dx..dz} is the predicted displacement for the fat box.
     *
     * @param id the proxy id
     * @param aabb the new tight box, m
     * @param dx the predicted displacement x, m
     * @param dy the predicted displacement y, m
     * @param dz the predicted displacement z, m
     */
    public void move(int id, Aabb aabb, double dx, double dy, double dz) {
        setTight(id, aabb);
        if (tree.moveProxy(id, aabb, dx, dy, dz)) {
            markMoved(id);
        }
    }

    private void markMoved(int id) {
        if (moved[id]) {
            return; // already buffered (a removed id that was re-added keeps its entry)
        }
        moved[id] = true;
        if (moveCount == moveBuffer.length) {
            moveBuffer = Arrays.copyOf(moveBuffer, 2 * moveCount);
        }
        moveBuffer[moveCount++] = id;
    }

    /**
     * Marks a proxy asleep or awake.
     *
     * @param id the proxy id
     * @param asleep whether the proxy's body sleeps
     */
    public void sleeping(int id, boolean asleep) {
        sleeping[id] = asleep;
    }

    /**
     * Changes a proxy's filter.
     *
     * @param id the proxy id
     * @param filter the new filter
     */
    public void filter(int id, CollisionFilter filter) {
        filters[id] = filter == null ? CollisionFilter.DEFAULT : filter;
    }

    /**
     * @param id the proxy id
     * @return a proxy's filter.
     */
    public CollisionFilter filter(int id) {
        return filters[id];
    }

    /**
     * @param id the proxy id
     * @return a proxy's owner / user data.
     */
    public Object owner(int id) {
        return owners[id];
    }

    /**
     * Copies a proxy's tight box into {@code dest}.
     *
     * @param id the proxy id
     * @param dest receives the box
     * @return {@code dest}
     */
    public Aabb tightAabb(int id, Aabb dest) {
        int o = 6 * id;
        return dest.set(tight[o], tight[o + 1], tight[o + 2], tight[o + 3], tight[o + 4], tight[o + 5]);
    }

    private void setTight(int id, Aabb a) {
        int o = 6 * id;
        tight[o] = a.minX;
        tight[o + 1] = a.minY;
        tight[o + 2] = a.minZ;
        tight[o + 3] = a.maxX;
        tight[o + 4] = a.maxY;
        tight[o + 5] = a.maxZ;
    }

    private void ensure(int n) {
        if (n <= live.length) {
            return;
        }
        int m = Math.max(n, 2 * live.length);
        tight = Arrays.copyOf(tight, 6 * m);
        filters = Arrays.copyOf(filters, m);
        owners = Arrays.copyOf(owners, m);
        isStatic = Arrays.copyOf(isStatic, m);
        sleeping = Arrays.copyOf(sleeping, m);
        live = Arrays.copyOf(live, m);
        moved = Arrays.copyOf(moved, m);
    }

    private boolean active(int id) {
        return !isStatic[id] && !sleeping[id];
    }

    private final java.util.function.IntPredicate visitor = this::visit;

    /** Proxies of one body never pair: owners are that body, or {@link dev.tumble.core.collision.query.BodyShape}s of it. */
    private static boolean sameOwner(Object a, Object b) {
        if (a == b) {
            return true;
        }
        return a instanceof dev.tumble.core.collision.query.BodyShape x
                && b instanceof dev.tumble.core.collision.query.BodyShape y && x.body() == y.body();
    }

    /** Tree visitor of a moved proxy's query: collects fat-overlap pairs with {@link #current}. */
    private boolean visit(int other) {
        int i = current;
        if (other == i || (isStatic[i] && isStatic[other]) || sameOwner(owners[other], owners[i])) {
            return true;
        }
        if (moved[other] && other < i) {
            return true; // found by other's own query
        }
        if (foundCount == found.length) {
            found = Arrays.copyOf(found, 2 * foundCount);
        }
        found[foundCount++] = i < other ? ((long) i << 32) | other : ((long) other << 32) | i;
        return true;
    }

    /**
     * Recomputes the candidate pairs; read them with {@link #pairCount()}, {@link #pairA}, {@link #pairB}.
     *
     * @return the number of pairs
     */
    public int updatePairs() {
        findNewPairs();
        int n = moveCount > 0 ? mergePairs() : fatPairCount;
        clearMoves();
        return reportPairs(n);
    }

    /**
     * Copies what a step changes into {@code backup}: call as a step begins, then {@link #restore}
     * if the step fails.
     *
     * @param backup receives the copy (its arrays are reused)
     */
    public void save(BroadPhaseBackup backup) {
        tree.save(backup);
        int proxies = live.length;
        backup.tight = BroadPhaseBackup.copy(tight, backup.tight, 6 * proxies);
        backup.sleeping = BroadPhaseBackup.copy(sleeping, backup.sleeping, proxies);
        backup.moved = BroadPhaseBackup.copy(moved, backup.moved, proxies);
        backup.moveBuffer = BroadPhaseBackup.copy(moveBuffer, backup.moveBuffer, moveCount);
        backup.moveCount = moveCount;
        backup.pairs = BroadPhaseBackup.copy(pairs, backup.pairs, pairCount);
        backup.pairCount = pairCount;
        backup.fatPairs = BroadPhaseBackup.copy(fatPairs, backup.fatPairs, fatPairCount);
        backup.fatPairCount = fatPairCount;
    }

    /**
     * Puts back the state {@link #save} copied into {@code backup}, with no proxy added or removed
     * since.
     *
     * @param backup a copy taken by {@link #save}
     */
    public void restore(BroadPhaseBackup backup) {
        tree.restore(backup);
        int proxies = backup.sleeping.length < live.length ? backup.sleeping.length : live.length;
        System.arraycopy(backup.tight, 0, tight, 0, 6 * proxies);
        System.arraycopy(backup.sleeping, 0, sleeping, 0, proxies);
        System.arraycopy(backup.moved, 0, moved, 0, proxies);
        if (moveBuffer.length < backup.moveCount) {
            moveBuffer = new int[backup.moveCount];
        }
        System.arraycopy(backup.moveBuffer, 0, moveBuffer, 0, backup.moveCount);
        moveCount = backup.moveCount;
        System.arraycopy(backup.pairs, 0, pairs, 0, backup.pairCount);
        pairCount = backup.pairCount;
        if (fatPairs.length < backup.fatPairCount) {
            fatPairs = new long[backup.fatPairCount];
        }
        System.arraycopy(backup.fatPairs, 0, fatPairs, 0, backup.fatPairCount);
        fatPairCount = backup.fatPairCount;
    }

    /** Empties the move buffer. */
    private void clearMoves() {
        for (int m = 0; m < moveCount; m++) {
            moved[moveBuffer[m]] = false;
        }
        moveCount = 0;
    }

    /** 1. Only proxies whose fat box changed look for new partners (into {@code found}, sorted). */
    private void findNewPairs() {
        foundCount = 0;
        for (int m = 0; m < moveCount; m++) {
            int i = moveBuffer[m];
            if (!live[i]) {
                continue;
            }
            current = i;
            tree.fatAabb(i, query);
            tree.query(query, visitor);
        }
        Arrays.sort(found, 0, foundCount);
    }

    /**
     * 2. Merges the new pairs into the persistent set, dropping duplicates and pairs no longer
     * valid. A pair neither of whose proxies changed (moved out of its fat box, added, removed) is
     * still valid: only the others are re-tested. (Nothing changed: the set stands as it is, and
     * this is not called.)
     *
     * @return the persistent set's new size
     */
    private int mergePairs() {
        if (spare.length < fatPairCount + foundCount) {
            spare = new long[Math.max(fatPairCount + foundCount, 2 * spare.length)];
        }
        int a = 0, b = 0;
        int n = 0;
        long last = -1;
        while (a < fatPairCount || b < foundCount) {
            long p;
            if (b == foundCount || (a < fatPairCount && fatPairs[a] <= found[b])) {
                p = fatPairs[a++];
            } else {
                p = found[b++];
            }
            if (p != last && (!changed(p) || stillPaired(p))) {
                spare[n++] = p;
            }
            last = p;
        }
        long[] t = fatPairs;
        fatPairs = spare;
        spare = t;
        fatPairCount = n;
        return n;
    }

    /** 3. Reports the first {@code n} persistent pairs that pass the exact tests. */
    private int reportPairs(int n) {
        if (pairs.length < n) {
            pairs = new long[Math.max(n, 2 * pairs.length)];
        }
        pairCount = 0;
        for (int k = 0; k < n; k++) {
            long p = fatPairs[k];
            if (report((int) (p >>> 32), (int) p)) {
                pairs[pairCount++] = p;
            }
        }
        return pairCount;
    }

    /** @return whether either proxy of pair {@code p} changed since the last update. */
    private boolean changed(long p) {
        return moved[(int) (p >>> 32)] || moved[(int) p];
    }

    /** A pair stays in the persistent set while both proxies live, may pair and their fat boxes overlap. */
    private boolean stillPaired(long p) {
        int lo = (int) (p >>> 32), hi = (int) p;
        // An id removed and re-added is checked afresh here: a stale pair is kept only if it is a real one.
        return live[lo] && live[hi] && !(isStatic[lo] && isStatic[hi]) && tree.fatOverlap(lo, hi)
                && !sameOwner(owners[lo], owners[hi]);
    }

    private boolean report(int lo, int hi) {
        if (!active(lo) && !active(hi)) {
            return false;
        }
        int a = 6 * lo, b = 6 * hi;
        if (tight[a] > tight[b + 3] || tight[b] > tight[a + 3] || tight[a + 1] > tight[b + 4] || tight[b + 1] > tight[a + 4]
                || tight[a + 2] > tight[b + 5] || tight[b + 2] > tight[a + 5]) {
            return false;
        }
        if (!CollisionFilter.shouldCollide(filters[lo], filters[hi])) {
            return false;
        }
        return callback == null || callback.shouldCollide(lo, owners[lo], hi, owners[hi]);
    }

    // ------------------------------------------------------------------ snapshots

    /**
     * Writes the broad phase's state (world snapshots): the tree node for node, each proxy's
     * tight box, filter and flags, the proxies still to re-examine, and the persistent pair set.
     * The owners and the pair callback are the caller's: it knows which shape each proxy is.
     *
     * @param out receives the bytes
     * @throws IOException when {@code out} fails
     */
    public void write(DataOutput out) throws IOException {
        TreeCodec.write(tree, out);
        int n = tree.capacity();
        for (int id = 0; id < n; id++) {
            boolean has = id < live.length;
            boolean isLive = has && live[id];
            out.writeByte((isLive ? 1 : 0) | (has && isStatic[id] ? 2 : 0) | (has && sleeping[id] ? 4 : 0));
            if (isLive) {
                for (int k = 0; k < 6; k++) {
                    out.writeDouble(tight[6 * id + k]);
                }
                out.writeInt(filters[id].categoryBits());
                out.writeInt(filters[id].maskBits());
                out.writeInt(filters[id].group());
            }
        }
        out.writeInt(moveCount);
        for (int m = 0; m < moveCount; m++) {
            out.writeInt(moveBuffer[m]);
        }
        out.writeInt(fatPairCount);
        for (int p = 0; p < fatPairCount; p++) {
            out.writeLong(fatPairs[p]);
        }
    }

    /**
     * Reads what {@link #write} wrote into a new broad phase, checking it: the live proxies are
     * exactly the tree's leaves, the boxes are not NaN, the moved proxies are distinct ids, the
     * pairs are sorted and name live (or moved) proxies. Set each live proxy's owner with
     * {@link #owner(int, Object)}, then hand it to {@link #adopt}.
     *
     * @param in supplies the bytes
     * @param margin the fattening margin, m (the world's)
     * @return the broad phase read
     * @throws IOException when the bytes end early
     * @throws IllegalArgumentException naming what is wrong
     */
    public static BroadPhase read(DataInput in, double margin) throws IOException {
        BroadPhase b = new BroadPhase(margin);
        b.tree.adopt(TreeCodec.read(in, margin));
        int n = b.tree.capacity();
        b.ensure(n);
        for (int id = 0; id < n; id++) {
            int flags = in.readUnsignedByte();
            if (flags > 7) {
                throw new IllegalArgumentException("snapshot proxy " + id + " flags must be 0..7, was " + flags);
            }
            b.live[id] = (flags & 1) != 0;
            b.isStatic[id] = (flags & 2) != 0;
            b.sleeping[id] = (flags & 4) != 0;
            if (b.live[id] != b.tree.isLeaf(id)) {
                throw new IllegalArgumentException("snapshot proxy " + id + (b.live[id] ? " is live but not" : " is not live but is")
                        + " a leaf of the tree");
            }
            if (b.live[id]) {
                for (int k = 0; k < 6; k++) {
                    double v = in.readDouble();
                    if (Double.isNaN(v)) {
                        throw new IllegalArgumentException("snapshot proxy " + id + " box must not be NaN");
                    }
                    b.tight[6 * id + k] = v;
                }
                b.filters[id] = new CollisionFilter(in.readInt(), in.readInt(), in.readInt());
            }
        }
        int moves = count(in.readInt(), n, "moved proxy count");
        for (int m = 0; m < moves; m++) {
            int id = in.readInt();
            if (id < 0 || id >= n || b.moved[id]) {
                throw new IllegalArgumentException("snapshot moved proxy " + m + " must be a distinct id 0.." + (n - 1)
                        + ", was " + id);
            }
            b.markMoved(id);
        }
        int pairs = count(in.readInt(), Integer.MAX_VALUE / 2, "pair count");
        long last = -1;
        for (int p = 0; p < pairs; p++) {
            long pair = in.readLong();
            int lo = (int) (pair >>> 32), hi = (int) pair;
            if (pair <= last || lo < 0 || lo >= hi || hi >= n || !(b.live[lo] || b.moved[lo]) || !(b.live[hi] || b.moved[hi])) {
                throw new IllegalArgumentException("snapshot pair " + p + " must be a sorted pair of proxies below " + n
                        + ", was (" + lo + ", " + hi + ")");
            }
            if (b.fatPairCount == b.fatPairs.length) {
                b.fatPairs = Arrays.copyOf(b.fatPairs, 2 * b.fatPairCount);
            }
            b.fatPairs[b.fatPairCount++] = pair;
            last = pair;
        }
        return b;
    }

    private static int count(int v, int max, String what) {
        if (v < 0 || v > max) {
            throw new IllegalArgumentException("snapshot " + what + " must be 0.." + max + ", was " + v);
        }
        return v;
    }

    /**
     * Sets a live proxy's owner (after {@link #read}).
     *
     * @param id the proxy id
     * @param owner the owning body's shape (pairs within one owner are skipped)
     */
    public void owner(int id, Object owner) {
        owners[id] = owner;
        tree.userData(id, owner);
    }

    /**
     * @param id a proxy id
     * @return whether it is a live proxy
     */
    public boolean isLive(int id) {
        return id >= 0 && id < live.length && live[id];
    }

    /** @return one more than the highest proxy id the broad phase can hold now. */
    public int proxyCapacity() {
        return tree.capacity();
    }

    /**
     * Takes over the state of {@code from} (a broad phase just read and given its owners): this
     * broad phase then holds the proxies, boxes, filters and pairs the snapshot held. The pair
     * callback stays this one's.
     *
     * @param from the broad phase read, not used afterwards
     */
    public void adopt(BroadPhase from) {
        tree.adopt(from.tree);
        tight = from.tight;
        filters = from.filters;
        owners = from.owners;
        isStatic = from.isStatic;
        sleeping = from.sleeping;
        live = from.live;
        fatPairs = from.fatPairs;
        spare = new long[fatPairs.length];
        fatPairCount = from.fatPairCount;
        moveBuffer = from.moveBuffer;
        moveCount = from.moveCount;
        moved = from.moved;
        pairCount = 0;
    }

    /** @return the number of pairs whose fat boxes overlap (the persistent set the last update kept). */
    public int fatPairCount() {
        return fatPairCount;
    }

    /** @return the number of pairs found by the last {@link #updatePairs()}. */
    public int pairCount() {
        return pairCount;
    }

    /**
     * @param i the pair index, {@code 0 ≤ i <} the pair count
     * @return the lower proxy id of pair {@code i}.
     */
    public int pairA(int i) {
        return (int) (pairs[i] >>> 32);
    }

    /**
     * @param i the pair index, {@code 0 ≤ i <} the pair count
     * @return the higher proxy id of pair {@code i}.
     */
    public int pairB(int i) {
        return (int) pairs[i];
    }

    /**
     * @param i the pair index, {@code 0 ≤ i <} the pair count
     * @return pair {@code i} packed as {@code (lo << 32) | hi}.
     */
    public long pair(int i) {
        return pairs[i];
    }
}
