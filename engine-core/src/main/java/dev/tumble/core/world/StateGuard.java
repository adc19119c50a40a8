package dev.tumble.core.world;

import dev.tumble.core.body.BodyRegistry;
import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.event.BodyEvent;
import dev.tumble.core.event.EventBuffer;
import dev.tumble.core.internal.BodyAccess;
import org.joml.Vector3d;

/**
 * The step's safety nets: speed limits before integration, and quarantine of any body whose
 * state turns non-finite.
 *
 * <p>At the start of a step every dynamic body's state is saved (13 doubles). After integration
 * and after solving, a body with a NaN or infinite position, orientation or velocity is put back
 * to that saved state, {@linkplain RigidBody#quarantine() quarantined} (frozen, colliding with
 * nothing) and reported as {@link BodyEvent.Type#NON_FINITE}. Checking right after integration
 * catches a bad force before the body meets the contact solver, so its NaN never reaches the
 * bodies it touches.
 */
final class StateGuard {
    private static final BodyAccess BODY = BodyAccess.get();

    private static final int STRIDE = 13;

    private final WorldSettings settings;
    /** Per dense body: position (3), orientation w, x, y, z (4), velocity (3), angular velocity (3). */
    private double[] saved = new double[16 * STRIDE];
    /** Per dense body: the centre of mass before integration, x, y, z (for the sweep). */
    private double[] previous = new double[16 * 3];
    private int quarantinedThisStep;
    /** This step's angular speed limit, rad/s: the settings' speed or turn-per-step limit, the lower. */
    private double maxW;

    StateGuard(WorldSettings settings) {
        this.settings = settings;
    }

    /** Clamps speeds to the settings' limits for a step of dt seconds and saves every body's state. */
    void begin(BodyRegistry bodies, int n, double dt) {
        begin(n, dt);
        for (int i = 0; i < n; i++) {
            clampAndSave(bodies.at(i), i);
        }
    }

    /** Starts a step over {@code n} bodies; then {@link #clampAndSave} each, in the same pass as other per-body work. */
    void begin(int n, double dt) {
        maxW = Math.min(settings.maxAngularSpeed(), settings.maxRotationPerStep() / dt);
        if (saved.length < n * STRIDE) {
            saved = new double[Math.max(n, saved.length / STRIDE * 2) * STRIDE];
            previous = new double[saved.length / STRIDE * 3];
        }
        quarantinedThisStep = 0;
    }

    /** Clamps body {@code i}'s speeds to the settings' limits and saves its state. */
    void clampAndSave(RigidBody b, int i) {
        if (b.type() == BodyType.DYNAMIC && b.isAwake()) {
            clampSpeeds(b, settings.maxLinearSpeed(), maxW);
        }
        save(b, i);
    }

    /**
     * Down to this factor a speed is cut by adding {@code v·(k − 1)}, the form clamped runs were
     * recorded with (so their bits stay the same); that loses about ε/k of relative precision,
     * all of it as k nears ε (a huge velocity would come out as zero), so smaller factors scale
     * {@code v} directly.
     */
    private static final double MIN_ADDED_FACTOR = 0x1p-26;

    private static void clampSpeeds(RigidBody b, double maxV, double maxW) {
        double vx = b.velocityX(), vy = b.velocityY(), vz = b.velocityZ();
        double v2 = Vector3d.lengthSquared(vx, vy, vz);
        if (v2 > maxV * maxV) {
            double k = limitFactor(vx, vy, vz, v2, maxV);
            if (k >= MIN_ADDED_FACTOR) {
                BODY.addVelocity(b, vx * (k - 1), vy * (k - 1), vz * (k - 1));
            } else if (k > 0) {
                b.velocity(vx * k, vy * k, vz * k);
            }
        }
        double wx = b.angularVelocityX(), wy = b.angularVelocityY(), wz = b.angularVelocityZ();
        double w2 = Vector3d.lengthSquared(wx, wy, wz);
        if (w2 > maxW * maxW) {
            double k = limitFactor(wx, wy, wz, w2, maxW);
            if (k >= MIN_ADDED_FACTOR) {
                BODY.addAngularVelocity(b, wx * (k - 1), wy * (k - 1), wz * (k - 1));
            } else if (k > 0) {
                b.angularVelocity(wx * k, wy * k, wz * k);
            }
        }
    }

    /**
     * {@code max / |(x, y, z)|} given the squared length {@code l2}, also where that square
     * overflowed (components above about 1.3e154 m/s or rad/s): then the vector is measured
     * relative to its largest component. NaN when a component is infinite; the quarantine takes
     * such a body after integration.
     */
    private static double limitFactor(double x, double y, double z, double l2, double max) {
        if (l2 < Double.POSITIVE_INFINITY) {
            return max / Math.sqrt(l2);
        }
        double m = Math.max(Math.abs(x), Math.max(Math.abs(y), Math.abs(z)));
        x /= m;
        y /= m;
        z /= m;
        return max / m / Math.sqrt(x * x + y * y + z * z);
    }

    private void save(RigidBody b, int i) {
        double[] s = saved;
        int o = i * STRIDE;
        // Position, orientation (w, x, y, z), velocity, angular velocity.
        b.getPose(s, o);
        b.getVelocities(s, o + 7);
        previous[3 * i] = s[o];
        previous[3 * i + 1] = s[o + 1];
        previous[3 * i + 2] = s[o + 2];
    }

    /** Per dense body, its centre of mass at the start of the step (x, y, z). */
    double[] previousPositions() {
        return previous;
    }

    /**
     * Quarantines every dynamic body whose state is not finite, after restoring its saved state.
     *
     * @return how many bodies were quarantined by this call
     */
    int quarantineNonFinite(BodyRegistry bodies, int n, EventBuffer events) {
        int count = 0;
        for (int i = 0; i < n; i++) {
            count += quarantineIfNonFinite(bodies.at(i), i, events) ? 1 : 0;
        }
        return count;
    }

    /**
     * Quarantines body {@code i} (dense index) if it is dynamic and its state is not finite,
     * after restoring its saved state.
     *
     * @return whether it was quarantined
     */
    boolean quarantineIfNonFinite(RigidBody b, int i, EventBuffer events) {
        if (b.type() != BodyType.DYNAMIC || b.isQuarantined() || isFinite(b)) {
            return false;
        }
        restore(b, i);
        BODY.quarantine(b);
        events.addBody(BodyEvent.Type.NON_FINITE, b.id());
        quarantinedThisStep++;
        return true;
    }

    /** Bodies quarantined since {@link #begin}. */
    int quarantinedThisStep() {
        return quarantinedThisStep;
    }

    private void restore(RigidBody b, int i) {
        double[] s = saved;
        int o = i * STRIDE;
        b.position(s[o], s[o + 1], s[o + 2]);
        b.orientation(s[o + 3], s[o + 4], s[o + 5], s[o + 6]);
    }

    /** Whether the body's position, orientation and velocities are all finite. */
    static boolean isFinite(RigidBody b) {
        // The sum is NaN or infinite exactly when some term is (or when terms overflow, which is
        // just as fatal for a position).
        double sum = b.positionX() + b.positionY() + b.positionZ()
                + b.orientationW() + b.orientationX() + b.orientationY() + b.orientationZ()
                + b.velocityX() + b.velocityY() + b.velocityZ()
                + b.angularVelocityX() + b.angularVelocityY() + b.angularVelocityZ();
        return Double.isFinite(sum);
    }
}
