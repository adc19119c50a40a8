package dev.tumble.core.body;

import dev.tumble.core.internal.Check;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.joml.Matrix3d;

/**
 * Writes and reads the complete simulation state of a body — every double bit for bit — for
 * world snapshots. Reading validates everything before touching the body, so a malformed
 * snapshot leaves the body as it was.
 */
public final class BodyStateCodec {
    /** Doubles per body record (see {@link #write}). */
    private static final int DOUBLES = 1 + 9 + 2 + 3 + 4 + 3 + 3 + 3 + 3 + 3 + 3 + 2;

    private BodyStateCodec() {
    }

    /**
     * Writes the body's state: type, mass, inertia, damping, pose, velocities, accumulators, sleep.
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
    }

    /**
     * Reads a state written by {@link #write} into {@code b}.
     *
     * @param b the body that takes the state
     * @param in supplies the bytes
     * @throws IOException when the data is truncated
     * @throws IllegalArgumentException when a value is invalid (unknown type, non-finite number,
     *     an inverse inertia that is not symmetric positive semi-definite, an orientation that is
     *     not a unit quaternion); the body is then unchanged
     */
    public static void read(RigidBody b, DataInput in) throws IOException {
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
                throw new IllegalArgumentException("snapshot value " + i + " of body " + b.id + " must be finite, was " + d[i]);
            }
        }
        check(d[0] >= 0, "inverseMass", d[0], b);
        check(d[10] >= 0 && d[10] <= 1, "linearDamping", d[10], b);
        check(d[11] >= 0 && d[11] <= 1, "angularDamping", d[11], b);
        check(d[DOUBLES - 2] >= 0, "motion", d[DOUBLES - 2], b);
        check(d[DOUBLES - 1] >= 0, "sleepEpsilon", d[DOUBLES - 1], b);
        String field = "snapshot inverseInertia of body " + b.id;
        Check.symmetricPositive(field, new Matrix3d(d[1], d[4], d[7], d[2], d[5], d[8], d[3], d[6], d[9]), true);
        // The orientation is used as written (below), so it must already be a unit quaternion:
        // anything else would shear the transform. Written ones are within a few ulps of 1.
        double q2 = d[15] * d[15] + d[16] * d[16] + d[17] * d[17] + d[18] * d[18];
        if (!(Math.abs(q2 - 1) <= 1e-6)) {
            throw new IllegalArgumentException("snapshot orientation of body " + b.id + " must be a unit quaternion, was [w="
                    + d[15] + ", x=" + d[16] + ", y=" + d[17] + ", z=" + d[18] + "]");
        }
        int k = 0;
        b.type = BodyType.values()[typeOrdinal];
        b.awake = awake;
        b.canSleep = canSleep;
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
        b.sleepEpsilon = d[k];
        // The transform and world inertia are pure functions of the state above. The orientation
        // is used as written: renormalising could change its last bit.
        b.refreshTransformAndInertia();
    }

    private static void check(boolean ok, String field, double value, RigidBody b) {
        if (!ok) {
            throw new IllegalArgumentException("snapshot " + field + " of body " + b.id + " is out of range: " + value);
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
