package dev.tumble.core.collision.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.CollisionFilter;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Plane;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Point queries against analytic answers, one shape at a time and through the world. */
class PointQueryTest {
    final PointQuery query = new PointQuery();
    final Vector3d surface = new Vector3d(), normal = new Vector3d();

    double sd(Shape s, Pose p, double x, double y, double z) {
        return query.signedDistance(s, p, x, y, z, surface, normal);
    }

    @Test
    void spheresAndCapsulesAreBallsAroundAPointOrASegment() {
        Pose p = GjkDistanceTest.pose(1, 2, 3, new Quaterniond().rotateX(Math.PI / 2)); // capsule axis along z
        assertEquals(5 - 0.5, sd(new Sphere(0.5), p, 1, 2 + 3, 3 + 4), 1e-12);
        assertEquals(0.6 * 0.5, surface.y - 2, 1e-12);
        assertEquals(0.8 * 0.5, surface.z - 3, 1e-12);
        assertEquals(-0.2, sd(new Sphere(0.5), p, 1.3, 2, 3), 1e-12);
        assertEquals(1, normal.x, 1e-12);
        assertEquals(-0.5, sd(new Sphere(0.5), p, 1, 2, 3), 1e-12, "at the centre");
        assertEquals(1, normal.length(), 1e-12);
        Capsule c = new Capsule(0.5, 1);
        assertEquals(2 - 0.5, sd(c, p, 1, 4, 3.7), 1e-12, "beside the segment");
        assertEquals(0, normal.z, 1e-12);
        assertEquals(1 - 0.5, sd(c, p, 1, 2, 3 + 2), 1e-12, "beyond the cap");
        assertEquals(4.5, surface.z, 1e-12);
        assertEquals(-0.25, sd(c, p, 1, 2.25, 3.9), 1e-12, "inside");
    }

    @Test
    void boxesAnswerInsideAndOutsideAndAgreeWithTheirHull() {
        Box box = new Box(1, 0.5, 2);
        Pose p = GjkDistanceTest.pose(0.5, -1, 2, new Quaterniond().rotateXYZ(0.4, 1.2, -0.3));
        Vector3d w = p.toWorld(1.5, 1, 0, new Vector3d());
        assertEquals(Math.sqrt(0.25 + 0.25), sd(box, p, w.x, w.y, w.z), 1e-12, "edge region");
        w = p.toWorld(0.2, 0.4, -1.5, new Vector3d());
        assertEquals(-0.1, sd(box, p, w.x, w.y, w.z), 1e-12, "inside, nearest the +y face");
        assertEquals(0, surface.distance(p.toWorld(0.2, 0.5, -1.5, new Vector3d())), 1e-12);
        assertEquals(0, normal.distance(p.dirToWorld(0, 1, 0, new Vector3d())), 1e-12);
        ConvexHull hull = new ConvexHull(new Vector3d(-1, -0.5, -2), new Vector3d(1, -0.5, -2), new Vector3d(-1, 0.5, -2),
                new Vector3d(1, 0.5, -2), new Vector3d(-1, -0.5, 2), new Vector3d(1, -0.5, 2), new Vector3d(-1, 0.5, 2),
                new Vector3d(1, 0.5, 2));
        Random rnd = new Random(5);
        Vector3d sb = new Vector3d(), nb = new Vector3d();
        int inside = 0;
        for (int i = 0; i < 2000; i++) {
            double x = p.px + 3 * rnd.nextGaussian(), y = p.py + 3 * rnd.nextGaussian(), z = p.pz + 3 * rnd.nextGaussian();
            double want = query.signedDistance(box, p, x, y, z, sb, nb);
            double got = sd(hull, p, x, y, z);
            assertEquals(want, got, 1e-9, "point " + i);
            assertEquals(0, sb.distance(surface), 1e-9, "point " + i);
            assertEquals(0, nb.distance(normal), 1e-9, "point " + i);
            assertEquals(want <= 0, query.contains(hull, p, x, y, z));
            inside += want < 0 ? 1 : 0;
        }
        assertTrue(inside > 20, "enough points inside: " + inside);
    }

    @Test
    void halfSpacesHaveAnInsideAndPlanesDoNot() {
        Pose p = GjkDistanceTest.pose(0, 1, 0, new Quaterniond());
        HalfSpace ground = new HalfSpace(0, 1, 0, 0.5);
        assertEquals(2 - 1.5, sd(ground, p, 3, 2, 4), 1e-12);
        assertEquals(-1.5, sd(ground, p, 3, 0, 4), 1e-12);
        assertEquals(1.5, surface.y, 1e-12);
        assertTrue(query.contains(ground, p, 3, 0, 4));
        Plane plane = new Plane(0, 1, 0, 0.5);
        assertEquals(1.5, sd(plane, p, 3, 0, 4), 1e-12);
        assertEquals(-1, normal.y, 1e-12, "facing the point's side");
        assertFalse(query.contains(plane, p, 3, 0, 4));
    }

    World scene(List<RigidBody> out) {
        World world = new World();
        out.add(world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0))));
        out.add(world.addBody(RigidBody.fixed(new Sphere(1)).position(0, 1, 0)));
        out.add(world.addBody(RigidBody.fixed(new Box(1, 1, 1)).position(1.5, 1, 0)));
        out.add(world.addBody(RigidBody.fixed(new Capsule(0.3, 1)).position(-4, 2, 0)));
        return world;
    }

    @Test
    void theWorldReportsWhatContainsAPointAndTheNearestSurface() {
        List<RigidBody> b = new ArrayList<>();
        World world = scene(b);
        assertEquals(List.of(b.get(1), b.get(2)), world.bodiesContaining(new Vector3d(0.75, 1, 0), null));
        assertEquals(List.of(b.get(0)), world.bodiesContaining(new Vector3d(-2, -1, 0), null));
        assertEquals(List.of(), world.bodiesContaining(new Vector3d(-2, 3, 0), null));
        world.collisionFilter(b.get(2), new CollisionFilter(4, -1, 0));
        assertEquals(List.of(b.get(1)), world.bodiesContaining(new Vector3d(0.75, 1, 0), new CollisionFilter(1, ~4, 0)));
        int[] seen = {0};
        assertEquals(1, world.containing(new Vector3d(0.75, 1, 0), null, (body, shape, proxy) -> ++seen[0] < 1));
        PointHit hit = new PointHit();
        // Above the capsule: its top cap is the nearest surface, 0.5 m away.
        assertTrue(world.closestPoint(new Vector3d(-4, 3.8, 0), 10, null, hit), hit.toString());
        assertSame(b.get(3), hit.body);
        assertEquals(0.5, hit.distance, 1e-12);
        assertEquals(3.3, hit.point.y, 1e-12);
        assertFalse(world.closestPoint(new Vector3d(-4, 3.8, 0), 0.4, null, hit), "nothing within 0.4 m");
        // Deep in the box: the most negative distance wins.
        assertTrue(world.closestPoint(new Vector3d(1.5, 1, 0), 10, null, hit));
        assertSame(b.get(2), hit.body);
        assertEquals(-1, hit.distance, 1e-12);
    }

    @Test
    void theWorldsNearestShapeMatchesEveryPairMeasuredAlone() {
        List<RigidBody> b = new ArrayList<>();
        World world = scene(b);
        Random rnd = new Random(9);
        ClosestPoints got = new ClosestPoints(), each = new ClosestPoints();
        Pose pb = new Pose();
        for (int i = 0; i < 200; i++) {
            Shape probe = ShapeCastTest.randomConvex(rnd);
            Pose pose = GjkDistanceTest.pose(-5 + 8 * rnd.nextDouble(), 4 * rnd.nextDouble(), -2 + 4 * rnd.nextDouble(),
                    GjkDistanceTest.randomRotation(rnd));
            double max = 1.5 * rnd.nextDouble();
            double want = Double.POSITIVE_INFINITY;
            RigidBody wantBody = null;
            for (RigidBody body : b) {
                Shape s = body.shapes().get(0);
                double d = ShapeDistance.between(probe, pose, s, pb.set(body, s), each);
                if (d < want) {
                    want = d;
                    wantBody = body;
                }
            }
            boolean found = world.closestPoints(probe, pose, max, null, got);
            assertEquals(want <= max, found, "case " + i + ": nearest at " + want + ", max " + max);
            if (found) {
                assertEquals(want, got.distance, 1e-12, "case " + i);
                if (want > 0) {
                    assertSame(wantBody, got.body, "case " + i);
                }
            }
        }
    }
}
