package dev.tumble.demos.scene;

import org.joml.Matrix3d;
import org.joml.Vector3d;

/** Small conversions between the specs' plain arrays and JOML. */
public final class Vec {
    private Vec() {
    }

    /**
     * {@code double[3]} to a vector.
     *
     * @param a three numbers
     * @return a new vector
     */
    public static Vector3d v(double[] a) {
        return new Vector3d(a[0], a[1], a[2]);
    }

    /**
     * Three numbers to a {@code double[3]}.
     *
     * @param x the first number
     * @param y the second number
     * @param z the third number
     * @return a new array
     */
    public static double[] a(double x, double y, double z) {
        return new double[] {x, y, z};
    }

    /**
     * A row-major {@code double[9]} to a matrix.
     *
     * @param r nine numbers, row by row
     * @return a new matrix
     */
    public static Matrix3d m(double[] r) {
        return new Matrix3d(r[0], r[3], r[6], r[1], r[4], r[7], r[2], r[5], r[8]);
    }

    /**
     * A diagonal matrix as row-major {@code double[9]}.
     *
     * @param x the first diagonal entry
     * @param y the second diagonal entry
     * @param z the third diagonal entry
     * @return a new array
     */
    public static double[] diag(double x, double y, double z) {
        return new double[] {x, 0, 0, 0, y, 0, 0, 0, z};
    }
}
