package dev.tumble.core.solve.impulse;

import static dev.tumble.core.solve.impulse.SoftStepWorlds.G;
import static dev.tumble.core.solve.impulse.SoftStepWorlds.steps;
import static dev.tumble.core.solve.impulse.SoftStepWorlds.undamped;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.joint.BallJoint;
import dev.tumble.core.joint.DistanceJoint;
import dev.tumble.core.joint.HingeJoint;
import dev.tumble.core.world.World;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Undamped pendulums under the sequential-impulse solver: a 1 kg sphere bob (radius 5 cm) whose centre
 * hangs 1 m below a pivot, released from rest at 5° in the x–y plane, gravity (0, −9.81, 0), no
 * ground, 10 s. Three ways of hanging it, each over the step sizes 1/120, 1/60 and 1/30 s:
 *
 * <ul>
 *   <li>a {@link BallJoint} pinning the bob to the world at the pivot (the joint's anchor is the
 *       pivot, 1 m from the bob's centre, so the bob turns with the swing: a physical pendulum);
 *   <li>a {@link HingeJoint} with axis z through the pivot (the same physical pendulum);
 *   <li>a {@link DistanceJoint} rod of length 1 from the bob's centre to the pivot (the bob's own
 *       turn is not coupled to the swing: a simple pendulum).
 * </ul>
 *
 * <p>Checked: the amplitude (the largest swing angle over the last period against that over the
 * first) stays within 2 %, and the period, measured from the zero crossings, is the pendulum's
 * within 1 %. Both tolerances are the spec's.
 */
class SoftStepPendulumTest {
    /** Pendulum length, pivot to bob centre, m. */
    static final double L = 1.0;
    /** Bob radius, m, and mass, kg. */
    static final double R = 0.05;
    static final double M = 1.0;
    /** Release angle, rad. */
    static final double THETA0 = Math.toRadians(5);
    /** Simulated time, s. */
    static final double SECONDS = 10;
    static final Vector3d PIVOT = new Vector3d(0, 2, 0);

    /** How the bob is hung. */
    enum Hanging {
        BALL_JOINT, HINGE, ROD
    }

    /** A swing, sampled once per step: times and angles (rad, from the downward vertical, + towards +x). */
    record Swing(double dt, double[] t, double[] theta) {
    }

    /**
     * A ball-jointed pendulum keeps its amplitude within 2 % over 10 s and swings with the
     * physical pendulum's period within 1 %.
     */
    @ParameterizedTest(name = "dt = 1/{0} s")
    @ValueSource(ints = {120, 60, 30})
    void aBallJointPendulumKeepsItsAmplitudeAndPeriod(int stepsPerSecond) {
        check(Hanging.BALL_JOINT, 1.0 / stepsPerSecond);
    }

    /** The same with a hinge about z through the pivot. */
    @ParameterizedTest(name = "dt = 1/{0} s")
    @ValueSource(ints = {120, 60, 30})
    void aHingePendulumKeepsItsAmplitudeAndPeriod(int stepsPerSecond) {
        check(Hanging.HINGE, 1.0 / stepsPerSecond);
    }

    /** The same with a 1 m rod from the bob's centre: a simple pendulum. */
    @ParameterizedTest(name = "dt = 1/{0} s")
    @ValueSource(ints = {120, 60, 30})
    void aRodPendulumKeepsItsAmplitudeAndPeriod(int stepsPerSecond) {
        check(Hanging.ROD, 1.0 / stepsPerSecond);
    }

    /**
     * The pendulum's period, s. Ball joint and hinge: the bob is rigid with the swing, a physical
     * pendulum, {@code 2π·√(I_pivot/(m·g·L))} with {@code I_pivot = m·L² + (2/5)·m·r²} (the sphere's
     * own inertia lengthens the period by 0.05 %). Rod: the rod holds the bob's centre, which does
     * not turn the bob, so {@code I_pivot = m·L²}, {@code 2π·√(L/g)}. Both times the finite-amplitude
     * factor {@code 1 + θ0²/16 + 11·θ0⁴/3072} (+0.048 % at 5°).
     */
    static double expectedPeriod(Hanging hanging) {
        double iPivot = M * L * L + (hanging == Hanging.ROD ? 0 : 0.4 * M * R * R);
        double small = 2 * Math.PI * Math.sqrt(iPivot / (M * G * L));
        return small * (1 + THETA0 * THETA0 / 16 + 11 * Math.pow(THETA0, 4) / 3072);
    }

    static void check(Hanging hanging, double dt) {
        Swing swing = swing(hanging, dt);
        double period = expectedPeriod(hanging);
        String what = hanging + " at dt = " + dt + " s";

        // Amplitude: largest |θ| over the first period (from the release) and over the last one.
        double first = maxAbsAngle(swing, 0, period);
        double last = maxAbsAngle(swing, SECONDS - period, SECONDS);
        double ratio = last / first;
        assertTrue(Math.abs(ratio - 1) <= 0.02, what + ": amplitude went from " + Math.toDegrees(first) + "° to "
                + Math.toDegrees(last) + "° (ratio " + ratio + ", allowed 0.98–1.02)");

        // Period: zero crossings of θ come every half period.
        List<Double> crossings = zeroCrossings(swing);
        assertTrue(crossings.size() >= 3, what + ": only " + crossings.size() + " zero crossings in " + SECONDS
                + " s (a " + period + " s pendulum crosses about " + (int) (2 * SECONDS / period) + " times)");
        double measured = 2 * (crossings.get(crossings.size() - 1) - crossings.get(0)) / (crossings.size() - 1);
        double error = measured / period - 1;
        assertTrue(Math.abs(error) <= 0.01, what + ": period " + measured + " s, expected " + period + " s ("
                + String.format("%+.3f", 100 * error) + " %, allowed ±1 %)");
    }

    /** Builds the pendulum, runs it 10 s and records its swing angle after every step. */
    static Swing swing(Hanging hanging, double dt) {
        World world = SoftStepWorlds.softWorld(0, -G, 0);
        Vector3d bobCentre = new Vector3d(Math.sin(THETA0), -Math.cos(THETA0), 0).mul(L).add(PIVOT);
        RigidBody bob = world.addBody(undamped(RigidBody.dynamic(new Sphere(R)).mass(M).position(bobCentre)));
        switch (hanging) {
            case BALL_JOINT -> world.addJoint(new BallJoint(bob, null, PIVOT));
            case HINGE -> world.addJoint(new HingeJoint(bob, null, PIVOT, new Vector3d(0, 0, 1)));
            case ROD -> world.addJoint(new DistanceJoint(DistanceJoint.Kind.ROD, bob, bobCentre, null, PIVOT, L));
        }
        int n = steps(SECONDS, dt);
        double[] t = new double[n + 1];
        double[] theta = new double[n + 1];
        theta[0] = angle(bob);
        for (int i = 1; i <= n; i++) {
            world.step(dt);
            t[i] = i * dt;
            theta[i] = angle(bob);
        }
        return new Swing(dt, t, theta);
    }

    /** The bob centre's angle from the downward vertical through the pivot, rad (+ towards +x). */
    static double angle(RigidBody bob) {
        return Math.atan2(bob.position().x() - PIVOT.x, PIVOT.y - bob.position().y());
    }

    /**
     * The largest |θ| with its time in [from, to]: each sampled local maximum of |θ| refined by a
     * parabola through it and its two neighbours (so the sampling does not shave the peaks: at
     * 1/30 s the samples alone can miss a peak by 0.14 %), and the samples at the window's ends.
     */
    static double maxAbsAngle(Swing s, double from, double to) {
        double best = 0;
        int n = s.t().length;
        for (int i = 0; i < n; i++) {
            double ti = s.t()[i];
            if (ti < from - 1e-12 || ti > to + 1e-12) {
                continue;
            }
            double a = Math.abs(s.theta()[i]);
            if (i > 0 && i < n - 1) {
                double a0 = Math.abs(s.theta()[i - 1]), a2 = Math.abs(s.theta()[i + 1]);
                double curvature = a0 - 2 * a + a2;
                if (a >= a0 && a >= a2 && curvature < 0) {
                    double shift = 0.5 * (a0 - a2) / curvature; // vertex offset in steps, in [−½, ½]
                    a = a - 0.25 * (a0 - a2) * shift;
                }
            }
            best = Math.max(best, a);
        }
        return best;
    }

    /** Times (s) at which θ changes sign, linearly interpolated between samples. */
    static List<Double> zeroCrossings(Swing s) {
        List<Double> out = new ArrayList<>();
        double[] t = s.t(), th = s.theta();
        for (int i = 1; i < t.length; i++) {
            if ((th[i - 1] < 0) != (th[i] < 0) && th[i - 1] != th[i]) {
                out.add(t[i - 1] + (t[i] - t[i - 1]) * th[i - 1] / (th[i - 1] - th[i]));
            }
        }
        return out;
    }
}
