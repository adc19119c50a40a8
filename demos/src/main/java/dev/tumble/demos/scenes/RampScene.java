package dev.tumble.demos.scenes;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.render.scene.Camera;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * The friction ramp: a 30° ramp (μ = 1) with a row of eleven boxes across it whose friction
 * runs from 0 to 1 in steps of 0.1. The world takes the smaller coefficient of a pair
 * ({@link WorldSettings.FrictionMix#MIN}), so each box meets the ramp with its own μ: those with
 * μ &lt; tan 30° ≈ 0.577 slide at g(sin θ − μ cos θ), the others stay.
 */
public final class RampScene extends Scene {
    /** Ramp angle, rad. */
    public static final double ANGLE = Math.toRadians(30);
    /** Number of boxes; box i has μ = i / 10. */
    public static final int COUNT = 11;
    private static final double HALF = 0.3;
    private final List<RigidBody> boxes = new ArrayList<>();
    private final Vector3d downSlope = new Vector3d(Math.cos(ANGLE), -Math.sin(ANGLE), 0);

    /**
     * Builds the scene.
     *
     * @param options the options
     */
    public RampScene(SceneOptions options) {
        super(options, settings(options).frictionMix(WorldSettings.FrictionMix.MIN).build());
        ground(1.0);
        Quaterniond tilt = new Quaterniond().rotateZ(-ANGLE);
        Vector3d normal = tilt.transform(new Vector3d(0, 1, 0));
        // The ramp: 24 m long, 14 m wide, the middle of its top face at (0, 7, 0).
        double halfLength = 12, halfThickness = 0.5, halfWidth = 7;
        Vector3d top0 = new Vector3d(0, 7, 0);
        Vector3d centre = new Vector3d(top0).fma(-halfThickness, normal);
        add("ramp", RigidBody.fixed(new Box(halfLength, halfThickness, halfWidth)).friction(1)
                .position(centre.x, centre.y, centre.z).orientation(tilt));
        for (int i = 0; i < COUNT; i++) {
            double z = (i - (COUNT - 1) / 2.0) * 1.2;
            // Boxes sit 6 m up the slope from the ramp's middle, resting on its face.
            Vector3d p = new Vector3d(top0).fma(-6, downSlope).fma(HALF, normal).add(0, 0, z);
            RigidBody b = RigidBody.dynamic(new Box(HALF, HALF, HALF)).mass(1).friction(i / 10.0)
                    .position(p.x, p.y, p.z).orientation(tilt);
            boxes.add(add("box_mu" + i, b));
        }
    }

    /**
     * The boxes, μ = 0 first.
     *
     * @return the boxes
     */
    public List<RigidBody> boxes() {
        return Collections.unmodifiableList(boxes);
    }

    /**
     * Unit vector down the slope.
     *
     * @return the unit vector
     */
    public Vector3d downSlope() {
        return new Vector3d(downSlope);
    }

    @Override
    public int stillStep() {
        return 100;
    }

    @Override
    public Camera camera() {
        return framed(new Camera().lookAt(14f, 10f, 16f, 0f, 4f, 0f));
    }
}
