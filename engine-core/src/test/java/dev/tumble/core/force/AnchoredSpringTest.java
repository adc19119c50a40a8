package dev.tumble.core.force;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.BodyAccess;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AnchoredSpringTest {
    private static final BodyAccess BODY = BodyAccess.get();

    /**
     * A mass on a spring oscillates with period 2π√(m/k). Measured from upward zero crossings of
     * the displacement (linearly interpolated) over several cycles.
     */
    @ParameterizedTest(name = "dt = 1/{0}")
    @ValueSource(ints = {120, 240, 1000})
    void periodMatchesTwoPiRootMOverK(int stepsPerSecond) {
        double dt = 1.0 / stepsPerSecond;
        double m = 2, k = 50, rest = 1.5;
        RigidBody body = RigidBody.dynamic().mass(m).position(rest + 0.4, 0, 0).damping(1, 1).canSleep(false);
        ForceRegistry registry = new ForceRegistry()
                .add(body, new AnchoredSpring(new Vector3d(), new Vector3d(0, 0, 0), k, rest));
        List<Double> crossings = new ArrayList<>();
        double prev = body.position().x() - rest;
        double maxAmplitude = 0;
        for (int i = 1; i <= 10 * stepsPerSecond; i++) {
            registry.updateForces(dt);
            BODY.integrate(body, dt);
            double x = body.position().x() - rest;
            maxAmplitude = Math.max(maxAmplitude, Math.abs(x));
            if (prev < 0 && x >= 0) {
                crossings.add((i - 1) * dt + dt * (-prev) / (x - prev));
            }
            prev = x;
        }
        assertTrue(crossings.size() >= 5, "oscillates: " + crossings.size() + " crossings");
        double measured = (crossings.get(crossings.size() - 1) - crossings.get(0)) / (crossings.size() - 1);
        double expected = 2 * Math.PI * Math.sqrt(m / k);
        assertEquals(expected, measured, 0.01 * expected, "period within 1 %");
        // Symplectic Euler neither gains nor loses much amplitude with damping 1.
        assertTrue(maxAmplitude < 0.41, "amplitude stays bounded, was " + maxAmplitude);
        assertTrue(Math.abs(body.position().y()) == 0 && Math.abs(body.position().z()) == 0);
    }

    @Test
    void stretchedPullsAndCompressedPushes() {
        RigidBody body = RigidBody.dynamic().position(3, 0, 0);
        AnchoredSpring spring = new AnchoredSpring(new Vector3d(), new Vector3d(1, 0, 0), 10, 1);
        spring.updateForce(body, 0.01);
        assertEquals(-10, body.accumulatedForce().x(), 1e-12, "stretched by 1 m: pulled toward the anchor");
        body.clearAccumulators();
        body.position(1.5, 0, 0);
        spring.updateForce(body, 0.01);
        // Cyclone's |length − rest| would pull here too.
        assertEquals(5, body.accumulatedForce().x(), 1e-12, "compressed by 0.5 m: pushed away");
    }

    @Test
    void offCentreAttachmentGivesTorque() {
        RigidBody body = RigidBody.dynamic().position(0, 0, 0);
        // Attachment 1 m along body x, anchor 2 m above it: the spring pulls straight up there.
        AnchoredSpring spring = new AnchoredSpring(new Vector3d(1, 0, 0), new Vector3d(1, 2, 0), 3, 0);
        spring.updateForce(body, 0.01);
        assertEquals(6, body.accumulatedForce().y(), 1e-12);
        assertEquals(6, body.accumulatedTorque().z(), 1e-12, "r × F = (1,0,0) × (0,6,0)");
    }

    @Test
    void attachmentOnTheAnchorAddsNothing() {
        RigidBody body = RigidBody.dynamic().position(1, 1, 1);
        new AnchoredSpring(new Vector3d(), new Vector3d(1, 1, 1), 10, 2).updateForce(body, 0.01);
        assertEquals(new Vector3d(), body.accumulatedForce());
    }
}
