package dev.tumble.bench.side;

import com.bulletphysics.collision.broadphase.DbvtBroadphase;
import com.bulletphysics.collision.dispatch.CollisionDispatcher;
import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.collision.dispatch.DefaultCollisionConfiguration;
import com.bulletphysics.collision.shapes.BoxShape;
import com.bulletphysics.collision.shapes.StaticPlaneShape;
import com.bulletphysics.dynamics.DiscreteDynamicsWorld;
import com.bulletphysics.dynamics.RigidBody;
import com.bulletphysics.dynamics.RigidBodyConstructionInfo;
import com.bulletphysics.dynamics.constraintsolver.SequentialImpulseConstraintSolver;
import com.bulletphysics.linearmath.DefaultMotionState;
import com.bulletphysics.linearmath.Transform;
import java.util.ArrayList;
import java.util.List;
import javax.vecmath.Vector3f;

/**
 * JBullet 1.0.3 (pure Java Bullet 2.7): DBVT broad phase, sequential impulses with its default
 * 10 iterations, static plane ground; body friction √0.5 since Bullet multiplies the two;
 * deactivation disabled.
 */
public final class JBulletEngine implements Engine {
    private DiscreteDynamicsWorld world;
    private final List<RigidBody> bodies = new ArrayList<>();
    private final Transform transform = new Transform();
    private final Vector3f v = new Vector3f();

    @Override
    public String name() {
        return "jbullet";
    }

    @Override
    public String settings() {
        return "sequential impulses, " + world.getSolverInfo().numIterations + " iterations, plane ground, deactivation off";
    }

    @Override
    public void build(Scene scene) {
        DefaultCollisionConfiguration config = new DefaultCollisionConfiguration();
        world = new DiscreteDynamicsWorld(new CollisionDispatcher(config), new DbvtBroadphase(),
                new SequentialImpulseConstraintSolver(), config);
        world.setGravity(new Vector3f(0, (float) Scene.GRAVITY, 0));
        float friction = (float) Math.sqrt(Scene.FRICTION);
        Transform t = new Transform();
        t.setIdentity();
        RigidBody ground = new RigidBody(new RigidBodyConstructionInfo(0, new DefaultMotionState(t),
                new StaticPlaneShape(new Vector3f(0, 1, 0), 0), new Vector3f()));
        ground.setFriction(friction);
        ground.setRestitution(0);
        world.addRigidBody(ground);
        float h = (float) Scene.HALF;
        BoxShape box = new BoxShape(new Vector3f(h, h, h));
        Vector3f inertia = new Vector3f();
        box.calculateLocalInertia((float) Scene.MASS, inertia);
        double[] c = scene.centres();
        for (int i = 0; i < scene.boxes(); i++) {
            Transform start = new Transform();
            start.setIdentity();
            start.origin.set((float) c[3 * i], (float) c[3 * i + 1], (float) c[3 * i + 2]);
            RigidBody body = new RigidBody(new RigidBodyConstructionInfo((float) Scene.MASS,
                    new DefaultMotionState(start), box, inertia));
            body.setFriction(friction);
            body.setRestitution(0);
            body.setActivationState(CollisionObject.DISABLE_DEACTIVATION);
            world.addRigidBody(body);
            bodies.add(body);
        }
    }

    @Override
    public void step() {
        world.stepSimulation((float) Scene.DT, 0, (float) Scene.DT);
    }

    @Override
    public void read(int i, double[] out) {
        RigidBody b = bodies.get(i);
        b.getCenterOfMassTransform(transform);
        b.getLinearVelocity(v);
        out[0] = transform.origin.x;
        out[1] = transform.origin.y;
        out[2] = transform.origin.z;
        out[3] = v.x;
        out[4] = v.y;
        out[5] = v.z;
    }
}
