package dev.tumble.core.collision.shape;

import static dev.tumble.core.collision.shape.HullMesh.DEAD;

import java.util.Arrays;

/**
 * The last pass of {@link QuickHull}: merges neighbouring faces that are coplanar within
 * {@code eps} into one polygon, and slivers (faces narrower than eps) into their neighbour, so
 * that a box given by noisy points comes out with six faces. During construction only what
 * rounding cannot tell from a fold is merged; this pass applies the user-facing tolerance.
 */
final class CoplanarFaceMerger {
    private final HullMesh mesh;
    private final double[] p;
    private final double eps;
    private final double diameter; // bounds every edge: a face narrower than eps has area at most 2·eps·diameter

    /**
     * @param mesh the finished hull
     * @param p xyz per point
     * @param eps the coplanarity tolerance (m)
     * @param diameter an upper bound on the distance between two points (m)
     */
    CoplanarFaceMerger(HullMesh mesh, double[] p, double eps, double diameter) {
        this.mesh = mesh;
        this.p = p;
        this.eps = eps;
        this.diameter = diameter;
    }

    /**
     * Merges neighbouring faces that are coplanar within {@code eps} (all vertices of the
     * neighbour within eps of the face's plane), larger faces first so that they absorb slivers
     * rather than be tilted by them. Construction merges only what rounding cannot tell from a
     * fold; this gives the polygon faces the engine wants (a box from noisy points has six).
     */
    void run() {
        int count = 0;
        int[] candidates = new int[mesh.faceTop];
        for (int f = 0; f < mesh.faceTop; f++) {
            if (mesh.state[f] != DEAD) {
                candidates[count++] = f;
            }
        }
        // Later rounds look only at the faces a merge changed: the rest cannot have become flat.
        for (int round = 0; count > 0 && round < 8; round++) {
            touchedCount = 0;
            dropSlivers(candidates, count);
            mergeCoplanar(candidates, count);
            candidates = Arrays.copyOf(touched, touchedCount);
            count = touchedCount;
        }
    }

    private int[] touched = new int[16];
    private int touchedCount;

    private void touch(int f) {
        if (touchedCount == touched.length) {
            touched = Arrays.copyOf(touched, 2 * touchedCount);
        }
        touched[touchedCount++] = f;
    }

    /** Merges each face narrower than eps (all vertices within eps of its longest edge's line) into the face across that edge. */
    private void dropSlivers(int[] candidates, int count) {
        for (int i = 0; i < count; i++) {
            int f = candidates[i];
            if (mesh.state[f] != DEAD && mesh.plane[8 * f + 7] <= 2 * eps * diameter && isSliver(f)) {
                int across = mesh.twin[longestEdge(f)];
                if (mesh.canMerge(mesh.face[across], across)) {
                    touch(merge(mesh.face[across], across));
                }
            }
        }
    }

    private int longestEdge(int f) {
        int e0 = mesh.edgeOf[f], e = e0, longest = e0;
        double best = -1;
        do {
            int a = 3 * mesh.tail(e), b = 3 * mesh.to[e];
            double dx = p[b] - p[a], dy = p[b + 1] - p[a + 1], dz = p[b + 2] - p[a + 2];
            double l = dx * dx + dy * dy + dz * dz;
            if (l > best) {
                best = l;
                longest = e;
            }
            e = mesh.next[e];
        } while (e != e0);
        return longest;
    }

    private boolean isSliver(int f) {
        int longest = longestEdge(f);
        int a = 3 * mesh.tail(longest), b = 3 * mesh.to[longest];
        double ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
        double len2 = ux * ux + uy * uy + uz * uz;
        int e0 = mesh.edgeOf[f], e = e0;
        do {
            int q = 3 * mesh.to[e];
            double wx = p[q] - p[a], wy = p[q + 1] - p[a + 1], wz = p[q + 2] - p[a + 2];
            double cx = uy * wz - uz * wy, cy = uz * wx - ux * wz, cz = ux * wy - uy * wx;
            if (cx * cx + cy * cy + cz * cz > eps * eps * len2) {
                return false;
            }
            e = mesh.next[e];
        } while (e != e0);
        return true;
    }

    /** Merges neighbouring faces coplanar within eps, larger faces first so that they absorb the smaller. */
    private void mergeCoplanar(int[] candidates, int count) {
        // Sort by area, descending, ties by slot: a primitive sort of (area bits, slot) keys.
        // Only faces with a flat neighbour need ordering; finding them in slot order is cache-friendly.
        long[] keys = new long[16];
        int k = 0;
        for (int i = 0; i < count; i++) {
            int f = candidates[i];
            if (mesh.state[f] != DEAD && hasFlatNeighbour(f)) {
                if (k == keys.length) {
                    keys = Arrays.copyOf(keys, 2 * k);
                }
                keys[k++] = (Long.MAX_VALUE - Double.doubleToLongBits(mesh.plane[8 * f + 7])) & ~SLOT_MASK | f;
            }
        }
        Arrays.sort(keys, 0, k);
        for (int i = 0; i < k; i++) {
            int f = (int) (keys[i] & SLOT_MASK);
            boolean merged = true;
            while (merged && mesh.state[f] != DEAD) {
                merged = false;
                int e0 = mesh.edgeOf[f], e = e0;
                do {
                    if (mesh.flatWith(f, mesh.face[mesh.twin[e]]) && mesh.canMerge(f, e)) {
                        f = merge(f, e);
                        touch(f);
                        merged = true;
                        break;
                    }
                    e = mesh.next[e];
                } while (e != e0);
            }
        }
    }

    private static final long SLOT_MASK = (1L << 31) - 1;

    private boolean hasFlatNeighbour(int f) {
        int e0 = mesh.edgeOf[f], e = e0;
        do {
            if (mesh.flatWith(f, mesh.face[mesh.twin[e]])) {
                return true;
            }
            e = mesh.next[e];
        } while (e != e0);
        return false;
    }

    private int merge(int f, int shared) {
        int keep = mesh.merge(f, shared);
        mesh.freeDead();
        return keep;
    }
}
