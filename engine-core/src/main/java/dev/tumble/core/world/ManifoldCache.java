package dev.tumble.core.world;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.narrow.ContactManifold;
import dev.tumble.core.collision.narrow.ContactPoint;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * Remembers each shape pair's contact manifold in the two bodies' own frames, and hands it back
 * instead of running the narrow phase again while the pair's relative pose has hardly changed
 * since it was computed (a body-pair cache, as in Jolt and PhysX's persistent manifolds).
 *
 * <p>A resting stack's pairs keep their relative pose to within micrometres step after step, yet
 * the narrow phase would redo separating-axis tests and clipping for every one of them. Here a
 * manifold is stored with the relative pose it was found at; while the mover (the smaller body of
 * the pair, or the dynamic one against a static body) has moved less than the pair's tolerance
 * relative to the other — translation plus turn times its outer radius, measured from that stored
 * pose, so the drift cannot accumulate — each stored point is carried to the bodies' current poses:
 * its two surface points are taken along with their bodies, the normal with body B, and the
 * penetration is measured again between them. So the depth stays exact for the features found,
 * and only a new feature coming into touch (which needs the pair to move by the tolerance) waits
 * for the next full test. Empty results are cached too: a pair whose fat boxes overlap but whose
 * shapes are apart stays apart until it moves.
 *
 * <p>Entries follow the broad phase's pair order (sorted by proxy ids), so last step's entry of a
 * pair is found by walking a cursor, with no hashing. Manifold data sits in a pool of fixed-size
 * slots that a carried-over pair keeps, so a reused pair copies two words. Arrays grow on demand:
 * no allocation once warmed up. The decisions depend only on the bodies' states and this cache,
 * which {@link World#snapshot()} saves, so runs stay deterministic and restorable.
 */
final class ManifoldCache {
    /** Doubles per slot: the mover's relative position (3) and orientation (4), then per point 9. */
    private static final int POSE = 7;
    private static final int PER_POINT = 9;
    private static final int STRIDE = POSE + PER_POINT * ContactManifold.MAX_POINTS;
    /** Ints per slot: the point count, then per point its feature id. */
    private static final int ISTRIDE = 1 + ContactManifold.MAX_POINTS;

    private double[] data = new double[64 * STRIDE];
    private int[] idata = new int[64 * ISTRIDE];
    private int[] free = new int[64];
    private int freeCount;
    private int slotCount;

    private Entries previous = new Entries();
    private Entries current = new Entries();
    private boolean[] carried = new boolean[64];
    private int cursor;
    private long lastKey = Long.MIN_VALUE;

    private final double[] ta = new double[12];
    private final double[] tb = new double[12];
    /** The mover's current relative pose, for {@link #poseHeld}. */
    private final double[] pose = new double[POSE];
    /** The last {@link #reuse} miss that matched a pair: its slot, to be overwritten by {@link #store}. */
    private int pendingSlot = -1;
    private long pendingKey;

    /** Starts a step's pass over the pairs: last step's entries become the ones to match. */
    void beginStep() {
        Entries t = previous;
        previous = current;
        current = t;
        current.count = 0;
        if (carried.length < previous.count) {
            carried = new boolean[Math.max(previous.count, 2 * carried.length)];
        }
        Arrays.fill(carried, 0, previous.count, false);
        cursor = 0;
        lastKey = Long.MIN_VALUE;
        pendingSlot = -1;
    }

    /** Ends the pass: slots of pairs not seen this step go back to the pool. */
    void finishStep() {
        for (int i = 0; i < previous.count; i++) {
            if (!carried[i]) {
                release(previous.slot[i]);
            }
        }
        previous.count = 0;
        pendingSlot = -1;
    }

    /**
     * Writes the stored manifold of the pair into {@code out} when it may be reused.
     *
     * @param key the pair's key in the broad phase's order ({@code lower proxy << 32 | higher})
     * @param aLow whether body {@code a} owns the lower proxy
     * @param moverIsA whether {@code a} is the pair's mover (see the class comment)
     * @param tolerance how far (m) the mover may have moved relative to the other body
     * @param moverRadius the mover's outer radius (m): how far a turn of 1 rad moves its points
     * @param margin points further apart than this (m) are left out, as the narrow phase would
     * @return whether {@code out} now holds the pair's contacts; if not, call {@link #store}
     *     with the narrow phase's result
     */
    boolean reuse(long key, boolean aLow, RigidBody a, RigidBody b, boolean moverIsA, double tolerance,
            double moverRadius, double margin, ContactManifold out) {
        int prev = findPrevious(key, aLow, a, b);
        pendingSlot = -1;
        if (prev < 0) {
            return false;
        }
        int slot = previous.slot[prev];
        carried[prev] = true;
        a.getTransform(ta);
        b.getTransform(tb);
        int d = slot * STRIDE;
        if (!poseHeld(moverIsA ? a : b, moverIsA ? b : a, moverIsA ? ta : tb, moverIsA ? tb : ta, d,
                tolerance, moverRadius)) {
            pendingSlot = slot;
            pendingKey = key;
            return false;
        }
        current.append(key, aLow, a, b, slot);
        out.clear();
        int n = idata[slot * ISTRIDE];
        for (int k = 0; k < n; k++) {
            int p = d + POSE + k * PER_POINT;
            // Surface points carried with their bodies, the normal with B; depth measured anew.
            double ax = ta[0] * data[p] + ta[1] * data[p + 1] + ta[2] * data[p + 2] + ta[3];
            double ay = ta[4] * data[p] + ta[5] * data[p + 1] + ta[6] * data[p + 2] + ta[7];
            double az = ta[8] * data[p] + ta[9] * data[p + 1] + ta[10] * data[p + 2] + ta[11];
            double bx = tb[0] * data[p + 3] + tb[1] * data[p + 4] + tb[2] * data[p + 5] + tb[3];
            double by = tb[4] * data[p + 3] + tb[5] * data[p + 4] + tb[6] * data[p + 5] + tb[7];
            double bz = tb[8] * data[p + 3] + tb[9] * data[p + 4] + tb[10] * data[p + 5] + tb[11];
            double nx = tb[0] * data[p + 6] + tb[1] * data[p + 7] + tb[2] * data[p + 8];
            double ny = tb[4] * data[p + 6] + tb[5] * data[p + 7] + tb[6] * data[p + 8];
            double nz = tb[8] * data[p + 6] + tb[9] * data[p + 7] + tb[10] * data[p + 8];
            double penetration = (bx - ax) * nx + (by - ay) * ny + (bz - az) * nz;
            if (penetration < -margin) {
                continue;
            }
            out.add(0.5 * (ax + bx), 0.5 * (ay + by), 0.5 * (az + bz), nx, ny, nz, penetration,
                    idata[slot * ISTRIDE + 1 + k]);
        }
        // The order the solver meets the points in matters to Gauss-Seidel: the stored order was
        // right for the depths it was found at, and a tilting pair's deepest point changes (kept
        // in storage order, a tall stack sinks further).
        out.deepestFirst();
        return true;
    }

    /**
     * Stores the narrow phase's manifold {@code m} of the pair last passed to {@link #reuse}
     * (same arguments), with the relative pose it was found at. A manifold of more points than a
     * slot holds is not stored (the pair is tested afresh next step).
     */
    void store(long key, boolean aLow, RigidBody a, RigidBody b, boolean moverIsA, ContactManifold m) {
        int slot = pendingSlot >= 0 && pendingKey == key ? pendingSlot : -1;
        pendingSlot = -1;
        if (m.size() > ContactManifold.MAX_POINTS) {
            if (slot >= 0) {
                release(slot);
            }
            return;
        }
        if (slot < 0) {
            slot = acquire();
        }
        a.getTransform(ta);
        b.getTransform(tb);
        int d = slot * STRIDE;
        relativePose(moverIsA ? a : b, moverIsA ? b : a, moverIsA ? ta : tb, moverIsA ? tb : ta, data, d);
        idata[slot * ISTRIDE] = m.size();
        for (int k = 0; k < m.size(); k++) {
            ContactPoint c = m.get(k);
            double h = 0.5 * c.penetration;
            int p = d + POSE + k * PER_POINT;
            // A's surface point lies half the depth behind the midpoint (against the normal), B's ahead.
            toLocal(ta, c.point.x - h * c.normal.x, c.point.y - h * c.normal.y, c.point.z - h * c.normal.z, p);
            toLocal(tb, c.point.x + h * c.normal.x, c.point.y + h * c.normal.y, c.point.z + h * c.normal.z, p + 3);
            data[p + 6] = tb[0] * c.normal.x + tb[4] * c.normal.y + tb[8] * c.normal.z;
            data[p + 7] = tb[1] * c.normal.x + tb[5] * c.normal.y + tb[9] * c.normal.z;
            data[p + 8] = tb[2] * c.normal.x + tb[6] * c.normal.y + tb[10] * c.normal.z;
            idata[slot * ISTRIDE + 1 + k] = c.featureId;
        }
        current.append(key, aLow, a, b, slot);
    }

    private void toLocal(double[] t, double x, double y, double z, int at) {
        double dx = x - t[3], dy = y - t[7], dz = z - t[11];
        data[at] = t[0] * dx + t[4] * dy + t[8] * dz;
        data[at + 1] = t[1] * dx + t[5] * dy + t[9] * dz;
        data[at + 2] = t[2] * dx + t[6] * dy + t[10] * dz;
    }

    /** Writes the mover's centre and orientation in the other body's frame into {@code dest[at..at+6]}. */
    private static void relativePose(RigidBody mover, RigidBody other, double[] tm, double[] to, double[] dest, int at) {
        double dx = tm[3] - to[3], dy = tm[7] - to[7], dz = tm[11] - to[11];
        dest[at] = to[0] * dx + to[4] * dy + to[8] * dz;
        dest[at + 1] = to[1] * dx + to[5] * dy + to[9] * dz;
        dest[at + 2] = to[2] * dx + to[6] * dy + to[10] * dz;
        // conj(q_other) · q_mover
        double ow = other.orientationW(), ox = -other.orientationX(), oy = -other.orientationY(),
                oz = -other.orientationZ();
        double mw = mover.orientationW(), mx = mover.orientationX(), my = mover.orientationY(),
                mz = mover.orientationZ();
        dest[at + 3] = ow * mw - ox * mx - oy * my - oz * mz;
        dest[at + 4] = ow * mx + ox * mw + oy * mz - oz * my;
        dest[at + 5] = ow * my - ox * mz + oy * mw + oz * mx;
        dest[at + 6] = ow * mz + ox * my - oy * mx + oz * mw;
    }

    /**
     * Whether the mover's pose relative to the other body is within {@code tolerance} of the
     * stored one: half of it for the translation, half for the turn at the mover's outer radius.
     */
    private boolean poseHeld(RigidBody mover, RigidBody other, double[] tm, double[] to, int d,
            double tolerance, double moverRadius) {
        relativePose(mover, other, tm, to, pose, 0);
        double ex = pose[0] - data[d], ey = pose[1] - data[d + 1], ez = pose[2] - data[d + 2];
        double half = 0.5 * tolerance;
        if (ex * ex + ey * ey + ez * ez > half * half) {
            return false;
        }
        double dot = pose[3] * data[d + 3] + pose[4] * data[d + 4] + pose[5] * data[d + 5] + pose[6] * data[d + 6];
        // sin²(θ/2) = 1 − dot² for unit quaternions, and θ² ≤ 4·sin²(θ/2)·(π²/4) for θ ≤ π: bound
        // θ by π·sin(θ/2) so the test is conservative at any angle.
        double theta2 = Math.PI * Math.PI * Math.max(0, 1 - dot * dot);
        return theta2 * moverRadius * moverRadius <= half * half;
    }

    /** The index of last step's entry for this pair and these bodies, or −1. */
    private int findPrevious(long key, boolean aLow, RigidBody a, RigidBody b) {
        if (key < lastKey) {
            cursor = 0; // not in the broad phase's order (never expected): search from the start
        }
        lastKey = key;
        Entries p = previous;
        while (cursor < p.count && p.key[cursor] < key) {
            cursor++;
        }
        if (cursor < p.count && p.key[cursor] == key && !carried[cursor] && p.aLow[cursor] == aLow
                && p.same(cursor, a, b)) {
            return cursor;
        }
        return -1;
    }

    private int acquire() {
        if (freeCount > 0) {
            return free[--freeCount];
        }
        int slot = slotCount++;
        if ((slot + 1) * STRIDE > data.length) {
            data = Arrays.copyOf(data, Math.max((slot + 1) * STRIDE, 2 * data.length));
            idata = Arrays.copyOf(idata, Math.max((slot + 1) * ISTRIDE, 2 * idata.length));
        }
        return slot;
    }

    private void release(int slot) {
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, 2 * free.length);
        }
        free[freeCount++] = slot;
    }

    /** Writes this step's pairs and manifolds (the state the next step starts from). */
    void write(DataOutput out) throws IOException {
        out.writeInt(current.count);
        for (int i = 0; i < current.count; i++) {
            out.writeLong(current.key[i]);
            out.writeBoolean(current.aLow[i]);
            out.writeInt(current.bodyA[i]);
            out.writeInt(current.genA[i]);
            out.writeInt(current.bodyB[i]);
            out.writeInt(current.genB[i]);
            int s = current.slot[i];
            int n = idata[s * ISTRIDE];
            out.writeInt(n);
            for (int k = 0; k < n; k++) {
                out.writeInt(idata[s * ISTRIDE + 1 + k]);
            }
            for (int k = 0; k < POSE + n * PER_POINT; k++) {
                out.writeDouble(data[s * STRIDE + k]);
            }
        }
    }

    /** Reads what {@link #write} wrote, replacing every entry; throws on malformed data. */
    void read(DataInput in) throws IOException {
        int count = in.readInt();
        if (count < 0 || count > 50_000_000) {
            throw new IllegalArgumentException("snapshot manifold count must be 0..50000000, was " + count);
        }
        ManifoldCache r = new ManifoldCache();
        for (int i = 0; i < count; i++) {
            long key = in.readLong();
            boolean aLow = in.readBoolean();
            int ba = in.readInt(), ga = in.readInt(), bb = in.readInt(), gb = in.readInt();
            int n = in.readInt();
            if (n < 0 || n > ContactManifold.MAX_POINTS) {
                throw new IllegalArgumentException("snapshot manifold point count must be 0.."
                        + ContactManifold.MAX_POINTS + ", was " + n);
            }
            int s = r.acquire();
            r.idata[s * ISTRIDE] = n;
            for (int k = 0; k < n; k++) {
                r.idata[s * ISTRIDE + 1 + k] = in.readInt();
            }
            for (int k = 0; k < POSE + n * PER_POINT; k++) {
                double v = in.readDouble();
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException("snapshot manifold value must be finite, was " + v);
                }
                r.data[s * STRIDE + k] = v;
            }
            r.current.append(key, aLow, ba, ga, bb, gb, s);
        }
        data = r.data;
        idata = r.idata;
        free = r.free;
        freeCount = r.freeCount;
        slotCount = r.slotCount;
        current = r.current;
        previous = r.previous;
        pendingSlot = -1;
    }

    /** One step's pairs, in the order seen, with the slot holding each manifold. */
    private static final class Entries {
        long[] key = new long[64];
        boolean[] aLow = new boolean[64];
        int[] bodyA = new int[64];
        int[] genA = new int[64];
        int[] bodyB = new int[64];
        int[] genB = new int[64];
        int[] slot = new int[64];
        int count;

        void append(long k, boolean low, RigidBody a, RigidBody b, int s) {
            append(k, low, a.id().index(), a.id().generation(), b.id().index(), b.id().generation(), s);
        }

        void append(long k, boolean low, int ba, int ga, int bb, int gb, int s) {
            if (count == key.length) {
                int n = 2 * count;
                key = Arrays.copyOf(key, n);
                aLow = Arrays.copyOf(aLow, n);
                bodyA = Arrays.copyOf(bodyA, n);
                genA = Arrays.copyOf(genA, n);
                bodyB = Arrays.copyOf(bodyB, n);
                genB = Arrays.copyOf(genB, n);
                slot = Arrays.copyOf(slot, n);
            }
            key[count] = k;
            aLow[count] = low;
            bodyA[count] = ba;
            genA[count] = ga;
            bodyB[count] = bb;
            genB[count] = gb;
            slot[count] = s;
            count++;
        }

        /** Whether entry {@code i} is of these two bodies (the same ones, not a reused slot). */
        boolean same(int i, RigidBody a, RigidBody b) {
            return bodyA[i] == a.id().index() && genA[i] == a.id().generation()
                    && bodyB[i] == b.id().index() && genB[i] == b.id().generation();
        }
    }
}
