package dev.tumble.core.force;

import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.internal.Check;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A Hooke's-law spring between points fixed on two bodies.
 *
 * <p>With {@code d = pointA_world − pointB_world} the force on end A, applied at its attachment
 * point, is {@code −k·(|d| − L)·d/|d|}, and the force on end B, at its point, is exactly the
 * opposite: the spring pulls the ends together when stretched and pushes them apart when
 * compressed, and conserves the pair's linear momentum. When the two points coincide the
 * direction is undefined and no force is added.
 *
 * <p>One spring object serves both ends: register it with each body that should feel it
 * ({@link #register} does both); {@link #updateForce} acts on whichever end it is given. An end
 * that is static needs no registration.
 *
 * <p>A sleeping end is left alone while the other end is asleep or static too, since nothing
 * can then change the spring; otherwise the spring's force wakes it.
 */
public final class Spring implements ForceGenerator {
    private static final BodyAccess BODY = BodyAccess.get();

    final RigidBody bodyA;
    final Vector3d pointA = new Vector3d();
    final RigidBody bodyB;
    final Vector3d pointB = new Vector3d();
    double springConstant;
    double restLength;

    private final Vector3d worldA = new Vector3d();
    private final Vector3d worldB = new Vector3d();
    private final Vector3d force = new Vector3d();

    /**
     * @param bodyA first end
     * @param pointA attachment point on {@code bodyA}, in its body coordinates, m
     * @param bodyB second end, a different body
     * @param pointB attachment point on {@code bodyB}, in its body coordinates, m
     * @param springConstant stiffness k, N/m, finite and {@code >= 0}
     * @param restLength length at which the spring exerts no force, m, finite and {@code >= 0}
     */
    public Spring(RigidBody bodyA, Vector3dc pointA, RigidBody bodyB, Vector3dc pointB,
            double springConstant, double restLength) {
        Check.notNull("bodyA", bodyA);
        Check.finite("pointA", pointA);
        Check.notNull("bodyB", bodyB);
        Check.finite("pointB", pointB);
        if (bodyA == bodyB) {
            throw new IllegalArgumentException("bodyB must differ from bodyA, was the same body " + bodyA);
        }
        Check.nonNegative("springConstant", springConstant);
        Check.nonNegative("restLength", restLength);
        this.bodyA = bodyA;
        this.pointA.set(pointA);
        this.bodyB = bodyB;
        this.pointB.set(pointB);
        this.springConstant = springConstant;
        this.restLength = restLength;
    }

    /**
     * Registers this spring with both ends (a static end is skipped).
     *
     * @param registry the registry to add the spring to
     * @return this spring
     */
    public Spring register(ForceRegistry registry) {
        if (bodyA.type() != BodyType.STATIC) {
            registry.add(bodyA, this);
        }
        if (bodyB.type() != BodyType.STATIC) {
            registry.add(bodyB, this);
        }
        return this;
    }

    /** @return the first end. */
    public RigidBody bodyA() {
        return bodyA;
    }

    /** @return the second end. */
    public RigidBody bodyB() {
        return bodyB;
    }

    /** @return the attachment point on the first end, in its body coordinates, m (read-only view). */
    public Vector3dc pointA() {
        return pointA;
    }

    /** @return the attachment point on the second end, in its body coordinates, m (read-only view). */
    public Vector3dc pointB() {
        return pointB;
    }

    /** @return the stiffness, N/m. */
    public double springConstant() {
        return springConstant;
    }

    /**
     * Sets the stiffness, N/m, finite and {@code >= 0}.
     *
     * @param k the spring constant, N/m
     * @return this spring
     */
    public Spring springConstant(double k) {
        this.springConstant = Check.nonNegative("springConstant", k);
        return this;
    }

    /** @return the rest length, m. */
    public double restLength() {
        return restLength;
    }

    /**
     * Sets the rest length, m, finite and {@code >= 0}.
     *
     * @param length the rest length, m
     * @return this spring
     */
    public Spring restLength(double length) {
        this.restLength = Check.nonNegative("restLength", length);
        return this;
    }

    /**
     * Adds the spring force to {@code body}, which must be one of the two ends.
     *
     * @throws IllegalArgumentException when {@code body} is neither end
     */
    @Override
    public void updateForce(RigidBody body, double duration) {
        RigidBody other;
        if (body == bodyA) {
            other = bodyB;
        } else if (body == bodyB) {
            other = bodyA;
        } else {
            throw new IllegalArgumentException("body must be an end of this spring, was " + body);
        }
        if (!body.isAwake() && (!other.isAwake() || other.type() == BodyType.STATIC)) {
            return;
        }
        bodyA.pointToWorld(pointA, worldA);
        bodyB.pointToWorld(pointB, worldB);
        // Both ends use the force computed in the same order, so they are exact negatives.
        if (!hooke(worldA, worldB, springConstant, restLength, force)) {
            return;
        }
        if (body == bodyA) {
            BODY.accumulateForceAtPoint(body, force.x, force.y, force.z, worldA.x, worldA.y, worldA.z);
        } else {
            force.negate();
            BODY.accumulateForceAtPoint(body, force.x, force.y, force.z, worldB.x, worldB.y, worldB.z);
        }
    }

    /**
     * The Hooke force on the end at {@code p} of a spring from {@code p} to {@code q}:
     * {@code −k·(|p − q| − L)·(p − q)/|p − q|}, into {@code dest}.
     *
     * @return false (and {@code dest} unspecified) when the points coincide
     */
    static boolean hooke(Vector3dc p, Vector3dc q, double k, double restLength, Vector3d dest) {
        double dx = p.x() - q.x(), dy = p.y() - q.y(), dz = p.z() - q.z();
        double length = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (length == 0) {
            return false;
        }
        double scale = -k * (length - restLength) / length;
        dest.set(dx * scale, dy * scale, dz * scale);
        return true;
    }
}
