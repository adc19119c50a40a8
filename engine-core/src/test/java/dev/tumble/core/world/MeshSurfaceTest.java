package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.HeightField;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.collision.shape.TriangleMesh;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bodies moving over a flat floor made of many small triangles behave as on a plane: no bumps at
 * the seams (the internal edges), no turn, the same friction; and a fast small body does not pass
 * through it. Every solver.
 */
class MeshSurfaceTest {
    private static final double DT = 1 / 60.0;
    /** The floor: n × n cells of this side (m), centred on the origin, two triangles a cell. */
    private static final int CELLS = 48;
    private static final double CELL = 0.25;

    /** A flat grid at y = 0, front up, with the given diagonal in every cell. */
    static TriangleMesh flatGrid(int n, double cell) {
        double[] v = new double[3 * (n + 1) * (n + 1)];
        double origin = -0.5 * n * cell;
        for (int r = 0; r <= n; r++) {
            for (int c = 0; c <= n; c++) {
                int i = r * (n + 1) + c;
                v[3 * i] = origin + c * cell;
                v[3 * i + 2] = origin + r * cell;
            }
        }
        int[] t = new int[6 * n * n];
        int k = 0;
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                int i00 = r * (n + 1) + c, i01 = i00 + 1, i10 = i00 + n + 1, i11 = i10 + 1;
                int[] cellTriangles = {i00, i10, i11, i00, i11, i01};
                for (int x : cellTriangles) {
                    t[k++] = x;
                }
            }
        }
        return new TriangleMesh(v, t);
    }

    /** A flat heightfield of n × n cells of this side (m) at y = 0, centred on the origin by its body's position. */
    static HeightField flatField(int n, double cell) {
        return new HeightField(new double[n + 1][n + 1], cell, cell);
    }

    /** The flat floor of each kind, centred on the origin. */
    enum Floor {
        MESH, HEIGHT_FIELD;

        RigidBody body() {
            if (this == MESH) {
                return RigidBody.fixed(flatGrid(CELLS, CELL));
            }
            double half = 0.5 * CELLS * CELL;
            return RigidBody.fixed(flatField(CELLS, CELL)).position(new Vector3d(-half, 0, -half));
        }
    }

    private static World world(WorldSettings.Solver solver, RigidBody floor, double friction) {
        World world = new World(WorldSettings.builder().solver(solver).sleepEnabled(false).build());
        world.addBody(floor.friction(friction).restitution(0));
        return world;
    }

    /** Every solver on every floor. */
    static Stream<Arguments> solversAndFloors() {
        return Stream.of(WorldSettings.Solver.values()).flatMap(s -> Stream.of(Floor.values()).map(f -> Arguments.of(s, f)));
    }

    /** The sequential-impulse worlds on every floor. */
    static Stream<Arguments> impulseSolversAndFloors() {
        return solversAndFloors().filter(a -> a.get()[0] != WorldSettings.Solver.MILLINGTON);
    }

    @ParameterizedTest(name = "{0} on a {1}")
    @MethodSource("solversAndFloors")
    void aBallRollingAcrossTheSeamsStaysLevelAndKeepsItsHeading(WorldSettings.Solver solver, Floor floor) {
        double r = 0.2, speed = 3, heading = Math.toRadians(31);
        World world = world(solver, floor.body(), 0.6);
        double vx = speed * Math.cos(heading), vz = speed * Math.sin(heading);
        RigidBody ball = world.addBody(RigidBody.dynamic(new Sphere(r)).mass(1).friction(0.6).restitution(0)
                .position(new Vector3d(-4, r, -2.5)).velocity(new Vector3d(vx, 0, vz))
                // Rolling: ω = n × v / r with n = +y.
                .angularVelocity(new Vector3d(vz / r, 0, -vx / r)));
        double worstVy = 0, worstTurn = 0;
        int worstStep = 0;
        for (int i = 0; i < 120; i++) {
            world.step(DT);
            org.joml.Vector3dc v = ball.velocity();
            if (Math.abs(v.y()) > worstVy) {
                worstVy = Math.abs(v.y());
                worstStep = i;
            }
            worstTurn = Math.max(worstTurn, Math.abs(Math.atan2(v.z(), v.x()) - heading));
        }
        assertTrue(ball.position().x() > 0, "the ball crossed the floor: " + ball.position());
        // The step tells a bump at a seam from a drop onto the floor (step 0: see aBallSetDownOnTheFloorStaysOnIt).
        assertTrue(worstVy < 0.01, solver + ": vertical speed up to " + worstVy + " m/s, in step " + worstStep);
        assertTrue(Math.toDegrees(worstTurn) < 0.1, solver + ": heading turned by up to " + Math.toDegrees(worstTurn) + "°");
    }

    /**
     * A ball set down just touching the floor stays on it from the first step. The sequential-impulse
     * solver finds its contacts before anything moves, so a sphere resting at zero separation needs
     * its speculative contact (the narrow phase's margin for round shapes): without it the ball
     * falls freely for a step (g·dt, 0.16 m/s) into the floor.
     */
    @ParameterizedTest(name = "{0} on a {1}")
    @MethodSource("solversAndFloors")
    void aBallSetDownOnTheFloorStaysOnIt(WorldSettings.Solver solver, Floor floor) {
        double r = 0.2;
        World world = world(solver, floor.body(), 0.6);
        RigidBody ball = world.addBody(RigidBody.dynamic(new Sphere(r)).mass(1).friction(0.6).restitution(0)
                .position(new Vector3d(0.1, r, 0.05)));
        for (int i = 0; i < 60; i++) {
            world.step(DT);
            assertTrue(Math.abs(ball.velocity().y()) < 0.01, solver + ": vertical speed " + ball.velocity().y() + " m/s in step " + i);
            assertEquals(r, ball.position().y(), 1e-3, solver + ": height in step " + i);
        }
    }

    @ParameterizedTest(name = "{0} on a {1}")
    @MethodSource("impulseSolversAndFloors")
    void aBoxSlidingAcrossTheSeamsStopsWhereItStopsOnAPlane(WorldSettings.Solver solver, Floor floor) {
        double mesh = slideDistance(solver, floor.body());
        double plane = slideDistance(solver, RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        double mu = 0.4, v0 = 4;
        assertEquals(plane, mesh, 0.02 * plane, solver + ": slid " + mesh + " m on the mesh, " + plane
                + " m on the plane (v²/(2μg) = " + v0 * v0 / (2 * mu * 9.81) + " m)");
    }

    private static double slideDistance(WorldSettings.Solver solver, RigidBody floor) {
        double mu = 0.4, v0 = 4, heading = Math.toRadians(23);
        World world = world(solver, floor, mu);
        RigidBody box = world.addBody(RigidBody.dynamic(new Box(0.3, 0.2, 0.3)).mass(2).friction(mu).restitution(0)
                .orientation(new Quaterniond().rotateY(0.4)).position(new Vector3d(-3, 0.2, -1.5))
                .velocity(new Vector3d(v0 * Math.cos(heading), 0, v0 * Math.sin(heading))));
        Vector3d start = new Vector3d(box.position());
        for (int i = 0; i < 180; i++) {
            world.step(DT);
        }
        assertTrue(box.velocity().length() < 1e-3, "the box has stopped: " + box.velocity());
        return new Vector3d(box.position()).sub(start).length();
    }

    @ParameterizedTest(name = "{0} on a {1}")
    @MethodSource("impulseSolversAndFloors")
    void aSmallFastBallDoesNotPassThroughTheFloor(WorldSettings.Solver solver, Floor floor) {
        World world = world(solver, floor.body(), 0.5);
        RigidBody ball = world.addBody(RigidBody.dynamic(new Sphere(0.025)).mass(0.01).restitution(0)
                .position(new Vector3d(0.3, 2, 0.2)).velocity(new Vector3d(1, -200, 0.5)).continuousCollision(true));
        for (int i = 0; i < 60; i++) {
            world.step(DT);
            assertTrue(ball.position().y() > 0.0, solver + ": below the floor at step " + i + ": " + ball.position());
        }
    }

    /** A hillside: falling along +x, with bumps, (n + 1)² samples {@code cell} apart. */
    static double[][] hillside(int n, double cell) {
        double[][] h = new double[n + 1][n + 1];
        for (int r = 0; r <= n; r++) {
            for (int c = 0; c <= n; c++) {
                double x = c * cell, z = r * cell;
                h[r][c] = -0.35 * x + 0.15 * Math.sin(1.3 * x) * Math.cos(0.9 * z);
            }
        }
        return h;
    }

    @ParameterizedTest
    @EnumSource(value = WorldSettings.Solver.class, names = "SEQUENTIAL_IMPULSE")
    void theSameHillsideAsAHeightfieldAndAsAMeshGivesTheSameMotion(WorldSettings.Solver solver) {
        HeightField field = new HeightField(hillside(40, 0.5), 0.5, 0.5);
        World[] worlds = {world(solver, RigidBody.fixed(field), 0.5), world(solver, RigidBody.fixed(TriangleMesh.of(field)), 0.5)};
        RigidBody[][] bodies = new RigidBody[2][];
        for (int w = 0; w < 2; w++) {
            bodies[w] = new RigidBody[] {
                worlds[w].addBody(RigidBody.dynamic(new Sphere(0.3)).mass(1).friction(0.5).restitution(0)
                        .position(new Vector3d(1.5, 0.2, 6))),
                worlds[w].addBody(RigidBody.dynamic(new Box(0.25, 0.2, 0.3)).mass(2).friction(0.2).restitution(0)
                        .orientation(new Quaterniond().rotateY(0.5)).position(new Vector3d(2, 0.1, 12)))};
        }
        double worst = 0;
        for (int i = 0; i < 300; i++) {
            worlds[0].step(DT);
            worlds[1].step(DT);
            for (int b = 0; b < 2; b++) {
                worst = Math.max(worst, bodies[0][b].position().distance(bodies[1][b].position()));
            }
        }
        assertTrue(bodies[0][0].position().x() > 8, "the ball rolled down the hill: " + bodies[0][0].position());
        assertTrue(bodies[0][1].position().x() > 4, "the box slid down the hill: " + bodies[0][1].position());
        assertTrue(worst < 1e-3, solver + ": the heightfield and the mesh part by up to " + worst + " m in 5 s");
    }
}
