package dev.tumble.core.island;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Islands from union-find against connected components found by breadth-first search. */
class IslandBuilderTest {

    @Test
    void matchesBreadthFirstComponentsOnRandomGraphs() {
        Random rnd = new Random(42);
        IslandBuilder builder = new IslandBuilder();
        for (int trial = 0; trial < 300; trial++) {
            int n = 1 + rnd.nextInt(120);
            int m = rnd.nextInt(2 * n + 1);
            boolean[] in = new boolean[n];
            for (int i = 0; i < n; i++) {
                in[i] = rnd.nextInt(10) != 0; // ~10 % static
            }
            int[][] edges = new int[m][2];
            builder.begin(n);
            for (int e = 0; e < m; e++) {
                int a = rnd.nextInt(n + 1) - 1;
                int b = rnd.nextInt(n + 1) - 1;
                // Static bodies are passed as −1, as the world does.
                a = a >= 0 && in[a] ? a : -1;
                b = b >= 0 && in[b] ? b : -1;
                edges[e][0] = a;
                edges[e][1] = b;
                builder.connect(a, b);
            }
            builder.finish(in);

            int[] comp = bfsComponents(n, in, edges);
            // Same partition: two bodies share an island iff they share a component.
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    if (!in[i] || !in[j]) {
                        continue;
                    }
                    assertEquals(comp[i] == comp[j], builder.islandOfBody(i) == builder.islandOfBody(j),
                            "bodies " + i + ", " + j + " in trial " + trial);
                }
            }
            // Deterministic order: islands by lowest body, bodies ascending, constraints in order.
            int lastFirst = -1;
            int bodiesSeen = 0;
            int constraintsSeen = 0;
            for (int k = 0; k < builder.islandCount(); k++) {
                int first = builder.body(k, 0);
                assertTrue(first > lastFirst, "islands ordered by lowest body");
                lastFirst = first;
                for (int j = 1; j < builder.bodyCount(k); j++) {
                    assertTrue(builder.body(k, j) > builder.body(k, j - 1));
                }
                for (int j = 0; j < builder.constraintCount(k); j++) {
                    int c = builder.constraint(k, j);
                    assertEquals(k, builder.islandOfConstraint(c));
                    if (j > 0) {
                        assertTrue(c > builder.constraint(k, j - 1));
                    }
                }
                bodiesSeen += builder.bodyCount(k);
                constraintsSeen += builder.constraintCount(k);
            }
            int expectedBodies = 0;
            for (boolean b : in) {
                expectedBodies += b ? 1 : 0;
            }
            int expectedConstraints = 0;
            for (int[] e : edges) {
                expectedConstraints += (e[0] >= 0 || e[1] >= 0) ? 1 : 0;
            }
            assertEquals(expectedBodies, bodiesSeen);
            assertEquals(expectedConstraints, constraintsSeen);
        }
    }

    private static int[] bfsComponents(int n, boolean[] in, int[][] edges) {
        List<List<Integer>> adj = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            adj.add(new ArrayList<>());
        }
        for (int[] e : edges) {
            if (e[0] >= 0 && e[1] >= 0) {
                adj.get(e[0]).add(e[1]);
                adj.get(e[1]).add(e[0]);
            }
        }
        int[] comp = new int[n];
        java.util.Arrays.fill(comp, -1);
        int c = 0;
        for (int s = 0; s < n; s++) {
            if (!in[s] || comp[s] >= 0) {
                continue;
            }
            ArrayDeque<Integer> q = new ArrayDeque<>();
            q.add(s);
            comp[s] = c;
            while (!q.isEmpty()) {
                int u = q.poll();
                for (int v : adj.get(u)) {
                    if (comp[v] < 0) {
                        comp[v] = c;
                        q.add(v);
                    }
                }
            }
            c++;
        }
        return comp;
    }
}
