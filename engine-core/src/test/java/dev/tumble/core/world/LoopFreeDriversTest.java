package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.collision.broad.BroadPhase;
import dev.tumble.core.island.IslandBuilder;
import dev.tumble.core.resolve.SequentialImpulseSolver;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.spi.ToolProvider;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The step's driver methods, called once a step or once an island, keep no loops of their own:
 * each pass is a method of its own. A loop in a driver makes HotSpot compile the whole driver
 * around that loop (on-stack replacement) and again whole, which on 2 cores held back the
 * compilation of the solver's hot methods for hundreds of steps of a fresh JVM (docs/world.md,
 * "The step is a list of calls"; docs/benchmarks.md, "a step the JIT compiles early"). This reads
 * the compiled bytecode with {@code javap} and counts backward branches, which is what a loop
 * compiles to.
 */
class LoopFreeDriversTest {

    /** {@code "  12: goto   3"} or {@code "  40: if_icmplt  20"}: a branch instruction and its target. */
    private static final Pattern BRANCH = Pattern.compile("^\\s*(\\d+): (goto|goto_w|if\\w*)\\s+(\\d+)");

    @Test
    void perStepAndPerIslandDriversHaveNoLoops() {
        assertLoops(World.class, "public void step(double)", 0);
        assertLoops(SequentialImpulseSolver.class, "public void resolveContacts(", 0);
        assertLoops(SequentialImpulseSolver.class, "private boolean rankManifolds()", 0);
        assertLoops(IslandSolver.class, "void solve(dev.tumble.core.island.IslandBuilder", 0);
        assertLoops(IslandSolver.class, "private double resolveIsland(", 0);
        assertLoops(IslandSolver.class, "private void solveSequential(", 0);
        assertLoops(IslandBuilder.class, "public void finish(", 0);
        assertLoops(BroadPhase.class, "public int updatePairs()", 0);
        // prepare keeps its one loop over the contacts' runs, whose body is a call (prepareContacts).
        assertLoops(SequentialImpulseSolver.class, "private void prepare(", 1);
    }

    @Test
    void passesOverAWholeIslandOrStepWalkTheirElementsInRuns() {
        // Called once a step in a one-island scene: each walks its elements in runs (Runs), so
        // the run method is compiled whole and early, not on stack and then again.
        assertWalksInRuns(World.class, "private void integrateBodies(int, double)");
        assertWalksInRuns(World.class, "private void buildIslands(int)");
        assertWalksInRuns(CollisionStage.class, "void findContacts(");
        assertWalksInRuns(IslandSolver.class, "private void saveImpulses(int)");
        assertWalksInRuns(IslandSolver.class, "private void registerContacts(");
        assertWalksInRuns(SequentialImpulseSolver.class, "private void prepare(");
        assertWalksInRuns(SequentialImpulseSolver.class, "private void solveVelocities()");
        assertWalksInRuns(SequentialImpulseSolver.class, "private void solvePositions(int)");
        assertWalksInRuns(SequentialImpulseSolver.class, "private void writePoses()");
        // Passes that on-stack replacement still compiled first in the pyramid's first second.
        assertWalksInRuns(World.class, "private void recordContactEvents()");
        assertWalksInRuns(IslandBuilder.class, "private void sortConstraints()");
        assertWalksInRuns(SequentialImpulseSolver.class, "private void groupManifolds(");
        assertWalksInRuns(SequentialImpulseSolver.class, "private void levelBodies()");
        assertWalksInRuns(SequentialImpulseSolver.class, "private int holdBodies()");
        assertWalksInRuns(SequentialImpulseSolver.class, "private static void wake(");
        assertWalksInRuns(BroadPhase.class, "private int reportPairs(int)");
        // The last ones the pyramid compiled on stack: the energy guard's balance (twice a step,
        // compiled on stack and then whole as the pyramid's third largest compile, after step 500),
        // the island builder's labels and body sort, the manifold cache's end of step and
        // the contact cache's key index.
        assertWalksInRuns(energyGuard(), "int, double, double, boolean)");
        assertWalksInRuns(IslandBuilder.class, "private void labelIslands(boolean[])");
        assertWalksInRuns(IslandBuilder.class, "private void sortBodies()");
        assertWalksInRuns(ManifoldCache.class, "void finishStep()");
        assertWalksInRuns(ContactCache.class, "private void indexKeys()");
    }

    private static Class<?> energyGuard() {
        try {
            return Class.forName("dev.tumble.core.resolve.EnergyGuard");
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    private static void assertWalksInRuns(Class<?> type, String header) {
        assertTrue(methodCode(disassemble(type), header).stream().anyMatch(l -> l.contains("internal/Runs.end")),
                type.getSimpleName() + " `" + header + "` should walk its elements in runs (Runs.end)");
    }

    @Test
    void theCounterSeesALoop() {
        // The check can fail: integrateBodies walks the bodies in runs, so it has a loop.
        assertTrue(backwardBranches(World.class, "private void integrateBodies(int, double)") > 0);
    }

    private static void assertLoops(Class<?> type, String header, int expected) {
        assertEquals(expected, backwardBranches(type, header),
                type.getSimpleName() + " `" + header + "`: loops belong in a method of their own");
    }

    /** Backward branches in the method of {@code type} whose javap header contains {@code header}. */
    private static int backwardBranches(Class<?> type, String header) {
        List<String> code = methodCode(disassemble(type), header);
        int count = 0;
        for (String line : code) {
            Matcher m = BRANCH.matcher(line);
            if (m.find() && Integer.parseInt(m.group(3)) <= Integer.parseInt(m.group(1))) {
                count++;
            }
        }
        return count;
    }

    private static List<String> methodCode(String listing, String header) {
        List<String> code = new ArrayList<>();
        boolean inside = false;
        int found = 0;
        for (String line : listing.split("\\R")) {
            if (line.startsWith("  ") && !line.startsWith("   ")) {
                // A member's header line (two spaces of indent); its code follows, deeper.
                inside = line.contains(header);
                if (inside) {
                    found++;
                }
            } else if (inside) {
                code.add(line);
            }
        }
        assertEquals(1, found, "exactly one method matches `" + header + "`");
        assertFalse(code.isEmpty(), "no code for `" + header + "`");
        return code;
    }

    private static String disassemble(Class<?> type) {
        ToolProvider javap = ToolProvider.findFirst("javap")
                .orElseThrow(() -> new AssertionError("javap is not available (a JDK is needed to build Tumble)"));
        Path classes;
        try {
            classes = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new AssertionError(e);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = javap.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                "-c", "-p", "-cp", classes.toString(), type.getName());
        assertEquals(0, rc, () -> "javap failed: " + err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }
}
