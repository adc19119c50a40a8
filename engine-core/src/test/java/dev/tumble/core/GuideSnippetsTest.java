package dev.tumble.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tumble.core.world.World;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Keeps {@code docs/guide.md} true: every {@code ```java} block in it is compiled against the
 * engine (the test classpath) with {@code javax.tools}, in-process, and run with assertions on,
 * so a block that no longer compiles, throws, or whose {@code assert} lines no longer hold fails
 * this test.
 *
 * <p>The guide holds three kinds of block:
 * <ul>
 * <li>one <em>imports</em> block (only {@code import} lines), used as the imports of every
 *     snippet after it;</li>
 * <li><em>programs</em>: a whole compilation unit declaring {@code public class X} with a
 *     {@code main}, compiled as written and run;</li>
 * <li><em>snippets</em>: method bodies, wrapped as {@code static void run(World world)} under the
 *     imports block and run with a fresh {@code new World()}.</li>
 * </ul>
 * The number of blocks is pinned ({@link #EXPECTED_BLOCKS}) and a fence that only looks like a
 * Java fence ({@code ```Java}, {@code ``` java}, an unclosed fence) fails, so no block escapes
 * unseen.
 */
class GuideSnippetsTest {
    static final Path GUIDE = Path.of("..", "docs", "guide.md");
    /** Java blocks in the guide. Adding or removing one means changing this on purpose. */
    static final int EXPECTED_BLOCKS = 16;
    /** The most a block may run. */
    static final Duration LIMIT = Duration.ofSeconds(60);

    enum Kind { IMPORTS, PROGRAM, SNIPPET }

    /** One {@code ```java} block: its 1-based number, the guide line of its first code line, its section. */
    record Block(int number, int line, String section, String code, Kind kind) {
        String className() {
            if (kind == Kind.PROGRAM) {
                Matcher m = Pattern.compile("public\\s+(?:final\\s+)?class\\s+(\\w+)").matcher(code);
                assertTrue(m.find(), "a program block declares a public class");
                return m.group(1);
            }
            return String.format(Locale.ROOT, "GuideBlock%02d", number);
        }

        String describe() {
            return "block " + number + " (docs/guide.md line " + line + ", \"" + section + "\")";
        }
    }

    /** A compilation unit made from a block, and the number of lines put before the block's code. */
    record Unit(Block block, String source, int headerLines) {
    }

    /** The blocks of {@code text}, failing on fences that would hide one. */
    static List<Block> blocks(String text) {
        List<Block> blocks = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        String section = "(top)";
        boolean inJava = false, inOther = false;
        int start = 0;
        StringBuilder code = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String trimmed = line.strip();
            if (!inJava && !inOther && line.startsWith("#")) {
                section = line.replaceFirst("^#+\\s*", "");
            }
            if (!trimmed.startsWith("```")) {
                if (inJava) {
                    code.append(line).append('\n');
                }
                continue;
            }
            String info = trimmed.substring(3).strip();
            if (inJava || inOther) {
                if (!info.isEmpty()) {
                    fail("docs/guide.md line " + (i + 1) + ": a fence opens inside an open block: " + line);
                }
                if (inJava) {
                    String body = code.toString();
                    blocks.add(new Block(blocks.size() + 1, start, section, body, kind(body)));
                    code.setLength(0);
                }
                inJava = inOther = false;
            } else if (line.equals("```java")) {
                inJava = true;
                start = i + 2;
            } else if (info.toLowerCase(Locale.ROOT).contains("java")) {
                fail("docs/guide.md line " + (i + 1) + ": write a Java block's fence exactly as ```java, was: " + line);
            } else {
                inOther = true;
            }
        }
        assertFalse(inJava || inOther, "docs/guide.md ends inside a fenced block");
        return blocks;
    }

    static Kind kind(String code) {
        boolean onlyImports = code.lines().map(String::strip)
                .allMatch(l -> l.isEmpty() || l.startsWith("import ") || l.startsWith("//"));
        if (onlyImports) {
            return Kind.IMPORTS;
        }
        return code.contains("public static void main(") ? Kind.PROGRAM : Kind.SNIPPET;
    }

    /** The units to compile: programs as written, snippets wrapped under the imports block. */
    static List<Unit> units(List<Block> blocks) {
        List<Unit> units = new ArrayList<>();
        String imports = null;
        for (Block b : blocks) {
            switch (b.kind()) {
                case IMPORTS -> {
                    assertEquals(null, imports, b.describe() + ": the guide has one imports block");
                    imports = b.code();
                    // Compiled on its own too, so a wrong import is reported at its own block.
                    units.add(wrap(b, imports, ""));
                }
                case PROGRAM -> units.add(new Unit(b, b.code(), 0));
                case SNIPPET -> {
                    assertTrue(imports != null, b.describe() + ": a snippet comes after the imports block");
                    units.add(wrap(b, imports, b.code()));
                }
            }
        }
        return units;
    }

    /** {@code code} as the body of {@code static void run(World world)} in a class of its own. */
    static Unit wrap(Block b, String imports, String code) {
        String header = imports + "\npublic final class " + b.className() + " {\n"
                + "    public static void run(" + World.class.getName() + " world) throws Exception {\n";
        return new Unit(b, header + code + "    }\n}\n", (int) header.chars().filter(c -> c == '\n').count());
    }

    /** What compiling a batch of units gave: the class folder and each unit's error messages. */
    record Compiled(Path classes, Map<Block, List<String>> errors) {
    }

    static Compiled compile(List<Unit> units) throws IOException {
        Path dir = Files.createTempDirectory("tumble-guide");
        Path src = Files.createDirectories(dir.resolve("src"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Map<Path, Unit> byFile = new LinkedHashMap<>();
        for (Unit u : units) {
            Path file = src.resolve(u.block().className() + ".java");
            Files.writeString(file, u.source());
            byFile.put(file, u);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Map<Block, List<String>> errors = new LinkedHashMap<>();
        for (Unit u : units) {
            errors.put(u.block(), new ArrayList<>());
        }
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            Iterable<? extends JavaFileObject> sources = files.getJavaFileObjectsFromPaths(byFile.keySet());
            boolean ok = javac.getTask(null, files, diagnostics,
                    List.of("-classpath", System.getProperty("java.class.path"), "-d", classes.toString(),
                            "-encoding", "UTF-8", "-proc:none", "-Xlint:none"),
                    null, sources).call();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() != Diagnostic.Kind.ERROR) {
                    continue;
                }
                Unit u = d.getSource() == null ? null : byFile.get(Path.of(d.getSource().toUri()));
                if (u == null) {
                    errors.values().forEach(l -> l.add(d.getMessage(Locale.ROOT)));
                    continue;
                }
                long guideLine = d.getLineNumber() - u.headerLines() + u.block().line() - 1;
                String where = d.getLineNumber() > u.headerLines() ? "docs/guide.md line " + guideLine
                        : "the imports block";
                errors.get(u.block()).add(where + ": " + d.getMessage(Locale.ROOT));
            }
            if (!ok && errors.values().stream().allMatch(List::isEmpty)) {
                errors.values().forEach(l -> l.add("javac failed without an error diagnostic"));
            }
        }
        return new Compiled(classes, errors);
    }

    /** Runs a compiled block with assertions on; output is kept and shown only when it fails. */
    static void run(Compiled compiled, Block b) throws Throwable {
        List<String> errors = compiled.errors().get(b);
        assertTrue(errors.isEmpty(), b.describe() + " must compile:\n" + String.join("\n", errors));
        if (b.kind() == Kind.IMPORTS) {
            return;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream original = System.out;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {compiled.classes().toUri().toURL()},
                GuideSnippetsTest.class.getClassLoader())) {
            loader.setDefaultAssertionStatus(true);
            Class<?> c = loader.loadClass(b.className());
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            assertTimeoutPreemptively(LIMIT, () -> {
                try {
                    if (b.kind() == Kind.PROGRAM) {
                        Method main = c.getMethod("main", String[].class);
                        main.invoke(null, (Object) new String[0]);
                    } else {
                        Method body = c.getMethod("run", World.class);
                        body.invoke(null, new World());
                    }
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            }, b.describe() + " ran past " + LIMIT);
        } catch (Throwable t) {
            throw new AssertionError(b.describe() + " failed: " + t + "\noutput:\n" + out.toString(StandardCharsets.UTF_8), t);
        } finally {
            System.setOut(original);
        }
    }

    private static Compiled guideCompiled;

    static synchronized Compiled guide() throws IOException {
        if (guideCompiled == null) {
            guideCompiled = compile(units(blocks(Files.readString(GUIDE))));
        }
        return guideCompiled;
    }

    @TestFactory
    Stream<DynamicTest> everyJavaBlockOfTheGuideCompilesAndRuns() throws IOException {
        Compiled compiled = guide();
        return compiled.errors().keySet().stream().sorted(Comparator.comparingInt(Block::number))
                .map(b -> DynamicTest.dynamicTest(b.describe(), () -> run(compiled, b)));
    }

    @Test
    void theGuideHasTheExpectedBlocksAndEachIsCompiled() throws IOException {
        List<Block> blocks = blocks(Files.readString(GUIDE));
        assertEquals(EXPECTED_BLOCKS, blocks.size(), "```java blocks in docs/guide.md (update EXPECTED_BLOCKS on purpose)");
        assertEquals(1, blocks.stream().filter(b -> b.kind() == Kind.IMPORTS).count(), "one imports block");
        assertTrue(blocks.stream().anyMatch(b -> b.kind() == Kind.PROGRAM), "a complete program");
        assertEquals(blocks.size(), guide().errors().size(), "every block is compiled");
        long asserting = blocks.stream().filter(b -> b.code().contains("assert ")).count();
        assertEquals(blocks.size() - 1, asserting, "every block but the imports checks what it claims with assert");
    }

    // ---- the mechanism itself: it must fail when a block is wrong

    private static Block synthetic(String code) {
        return new Block(99, 1, "synthetic", code, kind(code));
    }

    private static Compiled compileSynthetic(Block b) throws IOException {
        return compile(List.of(wrap(b, "import dev.tumble.core.world.*;\n", b.code())));
    }

    @Test
    void aBlockThatDoesNotCompileFails() throws IOException {
        Block b = synthetic("world.stepp(1 / 60.0);\n");
        Compiled c = compileSynthetic(b);
        assertFalse(c.errors().get(b).isEmpty(), "a misspelt method is an error");
        assertThrows(AssertionError.class, () -> run(c, b));
    }

    @Test
    void aFalseAssertInABlockFails() throws IOException {
        Block b = synthetic("world.step(1 / 60.0);\nassert world.stepCount() == 2 : \"one step taken\";\n");
        Compiled c = compileSynthetic(b);
        AssertionError e = assertThrows(AssertionError.class, () -> run(c, b));
        assertInstanceOf(AssertionError.class, e.getCause(), "the block's own assert fired: assertions are on");
    }

    @Test
    void aBlockThatThrowsFails() throws IOException {
        Block b = synthetic("world.step(0);\n");
        Compiled c = compileSynthetic(b);
        AssertionError e = assertThrows(AssertionError.class, () -> run(c, b));
        assertInstanceOf(IllegalArgumentException.class, e.getCause());
    }

    @Test
    void fencesThatHideABlockFail() {
        assertThrows(AssertionError.class, () -> blocks("# t\n```Java\nint x;\n```\n"));
        assertThrows(AssertionError.class, () -> blocks("# t\n``` java\nint x;\n```\n"));
        assertThrows(AssertionError.class, () -> blocks("# t\n```java\nint x;\n"));
        assertEquals(2, blocks("# a\n```java\nint x;\n```\ntext\n```sh\nls\n```\n```java\nint y;\n```\n").size());
    }
}
