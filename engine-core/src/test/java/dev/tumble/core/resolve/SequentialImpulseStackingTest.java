package dev.tumble.core.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.world.SequentialImpulseSettings;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Stacking with the sequential-impulse solver in Millington's step order (integrate, detect,
 * resolve) with the four-corner generators of {@link SiBoxWorld}: 1/60 s, gravity 9.81, no damping,
 * no sleep, unit cubes (half extent 0.5 m, 1 kg), friction 0.6.
 */
class SequentialImpulseStackingTest {
    static final double DT = 1 / 60.0;

    /** Figures of one tower run. */
    record TowerRun(double settledDrift, double maxSpeed, double sink) {
    }

    /**
     * Runs a tower of n boxes for 10 s; settled drift = the largest distance of the top box from
     * where it was at t = 1 s, max speed = the largest body speed over 1–10 s, sink = how far the
     * top box ended below its stacking height.
     */
    static TowerRun tower(SequentialImpulseSettings s, int n) {
        SiBoxWorld w = SiBoxWorld.tower(s, n, 0.5, 0.0);
        RigidBody top = w.boxes.get(n - 1);
        double y0 = top.position().y();
        Vector3d at1 = new Vector3d();
        double drift = 0, maxV = 0;
        for (int i = 1; i <= 600; i++) {
            w.step(DT);
            if (i == 60) {
                at1.set(top.position());
            } else if (i > 60) {
                drift = Math.max(drift, top.position().distance(at1));
                maxV = Math.max(maxV, w.maxSpeed());
            }
        }
        return new TowerRun(drift, maxV, y0 - top.position().y());
    }

    @Test
    void droppedBoxComesToRestAtItsRestingHeight() {
        SiBoxWorld w = new SiBoxWorld(SequentialImpulseSettings.DEFAULTS);
        RigidBody box = w.addBox(0.5, 1, 0, 2.0, 0);
        box.angularVelocity(0.3, 0.1, -0.2);
        for (int i = 0; i < 300; i++) {
            w.step(DT);
        }
        assertEquals(0.5, box.position().y(), 1e-3, "resting height");
        assertTrue(box.velocity().length() < 1e-3, "speed " + box.velocity().length());
    }

    @Test
    void towerOfTenStandsTenSeconds() {
        TowerRun r = tower(SequentialImpulseSettings.DEFAULTS, 10);
        assertTrue(r.settledDrift() < 0.01, "drift " + r.settledDrift());
        assertTrue(r.maxSpeed() < 0.1, "max speed " + r.maxSpeed());
        assertTrue(r.sink() < 0.02, "sink " + r.sink());
    }

    @Test
    void warmStartingOffDoesNoBetterOnATowerOfFive() {
        TowerRun on = tower(SequentialImpulseSettings.DEFAULTS, 5);
        TowerRun off = tower(SequentialImpulseSettings.builder().warmStarting(false).build(), 5);
        assertTrue(on.sink() <= off.sink(), on + " vs " + off);
        assertTrue(on.maxSpeed() <= off.maxSpeed(), on + " vs " + off);
    }

    @Test
    void bothPositionCorrectionsStackATowerOfFive() {
        for (var pc : SequentialImpulseSettings.PositionCorrection.values()) {
            TowerRun r = tower(SequentialImpulseSettings.builder().positionCorrection(pc).build(), 5);
            if (pc != SequentialImpulseSettings.PositionCorrection.NONE) {
                assertTrue(r.settledDrift() < 0.01 && r.maxSpeed() < 0.1, pc + ": " + r);
            }
        }
    }

    @Test
    void sameRunTwiceGivesIdenticalBits() {
        long[] a = run(), b = run();
        assertTrue(java.util.Arrays.equals(a, b));
    }

    private static long[] run() {
        SiBoxWorld w = SiBoxWorld.tower(SequentialImpulseSettings.DEFAULTS, 6, 0.5, 0.01);
        w.boxes.get(5).angularVelocity(0.2, 0.5, -0.1);
        for (int i = 0; i < 240; i++) {
            w.step(DT);
        }
        long[] out = new long[w.boxes.size() * 13];
        int k = 0;
        for (RigidBody b : w.boxes) {
            double[] v = {b.position().x(), b.position().y(), b.position().z(), b.orientation().w(), b.orientation().x(),
                b.orientation().y(), b.orientation().z(), b.velocity().x(), b.velocity().y(), b.velocity().z(),
                b.angularVelocity().x(), b.angularVelocity().y(), b.angularVelocity().z()};
            for (double d : v) {
                out[k++] = Double.doubleToRawLongBits(d);
            }
        }
        return out;
    }

    @Test
    void boxOnSlopeStaysBelowFrictionAngleAndSlidesAbove() {
        double mu = 0.5;
        double stay = slide(Math.toRadians(20), mu); // tan 20° = 0.36 < 0.5
        double go = slide(Math.toRadians(35), mu); // tan 35° = 0.70 > 0.5
        double theta = Math.toRadians(35);
        double expected = 0.5 * 9.81 * (Math.sin(theta) - mu * Math.cos(theta)) * 2.0 * 2.0;
        assertTrue(stay < 0.005, "moved " + stay);
        assertTrue(go > 0.5 * expected && go < 1.5 * expected, "moved " + go + ", expected " + expected);
    }

    /** Distance slid along the slope in 2 s by a cube resting on a plane tilted by theta about z. */
    private static double slide(double theta, double mu) {
        SiBoxWorld w = new SiBoxWorld(SequentialImpulseSettings.DEFAULTS);
        w.up.set(-Math.sin(theta), Math.cos(theta), 0);
        w.friction = mu;
        RigidBody box = w.addBox(0.5, 1, 0, 0, 0);
        box.orientation(new org.joml.Quaterniond().rotateZ(theta)).position(new Vector3d(w.up).mul(0.5));
        Vector3d start = new Vector3d(box.position());
        for (int i = 0; i < 120; i++) {
            w.step(DT);
        }
        return box.position().distance(start);
    }
}
