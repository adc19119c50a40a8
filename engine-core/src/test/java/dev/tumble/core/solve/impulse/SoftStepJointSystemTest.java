package dev.tumble.core.solve.impulse;

import static dev.tumble.core.solve.impulse.SoftStepWorlds.G;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.joint.BallJoint;
import dev.tumble.core.joint.HingeJoint;
import dev.tumble.core.joint.Joint;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The joints' exact system ({@link JointSystem}) where its band is no help: a net whose joints
 * couple too widely (solved joint by joint instead) and redundant rows (two hinges on one axis).
 */
class SoftStepJointSystemTest {
    private static World world() {
        return new World(WorldSettings.builder().solver(WorldSettings.Solver.SEQUENTIAL_IMPULSE).sleepEnabled(false)
                .gravity(0, -G, 0).build());
    }

    private static double worstError(World world) {
        double worst = 0;
        for (Joint j : world.joints()) {
            worst = Math.max(worst, j.error());
        }
        return worst;
    }

    /**
     * A 12 × 12 net of 0.1 kg balls 0.2 m apart, each ball-jointed to its right and lower
     * neighbour, its top row pinned to the world: breadth first its joints couple across whole
     * rows, past the band the system solves at once, so each joint's rows are solved on their own,
     * joint after joint. The net sags and swings but holds together: no joint opens by more than
     * 2 cm over 5 s, and nothing goes non-finite.
     */
    @Test
    void aNetTooWideForTheBandHoldsTogether() {
        World world = world();
        int n = 12;
        RigidBody[][] ball = new RigidBody[n][n];
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                ball[r][c] = world.addBody(RigidBody.dynamic(new Sphere(0.05)).mass(0.1).position(0.2 * c, -0.2 * r, 0.05 * r));
            }
        }
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                Vector3d at = new Vector3d(ball[r][c].position());
                if (c + 1 < n) {
                    world.addJoint(new BallJoint(ball[r][c], ball[r][c + 1], at.add(0.1, 0, 0, new Vector3d())));
                }
                if (r + 1 < n) {
                    world.addJoint(new BallJoint(ball[r][c], ball[r + 1][c], at.add(0, -0.1, 0.025, new Vector3d())));
                }
                if (r == 0) {
                    world.addJoint(new BallJoint(ball[r][c], null, at.add(0, 0.1, 0, new Vector3d())));
                }
            }
        }
        double worst = 0;
        for (int i = 0; i < 300; i++) {
            world.step(1 / 60.0);
            worst = Math.max(worst, worstError(world));
        }
        assertTrue(worst < 0.02, "the net's worst joint opened by " + worst + " m");
        assertTrue(world.bodies().stream().noneMatch(RigidBody::isQuarantined), "a ball went non-finite");
    }

    /**
     * A door hung on two hinges along the same axis: the second hinge's five rows repeat the
     * first's, so the system is singular. The repeated rows are dropped (zero pivots), and the
     * door swings about its axis under a push, its hinges within 1 mm.
     */
    @Test
    void aDoorOnTwoHingesAlongOneAxisSwingsAndHolds() {
        World world = world();
        RigidBody door = world.addBody(RigidBody.dynamic(new Box(0.5, 1, 0.05)).mass(10).position(0.5, 0, 0));
        world.addJoint(new HingeJoint(door, null, new Vector3d(0, 0.8, 0), new Vector3d(0, 1, 0)));
        world.addJoint(new HingeJoint(door, null, new Vector3d(0, -0.8, 0), new Vector3d(0, 1, 0)));
        double worst = 0;
        for (int i = 0; i < 120; i++) {
            door.addForceAtPoint(new Vector3d(0, 0, 20), new Vector3d(door.position()).add(0.5, 0, 0));
            world.step(1 / 60.0);
            worst = Math.max(worst, worstError(world));
        }
        double angle = ((HingeJoint) world.joints().get(0)).angle();
        assertTrue(Math.abs(angle) > 0.5, "the door turned by " + angle + " rad");
        assertTrue(worst < 0.001, "the hinges opened by " + worst + " m");
    }
}
