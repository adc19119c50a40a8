package dev.tumble.core.solve.impulse;

import static dev.tumble.core.solve.impulse.SoftStepWorlds.angularMomentum;
import static dev.tumble.core.solve.impulse.SoftStepWorlds.steps;
import static dev.tumble.core.solve.impulse.SoftStepWorlds.undamped;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.world.World;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Torque-free rotation under the sequential-impulse solver, which integrates angular velocity with an
 * implicit gyroscopic term: a 1 kg box of half-extents 0.1 × 0.3 × 0.5 m, so three distinct
 * principal moments {@code I = m/3·(b² + c²)}: 0.1133 (body x, the major axis), 0.0867 (body y,
 * intermediate) and 0.0333 kg·m² (body z, minor). No gravity, no ground, 10 s at 1/60 s. The box
 * starts turned (so body and world axes differ and a gyroscopic term applied in the wrong frame
 * shows) and spinning at 5 rad/s about one principal axis with a perturbation on another.
 *
 * <p>Checked against Euler's equations {@code I·ω̇ = (I·ω) × ω} (body axes), integrated in the test
 * with fourth-order Runge–Kutta at 10 µs: the intermediate axis is unstable (the Dzhanibekov
 * effect) and the box flips at the oracle's rate within 3 %; the world angular momentum
 * {@code |L| = |R·I·Rᵀ·ω|} stays within 0.1 % (the spec's tolerance) on every step.
 */
class SoftStepGyroscopicTest {
    static final double DT = 1 / 60.0;
    static final double SECONDS = 10;
    static final double MASS = 1;
    static final double HX = 0.1, HY = 0.3, HZ = 0.5;
    /** Principal moments, kg·m², body x, y, z. */
    static final double I1 = MASS / 3 * (HY * HY + HZ * HZ);
    static final double I2 = MASS / 3 * (HX * HX + HZ * HZ);
    static final double I3 = MASS / 3 * (HX * HX + HY * HY);
    /** Spin rate, rad/s. */
    static final double SPIN = 5;
    /** |L| tolerance, relative (the spec's). */
    static final double L_TOLERANCE = 1e-3;
    /**
     * Flip-period tolerance, relative. The period of a near-separatrix spin depends on how far the
     * spin is from the separatrix, {@code L² − 2·E·I2}, which any drift of |L| or energy moves: for
     * the orbit of {@link #theIntermediateAxisFlipsAtTheRateEulersEquationsGive} (20 % perturbation),
     * 0.1 % less |L| at the same energy lengthens the period by 2.6 %, 0.1 % less energy shortens it
     * by 2.2 % (computed with the oracle). 3 % lets through what the |L| tolerance allows and no
     * more; a solver without a gyroscopic term never flips, and one with the term in the wrong
     * frame or of the wrong size flips at another rate.
     */
    static final double PERIOD_TOLERANCE = 0.03;
    /** The starting orientation. */
    static final Quaterniond Q0 = new Quaterniond().rotateXYZ(0.3, -0.8, 1.2);

    /** Body-space inertia tensor from the box's dimensions (not from the engine). */
    static Matrix3d inertia() {
        return new Matrix3d().scaling(I1, I2, I3);
    }

    /** The box, turned by {@link #Q0}, spinning at {@code omegaBody} (body axes, rad/s), undamped. */
    static RigidBody box(World world, Vector3d omegaBody) {
        Vector3d omegaWorld = Q0.transform(new Vector3d(omegaBody));
        RigidBody b = world.addBody(undamped(RigidBody.dynamic(new Box(HX, HY, HZ)).mass(MASS).position(0, 0, 0)
                .orientation(Q0).angularVelocity(omegaWorld)));
        // The test's inertia is the engine's: the |L| check measures the integration, not mass properties.
        Matrix3d engineInverse = b.getInverseInertiaTensor(new Matrix3d());
        assertEquals(1 / I1, engineInverse.m00, 1e-9 / I1, "engine's box inertia, x");
        assertEquals(1 / I2, engineInverse.m11, 1e-9 / I2, "engine's box inertia, y");
        assertEquals(1 / I3, engineInverse.m22, 1e-9 / I3, "engine's box inertia, z");
        return b;
    }

    /** A run's record: per step the time, body-axis angular velocity and |L| relative to the start. */
    record Spin(double[] t, Vector3d[] omegaBody, double worstL, int worstLStep) {
    }

    static Spin spin(Vector3d omegaBody) {
        World world = SoftStepWorlds.softWorld(0, 0, 0);
        RigidBody box = box(world, omegaBody);
        Matrix3d inertia = inertia();
        double l0 = angularMomentum(box, inertia).length();
        int n = steps(SECONDS, DT);
        double[] t = new double[n + 1];
        Vector3d[] w = new Vector3d[n + 1];
        w[0] = bodyOmega(box);
        double worst = 0;
        int worstStep = 0;
        for (int i = 1; i <= n; i++) {
            world.step(DT);
            t[i] = i * DT;
            w[i] = bodyOmega(box);
            double dl = Math.abs(angularMomentum(box, inertia).length() / l0 - 1);
            if (dl > worst) {
                worst = dl;
                worstStep = i;
            }
        }
        return new Spin(t, w, worst, worstStep);
    }

    /** The body's angular velocity in its own axes, rad/s. */
    static Vector3d bodyOmega(RigidBody b) {
        return b.orientation().transformInverse(new Vector3d(b.angularVelocity()));
    }

    static void assertKeepsL(Spin s, String what) {
        assertTrue(s.worstL() <= L_TOLERANCE, what + ": |L| changed by " + String.format("%.4f", 100 * s.worstL())
                + " % at step " + s.worstLStep() + " (t = " + s.worstLStep() * DT + " s), allowed 0.1 %");
    }

    /**
     * Spun about its major axis (body x) with a 1 % perturbation about the intermediate axis: a
     * stable spin that nutates; |L| stays within 0.1 % on every step for 10 s.
     */
    @Test
    void aBoxSpunAboutItsMajorAxisKeepsItsAngularMomentum() {
        Spin s = spin(new Vector3d(SPIN, 0.01 * SPIN, 0));
        assertKeepsL(s, "major axis");
    }

    /**
     * A cube's inertia is the same about every axis, so {@code L = I·ω} turns with ω and there is no
     * gyroscopic torque: spun about a skew axis with no gravity, its angular velocity stays what it
     * was, to rounding, for 10 s, and it turns about that fixed axis by {@code |ω|·t} (within the
     * quaternion update's third-order error per substep, about 5e-4 rad over 10 s at 5 rad/s).
     */
    @Test
    void aCubeSpunAboutAnyAxisKeepsItsAngularVelocity() {
        World world = SoftStepWorlds.softWorld(0, 0, 0);
        Vector3d w0 = new Vector3d(3, -2, 3.4641016151377544); // |ω| = 5 rad/s
        RigidBody cube = world.addBody(undamped(RigidBody.dynamic(new Box(0.4, 0.4, 0.4)).mass(2).orientation(new Quaterniond(Q0))
                .angularVelocity(new Vector3d(w0))));
        int n = steps(SECONDS, DT);
        for (int i = 0; i < n; i++) {
            world.step(DT);
            assertEquals(0, new Vector3d(cube.angularVelocity()).sub(w0).length(), 1e-12 * w0.length(), "step " + i + ": ω " + cube.angularVelocity());
        }
        double t = n * DT;
        Quaterniond expected = new Quaterniond().rotateAxis(w0.length() * t, new Vector3d(w0).normalize()).mul(Q0);
        Quaterniond q = new Quaterniond(cube.orientation());
        double angle = 2 * Math.acos(Math.min(1, Math.abs(q.dot(expected))));
        assertTrue(angle < 1e-3, "turned " + angle + " rad away from the turn about its fixed axis");
    }

    /**
     * Spun about its intermediate axis (body y) with a 1 % perturbation about the major axis: the
     * spin is unstable and the box flips over (the Dzhanibekov effect), its body-axis ω_y going
     * from +5 rad/s to below −4.5 rad/s (the oracle: first flip at 1.84 s, three in 10 s, each to
     * −5.00 rad/s); a solver without the gyroscopic term keeps ω fixed in the world, so in the
     * body too, and never flips. |L| stays within 0.1 % on every step for 10 s.
     */
    @Test
    void aBoxSpunAboutItsIntermediateAxisFlipsAndKeepsItsAngularMomentum() {
        Vector3d w0 = new Vector3d(0.01 * SPIN, SPIN, 0);
        Spin s = spin(w0);
        double lowest = Double.POSITIVE_INFINITY;
        double at = 0;
        for (int i = 0; i < s.t().length; i++) {
            if (s.omegaBody()[i].y < lowest) {
                lowest = s.omegaBody()[i].y;
                at = s.t()[i];
            }
        }
        List<Double> oracle = Euler.crossings(w0, SECONDS);
        assertTrue(lowest < -0.9 * SPIN, "intermediate axis: the box never flipped, its body ω_y went no lower than "
                + lowest + " rad/s (at " + at + " s) from " + SPIN + "; Euler's equations flip it at " + oracle + " s");
        assertKeepsL(s, "intermediate axis, 1 % perturbation");
    }

    /**
     * Spun about its intermediate axis with a 20 % perturbation about the major axis (a spin far
     * enough from the separatrix that its period is a robust figure: see
     * {@link #PERIOD_TOLERANCE}), the box flips every 1.71 s (Euler's equations); the mean time
     * between flips (sign changes of the body's ω_y) is that within 3 %, and |L| stays within 0.1 %.
     */
    @Test
    void theIntermediateAxisFlipsAtTheRateEulersEquationsGive() {
        Vector3d w0 = new Vector3d(0.2 * SPIN, SPIN, 0);
        Spin s = spin(w0);
        List<Double> flips = new ArrayList<>();
        for (int i = 1; i < s.t().length; i++) {
            double a = s.omegaBody()[i - 1].y, b = s.omegaBody()[i].y;
            if ((a < 0) != (b < 0) && a != b) {
                flips.add(s.t()[i - 1] + (s.t()[i] - s.t()[i - 1]) * a / (a - b));
            }
        }
        List<Double> oracle = Euler.crossings(w0, SECONDS);
        double expected = meanSpacing(oracle);
        assertTrue(flips.size() >= 2, "the box flipped " + flips.size() + " times in " + SECONDS + " s (at " + flips
                + " s); Euler's equations flip it " + oracle.size() + " times, at " + oracle + " s");
        double measured = meanSpacing(flips);
        double error = measured / expected - 1;
        assertTrue(Math.abs(error) <= PERIOD_TOLERANCE, "time between flips " + measured + " s, Euler's equations "
                + expected + " s (" + String.format("%+.2f", 100 * error) + " %, allowed ±3 %); flips at " + flips
                + " s, oracle at " + oracle + " s");
        assertKeepsL(s, "intermediate axis, 20 % perturbation");
    }

    static double meanSpacing(List<Double> times) {
        return (times.get(times.size() - 1) - times.get(0)) / (times.size() - 1);
    }

    /** The oracle: Euler's torque-free equations in body axes, RK4 at 10 µs. */
    static final class Euler {
        static final double H = 1e-5;

        private Euler() {
        }

        /** ω̇ in body axes for body angular velocity (x, y, z). */
        static void derivative(double x, double y, double z, double[] out) {
            out[0] = (I2 - I3) * y * z / I1;
            out[1] = (I3 - I1) * z * x / I2;
            out[2] = (I1 - I2) * x * y / I3;
        }

        /** Times (s, up to {@code seconds}) at which the body's ω_y changes sign, starting from {@code w0}. */
        static List<Double> crossings(Vector3d w0, double seconds) {
            double[] w = {w0.x, w0.y, w0.z};
            double[] k1 = new double[3], k2 = new double[3], k3 = new double[3], k4 = new double[3];
            List<Double> out = new ArrayList<>();
            long n = Math.round(seconds / H);
            for (long i = 0; i < n; i++) {
                derivative(w[0], w[1], w[2], k1);
                derivative(w[0] + 0.5 * H * k1[0], w[1] + 0.5 * H * k1[1], w[2] + 0.5 * H * k1[2], k2);
                derivative(w[0] + 0.5 * H * k2[0], w[1] + 0.5 * H * k2[1], w[2] + 0.5 * H * k2[2], k3);
                derivative(w[0] + H * k3[0], w[1] + H * k3[1], w[2] + H * k3[2], k4);
                double y0 = w[1];
                for (int c = 0; c < 3; c++) {
                    w[c] += H / 6 * (k1[c] + 2 * k2[c] + 2 * k3[c] + k4[c]);
                }
                if ((y0 < 0) != (w[1] < 0) && y0 != w[1]) {
                    out.add((i + y0 / (y0 - w[1])) * H);
                }
            }
            return out;
        }
    }
}
