package dev.tumble.demos.scenes;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.render.app.Controls;
import dev.tumble.render.scene.Camera;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Millington's ballistic demo on rigid bodies: four kinds of round fired along +x at boxes.
 * Each kind has its own mass, muzzle velocity and gravity (a round's gravity is the world's plus
 * a constant acceleration of its own): a pistol round barely drops, an artillery shell lobs, a
 * fireball floats up, a laser bolt flies straight. The big variant fires a seeded volley at a
 * wall of boxes.
 *
 * <p>Window: keys 1–4 pick the round, space fires. Headless: a script fires every kind in turn.
 */
public final class BallisticScene extends Scene {

    /** A kind of round. */
    public enum Round {
        /** 2 kg at 35 m/s, gravity 1 m/s². */
        PISTOL(2, 0.12, 35, 0, -1, 0xE0A020),
        /** 200 kg at (14, 12) m/s, gravity 20 m/s². */
        ARTILLERY(200, 0.35, 14, 12, -20, 0x404040),
        /** 1 kg at 10 m/s, rising at 0.6 m/s². */
        FIREBALL(1, 0.25, 10, 0, 0.6, 0xF05020),
        /** 0.2 kg at 40 m/s, no gravity. */
        LASER(0.2, 0.08, 40, 0, 0, 0x40E0F0);

        final double mass, radius, vx, vy, gravity;
        final int colour;

        Round(double mass, double radius, double vx, double vy, double gravity, int colour) {
            this.mass = mass;
            this.radius = radius;
            this.vx = vx;
            this.vy = vy;
            this.gravity = gravity;
            this.colour = colour;
        }
    }

    /** Rounds kept in flight at most; the oldest is removed first. */
    public static final int MAX_ROUNDS = 16;
    private static final double MUZZLE_X = -4, MUZZLE_Y = 1.5;

    private final boolean big;
    private final SplittableRandom random;
    private final List<RigidBody> targets = new ArrayList<>();
    private final ArrayDeque<RigidBody> rounds = new ArrayDeque<>();
    private final java.util.IdentityHashMap<RigidBody, Round> kinds = new java.util.IdentityHashMap<>();
    private Round selected = Round.PISTOL;
    private boolean fireWasDown;
    private int fired;

    private BallisticScene(SceneOptions options, boolean big) {
        super(options, settings(options).build());
        this.big = big;
        this.random = new SplittableRandom(options.seed());
        ground(0.6);
        if (big) {
            // A wall 7 boxes wide and 5 high, 12 m downrange.
            for (int row = 0; row < 5; row++) {
                for (int col = 0; col < 7; col++) {
                    double z = (col - 3) * 0.82 + (row % 2 == 0 ? 0 : 0.41);
                    targets.add(add("target" + row + "_" + col, box(12, 0.4 + row * 0.8, z)));
                }
            }
        } else {
            // Three stacks of two boxes at 8, 11 and 14 m.
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 2; j++) {
                    targets.add(add("target" + i + "_" + j, box(8 + 3 * i, 0.4 + 0.8 * j, (i - 1) * 0.5)));
                }
            }
        }
    }

    /**
     * The four rounds at three stacks of boxes.
     *
     * @param o the options
     * @return the scene
     */
    public static BallisticScene ballistic(SceneOptions o) {
        return new BallisticScene(o, false);
    }

    /**
     * A seeded volley at a wall of 35 boxes.
     *
     * @param o the options
     * @return the scene
     */
    public static BallisticScene big(SceneOptions o) {
        return new BallisticScene(o, true);
    }

    private static RigidBody box(double x, double y, double z) {
        return RigidBody.dynamic(new Box(0.4, 0.4, 0.4)).mass(4).friction(0.6).position(x, y, z);
    }

    /**
     * Fires a round of {@code kind} aimed {@code dz} m/s sideways.
     *
     * @param kind the round
     * @param dz sideways aim, m/s
     * @return the round's body
     */
    public RigidBody fire(Round kind, double dz) {
        if (rounds.size() >= MAX_ROUNDS) {
            RigidBody old = rounds.removeFirst();
            kinds.remove(old);
            remove(old);
        }
        RigidBody r = RigidBody.dynamic(new Sphere(kind.radius)).mass(kind.mass).friction(0.4)
                .damping(0.99, 0.8)
                .position(MUZZLE_X, MUZZLE_Y, 0)
                .velocity(kind.vx, kind.vy, dz)
                // The round's own gravity on top of the world's.
                .acceleration(0, kind.gravity - world.settings().gravityY(), 0);
        add("round" + fired++, r);
        rounds.addLast(r);
        kinds.put(r, kind);
        return r;
    }

    @Override
    public void beforeStep(double time, double dt, Controls controls) {
        if (controls == Controls.NONE) {
            script(time, dt);
            return;
        }
        for (Round k : Round.values()) {
            if (controls.isDown(49 + k.ordinal())) { // GLFW_KEY_1 .. GLFW_KEY_4
                selected = k;
            }
        }
        boolean fire = controls.isDown(32); // GLFW_KEY_SPACE
        if (fire && !fireWasDown) {
            fire(selected, 0);
        }
        fireWasDown = fire;
    }

    private void script(double time, double dt) {
        double period = big ? 0.25 : 0.6;
        // Fire when a multiple of the period falls in [time, time + dt).
        long before = (long) Math.floor((time - 0.2) / period);
        long after = (long) Math.floor((time + dt - 0.2) / period);
        if (time + dt >= 0.2 && after != before) {
            Round kind = Round.values()[fired % 4];
            double spread = big ? random.nextDouble(-2, 2) : 0;
            fire(big ? Round.values()[random.nextInt(4)] : kind, spread);
        }
    }

    /**
     * The target boxes, in build order.
     *
     * @return the boxes
     */
    public List<RigidBody> targets() {
        return Collections.unmodifiableList(targets);
    }

    /**
     * Rounds fired so far.
     *
     * @return the count
     */
    public int fired() {
        return fired;
    }

    @Override
    public int colour(RigidBody body) {
        Round k = kinds.get(body);
        if (k != null) {
            return k.colour;
        }
        return super.colour(body);
    }

    @Override
    public int stillStep() {
        return 100;
    }

    @Override
    public Camera camera() {
        return framed(big ? new Camera().lookAt(-2f, 6f, 14f, 5f, 1.5f, 0f) : new Camera().lookAt(-1f, 5f, 14f, 5f, 1f, 0f));
    }

    /** The muzzle, the rounds' arcs (an artillery shell rises about 3.6 m) and their sideways spread. */
    @Override
    protected double[] actionBounds(double[] box) {
        double spread = big ? 3 : 1;
        box = dev.tumble.demos.scene.SceneFraming.include(box, MUZZLE_X - 0.5, 0, -spread);
        return dev.tumble.demos.scene.SceneFraming.include(box, box[3] + 1, 5, spread);
    }

    @Override
    public boolean usesKey(int glfwKey) {
        return (glfwKey >= 49 && glfwKey <= 52) || glfwKey == 32; // 1–4 pick the round, Space fires
    }
}
