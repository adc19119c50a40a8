package dev.tumble.bench.side;

import dev.tumble.core.world.StepProfile;
import java.util.Locale;

/**
 * Where the scaling piles' step time goes as the body count grows: per stage, µs per body, for
 * each size of {@code --sizes} (default 1000,5000,10000), in this JVM after warming up on the
 * standard pile. Growth that is linear shows as flat µs per body down a column.
 *
 * <pre>java -cp benchmarks.jar dev.tumble.bench.side.ScaleProbe [--sizes 1000,5000,10000] [--steps 400]</pre>
 */
public final class ScaleProbe {
    private ScaleProbe() {
    }

    /** Runs the probe and prints one table. */
    public static void main(String[] args) {
        String sizes = "1000,5000,10000";
        int steps = 400;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--sizes" -> sizes = args[++i];
                case "--steps" -> steps = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Measure.standard(new TumbleEngine(SideBySide.tumbleSettings(1)), Scene.named("pile"), 300);
        StepProfile.Stage[] st = StepProfile.Stage.values();
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%7s %9s %8s", "bodies", "ms/step", "µs/body"));
        for (StepProfile.Stage s : st) {
            head.append(String.format(Locale.ROOT, " %9s", s.name().toLowerCase(Locale.ROOT).replace("_phase", "")));
        }
        System.out.println(head + "   (stages in µs per body)");
        for (String size : sizes.split(",")) {
            int n = Integer.parseInt(size.trim());
            Scene scene = SideBySide.scalingScene(n);
            Measure.Result r = Measure.standard(new TumbleEngine(SideBySide.tumbleSettings(1)), scene, steps);
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%7d %9.3f %8.3f", r.bodies(), r.msPerStep(),
                    1000 * r.msPerStep() / r.bodies()));
            for (double ms : r.stageMs()) {
                row.append(String.format(Locale.ROOT, " %9.4f", 1000 * ms / r.bodies()));
            }
            System.out.println(row);
        }
    }
}
