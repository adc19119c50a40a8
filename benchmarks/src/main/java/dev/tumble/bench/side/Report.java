package dev.tumble.bench.side;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Turns the measured runs into the markdown of {@code docs/benchmarks.md}. */
final class Report {
    /** Scaling points of the last report (bodies, ms/step), for the chart. */
    static double[][] lastChart;

    private Report() {
    }

    /** The run with the median ms/step (the lower middle for an even count). */
    static Measure.Result median(List<Measure.Result> runs) {
        List<Measure.Result> sorted = new ArrayList<>(runs);
        sorted.sort(Comparator.comparingDouble(Measure.Result::msPerStep));
        return sorted.get((sorted.size() - 1) / 2);
    }

    static String markdown(SideBySide cfg, List<String> rows, Map<String, Map<String, List<Measure.Result>>> results,
            Map<String, List<Measure.Result>> stress, Map<Integer, List<Measure.Result>> scaling, double alloc) {
        StringBuilder md = new StringBuilder();
        int first = Measure.firstTimed(cfg.steps);
        md.append(String.format(Locale.ROOT, "Measured with `SideBySide%s`: %d steps per run, ms per step = mean of steps %d–%d, "
                + "median of %d %s (after %d warm-up round%s); %d cores seen by the JVM, Java %s, %s.%n%n",
                cfg.mode.flag, cfg.steps, first, cfg.steps - 1, cfg.runs,
                cfg.mode.runs, cfg.warmup, cfg.warmup == 1 ? "" : "s",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), System.getProperty("os.arch")));
        md.append("Engines alternate: each round runs every engine once per scene, in reversed order every other round.\n\n");

        for (var scene : results.entrySet()) {
            Map<String, List<Measure.Result>> byRow = scene.getValue();
            Measure.Result tumble = byRow.containsKey("tumble") ? median(byRow.get("tumble")) : null;
            md.append("### ").append(scene.getKey()).append(String.format(Locale.ROOT, " (%d boxes)%n%n",
                    byRow.values().iterator().next().get(0).bodies()));
            md.append("| engine | kind | ms/step | ratio to Tumble | max speed (m/s) | bodies > 0.1 m/s | moved > 0.5 m sideways | top-box displacement (m) | below ground |\n");
            md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
            for (String row : rows) {
                List<Measure.Result> runs = byRow.get(row);
                if (runs == null) {
                    md.append("| ").append(row).append(" | ").append(kind(row)).append(" | failed | | | | | | |\n");
                    continue;
                }
                Measure.Result m = median(runs);
                md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %d | %d | %s | %d |%n", row, kind(row),
                        Measure.fmt(m.msPerStep()), tumble == null ? "–" : ratio(m.msPerStep() / tumble.msPerStep()),
                        Measure.fmt(m.maxSpeed()), m.moving(), m.sideways(), Measure.fmt(m.topDisplacement()), m.belowGround()));
            }
            md.append('\n');
        }
        targets(md, results);

        md.append("Settings each engine ran with (sleeping forced off everywhere):\n\n");
        for (String row : rows) {
            for (var scene : results.values()) {
                if (scene.containsKey(row)) {
                    md.append("- **").append(row).append("**: ").append(scene.get(row).get(0).settings()).append('\n');
                    break;
                }
            }
        }
        for (var f : cfg.failures.entrySet()) {
            md.append("- **").append(f.getKey()).append("** failed: `").append(f.getValue().strip()).append("`\n");
        }
        md.append('\n');

        // Where Tumble's time goes.
        String[] stages = SideBySide.stageNames();
        md.append("### Where Tumble's step goes (`StepProfile`, ms per step, median run)\n\n| scene | bodies | total |");
        for (String s : stages) {
            md.append(' ').append(s).append(" |");
        }
        md.append("\n|---|---:|---:|").append("---:|".repeat(stages.length)).append('\n');
        for (var scene : results.entrySet()) {
            for (String row : rows) {
                if (row.startsWith("tumble") && scene.getValue().containsKey(row)) {
                    stageRow(md, scene.getKey() + (row.equals("tumble") ? "" : " (" + row + ")"), median(scene.getValue().get(row)));
                }
            }
        }
        for (var s : stress.entrySet()) {
            stageRow(md, s.getKey(), median(s.getValue()));
        }
        for (var s : scaling.entrySet()) {
            stageRow(md, "scaling " + s.getKey(), median(s.getValue()));
        }
        md.append('\n');

        if (!Double.isNaN(alloc)) {
            md.append(String.format(Locale.ROOT, "**Allocation:** %.1f bytes per step on the pile after warm-up "
                    + "(`ThreadMXBean.getThreadAllocatedBytes` around %d steps after %d).%n%n", alloc,
                    Math.max(10, cfg.steps / 3), Math.min(300, cfg.steps)));
        }

        if (!stress.isEmpty()) {
            md.append("### Stress scenes (Tumble)\n\n| scene | what | bodies | ms/step | bodies > 0.1 m/s at the end | max speed (m/s) |\n");
            md.append("|---|---|---:|---:|---:|---:|\n");
            for (var s : stress.entrySet()) {
                Measure.Result m = median(s.getValue());
                md.append(String.format(Locale.ROOT, "| %s | %s | %d | %s | %d | %s |%n", s.getKey(), m.settings(), m.bodies(),
                        Measure.fmt(m.msPerStep()), m.moving(), Measure.fmt(m.maxSpeed())));
            }
            md.append('\n');
        }

        if (!scaling.isEmpty()) {
            int sSteps = Math.min(cfg.steps, cfg.scalingSteps);
            md.append(String.format(Locale.ROOT, "### Scaling (Tumble, piles of columns of 10 boxes, %d steps, mean of steps %d–%d)%n%n",
                    sSteps, Measure.firstTimed(sSteps), sSteps - 1));
            md.append("![step time against bodies](").append(cfg.chartLink()).append(")\n\n");
            md.append("| bodies | ms/step | µs per body | growth from the previous row | n·log n would give |\n|---:|---:|---:|---:|---:|\n");
            double[][] pts = new double[scaling.size()][];
            int i = 0;
            double prevN = 0, prevT = 0;
            for (var s : scaling.entrySet()) {
                Measure.Result m = median(s.getValue());
                double n = m.bodies(), t = m.msPerStep();
                pts[i++] = new double[] {n, t};
                md.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | %s |%n", m.bodies(), Measure.fmt(t),
                        Measure.fmt(1000 * t / n), prevN == 0 ? "–" : String.format(Locale.ROOT, "×%.2f", t / prevT),
                        prevN == 0 ? "–" : String.format(Locale.ROOT, "×%.2f", n * Math.log(n) / (prevN * Math.log(prevN)))));
                prevN = n;
                prevT = t;
            }
            lastChart = pts;
            double[] a = null, b = null;
            for (double[] p : pts) {
                if (p[0] >= 900 && p[0] <= 1100) {
                    a = p;
                }
                if (p[0] >= 9000) {
                    b = p;
                }
            }
            if (a != null && b != null) {
                double exponent = Math.log(b[1] / a[1]) / Math.log(b[0] / a[0]);
                double nlogn = b[0] * Math.log(b[0]) / (a[0] * Math.log(a[0]));
                double nlognExponent = Math.log(nlogn) / Math.log(b[0] / a[0]);
                md.append(String.format(Locale.ROOT, "%nFrom %d to %d bodies the step time grows ×%.2f, i.e. as n^%.2f; n·log n "
                        + "allows ×%.2f (n^%.2f): %s.%n", (int) a[0], (int) b[0], b[1] / a[1], exponent, nlogn, nlognExponent,
                        b[1] / a[1] <= nlogn ? "**within n·log n**" : "**faster than n·log n (target missed)**"));
            }
            md.append('\n');
        }
        return md.toString();
    }

    private static void targets(StringBuilder md, Map<String, Map<String, List<Measure.Result>>> results) {
        List<String> lines = new ArrayList<>();
        Map<String, List<Measure.Result>> pile = results.get("pile");
        if (pile != null && pile.containsKey("tumble")) {
            double t = median(pile.get("tumble")).msPerStep();
            if (pile.containsKey("jolt")) {
                double r = t / median(pile.get("jolt")).msPerStep();
                lines.add(String.format(Locale.ROOT, "pile Tumble/Jolt = %.2f (target ≤ 1.0: %s)", r, r <= 1 ? "met" : "missed"));
            }
            if (pile.containsKey("ode4j")) {
                double r = t / median(pile.get("ode4j")).msPerStep();
                lines.add(String.format(Locale.ROOT, "pile Tumble/ode4j = %.2f (target ≤ 0.25: %s)", r, r <= 0.25 ? "met" : "missed"));
            }
        }
        Map<String, List<Measure.Result>> pyr = results.get("pyramid");
        if (pyr != null && pyr.containsKey("tumble")) {
            Measure.Result m = median(pyr.get("tumble"));
            if (pyr.containsKey("jolt")) {
                double r = m.msPerStep() / median(pyr.get("jolt")).msPerStep();
                lines.add(String.format(Locale.ROOT, "pyramid Tumble/Jolt = %.2f (target ≤ 1.0: %s)", r, r <= 1 ? "met" : "missed"));
            }
            boolean stands = m.topDisplacement() < 0.1 && m.sideways() == 0 && m.belowGround() == 0;
            lines.add("Tumble's pyramid " + (stands ? "stands" : "does not stand") + String.format(Locale.ROOT,
                    " (apex moved %.3f m, %d boxes moved > 0.5 m sideways)", m.topDisplacement(), m.sideways()));
        }
        if (!lines.isEmpty()) {
            md.append("**Targets:** ").append(String.join("; ", lines)).append(".\n\n");
        }
    }

    private static void stageRow(StringBuilder md, String label, Measure.Result m) {
        md.append("| ").append(label).append(" | ").append(m.bodies()).append(" | ").append(Measure.fmt(m.msPerStep())).append(" |");
        for (double v : m.stageMs()) {
            md.append(' ').append(Measure.fmt(v)).append(" |");
        }
        md.append('\n');
    }

    private static String kind(String row) {
        return SideBySide.KIND.getOrDefault(row, "");
    }

    private static String ratio(double r) {
        return String.format(Locale.ROOT, "%.2f", r);
    }
}
