package dev.tumble.core.golden;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * Finds and reads the Cyclone reference data (see {@code golden/README.md} in the test
 * resources). The bundled copy is used unless {@code -Dtumble.golden.dir=DIR} names another
 * folder (an absolute path is safest); then every file in it whose name starts with a known kind
 * is run, so new case files in the same format need no code change.
 */
public final class Golden {
    /** File-name prefixes the loader knows, one per kind of case file. */
    public static final List<String> KINDS =
            List.of("integrate_cases", "unit_contacts", "resolver_cases", "collision_cases", "sim_");

    private static final ObjectMapper JSON = new ObjectMapper();

    private Golden() {
    }

    /** @return the folder the golden files are read from. */
    public static Path directory() {
        String override = System.getProperty("tumble.golden.dir", "").trim();
        if (!override.isEmpty() && !override.startsWith("${")) {
            Path p = Paths.get(override);
            if (!Files.isDirectory(p)) {
                throw new IllegalStateException("tumble.golden.dir is not a folder: " + p.toAbsolutePath());
            }
            return p;
        }
        URL url = Golden.class.getResource("/golden");
        if (url == null) {
            throw new IllegalStateException("no golden folder in the test resources");
        }
        try {
            return Paths.get(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return the case files of one kind (by file-name prefix), sorted by name. */
    public static List<Path> files(String kind) {
        if (!KINDS.contains(kind)) {
            throw new IllegalArgumentException("unknown golden kind " + kind);
        }
        try (Stream<Path> s = Files.list(directory())) {
            return s.filter(p -> {
                String n = p.getFileName().toString();
                return n.startsWith(kind) && n.endsWith(".json");
            }).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the parsed JSON of one file. */
    public static JsonNode read(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read golden file " + file, e);
        }
    }

    /**
     * One dynamic test per case of every file of {@code kind}: {@code casesOf} picks the case
     * nodes of a file, {@code idOf} names each case, {@code check} runs it. A kind with no cases
     * at all yields one failing test, never a silent pass.
     */
    public static List<DynamicTest> cases(String kind, java.util.function.Function<JsonNode, Iterable<JsonNode>> casesOf,
            java.util.function.Function<JsonNode, String> idOf, Consumer<JsonNode> check) {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path file : files(kind)) {
            JsonNode root = read(file);
            for (JsonNode c : casesOf.apply(root)) {
                String id = idOf.apply(c);
                tests.add(DynamicTest.dynamicTest(id, file.toUri(), () -> check.accept(c)));
            }
        }
        if (tests.isEmpty()) {
            tests.add(DynamicTest.dynamicTest("no " + kind + " cases", () -> {
                throw new AssertionError("no " + kind + "* cases in " + directory().toAbsolutePath());
            }));
        }
        return tests;
    }

    /** @return {@code node[i]} as doubles. */
    public static double[] doubles(JsonNode node) {
        double[] d = new double[node.size()];
        for (int i = 0; i < d.length; i++) {
            d[i] = node.get(i).asDouble();
        }
        return d;
    }
}
