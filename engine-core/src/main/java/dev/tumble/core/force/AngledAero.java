package dev.tumble.core.force;

import dev.tumble.core.internal.Check;
import org.joml.Matrix3d;
import org.joml.Matrix3dc;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3dc;

/**
 * An aerodynamic surface that can turn relative to its body (a swivelling fin, a steerable
 * sail): its tensor {@code T} is given in the surface's own axes, and the surface's orientation
 * {@code Q} relative to the body turns it into the body-axes tensor {@code Q·T·Qᵀ}. Cyclone
 * declares this class but leaves it unimplemented.
 *
 * <p>Units as in {@link Aero}: tensor in kg/s, points in m, wind in m/s.
 */
public class AngledAero extends Aero {
    final Matrix3d surfaceTensor = new Matrix3d();
    final Quaterniond orientation = new Quaterniond();
    private final Matrix3d rotation = new Matrix3d();
    private final Matrix3d rotationT = new Matrix3d();

    /**
     * @param surfaceTensor aerodynamic tensor in the surface's own axes, kg/s
     * @param orientation the surface's axes relative to the body's (any non-zero quaternion;
     *     normalised)
     * @param bodyPoint point where the force acts, body coordinates, m
     * @param wind velocity of the air, world axes, m/s
     */
    public AngledAero(Matrix3dc surfaceTensor, Quaterniondc orientation, Vector3dc bodyPoint, Vector3dc wind) {
        super(bodyPoint, wind);
        this.surfaceTensor.set(checkTensor("surfaceTensor", surfaceTensor));
        orientation(orientation);
    }

    /** @return the surface's orientation relative to the body, a unit quaternion (read-only). */
    public Quaterniondc orientation() {
        return orientation;
    }

    /**
     * Turns the surface relative to the body and recomputes the body-axes tensor.
     *
     * @param q any non-zero, finite quaternion (normalised)
     * @return this generator
     */
    public AngledAero orientation(Quaterniondc q) {
        Check.rotation("orientation", q);
        orientation.set(q).normalize();
        orientation.get(rotation);
        // Q·T·Qᵀ, written into the tensor in effect (no allocation).
        tensor.set(rotation).mul(surfaceTensor).mul(rotationT.setTransposed(rotation));
        return this;
    }

    /** @return the tensor in the surface's own axes, kg/s (read-only view). */
    public Matrix3dc surfaceTensor() {
        return surfaceTensor;
    }
}
