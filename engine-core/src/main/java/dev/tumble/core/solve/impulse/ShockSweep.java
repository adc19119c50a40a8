package dev.tumble.core.solve.impulse;

import java.util.Arrays;

/**
 * Shock propagation (after Guendelman, Bridson and Fedkiw, "Nonconvex rigid bodies with
 * stacking", 2003), run after each substep's relax: the manifolds are swept once from the ground
 * up, and in each one only the upper body is pushed, so that it does not approach the lower one,
 * which is held as it is.
 *
 * <p>Why: one Gauss-Seidel pass cannot carry a heavy body's weight through a light one. A light
 * body squeezed between the ground and a body hundreds of times heavier passes the load on a
 * little each pass, so the relax ends with the light body still driven into the ground and the
 * heavy one still sinking into it, and next substep's warm start pushes them apart again with
 * impulses that no longer hold: the pair sinks by centimetres and the push-out gives the heavy
 * body energy. Held from below, the upper body of each manifold leaves the substep not
 * approaching the body under it, whatever the masses.
 *
 * <p>A body's level is its distance, in manifolds, from an immovable body (static, asleep or
 * kinematic: level 0); a manifold holds its lower body, and none where both are level. A point
 * only pushes, and only as far as stopping the upper body's own approach: a held body that moves
 * away lets the upper one follow it (a box on a platform that drops falls with it), one that
 * moves into the upper body does not drive it (a light body that the push-out lifts does not
 * throw the heavy one above it). So each push slows one body along one
 * direction and takes kinetic energy out, never in. The pushes are not kept for the warm start or
 * reported in contact events: they have no reaction on the held body. Levels are found once a
 * step, as the contacts do not change inside it.
 */
final class ShockSweep {
    /** Passes over a manifold: each takes the mean of its points' pushes. */
    private static final int PASSES = 3;
    /**
     * Approach speed below which a point is not pushed, m/s: over a substep it closes less than a
     * micrometre, and a resting stack, which the relax leaves within it, costs one pass, not three.
     */
    private static final double TOLERANCE = 1e-4;
    /** No level (not connected to an immovable body through contacts). */
    private static final int UNREACHED = Integer.MAX_VALUE;

    private int[] level = new int[16];
    private int[] adjStart = new int[17], adj = new int[32], cursor = new int[16], queue = new int[16];
    /** Per manifold: which side is held (0: body 0, 1: body 1, −1: none); the manifolds by level. */
    private int[] heldSide = new int[16], order = new int[16], buckets = new int[16];
    private int ordered;
    /** One manifold's pushes of a pass, N·s. */
    private final double[] pushes = new double[ContactConstraints.BLOCK];

    /**
     * Finds each slot's level and each manifold's held side, and orders the manifolds from the
     * ground up (a counting sort by level, so the order is fixed by the data).
     */
    void prepare(ContactPoints c, int[] first, int manifolds, SolverBodies b) {
        int n = b.count;
        if (level.length < n) {
            int size = Math.max(n, 2 * level.length);
            level = new int[size];
            cursor = new int[size];
            queue = new int[size];
            adjStart = new int[size + 1];
        }
        if (heldSide.length < manifolds) {
            int size = Math.max(manifolds, 2 * heldSide.length);
            heldSide = new int[size];
            order = new int[size];
            adj = new int[2 * size];
        }
        link(c, first, manifolds, n);
        int tail = 0;
        for (int s = 0; s < n; s++) {
            level[s] = b.invMass[s] == 0 ? 0 : UNREACHED;
            if (level[s] == 0) {
                queue[tail++] = s;
            }
        }
        // Dynamic bodies on something static or asleep (slot −1) are level 1.
        for (int m = 0; m < manifolds; m++) {
            int s0 = c.slot0[first[m]], s1 = c.slot1[first[m]];
            int onGround = s0 < 0 ? s1 : s1 < 0 ? s0 : -1;
            if (onGround >= 0 && level[onGround] == UNREACHED) {
                level[onGround] = 1;
            }
        }
        for (int s = 0; s < n; s++) {
            if (level[s] == 1) {
                queue[tail++] = s;
            }
        }
        // Breadth first from those; the queue grows while it is walked. Level-0 bodies come
        // first, so a body touching both a kinematic body and the static world gets level 1.
        for (int head = 0; head < tail; head++) {
            int s = queue[head];
            for (int k = adjStart[s]; k < adjStart[s + 1]; k++) {
                int f = first[adj[k]];
                int other = c.slot0[f] == s ? c.slot1[f] : c.slot0[f];
                if (other >= 0 && level[other] == UNREACHED) {
                    level[other] = level[s] + 1;
                    queue[tail++] = other;
                }
            }
        }
        int maxLevel = 0;
        for (int m = 0; m < manifolds; m++) {
            int f = first[m];
            int l0 = levelOf(c.slot0[f]), l1 = levelOf(c.slot1[f]);
            heldSide[m] = l0 == l1 ? -1 : l0 < l1 ? 0 : 1;
            if (heldSide[m] >= 0 && Math.min(l0, l1) != UNREACHED) {
                maxLevel = Math.max(maxLevel, Math.min(l0, l1));
            }
        }
        sort(c, first, manifolds, maxLevel);
    }

    private int levelOf(int slot) {
        return slot < 0 ? 0 : level[slot];
    }

    /** Each slot's manifolds, as compressed rows of {@link #adj} from {@link #adjStart}. */
    private void link(ContactPoints c, int[] first, int manifolds, int n) {
        Arrays.fill(adjStart, 0, n + 1, 0);
        for (int m = 0; m < manifolds; m++) {
            int f = first[m];
            if (c.slot0[f] >= 0) {
                adjStart[c.slot0[f] + 1]++;
            }
            if (c.slot1[f] >= 0) {
                adjStart[c.slot1[f] + 1]++;
            }
        }
        for (int s = 0; s < n; s++) {
            adjStart[s + 1] += adjStart[s];
        }
        System.arraycopy(adjStart, 0, cursor, 0, n);
        for (int m = 0; m < manifolds; m++) {
            int f = first[m];
            if (c.slot0[f] >= 0) {
                adj[cursor[c.slot0[f]]++] = m;
            }
            if (c.slot1[f] >= 0) {
                adj[cursor[c.slot1[f]]++] = m;
            }
        }
    }

    /** The manifolds that hold a body, by the level of the held body (counting sort). */
    private void sort(ContactPoints c, int[] first, int manifolds, int maxLevel) {
        if (buckets.length < maxLevel + 2) {
            buckets = new int[Math.max(maxLevel + 2, 2 * buckets.length)];
        }
        Arrays.fill(buckets, 0, maxLevel + 2, 0);
        ordered = 0;
        for (int m = 0; m < manifolds; m++) {
            int l = heldLevel(c, first, m);
            if (l >= 0) {
                buckets[l + 1]++;
                ordered++;
            }
        }
        for (int l = 0; l <= maxLevel; l++) {
            buckets[l + 1] += buckets[l];
        }
        for (int m = 0; m < manifolds; m++) {
            int l = heldLevel(c, first, m);
            if (l >= 0) {
                order[buckets[l]++] = m;
            }
        }
    }

    /** The level of manifold m's held body, or −1 when it holds none (or neither body is reached). */
    private int heldLevel(ContactPoints c, int[] first, int m) {
        if (heldSide[m] < 0) {
            return -1;
        }
        int f = first[m];
        int l = Math.min(levelOf(c.slot0[f]), levelOf(c.slot1[f]));
        return l == UNREACHED ? -1 : l;
    }

    /**
     * The sweep: in each manifold, from the ground up, each point's push on the upper body alone
     * (with only that body in the effective mass) to no approach, or to close a speculative gap
     * exactly, as the relax. {@code h}: the substep, s.
     */
    void sweep(ContactPoints c, int[] first, int[] size, SolverBodies b, double h) {
        double invH = 1 / h;
        double[] q = c.point;
        for (int k = 0; k < ordered; k++) {
            int m = order[k], f = first[m], n = size[m];
            int side = 1 - heldSide[m]; // the moving side
            int u = side == 0 ? c.slot0[f] : c.slot1[f];
            double sign = side == 0 ? 1 : -1;
            for (int pass = 0; pass < PASSES; pass++) {
                int pushing = 0;
                for (int j = 0; j < n; j++) {
                    int i = f + j, p = ContactPoints.STRIDE * i;
                    double s = q[p + ContactPoints.CURRENT_SEPARATION];
                    double target = s > 0 ? -s * invH : 0;
                    double own = ownVelocity(c, b, i, p + ContactPoints.NORMAL, side, u);
                    double held = c.rowVelocity(b, i, p + ContactPoints.NORMAL) - own;
                    // A held body moving away lets u follow it; one moving into u does not drive it.
                    double approach = target - own - Math.max(held, 0);
                    double kn = approach > TOLERANCE ? ownMass(c, b, i, p + ContactPoints.NORMAL, side) : 0;
                    double push = kn > 0 ? approach / kn : 0;
                    pushes[j] = push > 0 ? push : 0;
                    pushing += push > 0 ? 1 : 0;
                }
                if (pushing == 0) {
                    break;
                }
                // Each point's push as if alone, all from the same velocities, then their mean: no
                // corner goes first (one at a time, the first corner of a face would tip the body),
                // and a mean of pushes that each slow u slows it too (kinetic energy is convex).
                for (int j = 0; j < n; j++) {
                    if (pushes[j] > 0) {
                        push(c, b, f + j, ContactPoints.STRIDE * (f + j) + ContactPoints.NORMAL, side, u,
                                sign * pushes[j] / pushing);
                    }
                }
            }
        }
    }

    /** The moving body's own part of row r's velocity (m/s): its term of {@link ContactPoints#rowVelocity}. */
    private static double ownVelocity(ContactPoints c, SolverBodies b, int i, int r, int side, int u) {
        double[] q = c.point, v = b.v, w = b.w;
        int k = 3 * u, rd = r + (side == 0 ? ContactPoints.RD0 : ContactPoints.RD1);
        double rate = q[r] * v[k] + q[r + 1] * v[k + 1] + q[r + 2] * v[k + 2]
                + q[rd] * w[k] + q[rd + 1] * w[k + 1] + q[rd + 2] * w[k + 2];
        return side == 0 ? rate : -rate;
    }

    /** The row's effective mass on the moving side alone, {@code m⁻¹ + (r×d)·I⁻¹(r×d)}, inverted later. */
    private static double ownMass(ContactPoints c, SolverBodies b, int i, int r, int side) {
        double[] q = c.point;
        int p = ContactPoints.STRIDE * i;
        int rd = r + (side == 0 ? ContactPoints.RD0 : ContactPoints.RD1);
        int ird = r + (side == 0 ? ContactPoints.IRD0 : ContactPoints.IRD1);
        return q[p + (side == 0 ? ContactPoints.IM0 : ContactPoints.IM1)]
                + q[rd] * q[ird] + q[rd + 1] * q[ird + 1] + q[rd + 2] * q[ird + 2];
    }

    /** Applies {@code lambda} (N·s, already signed for the side) along row r to slot u alone. */
    private static void push(ContactPoints c, SolverBodies b, int i, int r, int side, int u, double lambda) {
        double[] q = c.point, v = b.v, w = b.w;
        int p = ContactPoints.STRIDE * i, k = 3 * u;
        double l = lambda * q[p + (side == 0 ? ContactPoints.IM0 : ContactPoints.IM1)];
        int ird = r + (side == 0 ? ContactPoints.IRD0 : ContactPoints.IRD1);
        v[k] += l * q[r];
        v[k + 1] += l * q[r + 1];
        v[k + 2] += l * q[r + 2];
        w[k] += lambda * q[ird];
        w[k + 1] += lambda * q[ird + 1];
        w[k + 2] += lambda * q[ird + 2];
    }
}
