package dev.tumble.bench.side;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * How Tumble's step time falls while the JIT compiles it: one standard scene stepped from the
 * start of this JVM, the stepping thread's CPU time per block of 50 steps (ms per step), then the
 * mean of the steps the fresh-JVM table times (100 to the end). Run it in a fresh JVM, with the
 * runner's options, several times and alternated with the build it is compared with: one fresh
 * JVM differs from the next by up to 10 %.
 *
 * <pre>java -Xms1g -Xmx1g -cp benchmarks.jar dev.tumble.bench.side.WarmupProbe [pile|pyramid] [--steps 600]</pre>
 */
public final class WarmupProbe {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Steps per block of the curve. */
    static final int BLOCK = 50;

    private WarmupProbe() {
    }

    /**
     * Runs the probe and prints one line: the curve, then the timed mean.
     *
     * @param args the scene ({@code pile} or {@code pyramid}) and optionally {@code --steps N}
     */
    public static void main(String[] args) {
        String scene = "pyramid";
        int steps = 600;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--steps" -> steps = Integer.parseInt(args[++i]);
                case "pile", "pyramid" -> scene = args[i];
                default -> throw new IllegalArgumentException("scene must be pile or pyramid, or --steps N; was " + args[i]);
            }
        }
        System.out.println(run(scene, steps));
    }

    /**
     * Steps {@code scene} for {@code steps} steps in this JVM.
     *
     * @return the scene's name, the mean CPU ms per step of each block of {@link #BLOCK} steps, and
     *     the mean of steps {@link Measure#firstTimed} to the end
     */
    static String run(String scene, int steps) {
        if (steps < BLOCK) {
            throw new IllegalArgumentException("steps must be at least " + BLOCK + ", was " + steps);
        }
        long[] cpu = new long[steps];
        try (TumbleEngine e = new TumbleEngine(SideBySide.tumbleSettings())) {
            e.build(Scene.named(scene));
            for (int k = 0; k < steps; k++) {
                long c0 = THREADS.getCurrentThreadCpuTime();
                e.step();
                cpu[k] = THREADS.getCurrentThreadCpuTime() - c0;
            }
        }
        StringBuilder line = new StringBuilder(scene).append(": ms per step per ").append(BLOCK).append(" steps");
        for (int b = 0; b + BLOCK <= steps; b += BLOCK) {
            line.append(String.format(Locale.ROOT, " %.3f", sum(cpu, b, b + BLOCK) / 1e6 / BLOCK));
        }
        int first = Measure.firstTimed(steps);
        return line.append(String.format(Locale.ROOT, " | steps %d-%d: %.3f", first, steps - 1,
                sum(cpu, first, steps) / 1e6 / (steps - first))).toString();
    }

    private static long sum(long[] a, int from, int to) {
        long s = 0;
        for (int i = from; i < to; i++) {
            s += a[i];
        }
        return s;
    }
}
