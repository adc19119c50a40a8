package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Sphere;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import org.joml.Vector3d;

/**
 * Fast bodies do not tunnel: the book's pistol round scaled up (a 0.1 m sphere at 300 m/s
 * travels 5 m per 1/60 s step) against a 0.2 m wall, the ground and a box target.
 */
class ContinuousCollisionTest {
    private static final double DT = 1 / 60.0;

    private static WorldSettings settings(WorldSettings.Solver solver, boolean ccd) {
        return WorldSettings.builder().solver(solver).continuousCollision(ccd).build();
    }

    /** Fires a sphere of the given radius along +x at a 0.2 m thick wall at x = 10; returns the largest x reached. */
    private static double fireAtWall(WorldSettings settings, double radius, double speed) {
        World world = new World(settings);
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        world.addBody(RigidBody.fixed(new Box(0.1, 3, 3)).position(10, 3, 0));
        RigidBody round = world.addBody(RigidBody.dynamic(new Sphere(radius)).density(7800)
                .position(0, 1.5, 0).velocity(speed, 0, 0));
        double maxX = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < 120; i++) {
            world.step(DT);
            maxX = Math.max(maxX, round.position().x());
        }
        return maxX;
    }

    @ParameterizedTest
    @EnumSource(WorldSettings.Solver.class)
    void aPistolRoundStopsAtAThinWall(WorldSettings.Solver solver) {
        for (double radius : new double[] {0.05, 0.1}) {
            double maxX = fireAtWall(settings(solver, true), radius, 300);
            // The wall's near face is at x = 9.9: the round's centre may touch it, never pass it.
            assertTrue(maxX < 9.9 - radius + 0.02, solver + " r=" + radius + " reached x=" + maxX);
        }
    }

    @Test
    void withoutTheSweepTheSameRoundTunnels() {
        // The test above would pass vacuously if discrete collision already stopped the round. It
        // does in a sequential-impulse world, whose contacts are found over the swept step; a
        // Millington world integrates first and then looks, and without the sweep a round at 290 m/s
        // (its centre at 9.67 m, then 14.5 m) is through. At 300 m/s its centre lands at 10 m, inside
        // the wall, where a discrete step sees it too.
        assertTrue(fireAtWall(settings(WorldSettings.Solver.MILLINGTON, false), 0.05, 290) > 10.1);
    }

    @ParameterizedTest
    @EnumSource(WorldSettings.Solver.class)
    void aRoundFiredIntoTheGroundStaysAbove(WorldSettings.Solver solver) {
        World world = new World(settings(solver, true));
        // A 1 m thick ground slab: at 5 m per step a discrete engine jumps straight through it.
        // Wide enough that a round keeping its speed along the slab (as a rolling sphere does) is
        // still over it after 2 s.
        world.addBody(RigidBody.fixed(new Box(500, 0.5, 500)).position(0, -0.5, 0));
        RigidBody round = world.addBody(RigidBody.dynamic(new Sphere(0.05)).density(7800)
                .position(0, 3, 0).velocity(40, -300, 10));
        for (int i = 0; i < 120; i++) {
            world.step(DT);
            assertTrue(round.position().y() > 0, "step " + i + ": round at y=" + round.position().y());
        }
    }

    @ParameterizedTest
    @EnumSource(WorldSettings.Solver.class)
    void aRoundHitsABoxTargetAndPushesIt(WorldSettings.Solver solver) {
        World world = new World(settings(solver, true));
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        RigidBody target = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).mass(5).position(8, 0.5, 0));
        RigidBody round = world.addBody(RigidBody.dynamic(new Sphere(0.05)).mass(0.2)
                .position(0, 0.5, 0).velocity(300, 0, 0));
        double maxRoundX = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < 30; i++) {
            world.step(DT);
            maxRoundX = Math.max(maxRoundX, round.position().x() - target.position().x());
        }
        // The round never gets through the target's near half, and the hit moved the target.
        assertTrue(maxRoundX < 0, solver + ": round passed the target centre by " + maxRoundX);
        assertTrue(target.position().x() > 8.05, solver + ": target at x=" + target.position().x());
    }

    @Test
    void innerRadiusIsMeasuredFromTheCentreOfMass() {
        // A 2 × 1 × 1 box given as a hull with its own origin at a corner: the ball about the
        // centroid has radius 0.5, while the origin sits on three faces (inner radius 0 there).
        Vector3d[] corners = new Vector3d[8];
        for (int i = 0; i < 8; i++) {
            corners[i] = new Vector3d((i & 1) * 2, (i >> 1) & 1, (i >> 2) & 1);
        }
        assertEquals(0.5, RigidBody.dynamic(new ConvexHull(corners)).innerRadius(), 1e-12);
        // A capsule moved 0.1 m along its axis from the centre of mass still holds its full radius
        // there (the point is on its core segment); moved 0.1 m sideways it holds radius − 0.1.
        Capsule axial = new Capsule(0.3, 0.5);
        axial.offset(0, 0.1, 0);
        assertEquals(0.3, axial.innerRadiusAtBodyOrigin(), 1e-12);
        Capsule sideways = new Capsule(0.3, 0.5);
        sideways.offset(0.1, 0, 0);
        assertEquals(0.2, sideways.innerRadiusAtBodyOrigin(), 1e-12);
        // A box turned a quarter about z and moved 0.2 m along body x: its 0.3 m y half-extent now
        // faces x, so the ball about the body origin is 0.3 − 0.2.
        Box turned = new Box(0.5, 0.3, 0.4);
        turned.offset(new Vector3d(0.2, 0, 0), new org.joml.Quaterniond().rotateZ(Math.PI / 2));
        assertEquals(0.1, turned.innerRadiusAtBodyOrigin(), 1e-12);
    }

    @Test
    void theCachedInnerRadiusFollowsShapeChangesUntilTheBodyIsInAWorld() {
        Sphere small = new Sphere(0.2);
        RigidBody b = RigidBody.dynamic(small);
        assertEquals(0.2, b.innerRadius(), 0);
        b.addShape(new Sphere(0.5));
        assertEquals(0.5, b.innerRadius(), 0, "a shape added after the radius was asked");
        RigidBody moved = RigidBody.dynamic(new Sphere(0.4));
        assertEquals(0.4, moved.innerRadius(), 0);
        moved.shapes().get(0).offset(0.1, 0, 0);
        World world = new World(WorldSettings.DEFAULTS);
        world.addBody(moved);
        assertEquals(0.3, moved.innerRadius(), 1e-12, "an offset set before the body joined the world");
    }

    @Test
    void slowBodiesAreNeverSwept() {
        RigidBody box = RigidBody.dynamic(new Box(0.5, 0.5, 0.5));
        assertEquals(0.5, box.innerRadius(), 0);
        // Two balls 0.3 m either side of the centre of mass: no ball around it fits inside both.
        RigidBody dumbbell = RigidBody.dynamic(new Sphere(0.2).offset(0.3, 0, 0), new Sphere(0.2).offset(-0.3, 0, 0));
        assertEquals(0, dumbbell.innerRadius(), 0);
        RigidBody lopsided = RigidBody.dynamic(new Sphere(0.5), new Sphere(0.1).offset(0.45, 0, 0));
        assertTrue(lopsided.innerRadius() > 0 && lopsided.innerRadius() < 0.5);
        // A box falling from 2 m moves about 0.1 m per step at impact, less than its inner
        // radius: the trajectory is the same bits with the sweep on or off.
        long[] hashes = new long[2];
        for (int k = 0; k < 2; k++) {
            World world = new World(WorldSettings.builder().continuousCollision(k == 0).build());
            world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
            world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(0, 2.5, 0).angularVelocity(1, 2, 0));
            for (int i = 0; i < 200; i++) {
                world.step(DT);
            }
            hashes[k] = world.stateHash();
        }
        assertEquals(hashes[0], hashes[1]);
    }
}
