package dev.tumble.render.app;

import dev.tumble.render.scene.Camera;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class CameraControlsTest {
    private static final int W = 800;
    private static final int H = 600;

    @Test
    void dragRotatesByTheStatedRadiansPerPixel() {
        Camera cam = new Camera().orbit(0.3f, 0.2f, 10f);
        new CameraControls(cam).rotate(100, -40);
        assertEquals(0.3f - 100 * CameraControls.ROTATE_PER_PIXEL, cam.yaw(), 1e-6f);
        assertEquals(0.2f - 40 * CameraControls.ROTATE_PER_PIXEL, cam.pitch(), 1e-6f);
        assertEquals(10f, cam.distance(), 1e-6f, "rotation keeps the distance");
    }

    @Test
    void panKeepsThePointUnderTheCursorUnderTheCursor() {
        Camera cam = new Camera().lookAt(4f, 3f, 7f, 0.5f, 1f, -0.2f);
        Vector3f target = new Vector3f(cam.target());
        Vector3f before = cam.project(target.x, target.y, target.z, W, H, new Vector3f());
        new CameraControls(cam).pan(37, -21, H);
        Vector3f after = cam.project(target.x, target.y, target.z, W, H, new Vector3f());
        // The old target moved with the cursor: 37 px right, 21 px up.
        assertEquals(before.x + 37, after.x, 0.05);
        assertEquals(before.y - 21, after.y, 0.05);
        assertEquals(cam.distance(), new Vector3f(cam.eye(new Vector3f())).distance(cam.target()), 1e-4f);
    }

    @Test
    void wheelZoomsGeometrically() {
        Camera cam = new Camera().orbit(0f, 0.3f, 10f);
        CameraControls c = new CameraControls(cam);
        c.zoom(2);
        assertEquals(10f * 0.81f, cam.distance(), 1e-4f);
        c.zoom(-2);
        assertEquals(10f, cam.distance(), 1e-4f);
    }

    @Test
    void flyForwardMovesTheEyeAlongTheHorizontalViewDirection() {
        Camera cam = new Camera().lookAt(0f, 5f, 10f, 0f, 0f, 0f); // looks along −z and down
        CameraControls c = new CameraControls(cam);
        Vector3f eye0 = cam.eye(new Vector3f());
        c.fly(1, 0, 0, 0.5, 1);
        Vector3f eye1 = cam.eye(new Vector3f());
        double expected = CameraControls.FLY_DISTANCES_PER_SECOND * cam.distance() * 0.5;
        assertEquals(0, eye1.x - eye0.x, 1e-4);
        assertEquals(0, eye1.y - eye0.y, 1e-4, "forward stays level");
        assertEquals(-expected, eye1.z - eye0.z, 1e-4);
        c.fly(0, 1, 0, 0.5, 1); // right of a camera looking along −z is +x
        assertEquals(expected, cam.eye(new Vector3f()).x - eye1.x, 1e-4);
        c.fly(0, 0, -1, 0.5, 2); // Q, twice as fast
        assertEquals(-2 * expected, cam.eye(new Vector3f()).y - eye1.y, 1e-4);
    }

    @Test
    void badInputIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new CameraControls(null));
        CameraControls c = new CameraControls(new Camera());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.pan(1, 1, 0));
        assertTrue(e.getMessage().contains("viewportHeight"));
    }
}
