package dev.tumble.core.joint;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.ClassNames;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import org.joml.Vector3d;

/**
 * Writes and reads joints for world snapshots, every double bit for bit. A joint of this
 * package's classes is written whole: what it was built with (body-space anchors, axes, length)
 * and what changes (collide-connected, hinge limits, the sequential-impulse solver's impulses), so a
 * snapshot can rebuild it in a world that no longer has it. A joint of any other class is written
 * by reference: its class name and the state every joint has; the world must still know the
 * object to restore it. The bodies are the caller's to write: it knows their ids.
 */
public final class JointCodec {
    /** Tag of a joint written by reference (a class outside this package). */
    public static final int BY_REFERENCE = 0;
    private static final int BALL = 1, HINGE = 2, DISTANCE = 3, MILLINGTON = 4;

    private JointCodec() {
    }

    private static int tag(Joint j) {
        Class<?> c = j.getClass();
        return c == BallJoint.class ? BALL : c == HingeJoint.class ? HINGE : c == DistanceJoint.class ? DISTANCE
                : c == MillingtonJoint.class ? MILLINGTON : BY_REFERENCE;
    }

    /** What a joint was built with, as doubles (a distance joint's kind is written apart). */
    private static double[] built(Joint j) {
        if (j instanceof HingeJoint h) {
            double[] frame = h.localFrame();
            double[] f = Arrays.copyOf(frame, frame.length + 1);
            f[frame.length] = h.halfAxis();
            return f;
        }
        if (j instanceof DistanceJoint dj) {
            return new double[] {dj.localAnchor0().x(), dj.localAnchor0().y(), dj.localAnchor0().z(),
                dj.localAnchor1().x(), dj.localAnchor1().y(), dj.localAnchor1().z(), dj.length()};
        }
        MillingtonJoint m = (MillingtonJoint) j;
        return new double[] {m.position0().x(), m.position0().y(), m.position0().z(), m.position1().x(),
            m.position1().y(), m.position1().z(), m.allowedError()};
    }

    private static int builtCount(int tag) {
        return tag == HINGE ? 31 : 7;
    }

    /**
     * Writes a joint (its bodies aside): tag, then what it was built with, then its changing state.
     *
     * @param j the joint
     * @param out receives the bytes
     * @throws IOException when {@code out} fails
     */
    public static void write(Joint j, DataOutput out) throws IOException {
        int tag = tag(j);
        out.writeByte(tag);
        if (tag == BY_REFERENCE) {
            out.writeUTF(ClassNames.stable(j.getClass()));
        } else {
            if (tag == DISTANCE) {
                out.writeByte(((DistanceJoint) j).kind().ordinal());
            }
            for (double v : built(j)) {
                out.writeDouble(v);
            }
        }
        out.writeBoolean(j.collideConnected());
        if (tag == HINGE) {
            out.writeDouble(((HingeJoint) j).lowerLimit());
            out.writeDouble(((HingeJoint) j).upperLimit());
        }
        for (double impulse : j.solverImpulses()) {
            out.writeDouble(impulse);
        }
    }

    /**
     * Reads and checks a joint written by {@link #write}, touching nothing.
     *
     * @param in supplies the bytes
     * @param where names the joint in messages
     * @return the record
     * @throws IOException when the bytes end early
     * @throws IllegalArgumentException for an unknown tag or an out-of-range value, named
     */
    public static Record read(DataInput in, String where) throws IOException {
        int tag = in.readUnsignedByte();
        if (tag > MILLINGTON) {
            throw new IllegalArgumentException("snapshot " + where + " has unknown joint tag " + tag + " (known: 0.."
                    + MILLINGTON + ")");
        }
        String className = null;
        DistanceJoint.Kind kind = null;
        double[] built = null;
        if (tag == BY_REFERENCE) {
            className = in.readUTF();
        } else {
            if (tag == DISTANCE) {
                int k = in.readUnsignedByte();
                if (k >= DistanceJoint.Kind.values().length) {
                    throw new IllegalArgumentException("snapshot " + where + " distance kind must be 0.."
                            + (DistanceJoint.Kind.values().length - 1) + ", was " + k);
                }
                kind = DistanceJoint.Kind.values()[k];
            }
            built = new double[builtCount(tag)];
            for (int i = 0; i < built.length; i++) {
                built[i] = finite(in.readDouble(), where, "anchor or axis value " + i);
            }
            double last = built[built.length - 1];
            String field = tag == HINGE ? "half axis" : tag == DISTANCE ? "length" : "allowed error";
            if (!(tag == MILLINGTON || tag == BALL ? last >= 0 : last > 0)) {
                throw new IllegalArgumentException("snapshot " + where + " " + field + " is out of range: " + last);
            }
            if (tag == BALL && last != 0) {
                throw new IllegalArgumentException("snapshot " + where + " ball joint allowed error must be 0, was " + last);
            }
        }
        boolean collide = in.readBoolean();
        double lower = Double.NEGATIVE_INFINITY, upper = Double.POSITIVE_INFINITY;
        if (tag == HINGE) {
            lower = in.readDouble();
            upper = in.readDouble();
            if (!(lower <= upper) || lower == Double.POSITIVE_INFINITY || upper == Double.NEGATIVE_INFINITY) {
                throw new IllegalArgumentException("snapshot " + where + " hinge limits must be lower <= upper, was ["
                        + lower + ", " + upper + "]");
            }
        }
        double[] impulses = new double[Joint.SOLVER_ROWS];
        for (int i = 0; i < impulses.length; i++) {
            impulses[i] = finite(in.readDouble(), where, "solver impulse " + i);
        }
        return new Record(tag, className, kind, built, collide, lower, upper, impulses);
    }

    private static double finite(double v, String where, String field) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("snapshot " + where + " " + field + " must be finite, was " + v);
        }
        return v;
    }

    /** A joint as a snapshot holds it, read and checked. */
    public static final class Record {
        private final int tag;
        private final String className;
        private final DistanceJoint.Kind kind;
        private final double[] built;
        private final boolean collideConnected;
        private final double lower, upper;
        private final double[] impulses;

        private Record(int tag, String className, DistanceJoint.Kind kind, double[] built, boolean collideConnected,
                double lower, double upper, double[] impulses) {
            this.tag = tag;
            this.className = className;
            this.kind = kind;
            this.built = built;
            this.collideConnected = collideConnected;
            this.lower = lower;
            this.upper = upper;
            this.impulses = impulses;
        }

        /** @return whether the joint was written by reference (a class outside this package). */
        public boolean byReference() {
            return tag == BY_REFERENCE;
        }

        /** @return the class name of a joint written by reference, else null. */
        public String className() {
            return className;
        }

        /**
         * @param j a joint the world still knows under this record's serial
         * @param body0 the body the record names first, as the restore resolved it
         * @param body1 the second body, or null
         * @return whether {@code j} can take this record's state: same bodies and, for this
         *     package's classes, same class and built with the same bits
         */
        public boolean fits(Joint j, RigidBody body0, RigidBody body1) {
            if (j.body0() != body0 || j.body1() != body1) {
                return false;
            }
            if (tag == BY_REFERENCE) {
                return ClassNames.stable(j.getClass()).equals(className);
            }
            return tag(j) == tag && (kind == null || ((DistanceJoint) j).kind() == kind) && Arrays.equals(built(j), built);
        }

        /**
         * A new joint built from the record, exactly as written.
         *
         * @param body0 the first body
         * @param body1 the second body, or null
         * @return the joint, its changing state applied
         * @throws IllegalStateException for a joint written by reference (it cannot be built)
         */
        public Joint build(RigidBody body0, RigidBody body1) {
            Joint j;
            switch (tag) {
                case HINGE -> j = new HingeJoint(body0, body1, built[30], built);
                case DISTANCE -> j = new DistanceJoint(kind, body0, body1, new Vector3d(built[0], built[1], built[2]),
                        new Vector3d(built[3], built[4], built[5]), built[6]);
                case BALL -> j = new BallJoint(body0, new Vector3d(built[0], built[1], built[2]), body1,
                        new Vector3d(built[3], built[4], built[5]));
                case MILLINGTON -> j = new MillingtonJoint(body0, new Vector3d(built[0], built[1], built[2]), body1,
                        new Vector3d(built[3], built[4], built[5]), built[6]);
                default -> throw new IllegalStateException("a joint of class " + className + " cannot be rebuilt");
            }
            applyTo(j);
            return j;
        }

        /**
         * Sets what changes on a joint: collide-connected, a hinge's limits, the solver impulses.
         *
         * @param j a joint that {@link #fits} the record, or one it built
         */
        public void applyTo(Joint j) {
            j.collideConnected(collideConnected);
            if (j instanceof HingeJoint h) {
                h.limitsExact(lower, upper);
            }
            System.arraycopy(impulses, 0, j.solverImpulses(), 0, impulses.length);
        }
    }
}
