package dev.tumble.bench.side;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Loads a native library packed in a jar on the classpath (jolt-jni and Libbulletjme do not load their own). */
final class Natives {
    private Natives() {
    }

    /** Copies classpath resource {@code resource} to a temporary file and {@link System#load}s it. */
    static void load(String resource) {
        try (InputStream in = Natives.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("native library not on the classpath: " + resource);
            }
            String file = resource.substring(resource.lastIndexOf('/') + 1);
            Path dir = Files.createTempDirectory("tumble-bench-natives");
            Path lib = dir.resolve(file);
            Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
            lib.toFile().deleteOnExit();
            dir.toFile().deleteOnExit();
            System.load(lib.toAbsolutePath().toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
