package dev.tumble.core.world;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.CollisionFilter;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.force.AeroControl;
import dev.tumble.core.force.AnchoredSpring;
import dev.tumble.core.force.AngledAero;
import dev.tumble.core.force.Buoyancy;
import dev.tumble.core.force.Explosion;
import dev.tumble.core.force.ForceGenerator;
import dev.tumble.core.force.Gravity;
import dev.tumble.core.force.Spring;
import dev.tumble.core.joint.BallJoint;
import dev.tumble.core.joint.DistanceJoint;
import dev.tumble.core.joint.HingeJoint;
import dev.tumble.core.joint.Joint;
import dev.tumble.core.joint.MillingtonJoint;
import dev.tumble.core.body.BodyType;
import java.util.List;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * A rollback-netcode scene: a game that every 30 steps adds a body with a joint and a force
 * generator and, 15 steps later, removes a body (with its joints and registrations), a joint and
 * a body's generators, and nudges a body every 10 steps. Its inputs are a function of the step
 * number and of what the world holds, as a game's replayed inputs are, so a restored world fed
 * the same inputs must step on to the same bits.
 */
final class RollbackScene {
    static final double DT = 1 / 60.0;

    /** A generator of the game's own class (held by reference in snapshots): a steady breeze. */
    static final ForceGenerator BREEZE = (body, dt) -> body.addForce(0.5, 0, 0.25);

    private RollbackScene() {
    }

    static WorldSettings settings(WorldSettings.Solver solver) {
        return WorldSettings.builder().solver(solver).build();
    }

    /** The scene's first frame: ground, an anchor, a few bodies of every shape, a pendulum. */
    static World world(WorldSettings.Solver solver) {
        World w = new World(settings(solver));
        w.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        RigidBody anchor = w.addBody(RigidBody.fixed(new Box(0.2, 0.2, 0.2)).position(0, 4, 0));
        w.addBody(RigidBody.dynamic(new Box(0.4, 0.3, 0.5)).position(-1.5, 1, 0));
        w.addBody(RigidBody.dynamic(new Sphere(0.35)).position(1.5, 2, 0.3).friction(0.8).restitution(0.3));
        w.addBody(RigidBody.dynamic(new Capsule(0.2, 0.4)).position(0.2, 3, -1.2)
                .orientation(new Quaterniond().rotateXYZ(0.3, 0.1, 0.7)));
        w.addBody(RigidBody.dynamic(hull()).position(-0.4, 2.5, 1.3).damping(0.9, 0.8));
        RigidBody bob = w.addBody(RigidBody.dynamic(new Box(0.15, 0.15, 0.15)).position(1, 4, 0));
        w.addJoint(new BallJoint(bob, anchor, new Vector3d(0.2, 4, 0)));
        w.forces().add(bob, new Gravity(0, -2, 0));
        // A kinematic paddle sweeping through the heap, and a body that skips continuous collision.
        w.addBody(RigidBody.kinematic(new Box(1.5, 0.1, 0.3)).position(0, 0.4, 2).velocity(0, 0, -0.4)
                .angularVelocity(0, 0.5, 0));
        w.bodies().get(3).continuousCollision(false);
        return w;
    }

    static ConvexHull hull() {
        return new ConvexHull(new Vector3d(-0.3, -0.2, -0.25), new Vector3d(0.35, -0.2, -0.3), new Vector3d(0.3, 0.25, -0.2),
                new Vector3d(-0.25, 0.3, -0.3), new Vector3d(-0.3, -0.25, 0.3), new Vector3d(0.3, -0.3, 0.25),
                new Vector3d(0.25, 0.3, 0.35), new Vector3d(-0.35, 0.25, 0.3), new Vector3d(0, 0.45, 0),
                new Vector3d(0.05, 0.02, 0.01));
    }

    /** The game's inputs for step {@code step}, given before it. */
    static void inputs(World w, int step, boolean breeze) {
        List<RigidBody> bodies = w.bodies();
        if (step % 30 == 0) {
            int k = step / 30;
            RigidBody b = RigidBody.dynamic(switch (k % 4) {
                case 0 -> new Box(0.25, 0.2, 0.3);
                case 1 -> new Sphere(0.25);
                case 2 -> new Capsule(0.15, 0.3);
                default -> hull();
            }).position(0.4 * (k % 5) - 0.8, 2.5 + 0.2 * k, 0.3 * (k % 3) - 0.3).velocity(0.5, 0, -0.3 * (k % 2));
            w.addBody(b);
            RigidBody other = dynamicBefore(bodies, bodies.size() - 2);
            Vector3d at = new Vector3d(b.position());
            Joint joint = switch (k % 5) {
                case 0 -> new BallJoint(b, other, new Vector3d(at).add(0, 0.5, 0));
                case 1 -> new HingeJoint(b, null, new Vector3d(at).add(0, 0.6, 0), new Vector3d(0, 0, 1)).limits(-0.4, 0.6);
                case 2 -> new DistanceJoint(DistanceJoint.Kind.ROD, b, at, other, new Vector3d(other.position()), 1.2);
                case 3 -> new DistanceJoint(DistanceJoint.Kind.CABLE, b, at, null, new Vector3d(at).add(0, 1.5, 0), 1.6);
                default -> new MillingtonJoint(b, new Vector3d(0.1, 0.1, 0), other, new Vector3d(), 0.05);
            };
            w.addJoint(joint);
            if (k % 3 == 1) {
                // A body of its own category that ignores category 4, from the filter on.
                w.collisionFilter(b, new CollisionFilter(2, ~4, 0));
            }
            switch (k % 6) {
                case 0 -> new Spring(b, new Vector3d(), other, new Vector3d(0.1, 0, 0), 20, 1).register(w.forces());
                case 1 -> {
                    Explosion e = Explosion.builder().detonation(0, 0.5, 0).implosion(0.5, 3, 0.1, 40)
                            .concussion(8, 1, 300, 0.5).build();
                    for (RigidBody d : w.bodies()) {
                        if (d.type() == BodyType.DYNAMIC) {
                            w.forces().add(d, e);
                        }
                    }
                }
                case 2 -> w.forces().add(b, new AeroControl(diag(0.1), diag(0.05), diag(0.3), new Vector3d(0, 0.1, 0),
                        new Vector3d(2, 0, 0)).control(0.4));
                case 3 -> w.forces().add(b, new Buoyancy(new Vector3d(), 0.3, 0.05, 0.5));
                case 4 -> w.forces().add(b, new AngledAero(diag(0.2), new Quaterniond().rotateY(0.4), new Vector3d(),
                        new Vector3d(0, 0, 3)));
                default -> w.forces().add(b, new AnchoredSpring(new Vector3d(0, 0.2, 0), new Vector3d(0, 3, 0), 15, 0.5));
            }
            if (breeze && k % 2 == 0) {
                w.forces().add(b, BREEZE);
            }
        } else if (step % 30 == 15) {
            int k = step / 30;
            RigidBody victim = dynamicBefore(bodies, (3 + 5 * k) % bodies.size());
            if (victim != null) {
                w.removeBody(victim);
            }
            if (!w.joints().isEmpty()) {
                w.removeJoint(w.joints().get(k % w.joints().size()));
            }
            w.forces().removeBody(bodies.get((2 + k) % bodies.size()));
        } else if (step % 10 == 5) {
            RigidBody last = bodies.get(bodies.size() - 1);
            if (last.type() == BodyType.DYNAMIC) {
                last.velocity(last.velocityX(), last.velocityY() + 1.5, last.velocityZ());
            }
        }
    }

    /** @return the dynamic body at or before dense index {@code i}, or null. */
    private static RigidBody dynamicBefore(List<RigidBody> bodies, int i) {
        for (int k = Math.min(i, bodies.size() - 1); k >= 0; k--) {
            if (bodies.get(k).type() == BodyType.DYNAMIC) {
                return bodies.get(k);
            }
        }
        return null;
    }

    private static Matrix3d diag(double d) {
        return new Matrix3d().scaling(d, d * 2, d * 0.5);
    }

    /** One frame: the inputs, then the step. */
    static void frame(World w, int step, boolean breeze) {
        inputs(w, step, breeze);
        w.step(DT);
    }
}
