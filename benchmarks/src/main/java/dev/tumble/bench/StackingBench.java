package dev.tumble.bench;

import dev.tumble.core.scenes.StackScene;
import dev.tumble.core.scenes.StackingScenes;
import dev.tumble.core.world.WorldSettings.Solver;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One world step of each stacking scene under each solver, sleeping off. Each iteration starts
 * from a fresh scene stepped 100 times (past the landing of the pile), so what is timed is a
 * standing stack, as in the side-by-side runner's mean of steps 100–599. Compare the two
 * solvers' rows of one run (the ratio table of {@link StackingReport} does it for you).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class StackingBench {
    /** The standard scene to step. */
    @Param({"tower", "pyramid", "pile", "stack3"})
    public String scene;

    /** The world's contact solver, a {@code WorldSettings.Solver} name. */
    @Param({"SEQUENTIAL_IMPULSE", "MILLINGTON"})
    public String solver;

    private StackScene built;

    /** Builds the scene afresh and runs it 100 steps, so each iteration times a settling scene. */
    @Setup(Level.Iteration)
    public void setup() {
        built = StackingReport.build(scene, Solver.valueOf(solver)).run(100);
    }

    /**
     * One world step of 1/60 s.
     *
     * @return the step count, so the JIT cannot drop the work
     */
    @Benchmark
    public long step() {
        built.world().step(StackingScenes.DT);
        return built.world().stepCount();
    }
}
