package dev.tumble.bench;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.resolve.ContactResolver;
import dev.tumble.core.resolve.FastContactResolver;
import dev.tumble.core.resolve.ReferenceContactResolver;
import dev.tumble.core.world.ResolverSettings;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Fast vs reference contact resolver on stacked-box-like contact sets: columns of ten boxes,
 * four contacts per resting face (box on ground with the ground as {@code null}, box on box),
 * small random penetrations, settling velocities and gravity. Every invocation restores the
 * bodies and refills the contact buffer first; {@link #restoreOnly} measures that part alone.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar ResolverBench -f 1 -wi 2 -i 3}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class ResolverBench {

    /** Number of contacts resolved per call. */
    @Param({"10", "100", "1000", "10000"})
    public int contacts;

    /** Which resolver: {@code fast} or {@code reference}. */
    @Param({"fast", "reference"})
    public String resolver;

    private RigidBody[] bodies;
    private double[][] initial;
    private int[] contactBody0;
    private int[] contactBody1;
    private double[][] contactData;
    private ContactBuffer buffer;
    private ContactResolver contactResolver;

    /** Builds the box columns and their contacts (fixed seed) and the resolver. */
    @Setup
    public void setUp() {
        Random r = new Random(42);
        int boxes = Math.max(1, (contacts + 3) / 4);
        int columns = Math.max(1, (boxes + 9) / 10);
        bodies = new RigidBody[boxes];
        initial = new double[boxes][];
        contactBody0 = new int[contacts];
        contactBody1 = new int[contacts];
        contactData = new double[contacts][];
        int k = 0;
        for (int i = 0; i < boxes; i++) {
            int column = i % columns;
            int level = i / columns;
            double x = 3.0 * (column % 100);
            double z = 3.0 * (column / 100);
            double y = 0.5 + level - 0.01 * r.nextDouble();
            Quaterniond q = new Quaterniond().rotateY(0.2 * r.nextGaussian()).rotateX(0.01 * r.nextGaussian());
            double[] s = {x, y, z, q.w, q.x, q.y, q.z, 0.1 * r.nextGaussian(), -0.5 * r.nextDouble(),
                0.1 * r.nextGaussian(), 0.2 * r.nextGaussian(), 0.2 * r.nextGaussian(), 0.2 * r.nextGaussian()};
            initial[i] = s;
            bodies[i] = RigidBody.dynamic().mass(1).inertiaTensor(new Matrix3d().scaling(1 / 6.0))
                    .acceleration(0, -10, 0).lastFrameAcceleration(0, -10, 0).canSleep(false);
            int below = level == 0 ? -1 : i - columns;
            for (int corner = 0; corner < 4 && k < contacts; corner++, k++) {
                double cx = x + ((corner & 1) == 0 ? -0.5 : 0.5);
                double cz = z + ((corner & 2) == 0 ? -0.5 : 0.5);
                double pen = 0.02 * r.nextDouble();
                contactBody0[k] = i;
                contactBody1[k] = below;
                contactData[k] = new double[] {cx, y - 0.5 - pen, cz, 0, 1, 0, pen};
            }
        }
        buffer = new ContactBuffer(contacts);
        ResolverSettings settings = ResolverSettings.DEFAULTS;
        contactResolver = resolver.equals("fast") ? new FastContactResolver(settings)
                : new ReferenceContactResolver(settings);
        restore();
    }

    private void restore() {
        for (int i = 0; i < bodies.length; i++) {
            double[] s = initial[i];
            RigidBody b = bodies[i];
            b.orientation(s[3], s[4], s[5], s[6]);
            b.position(s[0], s[1], s[2]);
            b.velocity(s[7], s[8], s[9]);
            b.angularVelocity(s[10], s[11], s[12]);
        }
        buffer.clear();
        for (int k = 0; k < contacts; k++) {
            double[] c = contactData[k];
            RigidBody b1 = contactBody1[k] < 0 ? null : bodies[contactBody1[k]];
            buffer.add(bodies[contactBody0[k]], b1, c[0], c[1], c[2], c[3], c[4], c[5], c[6], 0.6, 0.1);
        }
    }

    /**
     * Restore and resolve: the measured figure.
     *
     * @param bh consumes the result, so the JIT cannot drop the work
     */
    @Benchmark
    public void resolve(Blackhole bh) {
        restore();
        contactResolver.resolveContacts(buffer, 1 / 60.0);
        bh.consume(contactResolver.velocityIterationsUsed() + contactResolver.positionIterationsUsed());
    }

    /**
     * The restore part of {@link #resolve} alone (same for both resolvers).
     *
     * @param bh consumes the result, so the JIT cannot drop the work
     */
    @Benchmark
    public void restoreOnly(Blackhole bh) {
        restore();
        bh.consume(buffer.size());
    }
}
