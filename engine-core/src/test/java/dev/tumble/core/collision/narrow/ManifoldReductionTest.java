package dev.tumble.core.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link ContactManifold#reduce}: which four points a manifold keeps. */
class ManifoldReductionTest {

    /**
     * A rounded body rocking on its underside: two corners of its bottom already in the ground
     * inside a wide ring of corners a few centimetres above it (speculative points). Both
     * overlapping corners are kept, with the deepest, before any point farther apart than
     * {@link ContactManifold#TOUCHING}.
     */
    @Test
    void overlappingPointsAreKeptBeforePointsStillApart() {
        ContactManifold m = new ContactManifold();
        // id, x, z, penetration (m; negative: apart)
        double[][] points = {
            {0, -1.83, 12.84, 0.0256}, // deepest
            {1, -1.48, 12.20, 0.0226}, // overlapping, inside the ring
            {2, -1.14, 12.64, 0.0156}, // overlapping, inside the ring
            {3, -0.97, 12.37, -0.0204}, // apart, far out
            {4, -1.46, 12.04, -0.0224},
            {5, -1.13, 12.76, -0.0294},
            {6, -1.86, 12.92, -0.0006}};
        for (double[] p : points) {
            m.add(p[1], 0, p[2], 0, 1, 0, p[3], (int) p[0]);
        }
        m.reduce(0, ContactManifold.MAX_POINTS);
        assertEquals(4, m.size());
        Set<Integer> kept = new HashSet<>();
        for (int i = 0; i < m.size(); i++) {
            kept.add(m.get(i).featureId);
        }
        assertTrue(kept.containsAll(Set.of(0, 1, 2)), "kept " + kept);
    }

    /** With more overlapping points than room, the choice among them is by area, as before: a box's face keeps its four corners. */
    @Test
    void aFaceFullyInContactKeepsItsFourCorners() {
        ContactManifold m = new ContactManifold();
        double[][] points = {{0, 0, 0, 0.010}, {1, 1, 0, 0.011}, {2, 1, 1, 0.012}, {3, 0, 1, 0.009}, {4, 0.5, 0.5, 0.013},
            {5, 0.5, 0, 0.0105}};
        for (double[] p : points) {
            m.add(p[1], 0, p[2], 0, 1, 0, p[3], (int) p[0]);
        }
        m.reduce(0, ContactManifold.MAX_POINTS);
        Set<Integer> kept = new HashSet<>();
        for (int i = 0; i < m.size(); i++) {
            kept.add(m.get(i).featureId);
        }
        // The deepest (the centre) and the three corners spanning the most area with it.
        assertTrue(kept.contains(4) && kept.size() == 4, "kept " + kept);
        assertTrue(kept.stream().filter(id -> id <= 3).count() == 3, "kept " + kept);
    }
}
