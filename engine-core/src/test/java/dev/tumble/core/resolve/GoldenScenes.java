package dev.tumble.core.resolve;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.golden.Golden;
import dev.tumble.core.golden.GoldenBodies;
import dev.tumble.core.world.ResolverSettings;
import java.util.function.Function;

/** Bodies and contacts of the resolver and simulation reference files. */
final class GoldenScenes {
    private GoldenScenes() {
    }

    /** Which resolver to test. */
    enum Kind {
        REFERENCE(ReferenceContactResolver::new),
        FAST(FastContactResolver::new);

        private final Function<ResolverSettings, ContactResolver> factory;

        Kind(Function<ResolverSettings, ContactResolver> factory) {
            this.factory = factory;
        }

        ContactResolver create(ResolverSettings settings) {
            return factory.apply(settings);
        }
    }

    static RigidBody[] bodies(JsonNode states) {
        RigidBody[] b = new RigidBody[states.size()];
        for (int i = 0; i < b.length; i++) {
            b[i] = GoldenBodies.fromState(states.get(i));
        }
        return b;
    }

    static RigidBody body(RigidBody[] bodies, int index) {
        return index < 0 ? null : bodies[index];
    }

    /** The {@code contactsInput} of a resolver case. */
    static ContactBuffer contacts(JsonNode list, RigidBody[] bodies) {
        ContactBuffer buffer = new ContactBuffer();
        for (JsonNode k : list) {
            double[] p = Golden.doubles(k.get("contactPoint"));
            double[] n = Golden.doubles(k.get("contactNormal"));
            buffer.add(body(bodies, k.get("body0").asInt()), body(bodies, k.get("body1").asInt()), p[0], p[1], p[2],
                    n[0], n[1], n[2], k.get("penetration").asDouble(), k.get("friction").asDouble(),
                    k.get("restitution").asDouble());
        }
        return buffer;
    }

    /** Settings of a {@code resolverConfig} node, with Cyclone's float angular limit. */
    static ResolverSettings settings(JsonNode config) {
        return ResolverSettings.builder()
                .velocityIterations(config.get("velocityIterations").asInt())
                .positionIterations(config.get("positionIterations").asInt())
                .velocityEpsilon(config.get("velocityEpsilon").asDouble())
                .positionEpsilon(config.get("positionEpsilon").asDouble())
                .angularLimit(ResolverSettings.CYCLONE_ANGULAR_LIMIT)
                .build();
    }
}
