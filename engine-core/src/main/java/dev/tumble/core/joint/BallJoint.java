package dev.tumble.core.joint;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.internal.Check;
import org.joml.Vector3dc;

/**
 * A ball-and-socket joint: both bodies share a point, about which they turn freely. Built from a
 * world anchor given at creation. Unlike the book's joint it holds the point in all three
 * directions (see {@link Joint#holdTogether}), which keeps chains together.
 */
public final class BallJoint extends MillingtonJoint {
    /**
     * @param body0 the first body, not null
     * @param body1 the second body, or null to pin body 0 to the world at {@code anchor}
     * @param anchor the shared point in world coordinates now (m)
     */
    public BallJoint(RigidBody body0, RigidBody body1, Vector3dc anchor) {
        super(body0, localAnchor(Check.notNull("body0", body0), Check.finite("anchor", anchor)),
                body1, localAnchor(body1, anchor), 0);
    }

    /** A ball joint with exactly these body-space points (m), for {@link JointCodec}. */
    BallJoint(RigidBody body0, Vector3dc position0, RigidBody body1, Vector3dc position1) {
        super(body0, position0, body1, position1, 0);
    }

    @Override
    public int addContacts(ContactBuffer contacts) {
        worldAnchor(body0, position0(), a);
        worldAnchor(body1, position1(), b);
        return holdTogether(contacts, a, b);
    }
}
