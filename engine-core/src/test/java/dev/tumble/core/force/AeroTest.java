package dev.tumble.core.force;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.joml.Vector3dc;
import org.junit.jupiter.api.Test;

class AeroTest {
    private static final double EPS = 1e-12;

    private static final Matrix3d T = new Matrix3d(0.5, 0.2, -0.1, 1.5, 0.8, 0.05, 0, -0.3, 2.0);

    private static void assertVector(Vector3dc expected, Vector3dc actual, double eps) {
        assertEquals(expected.x(), actual.x(), eps, "x of " + actual);
        assertEquals(expected.y(), actual.y(), eps, "y of " + actual);
        assertEquals(expected.z(), actual.z(), eps, "z of " + actual);
    }

    @Test
    void bodyAtRestInAWindGetsTensorTimesWind() {
        RigidBody body = RigidBody.dynamic().position(1, 2, 3);
        Vector3d wind = new Vector3d(5, 0, -2);
        new Aero(T, new Vector3d(), wind).updateForce(body, 0.01);
        assertVector(T.transform(new Vector3d(wind)), body.accumulatedForce(), EPS);
        assertVector(new Vector3d(), body.accumulatedTorque(), EPS);
    }

    @Test
    void tensorActsInBodyAxesAndForceAtTheBodyPoint() {
        Quaterniond q = new Quaterniond().rotateXYZ(0.3, -1.1, 0.7);
        RigidBody body = RigidBody.dynamic().position(1, 2, 3).orientation(q);
        Vector3d wind = new Vector3d(5, 0, -2);
        Vector3d point = new Vector3d(0.5, 0, 0.25);
        new Aero(T, point, wind).updateForce(body, 0.01);
        Matrix3d r = q.get(new Matrix3d());
        // R·T·Rᵀ·w
        Vector3d expected = new Matrix3d(r).mul(T).mul(new Matrix3d(r).transpose()).transform(new Vector3d(wind));
        assertVector(expected, body.accumulatedForce(), EPS);
        Vector3d arm = r.transform(new Vector3d(point));
        assertVector(arm.cross(expected, new Vector3d()), body.accumulatedTorque(), EPS);
    }

    @Test
    void movingBodyInStillAirFeelsTheOppositeVelocity() {
        Matrix3d drag = new Matrix3d().scaling(2);
        RigidBody body = RigidBody.dynamic().velocity(3, 0, -1);
        new Aero(drag, new Vector3d(), new Vector3d()).updateForce(body, 0.01);
        assertVector(new Vector3d(-6, 0, 2), body.accumulatedForce(), EPS);
    }

    @Test
    void spinningBodyFeelsTheVelocityAtThePoint() {
        // ω = (0, 0, 2) and a surface at body (1, 0, 0): the point moves at (0, 2, 0).
        Matrix3d drag = new Matrix3d().scaling(1);
        RigidBody body = RigidBody.dynamic().angularVelocity(0, 0, 2);
        new Aero(drag, new Vector3d(1, 0, 0), new Vector3d()).updateForce(body, 0.01);
        assertVector(new Vector3d(0, -2, 0), body.accumulatedForce(), EPS);
        assertTrue(body.accumulatedTorque().z() < 0, "the drag opposes the spin");
    }

    @Test
    void aeroControlInterpolatesBetweenMinBaseAndMax() {
        Matrix3d base = new Matrix3d().scaling(1, 2, 3);
        Matrix3d min = new Matrix3d(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9);
        Matrix3d max = new Matrix3d(-1, 0, 4, 0, 7, 0, 2, 0, 5);
        AeroControl control = new AeroControl(base, min, max, new Vector3d(), new Vector3d(1, 1, 1));
        assertEquals(0, control.control());
        assertEquals(base, control.tensor(), "0 → base");
        assertEquals(min, control.control(-1).tensor(), "−1 → min exactly");
        assertEquals(max, control.control(1).tensor(), "+1 → max exactly");
        assertEquals(base, control.control(0).tensor(), "back to base exactly");
        Matrix3d half = new Matrix3d(base).scale(0.5).add(new Matrix3d(max).scale(0.5));
        assertTrue(half.equals(control.control(0.5).tensor(), EPS), "+0.5 → midpoint of base and max");
        Matrix3d quarter = new Matrix3d(base).scale(0.75).add(new Matrix3d(min).scale(0.25));
        assertTrue(quarter.equals(control.control(-0.25).tensor(), EPS), "−0.25 → ¾ base + ¼ min");

        RigidBody body = RigidBody.dynamic();
        control.control(1).updateForce(body, 0.01);
        assertVector(max.transform(new Vector3d(1, 1, 1)), body.accumulatedForce(), EPS);
    }

    @Test
    void angledAeroTurnsItsTensor() {
        // A surface that only resists air along its own x; turned 90° about z its x is body y.
        Matrix3d alongX = new Matrix3d().zero();
        alongX.m00(3);
        Quaterniond turn = new Quaterniond().rotateZ(Math.PI / 2);
        AngledAero aero = new AngledAero(alongX, turn, new Vector3d(), new Vector3d(0, 2, 0));
        RigidBody body = RigidBody.dynamic();
        aero.updateForce(body, 0.01);
        assertVector(new Vector3d(0, 6, 0), body.accumulatedForce(), EPS);

        // Wind along x no longer acts once the surface is turned.
        RigidBody other = RigidBody.dynamic();
        aero.wind(2, 0, 0).updateForce(other, 0.01);
        assertVector(new Vector3d(), other.accumulatedForce(), EPS);
    }

    @Test
    void angledAeroOnATurnedBodyIsRQTQtRt() {
        Quaterniond q = new Quaterniond().rotateXYZ(0.4, 0.2, -0.9);
        Quaterniond s = new Quaterniond().rotateXYZ(-0.5, 1.2, 0.1);
        Vector3d wind = new Vector3d(-1, 4, 2);
        AngledAero aero = new AngledAero(T, s, new Vector3d(), wind);
        RigidBody body = RigidBody.dynamic().orientation(q);
        aero.updateForce(body, 0.01);
        Matrix3d rq = q.get(new Matrix3d()).mul(s.get(new Matrix3d()));
        Vector3d expected = new Matrix3d(rq).mul(T).mul(new Matrix3d(rq).transpose()).transform(new Vector3d(wind));
        assertVector(expected, body.accumulatedForce(), EPS);
        // Identity orientation: the same as a plain Aero.
        AngledAero straight = new AngledAero(T, new Quaterniond(), new Vector3d(), wind);
        assertTrue(straight.tensor().equals(T, EPS));
    }
}
