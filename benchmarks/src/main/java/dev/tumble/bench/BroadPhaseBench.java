package dev.tumble.bench;

import dev.tumble.core.collision.broad.BroadPhase;
import dev.tumble.core.collision.shape.Aabb;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** One broad-phase step (move every box, recompute the sorted pair list) with N moving boxes. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class BroadPhaseBench {
    /** Number of boxes moving through the broad phase. */
    @Param({"1000", "10000"})
    public int bodies;

    private BroadPhase bp;
    private double[] pos, vel, half;
    private int[] ids;
    private double world;
    private final Aabb box = new Aabb();

    /** Scatters the boxes with random sizes and slow random velocities (fixed seed). */
    @Setup
    public void setup() {
        Random rnd = new Random(1);
        bp = new BroadPhase();
        world = Math.cbrt(bodies) * 2.5; // about 10 % of space filled, a few pairs per box
        pos = new double[3 * bodies];
        vel = new double[3 * bodies];
        half = new double[3 * bodies];
        ids = new int[bodies];
        for (int i = 0; i < bodies; i++) {
            for (int k = 0; k < 3; k++) {
                pos[3 * i + k] = rnd.nextDouble() * world;
                vel[3 * i + k] = (rnd.nextDouble() - 0.5) * 0.1;
                half[3 * i + k] = 0.2 + rnd.nextDouble() * 0.5;
            }
            ids[i] = bp.add(aabb(i), null, false, new Object());
        }
    }

    private Aabb aabb(int i) {
        return box.set(pos[3 * i] - half[3 * i], pos[3 * i + 1] - half[3 * i + 1], pos[3 * i + 2] - half[3 * i + 2],
                pos[3 * i] + half[3 * i], pos[3 * i + 1] + half[3 * i + 1], pos[3 * i + 2] + half[3 * i + 2]);
    }

    /**
     * Moves every box by its velocity and updates the broad phase, as one world step does.
     *
     * @return the number of pairs, so the JIT cannot drop the work
     */
    @Benchmark
    public int step() {
        for (int i = 0; i < bodies; i++) {
            for (int k = 0; k < 3; k++) {
                double p = pos[3 * i + k] + vel[3 * i + k];
                if (p < 0 || p > world) {
                    vel[3 * i + k] = -vel[3 * i + k];
                    p = pos[3 * i + k] + vel[3 * i + k];
                }
                pos[3 * i + k] = p;
            }
            bp.move(ids[i], aabb(i), vel[3 * i], vel[3 * i + 1], vel[3 * i + 2]);
        }
        return bp.updatePairs();
    }
}
