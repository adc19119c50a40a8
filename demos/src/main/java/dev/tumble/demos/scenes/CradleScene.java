package dev.tumble.demos.scenes;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.joint.DistanceJoint;
import dev.tumble.core.world.SequentialImpulseSettings;
import dev.tumble.demos.scene.JointSpec;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.demos.scene.Vec;
import dev.tumble.render.scene.Camera;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Newton's cradle: five steel balls (restitution 1, no friction, no damping) each on a rod from
 * a pivot 2 m above it, 2 mm apart so each collision is between two balls; the first is pulled
 * back 40° and let go, and the momentum passes along the row to the last.
 *
 * <p>Under sequential impulses two balls become a contact only once they may touch within the
 * step ({@link SequentialImpulseSettings#speculativeDistance()} 0): with the default 2 cm the
 * resting balls, 2 mm apart, would be one chain of contacts, and a strike would push the whole
 * row along instead of passing from ball to ball.
 */
public final class CradleScene extends Scene {
    /** Ball radius, m. */
    public static final double RADIUS = 0.25;
    /** Rod length, m. */
    public static final double LENGTH = 2;
    /** How far the first ball is pulled back, rad. */
    public static final double PULL = Math.toRadians(40);
    /** Gap between neighbouring balls at rest, m. */
    public static final double GAP = 0.002;
    private static final double PIVOT_Y = 3.2;

    private final List<RigidBody> balls = new ArrayList<>();

    /**
     * Builds the scene.
     *
     * @param options the options
     */
    public CradleScene(SceneOptions options) {
        super(options, settings(options).sleepEnabled(false)
                .sequentialImpulse(SequentialImpulseSettings.builder().speculativeDistance(0).build()).build());
        ground(0.5);
        for (int i = 0; i < 5; i++) {
            double px = (i - 2) * (2 * RADIUS + GAP);
            double x = px, y = PIVOT_Y - LENGTH;
            if (i == 0) {
                x = px - LENGTH * Math.sin(PULL);
                y = PIVOT_Y - LENGTH * Math.cos(PULL);
            }
            RigidBody b = RigidBody.dynamic(new Sphere(RADIUS)).mass(1).friction(0).restitution(1).damping(1, 1)
                    .position(x, y, 0);
            String id = "ball" + i;
            balls.add(add(id, b));
            joint(new JointSpec.Distance(DistanceJoint.Kind.ROD, id, Vec.a(x, y, 0), null, Vec.a(px, PIVOT_Y, 0),
                    LENGTH, false));
        }
    }

    /**
     * The balls, left to right.
     *
     * @return the balls
     */
    public List<RigidBody> balls() {
        return Collections.unmodifiableList(balls);
    }

    /**
     * Speed of the first ball just before it strikes: √(2gL(1 − cos θ)), m/s.
     *
     * @return the speed, m/s
     */
    public double strikeSpeed() {
        return Math.sqrt(2 * -world.settings().gravityY() * LENGTH * (1 - Math.cos(PULL)));
    }

    @Override
    public int stillStep() {
        return 40;
    }

    @Override
    public Camera camera() {
        return framed(new Camera().lookAt(0.5f, 2.2f, 6.5f, 0f, 1.8f, 0f));
    }
}
