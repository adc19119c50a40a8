package dev.tumble.core.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.world.PositionProjection;
import dev.tumble.core.world.ResolverSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fast resolver gives the same bits as the reference on 1,000 seeded random contact sets
 * (2–200 contacts, shared bodies, immovable and sleeping bodies, null body 0, tied
 * penetrations, both projections, random iteration limits): same contact chosen every iteration,
 * same iteration counts, identical body states and contact data.
 */
class FastMatchesReferenceTest {

    /** Records the chosen contact of every iteration. */
    private static final class Choices implements ResolverObserver {
        final List<Integer> positions = new ArrayList<>();
        final List<Integer> velocities = new ArrayList<>();

        @Override
        public void afterPositionIteration(int iteration, int index, double resolved, double[] lin, double[] ang,
                Contact[] c, int n) {
            positions.add(index);
        }

        @Override
        public void afterVelocityIteration(int iteration, int index, double resolved, double[] dv, double[] dw,
                Contact[] c, int n) {
            velocities.add(index);
        }
    }

    @Test
    void thousandRandomContactSetsGiveIdenticalBits() {
        Random meta = new Random(20240611L);
        ContactResolver reference = null;
        FastContactResolver fast = null;
        long totalIterations = 0;
        for (int trial = 0; trial < 1000; trial++) {
            long seed = meta.nextLong();
            int n = 2 + meta.nextInt(199);
            ResolverSettings.Builder sb = ResolverSettings.builder()
                    .angularLimit(meta.nextBoolean() ? ResolverSettings.CYCLONE_ANGULAR_LIMIT : 0.2 * meta.nextDouble());
            int limitKind = meta.nextInt(4);
            if (limitKind == 0) {
                sb.velocityIterations(meta.nextInt(5)).positionIterations(meta.nextInt(5));
            } else if (limitKind == 1) {
                sb.velocityIterations(meta.nextInt(4 * n)).positionIterations(meta.nextInt(4 * n));
            } else {
                sb.iterations(8 * n);
            }
            if (meta.nextInt(5) == 0) {
                sb.positionProjection(PositionProjection.LINEAR).linearSlop(0.02 * meta.nextDouble())
                        .linearCorrectionFraction(0.2 + 0.8 * meta.nextDouble());
            }
            ResolverSettings settings = sb.build();
            // Fresh resolvers per trial (the settings change); reuse across calls is tested below.
            reference = new ReferenceContactResolver(settings);
            fast = new FastContactResolver(settings);
            RandomScenes.Scene a = RandomScenes.scene(seed, n, RandomScenes.Options.ANY);
            RandomScenes.Scene b = RandomScenes.scene(seed, n, RandomScenes.Options.ANY);
            Choices ca = new Choices();
            Choices cb = new Choices();
            reference.setObserver(ca);
            fast.setObserver(cb);
            double dt = meta.nextBoolean() ? 1 / 60.0 : 0.001 + 0.05 * meta.nextDouble();
            reference.resolveContacts(a.contacts(), dt);
            fast.resolveContacts(b.contacts(), dt);
            String where = "trial " + trial + " seed " + seed + " n " + n;
            assertEquals(reference.positionIterationsUsed(), fast.positionIterationsUsed(), where);
            assertEquals(reference.velocityIterationsUsed(), fast.velocityIterationsUsed(), where);
            assertEquals(ca.positions, cb.positions, where);
            assertEquals(ca.velocities, cb.velocities, where);
            assertSameBits(where, a, b);
            totalIterations += reference.positionIterationsUsed() + reference.velocityIterationsUsed();
        }
        assertTrue(totalIterations > 10_000, "the random sets must make the resolvers work: " + totalIterations);
    }

    @Test
    void oneFastResolverReusedAcrossCallsOfChangingSizeMatches() {
        ResolverSettings settings = ResolverSettings.cyclone(2048);
        FastContactResolver fast = new FastContactResolver(settings);
        Random meta = new Random(7);
        for (int trial = 0; trial < 100; trial++) {
            long seed = meta.nextLong();
            int n = 2 + meta.nextInt(300);
            RandomScenes.Scene a = RandomScenes.scene(seed, n, RandomScenes.Options.ANY);
            RandomScenes.Scene b = RandomScenes.scene(seed, n, RandomScenes.Options.ANY);
            ReferenceContactResolver reference = new ReferenceContactResolver(settings);
            reference.resolveContacts(a.contacts(), 1 / 60.0);
            fast.resolveContacts(b.contacts(), 1 / 60.0);
            assertSameBits("reuse trial " + trial, a, b);
        }
    }

    static void assertSameBits(String where, RandomScenes.Scene a, RandomScenes.Scene b) {
        for (int i = 0; i < a.bodies().length; i++) {
            RigidBody x = a.bodies()[i];
            RigidBody y = b.bodies()[i];
            String w = where + " body " + i;
            same(w + " p", x.position().x(), y.position().x());
            same(w + " p", x.position().y(), y.position().y());
            same(w + " p", x.position().z(), y.position().z());
            same(w + " q", x.orientation().w(), y.orientation().w());
            same(w + " q", x.orientation().x(), y.orientation().x());
            same(w + " q", x.orientation().y(), y.orientation().y());
            same(w + " q", x.orientation().z(), y.orientation().z());
            same(w + " v", x.velocity().x(), y.velocity().x());
            same(w + " v", x.velocity().y(), y.velocity().y());
            same(w + " v", x.velocity().z(), y.velocity().z());
            same(w + " w", x.angularVelocity().x(), y.angularVelocity().x());
            same(w + " w", x.angularVelocity().y(), y.angularVelocity().y());
            same(w + " w", x.angularVelocity().z(), y.angularVelocity().z());
            same(w + " motion", x.motion(), y.motion());
            assertEquals(x.isAwake(), y.isAwake(), w + " awake");
            double[] tx = x.getTransform(new double[12]);
            double[] ty = y.getTransform(new double[12]);
            for (int k = 0; k < 12; k++) {
                same(w + " transform", tx[k], ty[k]);
            }
        }
        ContactBuffer ka = a.contacts();
        ContactBuffer kb = b.contacts();
        for (int i = 0; i < ka.size(); i++) {
            same(where + " contact " + i + " penetration", ka.get(i).penetration(), kb.get(i).penetration());
            same(where + " contact " + i + " desired", ka.get(i).desiredDeltaVelocity(),
                    kb.get(i).desiredDeltaVelocity());
        }
    }

    private static void same(String what, double x, double y) {
        if (Double.doubleToRawLongBits(x) != Double.doubleToRawLongBits(y)) {
            throw new AssertionError(what + ": reference " + x + " fast " + y);
        }
    }
}
