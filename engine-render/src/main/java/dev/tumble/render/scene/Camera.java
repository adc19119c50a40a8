package dev.tumble.render.scene;

import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.joml.Vector3fc;
import org.joml.Vector4f;

/**
 * An orbit camera with a perspective projection: it looks at {@link #target()} from
 * {@link #distance()} metres away, at {@link #yaw()} around the world y axis (0 looks from +z
 * towards −z, positive turns towards +x) and {@link #pitch()} above the horizontal plane.
 * Angles in radians. Y is up.
 */
public final class Camera {
    private static final float MAX_PITCH = (float) Math.toRadians(89.0);
    private final Vector3f target = new Vector3f();
    private float yaw;
    private float pitch = (float) Math.toRadians(30.0);
    private float distance = 10f;
    private float fovY = (float) Math.toRadians(45.0);
    private float near = 0.05f;
    private float far = 500f;

    /** @return the point looked at, metres (live view) */
    public Vector3fc target() {
        return target;
    }

    /** @return yaw in radians */
    public float yaw() {
        return yaw;
    }

    /** @return pitch in radians, in [−89°, 89°] */
    public float pitch() {
        return pitch;
    }

    /** @return distance from the eye to the target, metres */
    public float distance() {
        return distance;
    }

    /** @return vertical field of view in radians */
    public float fovY() {
        return fovY;
    }

    /**
     * @param x target x, metres
     * @param y target y, metres
     * @param z target z, metres
     * @return this
     */
    public Camera target(float x, float y, float z) {
        target.set(x, y, z);
        return this;
    }

    /**
     * Sets the orbit.
     *
     * @param yawRadians   yaw, radians
     * @param pitchRadians pitch, radians (clamped to ±89°)
     * @param distanceMetres distance, metres (positive)
     * @return this
     */
    public Camera orbit(float yawRadians, float pitchRadians, float distanceMetres) {
        if (!(distanceMetres > 0f)) {
            throw new IllegalArgumentException("distance must be positive: " + distanceMetres);
        }
        this.yaw = yawRadians;
        this.pitch = Math.max(-MAX_PITCH, Math.min(MAX_PITCH, pitchRadians));
        this.distance = distanceMetres;
        return this;
    }

    /**
     * Places the eye at {@code eye} looking at {@code target}.
     *
     * @param eyeX eye x, m
     * @param eyeY eye y, m
     * @param eyeZ eye z, m
     * @param targetX target x, m
     * @param targetY target y, m
     * @param targetZ target z, m
     * @return this
     */
    public Camera lookAt(float eyeX, float eyeY, float eyeZ, float targetX, float targetY, float targetZ) {
        target.set(targetX, targetY, targetZ);
        float dx = eyeX - targetX;
        float dy = eyeY - targetY;
        float dz = eyeZ - targetZ;
        float d = (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
        return orbit((float) Math.atan2(dx, dz), (float) Math.asin(dy / d), d);
    }

    /**
     * Rotates the orbit (for mouse dragging).
     *
     * @param dYaw   added yaw, radians
     * @param dPitch added pitch, radians
     * @return this
     */
    public Camera rotate(float dYaw, float dPitch) {
        return orbit(yaw + dYaw, pitch + dPitch, distance);
    }

    /**
     * Scales the distance (for the mouse wheel).
     *
     * @param factor multiplies the distance (positive)
     * @return this
     */
    public Camera zoom(float factor) {
        return orbit(yaw, pitch, Math.max(near * 2f, distance * factor));
    }

    /**
     * Moves the target in the view plane.
     *
     * @param right metres along the camera's right vector
     * @param up    metres along the camera's up vector
     * @return this
     */
    public Camera pan(float right, float up) {
        Matrix4f v = view(new Matrix4f());
        Vector3f r = v.positiveX(new Vector3f());
        Vector3f u = v.positiveY(new Vector3f());
        target.fma(right, r).fma(up, u);
        return this;
    }

    /**
     * @param fovYRadians vertical field of view in radians, in (0, π)
     * @param nearMetres near plane, metres
     * @param farMetres  far plane, metres
     * @return this
     */
    public Camera perspective(float fovYRadians, float nearMetres, float farMetres) {
        if (!(fovYRadians > 0f && fovYRadians < Math.PI) || !(nearMetres > 0f) || !(farMetres > nearMetres)) {
            throw new IllegalArgumentException("bad perspective: fov " + fovYRadians + ", near " + nearMetres + ", far " + farMetres);
        }
        this.fovY = fovYRadians;
        this.near = nearMetres;
        this.far = farMetres;
        return this;
    }

    /**
     * @param dest receives the position
     * @return the eye position, metres, written into {@code dest}
     */
    public Vector3f eye(Vector3f dest) {
        float cp = (float) Math.cos(pitch);
        return dest.set(target).add(distance * cp * (float) Math.sin(yaw), distance * (float) Math.sin(pitch),
                distance * cp * (float) Math.cos(yaw));
    }

    /**
     * @param dest receives the matrix
     * @return the world-to-view matrix, written into {@code dest}
     */
    public Matrix4f view(Matrix4f dest) {
        Vector3f e = eye(new Vector3f());
        return dest.setLookAt(e.x, e.y, e.z, target.x, target.y, target.z, 0f, 1f, 0f);
    }

    /**
     * @param aspect width / height
     * @param dest receives the matrix
     * @return the projection for {@code aspect} = width / height, written into {@code dest}
     */
    public Matrix4f projection(float aspect, Matrix4f dest) {
        return dest.setPerspective(fovY, aspect, near, far);
    }

    /**
     * @param aspect width / height
     * @param dest receives the matrix
     * @return projection × view for {@code aspect}, written into {@code dest}
     */
    public Matrix4f viewProjection(float aspect, Matrix4f dest) {
        Matrix4f v = view(new Matrix4f());
        return projection(aspect, dest).mul(v);
    }

    /**
     * Projects a world point to pixel coordinates of a {@code width}×{@code height} image with
     * the origin at the top-left (as in a {@code BufferedImage}).
     *
     * @param x the point x, m
     * @param y the point y, m
     * @param z the point z, m
     * @param width the image width, pixels
     * @param height the image height, pixels
     * @param dest receives (x, y, depth in [0, 1]); x, y are NaN when the point is behind the eye
     * @return {@code dest}
     */
    public Vector3f project(float x, float y, float z, int width, int height, Vector3f dest) {
        Vector4f clip = viewProjection((float) width / height, new Matrix4f()).transform(new Vector4f(x, y, z, 1f));
        if (clip.w <= 0f) {
            return dest.set(Float.NaN, Float.NaN, Float.NaN);
        }
        float nx = clip.x / clip.w;
        float ny = clip.y / clip.w;
        float nz = clip.z / clip.w;
        return dest.set((nx * 0.5f + 0.5f) * width, (0.5f - ny * 0.5f) * height, nz * 0.5f + 0.5f);
    }
}
