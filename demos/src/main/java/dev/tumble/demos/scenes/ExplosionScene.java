package dev.tumble.demos.scenes;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.demos.scene.ForceSpec;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.demos.scene.Vec;
import dev.tumble.render.app.Controls;
import dev.tumble.render.scene.Camera;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Millington's explosion demo: boxes and balls scattered (seeded) around a point 1 m above the
 * ground; at {@link #DETONATION_TIME} the explosion first pulls them in (implosion, 0.25 s) and
 * then a concussion wave (a shell 1.5 m thick, 12 m/s) throws them out, nearer bodies first.
 * Space detonates again in the window.
 */
public final class ExplosionScene extends Scene {
    /** When the explosion goes off, s. */
    public static final double DETONATION_TIME = 0.5;
    /** The detonation point, m. */
    public static final double[] CENTRE = {0, 1, 0};
    /** The implosion: min radius, max radius (m), duration (s), pull (N). */
    public static final double[] IMPLOSION = {0.5, 8, 0.25, 40};
    /** The wave: speed (m/s), thickness (m), peak push (N), duration (s). */
    public static final double[] CONCUSSION = {12, 1.5, 1500, 0.8};

    private final List<RigidBody> debris = new ArrayList<>();
    private final List<String> ids = new ArrayList<>();
    private boolean detonated;
    private boolean fireWasDown;

    /**
     * Builds the scene.
     *
     * @param options the options
     */
    public ExplosionScene(SceneOptions options) {
        super(options, settings(options).build());
        ground(0.6);
        SplittableRandom random = new SplittableRandom(options.seed());
        for (int i = 0; i < 24; i++) {
            double angle = 2 * Math.PI * i / 24 + random.nextDouble(-0.1, 0.1);
            double r = 2 + 3.5 * random.nextDouble();
            double x = r * Math.cos(angle), z = r * Math.sin(angle);
            RigidBody b;
            if (i % 3 == 0) {
                b = RigidBody.dynamic(new Sphere(0.35)).mass(2).position(x, 0.35, z);
            } else {
                double h = 0.25 + 0.25 * random.nextDouble();
                b = RigidBody.dynamic(new Box(0.3, h, 0.3)).mass(3).position(x, h, z);
            }
            b.friction(0.6);
            String id = "debris" + i;
            debris.add(add(id, b));
            ids.add(id);
        }
    }

    @Override
    public void beforeStep(double time, double dt, Controls controls) {
        if (!detonated && time + 1e-9 >= DETONATION_TIME) {
            detonate();
        }
        boolean fire = controls.isDown(32); // GLFW_KEY_SPACE
        if (fire && !fireWasDown) {
            detonate();
        }
        fireWasDown = fire;
    }

    /** Sets off an explosion at {@link #CENTRE} acting on every piece of debris. */
    public void detonate() {
        detonated = true;
        for (RigidBody b : debris) {
            b.setAwake(true);
        }
        force(new ForceSpec.ExplosionSpec(List.copyOf(ids), CENTRE.clone(), IMPLOSION.clone(), CONCUSSION.clone()));
    }

    /**
     * The boxes and balls, in build order.
     *
     * @return the bodies
     */
    public List<RigidBody> debris() {
        return Collections.unmodifiableList(debris);
    }

    /**
     * Distance (m) of a body from the detonation point.
     *
     * @param b the body
     * @return the distance, m
     */
    public static double distance(RigidBody b) {
        return b.position().distance(Vec.v(CENTRE));
    }

    @Override
    public int stillStep() {
        return 48;
    }

    @Override
    public Camera camera() {
        return framed(new Camera().lookAt(10f, 9f, 14f, 0f, 0.5f, 0f));
    }

    /** The concussion wave throws the debris out: frame the ring it starts in, widened by 60 %. */
    @Override
    protected double[] actionBounds(double[] box) {
        if (box == null) {
            return null;
        }
        for (int axis : new int[] {0, 2}) {
            double c = (box[axis] + box[axis + 3]) / 2;
            double half = (box[axis + 3] - box[axis]) / 2;
            box[axis] = c - 1.6 * half;
            box[axis + 3] = c + 1.6 * half;
        }
        box[4] = Math.max(box[4], 3);
        return box;
    }

    @Override
    public boolean usesKey(int glfwKey) {
        return glfwKey == 32; // Space sets off the blast
    }
}
