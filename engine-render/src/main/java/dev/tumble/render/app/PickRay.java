package dev.tumble.render.app;

import dev.tumble.render.scene.Camera;
import org.joml.Matrix4f;
import org.joml.Vector3d;
import org.joml.Vector4f;

/**
 * The world-space ray through a pixel: the inverse of the camera's projection, for picking with
 * {@code world.castRay}. Keeps its scratch matrices, so a call allocates nothing.
 */
public final class PickRay {
    private final Matrix4f viewProj = new Matrix4f();
    private final Matrix4f inverse = new Matrix4f();
    private final Vector4f near = new Vector4f();
    private final Vector4f far = new Vector4f();

    /**
     * Computes the ray from the eye through pixel ({@code x}, {@code y}).
     *
     * @param camera the camera
     * @param x pixel x from the left edge (fractions allowed)
     * @param y pixel y from the top edge
     * @param width viewport width, pixels
     * @param height viewport height, pixels
     * @param origin receives the ray origin on the near plane, m
     * @param direction receives the unit direction
     */
    public void through(Camera camera, double x, double y, int width, int height, Vector3d origin, Vector3d direction) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("viewport must be positive, was " + width + "x" + height);
        }
        camera.viewProjection((float) width / height, viewProj).invert(inverse);
        float nx = (float) (2.0 * x / width - 1.0);
        float ny = (float) (1.0 - 2.0 * y / height);
        inverse.transform(near.set(nx, ny, -1f, 1f));
        inverse.transform(far.set(nx, ny, 1f, 1f));
        near.div(near.w);
        far.div(far.w);
        origin.set(near.x, near.y, near.z);
        direction.set(far.x - near.x, far.y - near.y, far.z - near.z).normalize();
    }
}
