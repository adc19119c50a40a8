package dev.tumble.core.solve.impulse;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.world.SequentialImpulseSettings;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import java.util.List;
import org.joml.Matrix3d;
import org.joml.Vector3d;

/**
 * Shared set-up for the soft step's acceptance tests ({@code SoftStep*Test}): every world they
 * build uses the {@link WorldSettings.Solver#SEQUENTIAL_IMPULSE} solver with its default
 * {@link SequentialImpulseSettings}, sleeping off, and the gravity the test asks for; every body they build
 * has damping off ({@code damping(1, 1)}; the default keeps 0.95 of the velocity per second, which
 * would hide any energy the solver loses or gains).
 */
final class SoftStepWorlds {
    /** Standard gravity, m/s². */
    static final double G = 9.81;

    private SoftStepWorlds() {
    }

    /** Settings: sequential-impulse solver (default settings), sleeping off, gravity (gx, gy, gz) m/s². */
    static WorldSettings settings(double gx, double gy, double gz) {
        return WorldSettings.builder().solver(WorldSettings.Solver.SEQUENTIAL_IMPULSE).sleepEnabled(false)
                .gravity(gx, gy, gz).build();
    }

    /** An empty sequential-impulse world with sleeping off and gravity (gx, gy, gz) m/s². */
    static World softWorld(double gx, double gy, double gz) {
        return new World(settings(gx, gy, gz));
    }

    /** A sequential-impulse world with gravity (0, −9.81, 0) m/s² and the ground of {@link #addGround}. */
    static World groundedSoftWorld(double groundFriction) {
        World world = softWorld(0, -G, 0);
        addGround(world, groundFriction);
        return world;
    }

    /** Adds a horizontal ground whose top is y = 0 (a half-space), friction μ, restitution 0. */
    static RigidBody addGround(World world, double friction) {
        return world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)).friction(friction).restitution(0));
    }

    /** Turns damping off on {@code body} and returns it. */
    static RigidBody undamped(RigidBody body) {
        return body.damping(1, 1);
    }

    /** Turns damping off on every body of the list. */
    static void undampAll(List<RigidBody> bodies) {
        for (RigidBody b : bodies) {
            b.damping(1, 1);
        }
    }

    /** The number of steps of {@code dt} in {@code seconds} (both in s), rounded. */
    static int steps(double seconds, double dt) {
        return (int) Math.round(seconds / dt);
    }

    /** Steps the world {@code n} times by {@code dt} seconds. */
    static void run(World world, double dt, int n) {
        for (int i = 0; i < n; i++) {
            world.step(dt);
        }
    }

    /**
     * Mechanical energy of the bodies, J: kinetic ({@link RigidBody#kineticEnergy()}) plus the
     * potential of gravity {@code g} (m/s²), {@code −m·g·p}, zero at the origin.
     */
    static double energy(List<RigidBody> bodies, double gx, double gy, double gz) {
        double e = 0;
        for (RigidBody b : bodies) {
            e += b.kineticEnergy()
                    - b.mass() * (gx * b.position().x() + gy * b.position().y() + gz * b.position().z());
        }
        return e;
    }

    /** Total linear momentum of the bodies, kg·m/s. */
    static Vector3d momentum(List<RigidBody> bodies) {
        Vector3d p = new Vector3d();
        for (RigidBody b : bodies) {
            p.fma(b.mass(), b.velocity());
        }
        return p;
    }

    /**
     * World angular momentum about the body's centre, kg·m²/s: {@code L = R·I·Rᵀ·ω} with R the
     * body's orientation, {@code inertia} its body-space inertia tensor (computed by the caller
     * from the shape, so the check does not lean on the engine's own mass properties) and ω its
     * world angular velocity.
     */
    static Vector3d angularMomentum(RigidBody body, Matrix3d inertia) {
        Matrix3d r = body.orientation().get(new Matrix3d());
        Vector3d w = new Vector3d(body.angularVelocity());
        r.transformTranspose(w); // body axes
        inertia.transform(w); // body-space angular momentum
        return r.transform(w); // world axes
    }

    /** Formats a length in millimetres for messages. */
    static String mm(double metres) {
        return String.format("%.4f mm", metres * 1000);
    }
}
