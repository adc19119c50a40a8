package dev.tumble.core.collision.shape;

import static dev.tumble.core.collision.shape.HullMesh.DEAD;
import static dev.tumble.core.collision.shape.HullMesh.LIVE;
import static dev.tumble.core.collision.shape.HullMesh.NONCONVEX;

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
 * neighbour it is not clearly convex with (to rounding: coplanar or folded), and hands the
 * orphaned points of the removed faces to the new faces only. Each point is tested against a
 * few faces each time it is orphaned, which makes the build O(n log n) expected instead of the
 * O(n·faces) of testing every face.
 *
 * <p>Merging is what makes the tolerance safe: faces that the eye sees within {@code eps} of
 * edge-on are not removed, so a new triangle may fold slightly over such a face, or be a sliver;
 * merging the two into one polygon with a fitted (Newell) plane removes the fold before it can
 * grow, and coplanar triangles end up as one polygon face. A merge that would leave a vertex
 * with only two faces removes that vertex (or the triangle around it); two faces that touch
 * along two separate runs of edges are never merged, as the result would not be a simple polygon.
 *
 * <p>The mesh is a {@link HullMesh}; a last pass ({@link CoplanarFaceMerger}) merges faces
 * coplanar within eps. The output does not depend on the order of the input points, except for
 * ties between exactly equal distances.
 */
final class QuickHull {
    private final double[] p; // xyz per point, in spatial order
    private final int[] original; // point index in p -> index in the caller's array
    private final int n;
    private final double eps;
    private final double mergeTol; // rounding-level: what convexity can be decided to
    private final double diameter; // bounds every edge length: a face narrower than eps has area at most 2·eps·diameter

    private final HullMesh mesh;
    private final Horizon horizon;
    private final int[] link; // per point: next in its outside set

    private long distanceTests;

    /** After {@link #build()}: the faces, as loops of point indices, counter-clockwise from outside. */
    int[][] faces;

    // ---- scratch
    private int[] orphans = new int[64];
    private int orphanCount;
    private int[] work = new int[64];
    private int workTop;
    private int[] newFaces = new int[64];
    private int newFaceCount;

    /**
     * @param points xyz per point (not modified)
     * @param n how many points
     * @param eps how far above a face a point must be to count as outside it, and the
     *     coplanarity tolerance of the final faces (same units as the points)
     */
    QuickHull(double[] points, int n, double eps) {
        this.n = n;
        this.eps = eps;
        double mx = 0, my = 0, mz = 0;
        for (int i = 0; i < n; i++) {
            mx = Math.max(mx, Math.abs(points[3 * i]));
            my = Math.max(my, Math.abs(points[3 * i + 1]));
            mz = Math.max(mz, Math.abs(points[3 * i + 2]));
        }
        original = MortonOrder.of(points, n, mx, my, mz);
        p = new double[3 * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(points, 3 * original[i], p, 3 * i, 3);
        }
        mergeTol = 3 * 0x1p-52 * (mx + my + mz);
        diameter = 2 * Math.sqrt(mx * mx + my * my + mz * mz);
        link = new int[n];
        mesh = new HullMesh(p, Math.max(16, Math.min(2 * n, 1 << 16)), eps);
        horizon = new Horizon(mesh, p, n, eps);
    }

    /**
     * Builds the hull into {@link #faces}.
     *
     * @throws IllegalArgumentException when the points are all coincident, collinear or coplanar within eps
     */
    void build() {
        initialTetrahedron();
        while (workTop > 0) {
            int f = work[--workTop];
            if (mesh.state[f] == DEAD || mesh.outside[f] < 0) {
                continue;
            }
            // The furthest point of the outside set, against the face's current plane (merges move it).
            int eye = -1;
            double best = eps;
            for (int q = mesh.outside[f]; q >= 0; q = link[q]) {
                double d = dist(f, q);
                if (d > best) {
                    best = d;
                    eye = q;
                }
            }
            if (eye < 0) {
                mesh.outside[f] = -1; // nothing clearly outside any more
                continue;
            }
            addPoint(eye, f);
        }
        new CoplanarFaceMerger(mesh, p, eps, diameter).run();
        faces = mesh.loops(original);
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
            throw degenerate("coincident");
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
            throw degenerate("collinear");
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
            throw degenerate("coplanar");
        }
        if (side > 0) { // i3 must be below the base triangle
            int s = i1;
            i1 = i2;
            i2 = s;
        }
        int[] fs = {mesh.triangle(i0, i1, i2), mesh.triangle(i0, i3, i1), mesh.triangle(i1, i3, i2), mesh.triangle(i2, i3, i0)};
        for (int a = 0; a < 4; a++) {
            int e = mesh.edgeOf[fs[a]];
            for (int k = 0; k < 3; k++, e = mesh.next[e]) {
                for (int b = 0; b < 4; b++) {
                    int g = mesh.edgeOf[fs[b]];
                    for (int j = 0; j < 3; j++, g = mesh.next[g]) {
                        if (mesh.to[g] == mesh.tail(e) && mesh.tail(g) == mesh.to[e]) {
                            mesh.twin[e] = g;
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
            if (mesh.outside[fs[k]] >= 0) {
                push(fs[k]);
            }
        }
    }

    /** No 3-D hull: all points within eps of one point, one line or one plane. */
    private IllegalArgumentException degenerate(String how) {
        return new IllegalArgumentException("ConvexHull needs at least 4 non-coplanar points; ConvexHull.points (" + n
                + " points) are all " + how + " within " + eps + " m");
    }

    // ---------------------------------------------------------------- one quickhull step

    private void addPoint(int eye, int start) {
        horizon.find(eye, start);
        // Orphans: the outside sets of the visible faces, less the eye.
        orphanCount = 0;
        for (int i = 0; i < horizon.visibleCount; i++) {
            takeOutsideSet(horizon.visible[i], -1, eye);
        }
        // The cone: new face i is (a_i, b_i, eye) on horizon half-edge a_i → b_i.
        int h = horizon.edgeCount;
        if (newFaces.length < h) {
            newFaces = new int[2 * h];
        }
        for (int i = 0; i < h; i++) {
            int e = horizon.edges[i];
            int f = mesh.triangle(mesh.tail(e), mesh.to[e], eye);
            int e0 = mesh.edgeOf[f];
            int across = mesh.twin[e];
            mesh.twin[e0] = across;
            mesh.twin[across] = e0;
            newFaces[i] = f;
        }
        newFaceCount = h;
        for (int i = 0; i < h; i++) {
            int e1 = mesh.next[mesh.edgeOf[newFaces[i]]]; // b_i → eye
            int e2 = mesh.prev[mesh.edgeOf[newFaces[(i + 1) % h]]]; // eye → a_{i+1}
            mesh.twin[e1] = e2;
            mesh.twin[e2] = e1;
        }
        for (int i = 0; i < horizon.visibleCount; i++) {
            int f = horizon.visible[i];
            int e = mesh.edgeOf[f];
            int s = mesh.size[f];
            for (int k = 0; k < s; k++) {
                int nextE = mesh.next[e];
                mesh.freeEdge(e);
                e = nextE;
            }
            mesh.freeFace(f);
        }
        // Merge what is not clearly convex: first against the larger face only, then all.
        for (int i = 0; i < newFaceCount; i++) {
            int f = newFaces[i];
            if (mesh.state[f] == LIVE) {
                while (mergeNonConvex(f, true)) {
                }
            }
        }
        for (int i = 0; i < newFaceCount; i++) {
            int f = newFaces[i];
            if (mesh.state[f] == NONCONVEX) {
                mesh.state[f] = LIVE;
                while (mergeNonConvex(f, false)) {
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
            if (mesh.state[f] != DEAD && mesh.outside[f] >= 0) {
                push(f);
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
        int e0 = mesh.edgeOf[f], e = e0;
        boolean convex = true;
        do {
            int t = mesh.twin[e], g = mesh.face[t];
            boolean merge = false;
            if (!largerOnly) {
                merge = centroidAbove(g, f) || centroidAbove(f, g);
            } else if (mesh.plane[8 * f + 7] > mesh.plane[8 * g + 7]) {
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
            if (merge && mesh.canMerge(f, e)) {
                if (absorb(f, e) != f) {
                    return false; // f went into a neighbour
                }
                return true;
            }
            e = mesh.next[e];
        } while (e != e0);
        if (!convex) {
            mesh.state[f] = NONCONVEX;
        }
        return false;
    }

    /** Whether the centroid of face {@code g} is not clearly below the plane of face {@code f}. */
    private boolean centroidAbove(int g, int f) {
        distanceTests++;
        return mesh.plane[8 * f] * mesh.plane[8 * g + 4] + mesh.plane[8 * f + 1] * mesh.plane[8 * g + 5]
                + mesh.plane[8 * f + 2] * mesh.plane[8 * g + 6] - mesh.plane[8 * f + 3] > -mergeTol;
    }

    /**
     * Face {@code f} absorbs the face across its half-edge {@code shared} (and the whole run of
     * edges they share), then {@link HullMesh#tidy tidies}; the outside sets of the faces that went move
     * to the face that stays.
     *
     * @return the face that stays (f, unless f itself went into a neighbour)
     */
    private int absorb(int f, int shared) {
        int keep = mesh.merge(f, shared);
        for (int i = 0; i < mesh.deadCount; i++) {
            takeOutsideSet(mesh.dead[i], keep, -1);
        }
        mesh.freeDead();
        return keep;
    }

    // ---------------------------------------------------------------- helpers

    /** @return the point–plane distance evaluations made so far (for the scaling test) */
    long distanceTests() {
        return distanceTests + horizon.distanceTests;
    }

    private double dist(int f, int q) {
        distanceTests++;
        int b = 8 * f, c = 3 * q;
        return mesh.plane[b] * p[c] + mesh.plane[b + 1] * p[c + 1] + mesh.plane[b + 2] * p[c + 2] - mesh.plane[b + 3];
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
            if (mesh.state[f] != DEAD) {
                double d = dist(f, q);
                if (d > best) {
                    best = d;
                    to = f;
                }
            }
        }
        if (to >= 0) {
            link[q] = mesh.outside[to];
            mesh.outside[to] = q;
        }
    }

    private int lastAssigned;

    /**
     * Empties the outside set of face {@code g}: each point goes to face {@code f} if it is more
     * than eps above it (f ≥ 0), else to the orphans; {@code skip} is left out.
     */
    private void takeOutsideSet(int g, int f, int skip) {
        for (int q = mesh.outside[g], nextQ; q >= 0; q = nextQ) {
            nextQ = link[q];
            if (q == skip) {
                continue;
            }
            if (f >= 0 && dist(f, q) > eps) {
                link[q] = mesh.outside[f];
                mesh.outside[f] = q;
            } else {
                if (orphanCount == orphans.length) {
                    orphans = Arrays.copyOf(orphans, 2 * orphanCount);
                }
                orphans[orphanCount++] = q;
            }
        }
        mesh.outside[g] = -1;
    }

    private void push(int f) {
        if (workTop == work.length) {
            work = Arrays.copyOf(work, 2 * workTop);
        }
        work[workTop++] = f;
    }
}
