package dev.tumble.demos.scenes;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.event.ContactEvent;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.render.app.Controls;
import dev.tumble.render.scene.Camera;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.joml.Vector3d;

/**
 * Millington's fracture demo: a ball is fired at a block; when the block takes a hard enough
 * hit it breaks into eight boxes, split by three planes (the block's own axes) through the
 * impact point, clamped away from the faces so no piece is a sliver. Each piece keeps the
 * block's motion at its own centre ({@code v + ω × r}) and the block's density.
 */
public final class FractureScene extends Scene {
    /** Half-extents of the block, m. */
    public static final double HX = 1.0, HY = 0.6, HZ = 0.8;
    /** Density of the block, kg/m³. */
    public static final double DENSITY = 400;
    /** The normal impulse (N·s) that breaks it. */
    public static final double BREAKING_IMPULSE = 50;

    private final SplittableRandom random;
    private RigidBody block;
    private RigidBody ball;
    private final List<RigidBody> pieces = new ArrayList<>();
    private final Vector3d impact = new Vector3d();
    private boolean fired;
    private boolean fireWasDown;

    /**
     * Builds the scene.
     *
     * @param options the options
     */
    public FractureScene(SceneOptions options) {
        super(options, settings(options).build());
        random = new SplittableRandom(options.seed());
        ground(0.7);
        block = add("block", RigidBody.dynamic(new Box(HX, HY, HZ)).density(DENSITY).friction(0.7)
                .position(0, HY, 0));
    }

    /** Fires the ball at the block, aimed a little off centre (seeded). */
    public void fire() {
        fired = true;
        double y = HY + random.nextDouble(-0.3, 0.3);
        double z = random.nextDouble(-0.4, 0.4);
        ball = add("ball", RigidBody.dynamic(new Sphere(0.25)).mass(40).friction(0.4)
                .position(-6, y + 0.5, z).velocity(18, 0.4, 0));
    }

    @Override
    public void beforeStep(double time, double dt, Controls controls) {
        if (!fired && (controls == Controls.NONE ? time >= 0.3 : controls.isDown(32))) {
            fire();
        }
        if (pieces.isEmpty() && ball != null) {
            for (ContactEvent e : world.contactEvents()) {
                boolean pair = (e.bodyA().equals(block.id()) && e.bodyB().equals(ball.id()))
                        || (e.bodyB().equals(block.id()) && e.bodyA().equals(ball.id()));
                if (pair && e.normalImpulse() >= BREAKING_IMPULSE) {
                    breakAt(e.point().x(), e.point().y(), e.point().z());
                    break;
                }
            }
        }
    }

    /**
     * Replaces the block with eight pieces split through the world point (x, y, z).
     *
     * @param x the split point x, m
     * @param y the split point y, m
     * @param z the split point z, m
     */
    public void breakAt(double x, double y, double z) {
        impact.set(x, y, z);
        Vector3d local = block.pointToLocal(new Vector3d(x, y, z), new Vector3d());
        double[] half = {HX, HY, HZ};
        double[] cut = {local.x, local.y, local.z};
        for (int i = 0; i < 3; i++) {
            // Keep every piece at least a fifth of the block thick.
            double limit = 0.6 * half[i];
            cut[i] = Math.max(-limit, Math.min(limit, cut[i]));
        }
        Vector3d v = new Vector3d(block.velocity());
        Vector3d w = new Vector3d(block.angularVelocity());
        Vector3d centreW = new Vector3d(block.position());
        org.joml.Quaterniond q = new org.joml.Quaterniond(block.orientation());
        remove(block);
        int n = 0;
        for (int ix = 0; ix < 2; ix++) {
            for (int iy = 0; iy < 2; iy++) {
                for (int iz = 0; iz < 2; iz++) {
                    double[] lo = new double[3], hi = new double[3];
                    int[] side = {ix, iy, iz};
                    for (int a = 0; a < 3; a++) {
                        lo[a] = side[a] == 0 ? -half[a] : cut[a];
                        hi[a] = side[a] == 0 ? cut[a] : half[a];
                    }
                    Vector3d c = new Vector3d((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2);
                    Vector3d cw = block.pointToWorld(c, new Vector3d());
                    Vector3d r = new Vector3d(cw).sub(centreW);
                    Vector3d vp = new Vector3d(w).cross(r).add(v);
                    RigidBody p = RigidBody.dynamic(new Box((hi[0] - lo[0]) / 2, (hi[1] - lo[1]) / 2, (hi[2] - lo[2]) / 2))
                            .density(DENSITY).friction(0.7)
                            .position(cw.x, cw.y, cw.z).orientation(q).velocity(vp).angularVelocity(w);
                    pieces.add(add("piece" + n++, p));
                }
            }
        }
    }

    /**
     * The ball, or null before it is fired.
     *
     * @return the ball, or null
     */
    public RigidBody ball() {
        return ball;
    }

    /**
     * The whole block, or null once it broke.
     *
     * @return the block, or null
     */
    public RigidBody block() {
        return pieces.isEmpty() ? block : null;
    }

    /**
     * The pieces (empty until it breaks).
     *
     * @return the pieces
     */
    public List<RigidBody> pieces() {
        return Collections.unmodifiableList(pieces);
    }

    /**
     * Where it broke (world, m).
     *
     * @return a copy of the impact point, m
     */
    public Vector3d impact() {
        return new Vector3d(impact);
    }

    @Override
    public int stillStep() {
        return 40;
    }

    @Override
    public Camera camera() {
        return framed(new Camera().lookAt(-3f, 4f, 9f, 0f, 0.8f, 0f));
    }

    /** The pieces fly over a metre from the block. */
    @Override
    protected double[] actionBounds(double[] box) {
        return grow(box, 1.5, 0, 1.5);
    }
}
