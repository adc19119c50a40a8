package dev.tumble.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * Keeps the README's embedding example true: extracts the first {@code ```java} block of the
 * top-level README, compiles it against the engine and runs it.
 */
class ReadmeExampleTest {

    @Test
    void readmeEmbeddingExampleCompilesAndRuns() throws Exception {
        Path readme = Path.of("..", "README.md");
        String text = Files.readString(readme);
        Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(text);
        assertTrue(m.find(), "README.md has a ```java block");
        String source = m.group(1);
        Matcher cls = Pattern.compile("public class (\\w+)").matcher(source);
        assertTrue(cls.find(), "the example declares a public class");
        String className = cls.group(1);

        Path dir = Files.createTempDirectory("tumble-readme");
        Path file = dir.resolve(className + ".java");
        Files.writeString(file, source);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int rc = javac.run(null, diagnostics, diagnostics,
                "-classpath", System.getProperty("java.class.path"), "-d", dir.toString(), file.toString());
        assertEquals(0, rc, "README example must compile:\n" + diagnostics);

        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            Method main = loader.loadClass(className).getMethod("main", String[].class);
            main.invoke(null, (Object) new String[0]);
        } finally {
            System.setOut(original);
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        // The crate (half-extent 0.5) rests on the ground within a millimetre and falls asleep; the
        // ray from above meets its top face at y = 1.
        assertTrue(printed.contains("the crate rests at y = 0.500 m, asleep: true"), "printed: " + printed);
        assertTrue(printed.contains("a ray from above hits it at y = 1.000 m"), "printed: " + printed);
        for (Path p : List.of(file, dir.resolve(className + ".class"))) {
            Files.deleteIfExists(p);
        }
        Files.deleteIfExists(dir);
    }
}
