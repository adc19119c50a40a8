package dev.tumble.core.force;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.internal.Check;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A Hooke's-law spring from a point fixed on a body to a fixed point in the world.
 *
 * <p>The force on the body, applied at the attachment point, is
 * {@code −k·(|d| − L)·d/|d|} with {@code d = attachment − anchor}: it pulls when stretched and
 * pushes when compressed (Cyclone takes {@code |(|d| − L)|} and so always pulls). When the
 * attachment point sits exactly on the anchor the direction is undefined and no force is added.
 *
 * <p>A sleeping body is left alone: with a fixed anchor nothing can change the spring while the
 * body sleeps. Wake the body when you move the anchor.
 */
public final class AnchoredSpring implements ForceGenerator {
    private static final BodyAccess BODY = BodyAccess.get();

    final Vector3d bodyPoint = new Vector3d();
    final Vector3d anchor = new Vector3d();
    double springConstant;
    double restLength;

    private final Vector3d worldPoint = new Vector3d();
    private final Vector3d force = new Vector3d();

    /**
     * @param bodyPoint attachment point in body coordinates, m
     * @param anchor fixed end in world coordinates, m
     * @param springConstant stiffness k, N/m, finite and {@code >= 0}
     * @param restLength length at which the spring exerts no force, m, finite and {@code >= 0}
     */
    public AnchoredSpring(Vector3dc bodyPoint, Vector3dc anchor, double springConstant, double restLength) {
        Check.finite("bodyPoint", bodyPoint);
        Check.finite("anchor", anchor);
        Check.nonNegative("springConstant", springConstant);
        Check.nonNegative("restLength", restLength);
        this.bodyPoint.set(bodyPoint);
        this.anchor.set(anchor);
        this.springConstant = springConstant;
        this.restLength = restLength;
    }

    /** @return the attachment point in body coordinates, m (read-only view). */
    public Vector3dc bodyPoint() {
        return bodyPoint;
    }

    /** @return the fixed world end, m (read-only view). */
    public Vector3dc anchor() {
        return anchor;
    }

    /**
     * Moves the fixed world end, in m. Does not wake the body.
     *
     * @param x the anchor x, m
     * @param y the anchor y, m
     * @param z the anchor z, m
     * @return this spring
     */
    public AnchoredSpring anchor(double x, double y, double z) {
        Check.finite("anchor", x, y, z);
        anchor.set(x, y, z);
        return this;
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
    public AnchoredSpring springConstant(double k) {
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
    public AnchoredSpring restLength(double length) {
        this.restLength = Check.nonNegative("restLength", length);
        return this;
    }

    @Override
    public void updateForce(RigidBody body, double duration) {
        if (!body.isAwake()) {
            return;
        }
        body.pointToWorld(bodyPoint, worldPoint);
        if (Spring.hooke(worldPoint, anchor, springConstant, restLength, force)) {
            BODY.accumulateForceAtPoint(body, force.x, force.y, force.z, worldPoint.x, worldPoint.y, worldPoint.z);
        }
    }
}
