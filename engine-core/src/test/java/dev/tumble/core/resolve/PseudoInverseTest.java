package dev.tumble.core.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The face manifold's pseudo-inverse ({@code SequentialImpulseSolver.pseudoInverse}) against its
 * defining (Moore-Penrose) properties, on random rank-3 symmetric blocks with a known null vector.
 */
class PseudoInverseTest {

    /** K = Bᵀ·B with B's rows orthogonal to the unit u: symmetric, positive semi-definite, K·u = 0. */
    private static double[] singularBlock(SplittableRandom rnd, double[] u) {
        double[] b = new double[12];
        for (int r = 0; r < 3; r++) {
            double dot = 0;
            for (int j = 0; j < 4; j++) {
                b[4 * r + j] = rnd.nextDouble(-2, 2);
                dot += b[4 * r + j] * u[j];
            }
            for (int j = 0; j < 4; j++) {
                b[4 * r + j] -= dot * u[j];
            }
        }
        double[] k = new double[16];
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                for (int r = 0; r < 3; r++) {
                    k[4 * i + j] += b[4 * r + i] * b[4 * r + j];
                }
            }
        }
        return k;
    }

    private static double[] times(double[] a, double[] b) {
        double[] c = new double[16];
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                for (int l = 0; l < 4; l++) {
                    c[4 * i + j] += a[4 * i + l] * b[4 * l + j];
                }
            }
        }
        return c;
    }

    @Test
    void satisfiesTheMoorePenroseConditionsOnRandomRankThreeBlocks() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int trial = 0; trial < 500; trial++) {
            double[] u = {rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1)};
            double norm = Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2] + u[3] * u[3]);
            for (int j = 0; j < 4; j++) {
                u[j] /= norm;
            }
            double[] k = singularBlock(rnd, u);
            double[] p = new double[16];
            assertTrue(SequentialImpulseSolver.pseudoInverse(k.clone(), 0, u, 0, p, 0), "trial " + trial);
            double[] kpk = times(times(k, p), k);
            double[] pkp = times(times(p, k), p);
            double scale = Math.abs(k[0]) + Math.abs(k[5]) + Math.abs(k[10]) + Math.abs(k[15]);
            double inverseScale = Math.abs(p[0]) + Math.abs(p[5]) + Math.abs(p[10]) + Math.abs(p[15]);
            for (int i = 0; i < 16; i++) {
                assertEquals(k[i], kpk[i], 1e-9 * scale, "K·K⁺·K = K, trial " + trial + " entry " + i);
                assertEquals(p[i], pkp[i], 1e-9 * inverseScale, "K⁺·K·K⁺ = K⁺, trial " + trial + " entry " + i);
                assertEquals(p[i], p[4 * (i % 4) + i / 4], 1e-12 * inverseScale, "K⁺ symmetric");
            }
            for (int i = 0; i < 4; i++) {
                double pu = p[4 * i] * u[0] + p[4 * i + 1] * u[1] + p[4 * i + 2] * u[2] + p[4 * i + 3] * u[3];
                assertEquals(0, pu, 1e-9 * inverseScale, "K⁺·u = 0 (no impulse along the null vector)");
            }
        }
    }

    @Test
    void refusesABlockWithoutPositiveTraceOrOfLowerRank() {
        double[] u = {0.5, -0.5, 0.5, -0.5};
        assertFalse(SequentialImpulseSolver.pseudoInverse(new double[16], 0, u, 0, new double[16], 0));
        // Rank 2: the shifted matrix is singular, which the factorisation must notice.
        double[] k = new double[16];
        double[] a = {0.5, 0.5, 0.5, 0.5}, b = {0.5, 0.5, -0.5, -0.5};
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                k[4 * i + j] = a[i] * a[j] + 2 * b[i] * b[j];
            }
        }
        assertFalse(SequentialImpulseSolver.pseudoInverse(k, 0, u, 0, new double[16], 0));
    }
}
