package dev.tumble.core.joint;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.debug.DebugDraw;
import dev.tumble.core.internal.Check;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Keeps two body points at a distance: a {@link Kind#ROD} holds it exactly (pulls when too far,
 * pushes when too near), a {@link Kind#CABLE} only stops them going further apart (the book's
 * particle rod and cable, ch. 7, on rigid bodies).
 */
public final class DistanceJoint extends Joint {
    /** How the length is held. */
    public enum Kind {
        /** A rigid link: exactly the length. */
        ROD,
        /** A slack link: at most the length. */
        CABLE
    }

    private final Kind kind;
    private final Vector3d position0 = new Vector3d();
    private final Vector3d position1 = new Vector3d();
    private final double length;

    /**
     * @param kind rod or cable
     * @param body0 the first body, not null
     * @param anchor0 the point on body 0 in world coordinates now (m)
     * @param body1 the second body, or null for a fixed world point
     * @param anchor1 the point on body 1 in world coordinates now (m)
     * @param length the rod length or the cable's maximum length (m, > 0)
     */
    public DistanceJoint(Kind kind, RigidBody body0, Vector3dc anchor0, RigidBody body1, Vector3dc anchor1, double length) {
        super(body0, body1);
        this.kind = Check.notNull("kind", kind);
        Check.finite("anchor0", anchor0);
        Check.finite("anchor1", anchor1);
        this.position0.set(localAnchor(body0, anchor0));
        this.position1.set(localAnchor(body1, anchor1));
        this.length = Check.positive("length", length);
    }

    /** A link with exactly these body-space anchors (m), for {@link JointCodec}, which checked them. */
    DistanceJoint(Kind kind, RigidBody body0, RigidBody body1, Vector3dc local0, Vector3dc local1, double length) {
        super(body0, body1);
        this.kind = kind;
        this.position0.set(local0);
        this.position1.set(local1);
        this.length = length;
    }

    @Override
    public int addContacts(ContactBuffer contacts) {
        worldAnchor(body0, position0, a);
        worldAnchor(body1, position1, b);
        d.set(b).sub(a);
        double current = unoverflowed(d.length(), d.x, d.y, d.z);
        if (current == 0) {
            return 0;
        }
        double inv = 1 / current;
        double mx = 0.5 * (a.x + b.x), my = 0.5 * (a.y + b.y), mz = 0.5 * (a.z + b.z);
        if (kind == Kind.CABLE) {
            // Only too far matters: body 0 moves towards body 1's point.
            return pullTogether(contacts, a, b, length, 0);
        }
        // A rod is bilateral along the link: the pulling and the pushing contact, one of them with
        // positive penetration when the length is off, and whichever is closing stops the stretch.
        contacts.add(body0, body1, mx, my, mz, d.x * inv, d.y * inv, d.z * inv, current - length, 0, 0).joint(true);
        contacts.add(body0, body1, mx, my, mz, -d.x * inv, -d.y * inv, -d.z * inv, length - current, 0, 0).joint(true);
        return 2;
    }

    @Override
    public double error() {
        worldAnchor(body0, position0, a);
        worldAnchor(body1, position1, b);
        double current = a.distance(b);
        return kind == Kind.ROD ? Math.abs(current - length) : Math.max(0, current - length);
    }

    @Override
    public void debugDraw(DebugDraw draw) {
        worldAnchor(body0, position0, a);
        worldAnchor(body1, position1, b);
        draw.segment(a, b, DebugDraw.Colors.JOINT);
    }

    /** @return the anchor on body 0 in its body coordinates (m). */
    public Vector3dc localAnchor0() {
        return position0;
    }

    /** @return the anchor on body 1 in its body coordinates, or the world point when body 1 is null (m). */
    public Vector3dc localAnchor1() {
        return position1;
    }

    /** @return rod or cable. */
    public Kind kind() {
        return kind;
    }

    /** @return the length (m). */
    public double length() {
        return length;
    }
}
