package dev.tumble.render.app;

import dev.tumble.render.scene.Camera;

/**
 * Mouse and keyboard camera control for an orbit {@link Camera}, as pure math (no GLFW, no GL):
 * dragging rotates or pans, the wheel zooms, WASD/QE fly the orbit centre through the scene.
 * The window feeds it pixel deltas and held keys; tests call it directly.
 */
public final class CameraControls {
    /** Radians of yaw or pitch per pixel of drag. */
    public static final float ROTATE_PER_PIXEL = 0.005f;
    /** Distance factor per wheel notch (scrolling up moves in). */
    public static final float ZOOM_PER_NOTCH = 0.9f;
    /** Fly speed, in camera distances per second (so it suits small and large scenes alike). */
    public static final float FLY_DISTANCES_PER_SECOND = 1.0f;

    private final Camera camera;

    /** @param camera the camera to drive (the same object the renderer draws with) */
    public CameraControls(Camera camera) {
        if (camera == null) {
            throw new IllegalArgumentException("camera must not be null");
        }
        this.camera = camera;
    }

    /** @return the driven camera */
    public Camera camera() {
        return camera;
    }

    /**
     * Orbits around the target: dragging right turns the view to the right of the scene (yaw
     * decreases), dragging down raises the eye (pitch increases).
     *
     * @param dxPixels cursor movement to the right, pixels
     * @param dyPixels cursor movement down, pixels
     */
    public void rotate(double dxPixels, double dyPixels) {
        camera.rotate((float) (-dxPixels * ROTATE_PER_PIXEL), (float) (dyPixels * ROTATE_PER_PIXEL));
    }

    /**
     * Pans so that the point at the target's depth under the cursor stays under the cursor.
     *
     * @param dxPixels cursor movement to the right, pixels
     * @param dyPixels cursor movement down, pixels
     * @param viewportHeight viewport height, pixels (positive)
     */
    public void pan(double dxPixels, double dyPixels, int viewportHeight) {
        if (viewportHeight <= 0) {
            throw new IllegalArgumentException("viewportHeight must be positive, was " + viewportHeight);
        }
        float metresPerPixel = metresPerPixel(viewportHeight);
        camera.pan((float) (-dxPixels * metresPerPixel), (float) (dyPixels * metresPerPixel));
    }

    /**
     * @param viewportHeight the viewport's height, pixels
     * @return metres per pixel in the plane through the target facing the eye
     */
    public float metresPerPixel(int viewportHeight) {
        return (float) (2.0 * camera.distance() * Math.tan(camera.fovY() / 2.0) / viewportHeight);
    }

    /**
     * Zooms with the mouse wheel.
     *
     * @param notches wheel offset; positive (scrolling up) moves the eye towards the target
     */
    public void zoom(double notches) {
        camera.zoom((float) Math.pow(ZOOM_PER_NOTCH, notches));
    }

    /**
     * Flies the orbit centre (and with it the eye): forward follows the view direction flattened
     * onto the ground plane, right is the camera's right, up is world up.
     *
     * @param forward +1 forward (W), −1 back (S), 0 none
     * @param right +1 right (D), −1 left (A)
     * @param up +1 up (E), −1 down (Q)
     * @param seconds frame time, s
     * @param speedFactor 1 normally (e.g. 4 with Shift held)
     */
    public void fly(int forward, int right, int up, double seconds, double speedFactor) {
        if (forward == 0 && right == 0 && up == 0) {
            return;
        }
        float step = (float) (FLY_DISTANCES_PER_SECOND * camera.distance() * seconds * speedFactor);
        // The eye sits at target + d·(sin yaw cos pitch, sin pitch, cos yaw cos pitch): it looks along −(sin yaw, ·, cos yaw).
        float fx = (float) -Math.sin(camera.yaw());
        float fz = (float) -Math.cos(camera.yaw());
        float rx = -fz;
        float rz = fx;
        float x = camera.target().x() + step * (forward * fx + right * rx);
        float y = camera.target().y() + step * up;
        float z = camera.target().z() + step * (forward * fz + right * rz);
        camera.target(x, y, z);
    }
}
