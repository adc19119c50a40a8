package dev.tumble.bench;

import dev.tumble.core.scenes.StackMetrics;
import dev.tumble.core.scenes.StackScene;
import dev.tumble.core.scenes.StackingScenes;
import dev.tumble.core.world.WorldSettings.Solver;
import java.util.Arrays;
import java.util.Locale;

/**
 * Prints the stacking table of {@code docs/stacking.md}: for each scene and solver, the figures
 * of {@link StackMetrics} after 600 steps of 1/60 s with sleeping off, and the step time (mean of
 * steps 100–599, median of {@code runs} runs, after one warm-up run of every case), with the
 * ratio Millington / sequential impulses measured in the same process.
 *
 * <pre>
 * mvn -q -B -o -pl benchmarks -am -DskipTests package
 * java -cp benchmarks/target/benchmarks.jar dev.tumble.bench.StackingReport [runs]
 * </pre>
 */
public final class StackingReport {
    static final String[] SCENES = {"tower", "pyramid", "pile", "stack3"};
    static final int STEPS = 600;
    static final int TIMED_FROM = 100;

    private StackingReport() {
    }

    /** Builds a scene by name: tower (of 10), pyramid, pile or stack3. */
    static StackScene build(String scene, Solver solver) {
        var s = StackingScenes.settings(solver);
        return switch (scene) {
            case "tower" -> StackingScenes.tower(s, 10);
            case "pyramid" -> StackingScenes.pyramid(s);
            case "pile" -> StackingScenes.pile(s);
            case "stack3" -> StackingScenes.cycloneStack3(s);
            default -> throw new IllegalArgumentException("scene must be tower, pyramid, pile or stack3, was " + scene);
        };
    }

    /** The result of one run: figures at the end, mean ms per step over steps 100–599. */
    record Run(StackMetrics.Figures figures, double msPerStep) {
    }

    static Run run(String scene, Solver solver) {
        StackScene s = build(scene, solver);
        StackMetrics m = new StackMetrics(s);
        long timed = 0;
        for (int i = 0; i < STEPS; i++) {
            long t = System.nanoTime();
            s.world().step(StackingScenes.DT);
            if (i >= TIMED_FROM) {
                timed += System.nanoTime() - t;
            }
        }
        return new Run(m.measure(), timed / 1e6 / (STEPS - TIMED_FROM));
    }

    /**
     * Prints the table.
     *
     * @param args optionally the number of timed runs per case (default 3)
     */
    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        Solver[] solvers = {Solver.SEQUENTIAL_IMPULSE, Solver.MILLINGTON};
        for (String scene : SCENES) {
            for (Solver solver : solvers) {
                run(scene, solver); // warm-up
            }
        }
        StringBuilder figures = new StringBuilder();
        StringBuilder times = new StringBuilder();
        figures.append("| scene | solver | top-box displacement (m) | max speed (m/s) | moved > 0.5 m sideways "
                + "| below ground | above 0.1 m/s |\n|---|---|---|---|---|---|---|\n");
        times.append("| scene | sequential impulses (ms/step) | Millington (ms/step) | Millington / SI |\n"
                + "|---|---|---|---|\n");
        for (String scene : SCENES) {
            double[] median = new double[solvers.length];
            for (int k = 0; k < solvers.length; k++) {
                double[] ms = new double[runs];
                Run last = null;
                for (int r = 0; r < runs; r++) {
                    last = run(scene, solvers[k]);
                    ms[r] = last.msPerStep();
                }
                Arrays.sort(ms);
                median[k] = ms[runs / 2];
                StackMetrics.Figures f = last.figures();
                figures.append(String.format(Locale.ROOT, "| %s | %s | %.4f | %.4f | %d | %d | %d |%n", scene,
                        solvers[k] == Solver.MILLINGTON ? "Millington" : "sequential impulses", f.topDisplacement(),
                        f.maxSpeed(), f.movedSideways(), f.belowGround(), f.moving()));
            }
            times.append(String.format(Locale.ROOT, "| %s | %.3f | %.3f | %.2f |%n", scene, median[0], median[1],
                    median[1] / median[0]));
        }
        System.out.println(figures);
        System.out.println(times);
    }
}
