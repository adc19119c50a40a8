package dev.tumble.render;

import dev.tumble.render.gl.GlContexts;
import org.joml.Matrix4x3d;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** Without a display, the viewer falls back to a headless context and renders one frame. */
@RequiresGl
class SceneWindowHeadlessTest {
    @Test
    void runsOneFrameHeadless() {
        assumeFalse(GlContexts.displayAvailable(), "a display exists: the viewer would open a window");
        int[] calls = {0};
        try (SceneWindow win = new SceneWindow(320, 240, "test")) {
            win.run((list, debug, dt) -> {
                calls[0]++;
                list.box(new Matrix4x3d(), 0.5, 0.5, 0.5, 0xFF0000);
                debug.point(0, 1, 0, 5, 0x00FF00);
            });
        }
        assertEquals(1, calls[0]);
    }
}
