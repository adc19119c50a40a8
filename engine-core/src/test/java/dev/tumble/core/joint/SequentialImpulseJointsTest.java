package dev.tumble.core.joint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.world.SequentialImpulseSettings;
import dev.tumble.core.resolve.SequentialImpulseSolver;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Joints under the sequential-impulse solver, which holds a joint's held points, hinges and rods
 * as exact bilateral blocks ({@code JointBlocks}): exactness per visit, anchors, axes, limits,
 * lengths, energy, chains, the impulse the world's cache keeps, determinism.
 */
class SequentialImpulseJointsTest {
    private static final BodyAccess BODY = BodyAccess.get();

    private static final double DT = 1 / 60.0;
    private static final double G = 9.81;

    private static World world() {
        return new World(WorldSettings.builder().solver(WorldSettings.Solver.SEQUENTIAL_IMPULSE).sleepEnabled(false)
                .sequentialImpulse(SequentialImpulseSettings.builder().jointBlocks(true).build()).build());
    }

    /** One sweep, nothing else: what a single visit to the block leaves. */
    private static SequentialImpulseSolver oneSweep() {
        return new SequentialImpulseSolver(SequentialImpulseSettings.builder().jointBlocks(true).velocityIterations(1).positionIterations(0)
                .warmStarting(false).impulseRepositioning(false).shockPropagation(false).build());
    }

    private static RigidBody spinningBox(double x, double y, double z, double mass) {
        RigidBody b = RigidBody.dynamic(new Box(0.3, 0.1, 0.2)).mass(mass).position(x, y, z)
                .velocity(1.5, -2, 0.7).angularVelocity(3, -1, 2);
        BODY.calculateDerivedData(b);
        return b;
    }

    /** Velocity of the body point at world p. */
    private static Vector3d pointVelocity(RigidBody b, Vector3d p) {
        Vector3d r = new Vector3d(p).sub(b.position());
        return new Vector3d(b.angularVelocity()).cross(r).add(b.velocity());
    }

    @Test
    void oneVisitStopsABallJointsRelativeMotionExactly() {
        // A light box and a heavy one (1:50) moving apart and spinning: one visit of the 3-row
        // block brings the anchor's relative velocity to zero (a contact-per-axis solve could not).
        RigidBody a = spinningBox(0, 1, 0, 1);
        RigidBody b = RigidBody.dynamic(new Sphere(0.2)).mass(50).position(0.6, 1.1, 0).velocity(-3, 1, 2).angularVelocity(-2, 4, 1);
        BODY.calculateDerivedData(b);
        Vector3d anchor = new Vector3d(0.3, 1.05, 0.02);
        BallJoint joint = new BallJoint(a, b, anchor);
        ContactBuffer contacts = new ContactBuffer();
        assertEquals(6, joint.addContacts(contacts));
        Vector3d before = pointVelocity(a, anchor).sub(pointVelocity(b, anchor));
        assertTrue(before.length() > 1, "the anchor starts with relative motion " + before.length());
        oneSweep().resolveContacts(contacts.array(), contacts.size(), DT);
        Vector3d after = pointVelocity(a, anchor).sub(pointVelocity(b, anchor));
        assertEquals(0, after.length(), 1e-12, "relative anchor velocity after one visit");
    }

    @Test
    void oneVisitStopsAHingesRelativeMotionExceptAboutItsAxis() {
        RigidBody door = spinningBox(0.3, 1, 0, 2);
        Vector3d axis = new Vector3d(0.2, 1, -0.3).normalize();
        HingeJoint hinge = new HingeJoint(door, null, new Vector3d(0, 1, 0), axis);
        ContactBuffer contacts = new ContactBuffer();
        assertEquals(12, hinge.addContacts(contacts));
        oneSweep().resolveContacts(contacts.array(), contacts.size(), DT);
        Vector3d w = new Vector3d(door.angularVelocity());
        Vector3d across = new Vector3d(w).sub(new Vector3d(axis).mul(w.dot(axis)));
        assertEquals(0, across.length(), 1e-12, "no turn across the axis");
        assertTrue(Math.abs(w.dot(axis)) > 0.1, "the turn about the axis is kept: " + w.dot(axis));
        assertEquals(0, pointVelocity(door, new Vector3d(0, 1, 0)).length(), 1e-12, "the anchor is still");
    }

    @Test
    void aPendulumHoldsItsAnchorToAMillimetreAndNeverGainsEnergy() {
        World world = world();
        RigidBody bob = world.addBody(RigidBody.dynamic(new Sphere(0.1)).mass(1).damping(1, 1).position(1, 5, 0));
        BallJoint joint = world.addJoint(new BallJoint(bob, null, new Vector3d(0, 5, 0)));
        double energy = G * 5;
        double worst = 0;
        double lowest = 5;
        for (int i = 0; i < 600; i++) {
            world.step(DT);
            double e = bob.kineticEnergy() + G * bob.position().y();
            assertTrue(e <= energy + 1e-9, "step " + i + ": energy rose " + energy + " -> " + e);
            energy = e;
            worst = Math.max(worst, joint.error());
            lowest = Math.min(lowest, bob.position().y());
        }
        assertTrue(worst < 1e-3, "anchor error stays under 1 mm: " + worst);
        assertEquals(4, lowest, 0.01, "it swings through the bottom, 1 m below the pivot");
        // Projection at 60 Hz loses energy (before the blocks: 8.8 J of the 9.81 J swing, now 8.3 J);
        // it must still swing after 10 s.
        assertTrue(energy > G * 4 + 0.5, "still swinging: " + (energy - G * 4) + " J above the bottom");
    }

    @Test
    void aHingeKeepsItsAxisAndStopsAtItsLimits() {
        World world = world();
        RigidBody door = world.addBody(RigidBody.dynamic(new Box(0.5, 0.05, 0.3)).mass(2).position(0.5, 0, 0));
        HingeJoint hinge = world.addJoint(new HingeJoint(door, null, new Vector3d(0, 0, 0), new Vector3d(0, 0, 1))
                .limits(-Math.PI / 4, Math.PI / 4));
        double worstAxis = 0;
        double lowest = 0;
        for (int i = 0; i < 300; i++) {
            world.step(DT);
            Vector3d axis = door.directionToWorld(new Vector3d(0, 0, 1), new Vector3d());
            worstAxis = Math.max(worstAxis, Math.acos(Math.min(1, axis.z)));
            lowest = Math.min(lowest, hinge.angle());
            assertTrue(hinge.error() < 1e-3, "step " + i + ": the axis points stay within 1 mm: " + hinge.error());
        }
        // Before the blocks: 0.006 rad and 0.044 rad past the limit.
        assertTrue(worstAxis < 0.01, "the axis stays put: " + worstAxis + " rad");
        assertTrue(lowest > -Math.PI / 4 - 0.02, "the limit holds: lowest angle " + lowest);
        assertEquals(-Math.PI / 4, hinge.angle(), 0.02, "and it rests on the limit");
    }

    @Test
    void aRodKeepsItsLengthAndNeverGainsEnergy() {
        World world = world();
        RigidBody bob = world.addBody(RigidBody.dynamic(new Sphere(0.1)).mass(1).damping(1, 1).position(2, 5, 0));
        DistanceJoint rod = world.addJoint(new DistanceJoint(DistanceJoint.Kind.ROD, bob, new Vector3d(2, 5, 0),
                null, new Vector3d(0, 5, 0), 2));
        double energy = G * 5;
        double worst = 0;
        for (int i = 0; i < 600; i++) {
            world.step(DT);
            double e = bob.kineticEnergy() + G * bob.position().y();
            assertTrue(e <= energy + 1e-9, "step " + i + ": energy rose " + energy + " -> " + e);
            energy = e;
            worst = Math.max(worst, rod.error());
        }
        assertTrue(worst < 1e-3, "rod length held to 1 mm: " + worst);
    }

    @ParameterizedTest(name = "end mass {0} kg")
    @ValueSource(doubles = {1, 10})
    void aSwingingChainOfTenHolds(double endMass) {
        World world = world();
        List<Joint> joints = new ArrayList<>();
        RigidBody previous = null;
        RigidBody last = null;
        for (int i = 0; i < 10; i++) {
            RigidBody link = world.addBody(RigidBody.dynamic(new Box(0.1, 0.25, 0.1)).mass(i == 9 ? endMass : 1)
                    .position(0, 10 - 0.25 - 0.5 * i, 0));
            joints.add(world.addJoint(new BallJoint(link, previous, new Vector3d(0, 10 - 0.5 * i, 0))));
            previous = link;
            last = link;
        }
        last.velocity(2, 0, 0);
        double worst = 0;
        for (int step = 0; step < 600; step++) {
            world.step(DT);
            for (Joint j : joints) {
                worst = Math.max(worst, j.error());
            }
        }
        assertTrue(worst < 0.01, "every link within 1 cm of its neighbour: worst " + worst);
        assertEquals(0, last.position().x(), 0.5, "it swings about the vertical");
    }

    @Test
    void aHangingBodysJointCarriesItsWeight() {
        // The impulse reported to the world's cache per joint contact sums to the block's impulse:
        // at rest it is the weight times the step (warm starting keeps it step after step).
        World world = world();
        RigidBody box = world.addBody(RigidBody.dynamic(new Box(0.2, 0.2, 0.2)).mass(3).damping(1, 1).position(0, 4.8, 0));
        world.addJoint(new BallJoint(box, null, new Vector3d(0, 5, 0)));
        for (int i = 0; i < 120; i++) {
            world.step(DT);
        }
        Vector3d sum = new Vector3d();
        for (int i = 0; i < world.contacts().size(); i++) {
            Contact c = world.contacts().get(i);
            assertTrue(c.isJoint(), "only joint contacts");
            sum.add(new Vector3d(c.normal()).mul(c.appliedNormalImpulse()));
        }
        assertEquals(3 * G * DT, sum.y, 1e-6 * 3 * G * DT, "the joint's impulse holds the weight");
        assertEquals(0, sum.x, 1e-9);
        assertEquals(0, sum.z, 1e-9);
        assertEquals(4.8, box.position().y(), 1e-4, "and the box hangs where it was put");
    }

    @Test
    void jointedScenesAreDeterministic() {
        assertEquals(ragdollHash(), ragdollHash());
    }

    /** A small hinged and ball-jointed figure dropped on the ground; the bits of its final state. */
    private static long ragdollHash() {
        World world = world();
        world.addBody(RigidBody.fixed(new dev.tumble.core.collision.shape.HalfSpace(0, 1, 0, 0)));
        RigidBody torso = world.addBody(RigidBody.dynamic(new Box(0.2, 0.3, 0.1)).mass(10).position(0, 2, 0).angularVelocity(0.3, 0.2, 0.1));
        RigidBody head = world.addBody(RigidBody.dynamic(new Sphere(0.12)).mass(2).position(0, 2.45, 0));
        RigidBody arm = world.addBody(RigidBody.dynamic(new Box(0.25, 0.05, 0.05)).mass(1.5).position(0.45, 2.25, 0));
        RigidBody leg = world.addBody(RigidBody.dynamic(new Box(0.06, 0.3, 0.06)).mass(3).position(0.1, 1.4, 0));
        world.addJoint(new BallJoint(head, torso, new Vector3d(0, 2.32, 0)));
        world.addJoint(new BallJoint(arm, torso, new Vector3d(0.2, 2.25, 0)));
        world.addJoint(new HingeJoint(leg, torso, new Vector3d(0.1, 1.7, 0), new Vector3d(1, 0, 0)).limits(-1, 1));
        world.addJoint(new DistanceJoint(DistanceJoint.Kind.ROD, arm, new Vector3d(0.7, 2.25, 0), leg,
                new Vector3d(0.1, 1.1, 0), new Vector3d(0.7, 2.25, 0).distance(0.1, 1.1, 0)));
        long h = 17;
        for (int i = 0; i < 240; i++) {
            world.step(DT);
        }
        for (RigidBody b : List.of(torso, head, arm, leg)) {
            h = 31 * h + Double.doubleToLongBits(b.position().x()) + 7 * Double.doubleToLongBits(b.position().y())
                    + 13 * Double.doubleToLongBits(b.orientation().w()) + 19 * Double.doubleToLongBits(b.angularVelocity().z());
        }
        return h;
    }
}
