package dev.tumble.demos.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.demos.scene.SceneCatalog;
import dev.tumble.demos.scene.SceneOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Keeps {@code docs/scene.schema.json} (JSON Schema 2020-12) in step with {@link SceneReader}:
 * <ul>
 * <li>the schema is itself valid against the 2020-12 meta-schema;</li>
 * <li>every example scene file in the repository (every {@code .json} in a {@code scenes}
 *     folder or declaring {@code "format": "tumble-scene/1"}) and every built-in scene as
 *     {@code export} writes it validates, and the reader reads it;</li>
 * <li>hand-written bad scenes are refused by both, so the schema is not vacuous;</li>
 * <li>a differential sweep: each field of the example scenes (and of
 *     {@code scenes/every-field.json}, a test resource that holds every field once) is mutated
 *     in turn (removed, nulled, given another type, numbers across every bound the reader has,
 *     strings in other cases and spacings, unknown fields added) and the schema's verdict must
 *     equal the reader's. The only disagreements allowed are the checks a schema cannot
 *     express, listed in {@link #INEXPRESSIBLE} and named in the schema's description; the
 *     schema never refuses what the reader takes.</li>
 * </ul>
 * The validator is networknt's json-schema-validator (2.0.x, on Jackson 2).
 */
class SceneSchemaTest {
    static final Path ROOT = Path.of("..");
    static final Path SCHEMA = ROOT.resolve("docs/scene.schema.json");
    static final Path EVERY_FIELD = Path.of("src/test/resources/scenes/every-field.json");
    static final ObjectMapper MAPPER = new ObjectMapper();
    static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    static final Schema SCHEMA_VALIDATOR = REGISTRY.getSchema(read(SCHEMA));

    /**
     * What the reader refuses and a schema cannot say, by a fragment of the reader's message: the
     * schema accepts these, and its description names each.
     */
    static final Map<String, String> INEXPRESSIBLE = new LinkedHashMap<>();

    static {
        INEXPRESSIBLE.put("expected an integer, found the number", "an integer written with a fraction (2.0): JSON Schema counts it an integer");
        INEXPRESSIBLE.put("non-zero quaternion", "a quaternion whose squared length underflows or overflows");
        INEXPRESSIBLE.put("symmetric", "an inverse inertia tensor that is not symmetric positive semi-definite");
        INEXPRESSIBLE.put("positive semi-definite", "an inverse inertia tensor that is not symmetric positive semi-definite");
        INEXPRESSIBLE.put("the body's mass from its shapes", "a mass from density and shapes outside the bounds");
        INEXPRESSIBLE.put("gives a mass or inertia out of range", "a mass from density and shapes outside the bounds");
        INEXPRESSIBLE.put("is above the upper", "hinge limits in the wrong order");
        INEXPRESSIBLE.put("implosionMaxRadius must be >=", "implosion radii in the wrong order");
        INEXPRESSIBLE.put("non-coplanar", "degenerate hull points");
        INEXPRESSIBLE.put("no body with id", "a reference to an id no body has");
        INEXPRESSIBLE.put("duplicate body id", "two bodies with one id");
        INEXPRESSIBLE.put("must be different bodies", "a joint from a body to itself");
        INEXPRESSIBLE.put("must differ from bodyA", "a spring from a body to itself");
        INEXPRESSIBLE.put("must be finite and non-zero", "a normal too short to normalise");
        INEXPRESSIBLE.put("axis must be non-zero", "a hinge axis too short to normalise");
        INEXPRESSIBLE.put("vertex index", "a mesh triangle's vertex index past the last vertex");
        INEXPRESSIBLE.put("three different vertices", "a mesh triangle that repeats a vertex");
        INEXPRESSIBLE.put("is degenerate", "a mesh triangle of zero area");
        INEXPRESSIBLE.put("heights like row 0", "heightfield rows of different lengths");
    }

    static JsonNode read(Path p) {
        try {
            return MAPPER.readTree(Files.readString(p));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Error> schemaErrors(JsonNode scene) {
        return SCHEMA_VALIDATOR.validate(scene);
    }

    /** The reader's refusal, or null when it reads the scene. */
    static SceneFileException readerError(String name, String json) {
        try {
            SceneReader.read(name, json);
            return null;
        } catch (SceneFileException e) {
            return e;
        }
    }

    // ------------------------------------------------------------------ the schema itself

    @Test
    void theSchemaIsAValidDraft2020_12Schema() {
        Schema meta = REGISTRY.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
        List<Error> errors = meta.validate(read(SCHEMA));
        assertTrue(errors.isEmpty(), "docs/scene.schema.json against the meta-schema: " + errors);
        assertEquals("https://json-schema.org/draft/2020-12/schema", read(SCHEMA).get("$schema").asText());
    }

    // ------------------------------------------------------------------ examples

    /** Every scene file shipped in the repository. */
    static Stream<Path> exampleScenes() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            List<Path> scenes = files.filter(Files::isRegularFile)
                    .filter(p -> p.toString().endsWith(".json"))
                    .filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/.git/"))
                    .filter(SceneSchemaTest::isSceneFile)
                    .sorted().toList();
            return scenes.stream();
        }
    }

    static boolean isSceneFile(Path p) {
        if (p.getParent() != null && p.getParent().getFileName().toString().equals("scenes")) {
            return true;
        }
        try {
            JsonNode n = MAPPER.readTree(Files.readString(p));
            return n != null && n.isObject() && SceneWriter.FORMAT.equals(n.path("format").asText(null));
        } catch (IOException e) {
            return false; // not JSON a scene could be
        }
    }

    @Test
    void theExamplesAreFound() throws IOException {
        List<String> names = exampleScenes().map(p -> ROOT.relativize(p).toString().replace('\\', '/')).toList();
        for (String expected : List.of("demos/scenes/hello.json", "demos/scenes/bridge.json", "demos/scenes/cradle.json",
                "demos/scenes/ragdoll.json", "demos/scenes/ramp.json", "demos/src/test/resources/scenes/every-field.json")) {
            assertTrue(names.contains(expected), expected + " among " + names);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("exampleScenes")
    void everyExampleSceneValidatesAndIsRead(Path file) throws Exception {
        List<Error> errors = schemaErrors(read(file));
        assertTrue(errors.isEmpty(), file + " against docs/scene.schema.json: " + errors);
        FileScene scene = SceneReader.read(file);
        assertFalse(scene.bodies().isEmpty(), file + " has bodies");
    }

    static Stream<String> builtInScenes() {
        return SceneCatalog.entries().stream().map(SceneCatalog.Entry::name);
    }

    /** What {@code export} writes for each built-in scene, under each solver, validates too. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("builtInScenes")
    void everyExportedBuiltInSceneValidates(String name) throws Exception {
        for (WorldSettings.Solver solver : WorldSettings.Solver.values()) {
            String json = SceneWriter.toJson(SceneCatalog.build(name, SceneOptions.DEFAULTS.withSolver(solver)), name);
            List<Error> errors = schemaErrors(MAPPER.readTree(json));
            assertTrue(errors.isEmpty(), name + " (" + solver + ") as exported: " + errors);
            assertEquals(null, readerError(name + ".json", json), name + " (" + solver + ") is read back");
        }
    }

    // ------------------------------------------------------------------ bad scenes

    static final String BALL = "{\"id\": \"ball\", \"mass\": 1, \"shapes\": [{\"type\": \"sphere\", \"radius\": 0.5}]}";

    static Stream<String[]> badScenes() {
        return Stream.of(
                new String[] {"no bodies", "{}"},
                new String[] {"a top-level array", "[]"},
                new String[] {"unknown top-level field", "{\"bodies\": [], \"bodys\": []}"},
                new String[] {"wrong format", "{\"format\": \"tumble-scene/2\", \"bodies\": []}"},
                new String[] {"null description", "{\"description\": null, \"bodies\": []}"},
                new String[] {"misspelt radius", "{\"bodies\": [{\"id\": \"b\", \"mass\": 1, \"shapes\": [{\"type\": \"sphere\", \"raduis\": 0.5}]}]}"},
                new String[] {"unknown shape type", "{\"bodies\": [{\"id\": \"b\", \"mass\": 1, \"shapes\": [{\"type\": \"cone\"}]}]}"},
                new String[] {"negative mass", "{\"bodies\": [{\"id\": \"b\", \"mass\": -2, \"shapes\": [{\"type\": \"sphere\", \"radius\": 0.5}]}]}"},
                new String[] {"mass and density", "{\"bodies\": [{\"id\": \"b\", \"mass\": 1, \"density\": 5, \"shapes\": [{\"type\": \"sphere\", \"radius\": 0.5}]}]}"},
                new String[] {"shapeless body without mass", "{\"bodies\": [{\"id\": \"b\"}]}"},
                new String[] {"static body with a mass", "{\"bodies\": [{\"id\": \"g\", \"type\": \"static\", \"mass\": 1}]}"},
                new String[] {"dynamic half-space", "{\"bodies\": [{\"id\": \"g\", \"mass\": 1, \"shapes\": [{\"type\": \"halfspace\", \"normal\": [0, 1, 0], \"offset\": 0}]}]}"},
                new String[] {"body without id", "{\"bodies\": [{\"mass\": 1}]}"},
                new String[] {"tiny sphere", "{\"bodies\": [{\"id\": \"b\", \"mass\": 1, \"shapes\": [{\"type\": \"sphere\", \"radius\": 0.0001}]}]}"},
                new String[] {"cylinder without halfHeight", "{\"bodies\": [{\"id\": \"b\", \"mass\": 1, \"shapes\": [{\"type\": \"cylinder\", \"radius\": 0.5}]}]}"},
                new String[] {"hull of 3 points", "{\"bodies\": [{\"id\": \"b\", \"mass\": 1, \"shapes\": [{\"type\": \"hull\", \"points\": [[0,0,0],[1,0,0],[0,1,0]]}]}]}"},
                new String[] {"zero quaternion", "{\"bodies\": [" + BALL.replace("}]}", "}], \"orientation\": [0, 0, 0, 0]}") + "]}"},
                new String[] {"position of 2 numbers", "{\"bodies\": [{\"id\": \"b\", \"mass\": 1, \"position\": [0, 1]}]}"},
                new String[] {"far-away position", "{\"bodies\": [{\"id\": \"b\", \"mass\": 1, \"position\": [0, 1e7, 0]}]}"},
                new String[] {"too many threads", "{\"settings\": {\"threads\": 300}, \"bodies\": []}"},
                new String[] {"fractional threads", "{\"settings\": {\"threads\": 1.5}, \"bodies\": []}"},
                new String[] {"unknown solver", "{\"settings\": {\"solver\": \"pbd\"}, \"bodies\": []}"},
                new String[] {"soft-step solver", "{\"settings\": {\"solver\": \"soft\"}, \"bodies\": []}"},
                new String[] {"step of 2 s", "{\"settings\": {\"dt\": 2}, \"bodies\": []}"},
                new String[] {"unknown SI setting", "{\"settings\": {\"sequentialImpulse\": {\"iterations\": 3}}, \"bodies\": []}"},
                new String[] {"no substeps", "{\"settings\": {\"sequentialImpulse\": {\"substeps\": 0}}, \"bodies\": []}"},
                new String[] {"zero contact stiffness", "{\"settings\": {\"sequentialImpulse\": {\"contactHertz\": 0}}, \"bodies\": []}"},
                new String[] {"unknown joint type", "{\"bodies\": [" + BALL + "], \"joints\": [{\"type\": \"slider\", \"body0\": \"ball\"}]}"},
                new String[] {"hinge without axis", "{\"bodies\": [" + BALL + "], \"joints\": [{\"type\": \"hinge\", \"body0\": \"ball\", \"anchor\": [0, 0, 0]}]}"},
                new String[] {"rod of length 0", "{\"bodies\": [" + BALL + "], \"joints\": [{\"type\": \"rod\", \"body0\": \"ball\", \"anchor0\": [0,0,0], \"anchor1\": [0,1,0], \"length\": 0}]}"},
                new String[] {"negative Millington error", "{\"bodies\": [" + BALL + "], \"joints\": [{\"type\": \"millington\", \"body0\": \"ball\", \"position0\": [0,0,0], \"position1\": [0,1,0], \"error\": -1}]}"},
                new String[] {"unknown force type", "{\"bodies\": [" + BALL + "], \"forces\": [{\"type\": \"magnet\", \"body\": \"ball\"}]}"},
                new String[] {"negative spring stiffness", "{\"bodies\": [" + BALL + "], \"forces\": [{\"type\": \"anchoredSpring\", \"body\": \"ball\", \"point\": [0,0,0], \"anchor\": [0,1,0], \"k\": -1, \"restLength\": 1}]}"},
                new String[] {"control beyond 1", "{\"bodies\": [" + BALL + "], \"forces\": [{\"type\": \"aeroControl\", \"body\": \"ball\", \"base\": [0,0,0,0,0,0,0,0,0], \"min\": [0,0,0,0,0,0,0,0,0], \"max\": [0,0,0,0,0,0,0,0,0], \"point\": [0,0,0], \"control\": 2}]}"},
                new String[] {"zero buoyant volume", "{\"bodies\": [" + BALL + "], \"forces\": [{\"type\": \"buoyancy\", \"body\": \"ball\", \"centre\": [0,0,0], \"maxDepth\": 1, \"volume\": 0, \"waterHeight\": 0}]}"},
                new String[] {"negative implosion force", "{\"bodies\": [" + BALL + "], \"forces\": [{\"type\": \"explosion\", \"bodies\": [\"ball\"], \"detonation\": [0,0,0], \"implosion\": {\"minRadius\": 0, \"maxRadius\": 1, \"duration\": 1, \"force\": -5}}]}"},
                new String[] {"concussion without speed", "{\"bodies\": [" + BALL + "], \"forces\": [{\"type\": \"explosion\", \"bodies\": [\"ball\"], \"detonation\": [0,0,0], \"concussion\": {\"thickness\": 1, \"peakForce\": 1, \"duration\": 1}}]}"});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badScenes")
    void aBadSceneIsRefusedByBothTheSchemaAndTheReader(String what, String json) throws Exception {
        assertFalse(schemaErrors(MAPPER.readTree(json)).isEmpty(), what + ": the schema must refuse " + json);
        assertTrue(readerError("bad.json", json) != null, what + ": the reader must refuse " + json);
    }

    // ------------------------------------------------------------------ the differential sweep

    /** Numbers on both sides of every bound the reader checks (SceneReader's constants, the engine's checks). */
    static final double[] NUMBERS = {
        0, -0.0, 1e-9, -1e-9, -0.5, 0.5, 5e-7, 1e-6, 9e-4, 1e-3, 1, 1.0001, -1, -1.0001, 1.5, 1.999, 2, 100, 100.5, 256, 257,
        1000, 1000.5, -1000, -1000.5, 1e4, 10000.5, -1e4, -10000.5, 1e5, 100000.5, -1e5, 1e6, 1000000.5, -1e6, -1000000.5,
        1e9, 1.0000001e9, 1e12, 1.0000001e12, -1e12, -1.0000001e12, 2147483647, 2147483648.0, 1e300, -1e300};

    /** One way a scene was changed, and the scene after it. */
    record Mutation(String path, String what, JsonNode scene) {
    }

    /** A path with its indices starred, plus the type of every enclosing typed object: what the sweep dedupes by. */
    static String pattern(String path, String context) {
        return context + path.replaceAll("\\[\\d+]", "[*]");
    }

    /** Mutations of every field of {@code root}, each pattern once across the sweep ({@code seen}). */
    static List<Mutation> mutations(JsonNode root, Set<String> seen) {
        List<Mutation> out = new ArrayList<>();
        walk(root, root, "$", "", seen, out);
        return out;
    }

    private static void walk(JsonNode root, JsonNode node, String path, String context, Set<String> seen, List<Mutation> out) {
        if (node.isObject()) {
            String ctx = node.has("type") && node.get("type").isTextual() ? context + "<" + node.get("type").asText() + ">" : context;
            String objectCtx = ctx;
            if (path.matches("\\$\\.bodies\\[\\d+]")) {
                // Which of a body's fields it may leave out depends on how it gives its mass and
                // whether it has shapes; the bounds of its values do not.
                objectCtx += "<" + Stream.of("mass", "density", "inverseMass", "inverseInertia", "shapes").filter(node::has)
                        .collect(Collectors.joining(",")) + ">";
            }
            if (seen.add(pattern(path, objectCtx) + "{}")) {
                String p = path;
                out.add(change(root, p, "an unknown field added", n -> ((ObjectNode) n).put("unknownField", 1)));
                Iterator<String> keys = node.fieldNames();
                while (keys.hasNext()) {
                    String k = keys.next();
                    out.add(change(root, p, "'" + k + "' left out", n -> ((ObjectNode) n).remove(k)));
                }
                if (!path.equals("$")) {
                    out.add(replace(root, path, "an array instead", JsonNodeFactory.instance.arrayNode()));
                }
            }
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                walk(root, f.getValue(), path + "." + f.getKey(), ctx, seen, out);
            }
        } else if (node.isArray()) {
            if (seen.add(pattern(path, context) + "[]")) {
                out.add(replace(root, path, "an object instead", JsonNodeFactory.instance.objectNode()));
                out.add(replace(root, path, "null", NullNode.instance));
                if (node.size() > 0) {
                    out.add(change(root, path, "its last element left out", n -> ((ArrayNode) n).remove(n.size() - 1)));
                    out.add(change(root, path, "its last element twice", n -> ((ArrayNode) n).add(n.get(n.size() - 1).deepCopy())));
                } else {
                    out.add(change(root, path, "an element added", n -> ((ArrayNode) n).add(1)));
                }
            }
            // Components of a vector, tensor or point list share their rules: the first stands for all.
            boolean uniform = node.size() > 0 && (node.get(0).isNumber() || node.get(0).isArray());
            for (int i = 0; i < node.size() && (i == 0 || !uniform); i++) {
                walk(root, node.get(i), path + "[" + i + "]", context, seen, out);
            }
        } else if (seen.add(pattern(path, context))) {
            out.add(replace(root, path, "null", NullNode.instance));
            if (node.isNumber()) {
                out.add(replace(root, path, "a string", TextNode.valueOf(node.asText())));
                for (double v : NUMBERS) {
                    out.add(replace(root, path, "the number " + v, number(v)));
                }
                out.add(replace(root, path, "the number 3.0", DoubleNode.valueOf(3.0)));
            } else if (node.isTextual()) {
                String s = node.asText();
                out.add(replace(root, path, "a number", IntNode.valueOf(1)));
                for (String v : new LinkedHashSet<>(List.of(s.toUpperCase(Locale.ROOT), s + "x", " " + s + " ", "\t" + s, s + "\u0000",
                        s.replace('i', '\u0131'), s.replace('i', '\u0130'), s.replace('s', '\u017f'), s.replace('_', '-'),
                        s.replace("_", ""), "", "\u00a0" + s))) {
                    out.add(replace(root, path, "the string \"" + v + "\"", TextNode.valueOf(v)));
                }
            } else if (node.isBoolean()) {
                out.add(replace(root, path, "the string \"true\"", TextNode.valueOf("true")));
                out.add(replace(root, path, "the number 1", IntNode.valueOf(1)));
                out.add(replace(root, path, "the other boolean", BooleanNode.valueOf(!node.asBoolean())));
            }
        }
    }

    /** {@code v} as JSON writes it: integral values without a fraction (as int or long), others as doubles. */
    static JsonNode number(double v) {
        if (v != Math.rint(v) || Math.abs(v) >= 1e15 || Double.compare(v, -0.0) == 0) {
            return DoubleNode.valueOf(v);
        }
        return Math.abs(v) <= Integer.MAX_VALUE ? IntNode.valueOf((int) v) : LongNode.valueOf((long) v);
    }

    private static Mutation change(JsonNode root, String path, String what, Consumer<JsonNode> edit) {
        JsonNode copy = root.deepCopy();
        edit.accept(at(copy, path));
        return new Mutation(path, what, copy);
    }

    private static Mutation replace(JsonNode root, String path, String what, JsonNode value) {
        JsonNode copy = root.deepCopy();
        int cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
        JsonNode parent = at(copy, path.substring(0, cut));
        if (path.charAt(cut) == '.') {
            ((ObjectNode) parent).set(path.substring(cut + 1), value);
        } else {
            ((ArrayNode) parent).set(Integer.parseInt(path.substring(cut + 1, path.length() - 1)), value);
        }
        return new Mutation(path, what, copy);
    }

    /** The node at a path of the form {@code $.a[1].b}. */
    static JsonNode at(JsonNode root, String path) {
        JsonNode n = root;
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\.([^.\\[]+)|\\[(\\d+)]").matcher(path.substring(1));
        while (m.find()) {
            n = m.group(1) != null ? n.get(m.group(1)) : n.get(Integer.parseInt(m.group(2)));
        }
        return n;
    }

    @Test
    void theSchemaAndTheReaderAgreeOnEveryMutationOfTheExamples() throws Exception {
        Set<String> seen = new LinkedHashSet<>();
        List<Path> files = new ArrayList<>(List.of(EVERY_FIELD));
        exampleScenes().filter(p -> !p.endsWith(EVERY_FIELD)).forEach(files::add);
        List<String> tooStrict = new ArrayList<>();
        List<String> tooLax = new ArrayList<>();
        Map<String, Integer> inexpressible = new LinkedHashMap<>();
        int checked = 0, refused = 0;
        for (Path file : files) {
            JsonNode root = read(file);
            for (Mutation m : mutations(root, seen)) {
                String json = MAPPER.writeValueAsString(m.scene());
                boolean schemaOk = schemaErrors(m.scene()).isEmpty();
                SceneFileException readerErr;
                try {
                    readerErr = readerError("mutated.json", json);
                } catch (RuntimeException e) {
                    fail(file.getFileName() + " " + m.path() + ": " + m.what() + ": the reader threw " + e);
                    return;
                }
                checked++;
                refused += readerErr == null ? 0 : 1;
                String where = file.getFileName() + " " + m.path() + ": " + m.what();
                if (!schemaOk && readerErr == null) {
                    tooStrict.add(where + " (the schema says " + schemaErrors(m.scene()) + ")");
                } else if (schemaOk && readerErr != null) {
                    String reason = INEXPRESSIBLE.keySet().stream().filter(k -> readerErr.getMessage().contains(k)).findFirst().orElse(null);
                    if (reason == null) {
                        tooLax.add(where + " (the reader says " + readerErr.getMessage() + ")");
                    } else {
                        inexpressible.merge(INEXPRESSIBLE.get(reason), 1, Integer::sum);
                    }
                }
            }
        }
        assertTrue(tooStrict.isEmpty(), tooStrict.size() + " scenes the reader reads but the schema refuses:\n"
                + String.join("\n", tooStrict));
        assertTrue(tooLax.isEmpty(), tooLax.size() + " scenes the schema accepts but the reader refuses:\n"
                + String.join("\n", tooLax));
        assertTrue(checked > 1000 && refused > checked / 3, "the sweep checked " + checked + " scenes, " + refused + " refused");
        // The integer case is the one JSON Schema's data model cannot tell apart at all: pinned.
        assertTrue(inexpressible.containsKey(INEXPRESSIBLE.get("expected an integer, found the number")));
    }
}
