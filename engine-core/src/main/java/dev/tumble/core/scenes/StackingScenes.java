package dev.tumble.core.scenes;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import java.util.ArrayList;
import java.util.List;

/**
 * The stacking scenes shared by tests, demos and benchmarks, built the same way for every engine
 * they are compared with (see {@code docs/stacking.md}): ground top face at y = 0 (a half-space),
 * unit boxes (half-extent 0.5 m, mass 1 kg, inertia from the shape), friction 0.5 on every
 * body (0.5 for the pair under any mixing rule), restitution 0, 1/60 s steps.
 *
 * <p>The world's gravity, solver and sleep setting come from the {@link WorldSettings} passed
 * in, so one builder serves both solvers and both sleep modes.
 */
public final class StackingScenes {

    /** The fixed step of every standard scene, s. */
    public static final double DT = 1.0 / 60.0;
    /** Half-extent of the standard box, m. */
    public static final double HALF = 0.5;

    private StackingScenes() {
    }

    /**
     * Settings of the standard scenes: default solver, gravity (0, -9.81, 0), sleeping off.
     *
     * @param solver the solver
     * @return the settings
     */
    public static WorldSettings settings(WorldSettings.Solver solver) {
        return WorldSettings.builder().solver(solver).sleepEnabled(false).build();
    }

    /**
     * A tower of {@code height} unit boxes at x = z = 0, bottom centre at y = 0.5, pitch 1 m.
     *
     * @param settings the world's settings
     * @param height the number of boxes (≥ 1)
     * @return the scene
     */
    public static StackScene tower(WorldSettings settings, int height) {
        World world = groundedWorld(settings);
        List<RigidBody> bodies = new ArrayList<>();
        for (int i = 0; i < height; i++) {
            bodies.add(world.addBody(unitBox(0, HALF + i, 0)));
        }
        return new StackScene("tower", world, List.copyOf(bodies), bodies.get(height - 1));
    }

    /**
     * The 210-box pyramid: rows r = 0..19 with 20 − r boxes, pitch 1.05 m along x, centred on
     * x = 0, row centre y = 0.5 + r, in the z = 0 plane.
     *
     * @param settings the world's settings
     * @return the scene
     */
    public static StackScene pyramid(WorldSettings settings) {
        return pyramid(settings, 20);
    }

    /**
     * A pyramid with {@code base} boxes in its bottom row (the standard one has 20).
     *
     * @param settings the world's settings
     * @param base boxes in the bottom row (≥ 1)
     * @return the scene
     */
    public static StackScene pyramid(WorldSettings settings, int base) {
        World world = groundedWorld(settings);
        List<RigidBody> bodies = new ArrayList<>();
        double pitch = 1.05;
        for (int r = 0; r < base; r++) {
            int n = base - r;
            for (int i = 0; i < n; i++) {
                double x = (i - (n - 1) * 0.5) * pitch;
                bodies.add(world.addBody(unitBox(x, HALF + r, 0)));
            }
        }
        return new StackScene("pyramid", world, List.copyOf(bodies), bodies.get(bodies.size() - 1));
    }

    /**
     * The 1,000-box pile: boxes at ((i − 4.5)·1.1, 1.5 + j·1.1, (k − 4.5)·1.1) for
     * i, j, k = 0..9; they land as 100 columns of 10.
     *
     * @param settings the world's settings
     * @return the scene
     */
    public static StackScene pile(WorldSettings settings) {
        return pile(settings, 10, 10);
    }

    /**
     * A pile of {@code side × side} columns of {@code layers} boxes (the standard is 10 × 10 × 10).
     *
     * @param settings the world's settings
     * @param side columns along x and along z (≥ 1)
     * @param layers boxes per column (≥ 1)
     * @return the scene
     */
    public static StackScene pile(WorldSettings settings, int side, int layers) {
        World world = groundedWorld(settings);
        List<RigidBody> bodies = new ArrayList<>();
        double centre = (side - 1) * 0.5;
        for (int i = 0; i < side; i++) {
            for (int j = 0; j < layers; j++) {
                for (int k = 0; k < side; k++) {
                    bodies.add(world.addBody(unitBox((i - centre) * 1.1, 1.5 + j * 1.1, (k - centre) * 1.1)));
                }
            }
        }
        // The highest box of the middle column is the one to watch.
        RigidBody top = bodies.get(((side / 2) * layers + (layers - 1)) * side + side / 2);
        return new StackScene("pile", world, List.copyOf(bodies), top);
    }

    /**
     * Cyclone's 3-box stack with the initial state of {@code sim_stack3_boxes.json}: unit boxes
     * with small gaps, offsets and yaw, μ = 0.9, e = 0, damping 0.95/0.8, gravity (0, −10, 0) and
     * Cyclone's box inertia (inverse 1/0.15 per axis). Cyclone's own run topples at about step 130.
     * The gravity of {@code settings} is replaced by Cyclone's.
     *
     * @param settings the world's settings; its gravity is replaced
     * @return the scene
     */
    public static StackScene cycloneStack3(WorldSettings settings) {
        World world = new World(settings.toBuilder().gravity(0, -10, 0).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)).friction(0.9).restitution(0));
        double[][] pos = {{0, 0.505, 0}, {0.02, 1.52, -0.01}, {-0.03, 2.54, 0.02}};
        double[][] rot = {
            {1, 0, 0, 0},
            {0.9996875162757026, 0, 0.024997395914712332, 0},
            {0.9992001066609779, 0, -0.03998933418663416, 0},
        };
        // Cyclone's float 0.3·m·(h² + h²) gives this inverse, not the exact 1/0.15.
        double invI = 6.666666401757145;
        org.joml.Matrix3d inverseInertia = new org.joml.Matrix3d().scaling(invI);
        List<RigidBody> bodies = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            RigidBody b = RigidBody.dynamic(new Box(HALF, HALF, HALF))
                    .mass(1)
                    .inverseInertiaTensor(inverseInertia)
                    .damping(0.949999988079071, 0.800000011920929)
                    .friction(0.9)
                    .restitution(0)
                    .position(pos[i][0], pos[i][1], pos[i][2])
                    .orientation(rot[i][0], rot[i][1], rot[i][2], rot[i][3]);
            bodies.add(world.addBody(b));
        }
        return new StackScene("stack3", world, List.copyOf(bodies), bodies.get(2));
    }

    /**
     * A world with the standard ground: a half-space whose top is y = 0, μ = 0.5, e = 0.
     *
     * @param settings the world's settings
     * @return a new world holding only the ground
     */
    public static World groundedWorld(WorldSettings settings) {
        World world = new World(settings);
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)).friction(0.5).restitution(0));
        return world;
    }

    /**
     * The standard box: half-extent 0.5 m, 1 kg, μ = 0.5, e = 0, at (x, y, z).
     *
     * @param x the centre x, m
     * @param y the centre y, m
     * @param z the centre z, m
     * @return a new box body
     */
    public static RigidBody unitBox(double x, double y, double z) {
        return RigidBody.dynamic(new Box(HALF, HALF, HALF)).mass(1).friction(0.5).restitution(0)
                .position(x, y, z);
    }
}
