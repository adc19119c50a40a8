package dev.tumble.demos.scenes;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.scenes.StackScene;
import dev.tumble.demos.scene.SceneOptions;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The stacking scenes' own invariant: over 300 steps the top box of the pyramid and of the
 * tower stays within 2 cm of where it started, and the mixed stack stands (sequential impulses).
 */
class PyramidSmokeTest {

    @Test
    void pyramidTopStaysWithinTwoCentimetres() {
        StackScenes s = StackScenes.pyramid(SceneOptions.DEFAULTS);
        assertTopStays(s);
    }

    @Test
    void towerTopStaysWithinTwoCentimetres() {
        assertTopStays(StackScenes.tower(SceneOptions.DEFAULTS));
    }

    @Test
    void mixedStackStandsUnderSequentialImpulses() {
        SceneSmokeTest.assertMixedStackStands(SceneOptions.DEFAULTS);
    }

    private static void assertTopStays(StackScenes s) {
        StackScene stack = s.stack();
        Vector3d start = new Vector3d(stack.top().position());
        double[] worst = {0};
        Smoke.run(s, step -> worst[0] = Math.max(worst[0], stack.top().position().distance(start)));
        assertTrue(worst[0] < 0.02, s.stack().name() + ": top moved up to " + worst[0] + " m");
    }
}
