package dev.tumble.core.joint;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.debug.DebugDraw;
import dev.tumble.core.internal.Check;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A joint in Millington's sense (ch. 15): a contact generator that, each step, writes contacts
 * pulling its bodies back wherever the constraint is violated, so the same resolver that handles
 * collisions keeps the joint together. {@code body1} may be null: the joint then holds
 * {@code body0} to a fixed point of the world.
 *
 * <p>Subclasses write contacts whose normal is the direction body 0 must move, as every contact.
 */
public abstract class Joint {
    /** Friction on joint contacts: Millington uses 1, which also holds the joint points together sideways. */
    public static final double JOINT_FRICTION = 1.0;

    /** The first body: the one each contact's normal says how to move. */
    protected final RigidBody body0;
    /** The second body, or null when the joint anchors body 0 to the world. */
    protected final RigidBody body1;
    private boolean collideConnected;
    /** Impulses the sequential-impulse solver accumulated on this joint's rows (see {@link #solverImpulses()}). */
    private final double[] solverImpulses = new double[SOLVER_ROWS];
    /** Rows of {@link #solverImpulses()}: point (3), axis alignment (2), lower and upper limit, length. */
    public static final int SOLVER_ROWS = 8;
    /** Scratch vector for the contact generators, so a step allocates nothing. */
    protected final Vector3d a = new Vector3d();
    /** Scratch vector for the contact generators, so a step allocates nothing. */
    protected final Vector3d b = new Vector3d();
    /** Scratch vector for the contact generators, so a step allocates nothing. */
    protected final Vector3d d = new Vector3d();

    /**
     * A joint between two different bodies.
     *
     * @param body0 the first body, not null
     * @param body1 the second body, or null to anchor body 0 to the world
     * @throws IllegalArgumentException when body0 is null or both are the same body
     */
    protected Joint(RigidBody body0, RigidBody body1) {
        Check.notNull("body0", body0);
        if (body0 == body1) {
            throw new IllegalArgumentException("body0 and body1 must be different bodies, both were " + body0);
        }
        this.body0 = body0;
        this.body1 = body1;
    }

    /**
     * @return whether the two joined bodies also collide with each other (default false: jointed
     *     neighbours usually overlap at the joint, and colliding there would fight the joint)
     */
    public boolean collideConnected() {
        return collideConnected;
    }

    /**
     * Sets whether the two joined bodies collide with each other.
     *
     * @param collide whether they collide
     * @return this joint
     */
    public Joint collideConnected(boolean collide) {
        this.collideConnected = collide;
        return this;
    }

    /**
     * The impulses the sequential-impulse solver applied on this joint's rows in the last substep of the
     * last step (N·s for point and length rows, N·m·s for angular rows): the joint's reaction over
     * that substep. Indices: 0–2 the held point (x, y, z), 3–4 a hinge's axis alignment, 5 and 6
     * the lower and upper limit (hinge angle or cable length), 7 a rod's length. Owned by the
     * world's solver: read, do not write.
     *
     * @return the impulses, {@link #SOLVER_ROWS} entries
     */
    public double[] solverImpulses() {
        return solverImpulses;
    }

    /** @return the first body (the one the contacts move along their normal). */
    public RigidBody body0() {
        return body0;
    }

    /** @return the second body, or null when the joint anchors body 0 to the world. */
    public RigidBody body1() {
        return body1;
    }

    /**
     * Writes this step's contacts for the joint into {@code contacts}.
     *
     * @param contacts receives the contacts
     * @return the number of contacts written
     */
    public abstract int addContacts(ContactBuffer contacts);

    /**
     * @return how far the joint is from satisfied now (m): the distance between points that
     *     should coincide, or the excess over an allowed length.
     */
    public abstract double error();

    /**
     * Draws the joint (anchors and the segment between them).
     *
     * @param draw receives the lines and points
     */
    public abstract void debugDraw(DebugDraw draw);

    /**
     * World point of a body-space anchor on body (or, when body is null, the anchor itself).
     *
     * @param body the body, or null for the world
     * @param local the anchor in body space, m
     * @param dest receives the world point
     * @return {@code dest}
     */
    protected static Vector3d worldAnchor(RigidBody body, Vector3dc local, Vector3d dest) {
        return body == null ? dest.set(local) : body.pointToWorld(local, dest);
    }

    /**
     * Body-space point for a world point (or the world point itself when body is null).
     *
     * @param body the body, or null for the world
     * @param world the point in world space, m
     * @return a new vector holding the body-space point, m
     */
    protected static Vector3d localAnchor(RigidBody body, Vector3dc world) {
        return body == null ? new Vector3d(world) : body.pointToLocal(world, new Vector3d());
    }

    /**
     * Holds world points {@code pa} (on body 0) and {@code pb} (on body 1) together in all three
     * directions: six contacts at the midpoint with normals ±x, ±y, ±z and penetrations ±(pb − pa)
     * along them. A single contact along the separation (Millington's joint) cannot see motion
     * across that direction, so chains drift apart; the opposing pairs make each axis bilateral —
     * the one with positive penetration is projected out, and whichever of a pair is closing
     * stops the relative velocity along its axis.
     *
     * @param contacts receives the contacts
     * @param pa the point on body 0, world space, m
     * @param pb the point on body 1, world space, m
     * @return the number of contacts written (6)
     */
    protected int holdTogether(ContactBuffer contacts, Vector3dc pa, Vector3dc pb) {
        double mx = 0.5 * (pa.x() + pb.x()), my = 0.5 * (pa.y() + pb.y()), mz = 0.5 * (pa.z() + pb.z());
        double dx = pb.x() - pa.x(), dy = pb.y() - pa.y(), dz = pb.z() - pa.z();
        contacts.add(body0, body1, mx, my, mz, 1, 0, 0, dx, 0, 0).joint(true);
        contacts.add(body0, body1, mx, my, mz, -1, 0, 0, -dx, 0, 0).joint(true);
        contacts.add(body0, body1, mx, my, mz, 0, 1, 0, dy, 0, 0).joint(true);
        contacts.add(body0, body1, mx, my, mz, 0, -1, 0, -dy, 0, 0).joint(true);
        contacts.add(body0, body1, mx, my, mz, 0, 0, 1, dz, 0, 0).joint(true);
        contacts.add(body0, body1, mx, my, mz, 0, 0, -1, -dz, 0, 0).joint(true);
        return 6;
    }

    /**
     * Adds the contact that brings world points {@code pa} (on body 0) and {@code pb} (on body 1)
     * together when they are more than {@code allowed} apart.
     *
     * @param contacts receives the contact
     * @param pa the point on body 0, world space, m
     * @param pb the point on body 1, world space, m
     * @param allowed how far apart the points may be, m
     * @param friction the contact's friction coefficient
     * @return 1 when a contact was written, else 0
     */
    protected int pullTogether(ContactBuffer contacts, Vector3dc pa, Vector3dc pb, double allowed, double friction) {
        double dx = pb.x() - pa.x(), dy = pb.y() - pa.y(), dz = pb.z() - pa.z();
        double length = unoverflowed(Math.sqrt(dx * dx + dy * dy + dz * dz), dx, dy, dz);
        if (!(length > allowed) || length == 0) {
            return 0;
        }
        double inv = 1 / length;
        contacts.add(body0, body1, 0.5 * (pa.x() + pb.x()), 0.5 * (pa.y() + pb.y()), 0.5 * (pa.z() + pb.z()),
                dx * inv, dy * inv, dz * inv, length - allowed, friction, 0).joint(true);
        return 1;
    }

    /**
     * The length of {@code (x, y, z)} given {@code plain}, the one computed as √(x² + y² + z²):
     * that one when it is finite, else (finite components whose squares overflow, past about
     * 1e154 m) the length computed without overflow, so a joint stretched absurdly far still has
     * a direction to pull along and the world's guard, not a zero normal, deals with it.
     */
    static double unoverflowed(double plain, double x, double y, double z) {
        if (plain < Double.POSITIVE_INFINITY || !Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
            return plain;
        }
        double m = Math.max(Math.abs(x), Math.max(Math.abs(y), Math.abs(z)));
        x /= m;
        y /= m;
        z /= m;
        return m * Math.sqrt(x * x + y * y + z * z);
    }
}
