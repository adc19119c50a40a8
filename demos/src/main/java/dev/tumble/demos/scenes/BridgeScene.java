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
 * Millington's bridge on rigid bodies: twelve planks linked corner to corner by short rods (the
 * end ones to the banks), each hung by cables from overhead points, with two towers for show.
 * A heavy ball drops onto the middle and rolls across.
 */
public final class BridgeScene extends Scene {
    /** Planks in the span. */
    public static final int PLANKS = 12;
    private static final double HALF_LENGTH = 0.4, HALF_WIDTH = 0.7, PITCH = 0.9, DECK_Y = 2, CABLE_TOP = 4.5;
    private final List<RigidBody> planks = new ArrayList<>();
    private final List<Joint> joints = new ArrayList<>();
    private RigidBody load;

    /**
     * Builds the scene.
     *
     * @param options the options
     */
    public BridgeScene(SceneOptions options) {
        super(options, settings(options).build());
        ground(0.6);
        double first = -(PLANKS - 1) * PITCH / 2;
        double bank = -first + HALF_LENGTH + (PITCH - 2 * HALF_LENGTH);
        for (int s = -1; s <= 1; s += 2) {
            add(s < 0 ? "bankLeft" : "bankRight", RigidBody.fixed(new Box(0.6, DECK_Y / 2, 1.2))
                    .position(s * (bank + 0.6), DECK_Y / 2 - 0.05, 0));
        }
        for (int i = 0; i < PLANKS; i++) {
            String id = "plank" + i;
            planks.add(add(id, RigidBody.dynamic(new Box(HALF_LENGTH, 0.05, HALF_WIDTH)).mass(6).friction(0.8)
                    .position(first + i * PITCH, DECK_Y, 0)));
        }
        double edge = HALF_WIDTH - 0.1;
        for (int i = 0; i <= PLANKS; i++) {
            for (int side = -1; side <= 1; side += 2) {
                double z = side * edge;
                String left = i == 0 ? null : "plank" + (i - 1);
                String right = i == PLANKS ? null : "plank" + i;
                double xl = first + (i - 1) * PITCH + HALF_LENGTH;
                double xr = first + i * PITCH - HALF_LENGTH;
                double gap = xr - xl;
                if (left == null) {
                    joints.add(joint(new JointSpec.Distance(DistanceJoint.Kind.ROD, right, Vec.a(xr, DECK_Y, z),
                            null, Vec.a(xl, DECK_Y, z), gap, false)));
                } else if (right == null) {
                    joints.add(joint(new JointSpec.Distance(DistanceJoint.Kind.ROD, left, Vec.a(xl, DECK_Y, z),
                            null, Vec.a(xr, DECK_Y, z), gap, false)));
                } else {
                    joints.add(joint(new JointSpec.Distance(DistanceJoint.Kind.ROD, left, Vec.a(xl, DECK_Y, z),
                            right, Vec.a(xr, DECK_Y, z), gap, false)));
                }
            }
        }
        for (int i = 0; i < PLANKS; i++) {
            double x = first + i * PITCH;
            for (int side = -1; side <= 1; side += 2) {
                double z = side * edge;
                double[] top = Vec.a(x, CABLE_TOP, side * (HALF_WIDTH + 0.4));
                double len = Vec.v(top).distance(x, DECK_Y, z);
                joints.add(joint(new JointSpec.Distance(DistanceJoint.Kind.CABLE, "plank" + i, Vec.a(x, DECK_Y, z),
                        null, top, len * 1.02, false)));
            }
        }
        load = add("load", RigidBody.dynamic(new Sphere(0.35)).mass(15).friction(0.8)
                .position(-1.5, DECK_Y + 0.8, 0).velocity(1.5, 0, 0));
    }

    /**
     * The planks, left to right.
     *
     * @return the planks
     */
    public List<RigidBody> planks() {
        return Collections.unmodifiableList(planks);
    }

    /**
     * Every rod and cable.
     *
     * @return the joints
     */
    public List<Joint> joints() {
        return Collections.unmodifiableList(joints);
    }

    /**
     * The ball crossing the bridge.
     *
     * @return the ball
     */
    public RigidBody load() {
        return load;
    }

    @Override
    public int stillStep() {
        return 80;
    }

    @Override
    public Camera camera() {
        return framed(new Camera().lookAt(4f, 6f, 11f, 0f, 2f, 0f));
    }
}
