package dev.tumble.core.island;

import java.util.Arrays;

/**
 * Groups bodies into islands — sets connected through touching contacts and joints — by
 * union-find, so that each island can be resolved, put to sleep and woken on its own.
 *
 * <p>Bodies are numbered {@code 0..bodyCount-1}; static bodies take part in no island (pass −1 for
 * them), so a floor does not glue everything on it into one island. Output is deterministic:
 * islands are ordered by their lowest body index, bodies ascending within an island, constraints
 * in input order within an island. Arrays grow on demand and are reused: no allocation once
 * warmed up.
 */
public final class IslandBuilder {
    private int[] parent = new int[16];
    private int[] constraintA = new int[16];
    private int[] constraintB = new int[16];
    private int bodyCount;
    private int constraintCount;

    // Results.
    private int islandCount;
    private int[] islandOfBody = new int[16];
    private int[] bodyOrder = new int[16];
    private int[] bodyStart = new int[17];
    private int[] constraintOrder = new int[16];
    private int[] constraintStart = new int[17];
    private int[] rootToIsland = new int[16];
    private int[] cursor = new int[17];

    /**
     * Starts a new build over {@code bodyCount} bodies with no constraints.
     *
     * @param bodyCount the number of bodies (≥ 0)
     */
    public void begin(int bodyCount) {
        this.bodyCount = bodyCount;
        this.constraintCount = 0;
        if (parent.length < bodyCount) {
            int n = Math.max(bodyCount, parent.length * 2);
            parent = new int[n];
            islandOfBody = new int[n];
            bodyOrder = new int[n];
            rootToIsland = new int[n];
            bodyStart = new int[n + 1];
            cursor = new int[n + 1];
        }
        for (int i = 0; i < bodyCount; i++) {
            parent[i] = i;
        }
    }

    /**
     * Adds a constraint (contact or joint) between two bodies; either may be −1 (static or
     * absent). A constraint with no dynamic body belongs to no island.
     *
     * @param bodyA one body's index, or −1
     * @param bodyB the other body's index, or −1
     * @return the constraint's index (its order of addition)
     */
    public int connect(int bodyA, int bodyB) {
        if (constraintCount == constraintA.length) {
            constraintA = Arrays.copyOf(constraintA, constraintCount * 2);
            constraintB = Arrays.copyOf(constraintB, constraintCount * 2);
        }
        constraintA[constraintCount] = bodyA;
        constraintB[constraintCount] = bodyB;
        if (bodyA >= 0 && bodyB >= 0) {
            union(bodyA, bodyB);
        }
        return constraintCount++;
    }

    private int find(int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]]; // path halving
            i = parent[i];
        }
        return i;
    }

    private void union(int a, int b) {
        int ra = find(a);
        int rb = find(b);
        if (ra == rb) {
            return;
        }
        // The lower index becomes the root: island identity is the lowest body index.
        if (ra < rb) {
            parent[rb] = ra;
        } else {
            parent[ra] = rb;
        }
    }

    /**
     * Finishes the build. Bodies flagged false in {@code inIsland} (static, or not simulated)
     * are left out of every island; pass null to include all.
     *
     * @param inIsland per body, whether it may join an island; or null
     */
    public void finish(boolean[] inIsland) {
        labelIslands(inIsland);
        sortBodies();
        sortConstraints();
    }

    /** Numbers the islands in order of their lowest body and labels every body with its own. */
    private void labelIslands(boolean[] inIsland) {
        islandCount = 0;
        Arrays.fill(rootToIsland, 0, bodyCount, -1);
        for (int i = 0; i < bodyCount; i++) {
            if (inIsland != null && !inIsland[i]) {
                islandOfBody[i] = -1;
                continue;
            }
            int r = find(i);
            if (rootToIsland[r] < 0) {
                rootToIsland[r] = islandCount++;
            }
            islandOfBody[i] = rootToIsland[r];
        }
    }

    /** Counting sort of bodies by island (stable: ascending body index within an island). */
    private void sortBodies() {
        Arrays.fill(bodyStart, 0, islandCount + 1, 0);
        for (int i = 0; i < bodyCount; i++) {
            if (islandOfBody[i] >= 0) {
                bodyStart[islandOfBody[i] + 1]++;
            }
        }
        for (int k = 0; k < islandCount; k++) {
            bodyStart[k + 1] += bodyStart[k];
        }
        System.arraycopy(bodyStart, 0, cursor, 0, islandCount + 1);
        for (int i = 0; i < bodyCount; i++) {
            int k = islandOfBody[i];
            if (k >= 0) {
                bodyOrder[cursor[k]++] = i;
            }
        }
    }

    /** Counting sort of constraints by island, stable in input order. */
    private void sortConstraints() {
        if (constraintOrder.length < constraintCount) {
            constraintOrder = new int[Math.max(constraintCount, constraintOrder.length * 2)];
        }
        if (constraintStart.length < islandCount + 1) {
            constraintStart = new int[Math.max(islandCount + 1, constraintStart.length * 2)];
        }
        Arrays.fill(constraintStart, 0, islandCount + 1, 0);
        for (int c = 0; c < constraintCount; c++) {
            int k = islandOfConstraint(c);
            if (k >= 0) {
                constraintStart[k + 1]++;
            }
        }
        for (int k = 0; k < islandCount; k++) {
            constraintStart[k + 1] += constraintStart[k];
        }
        if (cursor.length < islandCount + 1) {
            cursor = new int[islandCount + 1];
        }
        System.arraycopy(constraintStart, 0, cursor, 0, islandCount + 1);
        for (int c = 0; c < constraintCount; c++) {
            int k = islandOfConstraint(c);
            if (k >= 0) {
                constraintOrder[cursor[k]++] = c;
            }
        }
    }

    /**
     * @param c the constraint's index
     * @return the island of constraint {@code c}, or −1 when it touches no island body.
     */
    public int islandOfConstraint(int c) {
        int a = constraintA[c];
        int b = constraintB[c];
        if (a >= 0 && islandOfBody[a] >= 0) {
            return islandOfBody[a];
        }
        return b >= 0 ? islandOfBody[b] : -1;
    }

    /** @return number of islands found by the last {@link #finish}. */
    public int islandCount() {
        return islandCount;
    }

    /**
     * @param i the body's index
     * @return island of body {@code i}, or −1 when it is in none.
     */
    public int islandOfBody(int i) {
        return islandOfBody[i];
    }

    /**
     * @param k the island's index
     * @return number of bodies in island {@code k}.
     */
    public int bodyCount(int k) {
        return bodyStart[k + 1] - bodyStart[k];
    }

    /**
     * @param k the island's index
     * @param j the body's position within the island
     * @return the {@code j}-th body (ascending index) of island {@code k}.
     */
    public int body(int k, int j) {
        return bodyOrder[bodyStart[k] + j];
    }

    /**
     * @param k the island's index
     * @return number of constraints in island {@code k}.
     */
    public int constraintCount(int k) {
        return constraintStart[k + 1] - constraintStart[k];
    }

    /**
     * @param k the island's index
     * @param j the constraint's position within the island
     * @return the {@code j}-th constraint (input order) of island {@code k}.
     */
    public int constraint(int k, int j) {
        return constraintOrder[constraintStart[k] + j];
    }
}
