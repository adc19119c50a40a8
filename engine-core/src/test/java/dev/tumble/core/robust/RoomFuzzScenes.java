package dev.tumble.core.robust;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.joint.BallJoint;
import dev.tumble.core.joint.DistanceJoint;
import dev.tumble.core.joint.HingeJoint;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Seeded random scenes in closed rooms, where most paths end at an edge or a corner of static
 * geometry: a room of six static boxes of random thickness, each running the room's full outer
 * length (so they overlap at every edge and corner, as a room built box by box does), with a
 * static block or two inside; 2–8 bodies of random shape (as {@link FuzzScenes}), size 0.05–1 m,
 * mass 1–1,000 kg, spawned at random places inside, a third of them into the body spawned before
 * (never into the walls or blocks), fired at up to 100 m/s in random directions with random spin, friction and
 * restitution; some joined by ball, hinge or rod joints. Only gravity acts.
 */
public final class RoomFuzzScenes {
    private RoomFuzzScenes() {
    }

    /**
     * A built scene: its world, its dynamic bodies and the room's inside (x and z in
     * [−half, half], y in [0, height]).
     */
    record Scene(long seed, World world, List<RigidBody> bodies, double half, double height, String description) {
        /** How far (m) the point is outside the room's inside; 0 inside. */
        double outside(double x, double y, double z) {
            double o = Math.max(Math.abs(x) - half, Math.abs(z) - half);
            return Math.max(0, Math.max(o, Math.max(y - height, -y)));
        }
    }

    static Scene build(long seed, WorldSettings.Solver solver) {
        return build(seed, solver, true);
    }

    /**
     * The room of {@code seed}; without {@code joints} the same room and bodies (the random draws
     * are the same) with no joint added.
     */
    static Scene build(long seed, WorldSettings.Solver solver, boolean joints) {
        SplittableRandom rnd = new SplittableRandom(seed);
        World world = new World(WorldSettings.builder().solver(solver).build());
        double half = rnd.nextDouble(1.5, 5), height = rnd.nextDouble(2, 5), t = rnd.nextDouble(0.1, 0.5);
        walls(world, half, height, t);
        StringBuilder text = new StringBuilder(String.format("room seed %d: %.2f x %.2f x %.2f m, walls %.2f m;", seed,
                2 * half, height, 2 * half, t));
        // Blocks inside: more corners, against the floor or a wall.
        List<double[]> blocks = new ArrayList<>();
        int blockCount = 1 + rnd.nextInt(2);
        for (int k = 0; k < blockCount; k++) {
            double bx = rnd.nextDouble(0.2, half / 3), by = rnd.nextDouble(0.2, height / 4), bz = rnd.nextDouble(0.2, half / 3);
            double x = rnd.nextBoolean() ? half - bx : rnd.nextDouble(-half + bx, half - bx);
            double z = rnd.nextDouble(-half + bz, half - bz);
            world.addBody(RigidBody.fixed(new Box(bx, by, bz)).position(x, by, z)
                    .orientation(new Quaterniond().rotateY(rnd.nextDouble(0, 0.8))));
            blocks.add(new double[] {x, by, z, Math.sqrt(bx * bx + by * by + bz * bz)});
            text.append(String.format(" block (%.2f, %.2f, %.2f) m", 2 * bx, 2 * by, 2 * bz));
        }
        int count = 2 + rnd.nextInt(7);
        List<RigidBody> bodies = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            double size = logUniform(rnd, 0.05, 1);
            Shape shape = FuzzScenes.shape(rnd, size);
            double r = FuzzScenes.boundingRadius(shape);
            double x, y, z;
            boolean overlap = !bodies.isEmpty() && rnd.nextInt(3) == 0;
            do {
                x = rnd.nextDouble(-half + r, half - r);
                y = rnd.nextDouble(r, height - r);
                z = rnd.nextDouble(-half + r, half - r);
                if (overlap) {
                    // Into the last body: centres closer than the shapes' reach.
                    RigidBody last = bodies.get(bodies.size() - 1);
                    double reach = rnd.nextDouble(0, r);
                    x = clamp(last.positionX() + rnd.nextDouble(-reach, reach), -half + r, half - r);
                    y = clamp(last.positionY() + rnd.nextDouble(-reach, reach), r, height - r);
                    z = clamp(last.positionZ() + rnd.nextDouble(-reach, reach), -half + r, half - r);
                    overlap = false; // once: a draw inside a block falls back to a free place
                }
            } while (insideBlock(blocks, x, y, z, r));
            double speed = rnd.nextDouble(0, 100);
            Vector3d dir = new Vector3d(rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1)).normalize(speed);
            RigidBody b = RigidBody.dynamic(shape)
                    .mass(logUniform(rnd, 1, 1000))
                    .position(x, y, z)
                    .orientation(new Quaterniond().rotateXYZ(rnd.nextDouble(7), rnd.nextDouble(7), rnd.nextDouble(7)))
                    .velocity(dir.x, dir.y, dir.z)
                    .angularVelocity(rnd.nextDouble(-10, 10), rnd.nextDouble(-10, 10), rnd.nextDouble(-10, 10))
                    .friction(rnd.nextDouble())
                    .restitution(rnd.nextDouble());
            bodies.add(world.addBody(b));
            text.append(' ').append(shape.type()).append(String.format("(%.3g m, %.3g kg, %.0f m/s)", size, b.mass(), speed));
        }
        int jointCount = rnd.nextInt(count);
        for (int j = 0; j < jointCount; j++) {
            RigidBody a = bodies.get(rnd.nextInt(count)), b = bodies.get(rnd.nextInt(count));
            if (a == b) {
                continue;
            }
            int kind = rnd.nextInt(3);
            double axisX = kind == 1 ? rnd.nextDouble(-1, 1) : 0, axisZ = kind == 1 ? rnd.nextDouble(-1, 1) : 0;
            if (!joints) {
                continue;
            }
            Vector3d mid = new Vector3d(a.position()).add(b.position()).mul(0.5);
            switch (kind) {
                case 0 -> world.addJoint(new BallJoint(a, b, mid));
                case 1 -> world.addJoint(new HingeJoint(a, b, mid, new Vector3d(axisX, 1, axisZ)));
                default -> world.addJoint(new DistanceJoint(DistanceJoint.Kind.ROD, a, new Vector3d(a.position()), b,
                        new Vector3d(b.position()), a.position().distance(b.position())));
            }
            text.append(" joint ").append(bodies.indexOf(a)).append('-').append(bodies.indexOf(b));
        }
        return new Scene(seed, world, bodies, half, height, text.toString());
    }

    /**
     * Floor, ceiling and four walls of thickness {@code t} (m) around the inside x, z in
     * [−half, half], y in [0, height]; each runs the room's full outer length, so the boxes overlap
     * at the edges and corners, as a room built box by box does.
     *
     * @param world receives the six static boxes
     * @param half half the inside's width and depth, m
     * @param height the inside's height, m
     * @param t the walls' thickness, m
     */
    public static void walls(World world, double half, double height, double t) {
        double o = half + t;
        world.addBody(RigidBody.fixed(new Box(o, t / 2, o)).position(0, -t / 2, 0));
        world.addBody(RigidBody.fixed(new Box(o, t / 2, o)).position(0, height + t / 2, 0));
        world.addBody(RigidBody.fixed(new Box(t / 2, height / 2 + t, o)).position(half + t / 2, height / 2, 0));
        world.addBody(RigidBody.fixed(new Box(t / 2, height / 2 + t, o)).position(-half - t / 2, height / 2, 0));
        world.addBody(RigidBody.fixed(new Box(o, height / 2 + t, t / 2)).position(0, height / 2, half + t / 2));
        world.addBody(RigidBody.fixed(new Box(o, height / 2 + t, t / 2)).position(0, height / 2, -half - t / 2));
    }

    /** Whether a ball of radius r at (x, y, z) may touch one of the blocks (each a centre and a bounding radius). */
    private static boolean insideBlock(List<double[]> blocks, double x, double y, double z, double r) {
        for (double[] b : blocks) {
            double dx = x - b[0], dy = y - b[1], dz = z - b[2];
            if (Math.sqrt(dx * dx + dy * dy + dz * dz) < b[3] + r) {
                return true;
            }
        }
        return false;
    }

    private static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(hi, v));
    }

    private static double logUniform(SplittableRandom rnd, double lo, double hi) {
        return Math.exp(rnd.nextDouble(Math.log(lo), Math.log(hi)));
    }
}
