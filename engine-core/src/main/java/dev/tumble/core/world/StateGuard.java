package dev.tumble.core.world;

import dev.tumble.core.body.BodyId;
import dev.tumble.core.body.BodyRegistry;
import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.event.BodyEvent;
import dev.tumble.core.event.EventBuffer;
import dev.tumble.core.internal.BodyAccess;
import java.util.Arrays;
import org.joml.Vector3d;

/**
 * The step's safety nets: every body's state saved as the step begins, speed limits before
 * integration, and quarantine of any body whose state turns non-finite.
 *
 * <p>At the start of a step every body's state block and sleep flags are copied (one array copy).
 * A step that fails in the game's code (a force generator or the pair callback throws) puts them
 * all back ({@link #undo}). After integration and after solving, a dynamic body with a NaN or
 * infinite position, orientation or velocity is put back to its saved state,
 * {@linkplain RigidBody#quarantine() quarantined} (frozen, colliding with nothing) and reported
 * as {@link BodyEvent.Type#NON_FINITE} ({@link #reportQuarantines}). Checking right after
 * integration catches a bad force before the body meets the contact solver, so its NaN never
 * reaches the bodies it touches.
 */
final class StateGuard {
    private static final BodyAccess BODY = BodyAccess.get();

    private final WorldSettings settings;
    /** Every body's state block at the start of the step, in dense order. */
    private double[] saved = new double[0];
    /** Per dense body: its {@link BodyAccess#saveStepFlags} record at the start of the step. */
    private double[] savedFlags = new double[16 * BodyAccess.STEP_FLAGS];
    /** Per dense body: the centre of mass before integration, x, y, z (for the sweep). */
    private double[] previous = new double[16 * 3];
    /** Bodies quarantined since {@link #save} and not yet reported. */
    private BodyId[] quarantined = new BodyId[4];
    private int quarantinedThisStep, reported;
    /** This step's angular speed limit, rad/s: the settings' speed or turn-per-step limit, the lower. */
    private double maxW;

    StateGuard(WorldSettings settings) {
        this.settings = settings;
    }

    /** Saves every body's state and sleep flags: what {@link #undo} and the quarantine put back. */
    void save(BodyRegistry bodies) {
        int size = BODY.stateSize(bodies), n = bodies.size();
        if (saved.length < size) {
            saved = new double[Math.max(size, 2 * saved.length)];
        }
        if (savedFlags.length < n * BodyAccess.STEP_FLAGS) {
            savedFlags = new double[2 * n * BodyAccess.STEP_FLAGS];
        }
        BODY.copyStates(bodies, saved);
        for (int i = 0; i < n; i++) {
            BODY.saveStepFlags(bodies.at(i), savedFlags, i * BodyAccess.STEP_FLAGS);
        }
        quarantinedThisStep = 0;
        reported = 0;
    }

    /** Puts every body back as {@link #save} found it: a failed step undone. */
    void undo(BodyRegistry bodies) {
        BODY.pasteStates(bodies, saved);
        for (int i = 0; i < bodies.size(); i++) {
            BODY.restoreStepFlags(bodies.at(i), savedFlags, i * BodyAccess.STEP_FLAGS);
        }
        quarantinedThisStep = 0;
        reported = 0;
    }

    /** Clamps speeds to the settings' limits for a step of dt seconds and notes where every body starts. */
    void begin(BodyRegistry bodies, int n, double dt) {
        begin(n, dt);
        for (int i = 0; i < n; i++) {
            clampAndNote(bodies.at(i), i);
        }
    }

    /** Starts a step over {@code n} bodies; then {@link #clampAndNote} each, in the same pass as other per-body work. */
    void begin(int n, double dt) {
        maxW = Math.min(settings.maxAngularSpeed(), settings.maxRotationPerStep() / dt);
        if (previous.length < n * 3) {
            previous = new double[Math.max(n, previous.length / 3 * 2) * 3];
        }
    }

    /** Clamps body {@code i}'s speeds to the settings' limits and notes its centre of mass. */
    void clampAndNote(RigidBody b, int i) {
        if (b.type() == BodyType.DYNAMIC && b.isAwake()) {
            clampSpeeds(b, settings.maxLinearSpeed(), maxW);
        }
        previous[3 * i] = b.positionX();
        previous[3 * i + 1] = b.positionY();
        previous[3 * i + 2] = b.positionZ();
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

    /** Per dense body, its centre of mass at the start of the step (x, y, z). */
    double[] previousPositions() {
        return previous;
    }

    /**
     * Quarantines every dynamic body whose state is not finite, after restoring its saved state.
     *
     * @return how many bodies were quarantined by this call
     */
    int quarantineNonFinite(BodyRegistry bodies, int n) {
        int count = 0;
        for (int i = 0; i < n; i++) {
            count += quarantineIfNonFinite(bodies.at(i), i) ? 1 : 0;
        }
        return count;
    }

    /**
     * Quarantines body {@code i} (dense index) if it is dynamic and its state is not finite,
     * after restoring its saved state; {@link #reportQuarantines} reports it.
     *
     * @return whether it was quarantined
     */
    boolean quarantineIfNonFinite(RigidBody b, int i) {
        if (b.type() != BodyType.DYNAMIC || b.isQuarantined() || isFinite(b)) {
            return false;
        }
        BODY.restoreState(b, saved, i * BODY.stateStride());
        BODY.quarantine(b);
        if (quarantinedThisStep == quarantined.length) {
            quarantined = Arrays.copyOf(quarantined, 2 * quarantinedThisStep);
        }
        quarantined[quarantinedThisStep++] = b.id();
        return true;
    }

    /** Adds a {@link BodyEvent.Type#NON_FINITE} event for each body quarantined since the last call. */
    void reportQuarantines(EventBuffer events) {
        for (; reported < quarantinedThisStep; reported++) {
            events.addBody(BodyEvent.Type.NON_FINITE, quarantined[reported]);
            quarantined[reported] = null;
        }
    }

    /** Bodies quarantined since {@link #save}. */
    int quarantinedThisStep() {
        return quarantinedThisStep;
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
