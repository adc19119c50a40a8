package dev.tumble.bench.side;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.joint.BallJoint;
import dev.tumble.core.scenes.StackingScenes;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import java.util.Random;
import org.joml.Vector3d;

/**
 * Tumble scenes that stress other parts of the step than stacking: joints (ragdolls), many
 * fast-moving round bodies (spheres raining into a box), sleeping (a field mostly asleep), and a
 * tall tower. All use the standard ground, gravity and step; {@code settings} gives the solver
 * and the sleep mode (each scene says which it forces).
 */
public final class StressScenes {
    /** Names, in report order. */
    public static final String[] NAMES = {"ragdolls", "rain", "asleep", "tower50"};

    private StressScenes() {
    }

    /**
     * Builds the scene {@code name} with {@code base} settings (sleep is set per scene).
     *
     * @param name the scene's name
     * @param base the settings to start from
     * @return a new world holding the scene
     */
    public static World build(String name, WorldSettings base) {
        return switch (name) {
            case "ragdolls" -> ragdolls(base.toBuilder().sleepEnabled(false).build(), 100);
            case "rain" -> rain(base.toBuilder().sleepEnabled(false).build(), 4000);
            case "asleep" -> mostlyAsleep(base.toBuilder().sleepEnabled(true).build(), 100, 100);
            case "tower50" -> StackingScenes.tower(base.toBuilder().sleepEnabled(false).build(), 50).world();
            default -> throw new IllegalArgumentException("stress scene must be one of ragdolls, rain, asleep, tower50, was " + name);
        };
    }

    /**
     * @param name the scene's name
     * @return a one-line description of scene {@code name}.
     */
    public static String describe(String name) {
        return switch (name) {
            case "ragdolls" -> "100 ragdolls (11 parts: 2 boxes, a sphere and 8 capsules on 10 ball joints) dropped in a 10 × 10 grid, sleep off";
            case "rain" -> "4,000 spheres (r = 0.25 m) falling in a 20 × 10 × 20 cloud into a 12 × 12 m walled box, sleep off";
            case "asleep" -> "10,000 bodies: 9,900 unit boxes resting apart on the ground (asleep after a few steps), "
                    + "100 spheres rolling through them, sleep on";
            case "tower50" -> "a tower of 50 unit boxes (StackingScenes.tower), sleep off";
            default -> name;
        };
    }

    /**
     * {@code count} ragdolls on a square grid, 2.5 m apart, pelvis 2 m up.
     *
     * @param settings the world's settings
     * @param count how many ragdolls
     * @return a new world holding the scene
     */
    public static World ragdolls(WorldSettings settings, int count) {
        World world = StackingScenes.groundedWorld(settings);
        int side = (int) Math.ceil(Math.sqrt(count));
        for (int n = 0; n < count; n++) {
            double x = (n % side - (side - 1) * 0.5) * 2.5;
            double z = (n / side - (side - 1) * 0.5) * 2.5;
            ragdoll(world, x, 2.0 + 0.1 * (n % 3), z);
        }
        return world;
    }

    /** An 11-part ragdoll (10 ball joints) standing upright, its pelvis centre at (x, y, z). */
    private static void ragdoll(World world, double x, double y, double z) {
        RigidBody pelvis = part(world, new Box(0.18, 0.1, 0.12), x, y, z);
        RigidBody chest = part(world, new Box(0.2, 0.2, 0.12), x, y + 0.32, z);
        RigidBody head = part(world, new Sphere(0.12), x, y + 0.66, z);
        joint(world, pelvis, chest, x, y + 0.11, z);
        joint(world, chest, head, x, y + 0.53, z);
        for (int s = -1; s <= 1; s += 2) {
            RigidBody upperArm = part(world, new Capsule(0.05, 0.13), x + s * 0.33, y + 0.38, z);
            RigidBody lowerArm = part(world, new Capsule(0.045, 0.12), x + s * 0.33, y + 0.08, z);
            joint(world, chest, upperArm, x + s * 0.26, y + 0.5, z);
            joint(world, upperArm, lowerArm, x + s * 0.33, y + 0.23, z);
            RigidBody thigh = part(world, new Capsule(0.07, 0.16), x + s * 0.1, y - 0.35, z);
            RigidBody shin = part(world, new Capsule(0.06, 0.16), x + s * 0.1, y - 0.8, z);
            joint(world, pelvis, thigh, x + s * 0.1, y - 0.12, z);
            joint(world, thigh, shin, x + s * 0.1, y - 0.58, z);
        }
    }

    private static RigidBody part(World world, dev.tumble.core.collision.shape.Shape shape, double x, double y, double z) {
        return world.addBody(RigidBody.dynamic(shape).density(1000).friction(0.5).restitution(0).position(x, y, z));
    }

    private static void joint(World world, RigidBody a, RigidBody b, double x, double y, double z) {
        world.addJoint(new BallJoint(a, b, new Vector3d(x, y, z)));
    }

    /**
     * {@code count} spheres in a cloud above a 12 × 12 m box of static walls 3 m high.
     *
     * @param settings the world's settings
     * @param count how many spheres
     * @return a new world holding the scene
     */
    public static World rain(WorldSettings settings, int count) {
        World world = StackingScenes.groundedWorld(settings);
        double half = 6, wallHalfHeight = 1.5, t = 0.25;
        wall(world, new Box(half + 2 * t, wallHalfHeight, t), 0, half + t);
        wall(world, new Box(half + 2 * t, wallHalfHeight, t), 0, -half - t);
        wall(world, new Box(t, wallHalfHeight, half), half + t, 0);
        wall(world, new Box(t, wallHalfHeight, half), -half - t, 0);
        Random rnd = new Random(7);
        int nx = 20, nz = 20, ny = (count + nx * nz - 1) / (nx * nz);
        int made = 0;
        for (int j = 0; j < ny && made < count; j++) {
            for (int i = 0; i < nx && made < count; i++) {
                for (int k = 0; k < nz && made < count; k++, made++) {
                    double px = (i - (nx - 1) * 0.5) * 0.55 + (rnd.nextDouble() - 0.5) * 0.04;
                    double pz = (k - (nz - 1) * 0.5) * 0.55 + (rnd.nextDouble() - 0.5) * 0.04;
                    world.addBody(RigidBody.dynamic(new Sphere(0.25)).density(1000).friction(0.5).restitution(0.1)
                            .position(px, 4 + j * 0.6, pz));
                }
            }
        }
        return world;
    }

    private static void wall(World world, Box box, double x, double z) {
        world.addBody(RigidBody.fixed(box).friction(0.5).restitution(0).position(x, box.hy(), z));
    }

    /**
     * {@code side × side} bodies: unit boxes resting 1.5 m apart on the ground, except every
     * {@code 1/rollers}-th grid place, which holds a sphere rolling through the field.
     *
     * @param settings the world's settings
     * @param side grid places along x and along z
     * @param rollers every how many grid places a rolling sphere sits
     * @return a new world holding the scene
     */
    public static World mostlyAsleep(WorldSettings settings, int side, int rollers) {
        World world = StackingScenes.groundedWorld(settings);
        int every = side * side / rollers;
        Random rnd = new Random(3);
        for (int i = 0; i < side; i++) {
            for (int k = 0; k < side; k++) {
                double x = (i - (side - 1) * 0.5) * 1.5, z = (k - (side - 1) * 0.5) * 1.5;
                if ((i * side + k) % every == every / 2) {
                    double a = rnd.nextDouble() * 2 * Math.PI;
                    world.addBody(RigidBody.dynamic(new Sphere(0.3)).density(1000).friction(0.5).restitution(0.2)
                            .position(x, 0.3, z).velocity(3 * Math.cos(a), 0, 3 * Math.sin(a)));
                } else {
                    world.addBody(StackingScenes.unitBox(x, StackingScenes.HALF, z));
                }
            }
        }
        return world;
    }
}
