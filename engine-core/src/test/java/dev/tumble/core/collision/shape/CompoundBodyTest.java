package dev.tumble.core.collision.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.math.Inertia;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** {@code RigidBody.density}: mass and inertia of compounds; the centre of mass stays at the body origin. */
class CompoundBodyTest {
    @Test
    void singleBoxMatchesInertiaBox() {
        RigidBody b = RigidBody.dynamic(new Box(0.5, 1, 1.5)).density(10);
        assertEquals(10 * 8 * 0.75, b.mass(), 1e-12);
        Matrix3d inv = b.getInverseInertiaTensor(new Matrix3d());
        Matrix3d want = Inertia.box(60, 0.5, 1, 1.5).invert();
        for (int i = 0; i < 3; i++) {
            assertEquals(want.get(i, i), inv.get(i, i), 1e-12);
        }
    }

    @Test
    void offCentreCompoundShiftsShapesNotTheWorld() {
        Sphere s1 = new Sphere(0.5);
        Box b2 = new Box(0.5, 0.5, 0.5);
        b2.offset(new Vector3d(2, 0, 0), new Quaterniond().rotateY(0.3));
        // addShape (not the dynamic(Shape...) factory, which applies a default density at once).
        RigidBody body = RigidBody.dynamic().addShape(s1).addShape(b2).position(1, 1, 1)
                .orientation(new Quaterniond().rotateZ(Math.PI / 2));
        Pose before1 = new Pose().set(body, s1), before2 = new Pose().set(body, b2);
        body.density(1000);
        double m1 = 1000 * 4.0 / 3 * Math.PI * 0.125, m2 = 1000;
        assertEquals(m1 + m2, body.mass(), 1e-9);
        double cx = 2 * m2 / (m1 + m2);
        assertEquals(-cx, s1.offsetPosition().x(), 1e-12);
        assertEquals(2 - cx, b2.offsetPosition().x(), 1e-12);
        Pose after1 = new Pose().set(body, s1), after2 = new Pose().set(body, b2);
        assertEquals(before1.px, after1.px, 1e-12);
        assertEquals(before1.py, after1.py, 1e-12);
        assertEquals(before2.py, after2.py, 1e-12);
        assertEquals(before2.r[1], after2.r[1], 1e-12);
        // Body origin moved to the world centre of mass: (1, 1 + cx, 1) after the 90° turn about z.
        assertEquals(1 + cx, body.position().y(), 1e-12);
        // Inertia about the body x axis (along the two centres) is the sum of the parts' own.
        Matrix3d inv = body.getInverseInertiaTensor(new Matrix3d());
        double ixx = Inertia.sphere(m1, 0.5).m00 + new Matrix3d(Inertia.box(m2, 0.5, 0.5, 0.5)).m00;
        assertEquals(1 / ixx, inv.m00, 1e-9);
        double iyy = 0.4 * m1 * 0.25 + m1 * cx * cx + m2 / 3 * 0.5 + m2 * (2 - cx) * (2 - cx);
        assertEquals(1 / iyy, inv.m11, 1e-9);
    }

    @Test
    void badDensity() {
        assertThrows(IllegalArgumentException.class, () -> RigidBody.dynamic(new Sphere(1)).density(0));
        assertThrows(IllegalArgumentException.class, () -> RigidBody.dynamic().density(1));
        assertThrows(IllegalArgumentException.class, () -> RigidBody.fixed(new HalfSpace(0, 1, 0, 0)).density(1));
    }

    @Test
    void aBodyMadeFromShapesGetsTheDefaultDensityAndMassRescalesItsInertia() {
        RigidBody body = RigidBody.dynamic(new Box(0.5, 0.5, 0.5));
        assertEquals(RigidBody.DEFAULT_DENSITY, body.mass(), 1e-9, "1 m³ at the default density");
        body.mass(1);
        Matrix3d inv = body.getInverseInertiaTensor(new Matrix3d());
        assertEquals(1 / new Matrix3d(Inertia.box(1, 0.5, 0.5, 0.5)).m00, inv.m00, 1e-12);
        assertEquals(1 / new Matrix3d(Inertia.box(1, 0.5, 0.5, 0.5)).m22, inv.m22, 1e-12);
    }
}
