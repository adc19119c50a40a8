package dev.tumble.demos.scenes;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.render.app.Controls;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The ballistic demo's pistol, artillery and laser rounds, at the book's muzzle speeds and scaled
 * up tenfold (a 350 m/s pistol round crosses 5.8 m, seven target widths, per step), never tunnel:
 * no step carries a round's centre through a target box that the step left unmoved, and no round
 * goes below the ground.
 */
class HighSpeedBallisticTest {

    @ParameterizedTest(name = "{0} x{1} {2}")
    @CsvSource({
        "PISTOL, 1, SEQUENTIAL_IMPULSE", "PISTOL, 10, SEQUENTIAL_IMPULSE", "PISTOL, 10, MILLINGTON",
        "ARTILLERY, 1, SEQUENTIAL_IMPULSE", "ARTILLERY, 10, SEQUENTIAL_IMPULSE", "ARTILLERY, 10, MILLINGTON",
        "LASER, 1, SEQUENTIAL_IMPULSE", "LASER, 10, SEQUENTIAL_IMPULSE", "LASER, 10, MILLINGTON",
    })
    void roundsNeverTunnelThroughTargetsOrTheGround(BallisticScene.Round kind, double speedScale,
            WorldSettings.Solver solver) {
        BallisticScene scene = BallisticScene.ballistic(SceneOptions.DEFAULTS.withSolver(solver));
        scene.run(30); // let the targets settle
        int hits = 0;
        // One round at each of the three stacks (aimed along z at its column), one at a time.
        for (int stack = 0; stack < 3; stack++) {
            RigidBody round = scene.fire(kind, 0);
            // Level with the centre of each stack's top box, so a tunnelling round would cross it.
            round.position(round.position().x(), 1.2, round.position().z());
            double aimZ = (stack - 1) * 0.5;
            double flight = 8 + 3 * stack + 4; // m, time enough to reach and pass the stack
            round.velocity(round.velocity().x() * speedScale, round.velocity().y() * speedScale,
                    aimZ * round.velocity().x() * speedScale / (8 + 3 * stack - -4));
            int steps = (int) Math.ceil(flight / Math.abs(round.velocity().x()) / scene.dt()) + 60;
            Vector3d before = new Vector3d();
            for (int s = 0; s < steps; s++) {
                before.set(round.position());
                scene.step(Controls.NONE);
                Vector3d after = new Vector3d(round.position());
                assertTrue(after.y > 0, kind + " below the ground at " + after);
                for (RigidBody target : scene.targets()) {
                    if (crossesBox(before, after, target) && target.velocity().length() < 1e-3) {
                        throw new AssertionError(kind + " x" + speedScale + " " + solver + " tunnelled through "
                                + scene.id(target) + " from " + before + " to " + after);
                    }
                }
            }
            hits += movedAny(scene) ? 1 : 0;
        }
        assertTrue(hits > 0, "the rounds hit something");
    }

    private static boolean movedAny(BallisticScene scene) {
        for (RigidBody t : scene.targets()) {
            if (t.velocity().length() > 1e-3 || Math.abs(t.position().z()) > 2) {
                return true;
            }
        }
        return false;
    }

    /** Whether the segment a→b passes through the box (0.35 m of its 0.4 m half extent). */
    private static boolean crossesBox(Vector3d a, Vector3d b, RigidBody box) {
        Vector3d la = box.pointToLocal(a, new Vector3d());
        Vector3d lb = box.pointToLocal(b, new Vector3d());
        double h = 0.35;
        double t0 = 0, t1 = 1;
        for (int axis = 0; axis < 3; axis++) {
            double p = la.get(axis), d = lb.get(axis) - p;
            if (Math.abs(d) < 1e-12) {
                if (Math.abs(p) > h) {
                    return false;
                }
                continue;
            }
            double u = (-h - p) / d, v = (h - p) / d;
            t0 = Math.max(t0, Math.min(u, v));
            t1 = Math.min(t1, Math.max(u, v));
            if (t0 > t1) {
                return false;
            }
        }
        return true;
    }
}
