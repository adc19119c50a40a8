package dev.tumble.core.math;

import org.ejml.data.Complex_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.joml.Matrix3d;
import org.joml.Matrix3dc;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * The principal moments and axes of a symmetric inertia tensor, by EJML's symmetric
 * eigen-decomposition (off the per-step hot path: used once when a shape is built).
 *
 * @param moments principal moments of inertia (kg·m²), ascending
 * @param axes rotation whose columns are the principal axes (a proper rotation, det = +1):
 *     {@code inertia = axes · diag(moments) · axesᵀ}
 */
public record PrincipalAxes(Vector3d moments, Matrix3d axes) {

    /**
     * Decomposes a symmetric tensor.
     *
     * @param inertia a symmetric inertia tensor, kg·m²
     * @return its moments and axes
     */
    public static PrincipalAxes of(Matrix3dc inertia) {
        DMatrixRMaj m = new DMatrixRMaj(3, 3);
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                m.set(r, c, inertia.get(c, r));
            }
        }
        // Symmetrise: the decomposition assumes it.
        for (int r = 0; r < 3; r++) {
            for (int c = r + 1; c < 3; c++) {
                double v = 0.5 * (m.get(r, c) + m.get(c, r));
                m.set(r, c, v);
                m.set(c, r, v);
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(3, true, true);
        if (!eig.decompose(m)) {
            throw new IllegalArgumentException("inertia tensor could not be decomposed: " + inertia);
        }
        Integer[] order = {0, 1, 2};
        double[] values = new double[3];
        for (int i = 0; i < 3; i++) {
            Complex_F64 v = eig.getEigenvalue(i);
            values[i] = v.real;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(values[a], values[b]));
        Vector3d moments = new Vector3d(values[order[0]], values[order[1]], values[order[2]]);
        Vector3d[] cols = new Vector3d[3];
        for (int i = 0; i < 3; i++) {
            DMatrixRMaj v = eig.getEigenVector(order[i]);
            cols[i] = new Vector3d(v.get(0), v.get(1), v.get(2)).normalize();
        }
        // Re-orthogonalise (repeated eigenvalues give arbitrary vectors) and make right-handed.
        cols[1].sub(new Vector3d(cols[0]).mul(cols[0].dot(cols[1]))).normalize();
        cols[2] = new Vector3d(cols[0]).cross(cols[1]);
        Matrix3d axes = new Matrix3d(cols[0], cols[1], cols[2]);
        return new PrincipalAxes(moments, axes);
    }

    /** @return the principal axes as a unit quaternion (body axes → principal axes). */
    public Quaterniond rotation() {
        return axes.getNormalizedRotation(new Quaterniond());
    }
}
