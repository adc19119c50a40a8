package dev.tumble.core.collision.broad;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.collision.CollisionFilter;
import dev.tumble.core.collision.PairCallback;
import dev.tumble.core.collision.shape.Aabb;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The AABB-tree broad phase reports exactly the brute-force pair set on a moving scene. */
class BroadPhaseOracleTest {
    static final int BODIES = 1000;
    static final int STEPS = 300;

    @Test
    void identicalPairsEveryStepOnAMovingScene() {
        Random rnd = new Random(42);
        BroadPhase bp = new BroadPhase();
        BruteForce bf = new BruteForce();
        PairCallback veto = (a, ua, b, ub) -> (a + b) % 23 != 0;
        bp.pairCallback(veto);
        bf.pairCallback(veto);
        double world = 25;
        int n = BODIES;
        double[] pos = new double[3 * n], vel = new double[3 * n], half = new double[3 * n];
        int[] ids = new int[n];
        boolean[] stat = new boolean[n];
        Object[] owners = new Object[n];
        Aabb box = new Aabb();
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                pos[3 * i + k] = rnd.nextDouble() * world;
                vel[3 * i + k] = (rnd.nextDouble() - 0.5) * 0.3;
                half[3 * i + k] = 0.1 + rnd.nextDouble() * 0.6;
            }
            stat[i] = rnd.nextInt(10) == 0;
            // Every fifth body shares its owner with the previous one: a compound, no self pairs.
            owners[i] = i % 5 == 4 ? owners[i - 1] : new Object();
            CollisionFilter f = new CollisionFilter(1 << rnd.nextInt(4), rnd.nextInt(8) == 0 ? 0b0011 : -1,
                    rnd.nextInt(6) == 0 ? (rnd.nextBoolean() ? 1 : -1) * (1 + rnd.nextInt(2)) : 0);
            aabb(pos, half, i, box);
            ids[i] = bp.add(box, f, stat[i], owners[i]);
            bf.add(ids[i], box, f, stat[i], owners[i]);
        }
        long total = 0;
        boolean[] sleeping = new boolean[n];
        for (int step = 0; step < STEPS; step++) {
            for (int i = 0; i < n; i++) {
                if (stat[i]) {
                    continue;
                }
                if (rnd.nextInt(50) == 0) {
                    sleeping[i] = !sleeping[i];
                    bp.sleeping(ids[i], sleeping[i]);
                    bf.sleeping(ids[i], sleeping[i]);
                }
                if (sleeping[i]) {
                    continue;
                }
                for (int k = 0; k < 3; k++) {
                    double p = pos[3 * i + k] + vel[3 * i + k];
                    if (p < 0 || p > world) {
                        vel[3 * i + k] = -vel[3 * i + k];
                        p = pos[3 * i + k] + vel[3 * i + k];
                    }
                    pos[3 * i + k] = p;
                }
                aabb(pos, half, i, box);
                bp.move(ids[i], box, vel[3 * i], vel[3 * i + 1], vel[3 * i + 2]);
                bf.move(ids[i], box);
            }
            // Remove and re-add a body now and then (ids may be reused).
            if (step % 10 == 5) {
                int i = rnd.nextInt(n);
                bp.remove(ids[i]);
                bf.remove(ids[i]);
                aabb(pos, half, i, box);
                ids[i] = bp.add(box, bp.filter(ids[0]), stat[i], owners[i]);
                bf.add(ids[i], box, bp.filter(ids[0]), stat[i], owners[i]);
                if (sleeping[i]) {
                    bp.sleeping(ids[i], true);
                    bf.sleeping(ids[i], true);
                }
            }
            int count = bp.updatePairs();
            long[] got = new long[count];
            for (int p = 0; p < count; p++) {
                got[p] = bp.pair(p);
            }
            long[] want = bf.pairs();
            assertArrayEquals(want, got, "step " + step);
            total += count;
        }
        assertEquals(n, bp.tree().validate());
        assertTrue(bp.tree().height() < 40, "tree height " + bp.tree().height());
        assertTrue(total > 1000 * STEPS / 100, "scene has pairs: " + total);
    }

    static void aabb(double[] pos, double[] half, int i, Aabb dest) {
        dest.set(pos[3 * i] - half[3 * i], pos[3 * i + 1] - half[3 * i + 1], pos[3 * i + 2] - half[3 * i + 2],
                pos[3 * i] + half[3 * i], pos[3 * i + 1] + half[3 * i + 1], pos[3 * i + 2] + half[3 * i + 2]);
    }

    @Test
    void filterSemantics() {
        CollisionFilter a = new CollisionFilter(0b01, 0b10, 0), b = new CollisionFilter(0b10, 0b01, 0);
        assertTrue(CollisionFilter.shouldCollide(a, b));
        assertFalse(CollisionFilter.shouldCollide(a, a), "mask excludes own category");
        assertTrue(CollisionFilter.shouldCollide(new CollisionFilter(1, 0, 3), new CollisionFilter(1, 0, 3)), "positive group wins");
        assertFalse(CollisionFilter.shouldCollide(new CollisionFilter(1, -1, -3), new CollisionFilter(1, -1, -3)), "negative group never");
        assertTrue(CollisionFilter.shouldCollide(new CollisionFilter(1, -1, -3), new CollisionFilter(1, -1, -4)), "different groups: bits");
    }

    @Test
    void staticStaticAndSleepingPairsSkipped() {
        BroadPhase bp = new BroadPhase();
        Aabb u = new Aabb(0, 0, 0, 1, 1, 1);
        int s1 = bp.add(u, null, true, "s1");
        int s2 = bp.add(u, null, true, "s2");
        int d1 = bp.add(u, null, false, "d1");
        int d2 = bp.add(u, null, false, "d2");
        bp.updatePairs();
        List<Long> all = new ArrayList<>();
        for (int i = 0; i < bp.pairCount(); i++) {
            all.add(bp.pair(i));
        }
        assertEquals(5, all.size(), "all but static-static: " + all);
        assertFalse(all.contains(((long) s1 << 32) | s2));
        bp.sleeping(d1, true);
        bp.sleeping(d2, true);
        assertEquals(0, bp.updatePairs(), "sleeping-sleeping and static-sleeping skipped");
        bp.sleeping(d2, false);
        assertEquals(3, bp.updatePairs());
        assertTrue(Arrays.asList(bp.pairA(0), bp.pairA(1), bp.pairA(2)).stream().allMatch(x -> x <= d2));
    }
}
