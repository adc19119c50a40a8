package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.scenes.StackScene;
import dev.tumble.core.scenes.StackingScenes;
import org.junit.jupiter.api.Test;

/**
 * After every step each body's derived data (its transform and world inverse inertia tensor)
 * matches its pose: the world refreshes it once, where the pose was last written (integration,
 * the sequential-impulse solver's write-back, Millington's moves), not again for every body.
 */
class DerivedDataAfterStepTest {
    private static final BodyAccess BODY = BodyAccess.get();

    private static final double TOLERANCE = 1e-12;

    @Test
    void sequentialImpulseStepsLeaveDerivedDataFresh() {
        StackScene pile = StackingScenes.pile(StackingScenes.settings(WorldSettings.Solver.SEQUENTIAL_IMPULSE));
        checkEveryStep(pile, 120);
    }

    @Test
    void millingtonStepsLeaveDerivedDataFresh() {
        StackScene tower = StackingScenes.tower(StackingScenes.settings(WorldSettings.Solver.MILLINGTON), 10);
        checkEveryStep(tower, 120);
    }

    private static void checkEveryStep(StackScene scene, int steps) {
        double[] before = new double[12 + 9], after = new double[12 + 9];
        double worst = 0;
        for (int s = 0; s < steps; s++) {
            scene.world().step(StackingScenes.DT);
            for (RigidBody b : scene.bodies()) {
                read(b, before);
                BODY.calculateDerivedData(b);
                read(b, after);
                for (int i = 0; i < before.length; i++) {
                    worst = Math.max(worst, Math.abs(after[i] - before[i]));
                }
            }
        }
        // A stale transform is off by a step's motion (millimetres), a re-normalised one by ulps.
        assertTrue(worst < TOLERANCE, "largest difference from a fresh refresh: " + worst);
    }

    private static void read(RigidBody b, double[] dest) {
        double[] t = b.getTransform(new double[12]);
        double[] w = b.getInverseInertiaTensorWorld(new double[9]);
        System.arraycopy(t, 0, dest, 0, 12);
        System.arraycopy(w, 0, dest, 12, 9);
    }
}
