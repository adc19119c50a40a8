package dev.tumble.core.robust;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
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
 * Seeded random scenes for fuzzing: 2–8 bodies of random shape (sphere, box, capsule, hull),
 * size 0.01–10 m and mass 0.01–10,000 kg (both log-uniform), random velocities, spin, friction
 * and restitution ≤ 1, some joined by random ball, hinge or rod joints, dropped without overlap
 * over a half-space ground. Only gravity acts.
 */
final class FuzzScenes {

    /** A built scene and the bodies that started above the ground. */
    record Scene(long seed, World world, List<RigidBody> bodies, String description) {
    }

    private FuzzScenes() {
    }

    static Scene build(long seed, WorldSettings.Solver solver) {
        return build(seed, solver, Variant.AS_GENERATED);
    }

    /**
     * What a scene keeps, for attributing failures (the random draws are the same in every variant,
     * so a variant's scene differs from the generated one only in what it takes out).
     */
    enum Variant {
        AS_GENERATED(true, true, true),
        NO_JOINTS(false, true, true),
        NO_JOINTS_NO_RESTITUTION(false, false, true),
        NO_JOINTS_NO_FRICTION(false, true, false),
        NO_RESTITUTION(true, false, true);

        final boolean joints;
        final boolean restitution;
        final boolean friction;

        Variant(boolean joints, boolean restitution, boolean friction) {
            this.joints = joints;
            this.restitution = restitution;
            this.friction = friction;
        }
    }

    static Scene build(long seed, WorldSettings.Solver solver, Variant variant) {
        return build(seed, WorldSettings.builder().solver(solver), variant);
    }

    /**
     * A scene as it was when a failure was traced: without manifold reuse, which came later. A
     * replay of 600 chaotic steps is moved by any change to the simulation, so a regression test
     * that replays a traced scene pins the settings it was traced with.
     */
    static Scene traced(long seed, WorldSettings.Solver solver) {
        return build(seed, WorldSettings.builder().solver(solver).manifoldReuseDistance(0), Variant.AS_GENERATED);
    }

    /** The scene of {@code seed} in a world built from {@code settings} (for tests' controls). */
    static Scene build(long seed, WorldSettings.Builder settings, Variant variant) {
        SplittableRandom rnd = new SplittableRandom(seed);
        // For FuzzCount's comparisons only: other world settings.
        if (System.getProperty("tumble.fuzz.maxAngularSpeed") != null) {
            settings.maxAngularSpeed(Double.parseDouble(System.getProperty("tumble.fuzz.maxAngularSpeed")));
        }
        if (System.getProperty("tumble.fuzz.reuse") != null) {
            settings.manifoldReuseDistance(Double.parseDouble(System.getProperty("tumble.fuzz.reuse")));
        }
        if (System.getProperty("tumble.fuzz.ccd") != null) {
            settings.continuousCollision(Boolean.getBoolean("tumble.fuzz.ccd"));
        }
        World world = new World(settings.build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)).friction(variant.friction ? rnd.nextDouble() : 0 * rnd.nextDouble()));
        int count = 2 + rnd.nextInt(7);
        List<RigidBody> bodies = new ArrayList<>();
        StringBuilder text = new StringBuilder("seed " + seed + ":");
        double y = 0;
        for (int i = 0; i < count; i++) {
            double size = logUniform(rnd, 0.01, 10);
            Shape shape = shape(rnd, size);
            double radius = boundingRadius(shape);
            y += radius + 0.05;
            double x = rnd.nextDouble(-2, 2);
            double z = rnd.nextDouble(-2, 2);
            RigidBody b = RigidBody.dynamic(shape)
                    .mass(logUniform(rnd, 0.01, 10_000))
                    .position(x, y, z)
                    .orientation(new Quaterniond().rotateXYZ(rnd.nextDouble(7), rnd.nextDouble(7), rnd.nextDouble(7)))
                    .velocity(rnd.nextDouble(-10, 10), rnd.nextDouble(-10, 10), rnd.nextDouble(-10, 10))
                    .angularVelocity(rnd.nextDouble(-10, 10), rnd.nextDouble(-10, 10), rnd.nextDouble(-10, 10))
                    .friction(variant.friction ? rnd.nextDouble() : 0 * rnd.nextDouble())
                    .restitution(variant.restitution ? rnd.nextDouble() : 0 * rnd.nextDouble());
            if (rnd.nextBoolean()) {
                b.damping(1, 1);
            }
            y += radius + 0.05;
            bodies.add(world.addBody(b));
            text.append(' ').append(shape.type()).append(String.format("(%.3g m, %.3g kg)", size, b.mass()));
        }
        int joints = rnd.nextInt(count);
        for (int j = 0; j < joints; j++) {
            RigidBody a = bodies.get(rnd.nextInt(count));
            RigidBody b = bodies.get(rnd.nextInt(count));
            if (a == b) {
                continue;
            }
            if (!variant.joints) {
                rnd.nextInt(3);
                rnd.nextDouble();
                rnd.nextDouble();
                continue;
            }
            Vector3d mid = new Vector3d(a.position()).add(b.position()).mul(0.5);
            switch (rnd.nextInt(3)) {
                case 0 -> world.addJoint(new BallJoint(a, b, mid));
                case 1 -> world.addJoint(new HingeJoint(a, b, mid, new Vector3d(rnd.nextDouble(-1, 1), 1, rnd.nextDouble(-1, 1))));
                default -> world.addJoint(new DistanceJoint(DistanceJoint.Kind.ROD, a, new Vector3d(a.position()), b,
                        new Vector3d(b.position()), a.position().distance(b.position())));
            }
            text.append(" joint ").append(bodies.indexOf(a)).append('-').append(bodies.indexOf(b));
        }
        return new Scene(seed, world, bodies, text.toString());
    }

    static Shape shape(SplittableRandom rnd, double size) {
        double h = size / 2;
        return switch (rnd.nextInt(4)) {
            case 0 -> new Sphere(h);
            case 1 -> new Box(h, h * rnd.nextDouble(0.2, 1), h * rnd.nextDouble(0.2, 1));
            case 2 -> new Capsule(h * rnd.nextDouble(0.2, 0.6), h * rnd.nextDouble(0.2, 1));
            default -> {
                List<Vector3d> points = new ArrayList<>();
                for (int k = 0; k < 12; k++) {
                    points.add(new Vector3d(rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1), rnd.nextDouble(-1, 1))
                            .normalize(h * rnd.nextDouble(0.5, 1)));
                }
                yield new ConvexHull(points.toArray(new Vector3d[0]));
            }
        };
    }

    static double boundingRadius(Shape s) {
        return switch (s.type()) {
            case SPHERE -> ((Sphere) s).radius();
            case BOX -> {
                Box b = (Box) s;
                yield Math.sqrt(b.hx() * b.hx() + b.hy() * b.hy() + b.hz() * b.hz());
            }
            case CAPSULE -> ((Capsule) s).radius() + ((Capsule) s).halfHeight();
            default -> {
                ConvexHull h = (ConvexHull) s;
                double r = 0;
                Vector3d v = new Vector3d();
                for (int i = 0; i < h.vertexCount(); i++) {
                    r = Math.max(r, h.vertex(i, v).length());
                }
                yield r;
            }
        };
    }

    private static double logUniform(SplittableRandom rnd, double lo, double hi) {
        return Math.exp(rnd.nextDouble(Math.log(lo), Math.log(hi)));
    }
}
