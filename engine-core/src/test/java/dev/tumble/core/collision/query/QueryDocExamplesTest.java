package dev.tumble.core.collision.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.world.World;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The examples of the "Queries" section of {@code docs/collision.md}, each block's code as
 * written there, run on a small scene with what it claims checked.
 */
class QueryDocExamplesTest {
    final World world = new World();
    final RigidBody ground = world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
    final RigidBody crate = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(0, 0.5, 5));

    @Test
    void rayCast() {
        Vector3d eye = new Vector3d(0, 0.5, 0), forward = new Vector3d(0, 0, 1);
        // -- as in the docs
        RayHit hit = new RayHit();                       // once, reused every frame
        if (world.castRay(eye, forward, 100, null, hit)) {
            BodyShape target = (BodyShape) hit.target;
            // hit.distance (m), hit.point, hit.normal, target.body(), target.shape()
            // -- checked
            assertSame(crate, target.body());
            assertEquals(4.5, hit.distance, 1e-12);
            assertEquals(-1, hit.normal.z, 1e-12);
        } else {
            throw new AssertionError("the ray hits the crate");
        }
    }

    @Test
    void shapeCast() {
        double x = 3, y = 0.95, z = 0;
        boolean[] checked = {false};
        // -- as in the docs
        Capsule character = new Capsule(0.3, 0.6);
        Pose feet = new Pose().set(x, y, z, 1, 0, 0, 0);
        ShapeCastHit ground = new ShapeCastHit();
        if (world.castShape(character, feet, new Vector3d(0, -0.2, 0), null, ground)) {
            double drop = 0.2 * ground.fraction;         // how far the character can fall, m
            boolean walkable = ground.normal.y > 0.7;    // the slope under it
            // -- checked
            assertEquals(0.05, drop, 1e-6);
            assertTrue(walkable);
            assertSame(this.ground, ground.body);
            checked[0] = true;
        }
        assertTrue(checked[0]);
    }

    @Test
    void closestPoints() {
        Pose pose = new Pose().set(0, 0.6, 3.95, 1, 0, 0, 0); // 0.1 m above the ground, 0.05 m from the crate
        boolean[] checked = {false};
        // -- as in the docs
        ClosestPoints near = new ClosestPoints();
        if (world.closestPoints(new Sphere(0.5), pose, 2.0, null, near) && near.distance < 0.1) {
            // near.body is within 10 cm of the sphere; near.pointB is where
            // -- checked
            assertSame(crate, near.body);
            assertEquals(0.05, near.distance, 1e-9);
            assertEquals(4.5, near.pointB.z, 1e-9);
            checked[0] = true;
        }
        assertTrue(checked[0]);
        assertEquals(0.05, ShapeDistance.between(new Sphere(0.5), pose, crate.shapes().get(0), new Pose().set(crate, crate.shapes().get(0)), near), 1e-9);
    }

    @Test
    void points() {
        Vector3d probe = new Vector3d(0, 0.4, 5);
        boolean[] checked = {false};
        // -- as in the docs
        PointHit surface = new PointHit();
        if (world.closestPoint(probe, 1.0, null, surface) && surface.distance < 0) {
            // the probe point is surface.distance m inside surface.body
            // -- checked: 0.4 m inside the crate (the point is above the ground)
            assertSame(crate, surface.body);
            assertEquals(-0.4, surface.distance, 1e-12);
            checked[0] = true;
        }
        int count = world.containing(probe, null, (body, shape, proxy) -> true);
        assertTrue(checked[0]);
        assertEquals(1, count);
    }

    @Test
    void overlap() {
        Pose blastPose = new Pose().set(0, 0, 3, 1, 0, 0, 0);
        // -- as in the docs
        int inBlast = world.overlap(new Sphere(3), blastPose, null, (body, shape, proxy) -> {
            if (body.type() == BodyType.DYNAMIC) {
                body.addForce(new Vector3d(0, 500, 0));
            }
            return true;                                  // false stops the query
        });
        // -- checked
        assertEquals(2, inBlast);
        assertEquals(500, crate.accumulatedForce().y(), 1e-12);
    }
}
