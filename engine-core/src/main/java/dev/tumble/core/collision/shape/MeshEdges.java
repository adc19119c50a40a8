package dev.tumble.core.collision.shape;

import java.util.Arrays;

/**
 * Edge adjacency of a triangle mesh and its active-edge masks (see {@link TriangleGeometry#triangle}).
 * Edges are bucketed by their lower vertex (a counting sort) and each bucket sorted by the upper
 * vertex: O(n log n) in the worst case (a fan of every triangle round one vertex), O(n) for
 * ordinary meshes, deterministic, and no hashing.
 */
final class MeshEdges {
    private MeshEdges() {
    }

    /**
     * @param v vertices, three per vertex, m
     * @param idx triangle corners, three per triangle
     * @param vertexCount the number of vertices
     * @param cosAngle cosine of the active-edge angle
     * @return per triangle its mask: bit k set when edge k (a→b, b→c, c→a) is active
     */
    static byte[] activeMasks(double[] v, int[] idx, int vertexCount, double cosAngle) {
        int edges = idx.length;
        int[] start = new int[vertexCount + 1];
        for (int e = 0; e < edges; e++) {
            start[Math.min(idx[e], idx[next(e)]) + 1]++;
        }
        for (int i = 0; i < vertexCount; i++) {
            start[i + 1] += start[i];
        }
        // Per bucket slot: the upper vertex in the high half, the edge in the low half.
        long[] slots = new long[edges];
        int[] fill = Arrays.copyOf(start, vertexCount);
        for (int e = 0; e < edges; e++) {
            int a = idx[e], b = idx[next(e)];
            slots[fill[Math.min(a, b)]++] = ((long) Math.max(a, b) << 32) | e;
        }
        byte[] masks = new byte[edges / 3];
        for (int vtx = 0; vtx < vertexCount; vtx++) {
            int lo = start[vtx], hi = start[vtx + 1];
            if (hi - lo > 1) {
                Arrays.sort(slots, lo, hi);
            }
            int i = lo;
            while (i < hi) {
                int upper = (int) (slots[i] >>> 32);
                int j = i + 1;
                while (j < hi && (int) (slots[j] >>> 32) == upper) {
                    j++;
                }
                if (j - i == 2) {
                    int e1 = (int) slots[i], e2 = (int) slots[i + 1]; // e1 < e2: sorted by edge
                    boolean active = idx[e1] != idx[next(e2)] || shared(v, idx, e1, e2, cosAngle);
                    if (active) {
                        setActive(masks, e1);
                        setActive(masks, e2);
                    }
                } else {
                    // A boundary edge (one triangle) or a non-manifold one (three or more).
                    for (int k = i; k < j; k++) {
                        setActive(masks, (int) slots[k]);
                    }
                }
                i = j;
            }
        }
        return masks;
    }

    /** The mesh index of the edge's second corner: edge {@code e} runs from corner e to corner next(e). */
    private static int next(int e) {
        return e % 3 == 2 ? e - 2 : e + 1;
    }

    private static void setActive(byte[] masks, int e) {
        masks[e / 3] |= (byte) (1 << (e % 3));
    }

    /** {@link Triangles#activeShared} for edges e1 &lt; e2 of two consistently wound triangles. */
    private static boolean shared(double[] v, int[] idx, int e1, int e2, double cosAngle) {
        int t1 = 3 * (e1 / 3), t2 = 3 * (e2 / 3);
        int a1 = 3 * idx[t1], b1 = 3 * idx[t1 + 1], c1 = 3 * idx[t1 + 2];
        int a2 = 3 * idx[t2], b2 = 3 * idx[t2 + 1], c2 = 3 * idx[t2 + 2];
        return Triangles.activeShared(cosAngle,
                v[a1], v[a1 + 1], v[a1 + 2], v[b1], v[b1 + 1], v[b1 + 2], v[c1], v[c1 + 1], v[c1 + 2], e1 % 3,
                v[a2], v[a2 + 1], v[a2 + 2], v[b2], v[b2 + 1], v[b2 + 2], v[c2], v[c2 + 1], v[c2 + 2], e2 % 3);
    }
}
