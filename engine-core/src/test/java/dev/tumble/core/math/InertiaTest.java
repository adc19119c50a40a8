package dev.tumble.core.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.joml.Matrix3d;
import org.joml.Matrix3dc;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

class InertiaTest {

    static void assertMatrix(Matrix3dc expected, Matrix3dc actual, double eps) {
        for (int c = 0; c < 3; c++) {
            for (int r = 0; r < 3; r++) {
                assertEquals(expected.get(c, r), actual.get(c, r), eps,
                        "entry (" + r + ", " + c + ") of " + actual + " expected " + expected);
            }
        }
    }

    static void assertRelative(Matrix3dc expected, Matrix3dc actual, double relative) {
        double scale = 0;
        for (int c = 0; c < 3; c++) {
            for (int r = 0; r < 3; r++) {
                scale = Math.max(scale, Math.abs(expected.get(c, r)));
            }
        }
        assertMatrix(expected, actual, relative * scale);
    }

    @Test
    void boxUsesOneThirdNotCyclonesPointThree() {
        double m = 3, hx = 0.5, hy = 1, hz = 1.5;
        Matrix3d box = Inertia.box(m, hx, hy, hz);
        // With full extents X = 2hx, …: m(Y² + Z²)/12.
        double ixx = m * (4 * hy * hy + 4 * hz * hz) / 12;
        double iyy = m * (4 * hx * hx + 4 * hz * hz) / 12;
        double izz = m * (4 * hx * hx + 4 * hy * hy) / 12;
        assertMatrix(new Matrix3d(ixx, 0, 0, 0, iyy, 0, 0, 0, izz), box, 1e-12);
        assertEquals(3.25, box.m00(), 1e-12);
        assertTrue(Math.abs(box.m00() - 0.3 * m * (hy * hy + hz * hz)) > 0.1, "not Cyclone's 0.3");
    }

    @Test
    void sphereAndShell() {
        assertMatrix(new Matrix3d().scaling(0.4 * 5 * 4), Inertia.sphere(5, 2), 1e-12);
        assertMatrix(new Matrix3d().scaling(2.0 / 3 * 5 * 4), Inertia.sphericalShell(5, 2), 1e-12);
    }

    @Test
    void cylinderAlongY() {
        double m = 2, r = 0.5, h = 1.5;
        Matrix3d i = Inertia.cylinder(m, r, h);
        double side = m * (3 * r * r + (2 * h) * (2 * h)) / 12;
        assertMatrix(new Matrix3d(side, 0, 0, 0, 0.5 * m * r * r, 0, 0, 0, side), i, 1e-12);
    }

    @Test
    void capsuleWithZeroHalfHeightIsASphere() {
        assertMatrix(Inertia.sphere(7, 0.8), Inertia.capsule(7, 0.8, 0), 1e-12);
        assertEquals(4.0 / 3 * Math.PI * 0.512, Inertia.capsuleVolume(0.8, 0), 1e-12);
    }

    @Test
    void capsuleMatchesAFinelyTessellatedMeshWithinOnePercent() {
        double r = 0.5, h = 0.75, density = 800;
        Meshes mesh = Meshes.capsule(r, h, 128, 48);
        MassProperties props = MassProperties.ofClosedMesh(mesh.vertices, mesh.triangles, density);
        double mass = density * Inertia.capsuleVolume(r, h);
        assertEquals(mass, props.mass(), 0.01 * mass, "mesh volume");
        assertEquals(0, props.centre().length(), 1e-9, "symmetric mesh centred at the origin");
        assertRelative(Inertia.capsule(mass, r, h), props.inertia(), 0.01);
        // Same mass, the shape alone: much closer than 1 %.
        assertRelative(Inertia.capsule(props.mass(), r, h), props.inertia(), 2e-3);
    }

    @Test
    void cylinderMatchesATessellatedMesh() {
        // About the axis, a capsule is its cylinder plus a sphere (the two hemispheres), so the
        // meshes of a capsule and of a sphere give the cylinder's axial moment by difference.
        double r = 0.4, h = 1.0, density = 1;
        MassProperties capsule = MassProperties.ofClosedMesh(Meshes.capsule(r, h, 128, 48).vertices,
                Meshes.capsule(r, h, 128, 48).triangles, density);
        MassProperties sphere = MassProperties.ofClosedMesh(Meshes.capsule(r, 0, 128, 48).vertices,
                Meshes.capsule(r, 0, 128, 48).triangles, density);
        double cylMass = density * Math.PI * r * r * 2 * h;
        Matrix3d cylinder = Inertia.cylinder(cylMass, r, h);
        // Capsule = cylinder + two hemispheres shifted by ±h: Iyy adds directly.
        assertEquals(cylinder.m11() + sphere.inertia().m11(), capsule.inertia().m11(), 0.01 * capsule.inertia().m11());
    }

    @Test
    void boxEqualsThe12TriangleMeshExactly() {
        double hx = 0.5, hy = 1.25, hz = 2, density = 7.5;
        MassProperties props = MassProperties.ofClosedMesh(
                Meshes.box(hx, hy, hz, new Vector3d()).vertices, Meshes.box(hx, hy, hz, new Vector3d()).triangles, density);
        double mass = density * 8 * hx * hy * hz;
        assertEquals(mass, props.mass(), 1e-12);
        assertEquals(0, props.centre().length(), 1e-12);
        assertMatrix(Inertia.box(mass, hx, hy, hz), props.inertia(), 1e-12);
    }

    @Test
    void offCentreMeshGivesTheRightCentreAndTheSameTensor() {
        double hx = 0.5, hy = 1.25, hz = 2, density = 2;
        Vector3d c = new Vector3d(1, -2, 3);
        Meshes mesh = Meshes.box(hx, hy, hz, c);
        MassProperties props = MassProperties.ofClosedMesh(mesh.vertices, mesh.triangles, density);
        assertEquals(c.x, props.centre().x(), 1e-12);
        assertEquals(c.y, props.centre().y(), 1e-12);
        assertEquals(c.z, props.centre().z(), 1e-12);
        double mass = density * 8 * hx * hy * hz;
        assertEquals(mass, props.mass(), 1e-12);
        // About its own centre: the centred box's tensor (the shift cancels up to round-off).
        assertMatrix(Inertia.box(mass, hx, hy, hz), props.inertia(), 1e-11);
    }

    @Test
    void parallelAxisTheorem() {
        double m = 2;
        Matrix3d sphere = Inertia.sphere(m, 0.5);
        Matrix3d moved = Inertia.parallelAxis(sphere, m, new Vector3d(1, 2, 0), new Matrix3d());
        double i0 = 0.4 * m * 0.25;
        assertMatrix(new Matrix3d(
                i0 + m * 4, -m * 2, 0,
                -m * 2, i0 + m * 1, 0,
                0, 0, i0 + m * 5), moved, 1e-12);
        // A rod-like box about its end: m·L²/3 for a thin rod of length L.
        double L = 2;
        Matrix3d thin = Inertia.box(m, L / 2, 1e-4, 1e-4);
        Matrix3d aboutEnd = Inertia.parallelAxis(thin, m, new Vector3d(L / 2, 0, 0), new Matrix3d());
        assertEquals(m * L * L / 3, aboutEnd.m11(), 1e-7);
        assertEquals(m * L * L / 3, aboutEnd.m22(), 1e-7);
    }

    @Test
    void rotateTurnsTheTensor() {
        Matrix3d box = Inertia.box(1, 0.5, 1, 1.5);
        Matrix3d r = new Quaterniond().rotateZ(Math.PI / 2).get(new Matrix3d());
        Matrix3d turned = Inertia.rotate(box, r, new Matrix3d());
        // A quarter turn about z swaps the x and y moments.
        assertMatrix(new Matrix3d(box.m11(), 0, 0, 0, box.m00(), 0, 0, 0, box.m22()), turned, 1e-12);
    }

    @Test
    void rejectsBadDimensions() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Inertia.box(-1, 1, 1, 1));
        assertTrue(e.getMessage().contains("mass") && e.getMessage().contains("-1.0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Inertia.sphere(1, Double.NaN));
        assertTrue(e.getMessage().contains("radius") && e.getMessage().contains("NaN"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Inertia.capsule(1, 1, -0.5));
        assertTrue(e.getMessage().contains("halfHeight") && e.getMessage().contains("-0.5"), e.getMessage());
    }
}
