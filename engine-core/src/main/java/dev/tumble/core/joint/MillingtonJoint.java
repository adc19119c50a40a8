package dev.tumble.core.joint;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.debug.DebugDraw;
import dev.tumble.core.internal.Check;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * The book's joint (Millington §15.4): a body-space point on each body kept within an allowed
 * error of each other. When the points drift further apart a contact pulls them back, its
 * penetration the excess distance.
 */
public class MillingtonJoint extends Joint {
    private final Vector3d position0 = new Vector3d();
    private final Vector3d position1 = new Vector3d();
    private final double error;

    /**
     * @param body0 the first body, not null
     * @param position0 the joint point in body 0's coordinates (m)
     * @param body1 the second body, or null to pin body 0 to a world point
     * @param position1 the joint point in body 1's coordinates, or in world coordinates when
     *     {@code body1} is null (m)
     * @param error the distance (m, ≥ 0) the points may drift apart before a contact pulls them
     */
    public MillingtonJoint(RigidBody body0, Vector3dc position0, RigidBody body1, Vector3dc position1, double error) {
        super(body0, body1);
        Check.finite("position0", position0);
        Check.finite("position1", position1);
        this.position0.set(position0);
        this.position1.set(position1);
        this.error = Check.nonNegative("error", error);
    }

    @Override
    public int addContacts(ContactBuffer contacts) {
        worldAnchor(body0, position0, a);
        worldAnchor(body1, position1, b);
        return pullTogether(contacts, a, b, error, JOINT_FRICTION);
    }

    @Override
    public double error() {
        worldAnchor(body0, position0, a);
        worldAnchor(body1, position1, b);
        return Math.max(0, a.distance(b) - error);
    }

    @Override
    public void debugDraw(DebugDraw draw) {
        worldAnchor(body0, position0, a);
        worldAnchor(body1, position1, b);
        draw.segment(a, b, DebugDraw.Colors.JOINT);
        draw.point(a, 0.05, DebugDraw.Colors.JOINT);
    }

    /** @return the anchor on body 0 in body coordinates (m). */
    public Vector3dc position0() {
        return position0;
    }

    /** @return the anchor on body 1 in body coordinates, or the world anchor (m). */
    public Vector3dc position1() {
        return position1;
    }

    /** @return the allowed drift (m). */
    public double allowedError() {
        return error;
    }
}
