package dev.tumble.core.solve.impulse;

/**
 * A soft constraint's three coefficients for one substep, from a stiffness and a damping ratio
 * (Catto, "Solver2D: soft step", 2024; Box2D v3's {@code b2Softness}).
 *
 * <p>A constraint {@code C(x) = 0} held by a spring of natural frequency {@code ω = 2π·hertz} and
 * damping ratio {@code ζ}, integrated implicitly over a substep {@code h}, turns the rigid impulse
 * {@code λ = −m·(Ċ)} into {@code λ = −massScale·m·(Ċ + biasRate·C) − impulseScale·λ_acc} with
 * <pre>
 *   a1 = 2ζ + hω,  a2 = hω·a1,  a3 = 1 / (1 + a2)
 *   biasRate = ω / a1,  massScale = a2·a3,  impulseScale = a3
 * </pre>
 * where {@code m} is the constraint's effective mass and {@code λ_acc} the impulse accumulated
 * so far. A stiff spring ({@code hω → ∞}) gives back the rigid constraint with full Baumgarte
 * feedback; a soft one lets the error decay at the spring's rate whatever the mass ratio, which
 * is what keeps the solve stable without a tuned Baumgarte factor.
 */
final class Softness {
    /** Feedback from position error to velocity, 1/s. */
    double biasRate;
    /** Share of the rigid impulse applied (dimensionless, in [0, 1)). */
    double massScale;
    /** Share of the accumulated impulse taken back each solve (dimensionless, in (0, 1]). */
    double impulseScale;

    /** Sets the coefficients for a spring of {@code hertz} (Hz) and {@code dampingRatio} over {@code h} (s). */
    Softness set(double hertz, double dampingRatio, double h) {
        if (hertz == 0) {
            biasRate = 0;
            massScale = 1;
            impulseScale = 0;
            return this;
        }
        double omega = 2 * Math.PI * hertz;
        double a1 = 2 * dampingRatio + h * omega;
        double a2 = h * omega * a1;
        double a3 = 1 / (1 + a2);
        biasRate = omega / a1;
        massScale = a2 * a3;
        impulseScale = a3;
        return this;
    }
}
