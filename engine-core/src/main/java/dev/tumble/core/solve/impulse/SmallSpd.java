package dev.tumble.core.solve.impulse;

/** Cholesky solve of a small symmetric positive definite system (a manifold's normal block). */
final class SmallSpd {
    private SmallSpd() {
    }

    /**
     * Solves {@code A·x = b} for the leading {@code n × n} block of {@code a} (row stride
     * {@code stride}), factoring {@code a} in place (lower triangle).
     *
     * @return false when A is not positive definite (x untouched)
     */
    static boolean solve(double[] a, int stride, int n, double[] b, double[] x) {
        for (int j = 0; j < n; j++) {
            double d = a[stride * j + j];
            for (int k = 0; k < j; k++) {
                d -= a[stride * j + k] * a[stride * j + k];
            }
            if (!(d > 0)) {
                return false;
            }
            d = Math.sqrt(d);
            a[stride * j + j] = d;
            for (int i = j + 1; i < n; i++) {
                double sum = a[stride * i + j];
                for (int k = 0; k < j; k++) {
                    sum -= a[stride * i + k] * a[stride * j + k];
                }
                a[stride * i + j] = sum / d;
            }
        }
        for (int i = 0; i < n; i++) {
            double sum = b[i];
            for (int k = 0; k < i; k++) {
                sum -= a[stride * i + k] * x[k];
            }
            x[i] = sum / a[stride * i + i];
        }
        for (int i = n - 1; i >= 0; i--) {
            double sum = x[i];
            for (int k = i + 1; k < n; k++) {
                sum -= a[stride * k + i] * x[k];
            }
            x[i] = sum / a[stride * i + i];
        }
        return true;
    }
}
