package dev.tumble.demos.scenes;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.joint.DistanceJoint;
import dev.tumble.core.joint.Joint;
import dev.tumble.demos.scene.JointSpec;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.demos.scene.Vec;
import dev.tumble.render.scene.Camera;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Millington's platform on rigid bodies: a slab hung level by four rods from a frame (a swing),
 * with a second, smaller slab hanging under it on two cables; a heavy ball lands on one end and
 * rolls, so the platform swings and tilts while the rods hold their length.
 */
public final class PlatformScene extends Scene {
    private static final double ROD = 2.5, Y = 2.5;
    private final List<Joint> joints = new ArrayList<>();
    private final RigidBody platform;
    private final RigidBody basket;

    /**
     * Builds the scene.
     *
     * @param options the options
     */
    public PlatformScene(SceneOptions options) {
        super(options, settings(options).build());
        ground(0.6);
        add("frame", RigidBody.fixed(new Box(2.0, 0.1, 1.3)).position(0, Y + ROD + 0.1, 0));
        platform = add("platform", RigidBody.dynamic(new Box(1.6, 0.1, 1.0)).mass(40).friction(0.8).position(0, Y, 0));
        for (int sx = -1; sx <= 1; sx += 2) {
            for (int sz = -1; sz <= 1; sz += 2) {
                double x = sx * 1.5, z = sz * 0.9;
                joints.add(joint(new JointSpec.Distance(DistanceJoint.Kind.ROD, "platform", Vec.a(x, Y, z),
                        null, Vec.a(x, Y + ROD, z), ROD, false)));
            }
        }
        basket = add("basket", RigidBody.dynamic(new Box(0.5, 0.08, 0.5)).mass(10).friction(0.8).position(0, Y - 1.2, 0));
        for (int sx = -1; sx <= 1; sx += 2) {
            joints.add(joint(new JointSpec.Distance(DistanceJoint.Kind.CABLE, "basket", Vec.a(sx * 0.45, Y - 1.2, 0),
                    "platform", Vec.a(sx * 0.45, Y - 0.1, 0), 1.1, false)));
        }
        add("ball", RigidBody.dynamic(new Sphere(0.3)).mass(30).friction(0.8).position(1.1, Y + 2, 0.3)
                .velocity(-1, 0, 0));
    }

    /**
     * The rods and cables.
     *
     * @return the joints
     */
    public List<Joint> joints() {
        return Collections.unmodifiableList(joints);
    }

    /**
     * The hanging slab.
     *
     * @return the platform
     */
    public RigidBody platform() {
        return platform;
    }

    /**
     * The slab hanging under it.
     *
     * @return the basket
     */
    public RigidBody basket() {
        return basket;
    }

    @Override
    public int stillStep() {
        return 70;
    }

    @Override
    public Camera camera() {
        return framed(new Camera().lookAt(5f, 5f, 9f, 0f, 2.5f, 0f));
    }
}
