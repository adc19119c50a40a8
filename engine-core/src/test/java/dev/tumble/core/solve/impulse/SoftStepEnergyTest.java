package dev.tumble.core.solve.impulse;

import static dev.tumble.core.solve.impulse.SoftStepWorlds.G;
import static dev.tumble.core.solve.impulse.SoftStepWorlds.energy;
import static dev.tumble.core.solve.impulse.SoftStepWorlds.steps;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.joint.BallJoint;
import dev.tumble.core.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * No energy from nowhere under the sequential-impulse solver: seeded random scenes of boxes and spheres
 * thrown onto the ground, some tied together by ball joints, and the total mechanical energy
 * (kinetic plus {@code m·g·h}, h the height above the ground at y = 0) never rises above what
 * the scene started with by more than {@code 1e-6·E0 + 1e-9 J} (the spec's tolerance: round-off,
 * nothing a solver could hide energy in) on any step of 5 s at 1/60 s.
 *
 * <p>Each scene ({@link #scene}): a half-space ground; 3–8 bodies, each a box (half-extents
 * 0.1–0.5 m) or a sphere (radius 0.1–0.5 m) of 0.2–20 kg (log-uniform), placed one above the other
 * without overlap within 2 m of the y axis, turned at random, thrown with velocities up to 5 m/s
 * and spins up to 5 rad/s on each axis; friction 0–1, restitution 0–1 (≤ 1: no collision may add
 * energy), damping off; up to n − 1 ball joints between random pairs of bodies, anchored midway
 * between their centres. Gravity (0, −9.81, 0), sleeping off.
 *
 * <p>The project's random-scene fuzz ({@code dev.tumble.core.robust.FuzzScenes}) is package-private
 * in another test package, leaves damping on for about half its bodies and checks per step
 * with a slop allowance of {@code m·g·2 mm}; these scenes follow its recipe (stacked drop,
 * midpoint joints) in this package, with damping off and the stricter start-energy bound.
 */
class SoftStepEnergyTest {
    static final double DT = 1 / 60.0;
    static final double SECONDS = 5;

    /** A built scene: its world, its dynamic bodies and a description for failure messages. */
    record Scene(World world, List<RigidBody> bodies, String description) {
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void aRandomSceneNeverGainsEnergy(long seed) {
        Scene scene = scene(seed);
        double e0 = energy(scene.bodies(), 0, -G, 0);
        double allowed = e0 + 1e-6 * Math.abs(e0) + 1e-9;
        int n = steps(SECONDS, DT);
        for (int i = 1; i <= n; i++) {
            scene.world().step(DT);
            double e = energy(scene.bodies(), 0, -G, 0);
            // Written so a NaN energy fails too.
            assertTrue(e <= allowed, scene.description() + " | step " + i + " (t = " + String.format("%.3f", i * DT)
                    + " s): energy " + e + " J, above the start's " + e0 + " J by " + (e - e0) + " J (allowed "
                    + (allowed - e0) + " J)");
        }
    }

    /** The random scene of {@code seed}. */
    static Scene scene(long seed) {
        Random rnd = new Random(seed);
        World world = SoftStepWorlds.softWorld(0, -G, 0);
        SoftStepWorlds.addGround(world, rnd.nextDouble());
        int count = 3 + rnd.nextInt(6);
        List<RigidBody> bodies = new ArrayList<>();
        StringBuilder text = new StringBuilder("seed " + seed + ":");
        double y = 0;
        for (int i = 0; i < count; i++) {
            Shape shape;
            double reach;
            if (rnd.nextBoolean()) {
                double hx = uniform(rnd, 0.1, 0.5), hy = uniform(rnd, 0.1, 0.5), hz = uniform(rnd, 0.1, 0.5);
                shape = new Box(hx, hy, hz);
                reach = Math.sqrt(hx * hx + hy * hy + hz * hz);
                text.append(String.format(" box(%.2f, %.2f, %.2f m", hx, hy, hz));
            } else {
                double r = uniform(rnd, 0.1, 0.5);
                shape = new Sphere(r);
                reach = r;
                text.append(String.format(" sphere(%.2f m", r));
            }
            y += reach + 0.05;
            double mass = Math.exp(uniform(rnd, Math.log(0.2), Math.log(20)));
            RigidBody b = RigidBody.dynamic(shape).mass(mass).damping(1, 1)
                    .position(uniform(rnd, -2, 2), y, uniform(rnd, -2, 2))
                    .orientation(new Quaterniond().rotateXYZ(uniform(rnd, 0, 7), uniform(rnd, 0, 7), uniform(rnd, 0, 7)))
                    .velocity(uniform(rnd, -5, 5), uniform(rnd, -5, 5), uniform(rnd, -5, 5))
                    .angularVelocity(uniform(rnd, -5, 5), uniform(rnd, -5, 5), uniform(rnd, -5, 5))
                    .friction(rnd.nextDouble())
                    .restitution(rnd.nextDouble());
            y += reach + 0.05;
            bodies.add(world.addBody(b));
            text.append(String.format(", %.2f kg, e %.2f)", mass, b.restitution()));
        }
        int joints = rnd.nextInt(count);
        for (int j = 0; j < joints; j++) {
            int a = rnd.nextInt(count), b = rnd.nextInt(count);
            if (a == b) {
                continue;
            }
            Vector3d mid = new Vector3d(bodies.get(a).position()).add(bodies.get(b).position()).mul(0.5);
            world.addJoint(new BallJoint(bodies.get(a), bodies.get(b), mid));
            text.append(" ball ").append(a).append('-').append(b);
        }
        return new Scene(world, List.copyOf(bodies), text.toString());
    }

    static double uniform(Random rnd, double lo, double hi) {
        return lo + (hi - lo) * rnd.nextDouble();
    }
}
