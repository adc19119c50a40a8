package dev.tumble.core.body;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.joml.Matrix3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Damping is {@code v·pow(d, dt)} per step, so one second of steps keeps exactly the fraction d. */
class DampingTest {

    @ParameterizedTest(name = "d = ({0}, {1}), {2} steps per second")
    @CsvSource({"0.95, 0.95, 60", "0.7, 0.4, 60", "0.7, 0.4, 240", "0.5, 0.9, 7", "1, 1, 60", "0.01, 0.2, 100"})
    void oneSecondOfStepsKeepsTheFractionD(double linear, double angular, int steps) {
        double dt = 1.0 / steps;
        RigidBody body = RigidBody.dynamic().mass(3).inertiaTensor(new Matrix3d().scaling(1, 2, 3))
                .velocity(3, -2, 1).angularVelocity(1, 0, 0).damping(linear, angular).canSleep(false);
        for (int i = 0; i < steps; i++) {
            body.integrate(dt);
        }
        double tol = 1e-13;
        assertEquals(3 * linear, body.velocity().x(), tol * 3);
        assertEquals(-2 * linear, body.velocity().y(), tol * 2);
        assertEquals(1 * linear, body.velocity().z(), tol);
        // Spin about a principal axis (identity orientation, x): no other component appears.
        assertEquals(angular, body.angularVelocity().x(), tol);
        assertEquals(0, body.angularVelocity().y(), 0);
        assertEquals(0, body.angularVelocity().z(), 0);
    }

    @ParameterizedTest(name = "d = {0} over {1} s")
    @CsvSource({"0.8, 2.5", "0.95, 4"})
    void longerRunsFollowPowDT(double d, double seconds) {
        double dt = 1.0 / 120;
        RigidBody body = RigidBody.dynamic().velocity(2, 0, 0).damping(d, d).canSleep(false);
        int n = (int) Math.round(seconds / dt);
        for (int i = 0; i < n; i++) {
            body.integrate(dt);
        }
        assertEquals(2 * StrictMath.pow(d, seconds), body.velocity().x(), 1e-12);
    }
}
