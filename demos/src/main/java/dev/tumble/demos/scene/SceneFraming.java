package dev.tumble.demos.scene;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Aabb;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.debug.DebugDraw;
import dev.tumble.core.joint.Joint;
import dev.tumble.core.world.World;
import dev.tumble.render.scene.Camera;
import org.joml.Matrix4f;
import org.joml.Matrix4x3dc;
import org.joml.Vector3dc;
import org.joml.Vector3f;

/**
 * Frames a scene: keeps the direction a scene's camera looks from and moves it to the distance
 * at which a box (the scene's bodies and joint anchors, plus where its action goes) just fits the
 * picture, aimed at the box's centre. Planes and half-spaces are left out; they are endless.
 */
public final class SceneFraming {
    /** The picture shape the cameras are framed for (16:9, the viewer's and the recordings'). */
    public static final float ASPECT = 16f / 9f;
    /** Share of the half-width and half-height the box may fill (the rest is a margin). */
    public static final float FILL = 0.85f;

    private SceneFraming() {
    }

    /**
     * The box around every bounded shape of {@code world}, m.
     *
     * @param world the world
     * @return {minX, minY, minZ, maxX, maxY, maxZ}, or null when no shape is bounded
     */
    public static double[] bounds(World world) {
        double[] box = null;
        Pose pose = new Pose();
        Aabb aabb = new Aabb();
        for (RigidBody b : world.bodies()) {
            for (Shape s : b.shapes()) {
                if (s.type().isUnbounded()) {
                    continue;
                }
                pose.set(b, s);
                s.computeAabb(pose, aabb);
                box = include(box, aabb.minX, aabb.minY, aabb.minZ);
                box = include(box, aabb.maxX, aabb.maxY, aabb.maxZ);
            }
        }
        // Joints reach fixed anchors no body covers (a cradle's pivots, a bridge's posts).
        JointPoints points = new JointPoints(box);
        for (Joint j : world.joints()) {
            j.debugDraw(points);
        }
        return points.box;
    }

    /** Collects the points a joint draws itself with. */
    private static final class JointPoints implements DebugDraw {
        double[] box;

        JointPoints(double[] box) {
            this.box = box;
        }

        private void add(Vector3dc p) {
            box = include(box, p.x(), p.y(), p.z());
        }

        @Override
        public void segment(Vector3dc a, Vector3dc b, int rgb) {
            add(a);
            add(b);
        }

        @Override
        public void point(Vector3dc p, double size, int rgb) {
            add(p);
        }

        @Override
        public void box(Matrix4x3dc transform, Vector3dc halfExtents, int rgb) {
            box = include(box, transform.m30(), transform.m31(), transform.m32());
        }

        @Override
        public void sphere(Vector3dc centre, double radius, int rgb) {
            add(centre);
        }

        @Override
        public void arrow(Vector3dc from, Vector3dc to, int rgb) {
            add(from);
            add(to);
        }
    }

    /**
     * Grows a box to hold a point.
     *
     * @param box {minX, minY, minZ, maxX, maxY, maxZ}, or null for none yet
     * @param x the point's x, m
     * @param y the point's y, m
     * @param z the point's z, m
     * @return the grown box (a new one when {@code box} was null)
     */
    public static double[] include(double[] box, double x, double y, double z) {
        if (box == null) {
            return new double[] {x, y, z, x, y, z};
        }
        box[0] = Math.min(box[0], x);
        box[1] = Math.min(box[1], y);
        box[2] = Math.min(box[2], z);
        box[3] = Math.max(box[3], x);
        box[4] = Math.max(box[4], y);
        box[5] = Math.max(box[5], z);
        return box;
    }

    /**
     * Aims {@code camera} at the box's centre, keeping its yaw, pitch and field of view, at the
     * least distance that shows all eight corners within {@link #FILL} of the picture at
     * {@link #ASPECT}.
     *
     * @param camera the scene's camera (changed)
     * @param box {minX, minY, minZ, maxX, maxY, maxZ}, m; null leaves the camera as it is
     * @return {@code camera}
     */
    public static Camera fit(Camera camera, double[] box) {
        if (box == null) {
            return camera;
        }
        float cx = (float) (box[0] + box[3]) / 2;
        float cy = (float) (box[1] + box[4]) / 2;
        float cz = (float) (box[2] + box[5]) / 2;
        camera.target(cx, cy, cz).orbit(camera.yaw(), camera.pitch(), 1f);
        Matrix4f view = camera.view(new Matrix4f());
        float tanY = (float) Math.tan(camera.fovY() / 2) * FILL;
        float tanX = (float) Math.tan(camera.fovY() / 2) * ASPECT * FILL;
        Vector3f v = new Vector3f();
        float distance = 0.5f;
        for (int i = 0; i < 8; i++) {
            v.set((float) box[(i & 1) == 0 ? 0 : 3], (float) box[(i & 2) == 0 ? 1 : 4], (float) box[(i & 4) == 0 ? 2 : 5]);
            view.transformPosition(v);
            // View space looks down −z; at distance d the corner's depth is −(v.z + 1) + d.
            float depthAtZero = -v.z - 1;
            distance = Math.max(distance, Math.abs(v.x) / tanX - depthAtZero);
            distance = Math.max(distance, Math.abs(v.y) / tanY - depthAtZero);
        }
        return camera.orbit(camera.yaw(), camera.pitch(), distance);
    }
}
