package dev.tumble.core.force;

import dev.tumble.core.internal.Check;
import org.joml.Matrix3d;
import org.joml.Matrix3dc;
import org.joml.Vector3dc;

/**
 * An aerodynamic surface with a control input (Millington §11.3: flaps, ailerons, rudders). The
 * tensor in effect is interpolated linearly from the base tensor at control 0 to the minimum
 * tensor at −1 and the maximum tensor at +1; the three end points are reproduced exactly.
 *
 * <p>All tensors are in body axes, in kg/s (N per m/s of air speed); see {@link Aero} for how the
 * tensor turns the wind into a force.
 */
public class AeroControl extends Aero {
    final Matrix3d minTensor = new Matrix3d();
    final Matrix3d baseTensor = new Matrix3d();
    final Matrix3d maxTensor = new Matrix3d();
    double control;

    /**
     * @param baseTensor tensor at control 0, kg/s
     * @param minTensor tensor at control −1, kg/s
     * @param maxTensor tensor at control +1, kg/s
     * @param bodyPoint point where the force acts, body coordinates, m
     * @param wind velocity of the air, world axes, m/s
     */
    public AeroControl(Matrix3dc baseTensor, Matrix3dc minTensor, Matrix3dc maxTensor,
            Vector3dc bodyPoint, Vector3dc wind) {
        super(bodyPoint, wind);
        this.baseTensor.set(checkTensor("baseTensor", baseTensor));
        this.minTensor.set(checkTensor("minTensor", minTensor));
        this.maxTensor.set(checkTensor("maxTensor", maxTensor));
        this.tensor.set(baseTensor);
    }

    /** @return the control setting, in [−1, 1] (dimensionless). */
    public double control() {
        return control;
    }

    /**
     * Sets the control setting and recomputes the tensor in effect.
     *
     * @param setting in [−1, 1]: −1 gives the minimum tensor, 0 the base, +1 the maximum
     * @return this generator
     */
    public AeroControl control(double setting) {
        Check.inRange("control", setting, -1, 1);
        this.control = setting;
        if (setting < 0) {
            // Weights (1 + s) and −s sum to 1, so s = −1 gives minTensor exactly and s = 0 base.
            blend(baseTensor, 1 + setting, minTensor, -setting);
        } else {
            blend(baseTensor, 1 - setting, maxTensor, setting);
        }
        return this;
    }

    private void blend(Matrix3dc a, double wa, Matrix3dc b, double wb) {
        tensor.set(
                a.m00() * wa + b.m00() * wb, a.m01() * wa + b.m01() * wb, a.m02() * wa + b.m02() * wb,
                a.m10() * wa + b.m10() * wb, a.m11() * wa + b.m11() * wb, a.m12() * wa + b.m12() * wb,
                a.m20() * wa + b.m20() * wb, a.m21() * wa + b.m21() * wb, a.m22() * wa + b.m22() * wb);
    }
}
