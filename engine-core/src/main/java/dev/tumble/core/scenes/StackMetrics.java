package dev.tumble.core.scenes;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Aabb;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import java.util.List;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * The figures by which {@code docs/stacking.md} judges a stacking scene, measured against the
 * scene's state when this object was made (make it right after building the scene):
 *
 * <ul>
 *   <li><b>top displacement</b>: distance (m) of the scene's top box from where it started;
 *   <li><b>max speed</b>: the largest linear speed (m/s) of any dynamic body now;
 *   <li><b>moved sideways</b>: bodies whose centre is more than {@link #SIDEWAYS_LIMIT} (0.5 m)
 *       from its start in the horizontal (x, z) plane; for the pile, whose boxes fall straight
 *       down to land, this is the distance from the column they were dropped into;
 *   <li><b>below ground</b>: bodies whose centre is below the ground (y &lt; 0) or whose lowest
 *       point is more than {@link #GROUND_TOLERANCE} (5 cm, ten times any solver's slop) below it;
 *   <li><b>moving</b>: bodies faster than {@link #REST_SPEED} (0.1 m/s).
 * </ul>
 */
public final class StackMetrics {
    /** Horizontal travel (m) beyond which a body counts as moved sideways. */
    public static final double SIDEWAYS_LIMIT = 0.5;
    /** Depth (m) of a body's lowest point below y = 0 beyond which it counts as below ground. */
    public static final double GROUND_TOLERANCE = 0.05;
    /** Speed (m/s) above which a body counts as not at rest. */
    public static final double REST_SPEED = 0.1;

    /** The figures of one moment; lengths in m, speeds in m/s. */
    public record Figures(double topDisplacement, double maxSpeed, int movedSideways, int belowGround, int moving) {
        @Override
        public String toString() {
            return String.format("top moved %.4f m, max speed %.4f m/s, moved > 0.5 m sideways %d, below ground %d, "
                    + "above 0.1 m/s %d", topDisplacement, maxSpeed, movedSideways, belowGround, moving);
        }
    }

    private final StackScene scene;
    private final double[] start;

    /**
     * Records the start positions of the scene's bodies.
     *
     * @param scene the scene, before it runs
     */
    public StackMetrics(StackScene scene) {
        if (scene == null) {
            throw new IllegalArgumentException("scene must not be null");
        }
        this.scene = scene;
        List<RigidBody> bodies = scene.bodies();
        start = new double[3 * bodies.size()];
        for (int i = 0; i < bodies.size(); i++) {
            Vector3dc p = bodies.get(i).position();
            start[3 * i] = p.x();
            start[3 * i + 1] = p.y();
            start[3 * i + 2] = p.z();
        }
    }

    /** @return the scene measured. */
    public StackScene scene() {
        return scene;
    }

    /** @return the figures of the scene as it is now. */
    public Figures measure() {
        List<RigidBody> bodies = scene.bodies();
        double maxSpeed = 0;
        int sideways = 0, below = 0, moving = 0;
        Pose pose = new Pose();
        Aabb box = new Aabb();
        for (int i = 0; i < bodies.size(); i++) {
            RigidBody b = bodies.get(i);
            double speed = b.velocity().length();
            maxSpeed = Math.max(maxSpeed, speed);
            if (speed > REST_SPEED) {
                moving++;
            }
            Vector3dc p = b.position();
            double dx = p.x() - start[3 * i], dz = p.z() - start[3 * i + 2];
            if (Math.sqrt(dx * dx + dz * dz) > SIDEWAYS_LIMIT) {
                sideways++;
            }
            if (p.y() < 0 || lowestPoint(b, pose, box) < -GROUND_TOLERANCE) {
                below++;
            }
        }
        int t = bodies.indexOf(scene.top());
        Vector3d top = new Vector3d(scene.top().position()).sub(start[3 * t], start[3 * t + 1], start[3 * t + 2]);
        return new Figures(top.length(), maxSpeed, sideways, below, moving);
    }

    /** The lowest y (m) of the body's shapes: the bottom of their world boxes, exact for any convex shape. */
    private static double lowestPoint(RigidBody b, Pose pose, Aabb box) {
        double low = Double.POSITIVE_INFINITY;
        for (Shape s : b.shapes()) {
            pose.set(b, s);
            low = Math.min(low, s.computeAabb(pose, box).minY);
        }
        return low;
    }
}
