package dev.tumble.bench.side;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The terrain scenes ({@link Terrain}) side by side in one JVM: each engine runs a whole warm-up
 * round (600 steps) first, then a measured round on a fresh build; steps 100–599 are timed, the
 * engines taking turns every 50 steps so that a slow spell of the machine falls on both. Prints
 * ms per step, the ratio to the first engine, and bodies that ended below the surface.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.tumble.bench.side.TerrainSideBySide [tumble,jolt]}
 */
public final class TerrainSideBySide {
    private static final int STEPS = 600, FROM = 100, TURN = 50;

    private TerrainSideBySide() {
    }

    /**
     * Runs the comparison.
     *
     * @param args optionally a comma-separated list of engines (tumble, jolt), then of scenes in
     *     the order to run them (terrain, terrain-mesh; both by default)
     */
    public static void main(String[] args) {
        String[] names = (args.length > 0 ? args[0] : "tumble,jolt").split(",");
        String[] scenes = (args.length > 1 ? args[1] : "terrain,terrain-mesh").split(",");
        for (String scene : scenes) {
            if (!scene.equals("terrain") && !scene.equals("terrain-mesh")) {
                throw new IllegalArgumentException("scene must be terrain or terrain-mesh, was " + scene);
            }
        }
        if (scenes.length > 1) {
            // Each scene in a JVM of its own, as JMH forks: code compiled for one scene's shapes would
            // otherwise carry its profile into the next.
            for (String scene : scenes) {
                fork(names, scene);
            }
            return;
        }
        for (String scene : scenes) {
            Terrain terrain = new Terrain(scene.equals("terrain-mesh"));
            run(terrain, names); // the warm-up round
            double[] ms = run(terrain, names);
            for (int e = 0; e < names.length; e++) {
                System.out.printf(Locale.ROOT, "%s %s: %.3f ms/step, %.2f of %s%n", terrain.name(), names[e], ms[2 * e],
                        ms[2 * e] / ms[0], names[0]);
                System.out.printf(Locale.ROOT, "  bodies below the surface at the end: %d%n", (int) ms[2 * e + 1]);
            }
        }
    }

    /** Runs {@link #main} for one scene in a new JVM on this one's class path, its output passed through. */
    private static void fork(String[] names, String scene) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments()); // the same JVM options
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), TerrainSideBySide.class.getName(),
                String.join(",", names), scene));
        ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
        try {
            int rc = pb.start().waitFor();
            if (rc != 0) {
                throw new IllegalStateException("the " + scene + " run exited with " + rc);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** One round: per engine, ms per step over steps 100–599 and the bodies below the surface. */
    private static double[] run(Terrain terrain, String[] names) {
        List<Engine> engines = new ArrayList<>();
        for (String n : names) {
            Engine e = switch (n) {
                case "tumble" -> new TumbleEngine();
                case "jolt" -> new JoltEngine();
                default -> throw new IllegalArgumentException("engine must be tumble or jolt, was " + n);
            };
            e.build(terrain);
            engines.add(e);
        }
        long[] nanos = new long[engines.size()];
        for (int from = 0; from < STEPS; from += TURN) {
            for (int e = 0; e < engines.size(); e++) {
                long t0 = System.nanoTime();
                for (int s = 0; s < TURN; s++) {
                    engines.get(e).step();
                }
                if (from >= FROM) {
                    nanos[e] += System.nanoTime() - t0;
                }
            }
        }
        double[] out = new double[2 * engines.size()];
        double[] state = new double[6];
        for (int e = 0; e < engines.size(); e++) {
            out[2 * e] = nanos[e] / 1e6 / (STEPS - FROM);
            int below = 0;
            for (int i = 0; i < Terrain.BODIES; i++) {
                engines.get(e).read(i, state);
                int c = (int) Math.round((state[0] - Terrain.origin()) / Terrain.SPACING);
                int r = (int) Math.round((state[2] - Terrain.origin()) / Terrain.SPACING);
                boolean inside = r >= 0 && c >= 0 && r < Terrain.SAMPLES && c < Terrain.SAMPLES;
                below += inside && state[1] < Terrain.height(r, c) - 0.5 ? 1 : 0;
            }
            out[2 * e + 1] = below;
            try {
                engines.get(e).close();
            } catch (Exception x) {
                throw new IllegalStateException(x);
            }
        }
        return out;
    }
}
