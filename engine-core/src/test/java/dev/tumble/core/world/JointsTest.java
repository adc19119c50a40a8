package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.joint.DistanceJoint;
import dev.tumble.core.joint.HingeJoint;
import dev.tumble.core.joint.MillingtonJoint;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Hinge, rod, cable and the book's joint, under both solvers. */
class JointsTest {
    private static World world(WorldSettings.Solver solver) {
        return new World(WorldSettings.builder().solver(solver).sleepEnabled(false).build());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(WorldSettings.Solver.class)
    void aHingedDoorSwingsAboutItsAxisAndStopsAtItsLimit(WorldSettings.Solver solver) {
        World world = world(solver);
        // A door hinged on the world along z at the origin, starting horizontal along +x: gravity
        // swings it down (negative angle about +z); the limit stops it at −45°.
        RigidBody door = world.addBody(RigidBody.dynamic(new Box(0.5, 0.05, 0.3)).mass(2).position(0.5, 0, 0));
        HingeJoint hinge = world.addJoint(new HingeJoint(door, null, new Vector3d(0, 0, 0), new Vector3d(0, 0, 1))
                .limits(-Math.PI / 4, Math.PI / 4));
        double worstAxis = 0;
        double lowest = 0;
        for (int i = 0; i < 300; i++) {
            world.step(1 / 60.0);
            worstAxis = Math.max(worstAxis, hinge.error());
            lowest = Math.min(lowest, hinge.angle());
        }
        assertTrue(worstAxis < 0.01, "the axis stays put: " + worstAxis);
        assertTrue(lowest > -Math.PI / 4 - 0.05, "the limit holds: lowest angle " + lowest);
        assertEquals(-Math.PI / 4, hinge.angle(), 0.05, "and it rests on the limit");
        assertEquals(0, door.position().z(), 0.01, "it turns about z only");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(WorldSettings.Solver.class)
    void aRodPendulumKeepsItsLengthAndACableOnlyLimitsIt(WorldSettings.Solver solver) {
        World world = world(solver);
        RigidBody bob = world.addBody(RigidBody.dynamic(new Sphere(0.1)).mass(1).position(2, 5, 0));
        DistanceJoint rod = world.addJoint(new DistanceJoint(DistanceJoint.Kind.ROD, bob, new Vector3d(2, 5, 0),
                null, new Vector3d(0, 5, 0), 2));
        // A cable whose bob starts inside its length: free fall until the cable goes taut.
        RigidBody hanging = world.addBody(RigidBody.dynamic(new Sphere(0.1)).mass(1).position(10, 5, 0));
        DistanceJoint cable = world.addJoint(new DistanceJoint(DistanceJoint.Kind.CABLE, hanging,
                new Vector3d(10, 5, 0), null, new Vector3d(10, 6, 0), 3));
        double rodWorst = 0;
        double cableWorst = 0;
        for (int i = 0; i < 600; i++) {
            world.step(1 / 60.0);
            rodWorst = Math.max(rodWorst, rod.error());
            cableWorst = Math.max(cableWorst, cable.error());
            if (i == 20) {
                // Semi-implicit Euler free fall after n = 21 steps of h = dt (sequential impulses: n = 21·substeps
                // of h = dt/substeps): g·h²·n(n+1)/2 (damping takes a little).
                int sub = solver == WorldSettings.Solver.SEQUENTIAL_IMPULSE ? SequentialImpulseSettings.DEFAULT_SUBSTEPS : 1;
                double h = 1 / 60.0 / sub;
                assertEquals(5 - 9.81 * h * h * (21 * sub) * (21 * sub + 1) / 2, hanging.position().y(), 0.01,
                        "slack cable: free fall");
            }
        }
        assertTrue(rodWorst < 0.01, "rod length held to 1 cm: " + rodWorst);
        assertTrue(cableWorst < 0.01, "cable never stretches past its length: " + cableWorst);
        assertEquals(3, new Vector3d(hanging.position()).sub(10, 6, 0).length(), 0.01, "taut at rest");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(WorldSettings.Solver.class)
    void theBooksJointAllowsItsErrorAndPullsBackBeyondIt(WorldSettings.Solver solver) {
        World world = world(solver);
        RigidBody a = world.addBody(RigidBody.dynamic(new Box(0.2, 0.2, 0.2)).mass(1).position(0, 5, 0));
        MillingtonJoint joint = world.addJoint(new MillingtonJoint(a, new Vector3d(0, 0.2, 0), null,
                new Vector3d(0, 5.2, 0), 0.05));
        for (int i = 0; i < 120; i++) {
            world.step(1 / 60.0);
        }
        double drift = new Vector3d(a.position()).sub(0, 5, 0).length();
        assertTrue(drift > 0.03, "it hangs within its allowed error, drifted " + drift);
        assertTrue(joint.error() < 0.01, "but no further: excess " + joint.error());
        assertThrows(IllegalArgumentException.class, () -> new MillingtonJoint(a, new Vector3d(), null, new Vector3d(), -1));
        assertThrows(IllegalArgumentException.class, () -> new HingeJoint(a, null, new Vector3d(), new Vector3d()));
        assertThrows(IllegalArgumentException.class,
                () -> new DistanceJoint(DistanceJoint.Kind.ROD, a, new Vector3d(), null, new Vector3d(), 0));
    }
}
