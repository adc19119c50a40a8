package dev.tumble.bench;

import dev.tumble.core.collision.shape.ConvexHull;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.joml.Vector3d;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * {@link ConvexHull} construction from random points in a ball, on a sphere and in a cube (unit
 * size, fixed seed). The builder is O(n log n) expected, so 10× the points should cost about 12×
 * the time, not 100×.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class HullBuildBench {
    /** Where the points are drawn. */
    @Param({"BALL", "SPHERE", "CUBE"})
    public String cloud;

    /** How many points. */
    @Param({"1000", "10000", "100000"})
    public int n;

    private Vector3d[] points;

    /** Draws the points (seed 1). */
    @Setup
    public void setup() {
        points = points(cloud, n, 1);
    }

    /**
     * Builds the hull.
     *
     * @return the vertex count, so the JIT cannot drop the work
     */
    @Benchmark
    public int build() {
        return new ConvexHull(points).vertexCount();
    }

    /**
     * Random points of one kind.
     *
     * @param cloud {@code BALL} (uniform in the unit ball), {@code SPHERE} (uniform on it) or {@code CUBE} ([-1, 1]³)
     * @param n how many
     * @param seed the random seed
     * @return the points
     */
    public static Vector3d[] points(String cloud, int n, long seed) {
        Random rnd = new Random(seed);
        Vector3d[] p = new Vector3d[n];
        for (int i = 0; i < n; i++) {
            switch (cloud) {
                case "BALL" -> {
                    Vector3d q;
                    do {
                        q = new Vector3d(rnd.nextDouble() * 2 - 1, rnd.nextDouble() * 2 - 1, rnd.nextDouble() * 2 - 1);
                    } while (q.lengthSquared() > 1);
                    p[i] = q;
                }
                case "SPHERE" -> p[i] = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalize();
                case "CUBE" -> p[i] = new Vector3d(rnd.nextDouble() * 2 - 1, rnd.nextDouble() * 2 - 1, rnd.nextDouble() * 2 - 1);
                default -> throw new IllegalArgumentException("HullBuildBench.cloud must be BALL, SPHERE or CUBE, was " + cloud);
            }
        }
        return p;
    }
}
