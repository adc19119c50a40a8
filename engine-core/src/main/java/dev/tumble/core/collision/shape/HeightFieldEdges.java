package dev.tumble.core.collision.shape;

/**
 * A heightfield triangle's active-edge mask, from its neighbours' heights on the fly. The grid
 * fixes who shares each edge, so no adjacency is stored; the rule is {@link TriangleMesh}'s
 * ({@link Triangles#activeShared}, lower triangle index first), so a field's masks equal those of
 * the mesh of its triangles, bit for bit.
 */
final class HeightFieldEdges {
    /**
     * Per triangle k (0, 1) and edge e (0, 1, 2): the neighbour's cell offset (row, column), its
     * triangle and which of its edges is the shared one.
     */
    private static final int[][] NEIGHBOUR = {
        {0, -1, 1, 1}, {1, 0, 1, 2}, {0, 0, 1, 0},   // k = 0: left side, far (z) side, diagonal
        {0, 0, 0, 2}, {0, 1, 0, 0}, {-1, 0, 0, 1},   // k = 1: diagonal, right side, near (z) side
    };

    private HeightFieldEdges() {
    }

    /** The mask of triangle k of cell (r, c), which exists. */
    static int mask(HeightField f, int r, int c, int k) {
        int mask = 0;
        for (int e = 0; e < 3; e++) {
            int[] n = NEIGHBOUR[3 * k + e];
            int r2 = r + n[0], c2 = c + n[1], k2 = n[2], e2 = n[3];
            if (!f.exists(r2, c2, k2)) {
                mask |= 1 << e; // boundary, or next to a hole
                continue;
            }
            // The lower triangle index goes first: cell order, then k.
            boolean selfFirst = r2 > r || (r2 == r && (c2 > c || (c2 == c && k2 > k)));
            boolean active = selfFirst ? shared(f, r, c, k, e, r2, c2, k2, e2) : shared(f, r2, c2, k2, e2, r, c, k, e);
            if (active) {
                mask |= 1 << e;
            }
        }
        return mask;
    }

    private static boolean shared(HeightField f, int r1, int c1, int k1, int e1, int r2, int c2, int k2, int e2) {
        return Triangles.activeShared(f.cosAngle(),
                f.corner(r1, c1, k1, 0, 0), f.corner(r1, c1, k1, 0, 1), f.corner(r1, c1, k1, 0, 2),
                f.corner(r1, c1, k1, 1, 0), f.corner(r1, c1, k1, 1, 1), f.corner(r1, c1, k1, 1, 2),
                f.corner(r1, c1, k1, 2, 0), f.corner(r1, c1, k1, 2, 1), f.corner(r1, c1, k1, 2, 2), e1,
                f.corner(r2, c2, k2, 0, 0), f.corner(r2, c2, k2, 0, 1), f.corner(r2, c2, k2, 0, 2),
                f.corner(r2, c2, k2, 1, 0), f.corner(r2, c2, k2, 1, 1), f.corner(r2, c2, k2, 1, 2),
                f.corner(r2, c2, k2, 2, 0), f.corner(r2, c2, k2, 2, 1), f.corner(r2, c2, k2, 2, 2), e2);
    }
}
