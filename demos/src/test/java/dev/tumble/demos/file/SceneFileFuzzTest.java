package dev.tumble.demos.file;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tumble.demos.Main;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad scene files generated from every example in {@code demos/scenes/}: the file cut short at
 * many offsets, and every field in turn given a value of the wrong JSON type. Each must make
 * {@code simulate} exit 2 with one line {@code error: FILE: $.path: message} — for a wrong type,
 * the path of that field or of the value holding it — never a stack trace, never a hang.
 */
class SceneFileFuzzTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static Stream<Path> examples() throws IOException {
        return Files.list(Path.of("scenes")).filter(p -> p.toString().endsWith(".json")).sorted();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void everyTruncationIsAnErrorNamingTheFile(Path example, @TempDir Path dir) throws Exception {
        String text = Files.readString(example).stripTrailing();
        List<String> problems = new ArrayList<>();
        Path file = dir.resolve("cut.json");
        int stride = Math.max(1, text.length() / 300);
        for (int end = 0; end < text.length(); end += stride) {
            Files.writeString(file, text.substring(0, end));
            check(file, "$", "cut at " + end, problems);
        }
        report(example, problems);
    }

    @ParameterizedTest
    @MethodSource("examples")
    void everyFieldWithAWrongTypeIsNamedByItsPath(Path example, @TempDir Path dir) throws Exception {
        JsonNode root = JSON.readTree(example.toFile());
        List<String> paths = new ArrayList<>();
        collect(root, "$", paths);
        List<String> problems = new ArrayList<>();
        Path file = dir.resolve("typed.json");
        for (String path : paths) {
            JsonNode copy = root.deepCopy();
            JsonNode original = at(copy, path);
            replace(copy, path, wrongType(original));
            Files.writeString(file, JSON.writeValueAsString(copy));
            check(file, path, path + " := " + wrongType(original), problems);
        }
        if (paths.size() < 20) {
            fail(example + " has only " + paths.size() + " fields");
        }
        report(example, problems);
    }

    /** Runs simulate on {@code file}; the error's path must be {@code path} or lead to it. */
    private static void check(Path file, String path, String what, List<String> problems) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> Main.run(
                new String[] {"simulate", file.toString(), "--steps", "1"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        String e = err.toString(StandardCharsets.UTF_8).strip();
        String prefix = "error: " + file + ": ";
        if (code != 2) {
            problems.add(what + ": exit " + code + " " + e);
        } else if (!e.startsWith(prefix) || e.lines().count() != 1 || e.contains("\tat ") || e.contains("Exception")) {
            problems.add(what + ": " + e);
        } else {
            String reported = e.substring(prefix.length(), e.indexOf(": ", prefix.length()));
            if (!path.startsWith(reported)) {
                problems.add(what + ": names " + reported + ": " + e);
            }
        }
    }

    private static void report(Path example, List<String> problems) {
        if (!problems.isEmpty()) {
            fail(example + ": " + problems.size() + " bad answer(s), first ones:\n"
                    + String.join("\n", problems.subList(0, Math.min(10, problems.size()))));
        }
    }

    private static void collect(JsonNode node, String path, List<String> out) {
        if (!path.equals("$")) {
            out.add(path);
        }
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> f = it.next();
                collect(f.getValue(), path + "." + f.getKey(), out);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collect(node.get(i), path + "[" + i + "]", out);
            }
        }
    }

    /** A value of another JSON type than {@code v}. */
    private static JsonNode wrongType(JsonNode v) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (v.isNumber()) {
            return f.textNode("seven");
        }
        if (v.isTextual()) {
            return f.numberNode(42);
        }
        if (v.isBoolean()) {
            return f.textNode("yes");
        }
        if (v.isArray()) {
            return f.objectNode().put("x", 1);
        }
        if (v.isObject()) {
            return f.arrayNode().add(1);
        }
        return f.numberNode(1);
    }

    private static JsonNode at(JsonNode root, String path) {
        JsonNode n = root;
        for (String step : steps(path)) {
            n = step.startsWith("[") ? n.get(Integer.parseInt(step.substring(1, step.length() - 1))) : n.get(step);
        }
        return n;
    }

    private static void replace(JsonNode root, String path, JsonNode value) {
        List<String> steps = steps(path);
        JsonNode parent = root;
        for (String step : steps.subList(0, steps.size() - 1)) {
            parent = step.startsWith("[") ? parent.get(Integer.parseInt(step.substring(1, step.length() - 1))) : parent.get(step);
        }
        String last = steps.get(steps.size() - 1);
        if (last.startsWith("[")) {
            ((ArrayNode) parent).set(Integer.parseInt(last.substring(1, last.length() - 1)), value);
        } else {
            ((ObjectNode) parent).set(last, value);
        }
    }

    /** "$.a.b[2].c" → [a, b, [2], c]. */
    private static List<String> steps(String path) {
        List<String> out = new ArrayList<>();
        int i = 1;
        while (i < path.length()) {
            if (path.charAt(i) == '.') {
                int j = i + 1;
                while (j < path.length() && path.charAt(j) != '.' && path.charAt(j) != '[') {
                    j++;
                }
                out.add(path.substring(i + 1, j));
                i = j;
            } else {
                int j = path.indexOf(']', i);
                out.add(path.substring(i, j + 1));
                i = j + 1;
            }
        }
        return out;
    }
}
