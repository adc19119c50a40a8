package dev.tumble.render.app;

import dev.tumble.core.world.WorldSettings;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** The settings panel's choices over a scene's own world settings. */
class ViewerSettingsTest {
    private static final WorldSettings SCENE = WorldSettings.builder().gravity(0, -9.81, 0).sleepEnabled(false).build();

    @Test
    void nothingChosenKeepsTheScenesSettings() {
        ViewerSettings v = new ViewerSettings();
        assertFalse(v.changesWorld());
        assertSame(SCENE, v.adjust(SCENE));
        assertTrue(v.isOn(ViewLayer.JOINTS), "joints are drawn by default");
        assertFalse(v.isOn(ViewLayer.SLEEP), "the sleep tint is off by default");
    }

    @Test
    void iterationsMeanSubstepsOrIterationsPerContactByTheSolver() {
        ViewerSettings v = new ViewerSettings().iterations(3);
        WorldSettings si = v.solver(WorldSettings.Solver.SEQUENTIAL_IMPULSE).adjust(SCENE);
        assertEquals(WorldSettings.Solver.SEQUENTIAL_IMPULSE, si.solver());
        assertEquals(3, si.sequentialImpulse().substeps());
        assertEquals(3, ViewerSettings.iterationsOf(si));
        WorldSettings mill = v.solver(WorldSettings.Solver.MILLINGTON).adjust(SCENE);
        assertEquals(3, mill.iterationsPerContact());
        assertEquals(3, ViewerSettings.iterationsOf(mill));
    }

    @Test
    void sleepAndGravityAreSetOverTheScenesAndTheRestIsKept() {
        WorldSettings s = new ViewerSettings().sleep(true).gravityFactor(0.5).adjust(SCENE);
        assertTrue(s.sleepEnabled());
        assertEquals(-4.905, s.gravityY(), 1e-12);
        assertEquals(SCENE.solver(), s.solver());
        assertEquals(SCENE.frictionMix(), s.frictionMix());
        assertThrows(IllegalArgumentException.class, () -> new ViewerSettings().timeScale(0));
        assertThrows(IllegalArgumentException.class, () -> new ViewerSettings().iterations(0));
        assertThrows(IllegalArgumentException.class, () -> new ViewerSettings().gravityFactor(-1));
    }
}
