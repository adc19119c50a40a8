package dev.tumble.demos.scenes;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.render.scene.Camera;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * A stack of mixed shapes: boxes and hull prisms (six- and five-sided) in alternate layers with a
 * capsule lying on top, and beside it a seeded shower of spheres, capsules, hull tetrahedra and
 * dumbbells (a compound of a capsule bar and two balls, shapes at offsets).
 */
public final class MixedStackScene extends Scene {
    private final List<RigidBody> stack = new ArrayList<>();
    private final List<RigidBody> shower = new ArrayList<>();

    /**
     * Builds the scene.
     *
     * @param options the options
     */
    public MixedStackScene(SceneOptions options) {
        super(options, settings(options).build());
        ground(0.7);
        layer("box0", new Box(0.6, 0.2, 0.6), 0.2);
        layer("hex", prism(6, 0.55, 0.2), 0.6);
        layer("box1", new Box(0.45, 0.2, 0.45), 1.0);
        layer("pent", prism(5, 0.5, 0.2), 1.4);
        Capsule beam = new Capsule(0.18, 0.3);
        stack.add(add("beam", RigidBody.dynamic(beam).density(500).friction(0.7).position(0, 1.78, 0)
                .orientation(new Quaterniond().rotateX(Math.PI / 2))));
        SplittableRandom random = new SplittableRandom(options.seed());
        for (int i = 0; i < 16; i++) {
            double x = 3.4 + random.nextDouble(-0.6, 0.6), z = random.nextDouble(-1, 1), y = 1 + 0.7 * i;
            RigidBody b = switch (i % 4) {
                case 0 -> RigidBody.dynamic(new Sphere(0.25));
                case 1 -> RigidBody.dynamic(new Capsule(0.15, 0.25));
                case 2 -> RigidBody.dynamic(hull(new Vector3d(0.35, 0, 0), new Vector3d(-0.2, 0, 0.3),
                        new Vector3d(-0.2, 0, -0.3), new Vector3d(0, 0.4, 0)));
                default -> RigidBody.dynamic(new Capsule(0.07, 0.3).offset(0, 0, 0),
                        new Sphere(0.18).offset(0, 0.4, 0), new Sphere(0.18).offset(0, -0.4, 0));
            };
            b.density(500).friction(0.6).position(x, y, z)
                    .orientation(new Quaterniond().rotateXYZ(random.nextDouble(3), random.nextDouble(3), random.nextDouble(3)));
            shower.add(add("shower" + i, b));
        }
    }

    private void layer(String id, dev.tumble.core.collision.shape.Shape shape, double y) {
        stack.add(add(id, RigidBody.dynamic(shape).density(500).friction(0.7).position(0, y, 0)));
    }

    /** A prism with {@code n} sides around y: circumradius {@code r}, half height {@code h}, m. */
    private ConvexHull prism(int n, double r, double h) {
        Vector3d[] points = new Vector3d[2 * n];
        for (int k = 0; k < n; k++) {
            double a = 2 * Math.PI * k / n;
            points[2 * k] = new Vector3d(r * Math.cos(a), -h, r * Math.sin(a));
            points[2 * k + 1] = new Vector3d(r * Math.cos(a), h, r * Math.sin(a));
        }
        return hull(points);
    }

    /**
     * The stacked bodies, bottom first.
     *
     * @return the bodies
     */
    public List<RigidBody> stack() {
        return Collections.unmodifiableList(stack);
    }

    /**
     * The bodies dropped beside the stack.
     *
     * @return the bodies
     */
    public List<RigidBody> shower() {
        return Collections.unmodifiableList(shower);
    }

    @Override
    public int stillStep() {
        return 160;
    }

    @Override
    protected double[] actionBounds(double[] box) {
        if (box != null) {
            box[4] = Math.min(box[4], 4); // the shower starts 12 m up but lands beside the stack
        }
        return grow(box, 2.5, 0, 2.5); // and its balls roll on
    }

    @Override
    public Camera camera() {
        return framed(new Camera().lookAt(5f, 4f, 8f, 1.2f, 1f, 0f));
    }
}
