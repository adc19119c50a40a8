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

    JsonCursor(String file, String path, JsonNode node) {
        this.file = file;
        this.path = path;
        this.node = node;
    }

    SceneFileException fail(String problem) {
        return new SceneFileException(file, path, problem);
    }

    boolean has(String key) {
        return node.has(key) && !node.get(key).isNull();
    }

    JsonCursor get(String key) throws SceneFileException {
        // A field asked of an array or a number: the value itself has the wrong type.
        requireObject();
        if (!has(key)) {
            throw new SceneFileException(file, path + "." + key, "missing field '" + key + "'");
        }
        return new JsonCursor(file, path + "." + key, node.get(key));
    }

    /** Fails on any key outside {@code known}, so a misspelt field is not silently ignored. */
    JsonCursor only(Set<String> known) throws SceneFileException {
        requireObject();
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String k = names.next();
            if (!known.contains(k)) {
                throw new SceneFileException(file, path + "." + k, "unknown field '" + k + "' (expected one of "
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
            out.add(new JsonCursor(file, path + "[" + i + "]", node.get(i)));
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

    double[] vec3(String key) throws SceneFileException {
        return get(key).numbers(3);
    }

    double[] vec3(String key, double[] fallback) throws SceneFileException {
        return has(key) ? vec3(key) : fallback.clone();
    }

    /** A rotation {@code [w, x, y, z]}; must not be zero. */
    double[] quat(String key) throws SceneFileException {
        JsonCursor c = get(key);
        double[] q = c.numbers(4);
        if (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3] < 1e-12) {
            throw c.fail("orientation must be a non-zero quaternion [w, x, y, z]");
        }
        return q;
    }

    String kind() {
        if (node == null || node.isMissingNode()) {
            return "nothing";
        }
        return switch (node.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            case STRING -> "a string \"" + node.textValue() + "\"";
            case NUMBER -> "the number " + node.asText();
            case BOOLEAN -> node.asText();
            case NULL -> "null";
            default -> node.getNodeType().toString().toLowerCase();
        };
    }
}
