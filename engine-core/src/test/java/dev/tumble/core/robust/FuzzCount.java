package dev.tumble.core.robust;

import dev.tumble.core.world.WorldSettings;
import java.util.Locale;

/**
 * Counts {@link FuzzTest} failures over a range of seeds, each scene run to its first failure,
 * by cause (non-finite, below ground, energy rise), per solver. Not a test: a driver for
 * docs/robustness.md. Run from the test classpath:
 * {@code java -cp engine-core/target/classes:engine-core/target/test-classes:DEPS dev.tumble.core.robust.FuzzCount [from] [to] [solver] [-v]}.
 */
public final class FuzzCount {
    private FuzzCount() {
    }

    public static void main(String[] args) {
        int from = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        int to = args.length > 1 ? Integer.parseInt(args[1]) : FuzzTest.SCENES;
        String only = args.length > 2 ? args[2] : "all";
        boolean verbose = args.length > 3 && args[3].equals("-v");
        FuzzScenes.Variant variant = FuzzScenes.Variant.valueOf(System.getProperty("variant", "AS_GENERATED"));
        for (WorldSettings.Solver solver : WorldSettings.Solver.values()) {
            if (!only.equals("all") && !solver.name().startsWith(only.toUpperCase(Locale.ROOT))) {
                continue;
            }
            long t0 = System.nanoTime();
            int nonFinite = 0, below = 0, energy = 0;
            for (long seed = from; seed < to; seed++) {
                String failure = FuzzTest.run(FuzzScenes.build(seed, solver, variant));
                if (failure == null) {
                    continue;
                }
                if (failure.contains("non-finite")) {
                    nonFinite++;
                } else if (failure.contains("below ground")) {
                    below++;
                } else {
                    energy++;
                }
                if (verbose) {
                    System.out.println(solver + " " + failure);
                }
            }
            System.out.printf(Locale.ROOT, variant + " %s seeds %d..%d: %d failing (non-finite %d, below ground %d, energy %d) in %.1f s%n",
                    solver, from, to, nonFinite + below + energy, nonFinite, below, energy, (System.nanoTime() - t0) * 1e-9);
        }
    }
}
