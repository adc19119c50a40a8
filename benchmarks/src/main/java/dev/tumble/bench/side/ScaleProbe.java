package dev.tumble.bench.side;

import dev.tumble.core.world.StepProfile;
import dev.tumble.core.world.WorldSettings;
import java.util.Locale;

/**
 * Where the scaling piles' step time goes as the body count grows: per stage, µs per body, for
 * each size of {@code --sizes} (default 1000,5000,10000), in this JVM after warming up on the
 * standard pile. The total is the thread's CPU time (steadier than wall time when other
 * processes share the cores); the stages are wall time. Growth that is linear shows as flat µs per body down a column.
 *
 * <pre>java -cp benchmarks.jar dev.tumble.bench.side.ScaleProbe [--sizes 1000,5000,10000] [--steps 400] [--margin m]</pre>
 */
public final class ScaleProbe {
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    private ScaleProbe() {
    }

    /**
     * Runs the probe and prints one table.
     *
     * @param args options: {@code --sizes}, {@code --steps}, {@code --margin}
     */
    public static void main(String[] args) {
        String sizes = "1000,5000,10000";
        int steps = 400;
        double margin = -1;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--sizes" -> sizes = args[++i];
                case "--steps" -> steps = Integer.parseInt(args[++i]);
                case "--margin" -> margin = Double.parseDouble(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Measure.standard(new TumbleEngine(SideBySide.tumbleSettings()), Scene.named("pile"), 300);
        StepProfile.Stage[] st = StepProfile.Stage.values();
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%7s %9s %8s", "bodies", "cpu ms", "µs/body"));
        for (StepProfile.Stage s : st) {
            head.append(String.format(Locale.ROOT, " %9s", s.name().toLowerCase(Locale.ROOT).replace("_phase", "")));
        }
        System.out.println(head + "   (stages in µs per body)");
        for (String size : sizes.split(",")) {
            int n = Integer.parseInt(size.trim());
            WorldSettings settings = SideBySide.tumbleSettings();
            if (margin >= 0) {
                settings = settings.toBuilder().aabbMargin(margin).build();
            }
            TumbleEngine e = new TumbleEngine(settings);
            e.build(SideBySide.scalingScene(n));
            double[] stages = new double[st.length];
            int first = Measure.firstTimed(steps);
            long cpu = 0;
            for (int k = 0; k < steps; k++) {
                long c0 = THREADS.getCurrentThreadCpuTime();
                e.step();
                long c1 = THREADS.getCurrentThreadCpuTime();
                if (k >= first) {
                    cpu += c1 - c0;
                    for (StepProfile.Stage s : st) {
                        stages[s.ordinal()] += e.profile().nanos(s);
                    }
                }
            }
            int bodies = e.world().bodies().size() - 1;
            double timed = steps - first;
            double ms = cpu / 1e6 / timed;
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%7d %9.3f %8.3f", bodies, ms, 1000 * ms / bodies));
            for (double ns : stages) {
                row.append(String.format(Locale.ROOT, " %9.4f", ns / 1e3 / timed / bodies));
            }
            System.out.println(row + String.format(Locale.ROOT, "   contacts %d", e.profile().contacts()));
        }
    }
}
