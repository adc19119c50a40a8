package dev.tumble.bench.side;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CI smoke run: every engine on every standard scene, every stress scene and two scaling points,
 * for a few steps in this process, so that no benchmark rots. Timings here mean nothing.
 */
class SideBySideSmokeTest {

    @Test
    void everyEngineSceneAndStressSceneRunsAndTheReportIsWritten(@TempDir Path dir) throws Exception {
        SideBySide s = new SideBySide("--in-process", "--steps", "12", "--runs", "1", "--warmup", "0",
                "--scaling", "100,1000", "--out", dir.resolve("benchmarks.md").toString());
        String report = s.run();
        assertTrue(s.failures.isEmpty(), "engines that failed: " + s.failures);
        for (String scene : new String[] {"pile", "pyramid"}) {
            assertTrue(report.contains("### " + scene), report);
        }
        // Each engine row has a positive ms/step in both scene tables.
        for (String engine : new String[] {"tumble", "physx", "jolt", "bullet", "ode4j", "jbullet"}) {
            Matcher m = Pattern.compile("(?m)^\\| " + Pattern.quote(engine) + " \\| [^|]+ \\| ([0-9.]+) \\|").matcher(report);
            int rows = 0;
            while (m.find()) {
                assertTrue(Double.parseDouble(m.group(1)) > 0, engine + ": " + m.group());
                rows++;
            }
            assertEquals(2, rows, engine + " rows in:\n" + report);
        }
        for (String stress : StressScenes.NAMES) {
            assertTrue(report.contains("| " + stress + " |"), stress + " missing in:\n" + report);
        }
        assertTrue(report.contains("**Allocation:**"), report);
        Path doc = dir.resolve("benchmarks.md");
        s.write(report);
        // The smoke run is in-process, so it writes the in-process block, not the fresh-JVM one.
        String written = Files.readString(doc);
        assertTrue(written.contains(SideBySide.BEGIN_IN_PROCESS) && written.contains(SideBySide.END_IN_PROCESS)
                && !written.contains(SideBySide.BEGIN), "report written between the in-process markers");
        // Its chart has a name of its own (the fresh-JVM run's stays benchmarks-scaling.png), linked from the block.
        assertTrue(Files.size(dir.resolve("benchmarks-scaling-in-process.png")) > 1000, "scaling chart drawn");
        assertTrue(written.contains("](benchmarks-scaling-in-process.png)"), "chart linked from the report");
        assertTrue(Files.notExists(dir.resolve("benchmarks-scaling.png")), "the fresh-JVM chart left alone");
    }

    @Test
    void aChildsWarmUpRunLeavesTheTimedRunsPhysicsAlone() {
        // The timed run after a warm-up run steps a newly built scene: same end state, bit for bit.
        for (String kind : new String[] {"tumble", "jolt"}) {
            Measure.Result cold = Measure.Result.parse(SideBySide.child(kind, "pyramid", 30, false));
            Measure.Result warm = Measure.Result.parse(SideBySide.child(kind, "pyramid", 30, true));
            assertEquals(cold.maxSpeed(), warm.maxSpeed(), kind);
            assertEquals(cold.topDisplacement(), warm.topDisplacement(), kind);
            assertEquals(cold.moving(), warm.moving(), kind);
            assertTrue(warm.msPerStep() > 0, kind);
        }
    }

    @Test
    void aWarmChildRunsTheSameMeasurementTwiceAndAColdOneOnce() {
        int before = Measure.runsStarted;
        SideBySide.child("tumble", "pyramid", 12, false);
        assertEquals(before + 1, Measure.runsStarted, "cold: the timed run only");
        SideBySide.child("tumble", "pyramid", 12, true);
        assertEquals(before + 3, Measure.runsStarted, "warm: a warm-up run, then the timed run");
        SideBySide.child("stress", "tower50", 12, true);
        assertEquals(before + 5, Measure.runsStarted, "stress scenes get a warm-up run too");
    }

    @Test
    void aColdRunWritesItsOwnBlockAndLeavesTheOthersAlone(@TempDir Path dir) throws Exception {
        Path doc = dir.resolve("benchmarks.md");
        Files.writeString(doc, "# B\n\n" + SideBySide.BEGIN + "\nwarm table\n" + SideBySide.END + "\n");
        SideBySide cold = new SideBySide("--cold", "--out", doc.toString());
        cold.write("cold table");
        String written = Files.readString(doc);
        assertTrue(written.contains(SideBySide.BEGIN + "\nwarm table\n" + SideBySide.END), written);
        int b = written.indexOf(SideBySide.BEGIN_COLD), e = written.indexOf(SideBySide.END_COLD);
        assertTrue(b > 0 && e > b && written.substring(b, e).contains("cold table"), written);
        assertEquals(dir.resolve("benchmarks-scaling-cold.png"), cold.chart);
        assertThrows(IllegalArgumentException.class, () -> new SideBySide("--cold", "--in-process"));
    }

    @Test
    void theWarmupProbePrintsItsCurveAndTheTimedMean() {
        String line = WarmupProbe.run("pyramid", 100);
        // Two blocks of 50 steps, then steps firstTimed(100) = 16 to 99.
        assertTrue(line.matches("pyramid: ms per step per 50 steps [0-9.]+ [0-9.]+ \\| steps 16-99: [0-9.]+"), line);
        assertThrows(IllegalArgumentException.class, () -> WarmupProbe.run("pyramid", 10));
        assertThrows(IllegalArgumentException.class, () -> WarmupProbe.main(new String[] {"tower"}));
    }

    @Test
    void theStandardScenesMatchTheirDefinition() {
        Scene pile = Scene.named("pile");
        assertEquals(1000, pile.boxes());
        // Box (i, j, k) = (0, 0, 0) and the watched top of the middle column (i = k = 5, j = 9).
        assertEquals(-4.95, pile.centres()[0], 1e-12);
        assertEquals(1.5, pile.centres()[1], 1e-12);
        assertEquals(0.55, pile.centres()[3 * pile.top()], 1e-12);
        assertEquals(1.5 + 9 * 1.1, pile.centres()[3 * pile.top() + 1], 1e-12);
        Scene pyramid = Scene.named("pyramid");
        assertEquals(210, pyramid.boxes());
        assertEquals(19.5, pyramid.centres()[3 * pyramid.top() + 1], 1e-12);
        assertEquals(0, pyramid.centres()[3 * pyramid.top()], 1e-12);
    }
}
