package dev.tumble.core.solve.impulse;

/** 3×3 matrices as nine row-major doubles at an offset of an array: the few operations the solver needs. */
final class Mat3 {
    private Mat3() {
    }

    /**
     * Writes the inverse of {@code a[ak..ak+9)} to {@code dest[dk..dk+9)}.
     *
     * @return false (dest untouched) when the matrix is singular or not finite
     */
    static boolean invert(double[] a, int ak, double[] dest, int dk) {
        double a00 = a[ak], a01 = a[ak + 1], a02 = a[ak + 2];
        double a10 = a[ak + 3], a11 = a[ak + 4], a12 = a[ak + 5];
        double a20 = a[ak + 6], a21 = a[ak + 7], a22 = a[ak + 8];
        double c00 = a11 * a22 - a12 * a21, c01 = a12 * a20 - a10 * a22, c02 = a10 * a21 - a11 * a20;
        double det = a00 * c00 + a01 * c01 + a02 * c02;
        if (!(Math.abs(det) > 0) || !Double.isFinite(det)) {
            return false;
        }
        double inv = 1 / det;
        dest[dk] = c00 * inv;
        dest[dk + 1] = (a02 * a21 - a01 * a22) * inv;
        dest[dk + 2] = (a01 * a12 - a02 * a11) * inv;
        dest[dk + 3] = c01 * inv;
        dest[dk + 4] = (a00 * a22 - a02 * a20) * inv;
        dest[dk + 5] = (a02 * a10 - a00 * a12) * inv;
        dest[dk + 6] = c02 * inv;
        dest[dk + 7] = (a01 * a20 - a00 * a21) * inv;
        dest[dk + 8] = (a00 * a11 - a01 * a10) * inv;
        return true;
    }

    /** {@code dest = R·A·Rᵀ} for a rotation R and a symmetric A (the result is symmetric). */
    static void rotateSymmetric(double[] r, int rk, double[] a, int ak, double[] dest, int dk) {
        for (int i = 0; i < 3; i++) {
            // Row i of R·A.
            double ri0 = r[rk + 3 * i], ri1 = r[rk + 3 * i + 1], ri2 = r[rk + 3 * i + 2];
            double m0 = ri0 * a[ak] + ri1 * a[ak + 3] + ri2 * a[ak + 6];
            double m1 = ri0 * a[ak + 1] + ri1 * a[ak + 4] + ri2 * a[ak + 7];
            double m2 = ri0 * a[ak + 2] + ri1 * a[ak + 5] + ri2 * a[ak + 8];
            for (int j = i; j < 3; j++) {
                double value = m0 * r[rk + 3 * j] + m1 * r[rk + 3 * j + 1] + m2 * r[rk + 3 * j + 2];
                dest[dk + 3 * i + j] = value;
                dest[dk + 3 * j + i] = value;
            }
        }
    }

    /** {@code dest = R·(A·(Rᵀ·x))}: the matrix {@code R·A·Rᵀ} applied to x without forming it. */
    static void rotateApply(double[] r, int rk, double[] a, int ak, double x, double y, double z, double[] dest) {
        double bx = r[rk] * x + r[rk + 3] * y + r[rk + 6] * z;
        double by = r[rk + 1] * x + r[rk + 4] * y + r[rk + 7] * z;
        double bz = r[rk + 2] * x + r[rk + 5] * y + r[rk + 8] * z;
        double cx = a[ak] * bx + a[ak + 1] * by + a[ak + 2] * bz;
        double cy = a[ak + 3] * bx + a[ak + 4] * by + a[ak + 5] * bz;
        double cz = a[ak + 6] * bx + a[ak + 7] * by + a[ak + 8] * bz;
        dest[0] = r[rk] * cx + r[rk + 1] * cy + r[rk + 2] * cz;
        dest[1] = r[rk + 3] * cx + r[rk + 4] * cy + r[rk + 5] * cz;
        dest[2] = r[rk + 6] * cx + r[rk + 7] * cy + r[rk + 8] * cz;
    }
}
