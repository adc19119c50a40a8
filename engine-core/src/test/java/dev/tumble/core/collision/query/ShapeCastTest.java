package dev.tumble.core.collision.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.CollisionFilter;
import dev.tumble.core.collision.narrow.ContactManifold;
import dev.tumble.core.collision.narrow.NarrowPhase;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Plane;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.world.World;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Shape casts against a stepped search over the narrow phase's overlap test (an independent
 * oracle): the first of 4,000 steps along the sweep that overlaps, refined by bisection.
 */
class ShapeCastTest {
    static final int STEPS = 4000;
    final NarrowPhase narrow = new NarrowPhase();
    final ContactManifold manifold = new ContactManifold();
    final ShapeCast caster = new ShapeCast();
    final ShapeCastHit hit = new ShapeCastHit();

    static Shape randomConvex(Random rnd) {
        return switch (rnd.nextInt(4)) {
            case 0 -> new Sphere(0.2 + 0.6 * rnd.nextDouble());
            case 1 -> new Box(0.2 + 0.6 * rnd.nextDouble(), 0.2 + 0.6 * rnd.nextDouble(), 0.2 + 0.6 * rnd.nextDouble());
            case 2 -> new Capsule(0.2 + 0.4 * rnd.nextDouble(), 0.2 + 0.6 * rnd.nextDouble());
            default -> GjkDistanceTest.randomHull(rnd);
        };
    }

    boolean overlapsAt(Shape a, Pose start, Vector3d tr, double t, Shape b, Pose pb, Pose scratch) {
        scratch.set(start);
        scratch.px += t * tr.x;
        scratch.py += t * tr.y;
        scratch.pz += t * tr.z;
        return narrow.collide(a, scratch, b, pb, manifold) > 0;
    }

    /** The first fraction at which the swept shapes overlap, or −1. */
    double steppedSearch(Shape a, Pose start, Vector3d tr, Shape b, Pose pb) {
        Pose scratch = new Pose();
        if (overlapsAt(a, start, tr, 0, b, pb, scratch)) {
            return 0;
        }
        for (int k = 1; k <= STEPS; k++) {
            if (overlapsAt(a, start, tr, (double) k / STEPS, b, pb, scratch)) {
                double lo = (k - 1.0) / STEPS, hi = (double) k / STEPS;
                for (int i = 0; i < 60; i++) {
                    double mid = 0.5 * (lo + hi);
                    if (overlapsAt(a, start, tr, mid, b, pb, scratch)) {
                        hi = mid;
                    } else {
                        lo = mid;
                    }
                }
                return hi;
            }
        }
        return -1;
    }

    /** Returns whether both the cast and the stepped search hit. */
    boolean check(Random rnd, Shape a, Pose start, Vector3d tr, Shape b, Pose pb, String what, double[] worst, int[] counts) {
        double t = caster.cast(a, start, tr.x, tr.y, tr.z, b, pb, 1, hit);
        double ref = steppedSearch(a, start, tr, b, pb);
        if (ref < 0) {
            if (t >= 0) {
                // A graze thinner than a step: the shapes must touch there.
                Pose at = new Pose().set(start);
                at.px += t * tr.x;
                at.py += t * tr.y;
                at.pz += t * tr.z;
                assertTrue(new ShapeDistance().distance(a, at, b, pb, new ClosestPoints()) <= ShapeCast.TOLERANCE,
                        what + ": a hit at " + t + " where no step overlaps must be a touch");
                counts[2]++;
            } else {
                counts[1]++;
            }
            return false;
        }
        assertTrue(t >= 0, what + ": the stepped search hits at " + ref + ", the cast missed");
        counts[0]++;
        // Never past the first contact; short of it by at most the tolerance over the approach speed.
        double approach = -hit.normal.dot(tr);
        assertTrue(t <= ref + 1e-9, what + ": cast " + t + " after the first overlap " + ref);
        if (ref > 0) {
            assertTrue(approach > 0, what + ": the normal faces the motion");
            double slack = 2 * ShapeCast.TOLERANCE / approach + 1e-9;
            assertTrue(ref - t <= slack, what + ": cast " + t + " vs stepped " + ref + " (slack " + slack + ")");
            worst[0] = Math.max(worst[0], ref - t);
        } else {
            assertEquals(0, t, what + ": overlapping at the start");
        }
        assertEquals(1, hit.normal.length(), 1e-9, what + ": unit normal");
        return true;
    }

    @Test
    void randomConvexPairsMatchTheSteppedOverlapSearch() {
        Random rnd = new Random(77);
        double[] worst = {0};
        int[] counts = new int[3];
        for (int i = 0; i < 300; i++) {
            Shape a = randomConvex(rnd), b = randomConvex(rnd);
            Pose pb = GjkDistanceTest.pose(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), GjkDistanceTest.randomRotation(rnd));
            Vector3d dir = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalize().mul(2 + 2 * rnd.nextDouble());
            Pose start = GjkDistanceTest.pose(pb.px + dir.x, pb.py + dir.y, pb.pz + dir.z, GjkDistanceTest.randomRotation(rnd));
            // Aim at B, off by up to a metre, and go up to twice the way.
            Vector3d tr = new Vector3d(dir).negate().add(rnd.nextGaussian() * 0.5, rnd.nextGaussian() * 0.5, rnd.nextGaussian() * 0.5)
                    .mul(0.6 + 1.2 * rnd.nextDouble());
            check(rnd, a, start, tr, b, pb, "pair " + i + " " + a + " vs " + b, worst, counts);
        }
        assertTrue(counts[0] > 150 && counts[1] > 20, "hits, misses, grazes: " + java.util.Arrays.toString(counts));
    }

    @Test
    void castsOntoPlanesAndHalfSpacesMatchTheSteppedSearch() {
        Random rnd = new Random(78);
        double[] worst = {0};
        int[] counts = new int[3];
        for (int i = 0; i < 200; i++) {
            Shape a = randomConvex(rnd);
            Vector3d n = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalize();
            double offset = rnd.nextGaussian();
            Shape b = rnd.nextBoolean() ? new HalfSpace(n.x, n.y, n.z, offset) : new Plane(n.x, n.y, n.z, offset);
            Pose pb = GjkDistanceTest.pose(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), GjkDistanceTest.randomRotation(rnd));
            Vector3d nw = pb.dirToWorld(n.x, n.y, n.z, new Vector3d());
            Vector3d onPlane = pb.toWorld(n.x * offset, n.y * offset, n.z * offset, new Vector3d());
            // Start 1–3 m from the plane (on either side for a plane), move towards it or across it.
            double side = b instanceof Plane && rnd.nextBoolean() ? -1 : 1;
            double h = side * (1 + 2 * rnd.nextDouble());
            Pose start = GjkDistanceTest.pose(onPlane.x + h * nw.x + rnd.nextGaussian(), onPlane.y + h * nw.y + rnd.nextGaussian(),
                    onPlane.z + h * nw.z + rnd.nextGaussian(), GjkDistanceTest.randomRotation(rnd));
            Vector3d tr = new Vector3d(nw).mul(-h * (0.3 + 2 * rnd.nextDouble())).add(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian());
            boolean hits = check(rnd, a, start, tr, b, pb, "plane case " + i + " " + a + " vs " + b, worst, counts);
            if (hits && hit.fraction > 0) {
                // On a plane the contact point lies on it.
                assertEquals(0, Math.abs(nw.dot(hit.point) - nw.dot(onPlane)), 1e-9, "plane case " + i);
            }
        }
        assertTrue(counts[0] > 60 && counts[1] > 20, "hits, misses, grazes: " + java.util.Arrays.toString(counts));
    }

    @Test
    void aSphereDroppedOnARotatedBoxLandsWhereTheAlgebraSays() {
        // A box rotated 45° about z shows an edge upwards at y = √2·h; a sphere falling onto it
        // from straight above touches the edge when its centre is r above it.
        Box box = new Box(1, 1, 1);
        Pose pb = GjkDistanceTest.pose(0, 0, 0, new Quaterniond().rotateZ(Math.PI / 4));
        Pose start = GjkDistanceTest.pose(0, 5, 0.3, new Quaterniond());
        double t = caster.cast(new Sphere(0.5), start, 0, -4, 0, box, pb, 1, hit);
        double want = (5 - (Math.sqrt(2) + 0.5)) / 4;
        assertEquals(want, t, 1e-6 / 4 + 1e-12, hit.toString());
        assertEquals(Math.sqrt(2), hit.point.y, 1e-6, hit.toString());
        assertEquals(0.3, hit.point.z, 1e-6, hit.toString());
        assertEquals(1, hit.normal.y, 1e-9, hit.toString());
    }

    @Test
    void theWorldFindsTheFirstBodyAndHonoursTheFilter() {
        World world = new World();
        RigidBody ground = world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        RigidBody near = world.addBody(RigidBody.fixed(new Box(0.5, 0.5, 0.5)).position(3, 0.5, 0));
        RigidBody far = world.addBody(RigidBody.fixed(new Sphere(0.5)).position(6, 0.6, 0));
        world.collisionFilter(near, new CollisionFilter(2, -1, 0));
        Capsule probe = new Capsule(0.25, 0.25);
        Pose start = GjkDistanceTest.pose(0, 0.6, 0, new Quaterniond().rotateZ(Math.PI / 2)); // lying along x
        ShapeCastHit out = new ShapeCastHit();
        assertTrue(world.castShape(probe, start, new Vector3d(10, 0, 0), null, out), out.toString());
        assertSame(near, out.body);
        assertNotNull(out.shape);
        assertEquals((3 - 0.5 - 0.5) / 10, out.fraction, 1e-6, out.toString());
        assertEquals(-1, out.normal.x, 1e-9);
        assertTrue(world.castShape(probe, start, new Vector3d(10, 0, 0), new CollisionFilter(1, ~2, 0), out), out.toString());
        assertSame(far, out.body, "the filter hides the box");
        assertEquals((6 - 0.5 - 0.5) / 10, out.fraction, 1e-6, out.toString());
        // Down onto the ground.
        assertTrue(world.castShape(probe, start, new Vector3d(0, -1, 0), null, out));
        assertSame(ground, out.body);
        assertEquals(0.35, out.fraction, 1e-6, out.toString());
        assertEquals(1, out.normal.y, 1e-12);
        // Starting inside the ground: fraction 0.
        Pose sunk = GjkDistanceTest.pose(-3, 0.1, 0, new Quaterniond());
        assertTrue(world.castShape(probe, sunk, new Vector3d(0, 1, 0), null, out));
        assertEquals(0, out.fraction);
        assertSame(ground, out.body);
        // Up into the sky: nothing.
        assertFalse(world.castShape(probe, start, new Vector3d(0, 5, 0), null, out));
    }
}
