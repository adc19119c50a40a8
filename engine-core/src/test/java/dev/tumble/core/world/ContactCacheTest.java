package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The contact cache against a HashMap oracle over random contact sequences. */
class ContactCacheTest {

    @Test
    void beginPersistEndMatchAHashMapOracle() {
        Random rnd = new Random(7);
        ContactCache cache = new ContactCache();
        Map<String, Double> oracle = new HashMap<>();
        for (int step = 0; step < 500; step++) {
            cache.beginStep();
            Map<String, Double> next = new HashMap<>();
            int n = rnd.nextInt(60);
            Set<String> seen = new HashSet<>();
            for (int c = 0; c < n; c++) {
                int a = rnd.nextInt(10);
                int b = rnd.nextInt(11) - 1;
                long f = rnd.nextInt(6);
                String key = a + "/" + b + "/" + f;
                if (!seen.add(key)) {
                    continue;
                }
                int prev = cache.add(ContactCache.pairKey(a, b), f);
                int cur = cache.currentCount() - 1;
                assertEquals(oracle.containsKey(key), prev >= 0, "persist vs begin for " + key + " at step " + step);
                if (prev >= 0) {
                    assertEquals(oracle.get(key), cache.impulse(cur, 0), "warm-start impulse carried over");
                }
                double impulse = rnd.nextDouble();
                cache.setImpulse(cur, 0, impulse);
                next.put(key, impulse);
            }
            int ended = 0;
            for (int i = 0; i < cache.previousCount(); i++) {
                String key = cache.previousBodyA(i) + "/" + cache.previousBodyB(i) + "/" + cache.previousFeature(i);
                if (!cache.matched(i)) {
                    ended++;
                    assertFalse(next.containsKey(key), "an ended contact is not current: " + key);
                } else {
                    assertTrue(next.containsKey(key));
                }
            }
            long expectedEnded = oracle.keySet().stream().filter(k -> !next.containsKey(k)).count();
            assertEquals(expectedEnded, ended, "end events at step " + step);
            oracle = next;
        }
    }

    @Test
    void snapshotRestoresTheSameEntriesInTheSameOrder() throws Exception {
        ContactCache a = new ContactCache();
        a.beginStep();
        for (int i = 0; i < 40; i++) {
            int cur = a.currentCount();
            a.add(ContactCache.pairKey(i % 7, i % 3 - 1), i);
            a.setImpulse(cur, 1, i * 0.25);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        a.write(new DataOutputStream(bytes));
        ContactCache b = new ContactCache();
        b.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        a.beginStep();
        b.beginStep();
        for (int i = 39; i >= 0; i -= 2) {
            int pa = a.add(ContactCache.pairKey(i % 7, i % 3 - 1), i);
            int pb = b.add(ContactCache.pairKey(i % 7, i % 3 - 1), i);
            assertEquals(pa, pb);
            assertEquals(a.impulse(a.currentCount() - 1, 1), b.impulse(b.currentCount() - 1, 1));
        }
    }
}
