package dev.tumble.core.force;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.BodyAccess;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

class BuoyancyTest {
    private static final BodyAccess BODY = BodyAccess.get();

    private static final double G = 9.81;

    @Test
    void noForceAboveTheWater() {
        Buoyancy buoyancy = new Buoyancy(new Vector3d(), 0.5, 2, 1);
        for (double y : new double[] {1.5, 1.5000001, 3, 1000}) {
            RigidBody body = RigidBody.dynamic().position(0, y, 0);
            buoyancy.updateForce(body, 0.01);
            assertEquals(new Vector3d(), body.accumulatedForce(), "dry at y = " + y);
            assertEquals(new Vector3d(), body.accumulatedTorque());
        }
    }

    @Test
    void fullForceBelowMaxDepth() {
        double volume = 2, density = 1025;
        Buoyancy buoyancy = new Buoyancy(new Vector3d(), 0.5, volume, 1, density, G);
        for (double y : new double[] {0.5, 0.2, -40}) {
            RigidBody body = RigidBody.dynamic().position(0, y, 0);
            buoyancy.updateForce(body, 0.01);
            assertEquals(density * volume * G, body.accumulatedForce().y(), 0, "ρ·V·g at y = " + y);
            assertEquals(0, body.accumulatedForce().x(), 0);
            assertEquals(0, body.accumulatedForce().z(), 0);
        }
    }

    @Test
    void linearInBetweenAndDefaultsToWater() {
        Buoyancy buoyancy = new Buoyancy(new Vector3d(), 0.5, 2, 1);
        assertEquals(1000, buoyancy.liquidDensity());
        double full = 1000 * 2 * G;
        double[][] cases = {{1.0, 0.5}, {1.25, 0.25}, {0.75, 0.75}, {0.6, 0.9}};
        for (double[] c : cases) {
            RigidBody body = RigidBody.dynamic().position(0, c[0], 0);
            buoyancy.updateForce(body, 0.01);
            assertEquals(c[1] * full, body.accumulatedForce().y(), 1e-9, "fraction at y = " + c[0]);
        }
    }

    @Test
    void forceActsAtTheCentreOfBuoyancy() {
        // Body turned 90° about z: body x points along world y; body point (0, -0.3, 0) → world (0.3, 0, 0).
        RigidBody body = RigidBody.dynamic().position(0, -5, 0)
                .orientation(Math.cos(Math.PI / 4), 0, 0, Math.sin(Math.PI / 4));
        new Buoyancy(new Vector3d(0, -0.3, 0), 0.5, 1, 0).updateForce(body, 0.01);
        double f = 1000 * G;
        assertEquals(f, body.accumulatedForce().y(), 1e-9);
        assertEquals(0.3 * f, body.accumulatedTorque().z(), 1e-9, "r × F with r = (0.3, 0, 0)");
    }

    /**
     * A floating body settles where buoyancy equals weight: s = m/(ρV), so the centre of
     * buoyancy rests at y = waterHeight + maxDepth − 2·maxDepth·s.
     */
    @Test
    void floatingBodySettlesAtTheEquilibriumDepth() {
        double mass = 300, volume = 1, maxDepth = 0.5, water = 2;
        RigidBody body = RigidBody.dynamic().mass(mass).position(0, 5, 0).damping(0.3, 0.3).canSleep(false);
        ForceRegistry registry = new ForceRegistry()
                .add(body, new Gravity(0, -G, 0))
                .add(body, new Buoyancy(new Vector3d(), maxDepth, volume, water));
        double dt = 1.0 / 120;
        double deepest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < 120 * 40; i++) {
            registry.updateForces(dt);
            BODY.integrate(body, dt);
            deepest = Math.min(deepest, body.position().y());
        }
        double s = mass / (1000 * volume);
        double expected = water + maxDepth - 2 * maxDepth * s;
        assertTrue(deepest < expected - 0.1, "it plunged in and bobbed back up, deepest " + deepest);
        assertEquals(expected, body.position().y(), 1e-6, "equilibrium depth");
        assertEquals(0, body.velocity().y(), 1e-6, "at rest");
    }
}
