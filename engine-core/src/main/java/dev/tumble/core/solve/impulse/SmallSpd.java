package dev.tumble.core.solve.impulse;

/** Cholesky factorisation and solve of a small symmetric positive definite system (a manifold's normal block). */
final class SmallSpd {
    private SmallSpd() {
    }

    /**
     * Factors the leading {@code n × n} block of the matrix at {@code a[k..]} (row stride
     * {@code stride}) in place as {@code L·Lᵀ}, L in the lower triangle with the reciprocals of
     * its diagonal on the diagonal (so a solve multiplies where it would divide).
     *
     * @return false when the matrix is not positive definite
     */
    static boolean factor(double[] a, int k, int stride, int n) {
        for (int j = 0; j < n; j++) {
            double d = a[k + stride * j + j];
            for (int c = 0; c < j; c++) {
                d -= a[k + stride * j + c] * a[k + stride * j + c];
            }
            if (!(d > 0)) {
                return false;
            }
            double inverse = 1 / Math.sqrt(d);
            a[k + stride * j + j] = inverse;
            for (int i = j + 1; i < n; i++) {
                double sum = a[k + stride * i + j];
                for (int c = 0; c < j; c++) {
                    sum -= a[k + stride * i + c] * a[k + stride * j + c];
                }
                a[k + stride * i + j] = sum * inverse;
            }
        }
        return true;
    }

    /** Solves {@code L·Lᵀ·x = b} with the factors {@link #factor} left at {@code l[k..]}. */
    static void substitute(double[] l, int k, int stride, int n, double[] b, double[] x) {
        for (int i = 0; i < n; i++) {
            double sum = b[i];
            for (int c = 0; c < i; c++) {
                sum -= l[k + stride * i + c] * x[c];
            }
            x[i] = sum * l[k + stride * i + i];
        }
        for (int i = n - 1; i >= 0; i--) {
            double sum = x[i];
            for (int c = i + 1; c < n; c++) {
                sum -= l[k + stride * c + i] * x[c];
            }
            x[i] = sum * l[k + stride * i + i];
        }
    }
}
