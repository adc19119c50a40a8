package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.CollisionFilter;
import dev.tumble.core.collision.query.BodyShape;
import dev.tumble.core.collision.query.RayHit;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.debug.DebugDraw;
import dev.tumble.core.debug.WorldDebugDraw;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4x3dc;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.joml.Vector3dc;
import org.junit.jupiter.api.Test;

class WorldQueriesAndDrawingTest {

    @Test
    void aRayDownHitsTheTopOfTheBoxThenTheGroundAndFiltersHideShapes() {
        World world = new World();
        RigidBody ground = world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        RigidBody box = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(0, 3, 0));
        RayHit hit = world.castRay(new Vector3d(0.1, 10, 0.1), new Vector3d(0, -1, 0), 100).orElseThrow();
        assertSame(box, ((BodyShape) hit.target).body());
        assertEquals(6.5, hit.distance, 1e-9, "top face at y = 3.5");
        assertEquals(1, hit.normal.y, 1e-9);
        List<RayHit> all = world.castRayAll(new Vector3d(0.1, 10, 0.1), new Vector3d(0, -1, 0), 100, null);
        assertEquals(2, all.size());
        assertSame(ground, ((BodyShape) all.get(1).target).body());
        assertEquals(10, all.get(1).distance, 1e-9);

        world.collisionFilter(box, new CollisionFilter(2, -1, 0));
        RayHit groundOnly = world.castRay(new Vector3d(0.1, 10, 0.1), new Vector3d(0, -1, 0), 100,
                new CollisionFilter(-1, 1, 0)).orElseThrow();
        assertSame(ground, ((BodyShape) groundOnly.target).body(), "the box's category is masked out");
        assertFalse(world.castRay(new Vector3d(5, 10, 5), new Vector3d(0, 1, 0), 100).isPresent());
    }

    @Test
    void filteredBodiesDoNotCollide() {
        World world = new World();
        RigidBody ground = world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        RigidBody ghost = world.addBody(RigidBody.dynamic(new Sphere(0.5)).mass(1).position(0, 1, 0));
        world.collisionFilter(ghost, new CollisionFilter(2, 0, 0));
        for (int i = 0; i < 60; i++) {
            world.step(1 / 60.0);
        }
        assertTrue(ghost.position().y() < -2, "falls through the ground it may not touch");
        assertTrue(ground.position().y() == 0);
    }

    /** Records what the walker draws. */
    private static final class Recorder implements DebugDraw {
        final List<Vector3d> points = new ArrayList<>();
        final List<Vector3d[]> lines = new ArrayList<>();
        int boxes, spheres, arrows, segments;

        @Override
        public void segment(Vector3dc a, Vector3dc b, int rgb) {
            segments++;
            lines.add(new Vector3d[] {new Vector3d(a), new Vector3d(b)});
        }

        @Override
        public void point(Vector3dc p, double size, int rgb) {
            points.add(new Vector3d(p));
        }

        @Override
        public void box(Matrix4x3dc transform, Vector3dc halfExtents, int rgb) {
            boxes++;
        }

        @Override
        public void sphere(Vector3dc centre, double radius, int rgb) {
            spheres++;
        }

        @Override
        public void arrow(Vector3dc from, Vector3dc to, int rgb) {
            arrows++;
        }
    }

    @Test
    void theWalkerDrawsShapesContactsWhereTheyAreVelocitiesAndBoxes() {
        World world = new World(WorldSettings.builder().sleepEnabled(false).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(0, 0.5, 0));
        world.addBody(RigidBody.dynamic(new Sphere(0.5)).position(3, 0.5, 0));
        for (int i = 0; i < 10; i++) {
            world.step(1 / 60.0);
        }
        Recorder r = new Recorder();
        WorldDebugDraw walker = new WorldDebugDraw().layer(WorldDebugDraw.Layer.VELOCITIES, true)
                .layer(WorldDebugDraw.Layer.AABBS, true);
        world.debugDraw(walker, r);
        assertEquals(world.contacts().size(), r.points.size(), "one marker per contact");
        for (Vector3d p : r.points) {
            assertEquals(0, p.y, 0.01, "contacts are on the ground");
        }
        assertEquals(1 + 2, r.boxes, "the box outline and two boxes");
        assertEquals(1, r.spheres);
        assertEquals(world.contacts().size() + 2, r.arrows, "normals and two velocity arrows");
    }

    @Test
    void aCylinderIsDrawnAsItsTwoRimsAndLinesAlongItsSide() {
        World world = new World();
        Cylinder shape = new Cylinder(0.4, 0.9);
        shape.offset(new Vector3d(0.1, 0.2, -0.3), new Quaterniond().rotateXYZ(0.2, 0.5, -0.4));
        RigidBody barrel = world.addBody(RigidBody.fixed(shape).position(2, 1, -1)
                .orientation(new Quaterniond().rotateXYZ(1.1, -0.3, 0.7)));
        Recorder r = new Recorder();
        world.debugDraw(new WorldDebugDraw(), r);
        int rims = 2 * WorldDebugDraw.CYLINDER_RIM_SEGMENTS, sides = WorldDebugDraw.CYLINDER_SIDE_LINES;
        assertEquals(rims + sides, r.segments, "two rims and the side lines, nothing else");
        assertEquals(0, r.spheres + r.boxes);
        Pose pose = new Pose().set(barrel, shape);
        double chord = 2 * 0.4 * Math.sin(Math.PI / WorldDebugDraw.CYLINDER_RIM_SEGMENTS);
        int[] rimSegments = new int[2];
        int sideLines = 0;
        for (Vector3d[] line : r.lines) {
            Vector3d a = pose.toLocal(line[0].x, line[0].y, line[0].z, new Vector3d());
            Vector3d b = pose.toLocal(line[1].x, line[1].y, line[1].z, new Vector3d());
            for (Vector3d p : new Vector3d[] {a, b}) {
                assertEquals(0.4, Math.sqrt(p.x * p.x + p.z * p.z), 1e-12, "on the side: " + p);
                assertEquals(0.9, Math.abs(p.y), 1e-12, "on a rim: " + p);
            }
            if (Math.signum(a.y) == Math.signum(b.y)) {
                rimSegments[a.y > 0 ? 1 : 0]++;
                assertEquals(chord, a.distance(b), 1e-12, "a rim segment spans one step round");
            } else {
                sideLines++;
                assertEquals(1.8, a.distance(b), 1e-12, "a side line runs rim to rim along the axis");
            }
        }
        assertEquals(WorldDebugDraw.CYLINDER_RIM_SEGMENTS, rimSegments[0]);
        assertEquals(WorldDebugDraw.CYLINDER_RIM_SEGMENTS, rimSegments[1]);
        assertEquals(sides, sideLines);
    }

    @Test
    void theFixedStepDriverStepsWholeStepsAndReportsTheRemainder() {
        FixedStepDriver driver = new FixedStepDriver(0.01, 5);
        int[] steps = {0};
        assertEquals(2, driver.advance(0.025, () -> steps[0]++));
        assertEquals(0.5, driver.alpha(), 1e-9);
        assertEquals(1, driver.advance(0.006, () -> steps[0]++));
        assertEquals(0.1, driver.alpha(), 1e-9);
        assertEquals(5, driver.advance(1.0, () -> steps[0]++), "capped, the rest dropped");
        assertTrue(driver.alpha() < 1);
        assertEquals(8, steps[0]);
    }
}
