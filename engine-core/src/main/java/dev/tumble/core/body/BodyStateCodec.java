package dev.tumble.core.body;

import dev.tumble.core.internal.Check;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.joml.Matrix3d;

/**
 * Writes and reads the complete simulation state of a body — every double bit for bit, its
 * material, flags and shapes' bookkeeping aside — for world snapshots. Reading parses and checks
 * the whole record into a {@link State} before anything is touched, so a malformed snapshot
 * leaves the body as it was.
 */
public final class BodyStateCodec {
    /** Doubles per body record (see {@link #write}). */
    private static final int DOUBLES = 1 + 9 + 2 + 3 + 4 + 3 + 3 + 3 + 3 + 3 + 3 + 2 + 2;
    /** Where in the record's doubles the friction and restitution sit. */
    private static final int FRICTION = DOUBLES - 2, RESTITUTION = DOUBLES - 1;

    private BodyStateCodec() {
    }

    /**
     * Writes the body's state: type, awake, may sleep, mass, inertia, damping, pose, velocities,
     * accelerations, accumulators, sleep motion and threshold, friction, restitution, and the
     * quarantine and continuous-collision flags.
     *
     * @param b the body
     * @param out receives the bytes
     * @throws java.io.IOException when {@code out} fails
     */
    public static void write(RigidBody b, DataOutput out) throws IOException {
        out.writeByte(b.type.ordinal());
        out.writeBoolean(b.awake);
        out.writeBoolean(b.canSleep);
        out.writeDouble(b.inverseMass);
        double[] s = b.state;
        int k = b.at;
        for (int i = 0; i < 9; i++) {
            out.writeDouble(s[k + RigidBody.II + i]);
        }
        out.writeDouble(b.linearDamping);
        out.writeDouble(b.angularDamping);
        triple(out, s, k + RigidBody.PX);
        out.writeDouble(s[k + RigidBody.QW]);
        triple(out, s, k + RigidBody.QX);
        triple(out, s, k + RigidBody.VX);
        triple(out, s, k + RigidBody.WX);
        triple(out, s, k + RigidBody.AX);
        triple(out, s, k + RigidBody.LX);
        triple(out, s, k + RigidBody.FX);
        triple(out, s, k + RigidBody.TX);
        out.writeDouble(b.motion);
        out.writeDouble(b.sleepEpsilon);
        out.writeDouble(b.friction);
        out.writeDouble(b.restitution);
        out.writeBoolean(b.quarantined);
        out.writeBoolean(b.continuousCollision);
    }

    /**
     * Reads a state written by {@link #write} into {@code b}.
     *
     * @param b the body that takes the state
     * @param in supplies the bytes
     * @throws IOException when the data is truncated
     * @throws IllegalArgumentException when a value is invalid (see {@link #parse}); the body is
     *     then unchanged
     */
    public static void read(RigidBody b, DataInput in) throws IOException {
        parse(in, String.valueOf(b.id)).applyTo(b);
    }

    /**
     * Reads and checks a state written by {@link #write}, touching no body.
     *
     * @param in supplies the bytes
     * @param body names the body in messages
     * @return the state, to apply with {@link State#applyTo}
     * @throws IOException when the data is truncated
     * @throws IllegalArgumentException when a value is invalid: an unknown type, a non-finite
     *     number, an inverse inertia that is not symmetric positive semi-definite, an orientation
     *     that is not a unit quaternion, a damping, friction or restitution out of range
     */
    public static State parse(DataInput in, String body) throws IOException {
        int typeOrdinal = in.readUnsignedByte();
        if (typeOrdinal >= BodyType.values().length) {
            throw new IllegalArgumentException("snapshot body type must be 0.." + (BodyType.values().length - 1)
                    + ", was " + typeOrdinal);
        }
        boolean awake = in.readBoolean();
        boolean canSleep = in.readBoolean();
        double[] d = new double[DOUBLES];
        for (int i = 0; i < d.length; i++) {
            d[i] = in.readDouble();
            if (!Double.isFinite(d[i])) {
                throw new IllegalArgumentException("snapshot value " + i + " of body " + body + " must be finite, was " + d[i]);
            }
        }
        boolean quarantined = in.readBoolean();
        boolean continuous = in.readBoolean();
        check(d[0] >= 0, "inverseMass", d[0], body);
        check(d[10] >= 0 && d[10] <= 1, "linearDamping", d[10], body);
        check(d[11] >= 0 && d[11] <= 1, "angularDamping", d[11], body);
        check(d[FRICTION - 2] >= 0, "motion", d[FRICTION - 2], body);
        check(d[FRICTION - 1] >= 0, "sleepEpsilon", d[FRICTION - 1], body);
        check(d[FRICTION] >= 0, "friction", d[FRICTION], body);
        check(d[RESTITUTION] >= 0 && d[RESTITUTION] <= 1, "restitution", d[RESTITUTION], body);
        String field = "snapshot inverseInertia of body " + body;
        Check.symmetricPositive(field, new Matrix3d(d[1], d[4], d[7], d[2], d[5], d[8], d[3], d[6], d[9]), true);
        // The orientation is used as written (below), so it must already be a unit quaternion:
        // anything else would shear the transform. Written ones are within a few ulps of 1.
        double q2 = d[15] * d[15] + d[16] * d[16] + d[17] * d[17] + d[18] * d[18];
        if (!(Math.abs(q2 - 1) <= 1e-6)) {
            throw new IllegalArgumentException("snapshot orientation of body " + body + " must be a unit quaternion, was [w="
                    + d[15] + ", x=" + d[16] + ", y=" + d[17] + ", z=" + d[18] + "]");
        }
        return new State(BodyType.values()[typeOrdinal], awake, canSleep, quarantined, continuous, d);
    }

    /** A body's state as read by {@link #parse}, checked and not yet applied. */
    public static final class State {
        private final BodyType type;
        private final boolean awake, canSleep, quarantined, continuousCollision;
        private final double[] d;

        private State(BodyType type, boolean awake, boolean canSleep, boolean quarantined, boolean continuous, double[] d) {
            this.type = type;
            this.awake = awake;
            this.canSleep = canSleep;
            this.quarantined = quarantined;
            this.continuousCollision = continuous;
            this.d = d;
        }

        /** @return the body type the state holds. */
        public BodyType type() {
            return type;
        }

        /**
         * Overwrites every part of {@code b}'s state the record holds (not its shapes, id or user data).
         *
         * @param b the body
         */
        public void applyTo(RigidBody b) {
            b.type = type;
            b.awake = awake;
            b.canSleep = canSleep;
            b.quarantined = quarantined;
            b.continuousCollision = continuousCollision;
            int k = 0;
            b.inverseMass = d[k++];
            double[] s = b.state;
            int at = b.at;
            for (int i = 0; i < 9; i++) {
                s[at + RigidBody.II + i] = d[k++];
            }
            b.linearDamping = d[k++];
            b.angularDamping = d[k++];
            // The record's order: position, orientation (w, x, y, z), velocity, rotation, constant
            // acceleration, last-frame acceleration, force and torque accumulators.
            k = put(d, k, s, at + RigidBody.PX, 3);
            k = put(d, k, s, at + RigidBody.QW, 4);
            k = put(d, k, s, at + RigidBody.VX, 3);
            k = put(d, k, s, at + RigidBody.WX, 3);
            k = put(d, k, s, at + RigidBody.AX, 3);
            k = put(d, k, s, at + RigidBody.LX, 3);
            k = put(d, k, s, at + RigidBody.FX, 3);
            k = put(d, k, s, at + RigidBody.TX, 3);
            b.motion = d[k++];
            b.sleepEpsilon = d[k++];
            b.friction = d[k++];
            b.restitution = d[k++];
            // The transform and world inertia are pure functions of the state above. The
            // orientation is used as written: renormalising could change its last bit.
            b.refreshTransformAndInertia();
        }
    }

    private static void check(boolean ok, String field, double value, String body) {
        if (!ok) {
            throw new IllegalArgumentException("snapshot " + field + " of body " + body + " is out of range: " + value);
        }
    }

    private static void triple(DataOutput out, double[] s, int from) throws IOException {
        out.writeDouble(s[from]);
        out.writeDouble(s[from + 1]);
        out.writeDouble(s[from + 2]);
    }

    /** Copies {@code n} doubles of the record from {@code d[k]} to {@code s[to]}; returns the next k. */
    private static int put(double[] d, int k, double[] s, int to, int n) {
        System.arraycopy(d, k, s, to, n);
        return k + n;
    }
}
