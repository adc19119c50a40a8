package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Friction on a slope tilted by θ about z: the analytic stick/slide and roll/slide results, with
 * the sequential-impulse solver.
 */
class FrictionSlopeTest {
    private static final double DT = 1 / 60.0;

    private static World slopeWorld(double theta, double mu, WorldSettings.Solver solver) {
        World world = new World(WorldSettings.builder().solver(solver).sleepEnabled(false).build());
        // The slope's normal is +y turned by θ about z; things slide towards −x.
        world.addBody(RigidBody.fixed(new HalfSpace(-Math.sin(theta), Math.cos(theta), 0, 0)).friction(mu));
        return world;
    }

    /** Down-slope distance travelled by a body starting at p0. */
    private static double downSlope(RigidBody b, Vector3d p0, double theta) {
        Vector3d down = new Vector3d(-Math.cos(theta), -Math.sin(theta), 0);
        return new Vector3d(b.position()).sub(p0).dot(down);
    }

    @ParameterizedTest(name = "{0}: box on a {1}° slope with μ = {2}: slides = {3}")
    @CsvSource({"SEQUENTIAL_IMPULSE, 20, 0.5, false", "SEQUENTIAL_IMPULSE, 20, 0.3, true", "SEQUENTIAL_IMPULSE, 30, 0.7, false",
        "SEQUENTIAL_IMPULSE, 30, 0.5, true", "SEQUENTIAL_IMPULSE, 10, 0.0, true", "SEQUENTIAL_IMPULSE, 40, 0.9, false"})
    void aBoxStaysWhenTanThetaIsBelowMuAndSlidesAbove(WorldSettings.Solver solver, double degrees, double mu, boolean slides) {
        double theta = Math.toRadians(degrees);
        assertEquals(slides, Math.tan(theta) > mu, "the case is labelled by tan θ vs μ");
        World world = slopeWorld(theta, mu, solver);
        Vector3d n = new Vector3d(-Math.sin(theta), Math.cos(theta), 0);
        RigidBody box = world.addBody(RigidBody.dynamic(new Box(0.5, 0.25, 0.5)).mass(1).friction(mu)
                .orientation(new Quaterniond().rotateZ(theta)).position(new Vector3d(n).mul(0.25)));
        Vector3d p0 = new Vector3d(box.position());
        for (int i = 0; i < 120; i++) {
            world.step(DT);
        }
        double travelled = downSlope(box, p0, theta);
        if (slides) {
            // Kinetic friction: a = g(sin θ − μ cos θ); after 2 s, ½at².
            double a = 9.81 * (Math.sin(theta) - mu * Math.cos(theta));
            double expected = 0.5 * a * 4;
            assertEquals(expected, travelled, 0.1 * expected + 0.02, "slides as Coulomb friction says");
        } else {
            assertTrue(Math.abs(travelled) < 0.01, "stays put, travelled " + travelled);
        }
    }

    @ParameterizedTest(name = "{0}: sphere on a 20° slope with μ = {1}")
    @CsvSource({"SEQUENTIAL_IMPULSE, 0.9", "SEQUENTIAL_IMPULSE, 0.0"})
    void aSphereRollsWithoutSlipAtHighMuAndSlidesAtZero(WorldSettings.Solver solver, double mu) {
        double theta = Math.toRadians(20);
        double r = 0.5;
        World world = slopeWorld(theta, mu, solver);
        Vector3d n = new Vector3d(-Math.sin(theta), Math.cos(theta), 0);
        RigidBody ball = world.addBody(RigidBody.dynamic(new Sphere(r)).mass(1).friction(mu)
                .position(new Vector3d(n).mul(r)));
        Vector3d p0 = new Vector3d(ball.position());
        double seconds = 2;
        for (int i = 0; i < seconds * 60; i++) {
            world.step(DT);
        }
        double travelled = downSlope(ball, p0, theta);
        double speed = ball.velocity().length();
        double spin = ball.angularVelocity().length();
        if (mu > 0) {
            // Rolling: a = 5/7 g sin θ and v = ω r (no slip at the contact point).
            double expected = 0.5 * (5.0 / 7.0) * 9.81 * Math.sin(theta) * seconds * seconds;
            assertEquals(expected, travelled, 0.05 * expected);
            assertEquals(speed, spin * r, 0.02 * speed, "no slip: v = ω·r");
        } else {
            double expected = 0.5 * 9.81 * Math.sin(theta) * seconds * seconds;
            assertEquals(expected, travelled, 0.05 * expected);
            assertTrue(spin < 1e-6, "no friction, no spin: " + spin);
        }
    }

    /**
     * A capsule lying across a 20° slope (μ = 0.9) rolls about its axis without slipping:
     * {@code a = g·sin θ / (1 + I/(m·r²))}, I its inertia about the axis (cylinder {@code m_c·r²/2}
     * plus the two caps, a sphere, {@code 2/5·m_s·r²}, the masses split by volume).
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = WorldSettings.Solver.class, names = "SEQUENTIAL_IMPULSE")
    void aCapsuleAcrossTheSlopeRollsWithoutSlip(WorldSettings.Solver solver) {
        double theta = Math.toRadians(20);
        double r = 0.3, half = 0.5, m = 2;
        World world = slopeWorld(theta, 0.9, solver);
        Vector3d n = new Vector3d(-Math.sin(theta), Math.cos(theta), 0);
        // The capsule's axis (its local y) along z, across the slope.
        RigidBody capsule = world.addBody(RigidBody.dynamic(new Capsule(r, half)).mass(m).friction(0.9)
                .orientation(new Quaterniond().rotateX(Math.PI / 2)).position(new Vector3d(n).mul(r)));
        Vector3d p0 = new Vector3d(capsule.position());
        double seconds = 2;
        for (int i = 0; i < seconds * 60; i++) {
            world.step(DT);
        }
        double cylinder = Math.PI * r * r * 2 * half, caps = 4.0 / 3.0 * Math.PI * r * r * r;
        double mc = m * cylinder / (cylinder + caps), ms = m - mc;
        double inertia = mc * r * r / 2 + 0.4 * ms * r * r;
        double a = 9.81 * Math.sin(theta) / (1 + inertia / (m * r * r));
        double expected = 0.5 * a * seconds * seconds;
        assertEquals(expected, downSlope(capsule, p0, theta), 0.05 * expected, "rolls as a = g·sin θ / (1 + I/(m·r²))");
        double speed = capsule.velocity().length();
        assertEquals(speed, capsule.angularVelocity().length() * r, 0.02 * speed, "no slip: v = ω·r");
    }
}
