package dev.tumble.core.collision.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Plane;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.world.World;
import java.util.List;
import java.util.function.Supplier;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** The queries reject bad arguments with a message naming the parameter and its value. */
class QueryArgumentsTest {
    final World world = new World();
    final Vector3d ok = new Vector3d(0, 1, 0), nan = new Vector3d(Double.NaN, 0, 0), inf = new Vector3d(0, Double.POSITIVE_INFINITY, 0);
    final Sphere ball = new Sphere(0.5);
    final Pose pose = new Pose().set(0, 2, 0, 1, 0, 0, 0);

    QueryArgumentsTest() {
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        world.addBody(RigidBody.fixed(new Box(1, 1, 1)).position(0, 1, 0));
    }

    static void rejects(String name, String value, Runnable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::run, name);
        assertTrue(e.getMessage().contains(name) && e.getMessage().contains(value), e.getMessage());
    }

    static Pose badPosition() {
        Pose p = new Pose();
        p.py = Double.NaN;
        return p;
    }

    static Pose badRotation() {
        Pose p = new Pose();
        p.r[4] = 2;
        return p;
    }

    @Test
    void badArgumentsAreNamed() {
        RayHit ray = new RayHit();
        ShapeCastHit cast = new ShapeCastHit();
        ClosestPoints closest = new ClosestPoints();
        PointHit point = new PointHit();
        QueryCallback any = (b, s, p) -> true;
        rejects("origin", "NaN", () -> world.castRay(nan, ok, 10, null, ray));
        rejects("direction", "Infinity", () -> world.castRay(ok, inf, 10, null, ray));
        rejects("direction", "0", () -> world.castRay(ok, new Vector3d(), 10, null, ray));
        rejects("maxDistance", "-1", () -> world.castRay(ok, ok, -1, null, ray));
        rejects("out", "null", () -> world.castRay(ok, ok, 1, null, null));
        rejects("shape", "null", () -> world.castShape(null, pose, ok, null, cast));
        rejects("shape", "Plane", () -> world.castShape(new Plane(0, 1, 0, 0), pose, ok, null, cast));
        rejects("start.position", "NaN", () -> world.castShape(ball, badPosition(), ok, null, cast));
        rejects("start.r", "2.0", () -> world.castShape(ball, badRotation(), ok, null, cast));
        rejects("start", "null", () -> world.castShape(ball, null, ok, null, cast));
        rejects("translation", "NaN", () -> world.castShape(ball, pose, nan, null, cast));
        rejects("shape", "HalfSpace", () -> world.closestPoints(new HalfSpace(0, 1, 0, 0), pose, 1, null, closest));
        rejects("maxDistance", "-0.5", () -> world.closestPoints(ball, pose, -0.5, null, closest));
        rejects("maxDistance", "NaN", () -> world.closestPoints(ball, pose, Double.NaN, null, closest));
        rejects("pose.position", "NaN", () -> world.closestPoints(ball, badPosition(), 1, null, closest));
        rejects("point", "NaN", () -> world.closestPoint(nan, 1, null, point));
        rejects("maxDistance", "-2", () -> world.closestPoint(ok, -2, null, point));
        rejects("point", "Infinity", () -> world.containing(inf, null, any));
        rejects("callback", "null", () -> world.containing(ok, null, null));
        rejects("shape", "null", () -> world.overlap(null, pose, null, any));
        rejects("pose.r", "2.0", () -> world.overlap(ball, badRotation(), null, any));
        rejects("a", "null", () -> ShapeDistance.between(null, pose, ball, pose, closest));
        rejects("b", "null", () -> ShapeDistance.between(ball, pose, null, pose, closest));
        rejects("pb.position", "NaN", () -> ShapeDistance.between(ball, pose, ball, badPosition(), closest));
    }

    @Test
    void aCallbackMayNotStartAnotherQuery() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> world.containing(new Vector3d(0, 0.5, 0), null, (b, s, p) -> world.castRay(ok, ok, 1, null, new RayHit())));
        assertTrue(e.getMessage().contains("callback"), e.getMessage());
        // The world answers again afterwards.
        assertEquals(1, world.containing(new Vector3d(0, 0.5, 0), null, (b, s, p) -> true));
    }

    @Test
    void theAllocatingFormsAgreeWithTheCallerOwnedOnes() {
        RayHit hit = new RayHit();
        assertTrue(world.castRay(new Vector3d(0, 5, 0), new Vector3d(0, -1, 0), 10, null, hit));
        RayHit old = world.castRay(new Vector3d(0, 5, 0), new Vector3d(0, -1, 0), 10).orElseThrow();
        assertEquals(old.toString(), hit.toString());
        Supplier<List<RigidBody>> both = () -> world.overlap(ball, pose, null);
        int[] n = {0};
        assertEquals(both.get().size(), world.overlap(ball, pose, null, (b, s, p) -> ++n[0] > 0));
    }
}
