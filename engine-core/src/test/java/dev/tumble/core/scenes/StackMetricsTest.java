package dev.tumble.core.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.world.WorldSettings.Solver;
import org.junit.jupiter.api.Test;

/** {@link StackMetrics} against states set by hand. */
class StackMetricsTest {
    private static final BodyAccess BODY = BodyAccess.get();

    @Test
    void aFreshSceneMeasuresZero() {
        StackScene s = StackingScenes.tower(StackingScenes.settings(Solver.SEQUENTIAL_IMPULSE), 3);
        StackMetrics.Figures f = new StackMetrics(s).measure();
        assertEquals(new StackMetrics.Figures(0, 0, 0, 0, 0), f);
    }

    @Test
    void eachFigureCountsWhatItSays() {
        StackScene s = StackingScenes.tower(StackingScenes.settings(Solver.SEQUENTIAL_IMPULSE), 4);
        StackMetrics m = new StackMetrics(s);
        RigidBody b0 = s.bodies().get(0), b1 = s.bodies().get(1), b2 = s.bodies().get(2), top = s.top();
        b0.position(0, 0.5, 0.45);          // 0.45 m sideways: within the limit
        b1.position(0.4, 1.5, 0.4);         // 0.566 m sideways
        b2.position(0, -0.01, 0);           // centre below ground
        b2.velocity(0, 0.2, 0);             // moving
        top.position(0, 3.5 - 0.3, 0.4);    // top moved 0.5 m, 0.4 m of it sideways
        top.velocity(0.05, 0, 0);
        StackMetrics.Figures f = m.measure();
        assertEquals(0.5, f.topDisplacement(), 1e-12);
        assertEquals(0.2, f.maxSpeed(), 1e-12);
        assertEquals(1, f.movedSideways());
        assertEquals(1, f.belowGround());
        assertEquals(1, f.moving());
    }

    @Test
    void aTiltedBoxReachingDeepBelowGroundCounts() {
        StackScene s = StackingScenes.tower(StackingScenes.settings(Solver.SEQUENTIAL_IMPULSE), 1);
        StackMetrics m = new StackMetrics(s);
        RigidBody b = s.top();
        // Turned 45° about z: the lowest edge is at y − 0.5·√2 ≈ y − 0.707.
        double c = Math.cos(Math.PI / 8), sn = Math.sin(Math.PI / 8);
        b.orientation(c, 0, 0, sn);
        b.position(0, 0.68, 0);             // edge 2.7 cm under: within tolerance
        BODY.calculateDerivedData(b);
        assertEquals(0, m.measure().belowGround());
        b.position(0, 0.64, 0);             // edge 6.7 cm under
        BODY.calculateDerivedData(b);
        assertEquals(1, m.measure().belowGround());
    }

    @Test
    void nullSceneIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new StackMetrics(null));
    }
}
