package dev.tumble.core.force;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.BodyAccess;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Free fall against two analytic results: the exact semi-implicit Euler sequence
 * {@code y_n = y0 + g·dt²·n(n+1)/2}, and the continuous {@code y0 + ½gt²}, from which the
 * integrator departs by exactly {@code ½·g·t·dt}: first order, halving with dt.
 */
class FreeFallTest {
    private static final BodyAccess BODY = BodyAccess.get();

    private static final double G = -9.81;
    private static final double Y0 = 100;
    private static final double T = 2;

    /** Falls for T seconds at step dt, using the Gravity generator or the body's acceleration. */
    private static RigidBody fall(double dt, boolean useGenerator) {
        RigidBody body = RigidBody.dynamic().mass(2.5).position(0, Y0, 0).damping(1, 1).canSleep(false);
        ForceRegistry registry = new ForceRegistry();
        if (useGenerator) {
            registry.add(body, new Gravity(0, G, 0));
        } else {
            body.acceleration(0, G, 0);
        }
        long n = Math.round(T / dt);
        for (long i = 0; i < n; i++) {
            registry.updateForces(dt);
            BODY.integrate(body, dt);
        }
        return body;
    }

    @ParameterizedTest(name = "dt = 1/{0}, generator = {1}")
    @CsvSource({"60, true", "120, true", "240, true", "60, false", "120, false", "240, false"})
    void matchesTheSemiImplicitEulerSequence(int stepsPerSecond, boolean useGenerator) {
        double dt = 1.0 / stepsPerSecond;
        RigidBody body = fall(dt, useGenerator);
        long n = Math.round(T / dt);
        double v = G * dt * n;
        double y = Y0 + G * dt * dt * n * (n + 1) / 2.0;
        assertEquals(v, body.velocity().y(), 1e-11, "v_n = n·g·dt");
        assertEquals(y, body.position().y(), 1e-10, "y_n = y0 + g·dt²·n(n+1)/2");
        assertEquals(0, body.position().x(), 0);
        assertEquals(0, body.position().z(), 0);
    }

    @ParameterizedTest(name = "generator = {0}")
    @CsvSource({"true", "false"})
    void errorAgainstTheContinuousSolutionIsFirstOrder(boolean useGenerator) {
        double[] dts = {1.0 / 60, 1.0 / 120, 1.0 / 240};
        double[] errors = new double[dts.length];
        for (int i = 0; i < dts.length; i++) {
            RigidBody body = fall(dts[i], useGenerator);
            double exact = Y0 + 0.5 * G * T * T;
            errors[i] = body.position().y() - exact;
            // Semi-implicit Euler leads the exact fall by ½|g|·t·dt (it uses the end-of-step velocity).
            double bound = 0.5 * Math.abs(G) * T * dts[i];
            assertEquals(-bound, errors[i], 1e-10, "error at dt = " + dts[i]);
            assertEquals(G * T, body.velocity().y(), 1e-11, "velocity is exact at every step size");
        }
        for (int i = 1; i < dts.length; i++) {
            double ratio = errors[i - 1] / errors[i];
            assertTrue(Math.abs(ratio - 2) < 1e-6, "halving dt halves the error, ratio " + ratio);
        }
    }
}
