package dev.tumble.core.collision.shape;

import dev.tumble.core.body.RigidBody;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A mutable rigid transform {@code world = R·local + p}: position {@code p} (m) and a row-major
 * rotation matrix {@code r}. The narrow phase works on the world poses of shapes, computed once
 * per pair from the body transform and the shape's offset.
 */
public final class Pose {
    /** Translation, m. */
    public double px, py, pz;
    /** Rotation, row-major 3×3: {@code r[3*row + col]}. Column {@code i} is the local axis {@code i} in world space. */
    public final double[] r = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    private final double[] scratch = new double[12];

    /** The identity pose. */
    public Pose() {
    }

    /**
     * Sets the identity.
     *
     * @return this pose
     */
    public Pose identity() {
        px = py = pz = 0;
        r[0] = r[4] = r[8] = 1;
        r[1] = r[2] = r[3] = r[5] = r[6] = r[7] = 0;
        return this;
    }

    /**
     * Copies {@code o}.
     *
     * @param o the pose to copy
     * @return this pose
     */
    public Pose set(Pose o) {
        px = o.px;
        py = o.py;
        pz = o.pz;
        System.arraycopy(o.r, 0, r, 0, 9);
        return this;
    }

    /**
     * Sets position (m) and orientation (unit quaternion, normalised here).
     *
     * @param p the position, m
     * @param q the orientation
     * @return this pose
     */
    public Pose set(Vector3dc p, Quaterniondc q) {
        return set(p.x(), p.y(), p.z(), q.w(), q.x(), q.y(), q.z());
    }

    /**
     * Sets position (m) and orientation {@code (w, x, y, z)} (normalised here).
     *
     * @param x the position x, m
     * @param y the position y, m
     * @param z the position z, m
     * @param qw the orientation's scalar part
     * @param qx the x of the orientation's vector part
     * @param qy the y of the orientation's vector part
     * @param qz the z of the orientation's vector part
     * @return this pose
     */
    public Pose set(double x, double y, double z, double qw, double qx, double qy, double qz) {
        px = x;
        py = y;
        pz = z;
        double n = qw * qw + qx * qx + qy * qy + qz * qz;
        double s = n > 0 ? 1 / Math.sqrt(n) : 1;
        double w = qw * s, i = qx * s, j = qy * s, k = qz * s;
        if (n == 0) {
            w = 1;
        }
        r[0] = 1 - 2 * j * j - 2 * k * k;
        r[1] = 2 * i * j - 2 * w * k;
        r[2] = 2 * i * k + 2 * w * j;
        r[3] = 2 * i * j + 2 * w * k;
        r[4] = 1 - 2 * i * i - 2 * k * k;
        r[5] = 2 * j * k - 2 * w * i;
        r[6] = 2 * i * k - 2 * w * j;
        r[7] = 2 * j * k + 2 * w * i;
        r[8] = 1 - 2 * i * i - 2 * j * j;
        return this;
    }

    /**
     * {@code this = body transform · shape offset}: the world pose of {@code shape} on {@code body}.
     *
     * @param body the body carrying the shape
     * @param shape the shape, at its offset pose in body space
     * @return this pose
     */
    public Pose set(RigidBody body, Shape shape) {
        double[] t = body.getTransform(scratch);
        if (shape.hasIdentityOffset()) {
            px = t[3];
            py = t[7];
            pz = t[11];
            r[0] = t[0]; r[1] = t[1]; r[2] = t[2];
            r[3] = t[4]; r[4] = t[5]; r[5] = t[6];
            r[6] = t[8]; r[7] = t[9]; r[8] = t[10];
            return this;
        }
        Pose o = shape.offsetPose();
        for (int row = 0; row < 3; row++) {
            double a = t[4 * row], b = t[4 * row + 1], c = t[4 * row + 2];
            r[3 * row] = a * o.r[0] + b * o.r[3] + c * o.r[6];
            r[3 * row + 1] = a * o.r[1] + b * o.r[4] + c * o.r[7];
            r[3 * row + 2] = a * o.r[2] + b * o.r[5] + c * o.r[8];
        }
        px = t[0] * o.px + t[1] * o.py + t[2] * o.pz + t[3];
        py = t[4] * o.px + t[5] * o.py + t[6] * o.pz + t[7];
        pz = t[8] * o.px + t[9] * o.py + t[10] * o.pz + t[11];
        return this;
    }

    /**
     * {@code dest = R·local + p} (m).
     *
     * @param x the local point x, m
     * @param y the local point y, m
     * @param z the local point z, m
     * @param dest receives the world point
     * @return {@code dest}
     */
    public Vector3d toWorld(double x, double y, double z, Vector3d dest) {
        return dest.set(r[0] * x + r[1] * y + r[2] * z + px, r[3] * x + r[4] * y + r[5] * z + py,
                r[6] * x + r[7] * y + r[8] * z + pz);
    }

    /**
     * {@code dest = R·local}.
     *
     * @param x the local direction x
     * @param y the local direction y
     * @param z the local direction z
     * @param dest receives the world direction
     * @return {@code dest}
     */
    public Vector3d dirToWorld(double x, double y, double z, Vector3d dest) {
        return dest.set(r[0] * x + r[1] * y + r[2] * z, r[3] * x + r[4] * y + r[5] * z, r[6] * x + r[7] * y + r[8] * z);
    }

    /**
     * {@code dest = Rᵀ·(world − p)} (m).
     *
     * @param x the world point x, m
     * @param y the world point y, m
     * @param z the world point z, m
     * @param dest receives the local point
     * @return {@code dest}
     */
    public Vector3d toLocal(double x, double y, double z, Vector3d dest) {
        return dirToLocal(x - px, y - py, z - pz, dest);
    }

    /**
     * {@code dest = Rᵀ·world}.
     *
     * @param x the world direction x
     * @param y the world direction y
     * @param z the world direction z
     * @param dest receives the local direction
     * @return {@code dest}
     */
    public Vector3d dirToLocal(double x, double y, double z, Vector3d dest) {
        return dest.set(r[0] * x + r[3] * y + r[6] * z, r[1] * x + r[4] * y + r[7] * z, r[2] * x + r[5] * y + r[8] * z);
    }
}
