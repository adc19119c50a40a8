package dev.tumble.core.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.joint.BallJoint;
import dev.tumble.core.scenes.StackScene;
import dev.tumble.core.scenes.StackingScenes;
import dev.tumble.core.world.SequentialImpulseSettings;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The velocity sweeps' convergence test ({@link SequentialImpulseSettings#velocityTolerance()}):
 * a resting stack stops after the minimum sweeps, a settling one runs them all, joint blocks count,
 * and stopping early leaves the same stack as running every sweep.
 */
class SequentialImpulseConvergenceTest {
    private static final double DT = StackingScenes.DT;

    private static WorldSettings settings(double tolerance, boolean jointBlocks) {
        return StackingScenes.settings(WorldSettings.Solver.SEQUENTIAL_IMPULSE).toBuilder()
                .sequentialImpulse(SequentialImpulseSettings.builder().velocityTolerance(tolerance)
                        .jointBlocks(jointBlocks).build())
                .build();
    }

    @Test
    void aRestingTowerStopsAfterTheMinimumSweepsAndASettlingOneRunsThemAll() {
        StackScene tower = StackingScenes.tower(settings(SequentialImpulseSettings.DEFAULT_VELOCITY_TOLERANCE, false), 10);
        tower.world().step(DT);
        // The first step has no warm start: the stack's weight is found sweep by sweep.
        assertEquals(SequentialImpulseSettings.DEFAULT_VELOCITY_ITERATIONS, tower.world().profile().velocityIterations());
        int resting = 0;
        for (int i = 1; i < 300; i++) {
            tower.world().step(DT);
            if (i >= 200) {
                resting += tower.world().profile().velocityIterations();
            }
        }
        assertEquals(100 * SequentialImpulseSettings.DEFAULT_MIN_VELOCITY_ITERATIONS, resting,
                "a warm-started resting tower converges in the minimum sweeps");
    }

    @Test
    void toleranceZeroRunsEverySweep() {
        StackScene tower = StackingScenes.tower(settings(0, false), 10);
        for (int i = 0; i < 120; i++) {
            tower.world().step(DT);
            assertEquals(SequentialImpulseSettings.DEFAULT_VELOCITY_ITERATIONS, tower.world().profile().velocityIterations());
        }
    }

    @Test
    void stoppingEarlyLeavesTheSameRestingPyramid() {
        StackScene early = StackingScenes.pyramid(settings(SequentialImpulseSettings.DEFAULT_VELOCITY_TOLERANCE, false), 8);
        StackScene full = StackingScenes.pyramid(settings(0, false), 8);
        int earlySweeps = 0, fullSweeps = 0;
        for (int i = 0; i < 300; i++) {
            early.world().step(DT);
            full.world().step(DT);
            earlySweeps += early.world().profile().velocityIterations();
            fullSweeps += full.world().profile().velocityIterations();
        }
        assertTrue(earlySweeps < fullSweeps / 3, "sweeps " + earlySweeps + " against " + fullSweeps);
        double worst = 0;
        for (int i = 0; i < early.bodies().size(); i++) {
            RigidBody a = early.bodies().get(i), b = full.bodies().get(i);
            worst = Math.max(worst, a.position().distance(b.position()));
            assertTrue(a.velocity().length() < 1e-2, "box " + i + " at rest: " + a.velocity().length() + " m/s");
        }
        assertTrue(worst < 2e-3, "largest difference in where a box rests: " + worst + " m");
    }

    @Test
    void theShockSweepStopsAManifoldsPassesOnceTheyConverge() {
        StackScene early = StackingScenes.pyramid(settings(SequentialImpulseSettings.DEFAULT_VELOCITY_TOLERANCE, false), 8);
        StackScene full = StackingScenes.pyramid(settings(0, false), 8);
        int earlyPasses = 0, fullPasses = 0, fullFirstStep = 0, earlyFirstStep = 0;
        for (int i = 0; i < 300; i++) {
            early.world().step(DT);
            full.world().step(DT);
            if (i == 0) {
                earlyFirstStep = early.world().profile().shockPasses();
                fullFirstStep = full.world().profile().shockPasses();
            }
            if (i >= 200) {
                earlyPasses += early.world().profile().shockPasses();
                fullPasses += full.world().profile().shockPasses();
            }
        }
        // Every box but those on the ground rests on two: each manifold runs passes, not the block.
        assertTrue(fullPasses >= 100 * 3 * 28, "tolerance 0 runs every pass: " + fullPasses);
        assertTrue(earlyPasses < fullPasses / 2, "resting: " + earlyPasses + " passes against " + fullPasses);
        // The first step (no warm start) still needs more than one pass on some manifolds.
        assertTrue(earlyFirstStep > fullFirstStep / 3, "first step: " + earlyFirstStep + " of " + fullFirstStep);
    }

    @Test
    void jointBlocksCountInTheConvergenceTest() {
        // A swinging chain of boxes held by ball joints, nothing touching: only the joint blocks
        // can keep the sweeps going. Gauss-Seidel over a chain needs many sweeps per step.
        World world = new World(settings(SequentialImpulseSettings.DEFAULT_VELOCITY_TOLERANCE, true));
        List<RigidBody> links = new ArrayList<>();
        RigidBody previous = null;
        for (int i = 0; i < 8; i++) {
            RigidBody link = world.addBody(RigidBody.dynamic(new Box(0.2, 0.05, 0.05)).mass(1 + 3 * i)
                    .position(0.4 * i + 0.2, 10, 0));
            world.addJoint(new BallJoint(link, previous, new Vector3d(0.4 * i, 10, 0)));
            links.add(link);
            previous = link;
        }
        int most = 0;
        for (int i = 0; i < 30; i++) {
            world.step(DT);
            most = Math.max(most, world.profile().velocityIterations());
        }
        assertTrue(most > SequentialImpulseSettings.DEFAULT_MIN_VELOCITY_ITERATIONS,
                "a falling chain's joints keep the sweeps going: at most " + most + " sweeps");
        assertTrue(links.get(7).position().y() < 10, "the chain swings down");
    }

    @Test
    void invalidSettingsNameTheField() {
        var nan = assertThrows(IllegalArgumentException.class,
                () -> SequentialImpulseSettings.builder().velocityTolerance(Double.NaN).build());
        assertTrue(nan.getMessage().contains("velocityTolerance") && nan.getMessage().contains("NaN"), nan.getMessage());
        var negative = assertThrows(IllegalArgumentException.class,
                () -> SequentialImpulseSettings.builder().velocityTolerance(-1e-3).build());
        assertTrue(negative.getMessage().contains("velocityTolerance"), negative.getMessage());
        var zero = assertThrows(IllegalArgumentException.class,
                () -> SequentialImpulseSettings.builder().minVelocityIterations(0).build());
        assertTrue(zero.getMessage().contains("minVelocityIterations") && zero.getMessage().contains("0"), zero.getMessage());
    }
}
