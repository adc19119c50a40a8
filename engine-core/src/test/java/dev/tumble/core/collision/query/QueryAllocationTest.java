package dev.tumble.core.collision.query;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.world.World;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The caller-owned forms of the world's queries allocate nothing once warm, measured by HotSpot's
 * per-thread allocation counter over windows of 10,000 calls.
 */
class QueryAllocationTest {
    static final int CALLS = 10_000, WINDOWS = 6;
    static World world;
    static Vector3d[] points = new Vector3d[64], directions = new Vector3d[64];
    static Pose[] poses = new Pose[64];
    static final Sphere BALL = new Sphere(0.3);
    static final Box CRATE = new Box(0.3, 0.2, 0.4);
    static final Vector3d DOWN = new Vector3d(0, -6, 0);
    static int sink;

    static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    @BeforeAll
    static void scene() {
        world = new World();
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        Random rnd = new Random(3);
        ConvexHull hull = GjkDistanceTest.randomHull(rnd);
        for (int i = 0; i < 60; i++) {
            double x = -6 + 12 * rnd.nextDouble(), z = -6 + 12 * rnd.nextDouble(), y = 0.5 + 2 * rnd.nextDouble();
            var shape = switch (i % 4) {
                case 0 -> new Box(0.5, 0.3, 0.4);
                case 1 -> new Sphere(0.4);
                case 2 -> new Capsule(0.3, 0.4);
                default -> hull;
            };
            Quaterniond q = GjkDistanceTest.randomRotation(rnd);
            world.addBody(RigidBody.fixed(shape).position(x, y, z).orientation(q));
        }
        for (int i = 0; i < points.length; i++) {
            points[i] = new Vector3d(-6 + 12 * rnd.nextDouble(), 3 * rnd.nextDouble(), -6 + 12 * rnd.nextDouble());
            directions[i] = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian());
            poses[i] = GjkDistanceTest.pose(points[i].x, points[i].y + 1, points[i].z, GjkDistanceTest.randomRotation(rnd));
        }
    }

    /** Runs {@code call} 10,000 times per window after warming it; most windows must allocate nothing. */
    static void assertAllocatesNothing(String what, Runnable call) {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean,
                "needs HotSpot's per-thread allocation counter");
        for (int i = 0; i < 10 * CALLS; i++) {
            call.run();
        }
        long probe = allocatedBytes();
        probe = allocatedBytes() - probe;
        long[] windows = new long[WINDOWS];
        for (int w = 0; w < WINDOWS; w++) {
            long before = allocatedBytes();
            for (int i = 0; i < CALLS; i++) {
                call.run();
            }
            windows[w] = allocatedBytes() - before - probe;
        }
        // Allocation on every call, even of one object, makes every window non-zero; a JIT event
        // (a recompilation before scalar replacement) shows in one window now and then.
        long zero = Arrays.stream(windows).filter(b -> b == 0).count();
        assertTrue(zero >= WINDOWS / 2, what + ": bytes per window of " + CALLS + " calls: " + Arrays.toString(windows));
    }

    int i;

    @Test
    void castRayIntoACallersHit() {
        RayHit hit = new RayHit();
        assertAllocatesNothing("castRay", () -> {
            int k = i++ & 63;
            sink += world.castRay(points[k], directions[k], 20, null, hit) ? 1 : 0;
        });
    }

    @Test
    void castShape() {
        ShapeCastHit hit = new ShapeCastHit();
        assertAllocatesNothing("castShape", () -> {
            int k = i++ & 63;
            sink += world.castShape((k & 1) == 0 ? BALL : CRATE, poses[k], DOWN, null, hit) ? 1 : 0;
        });
    }

    @Test
    void closestPointsOfAShape() {
        ClosestPoints out = new ClosestPoints();
        assertAllocatesNothing("closestPoints", () -> {
            int k = i++ & 63;
            sink += world.closestPoints((k & 1) == 0 ? BALL : CRATE, poses[k], 2, null, out) ? 1 : 0;
        });
    }

    @Test
    void pointQueries() {
        PointHit out = new PointHit();
        QueryCallback count = (body, shape, proxy) -> {
            sink++;
            return true;
        };
        assertAllocatesNothing("closestPoint and containing", () -> {
            int k = i++ & 63;
            sink += world.closestPoint(points[k], 3, null, out) ? 1 : 0;
            sink += world.containing(points[k], null, count);
        });
    }

    @Test
    void overlapCallback() {
        QueryCallback count = (body, shape, proxy) -> {
            sink++;
            return true;
        };
        assertAllocatesNothing("overlap", () -> {
            int k = i++ & 63;
            sink += world.overlap((k & 1) == 0 ? BALL : CRATE, poses[k], null, count);
        });
    }
}
