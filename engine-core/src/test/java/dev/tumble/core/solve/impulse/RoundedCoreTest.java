package dev.tumble.core.solve.impulse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.world.World;
import org.joml.Quaterniond;
import org.junit.jupiter.api.Test;

/**
 * A contact point on a round body is carried with the body's core: a ball's centre, a capsule's
 * segment, a cylinder's axis for a point on its side. Turned about that core (rolling in place),
 * the body's copy of the point stays under it, at the same separation, with its arm straight down
 * to the ground; a box's copy is carried with the box and turns up with it. Checked through the
 * solver's own loading ({@link ContactConstraints#prepare}), turning ({@link SolverBodies#integratePositions})
 * and measuring ({@link ContactPoints#separation}, the rows' arms).
 */
class RoundedCoreTest {
    static final double RADIUS = 0.3;

    /** One body resting on the ground (y = 0) with its lowest point at the origin's x, z; rolled by {@code angle} about z. */
    static double[] rolled(Shape shape, Quaterniond orientation, double angle) {
        World world = new World();
        RigidBody body = world.addBody(RigidBody.dynamic(shape).orientation(orientation).position(0, RADIUS, 0));
        SolverBodies bodies = new SolverBodies();
        bodies.begin(world.bodies().size());
        bodies.add(body, 0, 0, 0, 1 / 240.0);
        // The ground touches the body at (0, 0, 0.1), normal up (from the ground, body 1, to the body).
        Contact ct = new Contact().set(body, null, 0, 0, 0.1, 0, 1, 0, 0, 0.5, 0);
        ContactConstraints contacts = new ContactConstraints();
        contacts.prepare(new Contact[] {ct}, 1, new double[3], false, 1 / 60.0, bodies);
        double before = contacts.separation(bodies, 0);
        // Spin about z (the rolling axis of each body below) and turn in one substep of h.
        double h = 1 / 240.0;
        int s = bodies.slot(body);
        bodies.v[3 * s] = bodies.v[3 * s + 1] = bodies.v[3 * s + 2] = 0;
        bodies.w[3 * s] = bodies.w[3 * s + 1] = 0;
        bodies.w[3 * s + 2] = angle / h;
        bodies.integratePositions(h);
        contacts.buildRows(bodies, 0);
        int p = ContactPoints.STRIDE * 0;
        double[] q = contacts.point;
        // How far the body turned about z (the solver's turn is first order in the angle).
        double turned = Math.atan2(bodies.rot[9 * s + 3], bodies.rot[9 * s]);
        return new double[] {contacts.separation(bodies, 0) - before, q[p + ContactPoints.ARM0], q[p + ContactPoints.ARM0 + 1],
            q[p + ContactPoints.ARM0 + 2], turned};
    }

    static void assertStaysUnder(String what, double[] r) {
        assertTrue(r[4] > 0.25, what + ": turned by " + r[4] + " rad");
        assertEquals(0, r[0], 1e-12, what + ": the separation did not change");
        assertEquals(0, r[1], 1e-12, what + ": the arm points straight down");
        assertEquals(-RADIUS, r[2], 1e-12, what + ": the arm points straight down");
        assertEquals(0.1, r[3], 1e-12, what + ": the arm keeps its offset along the axis");
    }

    @Test
    void aRollingBallCapsuleOrLogKeepsItsContactUnderItsCore() {
        double angle = 0.3;
        assertStaysUnder("ball", rolled(new Sphere(RADIUS), new Quaterniond(), angle));
        // A capsule and a cylinder lying along z: their local y axis turned onto z.
        Quaterniond lying = new Quaterniond().rotateX(Math.PI / 2);
        assertStaysUnder("capsule", rolled(new Capsule(RADIUS, 0.5), lying, angle));
        assertStaysUnder("cylinder", rolled(new Cylinder(RADIUS, 0.5), lying, angle));
    }

    @Test
    void aBoxsContactTurnsWithTheBox() {
        double angle = 0.3;
        double[] r = rolled(new Box(RADIUS, RADIUS, 0.5), new Quaterniond(), angle);
        double turned = r[4];
        assertTrue(turned > 0.25, "turned by " + turned + " rad");
        // The point (0, −R, 0.1) from the centre, turned with the box about z: it swings sideways and up.
        assertEquals(RADIUS * Math.sin(turned), r[1], 1e-12);
        assertEquals(-RADIUS * Math.cos(turned), r[2], 1e-12);
        assertEquals(0.1, r[3], 1e-12);
        assertEquals(RADIUS * (1 - Math.cos(turned)), r[0], 1e-12, "the point lifted off the ground");
    }

    /**
     * A cylinder standing on its cap (axis up, along the normal) is flat there, not round: its copy
     * of the point turns with it as a box's does, and lifts off the ground as a tipping cylinder's
     * rim does.
     */
    @Test
    void aStandingCylindersCapContactTurnsWithIt() {
        double angle = 0.3;
        double[] r = rolled(new Cylinder(0.5, RADIUS), new Quaterniond(), angle);
        double turned = r[4];
        assertTrue(turned > 0.25, "turned by " + turned + " rad");
        assertEquals(RADIUS * Math.sin(turned), r[1], 1e-12);
        assertEquals(-RADIUS * Math.cos(turned), r[2], 1e-12);
        assertEquals(RADIUS * (1 - Math.cos(turned)), r[0], 1e-12, "the point lifted off the ground");
    }
}
