package dev.tumble.core.collision.shape;

import java.util.Arrays;

/**
 * The half-edge mesh {@link QuickHull} grows: convex polygon faces of the hull so far, with the
 * operations that merge two faces and repair what a merge leaves.
 *
 * <p>Half-edges: {@code to[e]} is the vertex e points to (its tail is {@code to[prev[e]]}),
 * {@code next}/{@code prev} run counter-clockwise seen from outside, {@code twin} is the opposite
 * half-edge and {@code face} its face. Each face has one half-edge ({@code edgeOf}), a record of
 * eight doubles in {@code plane} (unit outward normal, offset {@code d} of {@code n·x = d},
 * centroid, area: one cache line), a vertex count and a state. {@code outside} (the head of the
 * face's outside set) and {@code mark} (visit stamps) belong to the builder but live here so
 * they grow with the faces. Removed faces and half-edges go to free lists and are reused; the
 * arrays are fields for speed and only the builder touches them.
 */
final class HullMesh {
    static final byte DEAD = 0, LIVE = 1, NONCONVEX = 2;

    private final double[] p; // xyz per point
    private final double eps;

    int[] to = new int[0], next = new int[0], prev = new int[0], twin = new int[0], face = new int[0];
    private int edgeTop;
    private int[] freeEdges = new int[16];
    private int freeEdgeTop;

    int[] edgeOf = new int[0];
    double[] plane = new double[0]; // per face: nx, ny, nz, d, centroid xyz, area
    int[] size = new int[0];
    byte[] state = new byte[0];
    int[] mark = new int[0];
    int[] outside = new int[0];
    /** Face slots in use so far: live faces are among {@code [0, faceTop)}. */
    int faceTop;
    private int[] freeFaces = new int[16];
    private int freeFaceTop;

    /** Faces a {@link #merge} removed: state DEAD, to be freed by the caller once their points moved. */
    int[] dead = new int[8];
    /** How many of {@link #dead} are set. */
    int deadCount;

    /**
     * @param p xyz per point
     * @param faces the faces to make room for
     * @param eps the distance within which a point counts as on a plane (m)
     */
    HullMesh(double[] p, int faces, double eps) {
        this.p = p;
        this.eps = eps;
        growFaces(faces);
        growEdges(3 * faces);
    }

    /**
     * Face {@code f} absorbs the face across its half-edge {@code shared} (with the whole run of
     * edges they share), then {@link #tidy tidies}. The faces that went are in {@link #dead}.
     *
     * @return the face that stays (f, unless f itself went into a neighbour)
     */
    int merge(int f, int shared) {
        deadCount = 0;
        absorbCore(f, shared);
        return tidy(f);
    }

    /**
     * Whether f and the face across {@code shared} meet along that one run of edges only. Faces
     * that touch along two runs (possible once tolerance lets faces fold) cannot be merged: the
     * result would be a face whose boundary meets itself.
     */
    boolean canMerge(int f, int shared) {
        int g = face[twin[shared]];
        if (g == f) {
            return false;
        }
        int total = 0;
        int e = edgeOf[f];
        for (int k = 0; k < size[f]; k++, e = next[e]) {
            if (face[twin[e]] == g) {
                total++;
            }
        }
        int run = 1;
        for (int a = prev[shared]; run < total && face[twin[a]] == g; a = prev[a]) {
            run++;
        }
        for (int b = next[shared]; run < total && face[twin[b]] == g; b = next[b]) {
            run++;
        }
        return run == total && total < size[f];
    }

    /** Frees the faces the last {@link #merge} removed (for callers with no points to move). */
    void freeDead() {
        for (int i = 0; i < deadCount; i++) {
            freeFace(dead[i]);
        }
        deadCount = 0;
    }

    private void died(int f) {
        state[f] = DEAD; // freed by the caller, after the face's points move
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
    int tidy(int f) {
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
            if (nFace == f) {
                if (twin[e] != before) {
                    return f; // f touches itself along two separate runs: nothing local to tidy
                }
                // An antenna: f runs out to vertex x and straight back. Cut it off.
                int w = prev[before], z = next[e];
                next[w] = z;
                prev[z] = w;
                if (edgeOf[f] == before || edgeOf[f] == e) {
                    edgeOf[f] = z;
                }
                freeEdge(before);
                freeEdge(e);
                size[f] -= 2;
                continue;
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
    void fit(int f) {
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

    /** @return the vertex half-edge {@code e} leaves from */
    int tail(int e) {
        return to[prev[e]];
    }

    /** A new live triangle a → b → c (CCW from outside); its half-edge a → b is {@code edgeOf}. */
    int triangle(int a, int b, int c) {
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

    /** Marks face {@code f} dead and returns its slot to the free list (its half-edges are the caller's). */
    void freeFace(int f) {
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

    /** Returns half-edge {@code e} to the free list. */
    void freeEdge(int e) {
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

    /** Whether face g's vertices all lie within eps of face f's plane, g facing the same side. */
    boolean flatWith(int f, int g) {
        if (plane[8 * f] * plane[8 * g] + plane[8 * f + 1] * plane[8 * g + 1] + plane[8 * f + 2] * plane[8 * g + 2] <= 0) {
            return false;
        }
        // The centroid first: it is within eps (to rounding) whenever all vertices are, and costs one look-up.
        double dc = plane[8 * f] * plane[8 * g + 4] + plane[8 * f + 1] * plane[8 * g + 5]
                + plane[8 * f + 2] * plane[8 * g + 6] - plane[8 * f + 3];
        if (!(Math.abs(dc) <= eps * 1.000001)) { // slack for the rounding of the centroid
            return false;
        }
        int e0 = edgeOf[g], e = e0;
        do {
            int q = to[e];
                double d = plane[8 * f] * p[3 * q] + plane[8 * f + 1] * p[3 * q + 1] + plane[8 * f + 2] * p[3 * q + 2] - plane[8 * f + 3];
            if (!(Math.abs(d) <= eps)) {
                return false;
            }
            e = next[e];
        } while (e != e0);
        return true;
    }

    /**
     * The live faces, in slot order, as vertex loops starting at each face's first half-edge's
     * tail, counter-clockwise from outside.
     *
     * @param original maps a point index here to the caller's index
     * @return the loops
     */
    int[][] loops(int[] original) {
        int count = 0;
        for (int f = 0; f < faceTop; f++) {
            if (state[f] != DEAD) {
                count++;
            }
        }
        int[][] faces = new int[count][];
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
        return faces;
    }
}
