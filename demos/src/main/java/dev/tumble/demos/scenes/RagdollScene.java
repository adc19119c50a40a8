package dev.tumble.demos.scenes;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.Sphere;
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
 * Millington's ragdoll demo: eleven bones (box pelvis and chest, ball head, capsule limbs) held
 * by ball joints at the neck, waist, shoulders and hips and limited hinges at the elbows and
 * knees, dropped with a twist onto a crate. Jointed bones do not collide with each other.
 */
public final class RagdollScene extends Scene {
    private static final double LIFT = 0.6;
    private final List<Joint> joints = new ArrayList<>();

    /**
     * Builds the scene.
     *
     * @param options the options
     */
    public RagdollScene(SceneOptions options) {
        super(options, settings(options).build());
        ground(0.8);
        add("crate", RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).mass(30).friction(0.8).position(0.75, 0.5, 0.1));
        bone("pelvis", new Box(0.12, 0.1, 0.2), 0, 1.0, 0);
        bone("chest", new Box(0.13, 0.25, 0.22), 0, 1.37, 0);
        bone("head", new Sphere(0.13), 0, 1.77, 0);
        for (int s = -1; s <= 1; s += 2) {
            String side = s < 0 ? "Left" : "Right";
            bone("upperArm" + side, new Capsule(0.06, 0.14), 0, 1.42, s * 0.30);
            bone("lowerArm" + side, new Capsule(0.05, 0.14), 0, 1.0, s * 0.30);
            bone("upperLeg" + side, new Capsule(0.08, 0.17), 0, 0.65, s * 0.1);
            bone("lowerLeg" + side, new Capsule(0.07, 0.17), 0, 0.14, s * 0.1);
        }
        ball("chest", "pelvis", 0, 1.11, 0);
        ball("head", "chest", 0, 1.63, 0);
        for (int s = -1; s <= 1; s += 2) {
            String side = s < 0 ? "Left" : "Right";
            ball("upperArm" + side, "chest", 0, 1.62, s * 0.30);
            hinge("lowerArm" + side, "upperArm" + side, 0, 1.21, s * 0.30, 0, 2.4);
            ball("upperLeg" + side, "pelvis", 0, 0.9, s * 0.1);
            hinge("lowerLeg" + side, "upperLeg" + side, 0, 0.395, s * 0.1, -2.4, 0);
        }
    }

    private void bone(String id, dev.tumble.core.collision.shape.Shape shape, double x, double y, double z) {
        RigidBody b = RigidBody.dynamic(shape).mass(bonesMass(id)).friction(0.8).position(x, y + LIFT, z)
                // Drifting sideways so it falls across the crate.
                .velocity(0.6, 0, 0.2)
                .damping(0.98, 0.9);
        add(id, b);
    }

    private static double bonesMass(String id) {
        if (id.equals("chest")) {
            return 20;
        }
        if (id.equals("pelvis")) {
            return 10;
        }
        return id.equals("head") ? 5 : 3;
    }

    private void ball(String a, String b, double x, double y, double z) {
        joints.add(joint(new JointSpec.Ball(a, b, Vec.a(x, y + LIFT, z), false)));
    }

    private void hinge(String a, String b, double x, double y, double z, double lower, double upper) {
        joints.add(joint(new JointSpec.Hinge(a, b, Vec.a(x, y + LIFT, z), Vec.a(0, 0, 1), lower, upper, false)));
    }

    /**
     * The joints, in build order.
     *
     * @return the joints
     */
    public List<Joint> joints() {
        return Collections.unmodifiableList(joints);
    }

    @Override
    public int stillStep() {
        return 60;
    }

    @Override
    protected double[] actionBounds(double[] box) {
        return grow(box, 0.4, 0, 0.4); // it falls over, across the crate
    }

    @Override
    public Camera camera() {
        return framed(new Camera().lookAt(-2.5f, 2.5f, 5.5f, 0.3f, 1f, 0f)); // the ragdoll's side of the crate
    }
}
