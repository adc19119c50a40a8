package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Shape;
import java.util.stream.Stream;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.joml.Vector3dc;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Cylinders in motion against analytic answers: rolling down a slope as {@code a = ⅔·g·sin θ} at
 * several step sizes, standing still on a cap, righting or tipping over about the rim as the tipping
 * angle {@code atan(r/h)} says, rolling straight across triangle seams.
 */
class CylinderMotionTest {
    private static final double G = 9.81;

    private static World world(WorldSettings.Solver solver) {
        return new World(WorldSettings.builder().solver(solver).sleepEnabled(false).build());
    }

    static Stream<Arguments> impulseSolversAndSteps() {
        return Stream.of(WorldSettings.Solver.SEQUENTIAL_IMPULSE)
                .flatMap(s -> Stream.of(1 / 60.0, 1 / 120.0, 1 / 240.0).map(dt -> Arguments.of(s, dt)));
    }

    /**
     * A solid cylinder across a 20° slope (undamped) rolls without slipping: a = g·sin θ / (1 + ½)
     * whatever the step.
     */
    @ParameterizedTest(name = "{0}, dt = {1}")
    @MethodSource("impulseSolversAndSteps")
    void acrossASlopeItRollsAtTwoThirdsOfGSinTheta(WorldSettings.Solver solver, double dt) {
        double theta = Math.toRadians(20), r = 0.3, mu = 0.9;
        World world = world(solver);
        world.addBody(RigidBody.fixed(new HalfSpace(-Math.sin(theta), Math.cos(theta), 0, 0)).friction(mu));
        Vector3d n = new Vector3d(-Math.sin(theta), Math.cos(theta), 0);
        RigidBody log = world.addBody(RigidBody.dynamic(new Cylinder(r, 0.5)).mass(2).friction(mu).damping(1, 1)
                .orientation(new Quaterniond().rotateX(Math.PI / 2)).position(new Vector3d(n).mul(r)));
        Vector3d p0 = new Vector3d(log.position());
        double seconds = 2;
        for (int i = 0; i < Math.round(seconds / dt); i++) {
            world.step(dt);
        }
        double expected = 0.5 * (2.0 / 3.0) * G * Math.sin(theta) * seconds * seconds;
        Vector3d down = new Vector3d(-Math.cos(theta), -Math.sin(theta), 0);
        double travelled = new Vector3d(log.position()).sub(p0).dot(down);
        assertEquals(expected, travelled, 0.02 * expected, solver + " dt " + dt);
        double speed = log.velocity().length();
        assertEquals(speed, log.angularVelocity().length() * r, 0.02 * speed, "no slip: v = ω·r");
        assertTrue(Math.abs(log.position().z()) < 1e-3, "rolled straight: " + log.position());
    }

    /**
     * Standing on its cap on a half-space or a box, it stays put: no sinking, no tilt, and no creep
     * (under 1 mm in 5 s; Millington's resolver, which lets standing bodies creep a little, no more
     * than the eight-sided prism of its rim points).
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(WorldSettings.Solver.class)
    void standingOnACapItStaysPut(WorldSettings.Solver solver) {
        for (boolean box : new boolean[] {false, true}) {
            double creep = stand(solver, box, new Cylinder(0.3, 0.6), 0.6);
            double allowed = 1e-3;
            if (solver == WorldSettings.Solver.MILLINGTON) {
                Vector3d[] rim = new Vector3d[16];
                for (int k = 0; k < 8; k++) {
                    double t = k * Math.PI / 4;
                    rim[k] = new Vector3d(0.3 * Math.cos(t), -0.6, 0.3 * Math.sin(t));
                    rim[k + 8] = new Vector3d(0.3 * Math.cos(t), 0.6, 0.3 * Math.sin(t));
                }
                allowed = Math.max(allowed, stand(solver, box, new ConvexHull(rim), 0.6) + 1e-4);
            }
            assertTrue(creep < allowed, solver + (box ? " on a box" : " on a half-space") + " crept " + creep + " m");
        }
    }

    /** Stands {@code shape} (half-height {@code h}, m) on the ground for 5 s: how far it crept, m. */
    private static double stand(WorldSettings.Solver solver, boolean box, Shape shape, double h) {
        World world = world(solver);
        RigidBody ground = box ? RigidBody.fixed(new Box(5, 0.5, 5)).position(new Vector3d(0, -0.5, 0))
                : RigidBody.fixed(new HalfSpace(0, 1, 0, 0));
        world.addBody(ground.friction(0.6));
        RigidBody c = world.addBody(RigidBody.dynamic(shape).mass(3).friction(0.6).position(new Vector3d(0.2, h, -0.1)));
        for (int i = 0; i < 300; i++) {
            world.step(1 / 60.0);
        }
        Vector3dc p = c.position();
        assertEquals(h, p.y(), 2e-3, solver + " height: " + p);
        Vector3d axis = c.orientation().transform(new Vector3d(0, 1, 0));
        assertTrue(Math.toDegrees(Math.acos(Math.min(1, axis.y))) < 0.1, solver + " tilted: " + axis);
        return Math.hypot(p.x() - 0.2, p.z() + 0.1);
    }

    /**
     * Let go tilted about the rim it stands on, it falls back onto its cap below the tipping angle
     * {@code atan(r/h)} (the centre of mass over the rim) and over onto its side above it.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = WorldSettings.Solver.class, names = "SEQUENTIAL_IMPULSE")
    void itRightsItselfBelowTheTippingAngleAndFallsOverAbove(WorldSettings.Solver solver) {
        double r = 0.3, h = 0.6, tipping = Math.atan(r / h);
        for (double tilt : new double[] {tipping - Math.toRadians(4), tipping + Math.toRadians(4)}) {
            World world = world(solver);
            world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)).friction(0.8));
            // Resting on the rim point at x = +r (before the tilt), tilted about z through that point.
            Quaterniond q = new Quaterniond().rotateZ(-tilt);
            Vector3d centre = q.transform(new Vector3d(-r, h, 0)).add(r, 0, 0);
            RigidBody c = world.addBody(RigidBody.dynamic(new Cylinder(r, h)).mass(1).friction(0.8).orientation(q).position(centre));
            for (int i = 0; i < 240; i++) {
                world.step(1 / 60.0);
            }
            double up = c.orientation().transform(new Vector3d(0, 1, 0)).y;
            if (tilt < tipping) {
                assertTrue(up > 0.999, solver + ": righted from " + Math.toDegrees(tilt) + "°, axis·y = " + up);
            } else {
                assertTrue(Math.abs(up) < 0.01, solver + ": fell over from " + Math.toDegrees(tilt) + "°, axis·y = " + up);
                assertEquals(r, c.position().y(), 2e-3, "lies on its side");
            }
        }
    }

    /** Every solver on every floor of small triangles. */
    static Stream<Arguments> solversAndFloors() {
        return MeshSurfaceTest.solversAndFloors();
    }

    /**
     * Lying on its side, rolling across a floor of small triangles, it keeps level and its heading
     * (impulse solvers) and moves as on a plane to 1 mm: the seams add nothing. Millington's
     * resolver takes a line contact's two points one after the other, worst first: it turns a
     * rolling cylinder by about 0.3° on any floor, a plane too, and its order turns differences of
     * 1e-10 in a normal into centimetres, so it is held to the floor's level only (under 1 cm/s).
     */
    @ParameterizedTest(name = "{0} on a {1}")
    @MethodSource("solversAndFloors")
    void rollingAcrossTheSeamsItMovesAsOnAPlane(WorldSettings.Solver solver, MeshSurfaceTest.Floor floor) {
        double[] mesh = roll(solver, floor.body());
        double[] plane = roll(solver, RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        assertTrue(mesh[0] > 0, "crossed the floor: x = " + mesh[0]);
        if (solver != WorldSettings.Solver.MILLINGTON) {
            assertEquals(0, Math.hypot(mesh[0] - plane[0], mesh[1] - plane[1]), 1e-3, solver + ": where it got to, seams or none");
        }
        assertTrue(mesh[2] < 0.01, solver + ": vertical speed up to " + mesh[2] + " m/s");
        if (solver != WorldSettings.Solver.MILLINGTON) {
            assertTrue(mesh[3] < 0.1, solver + ": heading turned by up to " + mesh[3] + "°");
        }
    }

    /** Rolls a lying cylinder for 2 s from 3 m/s: final x and z (m), worst |v_y| (m/s), worst turn (°). */
    private static double[] roll(WorldSettings.Solver solver, RigidBody floor) {
        double r = 0.2, speed = 3, heading = Math.toRadians(31);
        World world = world(solver);
        world.addBody(floor.friction(0.6).restitution(0));
        double vx = speed * Math.cos(heading), vz = speed * Math.sin(heading);
        // The axis (local y) across the heading, horizontal; rolling: ω = n × v / r with n = +y.
        Quaterniond q = new Quaterniond().rotateY(-heading).rotateX(Math.PI / 2);
        RigidBody log = world.addBody(RigidBody.dynamic(new Cylinder(r, 0.4)).mass(1).friction(0.6).restitution(0)
                .orientation(q).position(new Vector3d(-4, r, -2.5)).velocity(new Vector3d(vx, 0, vz))
                .angularVelocity(new Vector3d(vz / r, 0, -vx / r)));
        double worstVy = 0, worstTurn = 0;
        for (int i = 0; i < 120; i++) {
            world.step(1 / 60.0);
            Vector3dc v = log.velocity();
            worstVy = Math.max(worstVy, Math.abs(v.y()));
            worstTurn = Math.max(worstTurn, Math.abs(Math.atan2(v.z(), v.x()) - heading));
        }
        return new double[] {log.position().x(), log.position().z(), worstVy, Math.toDegrees(worstTurn)};
    }
}
