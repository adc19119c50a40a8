package dev.tumble.core.collision.broad;

import dev.tumble.core.collision.shape.Aabb;
import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * A dynamic bounding-volume hierarchy of fattened AABBs (after Box2D's b2DynamicTree): leaves
 * are inserted next to the sibling that minimises the total increase in surface area, found by a
 * branch-and-bound search over the whole tree (Bittner et al. 2013; a greedy descent builds a
 * looser tree, with more nodes to visit per query), and the path back to the root is re-balanced
 * by AVL-style rotations. Moving a proxy re-inserts it only when its tight box leaves its fat box;
 * the fat box is grown by {@link #margin} and stretched along the predicted displacement.
 *
 * <p>Node ids are stable for the life of a proxy. Storage is struct-of-arrays; no allocation
 * after growth.
 */
public final class DynamicAabbTree {
    static final int NULL = -1;
    /** Fattening margin, m. */
    final double margin;
    /** Multiplier of the displacement used to stretch the fat box. */
    static final double DISPLACEMENT_MULTIPLIER = 2;

    // Package-private for TreeCodec, which writes and reads them for world snapshots.
    double[] box = new double[6 * 16]; // minX minY minZ maxX maxY maxZ
    int[] parent = new int[16], child1 = new int[16], child2 = new int[16], height = new int[16];
    Object[] user = new Object[16];
    int capacity = 16, freeList = 0, root = NULL, count;
    private int[] stack = new int[64];

    /** @param margin fattening margin in m (≥ 0) */
    public DynamicAabbTree(double margin) {
        if (!(margin >= 0) || !Double.isFinite(margin)) {
            throw new IllegalArgumentException("margin must be finite and >= 0, was " + margin);
        }
        this.margin = margin;
        initFree(0);
    }

    /** Copies the nodes into {@code b} (see {@link BroadPhaseBackup}). */
    void save(BroadPhaseBackup b) {
        b.box = BroadPhaseBackup.copy(box, b.box, 6 * capacity);
        b.parent = BroadPhaseBackup.copy(parent, b.parent, capacity);
        b.child1 = BroadPhaseBackup.copy(child1, b.child1, capacity);
        b.child2 = BroadPhaseBackup.copy(child2, b.child2, capacity);
        b.height = BroadPhaseBackup.copy(height, b.height, capacity);
        b.user = BroadPhaseBackup.copy(user, b.user, capacity);
        b.capacity = capacity;
        b.freeList = freeList;
        b.root = root;
        b.count = count;
    }

    /** Puts back the nodes {@link #save} copied; the arrays only ever grew since. */
    void restore(BroadPhaseBackup b) {
        int n = b.capacity;
        System.arraycopy(b.box, 0, box, 0, 6 * n);
        System.arraycopy(b.parent, 0, parent, 0, n);
        System.arraycopy(b.child1, 0, child1, 0, n);
        System.arraycopy(b.child2, 0, child2, 0, n);
        System.arraycopy(b.height, 0, height, 0, n);
        System.arraycopy(b.user, 0, user, 0, n);
        Arrays.fill(user, n, user.length, null);
        capacity = n;
        freeList = b.freeList;
        root = b.root;
        count = b.count;
    }

    private void initFree(int from) {
        for (int i = from; i < capacity - 1; i++) {
            parent[i] = i + 1; // next free
            height[i] = -1;
        }
        parent[capacity - 1] = NULL;
        height[capacity - 1] = -1;
        freeList = from;
    }

    private int allocate() {
        if (freeList == NULL) {
            int old = capacity;
            capacity *= 2;
            box = Arrays.copyOf(box, 6 * capacity);
            parent = Arrays.copyOf(parent, capacity);
            child1 = Arrays.copyOf(child1, capacity);
            child2 = Arrays.copyOf(child2, capacity);
            height = Arrays.copyOf(height, capacity);
            user = Arrays.copyOf(user, capacity);
            initFree(old);
        }
        int id = freeList;
        freeList = parent[id];
        parent[id] = child1[id] = child2[id] = NULL;
        height[id] = 0;
        user[id] = null;
        count++;
        return id;
    }

    private void free(int id) {
        parent[id] = freeList;
        height[id] = -1;
        user[id] = null;
        freeList = id;
        count--;
    }

    /**
     * Creates a leaf for the tight box {@code aabb}; returns its proxy id.
     *
     * @param aabb the tight box, m
     * @param userData the caller's object for the proxy
     * @return the proxy id
     */
    public int createProxy(Aabb aabb, Object userData) {
        int id = allocate();
        setBox(id, aabb.minX - margin, aabb.minY - margin, aabb.minZ - margin, aabb.maxX + margin, aabb.maxY + margin, aabb.maxZ + margin);
        user[id] = userData;
        insertLeaf(id);
        return id;
    }

    /**
     * Removes a proxy.
     *
     * @param id the proxy id
     */
    public void destroyProxy(int id) {
        checkLeaf(id);
        removeLeaf(id);
        free(id);
    }

    /**
     * Updates a proxy's tight box; {@code dx,dy,dz} is the predicted displacement (m) for the next
     * step (may be 0).
     *
     * @param id the proxy id
     * @param aabb the new tight box, m
     * @param dx the predicted displacement x, m
     * @param dy the predicted displacement y, m
     * @param dz the predicted displacement z, m
     * @return {@code true} when the proxy was re-inserted (its fat box changed)
     */
    public boolean moveProxy(int id, Aabb aabb, double dx, double dy, double dz) {
        checkLeaf(id);
        int o = 6 * id;
        if (box[o] <= aabb.minX && box[o + 1] <= aabb.minY && box[o + 2] <= aabb.minZ
                && aabb.maxX <= box[o + 3] && aabb.maxY <= box[o + 4] && aabb.maxZ <= box[o + 5]) {
            return false;
        }
        removeLeaf(id);
        double x0 = aabb.minX - margin, y0 = aabb.minY - margin, z0 = aabb.minZ - margin;
        double x1 = aabb.maxX + margin, y1 = aabb.maxY + margin, z1 = aabb.maxZ + margin;
        dx *= DISPLACEMENT_MULTIPLIER;
        dy *= DISPLACEMENT_MULTIPLIER;
        dz *= DISPLACEMENT_MULTIPLIER;
        if (dx < 0) x0 += dx; else x1 += dx;
        if (dy < 0) y0 += dy; else y1 += dy;
        if (dz < 0) z0 += dz; else z1 += dz;
        setBox(id, x0, y0, z0, x1, y1, z1);
        insertLeaf(id);
        return true;
    }

    private void checkLeaf(int id) {
        if (id < 0 || id >= capacity || height[id] != 0) {
            throw new IllegalArgumentException("not a live proxy id: " + id);
        }
    }

    /**
     * @param id the proxy id
     * @return the user data of a proxy.
     */
    public Object userData(int id) {
        return user[id];
    }

    /**
     * Copies the fat box of a proxy into {@code dest}.
     *
     * @param id the proxy id
     * @param dest receives the box
     * @return {@code dest}
     */
    public Aabb fatAabb(int id, Aabb dest) {
        int o = 6 * id;
        return dest.set(box[o], box[o + 1], box[o + 2], box[o + 3], box[o + 4], box[o + 5]);
    }

    /** @return whether the fat boxes of proxies {@code a} and {@code b} overlap (touching counts). */
    boolean fatOverlap(int a, int b) {
        int p = 6 * a, q = 6 * b;
        return box[p] <= box[q + 3] && box[q] <= box[p + 3] && box[p + 1] <= box[q + 4] && box[q + 1] <= box[p + 4]
                && box[p + 2] <= box[q + 5] && box[q + 2] <= box[p + 5];
    }

    /** @return the height of the tree (0 for a single leaf, −1 when empty). */
    public int height() {
        return root == NULL ? -1 : height[root];
    }

    /** @return the number of nodes (leaves and internal). */
    public int nodeCount() {
        return count;
    }

    private void setBox(int id, double x0, double y0, double z0, double x1, double y1, double z1) {
        int o = 6 * id;
        box[o] = x0;
        box[o + 1] = y0;
        box[o + 2] = z0;
        box[o + 3] = x1;
        box[o + 4] = y1;
        box[o + 5] = z1;
    }

    private void unionInto(int dest, int a, int b) {
        int d = 6 * dest, p = 6 * a, q = 6 * b;
        for (int k = 0; k < 3; k++) {
            box[d + k] = Math.min(box[p + k], box[q + k]);
            box[d + 3 + k] = Math.max(box[p + 3 + k], box[q + 3 + k]);
        }
    }

    private double area(int id) {
        int o = 6 * id;
        double dx = box[o + 3] - box[o], dy = box[o + 4] - box[o + 1], dz = box[o + 5] - box[o + 2];
        return 2 * (dx * dy + dy * dz + dz * dx);
    }

    private double unionArea(int a, int b) {
        int p = 6 * a, q = 6 * b;
        double dx = Math.max(box[p + 3], box[q + 3]) - Math.min(box[p], box[q]);
        double dy = Math.max(box[p + 4], box[q + 4]) - Math.min(box[p + 1], box[q + 1]);
        double dz = Math.max(box[p + 5], box[q + 5]) - Math.min(box[p + 2], box[q + 2]);
        return 2 * (dx * dy + dy * dz + dz * dx);
    }

    private void insertLeaf(int leaf) {
        if (root == NULL) {
            root = leaf;
            parent[leaf] = NULL;
            return;
        }
        int sibling = bestSibling(leaf);
        int oldParent = parent[sibling];
        int newParent = allocate();
        parent[newParent] = oldParent;
        unionInto(newParent, leaf, sibling);
        height[newParent] = height[sibling] + 1;
        child1[newParent] = sibling;
        child2[newParent] = leaf;
        parent[sibling] = newParent;
        parent[leaf] = newParent;
        if (oldParent != NULL) {
            if (child1[oldParent] == sibling) {
                child1[oldParent] = newParent;
            } else {
                child2[oldParent] = newParent;
            }
        } else {
            root = newParent;
        }
        fixUpwards(parent[leaf]);
    }

    private int[] searchNode = new int[64];
    private double[] searchInherited = new double[64];

    /**
     * The node beside which a new leaf costs the least surface area (Bittner et al.'s
     * branch-and-bound search): the cost of pairing with node {@code x} is the area of the new
     * parent box plus the growth of every ancestor of {@code x}; a subtree is skipped when even
     * the leaf's own area on top of the growth inherited so far cannot beat the best found.
     */
    private int bestSibling(int leaf) {
        double leafArea = area(leaf);
        int best = root;
        double bestCost = unionArea(root, leaf);
        int sp = 0;
        searchNode[sp] = root;
        searchInherited[sp++] = 0;
        while (sp > 0) {
            int x = searchNode[--sp];
            double inherited = searchInherited[sp];
            double direct = unionArea(x, leaf);
            double cost = direct + inherited;
            if (cost < bestCost) {
                bestCost = cost;
                best = x;
            }
            if (height[x] > 0) {
                double childInherited = inherited + direct - area(x);
                if (leafArea + childInherited < bestCost) {
                    if (sp + 2 > searchNode.length) {
                        searchNode = Arrays.copyOf(searchNode, 2 * searchNode.length);
                        searchInherited = Arrays.copyOf(searchInherited, 2 * searchInherited.length);
                    }
                    // Depth first, the child that grows less on top: good bounds come early.
                    int c1 = child1[x], c2 = child2[x];
                    boolean firstIsCloser = unionArea(c1, leaf) - area(c1) <= unionArea(c2, leaf) - area(c2);
                    searchNode[sp] = firstIsCloser ? c2 : c1;
                    searchInherited[sp++] = childInherited;
                    searchNode[sp] = firstIsCloser ? c1 : c2;
                    searchInherited[sp++] = childInherited;
                }
            }
        }
        return best;
    }

    private void fixUpwards(int index) {
        while (index != NULL) {
            index = balance(index);
            int c1 = child1[index], c2 = child2[index];
            height[index] = 1 + Math.max(height[c1], height[c2]);
            unionInto(index, c1, c2);
            index = parent[index];
        }
    }

    private void removeLeaf(int leaf) {
        if (leaf == root) {
            root = NULL;
            return;
        }
        int p = parent[leaf];
        int gp = parent[p];
        int sibling = child1[p] == leaf ? child2[p] : child1[p];
        if (gp != NULL) {
            if (child1[gp] == p) {
                child1[gp] = sibling;
            } else {
                child2[gp] = sibling;
            }
            parent[sibling] = gp;
            free(p);
            fixUpwards(gp);
        } else {
            root = sibling;
            parent[sibling] = NULL;
            free(p);
        }
    }

    /** AVL rotation at {@code a} when its children's heights differ by more than one; returns the subtree root. */
    private int balance(int a) {
        if (height[a] < 2) {
            return a;
        }
        int b = child1[a], c = child2[a];
        int diff = height[c] - height[b];
        if (diff > 1) {
            return rotate(a, c, b, true);
        }
        if (diff < -1) {
            return rotate(a, b, c, false);
        }
        return a;
    }

    /** Lifts {@code up} (the taller child of {@code a}) above {@code a}; {@code other} is a's other child. */
    private int rotate(int a, int up, int other, boolean upIsChild2) {
        int f = child1[up], g = child2[up];
        child1[up] = a;
        parent[up] = parent[a];
        parent[a] = up;
        if (parent[up] != NULL) {
            if (child1[parent[up]] == a) {
                child1[parent[up]] = up;
            } else {
                child2[parent[up]] = up;
            }
        } else {
            root = up;
        }
        int keep, give;
        if (height[f] > height[g]) {
            keep = f;
            give = g;
        } else {
            keep = g;
            give = f;
        }
        child2[up] = keep;
        if (upIsChild2) {
            child2[a] = give;
        } else {
            child1[a] = give;
        }
        parent[give] = a;
        unionInto(a, other, give);
        height[a] = 1 + Math.max(height[other], height[give]);
        unionInto(up, a, keep);
        height[up] = 1 + Math.max(height[a], height[keep]);
        return up;
    }

    /**
     * Calls {@code visitor} with every proxy whose fat box overlaps {@code aabb}; stops when it returns false.
     *
     * @param aabb the box to test, m
     * @param visitor called with each proxy id; returns whether to go on
     */
    public void query(Aabb aabb, IntPredicate visitor) {
        if (root == NULL) {
            return;
        }
        int sp = 0;
        stack[sp++] = root;
        while (sp > 0) {
            int id = stack[--sp];
            int o = 6 * id;
            if (box[o] > aabb.maxX || aabb.minX > box[o + 3] || box[o + 1] > aabb.maxY || aabb.minY > box[o + 4]
                    || box[o + 2] > aabb.maxZ || aabb.minZ > box[o + 5]) {
                continue;
            }
            if (height[id] == 0) {
                if (!visitor.test(id)) {
                    return;
                }
            } else {
                if (sp + 2 > stack.length) {
                    stack = Arrays.copyOf(stack, stack.length * 2);
                }
                stack[sp++] = child1[id];
                stack[sp++] = child2[id];
            }
        }
    }

    /** Ray visitor: returns the new maximum parameter (clip), or a negative value to stop. */
    @FunctionalInterface
    public interface RayVisitor {
        /**
         * @param proxy the proxy id
         * @param maxT the ray's current end parameter
         * @return the new {@code maxT} (≤ current) to clip the ray, or negative to stop
         */
        double visit(int proxy, double maxT);
    }

    /**
     * Visits the proxies whose fat boxes the ray {@code o + t·d}, {@code 0 ≤ t ≤ maxT} crosses;
     * the visitor may shorten the ray.
     *
     * @param ox the ray origin x, m
     * @param oy the ray origin y, m
     * @param oz the ray origin z, m
     * @param dx the ray direction x
     * @param dy the ray direction y
     * @param dz the ray direction z
     * @param maxT the largest parameter tested
     * @param visitor called with each proxy crossed
     */
    public void rayCast(double ox, double oy, double oz, double dx, double dy, double dz, double maxT, RayVisitor visitor) {
        if (root == NULL) {
            return;
        }
        // The world sweeps fast bodies with this every step: its scratch is kept, except for a
        // cast started from inside a visitor, which gets its own.
        boolean nested = rayBusy;
        Aabb tmp = nested ? new Aabb() : rayBox;
        int[] st = nested ? new int[Math.max(64, 2 * height() + 4)] : rayStack;
        rayBusy = true;
        try {
            int sp = 0;
            st[sp++] = root;
            while (sp > 0) {
                int id = st[--sp];
                fatAabb(id, tmp);
                if (tmp.rayEntry(ox, oy, oz, dx, dy, dz, maxT) < 0) {
                    continue;
                }
                if (height[id] == 0) {
                    double t = visitor.visit(id, maxT);
                    if (t < 0) {
                        return;
                    }
                    maxT = Math.min(maxT, t);
                } else {
                    if (sp + 2 > st.length) {
                        st = Arrays.copyOf(st, st.length * 2);
                    }
                    st[sp++] = child1[id];
                    st[sp++] = child2[id];
                }
            }
        } finally {
            if (!nested) {
                rayBusy = false;
                rayStack = st;
            }
        }
    }

    /** rayCast's scratch: its stack and box, and whether a cast is under way (a visitor may cast again). */
    private int[] rayStack = new int[64];
    private final Aabb rayBox = new Aabb();
    private boolean rayBusy;

    // ------------------------------------------------------------------ snapshots (see TreeCodec)

    /** @return whether node {@code id} is a live proxy (a leaf). */
    boolean isLeaf(int id) {
        return id >= 0 && id < capacity && height[id] == 0;
    }

    /** @return the number of node slots (allocated or free). */
    int capacity() {
        return capacity;
    }

    /**
     * Sets a leaf's user data (after {@link TreeCodec#read}).
     *
     * @param id a leaf
     * @param userData the caller's object for the proxy
     */
    void userData(int id, Object userData) {
        user[id] = userData;
    }

    /** Takes over {@code from}'s nodes (a tree just read), keeping this tree's margin and scratch. */
    void adopt(DynamicAabbTree from) {
        box = from.box;
        parent = from.parent;
        child1 = from.child1;
        child2 = from.child2;
        height = from.height;
        user = from.user;
        capacity = from.capacity;
        freeList = from.freeList;
        root = from.root;
        count = from.count;
    }

    /**
     * Checks structure, heights and boxes (tests).
     *
     * @return the number of leaves
     */
    public int validate() {
        return root == NULL ? 0 : validate(root, NULL);
    }

    private int validate(int id, int p) {
        if (parent[id] != p) {
            throw new IllegalStateException("bad parent at " + id);
        }
        if (height[id] == 0) {
            return 1;
        }
        int c1 = child1[id], c2 = child2[id];
        if (height[id] != 1 + Math.max(height[c1], height[c2])) {
            throw new IllegalStateException("bad height at " + id);
        }
        for (int k = 0; k < 3; k++) {
            if (box[6 * id + k] != Math.min(box[6 * c1 + k], box[6 * c2 + k])
                    || box[6 * id + 3 + k] != Math.max(box[6 * c1 + 3 + k], box[6 * c2 + 3 + k])) {
                throw new IllegalStateException("bad box at " + id);
            }
        }
        return validate(c1, id) + validate(c2, id);
    }
}
