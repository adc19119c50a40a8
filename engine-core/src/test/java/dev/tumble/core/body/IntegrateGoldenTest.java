package dev.tumble.core.body;

import static dev.tumble.core.golden.Golden.doubles;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tumble.core.golden.Golden;
import dev.tumble.core.golden.GoldenAssert;
import dev.tumble.core.golden.GoldenBodies;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Cyclone's own {@code RigidBody::integrate} reproduced: every case of
 * {@code integrate_cases*.json}, every step, every field, at 1e-12 relative.
 */
class IntegrateGoldenTest {

    @TestFactory
    List<DynamicTest> integrateCases() {
        return Golden.cases("integrate_cases", root -> root.get("cases"), c -> c.get("name").asText(),
                IntegrateGoldenTest::run);
    }

    private static void run(JsonNode c) {
        double sleepEpsilon = 0.3;
        RigidBody body = GoldenBodies.fromState(c.get("bodyInitial")).sleepEpsilon(sleepEpsilon);
        body.motion(c.get("bodyInitial").get("motion").asDouble());
        double dt = c.get("dt").asDouble();
        JsonNode forces = c.get("perStepForcesBeforeIntegrate");
        for (JsonNode step : c.get("steps")) {
            applyForces(body, forces);
            String where = c.get("name").asText() + " step " + step.get("step").asInt();
            GoldenAssert.close(where + " forceAccumBefore", step.get("forceAccumBefore"),
                    body.accumulatedForce(), GoldenAssert.EXACT);
            GoldenAssert.close(where + " torqueAccumBefore", step.get("torqueAccumBefore"),
                    body.accumulatedTorque(), GoldenAssert.EXACT);
            body.integrate(dt);
            GoldenBodies.assertState(where, step.get("state"), body, GoldenAssert.EXACT);
        }
    }

    private static void applyForces(RigidBody body, JsonNode forces) {
        if (forces.has("addForce")) {
            body.addForce(vec(forces.get("addForce")));
        }
        if (forces.has("addForceAtBodyPoint")) {
            JsonNode f = forces.get("addForceAtBodyPoint");
            body.addForceAtBodyPoint(vec(f.get("force")), vec(f.get("bodyPoint")));
        }
        if (forces.has("addForceAtPoint")) {
            JsonNode f = forces.get("addForceAtPoint");
            body.addForceAtPoint(vec(f.get("force")), vec(f.get("worldPoint")));
        }
        if (forces.has("addTorque")) {
            body.addTorque(vec(forces.get("addTorque")));
        }
    }

    private static Vector3d vec(JsonNode n) {
        double[] d = doubles(n);
        return new Vector3d(d[0], d[1], d[2]);
    }
}
