package dev.tumble.demos.scenes;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.render.scene.Camera;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A row of 15 dominoes (0.16 × 1 × 0.5 m, 0.55 m apart); the first is tipped toward the rest.
 */
public final class DominoScene extends Scene {
    /** Domino count. */
    public static final int COUNT = 15;
    /** Spacing along x, m. */
    public static final double PITCH = 0.55;
    private final List<RigidBody> dominoes = new ArrayList<>();

    /**
     * Builds the scene.
     *
     * @param options the options
     */
    public DominoScene(SceneOptions options) {
        super(options, settings(options).build());
        ground(0.6);
        for (int i = 0; i < COUNT; i++) {
            RigidBody d = RigidBody.dynamic(new Box(0.08, 0.5, 0.25)).density(600).friction(0.5)
                    .position((i - (COUNT - 1) / 2.0) * PITCH, 0.5, 0);
            if (i == 0) {
                // Tip the first one over toward +x.
                d.angularVelocity(0, 0, -2.2);
            }
            dominoes.add(add("domino" + i, d));
        }
    }

    /**
     * The dominoes, first to last.
     *
     * @return the dominoes
     */
    public List<RigidBody> dominoes() {
        return Collections.unmodifiableList(dominoes);
    }

    /**
     * How far a domino leans from upright, rad.
     *
     * @param d a domino
     * @return the tilt, rad
     */
    public static double tilt(RigidBody d) {
        org.joml.Vector3d up = d.directionToWorld(new org.joml.Vector3d(0, 1, 0), new org.joml.Vector3d());
        return Math.acos(Math.max(-1, Math.min(1, up.y)));
    }

    @Override
    public int stillStep() {
        return 150;
    }

    @Override
    public Camera camera() {
        return framed(new Camera().lookAt(-2f, 3f, 6.5f, 0.5f, 0.5f, 0f));
    }
}
