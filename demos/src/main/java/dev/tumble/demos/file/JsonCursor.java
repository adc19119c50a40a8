package dev.tumble.demos.file;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * A JSON value and its path in the document, with typed getters that fail with a
 * {@link SceneFileException} naming the path and the problem.
 */
final class JsonCursor {
    final String file;
    final String path;
    final JsonNode node;
    /** Shared by a document's cursors: suspicious but legal values, each "path: problem". */
    final List<String> warnings;

    JsonCursor(String file, String path, JsonNode node) {
        this(file, path, node, new ArrayList<>());
    }

    private JsonCursor(String file, String path, JsonNode node, List<String> warnings) {
        this.file = file;
        this.path = path;
        this.node = node;
        this.warnings = warnings;
    }

    /** A cursor on another value of the same document, sharing its warnings. */
    JsonCursor child(String childPath, JsonNode childNode) {
        return new JsonCursor(file, childPath, childNode, warnings);
    }

    void warn(String problem) {
        warnings.add(path + ": " + problem);
    }

    SceneFileException fail(String problem) {
        return new SceneFileException(file, path, problem);
    }

    /** Whether the field is written; an explicit {@code null} counts, so it fails as a wrong type. */
    boolean has(String key) {
        return node.isObject() && node.has(key);
    }

    JsonCursor get(String key) throws SceneFileException {
        // A field asked of an array or a number: the value itself has the wrong type.
        requireObject();
        if (!has(key)) {
            throw new SceneFileException(file, path + "." + key, "missing field '" + key + "'");
        }
        return child(path + "." + key, node.get(key));
    }

    /** Fails on any key outside {@code known}, so a misspelt field is not silently ignored. */
    JsonCursor only(Set<String> known) throws SceneFileException {
        requireObject();
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String k = names.next();
            if (!known.contains(k)) {
                throw new SceneFileException(file, path + "." + quote(k), "unknown field '" + quote(k) + "' (expected one of "
                        + String.join(", ", new java.util.TreeSet<>(known)) + ")");
            }
        }
        return this;
    }

    JsonCursor requireObject() throws SceneFileException {
        if (!node.isObject()) {
            throw fail("expected an object, found " + kind());
        }
        return this;
    }

    List<JsonCursor> array() throws SceneFileException {
        if (!node.isArray()) {
            throw fail("expected an array, found " + kind());
        }
        List<JsonCursor> out = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            out.add(child(path + "[" + i + "]", node.get(i)));
        }
        return out;
    }

    List<JsonCursor> array(String key) throws SceneFileException {
        return get(key).array();
    }

    List<JsonCursor> optArray(String key) throws SceneFileException {
        return has(key) ? get(key).array() : List.of();
    }

    double number() throws SceneFileException {
        if (!node.isNumber()) {
            throw fail("expected a number, found " + kind());
        }
        double v = node.doubleValue();
        if (!Double.isFinite(v)) {
            throw fail("expected a finite number, found " + node.asText());
        }
        return v;
    }

    double number(String key) throws SceneFileException {
        return get(key).number();
    }

    double number(String key, double fallback) throws SceneFileException {
        return has(key) ? number(key) : fallback;
    }

    /** The number at {@code key}, which must lie in [{@code min}, {@code max}] {@code unit}. */
    double number(String key, double min, double max, String unit) throws SceneFileException {
        return get(key).inRange(min, max, unit);
    }

    double number(String key, double min, double max, String unit, double fallback) throws SceneFileException {
        return has(key) ? number(key, min, max, unit) : fallback;
    }

    double inRange(double min, double max, String unit) throws SceneFileException {
        double v = number();
        if (v < min || v > max) {
            throw fail(name() + " must be in [" + min + ", " + max + "]" + (unit.isEmpty() ? "" : " " + unit)
                    + ", was " + v);
        }
        return v;
    }

    /** The field's name with any element indices after it: {@code position[0]}. */
    private String name() {
        return path.substring(path.lastIndexOf('.') + 1);
    }

    int integer(String key, int fallback) throws SceneFileException {
        if (!has(key)) {
            return fallback;
        }
        JsonCursor c = get(key);
        if (!c.node.isIntegralNumber() || !c.node.canConvertToInt()) {
            throw c.fail("expected an integer, found " + c.kind());
        }
        return c.node.intValue();
    }

    /** This value as an int. */
    int integer() throws SceneFileException {
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw fail("expected an integer, found " + kind());
        }
        return node.intValue();
    }

    boolean bool(String key, boolean fallback) throws SceneFileException {
        if (!has(key)) {
            return fallback;
        }
        JsonCursor c = get(key);
        if (!c.node.isBoolean()) {
            throw c.fail("expected true or false, found " + c.kind());
        }
        return c.node.booleanValue();
    }

    String text() throws SceneFileException {
        if (!node.isTextual()) {
            throw fail("expected a string, found " + kind());
        }
        return node.textValue();
    }

    String text(String key) throws SceneFileException {
        return get(key).text();
    }

    String optText(String key) throws SceneFileException {
        return has(key) ? text(key) : null;
    }

    double[] numbers(int n) throws SceneFileException {
        List<JsonCursor> items = array();
        if (items.size() != n) {
            throw fail("expected " + n + " numbers, found " + items.size());
        }
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = items.get(i).number();
        }
        return out;
    }

    /** {@code n} numbers, each with magnitude at most {@code maxAbs} {@code unit}. */
    double[] numbers(int n, double maxAbs, String unit) throws SceneFileException {
        List<JsonCursor> items = array();
        if (items.size() != n) {
            throw fail("expected " + n + " numbers, found " + items.size());
        }
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = items.get(i).inRange(-maxAbs, maxAbs, unit);
        }
        return out;
    }

    /** A vector at {@code key} whose components have magnitude at most {@code maxAbs} {@code unit}. */
    double[] vec3(String key, double maxAbs, String unit) throws SceneFileException {
        return get(key).numbers(3, maxAbs, unit);
    }

    double[] vec3(String key, double maxAbs, String unit, double[] fallback) throws SceneFileException {
        return has(key) ? vec3(key, maxAbs, unit) : fallback.clone();
    }

    /**
     * A rotation {@code [w, x, y, z]}; must not be zero. One whose length is off 1 by more than
     * {@code 1e-6} is normalised with a warning (a file's rounding within that is kept as written,
     * so exported files still round-trip to the bit).
     */
    double[] quat(String key) throws SceneFileException {
        JsonCursor c = get(key);
        double[] q = c.numbers(4);
        double len2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
        if (!(len2 >= 1e-12) || !Double.isFinite(len2)) {
            throw c.fail("orientation must be a non-zero quaternion [w, x, y, z] of finite length, was "
                    + java.util.Arrays.toString(q));
        }
        double len = Math.sqrt(len2);
        if (Math.abs(len - 1) > 1e-6) {
            c.warn("quaternion " + java.util.Arrays.toString(q) + " has length " + len + ", normalised");
            for (int i = 0; i < 4; i++) {
                q[i] /= len;
            }
        }
        return q;
    }

    /** A user string made safe for a one-line message: control characters escaped, cut at 60. */
    static String quote(String s) {
        return quote(s, 60);
    }

    /** {@code s} with control characters escaped, cut at {@code max} characters. */
    static String quote(String s, int max) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        int n = Math.min(s.length(), max);
        for (int i = 0; i < n; i++) {
            char ch = s.charAt(i);
            // Escaped so a hostile name cannot break the error onto a second line.
            if (Character.isISOControl(ch) || ch == 0x2028 || ch == 0x2029) {
                b.append(String.format("\\u%04x", (int) ch));
            } else {
                b.append(ch);
            }
        }
        return n < s.length() ? b + "…" : b.toString();
    }

    String kind() {
        if (node == null || node.isMissingNode()) {
            return "nothing";
        }
        return switch (node.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            case STRING -> "a string \"" + quote(node.textValue()) + "\"";
            case NUMBER -> "the number " + quote(node.asText());
            case BOOLEAN -> node.asText();
            case NULL -> "null";
            default -> node.getNodeType().toString().toLowerCase();
        };
    }
}
