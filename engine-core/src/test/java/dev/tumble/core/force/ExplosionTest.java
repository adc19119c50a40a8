package dev.tumble.core.force;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Bodies are held in place (accumulators read and cleared each step, never integrated) so each
 * step's force can be checked against where the implosion and the shell are.
 */
class ExplosionTest {
    private static final double DT = 1.0 / 60;

    /** Implosion 0.5 s pulling 10 N between 1 and 8 m; wave at 20 m/s, 1 m thick, 1000 N, 2 s. */
    private static Explosion explosion() {
        return Explosion.builder()
                .detonation(1, 0, 0)
                .implosion(1, 8, 0.5, 10)
                .concussion(20, 1, 1000, 2)
                .build();
    }

    @Test
    void implosionPullsTowardThePointOnlyWithinItsRadii() {
        Explosion e = explosion();
        RigidBody inside = RigidBody.dynamic().position(1, 5, 0);   // 5 m above the point
        RigidBody tooNear = RigidBody.dynamic().position(1.5, 0, 0);
        RigidBody tooFar = RigidBody.dynamic().position(1, 0, -9);
        ForceRegistry registry = new ForceRegistry().add(inside, e).add(tooNear, e).add(tooFar, e);
        for (int i = 0; i < 29; i++) {   // 29 steps end before 0.5 s
            registry.updateForces(DT);
            assertEquals(-10, inside.accumulatedForce().y(), 1e-12, "pulled toward the point at step " + i);
            assertEquals(0, inside.accumulatedForce().x(), 1e-12);
            assertEquals(new Vector3d(), tooNear.accumulatedForce());
            assertEquals(new Vector3d(), tooFar.accumulatedForce());
            for (RigidBody b : new RigidBody[] {inside, tooNear, tooFar}) {
                b.clearAccumulators();
            }
        }
        // The 30th step straddles 0.5 s by a hair; the wave then starts at 0, far from 5 m: only
        // the remaining fraction of the pull.
        registry.updateForces(DT);
        double remaining = 0.5 - 29 * DT;
        assertEquals(-10 * remaining / DT, inside.accumulatedForce().y(), 1e-9);
    }

    @Test
    void concussionPushesAwayOnlyWhileTheShellPassesTheBody() {
        Explosion e = explosion();
        double d = 10;
        RigidBody body = RigidBody.dynamic().position(1 + d * 0.6, d * 0.8, 0);   // 10 m away, outside the implosion
        ForceRegistry registry = new ForceRegistry().add(body, e);
        double arrive = 0.5 + d / 20;          // outer edge reaches the body
        double leave = 0.5 + (d + 1) / 20;     // trailing edge passes it
        int pushed = 0;
        double impulse = 0;
        for (int i = 0; i < 200; i++) {
            double t0 = e.time(), t1 = t0 + DT;
            registry.updateForces(DT);
            Vector3d f = new Vector3d(body.accumulatedForce());
            body.clearAccumulators();
            if (t1 <= arrive || t0 >= leave) {
                assertEquals(0, f.length(), 0, "no force at t = " + t0);
            } else {
                pushed++;
                assertTrue(f.length() > 0, "pushed at t = " + t0);
                // Along (0.6, 0.8, 0): straight away from the point.
                assertEquals(0.6, f.x / f.length(), 1e-12);
                assertEquals(0.8, f.y / f.length(), 1e-12);
                assertTrue(f.length() <= 1000, "never above the peak");
                impulse += f.length() * DT;
            }
        }
        assertTrue(pushed >= 3, "the 1 m shell takes 3 steps to pass at 20 m/s");
        assertTrue(e.isFinished());
        // Tent of height 1 over 1 m at 20 m/s: 0.025 s of peak force, decayed by (1 − τ/2) where
        // τ = 0.525 s is when the middle of the shell passes (linear decay, symmetric tent).
        double expected = 1000 * 0.5 / 20 * (1 - 0.525 / 2);
        assertEquals(expected, impulse, 1e-9 * expected);
    }

    @Test
    void impulseDoesNotDependOnTheStepEvenForAThinFastShell() {
        // 0.1 m shell at 50 m/s crosses a body in 2 ms, well inside one 1/60 s step.
        double[] impulses = new double[3];
        double[] dts = {1.0 / 60, 1.0 / 240, 1.0 / 2000};
        for (int k = 0; k < dts.length; k++) {
            Explosion e = Explosion.builder().detonation(0, 0, 0).concussion(50, 0.1, 5000, 1).build();
            RigidBody body = RigidBody.dynamic().position(0, 0, 7.3);
            while (!e.isFinished()) {
                e.updateForce(body, dts[k]);
                impulses[k] += body.accumulatedForce().z() * dts[k];
                body.clearAccumulators();
                e.endStep(dts[k]);
            }
            assertTrue(impulses[k] > 0, "the shell was not skipped at dt = " + dts[k]);
        }
        double expected = 5000 * 0.05 / 50 * (1 - 7.35 / 50);
        for (double impulse : impulses) {
            assertEquals(expected, impulse, 1e-9 * expected);
        }
    }

    @Test
    void nothingAfterTheWaveHasGoneBy() {
        Explosion e = explosion();
        RigidBody near = RigidBody.dynamic().position(1, 0, 3);
        RigidBody beyondReach = RigidBody.dynamic().position(1, 0, 45);  // the wave dies at 40 m
        ForceRegistry registry = new ForceRegistry().add(near, e).add(beyondReach, e);
        for (int i = 0; i < 60; i++) {
            registry.updateForces(DT);
            near.clearAccumulators();
        }
        assertTrue(e.time() > 0.5 + 4.0 / 20, "the shell has passed the near body");
        for (int i = 0; i < 300; i++) {
            registry.updateForces(DT);
            assertEquals(new Vector3d(), near.accumulatedForce(), "the wave has gone by");
            assertEquals(new Vector3d(), beyondReach.accumulatedForce(), "beyond speed × duration");
        }
        assertTrue(e.isFinished());
    }

    @Test
    void bodyFlyingOutwardFeelsLessAndInwardMore() {
        double[] forces = new double[3];
        double[] speeds = {0, 10, -10};
        for (int k = 0; k < 3; k++) {
            Explosion e = Explosion.builder().concussion(20, 1, 1000, 2).build();
            RigidBody body = RigidBody.dynamic().position(2, 0, 0).velocity(speeds[k], 0, 0);
            for (int i = 0; i < 6; i++) {   // the outer edge is at 2 m after 0.1 s
                e.updateForce(body, DT);
                e.endStep(DT);
            }
            e.updateForce(body, DT);
            forces[k] = body.accumulatedForce().x();
        }
        assertTrue(forces[0] > 0);
        assertEquals(0.5 * forces[0], forces[1], 1e-9, "moving out at half the wave speed: half the push");
        assertEquals(1.5 * forces[0], forces[2], 1e-9, "moving in: more");
    }

    @Test
    void sleepingBodiesOutsideTheBlastStayAsleepAndTheBlastWakesThem() {
        Explosion e = Explosion.builder().concussion(20, 1, 1000, 2).build();
        RigidBody body = RigidBody.dynamic().position(5, 0, 0);
        body.setAwake(false);
        ForceRegistry registry = new ForceRegistry().add(body, e);
        registry.updateForces(DT);
        assertFalse(body.isAwake(), "the wave is still far away");
        while (!body.isAwake() && !e.isFinished()) {
            registry.updateForces(DT);
        }
        assertTrue(body.isAwake(), "the wave woke it");
        assertEquals(0.25, e.time(), 2 * DT);
    }
}
