package dev.tumble.core.contact;

/**
 * The intermediate quantities of one impulse or position-change calculation, recorded when a
 * {@code ContactDiagnostics} is passed to {@link Contact#applyVelocityChange} or
 * {@link Contact#applyPositionChange}. Meant for tests, debugging views and teaching: the names
 * follow Millington's book (ch. 14) and Cyclone. Passing {@code null} (the resolvers do) records
 * nothing and costs nothing.
 *
 * <p>All matrices are row-major 3×3. Contact-space vectors are (normal, tangent 0, tangent 1).
 */
public final class ContactDiagnostics {
    // ---------------------------------------------------------------- impulse

    /** {@code true} when the frictionless formula was used ({@code friction == 0}). */
    public boolean frictionless;
    /** Frictionless: velocity change along the normal per unit normal impulse, in m/(s·N·s). */
    public double deltaVelocityPerUnitImpulse;
    /** Friction: {@code −Σ [r]×·I⁻¹·[r]×} in world space (the angular part), in 1/kg. */
    public final double[] deltaVelocityWorldAngularPart = new double[9];
    /** Friction: {@code Σ m⁻¹}, in 1/kg. */
    public double totalInverseMass;
    /** Friction: velocity per unit impulse in contact space, inverse masses included, in 1/kg. */
    public final double[] deltaVelocityContact = new double[9];
    /** Friction: the inverse of {@link #deltaVelocityContact} (impulse per unit velocity), in kg. */
    public final double[] impulseMatrix = new double[9];
    /** Friction: the contact-space velocity to remove (desired Δv, −v_t0, −v_t1), in m/s. */
    public final double[] velKill = new double[3];
    /** Friction: the impulse before the dynamic-friction clamp, contact space, in N·s. */
    public final double[] unclampedImpulseContact = new double[3];
    /** Friction: the magnitude of the unclamped tangential impulse, in N·s. */
    public double planarImpulse;
    /** Friction: whether static friction was exceeded and the impulse clamped to the cone. */
    public boolean dynamicFrictionClampApplied;
    /** The impulse in contact space (N·s), acting +J on body 0. */
    public final double[] impulseContact = new double[3];
    /** The impulse in world space (N·s), acting +J on body 0. */
    public final double[] impulseWorld = new double[3];

    // ---------------------------------------------------------------- position change

    /** Per body: inverse inertia along the normal from rotation only, {@code ((I⁻¹(r×n))×r)·n}, 1/kg. */
    public final double[] angularInertia = new double[2];
    /** Per body: the inverse mass, 1/kg. */
    public final double[] linearInertia = new double[2];
    /** Sum of linear and angular inertia of both bodies, 1/kg. */
    public double totalInertia;
    /** Per body: the share of the penetration removed by rotation (m, signed as Cyclone). */
    public final double[] angularMove = new double[2];
    /** Per body: the share of the penetration removed by translation (m, signed as Cyclone). */
    public final double[] linearMove = new double[2];
    /** Per body: the angular-move limit {@code angularLimit · |r projected on the contact plane|}, m. */
    public final double[] maxAngularMagnitude = new double[2];
    /** Per body: whether the angular move was limited (the excess moved to the linear move). */
    public final boolean[] angularLimitClampApplied = new boolean[2];

    /** Resets every field to zero / false. */
    public void clear() {
        frictionless = false;
        deltaVelocityPerUnitImpulse = 0;
        java.util.Arrays.fill(deltaVelocityWorldAngularPart, 0);
        totalInverseMass = 0;
        java.util.Arrays.fill(deltaVelocityContact, 0);
        java.util.Arrays.fill(impulseMatrix, 0);
        java.util.Arrays.fill(velKill, 0);
        java.util.Arrays.fill(unclampedImpulseContact, 0);
        planarImpulse = 0;
        dynamicFrictionClampApplied = false;
        java.util.Arrays.fill(impulseContact, 0);
        java.util.Arrays.fill(impulseWorld, 0);
        java.util.Arrays.fill(angularInertia, 0);
        java.util.Arrays.fill(linearInertia, 0);
        totalInertia = 0;
        java.util.Arrays.fill(angularMove, 0);
        java.util.Arrays.fill(linearMove, 0);
        java.util.Arrays.fill(maxAngularMagnitude, 0);
        java.util.Arrays.fill(angularLimitClampApplied, false);
    }
}
