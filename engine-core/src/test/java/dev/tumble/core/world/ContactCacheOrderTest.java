package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The cache's ordered try (the entry after the last match, taken without a lookup when provably
 * the first with its key) gives exactly what a lookup of every contact gave
 * ({@link ContactCacheReference}, the cache before it): same matches, same impulses carried, same
 * nearby matches, same snapshot bytes, over sequences that mostly repeat the previous step (as a
 * resting pile does) with contacts appearing, vanishing and flickering, runs reordered, keys
 * repeated within a run and pairs split over several runs.
 */
class ContactCacheOrderTest {

    /** One contact: pair slots, feature, point. */
    private record Entry(int a, int b, long feature, double x, double y, double z) {
        long pair() {
            return ContactCache.pairKey(a, b);
        }
    }

    @Test
    void orderedTryMatchesLookingUpEveryContact() throws IOException {
        Random rnd = new Random(11);
        int tries = 0;
        for (int run = 0; run < 40; run++) {
            ContactCache cache = new ContactCache();
            ContactCacheReference oracle = new ContactCacheReference();
            List<List<Entry>> runs = initial(rnd, 5 + rnd.nextInt(60));
            for (int step = 0; step < 60; step++) {
                String at = "run " + run + " step " + step;
                cache.beginStep();
                oracle.beginStep();
                List<Entry> flat = new ArrayList<>();
                runs.forEach(flat::addAll);
                for (int i = 0; i < flat.size(); i++) {
                    Entry e = flat.get(i);
                    int got = cache.add(e.pair(), e.feature());
                    int want = oracle.add(e.pair(), e.feature(), e.a(), e.b());
                    assertEquals(want, got, at + " contact " + i);
                    cache.setPoint(i, e.x(), e.y(), e.z());
                    oracle.setPoint(i, e.x(), e.y(), e.z());
                    tries++;
                }
                for (int i = 0; i < flat.size(); i++) {
                    assertEquals(oracle.matchNearby(i, 0.05), cache.matchNearby(i, 0.05), at + " nearby " + i);
                    for (int k = 0; k < ContactCache.IMPULSES; k++) {
                        assertEquals(oracle.impulse(i, k), cache.impulse(i, k), at + " impulse " + i);
                        double v = rnd.nextDouble();
                        cache.setImpulse(i, k, v);
                        oracle.setImpulse(i, k, v);
                    }
                }
                assertEquals(oracle.previousCount(), cache.previousCount());
                for (int i = 0; i < oracle.previousCount(); i++) {
                    assertEquals(oracle.matched(i), cache.matched(i), at + " matched " + i);
                }
                if (rnd.nextInt(15) == 0) {
                    int slot = rnd.nextInt(12);
                    cache.removeBody(slot);
                    oracle.removeBody(slot);
                    runs.forEach(r -> r.removeIf(e -> e.a() == slot || e.b() == slot));
                    runs.removeIf(List::isEmpty);
                }
                assertArrayEquals(bytes(oracle), bytes(cache), at + " snapshot");
                runs = next(rnd, runs);
            }
        }
        assertTrue(tries > 10_000, "enough contacts compared: " + tries);
    }

    private static byte[] bytes(Object cache) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DataOutputStream data = new DataOutputStream(out);
        if (cache instanceof ContactCache c) {
            c.write(data);
        } else {
            ((ContactCacheReference) cache).write(data);
        }
        return out.toByteArray();
    }

    private static List<List<Entry>> initial(Random rnd, int pairs) {
        List<List<Entry>> runs = new ArrayList<>();
        for (int p = 0; p < pairs; p++) {
            runs.add(newRun(rnd, rnd.nextInt(12), rnd.nextInt(13) - 1));
        }
        return runs;
    }

    private static List<Entry> newRun(Random rnd, int a, int b) {
        List<Entry> run = new ArrayList<>();
        int n = 1 + rnd.nextInt(4);
        for (int k = 0; k < n; k++) {
            run.add(entry(rnd, a, b));
        }
        return run;
    }

    private static Entry entry(Random rnd, int a, int b) {
        long shapes = (long) rnd.nextInt(2) << 32;
        return new Entry(a, b, shapes | rnd.nextInt(6), rnd.nextDouble() * 0.1, rnd.nextDouble() * 0.1, 0);
    }

    /** Mostly the same runs in the same order; some contacts change, runs move, keys repeat. */
    private static List<List<Entry>> next(Random rnd, List<List<Entry>> runs) {
        List<List<Entry>> out = new ArrayList<>();
        for (List<Entry> r : runs) {
            List<Entry> copy = new ArrayList<>();
            for (Entry e : r) {
                int roll = rnd.nextInt(100);
                if (roll < 3) {
                    continue; // vanished
                }
                if (roll < 8) {
                    // Flickered feature id, same place.
                    copy.add(new Entry(e.a(), e.b(), (e.feature() & ~0xFFFFFFFFL) | rnd.nextInt(6), e.x(), e.y(), e.z()));
                } else {
                    copy.add(e);
                }
                if (roll == 99) {
                    copy.add(e); // the same key twice in one run
                }
            }
            if (rnd.nextInt(30) == 0) {
                copy.add(entry(rnd, r.get(0).a(), r.get(0).b()));
            }
            if (rnd.nextInt(8) == 0) {
                // A manifold handing its points over in another order (carried manifolds sort
                // theirs deepest first): the try then searches the pair's run.
                Collections.shuffle(copy, rnd);
            }
            if (!copy.isEmpty()) {
                out.add(copy);
            }
        }
        if (rnd.nextInt(4) == 0 && out.size() > 1) {
            Collections.swap(out, rnd.nextInt(out.size()), rnd.nextInt(out.size()));
        }
        if (rnd.nextInt(5) == 0 && !out.isEmpty()) {
            // A pair in a second, separate run (a body with several shapes).
            List<Entry> r = out.get(rnd.nextInt(out.size()));
            out.add(rnd.nextInt(out.size() + 1), newRun(rnd, r.get(0).a(), r.get(0).b()));
        }
        if (rnd.nextInt(6) == 0) {
            out.add(rnd.nextInt(out.size() + 1), newRun(rnd, rnd.nextInt(12), rnd.nextInt(13) - 1));
        }
        if (rnd.nextInt(20) == 0 && out.size() > 3) {
            out.remove(rnd.nextInt(out.size()));
        }
        return out;
    }
}
