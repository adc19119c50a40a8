package dev.tumble.core.body;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * With no torque and no damping, a body spinning about a principal axis keeps |ω|, keeps the
 * axis fixed in the world, and turns by exactly {@code 2·atan(|ω|·dt/2)} per step (the angle of
 * the normalised first-order quaternion update {@code q += ½·(0, ω·dt)·q}).
 */
class TorqueFreeSpinTest {

    @ParameterizedTest(name = "principal axis {0}")
    @ValueSource(ints = {0, 1, 2})
    void spinAboutAPrincipalAxisKeepsItsRate(int axis) {
        Quaterniond q0 = new Quaterniond().rotateXYZ(0.3, -0.8, 1.2);
        Matrix3d r0 = q0.get(new Matrix3d());
        Vector3d principal = r0.getColumn(axis, new Vector3d());  // body axis in world
        double rate = 3.7;
        Vector3d omega = new Vector3d(principal).mul(rate);
        RigidBody body = RigidBody.dynamic().mass(2).inertiaTensor(new Matrix3d().scaling(1, 2, 3.5))
                .orientation(q0).angularVelocity(omega).damping(1, 1).canSleep(false);
        double energy0 = body.kineticEnergy();
        double dt = 1.0 / 120;
        int steps = 600;
        for (int i = 0; i < steps; i++) {
            body.integrate(dt);
        }
        assertEquals(rate, body.angularVelocity().length(), 1e-14 * rate, "|ω| kept");
        assertEquals(energy0, body.kineticEnergy(), 1e-12 * energy0, "energy kept");

        Matrix3d r = body.orientation().get(new Matrix3d());
        Vector3d axisNow = r.getColumn(axis, new Vector3d());
        assertEquals(0, axisNow.distance(principal), 1e-12, "the spin axis stays put in the world");

        // Another body axis has turned about the spin axis by the integrator's exact angle.
        int other = (axis + 1) % 3;
        Vector3d u0 = r0.getColumn(other, new Vector3d());
        Vector3d u1 = r.getColumn(other, new Vector3d());
        double angle = Math.atan2(new Vector3d(u0).cross(u1).dot(principal), u0.dot(u1));
        double perStep = 2 * Math.atan(rate * dt / 2);
        double expected = Math.IEEEremainder(steps * perStep, 2 * Math.PI);
        assertEquals(expected, angle, 1e-10);
        // It lags the true angle |ω|·t by the atan series' cubic term, |ω|³·dt²·t/12 (≈ 1.5e-3 rad here).
        double t = steps * dt;
        double lag = rate * rate * rate * dt * dt * t / 12;
        assertEquals(Math.IEEEremainder(rate * t - lag, 2 * Math.PI), angle, 0.01 * lag);
    }
}
