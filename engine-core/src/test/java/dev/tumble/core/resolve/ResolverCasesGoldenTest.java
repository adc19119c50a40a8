package dev.tumble.core.resolve;

import static dev.tumble.core.golden.GoldenAssert.EXACT;
import static dev.tumble.core.golden.GoldenAssert.close;
import static dev.tumble.core.golden.GoldenAssert.closeOrNull;
import static dev.tumble.core.golden.GoldenAssert.same;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.golden.Golden;
import dev.tumble.core.golden.GoldenBodies;
import java.util.Arrays;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every case of {@code resolver_cases*.json} through both resolvers: the prepared contacts,
 * every position and velocity iteration of the trace (same contact chosen, same changes, every
 * contact's state after the update), the bodies after the position pass, and the final bodies
 * and iteration counts, at 1e-12 relative.
 */
class ResolverCasesGoldenTest {

    @TestFactory
    List<DynamicTest> referenceResolver() {
        return Golden.cases("resolver_cases", root -> root.get("cases"), c -> c.get("name").asText() + " reference",
                c -> run(c, GoldenScenes.Kind.REFERENCE));
    }

    @TestFactory
    List<DynamicTest> fastResolver() {
        return Golden.cases("resolver_cases", root -> root.get("cases"), c -> c.get("name").asText() + " fast",
                c -> run(c, GoldenScenes.Kind.FAST));
    }

    private static double[] part(double[] six, int body) {
        return new double[] {six[3 * body], six[3 * body + 1], six[3 * body + 2]};
    }

    private static double[] v(Vector3d x) {
        return new double[] {x.x, x.y, x.z};
    }

    static void run(JsonNode c, GoldenScenes.Kind kind) {
        String id = c.get("name").asText() + " (" + kind + ")";
        RigidBody[] bodies = GoldenScenes.bodies(c.get("bodiesInitial"));
        ContactBuffer contacts = GoldenScenes.contacts(c.get("contactsInput"), bodies);
        JsonNode config = c.get("resolverConfig");
        ContactResolver resolver = kind.create(GoldenScenes.settings(config));
        JsonNode trace = c.get("trace");
        int[] seen = new int[2];
        resolver.setObserver(new ResolverObserver() {
            @Override
            public void afterPrepare(Contact[] k, int n) {
                JsonNode e = trace.get("afterPrepareContacts");
                same(id + " contact count", e.size(), n);
                for (int i = 0; i < n; i++) {
                    String w = id + " prepared contact " + i;
                    JsonNode x = e.get(i);
                    same(w + " body0", x.get("body0").asInt(), Arrays.asList(bodies).indexOf(k[i].body0()));
                    same(w + " body1", x.get("body1").asInt(),
                            k[i].body1() == null ? -1 : Arrays.asList(bodies).indexOf(k[i].body1()));
                    close(w + " normal", x.get("contactNormal"), k[i].normal(), EXACT);
                    close(w + " contactToWorld", x.get("contactToWorld"), k[i].contactToWorld(new double[9]), EXACT);
                    close(w + " r0", x.get("relativeContactPosition0"),
                            v(k[i].relativeContactPosition(0, new Vector3d())), EXACT);
                    closeOrNull(w + " r1", x.get("relativeContactPosition1"),
                            v(k[i].relativeContactPosition(1, new Vector3d())), EXACT);
                    close(w + " contactVelocity", x.get("contactVelocity"), v(k[i].contactVelocity(new Vector3d())),
                            EXACT);
                    close(w + " desiredDeltaVelocity", x.get("desiredDeltaVelocity").asDouble(),
                            k[i].desiredDeltaVelocity(), EXACT);
                    close(w + " penetration", x.get("penetration").asDouble(), k[i].penetration(), EXACT);
                }
            }

            @Override
            public void afterPositionIteration(int iteration, int index, double resolved, double[] lin, double[] ang,
                    Contact[] k, int n) {
                JsonNode e = trace.get("positionIterations").get(iteration);
                String w = id + " position iteration " + iteration;
                if (e == null) {
                    throw new AssertionError(w + ": the reference stopped earlier");
                }
                same(w + " index", e.get("index").asInt(), index);
                close(w + " penetrationResolved", e.get("penetrationResolved").asDouble(), resolved, EXACT);
                close(w + " linearChange0", e.get("linearChange0"), part(lin, 0), EXACT);
                close(w + " angularChange0", e.get("angularChange0"), part(ang, 0), EXACT);
                closeOrNull(w + " linearChange1", e.get("linearChange1"), part(lin, 1), EXACT);
                closeOrNull(w + " angularChange1", e.get("angularChange1"), part(ang, 1), EXACT);
                for (int i = 0; i < n; i++) {
                    close(w + " penetration[" + i + "]", e.get("penetrationsAfter").get(i).asDouble(),
                            k[i].penetration(), EXACT);
                }
                seen[0]++;
            }

            @Override
            public void afterPositions(Contact[] k, int n) {
                JsonNode e = trace.get("bodiesAfterPositions");
                for (int i = 0; i < bodies.length; i++) {
                    GoldenBodies.assertShortState(id + " after positions body " + i, e.get(i), bodies[i], EXACT);
                }
            }

            @Override
            public void afterVelocityIteration(int iteration, int index, double resolved, double[] dv, double[] dw,
                    Contact[] k, int n) {
                JsonNode e = trace.get("velocityIterations").get(iteration);
                String w = id + " velocity iteration " + iteration;
                if (e == null) {
                    throw new AssertionError(w + ": the reference stopped earlier");
                }
                same(w + " index", e.get("index").asInt(), index);
                close(w + " desiredDeltaVelocityResolved", e.get("desiredDeltaVelocityResolved").asDouble(), resolved,
                        EXACT);
                close(w + " velocityChange0", e.get("velocityChange0"), part(dv, 0), EXACT);
                close(w + " rotationChange0", e.get("rotationChange0"), part(dw, 0), EXACT);
                closeOrNull(w + " velocityChange1", e.get("velocityChange1"), part(dv, 1), EXACT);
                closeOrNull(w + " rotationChange1", e.get("rotationChange1"), part(dw, 1), EXACT);
                for (int i = 0; i < n; i++) {
                    close(w + " desiredDeltaVelocity[" + i + "]", e.get("desiredDeltaVelocitiesAfter").get(i).asDouble(),
                            k[i].desiredDeltaVelocity(), EXACT);
                    close(w + " contactVelocity[" + i + "]", e.get("contactVelocitiesAfter").get(i),
                            v(k[i].contactVelocity(new Vector3d())), EXACT);
                }
                seen[1]++;
            }
        });

        resolver.resolveContacts(contacts, config.get("duration").asDouble());

        same(id + " positionIterationsUsed", c.get("positionIterationsUsed").asInt(), resolver.positionIterationsUsed());
        same(id + " velocityIterationsUsed", c.get("velocityIterationsUsed").asInt(), resolver.velocityIterationsUsed());
        same(id + " traced position iterations", trace.get("positionIterations").size(), seen[0]);
        same(id + " traced velocity iterations", trace.get("velocityIterations").size(), seen[1]);
        for (int i = 0; i < bodies.length; i++) {
            GoldenBodies.assertState(id + " final body " + i, c.get("bodiesFinal").get(i), bodies[i], EXACT);
        }
        for (int i = 0; i < contacts.size(); i++) {
            close(id + " final penetration[" + i + "]", c.get("finalContactPenetrations").get(i).asDouble(),
                    contacts.get(i).penetration(), EXACT);
            close(id + " final desiredDeltaVelocity[" + i + "]",
                    c.get("finalContactDesiredDeltaVelocities").get(i).asDouble(),
                    contacts.get(i).desiredDeltaVelocity(), EXACT);
        }
    }
}
