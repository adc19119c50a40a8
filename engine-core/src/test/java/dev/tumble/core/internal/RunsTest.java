package dev.tumble.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A pass walked in runs visits every element once, in the order of one loop. */
class RunsTest {

    @Test
    void runsCoverThePassInOrder() {
        for (int start : new int[] {0, 1}) {
            for (int n = start; n <= 3 * Runs.LENGTH + 5; n++) {
                List<Integer> visited = new ArrayList<>();
                int runs = 0;
                for (int s = start; s < n; s += Runs.LENGTH) {
                    int end = Runs.end(s, n);
                    assertEquals(Math.min(Runs.LENGTH, n - s), end - s, "run at " + s + " of " + n);
                    for (int i = s; i < end; i++) {
                        visited.add(i);
                    }
                    runs++;
                }
                List<Integer> expected = new ArrayList<>();
                for (int i = start; i < n; i++) {
                    expected.add(i);
                }
                assertEquals(expected, visited, "n = " + n);
                assertEquals((n - start + Runs.LENGTH - 1) / Runs.LENGTH, runs, "runs for n = " + n);
            }
        }
    }

    @Test
    void aRunMethodReachesItsWholeCompileBeforeOnStackReplacement() {
        // HotSpot's defaults: compiled whole after 600 calls once calls plus loop turns pass
        // 15,000 (Tier4MinInvocationThreshold, Tier4CompileThreshold); on stack once a loop has
        // turned 40,000 times (Tier4BackEdgeThreshold). A longer run would reach the second first.
        int turnsAt600Calls = 600 * Runs.LENGTH;
        assertTrue(turnsAt600Calls < 40_000, "runs of " + Runs.LENGTH + " turn their loop too often");
        assertTrue(600 + turnsAt600Calls >= 15_000, "runs of " + Runs.LENGTH + " are too short to matter");
    }
}
