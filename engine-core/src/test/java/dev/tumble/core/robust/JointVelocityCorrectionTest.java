package dev.tumble.core.robust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.resolve.ContactResolver;
import dev.tumble.core.resolve.FastContactResolver;
import dev.tumble.core.resolve.ReferenceContactResolver;
import dev.tumble.core.world.ResolverSettings;
import dev.tumble.core.world.WorldSettings;
import java.util.function.Function;
import java.util.stream.Stream;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ResolverSettings#jointVelocityCorrection()}: a joint contact too far apart for a
 * position fix (the angular limit would clamp its turn) is left to the velocity pass, which asks
 * for a separating velocity of a fraction of the error per step; nearer joint contacts keep the
 * book's position fix. docs/robustness.md ("torn joints").
 */
class JointVelocityCorrectionTest {
    private static final BodyAccess BODY = BodyAccess.get();

    private static final double DT = 1 / 60.0;
    private static final double FRACTION = 0.2;

    static Stream<Function<ResolverSettings, ContactResolver>> resolvers() {
        return Stream.of(FastContactResolver::new, ReferenceContactResolver::new);
    }

    /** A 1 cm ball at rest, pinned by a joint contact 0.5 m from its centre with {@code depth} of error. */
    private static RigidBody ball() {
        return RigidBody.dynamic(new Sphere(0.01)).mass(1).position(0, 1, 0);
    }

    private static Contact pin(ContactBuffer buffer, RigidBody ball, double depth) {
        return buffer.add(ball, null, 0.5, 1, 0, 0, 1, 0, depth, 0, 0).joint(true);
    }

    /** Normal velocity (m/s) of the ball's material point at (0.5, 1, 0), along +y. */
    private static double pointVelocityY(RigidBody b) {
        Vector3d r = new Vector3d(0.5, 1, 0).sub(b.position());
        return b.velocity().y() + new Vector3d(b.angularVelocity()).cross(r).y;
    }

    @ParameterizedTest
    @MethodSource("resolvers")
    void aJointTooFarApartIsClosedAtTheVelocityLevel(Function<ResolverSettings, ContactResolver> make) {
        // Turn needed ≈ 0.3 m at a 0.5 m lever, above the angular limit's 0.1 m: clamped.
        double depth = 0.3;
        RigidBody body = ball();
        ContactBuffer buffer = new ContactBuffer();
        Contact c = pin(buffer, body, depth);
        make.apply(ResolverSettings.builder().jointVelocityCorrection(FRACTION).build())
                .resolveContacts(buffer.array(), 1, DT);
        assertEquals(FRACTION * depth / DT, c.velocityBias(), 1e-12);
        assertEquals(new Vector3d(0, 1, 0), body.position(), "no position fix");
        assertEquals(new Quaterniond(), body.orientation(), "no position turn");
        assertEquals(FRACTION * depth / DT, pointVelocityY(body), 1e-9, "the velocity pass asks for a fraction of the error");

        // Control: the book's position pass turns the ball by the clamped amount instead.
        RigidBody control = ball();
        ContactBuffer other = new ContactBuffer();
        pin(other, control, depth);
        make.apply(ResolverSettings.builder().build()).resolveContacts(other.array(), 1, DT);
        assertNotEquals(new Quaterniond(), control.orientation());
        assertEquals(0, pointVelocityY(control), 1e-12);
    }

    @ParameterizedTest
    @MethodSource("resolvers")
    void aNearJointKeepsThePositionFix(Function<ResolverSettings, ContactResolver> make) {
        double depth = 0.05; // above the book's 0.01 m epsilon, below the 0.1 m turn the angular limit allows
        RigidBody body = ball();
        ContactBuffer buffer = new ContactBuffer();
        Contact c = pin(buffer, body, depth);
        make.apply(ResolverSettings.builder().jointVelocityCorrection(FRACTION).build())
                .resolveContacts(buffer.array(), 1, DT);
        assertEquals(0, c.velocityBias());
        BODY.calculateDerivedData(body);
        Vector3d point = body.pointToWorld(new Vector3d(0.5, 0, 0), new Vector3d());
        assertEquals(1 + depth, point.y, 1e-3, "the position pass lifts the pinned point by the error");
        assertEquals(0, pointVelocityY(body), 1e-12);
    }

    /**
     * Fuzz scenes (seed 6: a 1.5 cm ball hinged to a 5 cm box; seed 23: five bodies of 1.7–2,100
     * kg on three joints) whose joints tear apart in the first steps. With the joints' far errors
     * fixed in the position pass the bodies were turned by the angular limit hundreds of times a
     * step, and the ground contacts then lifted them: energy rose at steps 216 and 94.
     */
    @Test
    void tornJointsNoLongerLiftBodiesForFree() {
        for (long seed : new long[] {6, 23}) {
            assertNull(FuzzTest.run(FuzzScenes.build(seed, WorldSettings.builder().solver(WorldSettings.Solver.MILLINGTON),
                    FuzzScenes.Variant.AS_GENERATED)));
            // Without the later fixes too (scaleBackPositions, jointPositionFixes), which alone carry these scenes.
            ResolverSettings book = WorldSettings.DEFAULT_RESOLVER.toBuilder().jointVelocityCorrection(0)
                    .scaleBackPositions(false).jointPositionFixes(0).build();
            assertNotNull(FuzzTest.run(FuzzScenes.build(seed,
                    WorldSettings.builder().solver(WorldSettings.Solver.MILLINGTON).resolver(book), FuzzScenes.Variant.AS_GENERATED)));
        }
    }
}
