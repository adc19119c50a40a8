package dev.tumble.core.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.math.Inertia;
import dev.tumble.core.world.SequentialImpulseSettings;
import java.util.Random;
import java.util.function.Consumer;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Single-call properties of the sequential-impulse solver: impulses, clamps, conservation, settings. */
class SequentialImpulseContactTest {
    static final double DT = 1 / 60.0;
    /** Velocities only: no position correction, no repositioning (positions stay put). */
    static final SequentialImpulseSettings VELOCITY_ONLY = SequentialImpulseSettings.builder()
            .positionCorrection(SequentialImpulseSettings.PositionCorrection.NONE).impulseRepositioning(false).build();

    private static RigidBody ball(double x, double vx) {
        return RigidBody.dynamic().mass(2).inertiaTensor(Inertia.sphere(2, 0.5)).position(x, 0, 0).velocity(vx, 0, 0);
    }

    @Test
    void equalMassesHeadOnWithRestitutionOneExchangeVelocities() {
        RigidBody a = ball(0.45, -3), b = ball(-0.45, 2);
        Contact c = new Contact(a, b, new Vector3d(0, 0, 0), new Vector3d(1, 0, 0), 0.1, 0.4, 1.0);
        new SequentialImpulseSolver().resolveContacts(new Contact[] {c}, 1, DT);
        assertEquals(2, a.velocity().x(), 1e-9);
        assertEquals(-3, b.velocity().x(), 1e-9);
        assertEquals(0, a.angularVelocity().length(), 1e-9);
    }

    /**
     * The solver finds a contact's body by its world index; bodies of two worlds can share one,
     * and bodies in no world have none. A chain of four balls, every other one from a second world
     * (so world indices 0 and 1 each name two bodies), or two in no world, must come out with
     * exactly the velocities of the same chain with all four in no world.
     */
    @Test
    void bodiesOfTwoWorldsSharingAWorldIndexAreNotConfused() {
        double[] free = chainVelocities(0);
        assertEquals(4 * 6, free.length);
        assertTrue(free[0] != -3, "the chain exchanged momentum");
        for (int worlds = 1; worlds <= 2; worlds++) {
            double[] v = chainVelocities(worlds);
            for (int k = 0; k < free.length; k++) {
                assertEquals(free[k], v[k], 0, "component " + k + " with bodies in " + worlds + " world(s)");
            }
        }
    }

    /**
     * Resolves a head-on chain of four balls; with {@code worlds} = 2, balls 0 and 2 join one
     * world and 1 and 3 another (indices 0, 1 shared); with 1, balls 0 and 1 join a world and 2, 3
     * stay in none. @return the balls' velocities and angular velocities after the call
     */
    private static double[] chainVelocities(int worlds) {
        RigidBody[] b = {ball(1.35, -3), ball(0.45, 1), ball(-0.45, -0.5), ball(-1.35, 2)};
        if (worlds == 2) {
            dev.tumble.core.world.World w0 = new dev.tumble.core.world.World(), w1 = new dev.tumble.core.world.World();
            w0.addBody(b[0]);
            w0.addBody(b[2]);
            w1.addBody(b[1]);
            w1.addBody(b[3]);
            assertEquals(b[0].worldIndex(), b[1].worldIndex());
            assertEquals(b[2].worldIndex(), b[3].worldIndex());
        } else if (worlds == 1) {
            dev.tumble.core.world.World w = new dev.tumble.core.world.World();
            w.addBody(b[0]);
            w.addBody(b[1]);
        }
        Contact[] cs = new Contact[3];
        for (int i = 0; i < 3; i++) {
            double x = 0.9 - 0.9 * i;
            cs[i] = new Contact(b[i], b[i + 1], new Vector3d(x, 0.1 * i, 0), new Vector3d(1, 0, 0.1 * i).normalize(), 0.05,
                    0.4, 0.5);
        }
        new SequentialImpulseSolver().resolveContacts(cs, 3, DT);
        double[] out = new double[24];
        for (int i = 0; i < 4; i++) {
            org.joml.Vector3dc v = b[i].velocity(), w = b[i].angularVelocity();
            double[] six = {v.x(), v.y(), v.z(), w.x(), w.y(), w.z()};
            System.arraycopy(six, 0, out, 6 * i, 6);
        }
        return out;
    }

    @Test
    void restitutionZeroLeavesNoNormalRelativeVelocity() {
        RigidBody a = RigidBody.dynamic().mass(1).inertiaTensor(Inertia.box(1, 0.5, 0.3, 0.4)).position(0.2, 0.5, 0.1)
                .velocity(0.3, -2, 0.1).angularVelocity(1, 0.5, -2);
        Contact c = new Contact(a, null, new Vector3d(0.4, 0, 0.3), new Vector3d(0, 1, 0), 0.1, 0.3, 0);
        new SequentialImpulseSolver(VELOCITY_ONLY).resolveContacts(new Contact[] {c}, 1, DT);
        Vector3d v = a.velocityAtPoint(new Vector3d(0.4, 0, 0.3), new Vector3d());
        assertEquals(0, v.y, 1e-9);
    }

    @Test
    void separatingContactsGetNoImpulse() {
        RigidBody a = ball(0.45, 1), b = ball(-0.45, -1);
        Contact c = new Contact(a, b, new Vector3d(), new Vector3d(1, 0, 0), 0.01, 0.8, 0.5);
        SequentialImpulseSolver s = new SequentialImpulseSolver(VELOCITY_ONLY);
        s.resolveContacts(new Contact[] {c}, 1, DT);
        assertEquals(1, a.velocity().x());
        assertEquals(-1, b.velocity().x());
        for (int k = 0; k < 3; k++) {
            assertEquals(0, s.accumulatedImpulse(0, k));
        }
    }

    @Test
    void staticAndKinematicBodiesAreNeverMoved() {
        RigidBody ground = RigidBody.fixed().position(0, -1, 0);
        RigidBody belt = RigidBody.kinematic().position(3, -1, 0).velocity(1, 0, 0);
        RigidBody a = RigidBody.dynamic().position(0, 0, 0).velocity(0, -1, 0);
        RigidBody b = RigidBody.dynamic().position(3, 0, 0).velocity(0, -1, 0);
        Contact[] cs = {new Contact(a, ground, new Vector3d(0, -0.5, 0), new Vector3d(0, 1, 0), 0.05, 0.5, 0),
            new Contact(b, belt, new Vector3d(3, -0.5, 0), new Vector3d(0, 1, 0), 0.05, 0.5, 0)};
        new SequentialImpulseSolver().resolveContacts(cs, 2, DT);
        assertEquals(new Vector3d(0, -1, 0), ground.position());
        assertEquals(new Vector3d(3, -1, 0), belt.position());
        assertEquals(new Vector3d(1, 0, 0), belt.velocity());
        assertTrue(b.velocity().x() > 0, "the belt drags the box by friction");
    }

    @Test
    void awakeBodyWakesTheSleepingOneAndStaticNeverWakes() {
        RigidBody sleeper = RigidBody.dynamic().position(0, 0, 0);
        sleeper.setAwake(false);
        RigidBody ground = RigidBody.fixed().position(0, -1, 0);
        new SequentialImpulseSolver().resolveContacts(new Contact[] {
            new Contact(sleeper, ground, new Vector3d(0, -0.5, 0), new Vector3d(0, 1, 0), 0.01, 0.5, 0)}, 1, DT);
        assertTrue(!sleeper.isAwake());
        RigidBody mover = RigidBody.dynamic().position(0, 1, 0).velocity(0, -1, 0);
        new SequentialImpulseSolver().resolveContacts(new Contact[] {
            new Contact(mover, sleeper, new Vector3d(0, 0.5, 0), new Vector3d(0, 1, 0), 0.01, 0.5, 0)}, 1, DT);
        assertTrue(sleeper.isAwake());
        assertTrue(sleeper.velocity().y() < 0);
    }

    /** Random two-body single-contact cases (and pairs of contacts), one resolve call each. */
    private static void randomCases(int n, Consumer<RigidBody[]> check, boolean twoContacts) {
        Random rnd = new Random(42);
        for (int i = 0; i < n; i++) {
            RigidBody[] b = new RigidBody[2];
            for (int k = 0; k < 2; k++) {
                double m = 0.2 + 5 * rnd.nextDouble();
                b[k] = RigidBody.dynamic().mass(m)
                        .inertiaTensor(Inertia.box(m, 0.1 + rnd.nextDouble(), 0.1 + rnd.nextDouble(), 0.1 + rnd.nextDouble()))
                        .orientation(new Quaterniond().rotateXYZ(rnd.nextDouble() * 6, rnd.nextDouble() * 6, rnd.nextDouble() * 6))
                        .position(rnd.nextGaussian(), rnd.nextGaussian() + (k == 0 ? 1 : -1), rnd.nextGaussian())
                        .velocity(rnd.nextGaussian() * 3, rnd.nextGaussian() * 3, rnd.nextGaussian() * 3)
                        .angularVelocity(rnd.nextGaussian() * 3, rnd.nextGaussian() * 3, rnd.nextGaussian() * 3);
            }
            check.accept(b);
        }
    }

    private static Contact randomContact(Random rnd, RigidBody a, RigidBody b, double mu, double e) {
        Vector3d n = new Vector3d(rnd.nextGaussian() * 0.3, 1, rnd.nextGaussian() * 0.3).normalize();
        Vector3d p = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian() * 0.2, rnd.nextGaussian());
        return new Contact(a, b, p, n, 0.5 * rnd.nextDouble(), mu, e);
    }

    private static double[] momentum(RigidBody... bs) {
        double[] out = new double[6];
        for (RigidBody b : bs) {
            double m = b.mass();
            Vector3d p = new Vector3d(b.velocity()).mul(m);
            Vector3d l = new Vector3d(b.position()).cross(p);
            Matrix3d iw = b.getInverseInertiaTensorWorld(new Matrix3d()).invert();
            l.add(iw.transform(new Vector3d(b.angularVelocity())));
            out[0] += p.x;
            out[1] += p.y;
            out[2] += p.z;
            out[3] += l.x;
            out[4] += l.y;
            out[5] += l.z;
        }
        return out;
    }

    @Test
    void freeBodiesConserveLinearAndAngularMomentumForAnyFrictionAndRestitution() {
        Random rnd = new Random(7);
        randomCases(200, b -> {
            Contact[] cs = {randomContact(rnd, b[0], b[1], 2 * rnd.nextDouble(), rnd.nextDouble()),
                randomContact(rnd, b[0], b[1], 2 * rnd.nextDouble(), rnd.nextDouble())};
            double[] before = momentum(b);
            new SequentialImpulseSolver(VELOCITY_ONLY).resolveContacts(cs, 2, DT);
            double[] after = momentum(b);
            for (int k = 0; k < 6; k++) {
                assertEquals(before[k], after[k], 1e-9 * Math.max(1, Math.abs(before[k])), "component " + k);
            }
        }, true);
    }

    @Test
    void frictionNeverExceedsMuTimesNormalImpulse() {
        Random rnd = new Random(11);
        randomCases(300, b -> {
            double mu = 1.5 * rnd.nextDouble();
            Contact[] cs = {randomContact(rnd, b[0], b[1], mu, rnd.nextDouble()),
                randomContact(rnd, b[0], null, mu, rnd.nextDouble())};
            SequentialImpulseSolver s = new SequentialImpulseSolver();
            s.setWarmStart(0, 3 * rnd.nextDouble(), rnd.nextGaussian(), rnd.nextGaussian());
            s.resolveContacts(cs, 2, DT);
            for (int i = 0; i < 2; i++) {
                double ln = s.accumulatedImpulse(i, 0);
                double lt = Math.hypot(s.accumulatedImpulse(i, 1), s.accumulatedImpulse(i, 2));
                assertTrue(ln >= 0, "normal " + ln);
                assertTrue(lt <= mu * ln * (1 + 1e-12) + 1e-15, "friction " + lt + " > " + mu + " * " + ln);
            }
        }, true);
    }

    /**
     * Random single contacts: e in [0, 1] without friction, and friction in [0, 2] with e = 0.
     * (Newton restitution together with friction can gain energy in rare rotating cases, Kane's
     * paradox; seed 13 finds one with μ = 0.5, e = 0.7 gaining 0.05 %: a known limit of
     * velocity-level restitution, shared with Box2D.)
     */
    @Test
    void kineticEnergyNeverRisesForRestitutionAtMostOne() {
        Random rnd = new Random(13);
        for (boolean friction : new boolean[] {false, true}) {
            randomCases(500, b -> {
                Contact c = friction ? randomContact(rnd, b[0], b[1], 2 * rnd.nextDouble(), 0)
                        : randomContact(rnd, b[0], b[1], 0, rnd.nextDouble());
                double before = b[0].kineticEnergy() + b[1].kineticEnergy();
                new SequentialImpulseSolver(VELOCITY_ONLY).resolveContacts(new Contact[] {c}, 1, DT);
                double after = b[0].kineticEnergy() + b[1].kineticEnergy();
                assertTrue(after <= before * (1 + 1e-12), "energy rose from " + before + " to " + after);
            }, false);
        }
    }

    @Test
    void tangentBasisIsOrthonormalAndDependsOnTheNormalOnly() {
        Random rnd = new Random(3);
        double[] t = new double[6];
        for (int i = 0; i < 1000; i++) {
            Vector3d n = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalize();
            if (i == 0) {
                n.set(0.48, 0.6, 0.64);
            }
            SequentialImpulseSolver.tangentBasis(n.x, n.y, n.z, t);
            Vector3d t0 = new Vector3d(t[0], t[1], t[2]), t1 = new Vector3d(t[3], t[4], t[5]);
            assertEquals(1, t0.length(), 1e-12);
            assertEquals(1, t1.length(), 1e-12);
            assertEquals(0, t0.dot(n), 1e-12);
            assertEquals(0, t1.dot(n), 1e-12);
            assertEquals(0, t0.dot(t1), 1e-12);
            assertEquals(1, new Vector3d(n).cross(t0).dot(t1), 1e-12);
        }
    }

    @Test
    void warmStartIsAppliedAndConsumed() {
        RigidBody a = RigidBody.dynamic().position(0, 0.5, 0);
        Contact c = new Contact(a, null, new Vector3d(0, 0, 0), new Vector3d(0, 1, 0), 0.001, 0.5, 0);
        SequentialImpulseSolver s = new SequentialImpulseSolver(
                SequentialImpulseSettings.builder().velocityIterations(1).build());
        s.setWarmStart(0, 1.0, 0, 0);
        s.resolveContacts(new Contact[] {c}, 1, DT);
        // The warm start pushed up at 1 m/s; one iteration pulls the impulse back to zero (no adhesion).
        assertEquals(0, s.accumulatedImpulse(0, 0), 1e-12);
        a.velocity(0, 0, 0);
        s.resolveContacts(new Contact[] {c}, 1, DT);
        assertEquals(0, a.velocity().y(), 0, "no warm start left over");
        assertThrows(IllegalArgumentException.class, () -> s.setWarmStart(-1, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> s.setWarmStart(0, Double.NaN, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> s.accumulatedImpulse(1, 0));
        assertThrows(IllegalArgumentException.class, () -> s.accumulatedImpulse(0, 3));
    }

    @Test
    void badSettingsNameTheFieldAndValue() {
        assertMessage("velocityIterations", "0", () -> SequentialImpulseSettings.builder().velocityIterations(0).build());
        assertMessage("positionIterations", "-1", () -> SequentialImpulseSettings.builder().positionIterations(-1).build());
        assertMessage("positionCorrection", "null", () -> SequentialImpulseSettings.builder().positionCorrection(null).build());
        assertMessage("baumgarte", "1.5", () -> SequentialImpulseSettings.builder().baumgarte(1.5).build());
        assertMessage("baumgarte", "0.0", () -> SequentialImpulseSettings.builder().baumgarte(0).build());
        assertMessage("linearSlop", "-0.1", () -> SequentialImpulseSettings.builder().linearSlop(-0.1).build());
        assertMessage("maxLinearCorrection", "0.0", () -> SequentialImpulseSettings.builder().maxLinearCorrection(0).build());
        assertMessage("restitutionThreshold", "NaN",
                () -> SequentialImpulseSettings.builder().restitutionThreshold(Double.NaN).build());
        assertMessage("warmStartFactor", "1.1", () -> SequentialImpulseSettings.builder().warmStartFactor(1.1).build());
        assertMessage("relaxation", "2.0", () -> SequentialImpulseSettings.builder().relaxation(2).build());
        assertMessage("settings", "null", () -> new SequentialImpulseSolver(null));
        assertMessage("duration", "0.0", () -> new SequentialImpulseSolver().resolveContacts(new Contact[0], 0, 0));
        assertMessage("count", "2", () -> new SequentialImpulseSolver().resolveContacts(new Contact[1], 2, DT));
    }

    private static void assertMessage(String field, String value, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().contains(field) && e.getMessage().contains(value), e.getMessage());
    }
}
