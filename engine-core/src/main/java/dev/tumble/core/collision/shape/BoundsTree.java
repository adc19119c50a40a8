package dev.tumble.core.collision.shape;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A static bounding-volume hierarchy over items given by their boxes (triangles of a
 * {@link TriangleMesh}, blocks of cells of a {@link HeightField}), in flat arrays. Built once by
 * splitting each node's items at the median of their box centres along the longest axis of the
 * centres' spread: O(n log n), depth at most ⌈log₂ n⌉ + 1 whatever the geometry, and the same
 * tree, bit for bit, for the same boxes.
 *
 * <p>Nodes are stored depth first: an internal node's first child follows it, its second child
 * is {@link #first}; a leaf holds {@link #count} items from {@link #items}{@code [first..)}. The
 * shapes run their own traversal loops over these arrays with the stack lent by
 * {@link #acquireStack()}, so a query allocates nothing and shares nothing with another thread.
 */
final class BoundsTree {
    /** Node boxes, six per node: minX, minY, minZ, maxX, maxY, maxZ (shape frame, m). */
    final double[] bounds;
    /** Per node: a leaf's first slot in {@link #items}, or an internal node's second child. */
    final int[] first;
    /** Per node: a leaf's item count (&gt; 0), or −(split axis + 1) for an internal node. */
    final int[] count;
    /** Item indices, grouped by leaf. */
    final int[] items;
    /**
     * The items' own boxes in {@link #items} order, six per slot (min x, y, z, max x, y, z, m), as
     * floats rounded outwards: never smaller than the item's box, next to its neighbours in the leaf,
     * and half the memory of doubles.
     */
    final float[] slotBounds;
    /** Number of nodes; node 0 is the root. */
    final int nodeCount;
    /**
     * How far (m) a ray test grows every node box: the rounding of a slab test must not lose a
     * triangle hit that the exact test would find on the box's surface.
     */
    final double rayPad;

    private final int stackSize;
    private final int[] stack;
    @SuppressWarnings("unused") // set through BUSY
    private volatile int busy;
    private static final VarHandle BUSY;

    static {
        try {
            BUSY = MethodHandles.lookup().findVarHandle(BoundsTree.class, "busy", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Builds the tree.
     *
     * @param itemBounds six values per item (min x, y, z, max x, y, z, m); read, not kept
     * @param n the number of items, ≥ 1
     * @param leafSize the most items in a leaf, ≥ 1
     */
    BoundsTree(double[] itemBounds, int n, int leafSize) {
        items = new int[n];
        for (int i = 0; i < n; i++) {
            items[i] = i;
        }
        // A split leaf holds at least ⌊(leafSize + 1) / 2⌋ items, so the leaves are at most n over that.
        int minLeaf = Math.max(1, (leafSize + 1) / 2);
        int maxNodes = 2 * ((n + minLeaf - 1) / minLeaf);
        double[] b = new double[6 * maxNodes];
        int[] f = new int[maxNodes];
        int[] c = new int[maxNodes];
        Builder builder = new Builder(itemBounds, items, b, f, c, leafSize);
        builder.build(0, n, 0);
        nodeCount = builder.nodes;
        slotBounds = new float[6 * n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 6; k++) {
                double x = itemBounds[6 * items[i] + k];
                float r = (float) x;
                slotBounds[6 * i + k] = k < 3 ? (r > x ? Math.nextDown(r) : r) : (r < x ? Math.nextUp(r) : r);
            }
        }
        bounds = java.util.Arrays.copyOf(b, 6 * nodeCount);
        first = java.util.Arrays.copyOf(f, nodeCount);
        count = java.util.Arrays.copyOf(c, nodeCount);
        stackSize = builder.maxDepth + 2;
        stack = new int[stackSize];
        double scale = 0;
        for (int k = 0; k < 6; k++) {
            scale = Math.max(scale, Math.abs(bounds[k]));
        }
        rayPad = 1e-9 * scale + Double.MIN_NORMAL;
    }

    /**
     * @return a stack deep enough for any traversal of this tree: the tree's own when no other
     *     query holds it, else a new one (a query from another thread, or from inside a visitor)
     */
    int[] acquireStack() {
        return BUSY.compareAndSet(this, 0, 1) ? stack : new int[stackSize];
    }

    /** @param s a stack from {@link #acquireStack()}, given back when the query ends */
    void releaseStack(int[] s) {
        if (s == stack) {
            BUSY.setVolatile(this, 0);
        }
    }

    /** @return whether node {@code node}'s box overlaps the closed box (m). */
    boolean overlaps(int node, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        int k = 6 * node;
        return bounds[k] <= maxX && minX <= bounds[k + 3] && bounds[k + 1] <= maxY && minY <= bounds[k + 4]
                && bounds[k + 2] <= maxZ && minZ <= bounds[k + 5];
    }

    /**
     * @return whether the box of the item in slot {@code slot} of {@link #items} overlaps the closed
     *     box (m); an item whose exact box misses it by less than a float's rounding may pass
     */
    boolean slotOverlaps(int slot, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        int k = 6 * slot;
        float[] b = slotBounds;
        return b[k] <= maxX && minX <= b[k + 3] && b[k + 1] <= maxY && minY <= b[k + 4] && b[k + 2] <= maxZ && minZ <= b[k + 5];
    }

    /**
     * Slab test of the ray {@code o + t·d} ({@code 0 ≤ t ≤ maxT}) against node {@code node}'s box
     * grown by {@link #rayPad}.
     *
     * @return the entry parameter (≥ 0), or −1 on a miss
     */
    double rayEntry(int node, double ox, double oy, double oz, double dx, double dy, double dz, double maxT) {
        int k = 6 * node;
        return Aabb.rayEntry(bounds[k] - rayPad, bounds[k + 1] - rayPad, bounds[k + 2] - rayPad, bounds[k + 3] + rayPad,
                bounds[k + 4] + rayPad, bounds[k + 5] + rayPad, ox, oy, oz, dx, dy, dz, maxT);
    }

    /** The build's working state: recursion over item ranges, nodes allocated depth first. */
    private static final class Builder {
        private final double[] itemBounds;
        private final int[] items;
        private final double[] bounds;
        private final int[] first;
        private final int[] count;
        private final int leafSize;
        int nodes;
        int maxDepth;

        Builder(double[] itemBounds, int[] items, double[] bounds, int[] first, int[] count, int leafSize) {
            this.itemBounds = itemBounds;
            this.items = items;
            this.bounds = bounds;
            this.first = first;
            this.count = count;
            this.leafSize = leafSize;
        }

        /** Builds the subtree over {@code items[lo..hi)}; returns its node. Depth ≤ log₂ n + 1, so recursion is safe. */
        int build(int lo, int hi, int depth) {
            int node = nodes++;
            maxDepth = Math.max(maxDepth, depth);
            if (hi - lo <= leafSize) {
                first[node] = lo;
                count[node] = hi - lo;
                int k = 6 * node;
                bounds[k] = bounds[k + 1] = bounds[k + 2] = Double.POSITIVE_INFINITY;
                bounds[k + 3] = bounds[k + 4] = bounds[k + 5] = Double.NEGATIVE_INFINITY;
                for (int i = lo; i < hi; i++) {
                    int m = 6 * items[i];
                    for (int a = 0; a < 3; a++) {
                        bounds[k + a] = Math.min(bounds[k + a], itemBounds[m + a]);
                        bounds[k + 3 + a] = Math.max(bounds[k + 3 + a], itemBounds[m + 3 + a]);
                    }
                }
                return node;
            }
            int axis = longestCentreAxis(lo, hi);
            int mid = (lo + hi) >>> 1;
            select(lo, hi, mid, axis);
            count[node] = -(axis + 1);
            int left = build(lo, mid, depth + 1);
            int right = build(mid, hi, depth + 1);
            first[node] = right;
            int k = 6 * node, l = 6 * left, r = 6 * right;
            for (int a = 0; a < 3; a++) {
                bounds[k + a] = Math.min(bounds[l + a], bounds[r + a]);
                bounds[k + 3 + a] = Math.max(bounds[l + 3 + a], bounds[r + 3 + a]);
            }
            return node;
        }

        /** The axis along which the items' box centres spread furthest (ties: x before y before z). */
        private int longestCentreAxis(int lo, int hi) {
            double minX = Double.POSITIVE_INFINITY, minY = minX, minZ = minX;
            double maxX = Double.NEGATIVE_INFINITY, maxY = maxX, maxZ = maxX;
            for (int i = lo; i < hi; i++) {
                int m = 6 * items[i];
                double x = itemBounds[m] + itemBounds[m + 3];
                double y = itemBounds[m + 1] + itemBounds[m + 4];
                double z = itemBounds[m + 2] + itemBounds[m + 5];
                minX = Math.min(minX, x);
                maxX = Math.max(maxX, x);
                minY = Math.min(minY, y);
                maxY = Math.max(maxY, y);
                minZ = Math.min(minZ, z);
                maxZ = Math.max(maxZ, z);
            }
            double ex = maxX - minX, ey = maxY - minY, ez = maxZ - minZ;
            return ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
        }

        /** Twice the centre of item {@code item}'s box along {@code axis}: the split key. */
        private double key(int item, int axis) {
            int m = 6 * item + axis;
            return itemBounds[m] + itemBounds[m + 3];
        }

        /** Whether item {@code a} comes before item {@code b}: by key, then by index, a total order. */
        private boolean before(int a, int b, int axis) {
            double ka = key(a, axis), kb = key(b, axis);
            return ka < kb || (ka == kb && a < b);
        }

        /**
         * Quickselect: reorders {@code items[lo..hi)} so that the items before {@code mid} all come
         * before those from {@code mid} on. The order is total, so the two halves are fixed by the
         * input alone. Median-of-three pivots keep sorted and grid input at O(n).
         */
        private void select(int lo, int hi, int mid, int axis) {
            int l = lo, r = hi - 1;
            while (r > l) {
                int m = (l + r) >>> 1;
                if (before(items[m], items[l], axis)) {
                    swap(m, l);
                }
                if (before(items[r], items[l], axis)) {
                    swap(r, l);
                }
                if (before(items[r], items[m], axis)) {
                    swap(r, m);
                }
                int pivot = items[m];
                int i = l, j = r;
                while (i <= j) {
                    while (before(items[i], pivot, axis)) {
                        i++;
                    }
                    while (before(pivot, items[j], axis)) {
                        j--;
                    }
                    if (i <= j) {
                        swap(i, j);
                        i++;
                        j--;
                    }
                }
                if (mid <= j) {
                    r = j;
                } else if (mid >= i) {
                    l = i;
                } else {
                    return;
                }
            }
        }

        private void swap(int i, int j) {
            int t = items[i];
            items[i] = items[j];
            items[j] = t;
        }
    }
}
