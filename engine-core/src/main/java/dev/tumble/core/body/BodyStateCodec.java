package dev.tumble.core.body;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

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

    /** Writes the body's state: type, mass, inertia, damping, pose, velocities, accumulators, sleep. */
    public static void write(RigidBody b, DataOutput out) throws IOException {
        out.writeByte(b.type.ordinal());
        out.writeBoolean(b.awake);
        out.writeBoolean(b.canSleep);
        out.writeDouble(b.inverseMass);
        for (double v : b.inverseInertiaTensor) {
            out.writeDouble(v);
        }
        out.writeDouble(b.linearDamping);
        out.writeDouble(b.angularDamping);
        vec(out, b.position.x, b.position.y, b.position.z);
        out.writeDouble(b.orientation.w);
        vec(out, b.orientation.x, b.orientation.y, b.orientation.z);
        vec(out, b.velocity.x, b.velocity.y, b.velocity.z);
        vec(out, b.rotation.x, b.rotation.y, b.rotation.z);
        vec(out, b.acceleration.x, b.acceleration.y, b.acceleration.z);
        vec(out, b.lastFrameAcceleration.x, b.lastFrameAcceleration.y, b.lastFrameAcceleration.z);
        vec(out, b.forceAccum.x, b.forceAccum.y, b.forceAccum.z);
        vec(out, b.torqueAccum.x, b.torqueAccum.y, b.torqueAccum.z);
        out.writeDouble(b.motion);
        out.writeDouble(b.sleepEpsilon);
    }

    /**
     * Reads a state written by {@link #write} into {@code b}.
     *
     * @throws IOException when the data is truncated
     * @throws IllegalArgumentException when a value is invalid (unknown type, non-finite number);
     *     the body is then unchanged
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
        int k = 0;
        b.type = BodyType.values()[typeOrdinal];
        b.awake = awake;
        b.canSleep = canSleep;
        b.inverseMass = d[k++];
        for (int i = 0; i < 9; i++) {
            b.inverseInertiaTensor[i] = d[k++];
        }
        b.linearDamping = d[k++];
        b.angularDamping = d[k++];
        b.position.set(d[k], d[k + 1], d[k + 2]);
        k += 3;
        b.orientation.set(d[k + 1], d[k + 2], d[k + 3], d[k]);
        k += 4;
        b.velocity.set(d[k], d[k + 1], d[k + 2]);
        k += 3;
        b.rotation.set(d[k], d[k + 1], d[k + 2]);
        k += 3;
        b.acceleration.set(d[k], d[k + 1], d[k + 2]);
        k += 3;
        b.lastFrameAcceleration.set(d[k], d[k + 1], d[k + 2]);
        k += 3;
        b.forceAccum.set(d[k], d[k + 1], d[k + 2]);
        k += 3;
        b.torqueAccum.set(d[k], d[k + 1], d[k + 2]);
        k += 3;
        b.motion = d[k++];
        b.sleepEpsilon = d[k];
        // The transform and world inertia are pure functions of the state above; the orientation
        // was normalised when written, so renormalising reproduces the same bits.
        b.calculateDerivedData();
    }

    private static void check(boolean ok, String field, double value, RigidBody b) {
        if (!ok) {
            throw new IllegalArgumentException("snapshot " + field + " of body " + b.id + " is out of range: " + value);
        }
    }

    private static void vec(DataOutput out, double x, double y, double z) throws IOException {
        out.writeDouble(x);
        out.writeDouble(y);
        out.writeDouble(z);
    }
}
