package dev.tumble.render.app;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** A click steps a setting to its next value, a right click to its previous one, wrapping round. */
class ViewerOverlayStepTest {

    @Test
    void settingsStepForwardAndBackAndWrap() {
        assertEquals(10, ViewerOverlay.nextIterations(8, false));
        assertEquals(6, ViewerOverlay.nextIterations(8, true));
        assertEquals(1, ViewerOverlay.nextIterations(128, false), "wraps to the least");
        assertEquals(128, ViewerOverlay.nextIterations(1, true), "wraps to the most");
        assertEquals(6, ViewerOverlay.nextIterations(7, true), "a count between steps goes to the nearest below");
        assertEquals(8, ViewerOverlay.nextIterations(7, false), "or the nearest above");
        assertEquals(2, ViewerOverlay.nextOf(ViewerSettings.GRAVITY_FACTORS, 1, false));
        assertEquals(0, ViewerOverlay.nextOf(ViewerSettings.GRAVITY_FACTORS, 2, false));
        assertEquals(2, ViewerOverlay.nextOf(ViewerSettings.GRAVITY_FACTORS, 0, true));
        assertEquals(0.5, ViewerOverlay.nextOf(ViewerSettings.TIME_SCALES, 1, true));
    }
}
