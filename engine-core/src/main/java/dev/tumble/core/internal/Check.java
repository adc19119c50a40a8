package dev.tumble.core.internal;

import org.joml.Matrix3dc;
import org.joml.Quaterniondc;
import org.joml.Vector3dc;

/**
 * Argument validation at the API boundary. Every failure is an
 * {@link IllegalArgumentException} whose message names the field and the offending value, so a
 * game developer sees at once which call was wrong. Checks never modify anything.
 */
public final class Check {
    private Check() {
    }

    /**
     * @param field the name the exception gives the value
     * @param value the value to check
     * @return {@code value} when finite.
     */
    public static double finite(String field, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(field + " must be finite, was " + value);
        }
        return value;
    }

    /**
     * @param field the name the exception gives the value
     * @param value the value to check
     * @return {@code value} when finite and {@code >= 0}.
     */
    public static double nonNegative(String field, double value) {
        finite(field, value);
        if (value < 0) {
            throw new IllegalArgumentException(field + " must be >= 0, was " + value);
        }
        return value;
    }

    /**
     * @param field the name the exception gives the value
     * @param value the value to check
     * @return {@code value} when finite and {@code > 0}.
     */
    public static double positive(String field, double value) {
        finite(field, value);
        if (!(value > 0)) {
            throw new IllegalArgumentException(field + " must be > 0, was " + value);
        }
        return value;
    }

    /**
     * @param field the name the exception gives the value
     * @param value the value to check
     * @param lo the least value allowed
     * @param hi the greatest value allowed
     * @return {@code value} when within {@code [lo, hi]}.
     */
    public static double inRange(String field, double value, double lo, double hi) {
        finite(field, value);
        if (value < lo || value > hi) {
            throw new IllegalArgumentException(
                    field + " must be in [" + lo + ", " + hi + "], was " + value);
        }
        return value;
    }

    /**
     * @param <T> the value's type
     * @param field the name the exception gives the value
     * @param value the value to check
     * @return {@code value} when not null.
     */
    public static <T> T notNull(String field, T value) {
        if (value == null) {
            throw new IllegalArgumentException(field + " must not be null");
        }
        return value;
    }

    /**
     * Checks three components, naming the field as {@code field} with its value.
     *
     * @param field the name the exception gives the vector
     * @param x the x to check
     * @param y the y to check
     * @param z the z to check
     */
    public static void finite(String field, double x, double y, double z) {
        if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
            throw new IllegalArgumentException(
                    field + " must be finite, was (" + x + ", " + y + ", " + z + ")");
        }
    }

    /**
     * @param field the name the exception gives the vector
     * @param v the vector to check
     * @return {@code v} when not null and finite.
     */
    public static Vector3dc finite(String field, Vector3dc v) {
        notNull(field, v);
        finite(field, v.x(), v.y(), v.z());
        return v;
    }

    /**
     * @param field the name the exception gives the quaternion
     * @param q the quaternion to check
     * @return {@code q} when not null, finite and of non-zero length.
     */
    public static Quaterniondc rotation(String field, Quaterniondc q) {
        notNull(field, q);
        double d = q.x() * q.x() + q.y() * q.y() + q.z() * q.z() + q.w() * q.w();
        if (!Double.isFinite(d) || !Double.isFinite(q.x()) || !Double.isFinite(q.y())
                || !Double.isFinite(q.z()) || !Double.isFinite(q.w())) {
            throw new IllegalArgumentException(field + " must be finite, was " + describe(q));
        }
        if (d < 1e-300) {
            throw new IllegalArgumentException(
                    field + " must have non-zero length, was " + describe(q));
        }
        return q;
    }

    /**
     * Checks a symmetric 3×3 matrix: finite, symmetric to a relative 1e-9, and positive definite
     * ({@code allowSemiDefinite} also admits zero eigenvalues, as an inverse inertia of an
     * infinitely heavy axis has).
     *
     * @param field the name the exception gives the matrix
     * @param m the matrix to check
     * @param allowSemiDefinite whether zero eigenvalues are admitted
     * @return {@code m}
     */
    public static Matrix3dc symmetricPositive(String field, Matrix3dc m, boolean allowSemiDefinite) {
        notNull(field, m);
        double[] a = {m.m00(), m.m10(), m.m20(), m.m01(), m.m11(), m.m21(), m.m02(), m.m12(), m.m22()};
        double scale = 0;
        for (double v : a) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException(field + " must be finite, was " + describe(m));
            }
            scale = Math.max(scale, Math.abs(v));
        }
        double tol = 1e-9 * Math.max(scale, Double.MIN_NORMAL);
        if (Math.abs(a[1] - a[3]) > tol || Math.abs(a[2] - a[6]) > tol || Math.abs(a[5] - a[7]) > tol) {
            throw new IllegalArgumentException(field + " must be symmetric, was " + describe(m));
        }
        // Sylvester's criterion on the leading minors (exact enough for a definiteness test).
        double m1 = a[0];
        double m2 = a[0] * a[4] - a[1] * a[3];
        double m3 = m.determinant();
        boolean ok;
        if (allowSemiDefinite) {
            // Semi-definite: every principal minor >= 0 (up to round-off).
            double eps = -1e-12 * Math.max(1, scale * scale * scale);
            ok = a[0] >= 0 && a[4] >= 0 && a[8] >= 0
                    && m2 >= eps
                    && a[0] * a[8] - a[2] * a[6] >= eps
                    && a[4] * a[8] - a[5] * a[7] >= eps
                    && m3 >= eps;
        } else {
            ok = m1 > 0 && m2 > 0 && m3 > 0;
        }
        if (!ok) {
            throw new IllegalArgumentException(field + " must be positive "
                    + (allowSemiDefinite ? "semi-definite" : "definite") + ", was " + describe(m));
        }
        return m;
    }

    /**
     * Formats a quaternion for an exception message.
     *
     * @param q the quaternion
     * @return {@code [w=…, x=…, y=…, z=…]}
     */
    public static String describe(Quaterniondc q) {
        return "[w=" + q.w() + ", x=" + q.x() + ", y=" + q.y() + ", z=" + q.z() + "]";
    }

    /**
     * Formats a 3×3 matrix for an exception message, row by row.
     *
     * @param m the matrix
     * @return {@code [[row 0], [row 1], [row 2]]}
     */
    public static String describe(Matrix3dc m) {
        return "[[" + m.m00() + ", " + m.m10() + ", " + m.m20() + "], [" + m.m01() + ", " + m.m11()
                + ", " + m.m21() + "], [" + m.m02() + ", " + m.m12() + ", " + m.m22() + "]]";
    }
}
