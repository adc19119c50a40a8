package dev.tumble.core.math;

import static dev.tumble.core.math.InertiaTest.assertMatrix;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.joml.Matrix3d;
import org.joml.Matrix3dc;
import org.joml.Quaterniond;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PrincipalAxesTest {

    @ParameterizedTest(name = "moments ({0}, {1}, {2})")
    @CsvSource({
        "1, 2, 3",       // distinct
        "1.5, 1.5, 4",   // axisymmetric: a repeated pair
        "2, 2, 2",       // sphere: any axes
        "0.3, 7, 7",
    })
    void recoversTheMomentsAndAxesOfARotatedTensor(double a, double b, double c) {
        Matrix3d rotation = new Quaterniond().rotateXYZ(0.7, -0.4, 1.9).get(new Matrix3d());
        Matrix3d diag = new Matrix3d().scaling(a, b, c);
        Matrix3d tensor = new Matrix3d(rotation).mul(diag).mul(new Matrix3d(rotation).transpose());

        PrincipalAxes p = PrincipalAxes.of(tensor);
        double[] sorted = {a, b, c};
        java.util.Arrays.sort(sorted);
        assertEquals(sorted[0], p.moments().x, 1e-12);
        assertEquals(sorted[1], p.moments().y, 1e-12);
        assertEquals(sorted[2], p.moments().z, 1e-12);

        Matrix3dc axes = p.axes();
        Matrix3d rebuilt = new Matrix3d(axes).mul(new Matrix3d().scaling(p.moments()))
                .mul(new Matrix3d(axes).transpose());
        assertMatrix(tensor, rebuilt, 1e-12);
        assertEquals(1, axes.determinant(), 1e-12, "a proper rotation");
        assertMatrix(new Matrix3d(), new Matrix3d(axes).transpose().mul(axes), 1e-12);
        // The quaternion form describes the same rotation.
        assertMatrix(axes, p.rotation().get(new Matrix3d()), 1e-12);
    }
}
