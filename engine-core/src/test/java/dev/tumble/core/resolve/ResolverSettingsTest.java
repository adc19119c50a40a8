package dev.tumble.core.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.world.PositionProjection;
import dev.tumble.core.world.ResolverSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Settings defaults, validation (one test per rule), and the resolver's own argument checks. */
class ResolverSettingsTest {

    private static void rejects(String text, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().contains(text), e.getMessage());
    }

    @Test
    void defaultsAreTheBooks() {
        ResolverSettings s = ResolverSettings.DEFAULTS;
        assertEquals(0.25, s.velocityLimit());
        assertEquals(0.2, s.angularLimit());
        assertEquals(0.01, s.velocityEpsilon());
        assertEquals(0.01, s.positionEpsilon());
        assertEquals(2048, s.velocityIterations());
        assertEquals(2048, s.positionIterations());
        assertEquals(PositionProjection.NONLINEAR, s.positionProjection());
        assertEquals(0.20000000298023224, ResolverSettings.CYCLONE_ANGULAR_LIMIT);
        assertEquals(ResolverSettings.CYCLONE_ANGULAR_LIMIT, ResolverSettings.cyclone(10).angularLimit());
        assertEquals(s, s.toBuilder().build());
    }

    @Test
    void negativeVelocityIterationsRejected() {
        rejects("velocityIterations must be >= 0, was -1", () -> ResolverSettings.builder().velocityIterations(-1).build());
    }

    @Test
    void negativePositionIterationsRejected() {
        rejects("positionIterations must be >= 0, was -2", () -> ResolverSettings.builder().positionIterations(-2).build());
    }

    @Test
    void badEpsilonsRejected() {
        rejects("velocityEpsilon must be finite and >= 0, was -0.1",
                () -> ResolverSettings.builder().velocityEpsilon(-0.1).build());
        rejects("positionEpsilon must be finite and >= 0, was NaN",
                () -> ResolverSettings.builder().positionEpsilon(Double.NaN).build());
    }

    @Test
    void badLimitsRejected() {
        rejects("velocityLimit must be finite and >= 0, was -1.0", () -> ResolverSettings.builder().velocityLimit(-1).build());
        rejects("angularLimit must be finite and >= 0, was Infinity",
                () -> ResolverSettings.builder().angularLimit(Double.POSITIVE_INFINITY).build());
    }

    @Test
    void badLinearProjectionSettingsRejected() {
        rejects("positionProjection must not be null", () -> ResolverSettings.builder().positionProjection(null).build());
        rejects("linearSlop must be finite and >= 0, was -0.01", () -> ResolverSettings.builder().linearSlop(-0.01).build());
        rejects("linearCorrectionFraction must be in (0, 1], was 0.0",
                () -> ResolverSettings.builder().linearCorrectionFraction(0).build());
        rejects("linearCorrectionFraction must be in (0, 1], was 1.5",
                () -> ResolverSettings.builder().linearCorrectionFraction(1.5).build());
    }

    @ParameterizedTest
    @EnumSource(GoldenScenes.Kind.class)
    void resolverRejectsBadDurationAndCount(GoldenScenes.Kind kind) {
        ContactResolver resolver = kind.create(ResolverSettings.DEFAULTS);
        ContactBuffer buffer = new ContactBuffer();
        buffer.add(RigidBody.dynamic(), null, 0, 0, 0, 0, 1, 0, 0.1, 0.5, 0.3);
        rejects("duration must be finite and > 0, was 0.0", () -> resolver.resolveContacts(buffer, 0));
        rejects("duration must be finite and > 0, was NaN", () -> resolver.resolveContacts(buffer, Double.NaN));
        rejects("count must be in [0, contacts.length], was -1",
                () -> resolver.resolveContacts(buffer.array(), -1, 0.01));
        rejects("count must be in [0, contacts.length]",
                () -> resolver.resolveContacts(buffer.array(), buffer.array().length + 1, 0.01));
        rejects("settings must not be null", () -> kind.create(null));
    }

    @ParameterizedTest
    @EnumSource(GoldenScenes.Kind.class)
    void bothIterationLimitsAreHonoured(GoldenScenes.Kind kind) {
        // Deep penetrations and fast closing contacts need many iterations of each kind.
        for (int[] limits : new int[][] {{3, 0}, {0, 5}, {1, 7}}) {
            RandomScenes.Scene s = RandomScenes.scene(99, 60, RandomScenes.Options.ANY);
            ContactResolver resolver = kind.create(ResolverSettings.builder()
                    .positionIterations(limits[0]).velocityIterations(limits[1]).build());
            resolver.resolveContacts(s.contacts(), 1 / 60.0);
            assertEquals(limits[0], resolver.positionIterationsUsed());
            assertEquals(limits[1], resolver.velocityIterationsUsed());
        }
    }

    @ParameterizedTest
    @EnumSource(GoldenScenes.Kind.class)
    void linearProjectionMovesWithoutTurningAndLeavesTheSlop(GoldenScenes.Kind kind) {
        RigidBody box = RigidBody.dynamic().mass(2).position(0.3, 0.4, 0).canSleep(false);
        ContactBuffer contacts = new ContactBuffer();
        contacts.add(box, null, 0.8, -0.1, 0.2, 0, 1, 0, 0.1, 0.5, 0.0);
        ContactResolver resolver = kind.create(ResolverSettings.builder()
                .positionProjection(PositionProjection.LINEAR).linearSlop(0.01).linearCorrectionFraction(1.0)
                .velocityIterations(0).build());
        resolver.resolveContacts(contacts, 1 / 60.0);
        assertEquals(0.4 + 0.09, box.position().y(), 1e-15);
        assertEquals(1.0, box.orientation().w());
        assertEquals(0.01, contacts.get(0).penetration(), 1e-15);
        assertEquals(1, resolver.positionIterationsUsed());
    }
}
