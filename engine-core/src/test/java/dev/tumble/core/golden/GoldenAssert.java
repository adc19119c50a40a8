package dev.tumble.core.golden;

import com.fasterxml.jackson.databind.JsonNode;
import org.joml.Quaterniondc;
import org.joml.Vector3dc;

/**
 * Comparisons against reference numbers with the tolerance rule of the golden README:
 * {@code |actual − expected| ≤ tol · max(1, |expected|)}.
 */
public final class GoldenAssert {
    /** The tolerance for unit, resolver, collision and integrate files. */
    public static final double EXACT = 1e-12;

    private GoldenAssert() {
    }

    public static void close(String what, double expected, double actual, double tol) {
        double bound = tol * Math.max(1, Math.abs(expected));
        if (!(Math.abs(actual - expected) <= bound)) {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual
                    + " (|Δ| = " + Math.abs(actual - expected) + " > " + bound + ")");
        }
    }

    public static void close(String what, JsonNode expected, double[] actual, double tol) {
        if (expected.size() != actual.length) {
            throw new AssertionError(what + ": expected " + expected.size() + " values, got " + actual.length);
        }
        for (int i = 0; i < actual.length; i++) {
            close(what + "[" + i + "]", expected.get(i).asDouble(), actual[i], tol);
        }
    }

    public static void close(String what, JsonNode expected, Vector3dc actual, double tol) {
        close(what, expected, new double[] {actual.x(), actual.y(), actual.z()}, tol);
    }

    /** Quaternions in the reference data are {@code [w, x, y, z]}. */
    public static void close(String what, JsonNode expected, Quaterniondc actual, double tol) {
        close(what, expected, new double[] {actual.w(), actual.x(), actual.y(), actual.z()}, tol);
    }
    /** Like {@link #close(String, JsonNode, double[], double)}, but a JSON {@code null} expects "not applicable" and checks nothing. */
    public static void closeOrNull(String what, JsonNode expected, double[] actual, double tol) {
        if (expected == null || expected.isNull()) {
            return;
        }
        close(what, expected, actual, tol);
    }

    /** Exact equality of a reference flag. */
    public static void same(String what, boolean expected, boolean actual) {
        if (expected != actual) {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual);
        }
    }

    /** Exact equality of a reference integer. */
    public static void same(String what, long expected, long actual) {
        if (expected != actual) {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual);
        }
    }
}
