package dev.tumble.bench;

import dev.tumble.core.collision.narrow.ContactManifold;
import dev.tumble.core.collision.narrow.NarrowPhase;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Pose;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Box–box SAT + clipped manifold: a resting face–face stack pair and random overlapping pairs. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class BoxBoxBench {
    private final NarrowPhase np = new NarrowPhase();
    private final ContactManifold out = new ContactManifold();
    private final Box a = new Box(0.5, 0.5, 0.5), b = new Box(0.5, 0.5, 0.5);
    private final Pose stackA = new Pose(), stackB = new Pose();
    private Pose[] ra, rb;
    private int next;

    /** Places the stacked pair and draws 1,024 random overlapping pairs (fixed seed). */
    @Setup
    public void setup() {
        stackA.set(0, 0.5, 0, 1, 0, 0, 0);
        stackB.set(0.02, 1.49, -0.01, 0.9996875162757026, 0, 0.024997395914712332, 0);
        Random rnd = new Random(3);
        ra = new Pose[1024];
        rb = new Pose[1024];
        for (int i = 0; i < ra.length; i++) {
            ra[i] = new Pose().set(0, 0, 0, rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian());
            rb[i] = new Pose().set(rnd.nextDouble() - 0.5, 0.6 + rnd.nextDouble() * 0.4, rnd.nextDouble() - 0.5,
                    rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian());
        }
    }

    /**
     * Collides a unit box resting on another, slightly turned and offset.
     *
     * @return the number of contacts, so the JIT cannot drop the work
     */
    @Benchmark
    public int restingStack() {
        return np.collide(a, stackA, b, stackB, out);
    }

    /**
     * Collides the next of the random pairs.
     *
     * @return the number of contacts, so the JIT cannot drop the work
     */
    @Benchmark
    public int randomPairs() {
        int i = next++ & 1023;
        return np.collide(a, ra[i], b, rb[i], out);
    }
}
