package dev.tumble.core.joint;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.debug.DebugDraw;
import dev.tumble.core.internal.Check;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A hinge: the bodies share an axis line, about which they turn, optionally within angle limits.
 * Two joint points on the axis (at ±half the axis length from the anchor), each held in all three
 * directions, hold the line; past a limit a contact at a lever point off the axis pushes body 0 back.
 *
 * <p>The hinge angle is body 0's turn relative to body 1 about the axis, 0 at creation, positive
 * counter-clockwise looking down the axis (right-hand rule).
 */
public final class HingeJoint extends Joint {
    /** Distance (m) of the two axis points from the anchor. */
    public static final double DEFAULT_HALF_AXIS = 0.25;

    private final Vector3d axisPoint0a = new Vector3d(), axisPoint0b = new Vector3d();
    private final Vector3d axisPoint1a = new Vector3d(), axisPoint1b = new Vector3d();
    private final Vector3d axis1 = new Vector3d();
    private final Vector3d reference0 = new Vector3d();
    private final Vector3d reference1 = new Vector3d();
    private final Vector3d anchor0 = new Vector3d();
    private final Vector3d anchor1 = new Vector3d();
    private final Vector3d axis0 = new Vector3d();
    private final double halfAxis;
    private double lower = Double.NEGATIVE_INFINITY;
    private double upper = Double.POSITIVE_INFINITY;
    private final Vector3d w0 = new Vector3d(), w1 = new Vector3d(), wa = new Vector3d(), t = new Vector3d();

    /**
     * @param body0 the first body, not null
     * @param body1 the second body, or null to hinge body 0 to the world
     * @param anchor a point on the hinge line, world coordinates now (m)
     * @param axis the hinge direction, world coordinates now (non-zero)
     */
    public HingeJoint(RigidBody body0, RigidBody body1, Vector3dc anchor, Vector3dc axis) {
        super(body0, body1);
        Check.finite("anchor", anchor);
        Check.finite("axis", axis);
        double len = axis.length();
        if (!(len > 1e-12)) {
            throw new IllegalArgumentException("axis must be non-zero, was " + axis);
        }
        halfAxis = DEFAULT_HALF_AXIS;
        Vector3d n = new Vector3d(axis).div(len);
        Vector3d pa = new Vector3d(n).mul(halfAxis).add(anchor);
        Vector3d pb = new Vector3d(n).mul(-halfAxis).add(anchor);
        axisPoint0a.set(localAnchor(body0, pa));
        axisPoint0b.set(localAnchor(body0, pb));
        axisPoint1a.set(localAnchor(body1, pa));
        axisPoint1b.set(localAnchor(body1, pb));
        anchor0.set(localAnchor(body0, anchor));
        anchor1.set(localAnchor(body1, anchor));
        axis0.set(body0.directionToLocal(n, new Vector3d()));
        // A reference direction perpendicular to the axis, fixed in both bodies.
        Vector3d ref = Math.abs(n.x) < 0.9 ? new Vector3d(1, 0, 0) : new Vector3d(0, 1, 0);
        ref.sub(new Vector3d(n).mul(ref.dot(n))).normalize();
        reference0.set(body0.directionToLocal(ref, new Vector3d()));
        reference1.set(body1 == null ? ref : body1.directionToLocal(ref, new Vector3d()));
        axis1.set(body1 == null ? n : body1.directionToLocal(n, new Vector3d()));
    }

    /**
     * A hinge with exactly these body-space points and directions, for {@link JointCodec}, in the
     * order of {@link #localFrame()}.
     */
    HingeJoint(RigidBody body0, RigidBody body1, double halfAxis, double[] frame) {
        super(body0, body1);
        this.halfAxis = halfAxis;
        Vector3d[] v = frameVectors();
        for (int i = 0; i < v.length; i++) {
            v[i].set(frame[3 * i], frame[3 * i + 1], frame[3 * i + 2]);
        }
    }

    /** The hinge's body-space frame, in a fixed order (the codec's). */
    private Vector3d[] frameVectors() {
        return new Vector3d[] {axisPoint0a, axisPoint0b, axisPoint1a, axisPoint1b, axis0, axis1, reference0, reference1,
            anchor0, anchor1};
    }

    /** @return the body-space frame as 30 doubles (m and unit directions), for {@link JointCodec}. */
    double[] localFrame() {
        Vector3d[] v = frameVectors();
        double[] f = new double[3 * v.length];
        for (int i = 0; i < v.length; i++) {
            f[3 * i] = v[i].x;
            f[3 * i + 1] = v[i].y;
            f[3 * i + 2] = v[i].z;
        }
        return f;
    }

    /** @return the distance of the two axis points from the anchor, m. */
    double halfAxis() {
        return halfAxis;
    }

    /** Sets the limits as a snapshot holds them (infinite when unlimited), for {@link JointCodec}. */
    void limitsExact(double lower, double upper) {
        this.lower = lower;
        this.upper = upper;
    }

    /**
     * Limits the hinge angle to {@code [lower, upper]} (rad, lower ≤ 0 ≤ upper recommended).
     *
     * @param lower the least angle, rad
     * @param upper the greatest angle, rad
     * @return this joint
     */
    public HingeJoint limits(double lower, double upper) {
        Check.finite("lower", lower);
        Check.finite("upper", upper);
        if (lower > upper) {
            throw new IllegalArgumentException("lower must be <= upper, was " + lower + " > " + upper);
        }
        this.lower = lower;
        this.upper = upper;
        return this;
    }

    /** @return the anchor on the hinge line in body 0's coordinates (m). */
    public Vector3dc localAnchor0() {
        return anchor0;
    }

    /** @return the anchor in body 1's coordinates, or in world coordinates when body 1 is null (m). */
    public Vector3dc localAnchor1() {
        return anchor1;
    }

    /** @return the hinge direction in body 0's coordinates (unit). */
    public Vector3dc localAxis0() {
        return axis0;
    }

    /** @return the hinge direction in body 1's coordinates, or world coordinates when body 1 is null (unit). */
    public Vector3dc localAxis1() {
        return axis1;
    }

    /** @return body 0's zero-angle direction, perpendicular to the axis, in its coordinates (unit). */
    public Vector3dc localReference0() {
        return reference0;
    }

    /** @return body 1's zero-angle direction in its coordinates, or world coordinates when body 1 is null (unit). */
    public Vector3dc localReference1() {
        return reference1;
    }

    /** @return the lower angle limit (rad; −∞ when unlimited). */
    public double lowerLimit() {
        return lower;
    }

    /** @return the upper angle limit (rad; +∞ when unlimited). */
    public double upperLimit() {
        return upper;
    }

    /** @return the current hinge angle (rad). */
    public double angle() {
        direction(body1, axis1, wa);
        direction(body0, reference0, w0);
        direction(body1, reference1, w1);
        t.set(w1).cross(w0);
        return StrictMath.atan2(t.dot(wa), w1.dot(w0));
    }

    @Override
    public int addContacts(ContactBuffer contacts) {
        int n = 0;
        worldAnchor(body0, axisPoint0a, a);
        worldAnchor(body1, axisPoint1a, b);
        n += holdTogether(contacts, a, b);
        worldAnchor(body0, axisPoint0b, a);
        worldAnchor(body1, axisPoint1b, b);
        n += holdTogether(contacts, a, b);
        double angle = angle();
        double excess = angle > upper ? angle - upper : angle < lower ? angle - lower : 0;
        if (excess != 0) {
            // Lever point on body 0, one half-axis out along its reference direction.
            worldAnchor(body0, anchor0, a);
            direction(body0, reference0, w0);
            b.set(w0).mul(halfAxis).add(a);
            // Turning body 0 by +θ about the axis moves the lever point along axis × ref.
            t.set(wa).cross(w0);
            double sign = excess > 0 ? -1 : 1;
            contacts.add(body0, body1, b.x, b.y, b.z, sign * t.x, sign * t.y, sign * t.z,
                    Math.abs(excess) * halfAxis, 0, 0).joint(true);
            n++;
        }
        return n;
    }

    @Override
    public double error() {
        worldAnchor(body0, axisPoint0a, a);
        worldAnchor(body1, axisPoint1a, b);
        double e = a.distance(b);
        worldAnchor(body0, axisPoint0b, a);
        worldAnchor(body1, axisPoint1b, b);
        return Math.max(e, a.distance(b));
    }

    @Override
    public void debugDraw(DebugDraw draw) {
        worldAnchor(body0, axisPoint0a, a);
        worldAnchor(body0, axisPoint0b, b);
        draw.segment(a, b, DebugDraw.Colors.JOINT);
    }

    private static void direction(RigidBody body, Vector3dc local, Vector3d dest) {
        if (body == null) {
            dest.set(local);
        } else {
            body.directionToWorld(local, dest);
        }
    }
}
