package dev.tumble.bench.side;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.scenes.StackScene;
import dev.tumble.core.scenes.StackingScenes;
import dev.tumble.core.world.SequentialImpulseSettings;
import dev.tumble.core.world.WorldSettings;
import java.util.Locale;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Whether a tower of unit boxes stands once nudged: {@link StackingScenes#tower} (the standard
 * boxes stacked exactly touching), sleeping off, 1/60 s steps, the top box given
 * 1 µm/s sideways at the start. Prints, every 5 s, the largest lean of any box (the sine of the
 * angle between its up axis and the vertical) and how far the top box has moved sideways: a
 * tower that stands keeps both near rounding, one that leans over shows the lean growing by the
 * same factor every 5 s. A tower built perfectly straight has nothing but rounding to start a lean,
 * so the tests' straight towers say little about how tall a tower stands.
 *
 * <pre>java -cp benchmarks.jar dev.tumble.bench.side.TowerNudgeProbe [solver] [boxes] [seconds] [substeps] [hertz]</pre>
 * (defaults: SEQUENTIAL_IMPULSE 50 40, and the sequential-impulse solver's default substeps and contact stiffness).
 */
public final class TowerNudgeProbe {
    /** The nudge given to the top box, m/s. */
    static final double NUDGE = 1e-6;

    private TowerNudgeProbe() {
    }

    /**
     * Runs the probe.
     *
     * @param args the solver (a {@link WorldSettings.Solver} name), the number of boxes, the
     *     seconds to run, and for the sequential-impulse solver its substeps and contact stiffness (Hz)
     */
    public static void main(String[] args) {
        WorldSettings.Solver solver = args.length > 0 ? WorldSettings.Solver.valueOf(args[0]) : WorldSettings.Solver.SEQUENTIAL_IMPULSE;
        int boxes = args.length > 1 ? Integer.parseInt(args[1]) : 50;
        int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 40;
        SequentialImpulseSettings.Builder si = SequentialImpulseSettings.builder();
        if (args.length > 3) {
            si.substeps(Integer.parseInt(args[3]));
        }
        if (args.length > 4) {
            si.contactHertz(Double.parseDouble(args[4]));
        }
        if (boxes < 1 || seconds < 1) {
            throw new IllegalArgumentException("boxes and seconds must be at least 1, were " + boxes + " and " + seconds);
        }
        WorldSettings settings = StackingScenes.settings(solver).toBuilder().sequentialImpulse(si.build()).build();
        StackScene tower = StackingScenes.tower(settings, boxes);
        RigidBody top = tower.top();
        top.velocity(new Vector3d(NUDGE, 0, 0));
        Vector3d up = new Vector3d();
        Quaterniond q = new Quaterniond();
        for (int step = 1; step <= 60 * seconds; step++) {
            tower.world().step(StackingScenes.DT);
            if (step % 300 == 0) {
                double lean = 0;
                for (RigidBody b : tower.bodies()) {
                    up.set(0, 1, 0).rotate(q.set(b.orientation()));
                    lean = Math.max(lean, Math.hypot(up.x, up.z));
                }
                System.out.printf(Locale.ROOT, "t = %3d s  largest lean %.3e  top moved %.4f m%n", step / 60, lean,
                        Math.hypot(top.positionX(), top.positionZ()));
            }
        }
    }
}
