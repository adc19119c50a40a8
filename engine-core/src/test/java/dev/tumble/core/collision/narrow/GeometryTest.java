package dev.tumble.core.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The closest-point routines against brute force over sampled points. */
class GeometryTest {
    @Test
    void theNearestPointOfATriangleIsTheNearestOfItsDenselySampledPoints() {
        Random random = new Random(11);
        double[] c = new double[9], q = new double[3];
        int steps = 300;
        for (int k = 0; k < 200; k++) {
            for (int i = 0; i < 9; i++) {
                c[i] = 2 * random.nextDouble() - 1;
            }
            double x = 3 * random.nextDouble() - 1.5, y = 3 * random.nextDouble() - 1.5, z = 3 * random.nextDouble() - 1.5;
            double d2 = Geometry.pointTriangle(c, x, y, z, q);
            assertEquals((x - q[0]) * (x - q[0]) + (y - q[1]) * (y - q[1]) + (z - q[2]) * (z - q[2]), d2, 1e-12);
            double best = Double.POSITIVE_INFINITY;
            for (int i = 0; i <= steps; i++) {
                for (int j = 0; i + j <= steps; j++) {
                    double u = (double) i / steps, w = (double) j / steps;
                    double px = c[0] + u * (c[3] - c[0]) + w * (c[6] - c[0]);
                    double py = c[1] + u * (c[4] - c[1]) + w * (c[7] - c[1]);
                    double pz = c[2] + u * (c[5] - c[2]) + w * (c[8] - c[2]);
                    best = Math.min(best, Math.sqrt((x - px) * (x - px) + (y - py) * (y - py) + (z - pz) * (z - pz)));
                }
            }
            // The samples lie on the triangle: none nearer than the answer, the nearest within the grid's spacing.
            double spacing = 4.0 / steps;
            assertTrue(Math.sqrt(d2) <= best + 1e-12, "triangle " + k + ": " + Math.sqrt(d2) + " beyond sampled " + best);
            assertTrue(Math.sqrt(d2) >= best - spacing, "triangle " + k + ": " + Math.sqrt(d2) + " against sampled " + best);
            // And the point itself lies in the triangle's plane, inside it (barycentric ≥ 0).
            double[] n = {(c[4] - c[1]) * (c[8] - c[2]) - (c[5] - c[2]) * (c[7] - c[1]),
                (c[5] - c[2]) * (c[6] - c[0]) - (c[3] - c[0]) * (c[8] - c[2]),
                (c[3] - c[0]) * (c[7] - c[1]) - (c[4] - c[1]) * (c[6] - c[0])};
            for (int e = 0; e < 3; e++) {
                int a = 3 * e, b = 3 * ((e + 1) % 3);
                double ex = c[b] - c[a], ey = c[b + 1] - c[a + 1], ez = c[b + 2] - c[a + 2];
                double ox = ey * n[2] - ez * n[1], oy = ez * n[0] - ex * n[2], oz = ex * n[1] - ey * n[0];
                double side = ox * (q[0] - c[a]) + oy * (q[1] - c[a + 1]) + oz * (q[2] - c[a + 2]);
                assertTrue(side <= 1e-12, "outside edge " + e + " by " + side);
            }
        }
    }
}
