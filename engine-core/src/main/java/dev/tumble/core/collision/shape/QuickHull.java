package dev.tumble.core.collision.shape;

import java.util.Arrays;

/**
 * Quickhull (Barber, Dobkin &amp; Huhdanpaa 1996) on a half-edge mesh of convex polygon faces,
 * with the face merging that keeps it robust in floating point (as in D. Gregorius, "Implementing
 * Quickhull", GDC 2014); the builder behind {@link ConvexHull}.
 *
 * <p>It starts from a tetrahedron of extreme points and gives every other point to the outside
 * set (conflict list) of one face it lies more than {@code eps} above; points above no face are
 * inside and dropped for good. Then, while some face has an outside set, it takes that set's
 * furthest point (the eye), finds the faces the eye is more than {@code eps} above by a
 * depth-first search over face adjacency that records the horizon in order, replaces those
 * faces by a cone of triangles from the horizon to the eye, merges each new triangle with any
 * neighbour it is not clearly convex with (within {@code eps}: coplanar or folded), and hands the
 * orphaned points of the removed faces to the new faces only. Each point is tested against a
 * few faces each time it is orphaned, which makes the build O(n log n) expected instead of the
 * O(n·faces) of testing every face.
 *
 * <p>Merging is what makes the tolerance safe: faces that the eye sees within {@code eps} of
 * edge-on are not removed, so a new triangle may fold slightly over such a face, or be a sliver;
 * merging the two into one polygon with a fitted (Newell) plane removes the fold before it can
 * grow, and coplanar triangles end up as one polygon face. A merge that would leave a vertex
 * with only two faces removes that vertex (or the triangle around it).
 *
 * <p>Half-edges: {@code to[e]} is the vertex e points to (its tail is {@code to[prev[e]]}),
 * {@code next}/{@code prev} run counter-clockwise seen from outside, {@code twin} is the opposite
 * half-edge and {@code face} its face. Faces have one half-edge, a unit outward normal and
 * offset ({@code n·x = d}), centroid, area and vertex count. Removed faces and half-edges go to
 * free lists and are reused.
 */
final class QuickHull {
    private static final byte DEAD = 0, LIVE = 1, NONCONVEX = 2;

    private final double[] p; // xyz per point, in spatial order
    private final int[] original; // point index in p -> index in the caller's array
    private final int n;
    private final double eps;
    private final double mergeTol; // rounding-level: what convexity can be decided to
    private final double diameter; // bounds every edge length: a face narrower than eps has area at most 2·eps·diameter

    // ---- half-edges
    private int[] to = new int[0], next = new int[0], prev = new int[0], twin = new int[0], face = new int[0];
    private int edgeTop;
    private int[] freeEdges = new int[16];
    private int freeEdgeTop;

    // ---- faces
    private int[] edgeOf = new int[0]; // one half-edge of the face
    private double[] plane = new double[0]; // per face nx, ny, nz, d, centroid xyz, area: one cache line
    private int[] size = new int[0]; // vertex count
    private byte[] state = new byte[0];
    private int[] mark = new int[0]; // visit stamps
    private int[] outside = new int[0]; // first point of the outside set, -1 if none
    private int faceTop;
    private int[] freeFaces = new int[16];
    private int freeFaceTop;

    private final int[] link; // per point: next in its outside set

    /** Point–plane distance evaluations made (for the scaling test). */
    long distanceTests;
    /** Times the visible region was not bounded by one simple loop and had to be grown (for tests). */
    int repairs;
    /** Face merges made (for tests). */
    int merges;

    /** After {@link #build()}: the faces, as loops of point indices, counter-clockwise from outside. */
    int[][] faces;

    // ---- scratch
    private int stamp;
    private int visibleMark;
    private int[] stackEdge = new int[64], stackStop = new int[64];
    private boolean[] stackFresh = new boolean[64];
    private int[] visible = new int[64];
    private int visibleCount;
    private int[] horizon = new int[64]; // half-edges of visible faces with a hidden face across, in order
    private int horizonCount;
    private int[] orphans = new int[64];
    private int orphanCount;
    private int[] work = new int[64];
    private int workTop;
    private int[] newFaces = new int[64];
    private int newFaceCount;
    private final int[] vertexMark; // per point: stamp
    private final int[] outEdge; // per point: a boundary half-edge leaving it (repair only)

    QuickHull(double[] points, int n, double eps) {
        this.n = n;
        this.eps = eps;
        double mx = 0, my = 0, mz = 0;
        for (int i = 0; i < n; i++) {
            mx = Math.max(mx, Math.abs(points[3 * i]));
            my = Math.max(my, Math.abs(points[3 * i + 1]));
            mz = Math.max(mz, Math.abs(points[3 * i + 2]));
        }
        original = spatialOrder(points, n, mx, my, mz);
        p = new double[3 * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(points, 3 * original[i], p, 3 * i, 3);
        }
        mergeTol = 3 * 0x1p-52 * (mx + my + mz);
        diameter = 2 * Math.sqrt(mx * mx + my * my + mz * mz);
        link = new int[n];
        vertexMark = new int[n];
        outEdge = new int[n];
        int faces = Math.max(16, Math.min(2 * n, 1 << 16));
        growFaces(faces);
        growEdges(3 * faces);
    }

    /**
     * The points sorted along a Z-order (Morton) curve over their bounding box, ties by index. An
     * outside set holds points near each other, so this keeps them near in memory too: the build
     * is bound by cache misses on the points, not by arithmetic. Identity past 2^21 points.
     */
    private static int[] spatialOrder(double[] p, int n, double mx, double my, double mz) {
        int[] order = new int[n];
        if (n >= 1 << 21) {
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            return order;
        }
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = interleave(cell(p[3 * i], mx)) << 2 | interleave(cell(p[3 * i + 1], my)) << 1
                    | interleave(cell(p[3 * i + 2], mz));
            keys[i] = keys[i] << 21 | i;
        }
        Arrays.sort(keys);
        for (int i = 0; i < n; i++) {
            order[i] = (int) (keys[i] & ((1 << 21) - 1));
        }
        return order;
    }

    /** The 14-bit cell of coordinate c in [-m, m]. */
    private static long cell(double c, double m) {
        return m > 0 ? Math.min((1 << 14) - 1, (long) ((c / m + 1) * (1 << 13))) : 0;
    }

    /** Spreads the low 14 bits of v to every third bit. */
    private static long interleave(long v) {
        long r = 0;
        for (int b = 0; b < 14; b++) {
            r |= (v >> b & 1) << 3 * b;
        }
        return r;
    }

    /** Builds the hull into {@link #faces}. */
    void build() {
        initialTetrahedron();
        while (workTop > 0) {
            int f = work[--workTop];
            if (state[f] == DEAD || outside[f] < 0) {
                continue;
            }
            // The furthest point of the outside set, against the face's current plane (merges move it).
            int eye = -1;
            double best = eps;
            for (int q = outside[f]; q >= 0; q = link[q]) {
                double d = dist(f, q);
                if (d > best) {
                    best = d;
                    eye = q;
                }
            }
            if (eye < 0) {
                outside[f] = -1; // nothing clearly outside any more
                continue;
            }
            addPoint(eye, f);
        }
        flatten();
        collect();
    }

    // ---------------------------------------------------------------- initial tetrahedron

    private void initialTetrahedron() {
        int i0 = 0;
        for (int i = 1; i < n; i++) {
            if (p[3 * i] < p[3 * i0]) {
                i0 = i;
            }
        }
        int i1 = -1;
        double best = eps * eps;
        for (int i = 0; i < n; i++) {
            double dx = p[3 * i] - p[3 * i0], dy = p[3 * i + 1] - p[3 * i0 + 1], dz = p[3 * i + 2] - p[3 * i0 + 2];
            double d = dx * dx + dy * dy + dz * dz;
            if (d > best) {
                best = d;
                i1 = i;
            }
        }
        if (i1 < 0) {
            throw degenerate(n);
        }
        // The point furthest from the line i0–i1.
        double ux = p[3 * i1] - p[3 * i0], uy = p[3 * i1 + 1] - p[3 * i0 + 1], uz = p[3 * i1 + 2] - p[3 * i0 + 2];
        double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
        int i2 = -1;
        best = eps;
        for (int i = 0; i < n; i++) {
            double wx = p[3 * i] - p[3 * i0], wy = p[3 * i + 1] - p[3 * i0 + 1], wz = p[3 * i + 2] - p[3 * i0 + 2];
            double cx = uy * wz - uz * wy, cy = uz * wx - ux * wz, cz = ux * wy - uy * wx;
            double d = Math.sqrt(cx * cx + cy * cy + cz * cz) / ul;
            if (d > best) {
                best = d;
                i2 = i;
            }
        }
        if (i2 < 0) {
            throw degenerate(n);
        }
        // The point furthest from the plane i0–i1–i2.
        double wx = p[3 * i2] - p[3 * i0], wy = p[3 * i2 + 1] - p[3 * i0 + 1], wz = p[3 * i2 + 2] - p[3 * i0 + 2];
        double nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
        double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
        nx /= nl;
        ny /= nl;
        nz /= nl;
        double d0 = nx * p[3 * i0] + ny * p[3 * i0 + 1] + nz * p[3 * i0 + 2];
        int i3 = -1;
        best = eps;
        double side = 0;
        for (int i = 0; i < n; i++) {
            double d = nx * p[3 * i] + ny * p[3 * i + 1] + nz * p[3 * i + 2] - d0;
            if (Math.abs(d) > best) {
                best = Math.abs(d);
                side = d;
                i3 = i;
            }
        }
        if (i3 < 0) {
            throw degenerate(n);
        }
        if (side > 0) { // i3 must be below the base triangle
            int s = i1;
            i1 = i2;
            i2 = s;
        }
        int[] fs = {triangle(i0, i1, i2), triangle(i0, i3, i1), triangle(i1, i3, i2), triangle(i2, i3, i0)};
        for (int a = 0; a < 4; a++) {
            int e = edgeOf[fs[a]];
            for (int k = 0; k < 3; k++, e = next[e]) {
                for (int b = 0; b < 4; b++) {
                    int g = edgeOf[fs[b]];
                    for (int j = 0; j < 3; j++, g = next[g]) {
                        if (to[g] == tail(e) && tail(g) == to[e]) {
                            twin[e] = g;
                        }
                    }
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (i != i0 && i != i1 && i != i2 && i != i3) {
                assign(i, fs, 4);
            }
        }
        for (int k = 3; k >= 0; k--) {
            if (outside[fs[k]] >= 0) {
                push(fs[k]);
            }
        }
    }

    static IllegalArgumentException degenerate(int n) {
        return new IllegalArgumentException("ConvexHull needs at least 4 non-coplanar points; the " + n
                + " points given are coincident, collinear or coplanar");
    }

    // ---------------------------------------------------------------- one quickhull step

    private void addPoint(int eye, int start) {
        findHorizon(eye, start);
        if (!horizonIsSimpleLoop()) {
            repairVisibleSet();
        }
        // Orphans: the outside sets of the visible faces, less the eye.
        orphanCount = 0;
        for (int i = 0; i < visibleCount; i++) {
            takeOutsideSet(visible[i], -1, eye);
        }
        // The cone: new face i is (a_i, b_i, eye) on horizon half-edge a_i → b_i.
        int h = horizonCount;
        if (newFaces.length < h) {
            newFaces = new int[2 * h];
        }
        for (int i = 0; i < h; i++) {
            int e = horizon[i];
            int f = triangle(tail(e), to[e], eye);
            int e0 = edgeOf[f];
            int across = twin[e];
            twin[e0] = across;
            twin[across] = e0;
            newFaces[i] = f;
        }
        newFaceCount = h;
        for (int i = 0; i < h; i++) {
            int e1 = next[edgeOf[newFaces[i]]]; // b_i → eye
            int e2 = prev[edgeOf[newFaces[(i + 1) % h]]]; // eye → a_{i+1}
            twin[e1] = e2;
            twin[e2] = e1;
        }
        for (int i = 0; i < visibleCount; i++) {
            int f = visible[i];
            int e = edgeOf[f];
            int s = size[f];
            for (int k = 0; k < s; k++) {
                int nextE = next[e];
                freeEdge(e);
                e = nextE;
            }
            freeFace(f);
        }
        // Merge what is not clearly convex: first against the larger face only, then all.
        for (int i = 0; i < newFaceCount; i++) {
            int f = newFaces[i];
            if (state[f] == LIVE) {
                while (mergeNonConvex(f, true)) {
                    merges++;
                }
            }
        }
        for (int i = 0; i < newFaceCount; i++) {
            int f = newFaces[i];
            if (state[f] == NONCONVEX) {
                state[f] = LIVE;
                while (mergeNonConvex(f, false)) {
                    merges++;
                }
            }
        }
        // Orphans to the new faces only.
        for (int i = 0; i < orphanCount; i++) {
            int q = orphans[i];
            assign(q, newFaces, newFaceCount);
        }
        for (int i = newFaceCount - 1; i >= 0; i--) {
            int f = newFaces[i];
            if (state[f] != DEAD && outside[f] >= 0) {
                push(f);
            }
        }
    }

    /**
     * Depth-first search from {@code start} over the faces the eye is more than {@code eps}
     * above; records them in {@link #visible} and, in counter-clockwise order about the eye, the
     * half-edges where the search met a hidden face in {@link #horizon}.
     */
    private void findHorizon(int eye, int start) {
        stamp += 2;
        int vis = stamp, hid = stamp + 1;
        visibleMark = vis;
        visibleCount = 0;
        horizonCount = 0;
        mark[start] = vis;
        addVisible(start);
        stackEdge[0] = edgeOf[start];
        stackStop[0] = edgeOf[start];
        stackFresh[0] = true;
        int top = 1;
        while (top > 0) {
            int e = stackEdge[top - 1];
            if (!stackFresh[top - 1] && e == stackStop[top - 1]) {
                top--;
                continue;
            }
            stackFresh[top - 1] = false;
            stackEdge[top - 1] = next[e];
            int t = twin[e], g = face[t];
            if (mark[g] == vis) {
                continue;
            }
            if (mark[g] != hid && dist(g, eye) > eps) {
                mark[g] = vis;
                addVisible(g);
                if (top == stackEdge.length) {
                    stackEdge = Arrays.copyOf(stackEdge, 2 * top);
                    stackStop = Arrays.copyOf(stackStop, 2 * top);
                    stackFresh = Arrays.copyOf(stackFresh, 2 * top);
                }
                stackEdge[top] = next[t]; // around g, from the edge after the one back to f
                stackStop[top] = t;
                stackFresh[top] = false;
                top++;
            } else {
                mark[g] = hid;
                addHorizon(e);
            }
        }
    }

    /** Whether the horizon is one loop a0 → a1 → … → a0 through distinct vertices. */
    private boolean horizonIsSimpleLoop() {
        int h = horizonCount;
        if (h < 3) {
            return false;
        }
        int vis = visibleMark;
        int seen = newStamp();
        for (int i = 0; i < h; i++) {
            int e = horizon[i];
            int a = tail(e);
            if (vertexMark[a] == seen || to[e] != tail(horizon[(i + 1) % h]) || mark[face[twin[e]]] == vis) {
                return false;
            }
            vertexMark[a] = seen;
        }
        return true;
    }

    /**
     * Grows the visible set until its boundary is one simple loop, then rewrites {@link #horizon}
     * as that loop. Only near-degenerate input gets here (faces the eye sees within eps of
     * edge-on): a vertex where the boundary touches itself takes all faces around it, and of
     * several boundary loops only the one whose hidden side is largest stays, the hidden faces
     * behind the others joining the visible set.
     */
    private void repairVisibleSet() {
        repairs++;
        int vis = visibleMark;
        while (true) {
            horizonCount = 0;
            for (int i = 0; i < visibleCount; i++) {
                int e0 = edgeOf[visible[i]], e = e0;
                do {
                    if (mark[face[twin[e]]] != vis) {
                        addHorizon(e);
                    }
                    e = next[e];
                } while (e != e0);
            }
            int seen = newStamp();
            int pinch = -1;
            for (int i = 0; i < horizonCount && pinch < 0; i++) {
                int a = tail(horizon[i]);
                if (vertexMark[a] == seen) {
                    pinch = a;
                }
                vertexMark[a] = seen;
                outEdge[a] = horizon[i];
            }
            if (pinch >= 0) {
                // Every face around the pinch vertex joins: it becomes interior to the visible set.
                int start = outEdge[pinch], e = start;
                do {
                    makeVisible(face[e]);
                    e = next[twin[e]];
                } while (e != start);
                continue;
            }
            // Trace the loop through horizon[0]; if it misses some boundary edge there are several.
            int traced = 0;
            int e = horizon[0];
            do {
                work2(traced++, e);
                e = outEdge[to[e]];
            } while (e != horizon[0] && traced <= horizonCount);
            if (traced == horizonCount) {
                System.arraycopy(loop, 0, horizon, 0, traced);
                return;
            }
            keepLargestHiddenSide();
        }
    }

    private int[] loop = new int[64];

    private void work2(int i, int e) {
        if (i == loop.length) {
            loop = Arrays.copyOf(loop, 2 * i);
        }
        loop[i] = e;
    }

    private void makeVisible(int f) {
        if (mark[f] != visibleMark) {
            mark[f] = visibleMark;
            addVisible(f);
        }
    }

    /**
     * The boundary has several loops: flood-fills the hidden faces from each, and makes all
     * hidden faces visible except the largest region (the rest of the hull).
     */
    private void keepLargestHiddenSide() {
        int vis = visibleMark;
        int regionStamp = stamp + 1;
        int bestStamp = -1, bestSize = -1;
        int[] stack = new int[64];
        for (int i = 0; i < horizonCount; i++) {
            int g0 = face[twin[horizon[i]]];
            if (mark[g0] >= regionStamp) {
                continue; // already in a region
            }
            int region = ++stamp;
            int size = 0, top = 0;
            mark[g0] = region;
            stack[top++] = g0;
            while (top > 0) {
                int g = stack[--top];
                size++;
                int e0 = edgeOf[g], e = e0;
                do {
                    int h = face[twin[e]];
                    if (mark[h] != vis && mark[h] < regionStamp) {
                        mark[h] = region;
                        if (top == stack.length) {
                            stack = Arrays.copyOf(stack, 2 * top);
                        }
                        stack[top++] = h;
                    }
                    e = next[e];
                } while (e != e0);
            }
            if (size > bestSize) {
                bestSize = size;
                bestStamp = region;
            }
        }
        for (int f = 0; f < faceTop; f++) {
            if (state[f] != DEAD && mark[f] >= regionStamp && mark[f] != bestStamp) {
                makeVisible(f);
            }
        }
    }

    // ---------------------------------------------------------------- merging

    /**
     * Merges face {@code f} with the first neighbour it is not clearly convex with: the
     * neighbour's centroid not more than {@code eps} below f's plane, or f's below the
     * neighbour's. In the first pass ({@code largerOnly}) only the larger face's plane is asked,
     * and a fold seen only from the smaller face marks f for the second pass.
     *
     * @return whether a merge was made (f's boundary changed; call again)
     */
    private boolean mergeNonConvex(int f, boolean largerOnly) {
        int e0 = edgeOf[f], e = e0;
        boolean convex = true;
        do {
            int t = twin[e], g = face[t];
            boolean merge = false;
            if (!largerOnly) {
                merge = centroidAbove(g, f) || centroidAbove(f, g);
            } else if (plane[8 * f + 7] > plane[8 * g + 7]) {
                if (centroidAbove(g, f)) {
                    merge = true;
                } else if (centroidAbove(f, g)) {
                    convex = false;
                }
            } else {
                if (centroidAbove(f, g)) {
                    merge = true;
                } else if (centroidAbove(g, f)) {
                    convex = false;
                }
            }
            if (merge) {
                if (absorb(f, e) != f) {
                    return false; // f went into a neighbour
                }
                return true;
            }
            e = next[e];
        } while (e != e0);
        if (!convex) {
            state[f] = NONCONVEX;
        }
        return false;
    }

    /** Whether the centroid of face {@code g} is not clearly below the plane of face {@code f}. */
    private boolean centroidAbove(int g, int f) {
        distanceTests++;
        return plane[8 * f] * plane[8 * g + 4] + plane[8 * f + 1] * plane[8 * g + 5]
                + plane[8 * f + 2] * plane[8 * g + 6] - plane[8 * f + 3] > -mergeTol;
    }

    /**
     * Face {@code f} absorbs the face across its half-edge {@code shared} (and the whole run of
     * edges they share), then {@link #tidy tidies}; the outside sets of the faces that went move
     * to the face that stays.
     *
     * @return the face that stays (f, unless f itself went into a neighbour)
     */
    private int absorb(int f, int shared) {
        deadCount = 0;
        absorbCore(f, shared);
        int keep = tidy(f);
        for (int i = 0; i < deadCount; i++) {
            takeOutsideSet(dead[i], keep, -1);
            freeFace(dead[i]);
        }
        return keep;
    }

    private int[] dead = new int[8];
    private int deadCount;

    private void died(int f) {
        state[f] = DEAD; // freed by absorb, after its points move
        if (deadCount == dead.length) {
            dead = Arrays.copyOf(dead, 2 * deadCount);
        }
        dead[deadCount++] = f;
    }

    /** Splices the face across {@code shared} into f: the shared run of edges goes on both sides. */
    private void absorbCore(int f, int shared) {
        int g = face[twin[shared]];
        int fPrev = prev[shared], fNext = next[shared];
        int gPrev = prev[twin[shared]], gNext = next[twin[shared]];
        while (face[twin[fPrev]] == g) {
            fPrev = prev[fPrev];
            gNext = next[gNext];
        }
        while (face[twin[fNext]] == g) {
            gPrev = prev[gPrev];
            fNext = next[fNext];
        }
        for (int e = next[fPrev]; e != fNext; ) {
            int nextE = next[e];
            freeEdge(e);
            e = nextE;
        }
        for (int e = next[gPrev]; e != gNext; ) {
            int nextE = next[e];
            freeEdge(e);
            e = nextE;
        }
        for (int e = gNext; ; e = next[e]) {
            face[e] = f;
            if (e == gPrev) {
                break;
            }
        }
        next[gPrev] = fNext;
        prev[fNext] = gPrev;
        next[fPrev] = gNext;
        prev[gNext] = fPrev;
        edgeOf[f] = fNext;
        int count = 0;
        int e = fNext;
        do {
            count++;
            e = next[e];
        } while (e != fNext);
        size[f] = count;
        died(g);
    }

    /**
     * Repairs face f after a splice, until it has no vertex with only f and one other face N
     * around it: if N is coplanar with f within eps the two merge (the vertex goes with their
     * shared run); otherwise the vertex lies on the line where their planes meet and is removed
     * (N's two half-edges there become one, or N goes if it is a triangle; if f is the
     * triangle, f goes into N). A face left with two edges is closed up. Refits the face that
     * stays.
     *
     * @return the face that stays: f, or the face f went into
     */
    private int tidy(int f) {
        while (true) {
            if (size[f] == 2) { // two edges: join the faces across them, f goes
                int a = edgeOf[f], b = next[a], ta = twin[a], tb = twin[b];
                twin[ta] = tb;
                twin[tb] = ta;
                freeEdge(a);
                freeEdge(b);
                died(f);
                f = face[ta];
                continue;
            }
            fit(f);
            int e0 = edgeOf[f], e = e0, before = -1, nFace = -1;
            do {
                if (face[twin[prev[e]]] == face[twin[e]]) {
                    before = prev[e];
                    nFace = face[twin[e]];
                    break;
                }
                e = next[e];
            } while (e != e0);
            if (nFace < 0) {
                return f;
            }
            if (flatWith(f, nFace) || size[f] == 3 && size[nFace] == 3) {
                absorbCore(f, e);
            } else if (size[f] > 3) {
                removeVertex(f, before, e);
            } else {
                removeVertex(nFace, twin[e], twin[before]); // f, a triangle, goes
                f = nFace;
            }
        }
    }

    /** Removes the vertex between half-edges {@code before} and {@code after} of face f (see {@link #tidy}). */
    private void removeVertex(int f, int before, int after) {
        int nFace = face[twin[after]];
        if (edgeOf[f] == before) {
            edgeOf[f] = after;
        }
        int inN = twin[after]; // z → x in N, followed there by twin[before], x → w
        int across;
        boolean triangle = size[nFace] == 3;
        if (triangle) {
            across = twin[prev[inN]]; // N's third edge w → z: its twin becomes after's
            freeEdge(prev[inN]);
            freeEdge(twin[before]);
            died(nFace);
        } else {
            across = twin[before]; // x → w in N becomes z → w
            prev[across] = prev[inN];
            next[prev[inN]] = across;
            if (edgeOf[nFace] == inN) {
                edgeOf[nFace] = across;
            }
        }
        freeEdge(inN);
        // In f, drop `before`: `after` now starts where `before` started.
        prev[after] = prev[before];
        next[prev[before]] = after;
        freeEdge(before);
        twin[after] = across;
        twin[across] = after;
        size[f]--;
        if (!triangle) {
            fit(nFace);
        }
    }

    /** Recomputes face f's vertex count, Newell normal, offset through the centroid, and area. */
    private void fit(int f) {
        double nx = 0, ny = 0, nz = 0, cx = 0, cy = 0, cz = 0;
        int e0 = edgeOf[f], e = e0, count = 0;
        do {
            int a = 3 * tail(e), b = 3 * to[e];
            double ax = p[a], ay = p[a + 1], az = p[a + 2];
            nx += (ay - p[b + 1]) * (az + p[b + 2]);
            ny += (az - p[b + 2]) * (ax + p[b]);
            nz += (ax - p[b]) * (ay + p[b + 1]);
            cx += ax;
            cy += ay;
            cz += az;
            count++;
            e = next[e];
        } while (e != e0);
        setPlane(f, nx, ny, nz, cx / count, cy / count, cz / count);
        size[f] = count;
    }

    private void setPlane(int f, double nx, double ny, double nz, double cx, double cy, double cz) {
        double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
        plane[8 * f + 7] = l / 2;
        if (l > 0) {
            nx /= l;
            ny /= l;
            nz /= l;
        }
        plane[8 * f] = nx;
        plane[8 * f + 1] = ny;
        plane[8 * f + 2] = nz;
        plane[8 * f + 3] = nx * cx + ny * cy + nz * cz;
        plane[8 * f + 4] = cx;
        plane[8 * f + 5] = cy;
        plane[8 * f + 6] = cz;
    }

    // ---------------------------------------------------------------- helpers

    private double dist(int f, int q) {
        distanceTests++;
        int b = 8 * f, c = 3 * q;
        return plane[b] * p[c] + plane[b + 1] * p[c + 1] + plane[b + 2] * p[c + 2] - plane[b + 3];
    }

    private int tail(int e) {
        return to[prev[e]];
    }

    private int newStamp() {
        return ++stamp;
    }

    /**
     * Puts {@code q} in the outside set of the first face of {@code fs[0..count)} it is more than
     * eps above, if any. The search starts at the face the previous point went to: orphans of one
     * old face tend to see the same new face, so most points cost one or two tests.
     */
    private void assign(int q, int[] fs, int count) {
        int to = -1;
        double best = eps;
        for (int i = 0; i < count; i++) {
            int f = fs[i];
            if (state[f] != DEAD) {
                double d = dist(f, q);
                if (d > best) {
                    best = d;
                    to = f;
                }
            }
        }
        if (to >= 0) {
            link[q] = outside[to];
            outside[to] = q;
        }
    }

    private int lastAssigned;

    /**
     * Empties the outside set of face {@code g}: each point goes to face {@code f} if it is more
     * than eps above it (f ≥ 0), else to the orphans; {@code skip} is left out.
     */
    private void takeOutsideSet(int g, int f, int skip) {
        for (int q = outside[g], nextQ; q >= 0; q = nextQ) {
            nextQ = link[q];
            if (q == skip) {
                continue;
            }
            if (f >= 0 && dist(f, q) > eps) {
                link[q] = outside[f];
                outside[f] = q;
            } else {
                if (orphanCount == orphans.length) {
                    orphans = Arrays.copyOf(orphans, 2 * orphanCount);
                }
                orphans[orphanCount++] = q;
            }
        }
        outside[g] = -1;
    }

    /** A new live triangle a → b → c (CCW from outside); its half-edge a → b is {@code edgeOf}. */
    private int triangle(int a, int b, int c) {
        int f = newFace();
        int e0 = newEdge(), e1 = newEdge(), e2 = newEdge();
        to[e0] = b;
        to[e1] = c;
        to[e2] = a;
        next[e0] = e1;
        next[e1] = e2;
        next[e2] = e0;
        prev[e0] = e2;
        prev[e1] = e0;
        prev[e2] = e1;
        face[e0] = face[e1] = face[e2] = f;
        edgeOf[f] = e0;
        size[f] = 3;
        double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
        double wx = p[3 * c] - p[3 * a], wy = p[3 * c + 1] - p[3 * a + 1], wz = p[3 * c + 2] - p[3 * a + 2];
        setPlane(f, uy * wz - uz * wy, uz * wx - ux * wz, ux * wy - uy * wx, (p[3 * a] + p[3 * b] + p[3 * c]) / 3,
                (p[3 * a + 1] + p[3 * b + 1] + p[3 * c + 1]) / 3, (p[3 * a + 2] + p[3 * b + 2] + p[3 * c + 2]) / 3);
        return f;
    }

    private int newFace() {
        int f;
        if (freeFaceTop > 0) {
            f = freeFaces[--freeFaceTop];
        } else {
            if (faceTop == state.length) {
                growFaces(2 * faceTop);
            }
            f = faceTop++;
        }
        state[f] = LIVE;
        outside[f] = -1;
        mark[f] = 0;
        return f;
    }

    private void freeFace(int f) {
        state[f] = DEAD;
        outside[f] = -1;
        if (freeFaceTop == freeFaces.length) {
            freeFaces = Arrays.copyOf(freeFaces, 2 * freeFaceTop);
        }
        freeFaces[freeFaceTop++] = f;
    }

    private int newEdge() {
        if (freeEdgeTop > 0) {
            return freeEdges[--freeEdgeTop];
        }
        if (edgeTop == to.length) {
            growEdges(2 * edgeTop);
        }
        return edgeTop++;
    }

    private void freeEdge(int e) {
        if (freeEdgeTop == freeEdges.length) {
            freeEdges = Arrays.copyOf(freeEdges, 2 * freeEdgeTop);
        }
        freeEdges[freeEdgeTop++] = e;
    }

    private void growFaces(int cap) {
        edgeOf = Arrays.copyOf(edgeOf, cap);
        plane = Arrays.copyOf(plane, 8 * cap);
        size = Arrays.copyOf(size, cap);
        state = Arrays.copyOf(state, cap);
        mark = Arrays.copyOf(mark, cap);
        outside = Arrays.copyOf(outside, cap);
    }

    private void growEdges(int cap) {
        to = Arrays.copyOf(to, cap);
        next = Arrays.copyOf(next, cap);
        prev = Arrays.copyOf(prev, cap);
        twin = Arrays.copyOf(twin, cap);
        face = Arrays.copyOf(face, cap);
    }

    private void push(int f) {
        if (workTop == work.length) {
            work = Arrays.copyOf(work, 2 * workTop);
        }
        work[workTop++] = f;
    }

    private void addVisible(int f) {
        if (visibleCount == visible.length) {
            visible = Arrays.copyOf(visible, 2 * visibleCount);
        }
        visible[visibleCount++] = f;
    }

    private void addHorizon(int e) {
        if (horizonCount == horizon.length) {
            horizon = Arrays.copyOf(horizon, 2 * horizonCount);
        }
        horizon[horizonCount++] = e;
    }

    /**
     * Merges neighbouring faces that are coplanar within {@code eps} (all vertices of the
     * neighbour within eps of the face's plane), larger faces first so that they absorb slivers
     * rather than be tilted by them. Construction merges only what rounding cannot tell from a
     * fold; this gives the polygon faces the engine wants (a box from noisy points has six).
     */
    private void flatten() {
        int count = 0;
        int[] candidates = new int[faceTop];
        for (int f = 0; f < faceTop; f++) {
            if (state[f] != DEAD) {
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
            if (state[f] != DEAD && plane[8 * f + 7] <= 2 * eps * diameter && isSliver(f)) {
                int across = twin[longestEdge(f)];
                touch(absorb(face[across], across));
                merges++;
            }
        }
    }

    private int longestEdge(int f) {
        int e0 = edgeOf[f], e = e0, longest = e0;
        double best = -1;
        do {
            int a = 3 * tail(e), b = 3 * to[e];
            double dx = p[b] - p[a], dy = p[b + 1] - p[a + 1], dz = p[b + 2] - p[a + 2];
            double l = dx * dx + dy * dy + dz * dz;
            if (l > best) {
                best = l;
                longest = e;
            }
            e = next[e];
        } while (e != e0);
        return longest;
    }

    private boolean isSliver(int f) {
        int longest = longestEdge(f);
        int a = 3 * tail(longest), b = 3 * to[longest];
        double ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
        double len2 = ux * ux + uy * uy + uz * uz;
        int e0 = edgeOf[f], e = e0;
        do {
            int q = 3 * to[e];
            double wx = p[q] - p[a], wy = p[q + 1] - p[a + 1], wz = p[q + 2] - p[a + 2];
            double cx = uy * wz - uz * wy, cy = uz * wx - ux * wz, cz = ux * wy - uy * wx;
            if (cx * cx + cy * cy + cz * cz > eps * eps * len2) {
                return false;
            }
            e = next[e];
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
            if (state[f] != DEAD && hasFlatNeighbour(f)) {
                if (k == keys.length) {
                    keys = Arrays.copyOf(keys, 2 * k);
                }
                keys[k++] = (Long.MAX_VALUE - Double.doubleToLongBits(plane[8 * f + 7])) & ~SLOT_MASK | f;
            }
        }
        Arrays.sort(keys, 0, k);
        for (int i = 0; i < k; i++) {
            int f = (int) (keys[i] & SLOT_MASK);
            boolean merged = true;
            while (merged && state[f] != DEAD) {
                merged = false;
                int e0 = edgeOf[f], e = e0;
                do {
                    if (flatWith(f, face[twin[e]])) {
                        f = absorb(f, e);
                        touch(f);
                        merges++;
                        merged = true;
                        break;
                    }
                    e = next[e];
                } while (e != e0);
            }
        }
    }

    private static final long SLOT_MASK = (1L << 31) - 1;

    private boolean hasFlatNeighbour(int f) {
        int e0 = edgeOf[f], e = e0;
        do {
            if (flatWith(f, face[twin[e]])) {
                return true;
            }
            e = next[e];
        } while (e != e0);
        return false;
    }

    /** Whether face g's vertices all lie within eps of face f's plane, g facing the same side. */
    private boolean flatWith(int f, int g) {
        if (plane[8 * f] * plane[8 * g] + plane[8 * f + 1] * plane[8 * g + 1] + plane[8 * f + 2] * plane[8 * g + 2] <= 0) {
            return false;
        }
        // The centroid first: it is within eps (to rounding) whenever all vertices are, and costs one look-up.
        distanceTests++;
        double dc = plane[8 * f] * plane[8 * g + 4] + plane[8 * f + 1] * plane[8 * g + 5]
                + plane[8 * f + 2] * plane[8 * g + 6] - plane[8 * f + 3];
        if (!(Math.abs(dc) <= eps + mergeTol)) {
            return false;
        }
        int e0 = edgeOf[g], e = e0;
        do {
            int q = to[e];
            distanceTests++;
            double d = plane[8 * f] * p[3 * q] + plane[8 * f + 1] * p[3 * q + 1] + plane[8 * f + 2] * p[3 * q + 2] - plane[8 * f + 3];
            if (!(Math.abs(d) <= eps)) {
                return false;
            }
            e = next[e];
        } while (e != e0);
        return true;
    }

    /** The live faces, in slot order, as vertex loops starting at each face's first half-edge's tail. */
    private void collect() {
        int count = 0;
        for (int f = 0; f < faceTop; f++) {
            if (state[f] != DEAD) {
                count++;
            }
        }
        faces = new int[count][];
        int k = 0;
        for (int f = 0; f < faceTop; f++) {
            if (state[f] != DEAD) {
                int[] loop = new int[size[f]];
                int e = edgeOf[f];
                for (int i = 0; i < loop.length; i++, e = next[e]) {
                    loop[i] = original[tail(e)];
                }
                faces[k++] = loop;
            }
        }
    }
}
