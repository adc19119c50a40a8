package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The rollback scene, its snapshots and a replay from a restored snapshot give the same bits in
 * separate JVMs whatever compiles the code: the interpreter alone ({@code -Xint}), C1 alone
 * ({@code -XX:TieredStopAtLevel=1}) and the default tiered JIT, and this JVM.
 */
class SnapshotAcrossJvmsTest {

    private static String runIn(String... jvmFlags) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of(jvmFlags));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(RollbackMain.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("JVM " + List.of(jvmFlags) + " did not finish");
        }
        String text = new String(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "JVM " + List.of(jvmFlags) + " failed:\n" + text);
        return text;
    }

    @Test
    void interpreterC1AndC2GiveTheSameBits() throws IOException, InterruptedException {
        String here = RollbackMain.run();
        assertEquals(here, runIn("-Xint"), "-Xint");
        assertEquals(here, runIn("-XX:TieredStopAtLevel=1"), "C1 only");
        assertEquals(here, runIn(), "default JIT");
    }
}
