package dev.tumble.bench.side;

import dev.tumble.core.world.StepProfile;
import dev.tumble.core.world.World;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * Runs one engine (or one Tumble world) for a number of steps and measures: ms per step (mean
 * of the steps from {@link #firstTimed} on: 100–599 of a 600-step run), Tumble's per-stage
 * profile over the same steps, and the end state.
 */
final class Measure {
    private Measure() {
    }

    /** Runs started in this JVM by {@link #standard} and {@link #world}: lets a test see a child's warm-up run. */
    static int runsStarted;

    /** The first timed step of a run of {@code steps}: 100, or a sixth of a short (smoke) run. */
    static int firstTimed(int steps) {
        return steps >= 200 ? 100 : steps / 6;
    }

    /** One run's figures; serialised as one line between JVMs. */
    record Result(String engine, String scene, int bodies, double msPerStep, double maxSpeed, int moving, int sideways,
            double topDisplacement, int belowGround, double[] stageMs, String settings) {

        String toLine() {
            StringBuilder sb = new StringBuilder("RESULT");
            sb.append('\t').append(engine).append('\t').append(scene).append('\t').append(bodies);
            sb.append('\t').append(msPerStep).append('\t').append(maxSpeed).append('\t').append(moving);
            sb.append('\t').append(sideways).append('\t').append(topDisplacement).append('\t').append(belowGround);
            sb.append('\t');
            for (int i = 0; i < stageMs.length; i++) {
                sb.append(i == 0 ? "" : ",").append(stageMs[i]);
            }
            return sb.append('\t').append(settings).toString();
        }

        static Result parse(String line) {
            String[] f = line.split("\t", -1);
            String[] st = f[10].isEmpty() ? new String[0] : f[10].split(",");
            double[] stages = new double[st.length];
            for (int i = 0; i < st.length; i++) {
                stages[i] = Double.parseDouble(st[i]);
            }
            return new Result(f[1], f[2], Integer.parseInt(f[3]), Double.parseDouble(f[4]), Double.parseDouble(f[5]),
                    Integer.parseInt(f[6]), Integer.parseInt(f[7]), Double.parseDouble(f[8]), Integer.parseInt(f[9]), stages, f[11]);
        }
    }

    /** Runs {@code engine} on a standard scene for {@code steps} steps. */
    static Result standard(Engine engine, Scene scene, int steps) {
        runsStarted++;
        engine.build(scene);
        int n = scene.boxes();
        double[] start = new double[3 * n];
        double[] s = new double[6];
        for (int i = 0; i < n; i++) {
            engine.read(i, s);
            System.arraycopy(s, 0, start, 3 * i, 3);
        }
        TumbleEngine tumble = engine instanceof TumbleEngine t ? t : null;
        double[] stages = new double[tumble == null ? 0 : StepProfile.Stage.values().length];
        int first = firstTimed(steps);
        long total = 0;
        for (int k = 0; k < steps; k++) {
            long t0 = System.nanoTime();
            engine.step();
            long dt = System.nanoTime() - t0;
            if (k >= first) {
                total += dt;
                if (tumble != null) {
                    addStages(tumble.profile(), stages);
                }
            }
        }
        int timed = steps - first;
        scale(stages, timed);
        double maxSpeed = 0, top = 0;
        int moving = 0, sideways = 0, below = 0;
        for (int i = 0; i < n; i++) {
            engine.read(i, s);
            double speed = Math.sqrt(s[3] * s[3] + s[4] * s[4] + s[5] * s[5]);
            maxSpeed = Math.max(maxSpeed, speed);
            moving += speed > 0.1 ? 1 : 0;
            double dx = s[0] - start[3 * i], dz = s[2] - start[3 * i + 2];
            sideways += Math.sqrt(dx * dx + dz * dz) > 0.5 ? 1 : 0;
            below += s[1] < 0 ? 1 : 0;
            if (i == scene.top()) {
                double[] rest = scene.restOfTop();
                double ex = s[0] - rest[0], ey = s[1] - rest[1], ez = s[2] - rest[2];
                top = Math.sqrt(ex * ex + ey * ey + ez * ez);
            }
        }
        String settings = engine.settings();
        engine.close();
        return new Result(engine.name(), scene.name(), n, total / 1e6 / timed, maxSpeed, moving, sideways, top, below,
                stages, settings);
    }

    /** Runs a Tumble world (stress and scaling scenes) for {@code steps} steps; no end-state figures. */
    static Result world(String label, World world, int steps, String settings) {
        runsStarted++;
        double[] stages = new double[StepProfile.Stage.values().length];
        int first = firstTimed(steps);
        long total = 0;
        for (int k = 0; k < steps; k++) {
            long t0 = System.nanoTime();
            world.step(Scene.DT);
            long dt = System.nanoTime() - t0;
            if (k >= first) {
                total += dt;
                addStages(world.profile(), stages);
            }
        }
        int timed = steps - first;
        scale(stages, timed);
        double maxSpeed = 0;
        int moving = 0, below = 0;
        for (var b : world.bodies()) {
            double speed = b.velocity().length();
            maxSpeed = Math.max(maxSpeed, speed);
            moving += speed > 0.1 ? 1 : 0;
            below += b.position().y() < -1 ? 1 : 0;
        }
        return new Result("tumble", label, world.bodies().size(), total / 1e6 / timed, maxSpeed, moving, -1, Double.NaN,
                below, stages, settings);
    }

    /**
     * Bytes the calling thread allocates per step of {@code world}, averaged over {@code measured}
     * steps after {@code warm} warm-up steps (HotSpot's per-thread allocation counter).
     */
    static double bytesPerStep(World world, int warm, int measured) {
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        for (int k = 0; k < warm; k++) {
            world.step(Scene.DT);
        }
        long before = bean.getThreadAllocatedBytes(id);
        for (int k = 0; k < measured; k++) {
            world.step(Scene.DT);
        }
        long after = bean.getThreadAllocatedBytes(id);
        return (after - before) / (double) measured;
    }

    private static void addStages(StepProfile p, double[] stages) {
        for (StepProfile.Stage st : StepProfile.Stage.values()) {
            stages[st.ordinal()] += p.nanos(st);
        }
    }

    private static void scale(double[] stages, int timed) {
        for (int i = 0; i < stages.length; i++) {
            stages[i] = stages[i] / 1e6 / timed;
        }
    }

    static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "–";
        }
        return String.format(Locale.ROOT, v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : v >= 1 ? "%.2f" : "%.3f", v);
    }
}
