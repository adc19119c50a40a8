package dev.tumble.core.contact;

/**
 * Working arrays of one impulse calculation of Millington's resolver
 * ({@link Contact#applyVelocityChange(double[], double[], ContactDiagnostics, boolean, ImpulseScratch)}):
 * the velocity change per unit impulse, its inverse, the impulse and the world-space angular
 * part. They live only for the length of one call, so one scratch serves every contact a resolver
 * fixes (one per resolver, never shared between threads) instead of each contact carrying its own.
 */
public final class ImpulseScratch {
    /** The last impulse's velocity change per unit impulse K (contact coordinates, row-major). */
    final double[] unitImpulse = new double[9];
    /** Its inverse as the friction impulse used it (Cyclone's {@code setInverse}). */
    final double[] impulsePerVelocity = new double[9];
    /** Whether the last impulse was the frictionless one (only K[0] is set). */
    boolean unitImpulseFrictionless;
    /** The friction impulse, contact coordinates (N·s). */
    final double[] impulse = new double[3];
    /** −Σ[r]×·I⁻¹·[r]× of the last friction impulse, world coordinates, row-major. */
    final double[] deltaVelocityWorld = new double[9];

    /** Empty scratch. */
    public ImpulseScratch() {
    }
}
