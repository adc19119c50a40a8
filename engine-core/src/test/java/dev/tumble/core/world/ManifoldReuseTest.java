package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.BodyRegistry;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.narrow.ContactManifold;
import dev.tumble.core.collision.narrow.ContactPoint;
import dev.tumble.core.collision.narrow.NarrowPhase;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.scenes.StackScene;
import dev.tumble.core.scenes.StackingScenes;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The narrow phase's manifold reuse ({@link WorldSettings#manifoldReuseDistance()},
 * {@link ManifoldCache}): carried-over contacts checked against the narrow phase run afresh on
 * the same poses (a brute-force oracle), the tolerance honoured, snapshots, settings.
 */
class ManifoldReuseTest {
    private static final double TOLERANCE = WorldSettings.DEFAULT_MANIFOLD_REUSE_DISTANCE;

    /**
     * Boxes, hulls, capsules and spheres resting on each other and the ground take random walks
     * of small steps (sometimes a jump): every step, every contact the stage reports (reused or
     * not) must be within the tolerance of one the narrow phase finds afresh, and every fresh
     * contact clearly inside the margin must be reported.
     */
    @Test
    void reusedContactsAgreeWithTheNarrowPhaseRunAfresh() {
        WorldSettings settings = WorldSettings.builder().build();
        double margin = settings.sequentialImpulse().speculativeDistance();
        Random rnd = new Random(7);
        BodyRegistry registry = new BodyRegistry();
        CollisionStage stage = new CollisionStage(settings);
        List<RigidBody> dynamic = new ArrayList<>();
        RigidBody ground = RigidBody.fixed(new HalfSpace(0, 1, 0, 0));
        registry.add(ground);
        stage.add(ground);
        for (RigidBody b : restingBodies()) {
            registry.add(b);
            stage.add(b);
            dynamic.add(b);
        }
        NarrowPhase fresh = new NarrowPhase().speculativeMargin(margin);
        ContactManifold m = new ContactManifold();
        ContactBuffer out = new ContactBuffer();
        int pairs = 0;
        int reused = 0;
        for (int step = 0; step < 400; step++) {
            for (RigidBody b : dynamic) {
                boolean jump = rnd.nextInt(40) == 0;
                double d = jump ? 4e-3 : 1.5e-4;
                double a = jump ? 8e-3 : 1.5e-4;
                b.position(b.position().x() + d * (rnd.nextDouble() - 0.5), b.position().y() + d * (rnd.nextDouble() - 0.5),
                        b.position().z() + d * (rnd.nextDouble() - 0.5));
                b.orientation(new Quaterniond(b.orientation()).rotateXYZ(a * (rnd.nextDouble() - 0.5),
                        a * (rnd.nextDouble() - 0.5), a * (rnd.nextDouble() - 0.5)));
            }
            stage.updateBroadPhase(registry, 0);
            out.clear();
            stage.findContacts(out);
            pairs += stage.pairsTested();
            reused += stage.pairsReused();
            for (int i = 0; i < out.size(); i++) {
                Contact c = out.get(i);
                fresh.collide(c.body0(), c.body0().shapes().get(0), c.body1(), c.body1().shapes().get(0), m);
                assertTrue(nearFresh(c, m), "step " + step + ": contact " + c.point() + " pen " + c.penetration()
                        + " has no fresh counterpart in " + m);
            }
            for (int x = 0; x < registry.size(); x++) {
                for (int y = x + 1; y < registry.size(); y++) {
                    RigidBody a = registry.at(x);
                    RigidBody b = registry.at(y);
                    if (a == ground) {
                        RigidBody t = a;
                        a = b;
                        b = t;
                    }
                    fresh.collide(a, a.shapes().get(0), b, b.shapes().get(0), m);
                    for (int k = 0; k < m.size(); k++) {
                        ContactPoint f = m.get(k);
                        if (f.penetration > -margin + 2 * TOLERANCE) {
                            assertTrue(reported(out, a, b, f), "step " + step + ": fresh " + f + " not reported");
                        }
                    }
                }
            }
        }
        // The walk's small steps drift past the tolerance within a few steps, so about half reuse.
        assertTrue(reused > pairs / 4, reused + " of " + pairs + " pairs reused");
        assertTrue(reused < pairs, "the jumps and the drift must force fresh tests");
    }

    private static List<RigidBody> restingBodies() {
        List<RigidBody> list = new ArrayList<>();
        list.add(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).mass(1).position(0, 0.499, 0));
        list.add(RigidBody.dynamic(new Box(0.3, 0.2, 0.4)).mass(1).position(0.1, 1.198, 0.05));
        list.add(RigidBody.dynamic(new ConvexHull(new Vector3d(-0.3, -0.25, -0.3), new Vector3d(0.3, -0.25, -0.3),
                new Vector3d(0, -0.25, 0.35), new Vector3d(0.05, 0.3, 0))).mass(1).position(1.2, 0.2495, 0));
        list.add(RigidBody.dynamic(new Capsule(0.2, 0.5)).mass(1).position(-1.3, 0.199, 0)
                .orientation(new Quaterniond().rotateZ(Math.PI / 2)));
        list.add(RigidBody.dynamic(new Sphere(0.25)).mass(1).position(0, 0.249, 1.3));
        return list;
    }

    /** Whether {@code c} lies within the tolerance of a fresh point of {@code m} (same normal, near depth). */
    private static boolean nearFresh(Contact c, ContactManifold m) {
        for (int k = 0; k < m.size(); k++) {
            ContactPoint f = m.get(k);
            if (f.point.distance(c.point()) <= 2 * TOLERANCE
                    && Math.abs(f.penetration - c.penetration()) <= TOLERANCE
                    && f.normal.distance(c.normal()) <= 0.02) {
                return true;
            }
        }
        return false;
    }

    private static boolean reported(ContactBuffer out, RigidBody a, RigidBody b, ContactPoint f) {
        for (int i = 0; i < out.size(); i++) {
            Contact c = out.get(i);
            if (c.body0() == a && c.body1() == b && f.point.distance(c.point()) <= 2 * TOLERANCE
                    && Math.abs(f.penetration - c.penetration()) <= TOLERANCE) {
                return true;
            }
        }
        return false;
    }

    /** A resting box reuses its ground manifold; moved or turned past the tolerance, it is tested afresh. */
    @Test
    void aPairMovedPastTheToleranceIsTestedAfresh() {
        StackScene scene = StackingScenes.tower(StackingScenes.settings(WorldSettings.Solver.SEQUENTIAL_IMPULSE), 1);
        World world = scene.world();
        RigidBody box = scene.bodies().get(0);
        scene.run(60);
        assertEquals(1, world.profile().shapePairs());
        assertEquals(1, world.profile().reusedManifolds(), "a box at rest keeps its manifold");
        box.position(box.position().x() + 0.8 * TOLERANCE, box.position().y(), box.position().z());
        world.step(1 / 60.0);
        assertEquals(0, world.profile().reusedManifolds(), "moved 0.8 mm: more than half the tolerance");
        scene.run(5);
        assertEquals(1, world.profile().reusedManifolds());
        // A turn of 0.4 mrad moves the box's corners (0.87 m out) by 0.35 mm, within the
        // tolerance, but the test bounds the turn conservatively (by π/2) to 0.3 mrad.
        box.orientation(new Quaterniond(box.orientation()).rotateY(4e-4));
        world.step(1 / 60.0);
        assertEquals(0, world.profile().reusedManifolds(), "turned past the turn allowance");
    }

    /** With reuse off no pair is carried over; with Millington's resolver reuse is off by default. */
    @Test
    void reuseCanBeTurnedOffAndIsOffForMillington() {
        WorldSettings off = StackingScenes.settings(WorldSettings.Solver.SEQUENTIAL_IMPULSE).toBuilder()
                .manifoldReuseDistance(0).build();
        StackScene scene = StackingScenes.pyramid(off, 5);
        for (int i = 0; i < 120; i++) {
            scene.world().step(1 / 60.0);
            assertEquals(0, scene.world().profile().reusedManifolds());
        }
        assertTrue(scene.world().profile().shapePairs() > 0);
        assertEquals(0, StackingScenes.settings(WorldSettings.Solver.MILLINGTON).manifoldReuseDistance());
        assertEquals(TOLERANCE, StackingScenes.settings(WorldSettings.Solver.SEQUENTIAL_IMPULSE).manifoldReuseDistance());
    }

    /** A resting pyramid reuses nearly all its pairs, and a snapshot carries the cache: the replay is bit-identical. */
    @Test
    void restingStacksReuseAndSnapshotsReplayExactly() {
        StackScene scene = StackingScenes.pyramid(StackingScenes.settings(WorldSettings.Solver.SEQUENTIAL_IMPULSE), 8);
        World world = scene.world();
        scene.run(200);
        StepProfile p = world.profile();
        assertTrue(p.reusedManifolds() > 0.9 * p.shapePairs(), p.toString());
        byte[] snapshot = world.snapshot();
        scene.run(100);
        long straight = world.stateHash();
        world.restore(snapshot);
        scene.run(100);
        assertEquals(straight, world.stateHash());
    }

    @Test
    void badReuseDistancesAreRefused() {
        for (double bad : new double[] {-1e-3, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> WorldSettings.builder().manifoldReuseDistance(bad).build());
            assertTrue(e.getMessage().contains("manifoldReuseDistance"), e.getMessage());
        }
    }
}
