package dev.tumble.core.collision.broad;

import dev.tumble.core.collision.shape.Aabb;
import java.util.Arrays;

/**
 * The broad phase: proxies (one per shape) in a {@link DynamicAabbTree}, and the candidate pairs
 * of a step. A pair is reported when the proxies' <em>tight</em> boxes overlap, they belong to
 * different owners (bodies), at least one of them is active (neither static nor sleeping — so
 * static–static, sleeping–sleeping and static–sleeping pairs are skipped), their
 * {@link CollisionFilter}s accept each other and the optional {@link PairCallback} agrees.
 * Pairs come out sorted by (lower id, higher id), so the order is deterministic.
 *
 * <p>Each step the tree is queried with the tight box of every active proxy; the tree's fat
 * boxes only make moves cheap. The result is therefore exactly the brute-force pair set
 * ({@link BruteForce}).
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
    private long[] pairs = new long[64];
    private int pairCount;
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

    /** Sets (or clears with {@code null}) the pair veto callback. */
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
        return id;
    }

    /** Removes a proxy. */
    public void remove(int id) {
        tree.destroyProxy(id);
        live[id] = false;
        owners[id] = null;
    }

    /** Updates the tight box (m) of a proxy; {@code dx..dz} is the predicted displacement for the fat box. */
    public void move(int id, Aabb aabb, double dx, double dy, double dz) {
        setTight(id, aabb);
        tree.moveProxy(id, aabb, dx, dy, dz);
    }

    /** Marks a proxy asleep or awake. */
    public void sleeping(int id, boolean asleep) {
        sleeping[id] = asleep;
    }

    /** Changes a proxy's filter. */
    public void filter(int id, CollisionFilter filter) {
        filters[id] = filter == null ? CollisionFilter.DEFAULT : filter;
    }

    /** @return a proxy's filter. */
    public CollisionFilter filter(int id) {
        return filters[id];
    }

    /** @return a proxy's owner / user data. */
    public Object owner(int id) {
        return owners[id];
    }

    /** Copies a proxy's tight box into {@code dest}. */
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

    private boolean visit(int other) {
        int i = current;
        if (other == i || sameOwner(owners[other], owners[i])) {
            return true;
        }
        if (active(other) && other < i) {
            return true; // reported when visiting from `other`
        }
        int a = 6 * i, b = 6 * other;
        if (tight[a] > tight[b + 3] || tight[b] > tight[a + 3] || tight[a + 1] > tight[b + 4] || tight[b + 1] > tight[a + 4]
                || tight[a + 2] > tight[b + 5] || tight[b + 2] > tight[a + 5]) {
            return true;
        }
        if (!CollisionFilter.shouldCollide(filters[i], filters[other])) {
            return true;
        }
        int lo = Math.min(i, other), hi = Math.max(i, other);
        if (callback != null && !callback.shouldCollide(lo, owners[lo], hi, owners[hi])) {
            return true;
        }
        if (pairCount == pairs.length) {
            pairs = Arrays.copyOf(pairs, 2 * pairs.length);
        }
        pairs[pairCount++] = ((long) lo << 32) | hi;
        return true;
    }

    /** Recomputes the candidate pairs; read them with {@link #pairCount()}, {@link #pairA}, {@link #pairB}. */
    public int updatePairs() {
        pairCount = 0;
        for (int i = 0; i < live.length; i++) {
            if (!live[i] || !active(i)) {
                continue;
            }
            current = i;
            tightAabb(i, query);
            tree.query(query, visitor);
        }
        Arrays.sort(pairs, 0, pairCount);
        return pairCount;
    }

    /** @return the number of pairs found by the last {@link #updatePairs()}. */
    public int pairCount() {
        return pairCount;
    }

    /** @return the lower proxy id of pair {@code i}. */
    public int pairA(int i) {
        return (int) (pairs[i] >>> 32);
    }

    /** @return the higher proxy id of pair {@code i}. */
    public int pairB(int i) {
        return (int) pairs[i];
    }

    /** @return pair {@code i} packed as {@code (lo << 32) | hi}. */
    public long pair(int i) {
        return pairs[i];
    }
}
