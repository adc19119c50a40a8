package dev.tumble.core.resolve;

import static dev.tumble.core.golden.GoldenAssert.same;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.golden.Golden;
import dev.tumble.core.golden.GoldenBodies;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.world.ResolverSettings;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays every {@code sim_*.json} trace step by step: integrate each body (the file's sleep
 * epsilon, the bodies' damping), then resolve that step's recorded contacts with the file's
 * friction and restitution, and compare every body's position, orientation, velocities and
 * awake flag, and the iteration counts. Tolerance 1e-9 relative (1e-6 for the stack, whose
 * sensitivity the golden README measures at 3.4e4·ε).
 */
class SimulationGoldenTest {
    private static final BodyAccess BODY = BodyAccess.get();

    static final double TOLERANCE = 1e-9;
    static final double STACK_TOLERANCE = 1e-6;

    @TestFactory
    List<DynamicTest> fastResolver() {
        return Golden.cases("sim_", root -> List.of(root.get("trace")), t -> t.get("name").asText() + " fast",
                t -> replay(t, GoldenScenes.Kind.FAST));
    }

    @TestFactory
    List<DynamicTest> referenceResolver() {
        return Golden.cases("sim_", root -> List.of(root.get("trace")), t -> t.get("name").asText() + " reference",
                t -> replay(t, GoldenScenes.Kind.REFERENCE));
    }

    static void replay(JsonNode trace, GoldenScenes.Kind kind) {
        String name = trace.get("name").asText();
        JsonNode config = trace.get("config");
        double tol = name.contains("stack") ? STACK_TOLERANCE : TOLERANCE;
        double dt = config.get("dt").asDouble();
        double friction = config.get("friction").asDouble();
        double restitution = config.get("restitution").asDouble();
        RigidBody[] bodies = GoldenScenes.bodies(trace.get("bodiesInitial"));
        double sleepEpsilon = config.get("sleepEpsilon").asDouble();
        for (RigidBody b : bodies) {
            b.sleepEpsilon(sleepEpsilon);
        }
        ResolverSettings settings = ResolverSettings.builder()
                .iterations(config.get("resolverIterations").asInt())
                .velocityEpsilon(config.get("velocityEpsilon").asDouble())
                .positionEpsilon(config.get("positionEpsilon").asDouble())
                .angularLimit(ResolverSettings.CYCLONE_ANGULAR_LIMIT)
                .build();
        ContactResolver resolver = kind.create(settings);
        ContactBuffer contacts = new ContactBuffer();
        JsonNode steps = trace.get("steps");
        if (steps.size() < 2) {
            throw new AssertionError(name + ": no steps");
        }
        for (JsonNode step : steps) {
            int s = step.get("step").asInt();
            String where = name + " (" + kind + ") step " + s;
            if (s > 0) {
                for (RigidBody b : bodies) {
                    BODY.integrate(b, dt);
                }
                contacts.clear();
                for (JsonNode k : step.get("contacts")) {
                    double[] p = Golden.doubles(k.get("pt"));
                    double[] n = Golden.doubles(k.get("n"));
                    JsonNode b = k.get("b");
                    contacts.add(GoldenScenes.body(bodies, b.get(0).asInt()), GoldenScenes.body(bodies, b.get(1).asInt()),
                            p[0], p[1], p[2], n[0], n[1], n[2], k.get("pen").asDouble(), friction, restitution);
                }
                same(where + " contactCount", step.get("contactCount").asInt(), contacts.size());
                resolver.resolveContacts(contacts, dt);
                same(where + " positionIterationsUsed", step.get("positionIterationsUsed").asInt(),
                        resolver.positionIterationsUsed());
                same(where + " velocityIterationsUsed", step.get("velocityIterationsUsed").asInt(),
                        resolver.velocityIterationsUsed());
            }
            for (int i = 0; i < bodies.length; i++) {
                GoldenBodies.assertShortState(where + " body " + i, step.get("bodies").get(i), bodies[i], tol);
            }
        }
    }
}
