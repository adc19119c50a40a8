package dev.tumble.core.collision.shape;

import static dev.tumble.core.collision.shape.HullMesh.DEAD;

import java.util.Arrays;

/**
 * The faces of a {@link HullMesh} that an eye point sees, and the horizon around them: the step
 * of {@link QuickHull} that decides what the new cone replaces. The horizon must be one simple
 * loop for the cone to close the mesh; when tolerance makes the visible set ragged it is grown
 * until it is.
 */
final class Horizon {
    private final HullMesh mesh;
    private final double[] p;
    private final double eps;

    /** The visible faces, {@code [0, visibleCount)}. */
    int[] visible = new int[64];
    /** How many faces are visible. */
    int visibleCount;
    /** The horizon: half-edges of visible faces with a hidden face across, counter-clockwise about the eye, {@code [0, edgeCount)}. */
    int[] edges = new int[64];
    /** How many half-edges the horizon has. */
    int edgeCount;
    /** Point–plane distance evaluations made. */
    long distanceTests;

    private int stamp;
    private int visibleMark;
    private int[] stackEdge = new int[64], stackStop = new int[64];
    private boolean[] stackFresh = new boolean[64];
    private final int[] vertexMark; // per point: stamp
    private final int[] outEdge; // per point: a boundary half-edge leaving it (repair only)

    /**
     * @param mesh the hull so far
     * @param p xyz per point
     * @param n how many points
     * @param eps how far above a face's plane a point must be to see it (m)
     */
    Horizon(HullMesh mesh, double[] p, int n, double eps) {
        this.mesh = mesh;
        this.p = p;
        this.eps = eps;
        vertexMark = new int[n];
        outEdge = new int[n];
    }

    /**
     * Finds the faces {@code eye} is more than eps above, starting from {@code start} (which it
     * must see), and the horizon loop around them.
     *
     * @param eye the point
     * @param start a face the eye sees
     */
    void find(int eye, int start) {
        search(eye, start);
        if (!horizonIsSimpleLoop()) {
            repairVisibleSet();
        }
    }

    /**
     * Depth-first search from {@code start} over the faces the eye is more than {@code eps}
     * above; records them in {@link #visible} and, in counter-clockwise order about the eye, the
     * half-edges where the search met a hidden face in {@link #edges}.
     */
    private void search(int eye, int start) {
        stamp += 2;
        int vis = stamp, hid = stamp + 1;
        visibleMark = vis;
        visibleCount = 0;
        edgeCount = 0;
        mesh.mark[start] = vis;
        addVisible(start);
        stackEdge[0] = mesh.edgeOf[start];
        stackStop[0] = mesh.edgeOf[start];
        stackFresh[0] = true;
        int top = 1;
        while (top > 0) {
            int e = stackEdge[top - 1];
            if (!stackFresh[top - 1] && e == stackStop[top - 1]) {
                top--;
                continue;
            }
            stackFresh[top - 1] = false;
            stackEdge[top - 1] = mesh.next[e];
            int t = mesh.twin[e], g = mesh.face[t];
            if (mesh.mark[g] == vis) {
                continue;
            }
            if (mesh.mark[g] != hid && dist(g, eye) > eps) {
                mesh.mark[g] = vis;
                addVisible(g);
                if (top == stackEdge.length) {
                    stackEdge = Arrays.copyOf(stackEdge, 2 * top);
                    stackStop = Arrays.copyOf(stackStop, 2 * top);
                    stackFresh = Arrays.copyOf(stackFresh, 2 * top);
                }
                stackEdge[top] = mesh.next[t]; // around g, from the edge after the one back to f
                stackStop[top] = t;
                stackFresh[top] = false;
                top++;
            } else {
                mesh.mark[g] = hid;
                addEdge(e);
            }
        }
    }

    /** Whether the horizon is one loop a0 → a1 → … → a0 through distinct vertices. */
    private boolean horizonIsSimpleLoop() {
        int h = edgeCount;
        if (h < 3) {
            return false;
        }
        int vis = visibleMark;
        int seen = newStamp();
        for (int i = 0; i < h; i++) {
            int e = edges[i];
            int a = mesh.tail(e);
            if (vertexMark[a] == seen || mesh.to[e] != mesh.tail(edges[(i + 1) % h]) || mesh.mark[mesh.face[mesh.twin[e]]] == vis) {
                return false;
            }
            vertexMark[a] = seen;
        }
        return true;
    }

    /**
     * Grows the visible set until its boundary is one simple loop, then rewrites {@link #edges}
     * as that loop. Only near-degenerate input gets here (faces the eye sees within eps of
     * edge-on): a vertex where the boundary touches itself takes all faces around it, and of
     * several boundary loops only the one whose hidden side is largest stays, the hidden faces
     * behind the others joining the visible set.
     */
    private void repairVisibleSet() {
        int vis = visibleMark;
        while (true) {
            edgeCount = 0;
            for (int i = 0; i < visibleCount; i++) {
                int e0 = mesh.edgeOf[visible[i]], e = e0;
                do {
                    if (mesh.mark[mesh.face[mesh.twin[e]]] != vis) {
                        addEdge(e);
                    }
                    e = mesh.next[e];
                } while (e != e0);
            }
            int seen = newStamp();
            int pinch = -1;
            for (int i = 0; i < edgeCount && pinch < 0; i++) {
                int a = mesh.tail(edges[i]);
                if (vertexMark[a] == seen) {
                    pinch = a;
                }
                vertexMark[a] = seen;
                outEdge[a] = edges[i];
            }
            if (pinch >= 0) {
                // Every face around the pinch vertex joins: it becomes interior to the visible set.
                int start = outEdge[pinch], e = start;
                do {
                    makeVisible(mesh.face[e]);
                    e = mesh.next[mesh.twin[e]];
                } while (e != start);
                continue;
            }
            // Trace the loop through edges[0]; if it misses some boundary edge there are several.
            int traced = 0;
            int e = edges[0];
            do {
                setLoop(traced++, e);
                e = outEdge[mesh.to[e]];
            } while (e != edges[0] && traced <= edgeCount);
            if (traced == edgeCount) {
                System.arraycopy(loop, 0, edges, 0, traced);
                return;
            }
            keepLargestHiddenSide();
        }
    }

    private int[] loop = new int[64];

    private void setLoop(int i, int e) {
        if (i == loop.length) {
            loop = Arrays.copyOf(loop, 2 * i);
        }
        loop[i] = e;
    }

    private void makeVisible(int f) {
        if (mesh.mark[f] != visibleMark) {
            mesh.mark[f] = visibleMark;
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
        for (int i = 0; i < edgeCount; i++) {
            int g0 = mesh.face[mesh.twin[edges[i]]];
            if (mesh.mark[g0] >= regionStamp) {
                continue; // already in a region
            }
            int region = ++stamp;
            int size = 0, top = 0;
            mesh.mark[g0] = region;
            stack[top++] = g0;
            while (top > 0) {
                int g = stack[--top];
                size++;
                int e0 = mesh.edgeOf[g], e = e0;
                do {
                    int h = mesh.face[mesh.twin[e]];
                    if (mesh.mark[h] != vis && mesh.mark[h] < regionStamp) {
                        mesh.mark[h] = region;
                        if (top == stack.length) {
                            stack = Arrays.copyOf(stack, 2 * top);
                        }
                        stack[top++] = h;
                    }
                    e = mesh.next[e];
                } while (e != e0);
            }
            if (size > bestSize) {
                bestSize = size;
                bestStamp = region;
            }
        }
        for (int f = 0; f < mesh.faceTop; f++) {
            if (mesh.state[f] != DEAD && mesh.mark[f] >= regionStamp && mesh.mark[f] != bestStamp) {
                makeVisible(f);
            }
        }
    }

    private double dist(int f, int q) {
        distanceTests++;
        int b = 8 * f, c = 3 * q;
        return mesh.plane[b] * p[c] + mesh.plane[b + 1] * p[c + 1] + mesh.plane[b + 2] * p[c + 2] - mesh.plane[b + 3];
    }

    private int newStamp() {
        return ++stamp;
    }

    private void addVisible(int f) {
        if (visibleCount == visible.length) {
            visible = Arrays.copyOf(visible, 2 * visibleCount);
        }
        visible[visibleCount++] = f;
    }

    private void addEdge(int e) {
        if (edgeCount == edges.length) {
            edges = Arrays.copyOf(edges, 2 * edgeCount);
        }
        edges[edgeCount++] = e;
    }
}
