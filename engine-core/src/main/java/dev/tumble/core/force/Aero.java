package dev.tumble.core.force;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.internal.Check;
import org.joml.Matrix3d;
import org.joml.Matrix3dc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * An aerodynamic surface described by an aerodynamic tensor (Millington §11.2): a 3×3 matrix,
 * in body axes, that turns the velocity of the air relative to the surface into a force.
 *
 * <p>Each step: {@code u = wind − velocityAt(point)} is the air's velocity seen from the surface
 * (world, m/s), {@code u_b = Rᵀ·u} the same in body axes, {@code f_b = T·u_b} the force in body
 * axes and {@code f = R·f_b} the force in world axes (N), applied at the surface's body point.
 * A body at rest in a wind {@code w} therefore feels {@code R·T·Rᵀ·w}; a positive diagonal
 * tensor is drag that pushes the body along with the air, off-diagonal terms give lift.
 *
 * <p>The velocity at the point includes the body's spin ({@code v + ω × r}), so surfaces away
 * from the centre of mass also damp rotation. Sign convention: Cyclone adds the wind to the
 * body's velocity ({@code T·(v + w)}), so a Cyclone tensor used with no wind maps to
 * {@code −T} here.
 *
 * <p>A sleeping body in still air is left alone (its relative air velocity is zero); any wind
 * wakes it.
 */
public class Aero implements ForceGenerator {
    private static final BodyAccess BODY = BodyAccess.get();

    /** The tensor used this step, body axes, N/(m/s) = kg/s. Subclasses rewrite it. */
    final Matrix3d tensor = new Matrix3d();
    final Vector3d bodyPoint = new Vector3d();
    final Vector3d wind = new Vector3d();

    private final Vector3d worldPoint = new Vector3d();
    private final Vector3d scratch = new Vector3d();

    /**
     * @param tensor aerodynamic tensor in body axes, kg/s (N per m/s of air speed), finite
     * @param bodyPoint point where the force acts, body coordinates, m
     * @param wind velocity of the air far from the body, world axes, m/s
     */
    public Aero(Matrix3dc tensor, Vector3dc bodyPoint, Vector3dc wind) {
        this(bodyPoint, wind);
        this.tensor.set(checkTensor("tensor", tensor));
    }

    /** For subclasses that compute the tensor themselves. */
    Aero(Vector3dc bodyPoint, Vector3dc wind) {
        Check.finite("bodyPoint", bodyPoint);
        Check.finite("wind", wind);
        this.bodyPoint.set(bodyPoint);
        this.wind.set(wind);
    }

    static Matrix3dc checkTensor(String field, Matrix3dc t) {
        Check.notNull(field, t);
        if (!Double.isFinite(t.m00()) || !Double.isFinite(t.m01()) || !Double.isFinite(t.m02())
                || !Double.isFinite(t.m10()) || !Double.isFinite(t.m11()) || !Double.isFinite(t.m12())
                || !Double.isFinite(t.m20()) || !Double.isFinite(t.m21()) || !Double.isFinite(t.m22())) {
            throw new IllegalArgumentException(field + " must be finite, was " + Check.describe(t));
        }
        return t;
    }

    /** @return the tensor in effect, body axes, kg/s (read-only view). */
    public Matrix3dc tensor() {
        return tensor;
    }

    /** @return the point where the force acts, body coordinates, m (read-only view). */
    public Vector3dc bodyPoint() {
        return bodyPoint;
    }

    /** @return the wind velocity, world axes, m/s (read-only view). */
    public Vector3dc wind() {
        return wind;
    }

    /**
     * Sets the wind velocity, world axes, m/s.
     *
     * @param x wind velocity x, m/s
     * @param y wind velocity y, m/s
     * @param z wind velocity z, m/s
     * @return this generator
     */
    public Aero wind(double x, double y, double z) {
        Check.finite("wind", x, y, z);
        wind.set(x, y, z);
        return this;
    }

    @Override
    public void updateForce(RigidBody body, double duration) {
        if (!body.isAwake() && wind.x == 0 && wind.y == 0 && wind.z == 0) {
            return;
        }
        body.pointToWorld(bodyPoint, worldPoint);
        body.velocityAtPoint(worldPoint, scratch);
        scratch.set(wind.x - scratch.x, wind.y - scratch.y, wind.z - scratch.z);
        body.directionToLocal(scratch, scratch);
        tensor.transform(scratch);
        body.directionToWorld(scratch, scratch);
        BODY.accumulateForceAtPoint(body, scratch.x, scratch.y, scratch.z, worldPoint.x, worldPoint.y, worldPoint.z);
    }
}
