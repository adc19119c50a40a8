package dev.tumble.core.collision.broad;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * Writes and reads a {@link DynamicAabbTree} node for node, for world snapshots: a restored tree
 * has the same proxy ids, shape and free list, so queries visit proxies in the same order and new
 * proxies get the same ids. Reading checks the tree is one before anyone uses it.
 */
final class TreeCodec {
    /** Most nodes a snapshot's tree may have (a bound against absurd counts in bad bytes). */
    private static final int MAX_CAPACITY = 1 << 24;
    private static final int NULL = DynamicAabbTree.NULL;

    private TreeCodec() {
    }

    static void write(DynamicAabbTree t, DataOutput out) throws IOException {
        out.writeInt(t.capacity);
        out.writeInt(t.root);
        out.writeInt(t.freeList);
        out.writeInt(t.count);
        for (int i = 0; i < t.capacity; i++) {
            out.writeInt(t.height[i]);
            out.writeInt(t.parent[i]);
            if (t.height[i] >= 0) {
                out.writeInt(t.child1[i]);
                out.writeInt(t.child2[i]);
                for (int k = 0; k < 6; k++) {
                    out.writeDouble(t.box[6 * i + k]);
                }
            }
        }
    }

    /**
     * Reads a tree written by {@link #write} and checks it: every link in range, every internal
     * node the parent of its two children with their union box and height, every allocated node
     * reachable from the root, the free list a chain through the other nodes. The leaves' user
     * data is null until the caller sets it.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    static DynamicAabbTree read(DataInput in, double margin) throws IOException {
        DynamicAabbTree t = new DynamicAabbTree(margin);
        int capacity = in.readInt();
        if (capacity < 1 || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("snapshot tree capacity must be 1.." + MAX_CAPACITY + ", was " + capacity);
        }
        t.capacity = capacity;
        t.box = new double[6 * capacity];
        t.parent = new int[capacity];
        t.child1 = new int[capacity];
        t.child2 = new int[capacity];
        t.height = new int[capacity];
        t.user = new Object[capacity];
        t.root = link(in.readInt(), capacity, "root");
        t.freeList = link(in.readInt(), capacity, "free list");
        t.count = in.readInt();
        int allocated = 0;
        for (int i = 0; i < capacity; i++) {
            int h = in.readInt();
            if (h < -1 || h > 64) {
                throw new IllegalArgumentException("snapshot tree node " + i + " height must be -1..64, was " + h);
            }
            t.height[i] = h;
            t.parent[i] = link(in.readInt(), capacity, "node " + i + " parent");
            t.child1[i] = t.child2[i] = NULL;
            if (h >= 0) {
                allocated++;
                t.child1[i] = link(in.readInt(), capacity, "node " + i + " child");
                t.child2[i] = link(in.readInt(), capacity, "node " + i + " child");
                for (int k = 0; k < 6; k++) {
                    double v = in.readDouble();
                    if (Double.isNaN(v)) {
                        throw new IllegalArgumentException("snapshot tree node " + i + " box must not be NaN");
                    }
                    t.box[6 * i + k] = v;
                }
            }
        }
        if (allocated != t.count) {
            throw new IllegalArgumentException("snapshot tree count must be its " + allocated + " nodes, was " + t.count);
        }
        int reached = 0;
        if (t.root != NULL) {
            if (t.height[t.root] < 0) {
                throw new IllegalArgumentException("snapshot tree root " + t.root + " is a free node");
            }
            reached = reachable(t, t.root, NULL, 0);
        }
        if (reached != allocated) {
            throw new IllegalArgumentException("snapshot tree reaches " + reached + " of its " + allocated + " nodes");
        }
        int free = 0;
        for (int f = t.freeList; f != NULL; f = t.parent[f]) {
            if (t.height[f] != -1 || ++free > capacity - allocated) {
                throw new IllegalArgumentException("snapshot tree free list is malformed at node " + f);
            }
        }
        if (free != capacity - allocated) {
            throw new IllegalArgumentException("snapshot tree free list holds " + free + " of its "
                    + (capacity - allocated) + " free nodes");
        }
        return t;
    }

    private static int link(int v, int capacity, String what) {
        if (v < NULL || v >= capacity) {
            throw new IllegalArgumentException("snapshot tree " + what + " must be -1.." + (capacity - 1) + ", was " + v);
        }
        return v;
    }

    /** Checks the subtree at {@code id} (links, heights, union boxes); @return its node count. */
    private static int reachable(DynamicAabbTree t, int id, int p, int depth) {
        if (depth > 64 || t.height[id] < 0 || t.parent[id] != p) {
            throw new IllegalArgumentException("snapshot tree node " + id + " is not linked from its parent " + p);
        }
        if (t.height[id] == 0) {
            if (t.child1[id] != NULL || t.child2[id] != NULL) {
                throw new IllegalArgumentException("snapshot tree leaf " + id + " has children");
            }
            return 1;
        }
        int c1 = t.child1[id], c2 = t.child2[id];
        if (c1 == NULL || c2 == NULL || t.height[c1] < 0 || t.height[c2] < 0) {
            throw new IllegalArgumentException("snapshot tree node " + id + " must have two allocated children");
        }
        int below = reachable(t, c1, id, depth + 1) + reachable(t, c2, id, depth + 1);
        if (t.height[id] != 1 + Math.max(t.height[c1], t.height[c2])) {
            throw new IllegalArgumentException("snapshot tree node " + id + " height is not its children's + 1");
        }
        for (int k = 0; k < 3; k++) {
            if (t.box[6 * id + k] != Math.min(t.box[6 * c1 + k], t.box[6 * c2 + k])
                    || t.box[6 * id + 3 + k] != Math.max(t.box[6 * c1 + 3 + k], t.box[6 * c2 + 3 + k])) {
                throw new IllegalArgumentException("snapshot tree node " + id + " box is not its children's union");
            }
        }
        return below + 1;
    }
}
