package dev.tumble.bench.side;

import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.collision.shapes.BoxCollisionShape;
import com.jme3.bullet.collision.shapes.PlaneCollisionShape;
import com.jme3.bullet.objects.PhysicsRigidBody;
import com.jme3.math.Plane;
import com.jme3.math.Vector3f;
import java.util.ArrayList;
import java.util.List;

/**
 * Bullet 3 through Libbulletjme 23.1.0 (native, single-precision release build): DBVT broad
 * phase, sequential impulses with its default 10 iterations, static plane ground, body friction
 * √0.5 (Bullet multiplies), sleep disabled per body, exactly one step per update.
 */
public final class BulletEngine implements Engine {
    private static boolean loaded;
    /** Held so that its level sticks: Libbulletjme logs every body it creates at INFO. */
    private static final java.util.logging.Logger JME_LOG = java.util.logging.Logger.getLogger("com.jme3");
    private PhysicsSpace space;
    private final List<PhysicsRigidBody> bodies = new ArrayList<>();
    private final Vector3f tmp = new Vector3f();

    @Override
    public String name() {
        return "bullet";
    }

    @Override
    public String settings() {
        return "sequential impulses, " + space.getSolverInfo().numIterations() + " iterations, plane ground, sleeping off";
    }

    private static synchronized void loadOnce() {
        if (!loaded) {
            JME_LOG.setLevel(java.util.logging.Level.WARNING);
            Natives.load("native/linux/x86_64/libbulletjme.so");
            loaded = true;
        }
    }

    @Override
    public void build(Scene scene) {
        loadOnce();
        space = new PhysicsSpace(new Vector3f(-1000, -1000, -1000), new Vector3f(1000, 1000, 1000),
                PhysicsSpace.BroadphaseType.DBVT);
        space.setGravity(new Vector3f(0, (float) Scene.GRAVITY, 0));
        space.setAccuracy((float) Scene.DT);
        float friction = (float) Math.sqrt(Scene.FRICTION);
        PhysicsRigidBody ground = new PhysicsRigidBody(new PlaneCollisionShape(new Plane(Vector3f.UNIT_Y, 0)),
                PhysicsRigidBody.massForStatic);
        ground.setFriction(friction);
        ground.setRestitution(0);
        space.addCollisionObject(ground);
        float h = (float) Scene.HALF;
        BoxCollisionShape box = new BoxCollisionShape(h, h, h);
        double[] c = scene.centres();
        for (int i = 0; i < scene.boxes(); i++) {
            PhysicsRigidBody body = new PhysicsRigidBody(box, (float) Scene.MASS);
            body.setPhysicsLocation(new Vector3f((float) c[3 * i], (float) c[3 * i + 1], (float) c[3 * i + 2]));
            body.setFriction(friction);
            body.setRestitution(0);
            body.setEnableSleep(false);
            space.addCollisionObject(body);
            bodies.add(body);
        }
    }

    @Override
    public void step() {
        space.update((float) Scene.DT, 0);
    }

    @Override
    public void read(int i, double[] out) {
        PhysicsRigidBody b = bodies.get(i);
        b.getPhysicsLocation(tmp);
        out[0] = tmp.x;
        out[1] = tmp.y;
        out[2] = tmp.z;
        b.getLinearVelocity(tmp);
        out[3] = tmp.x;
        out[4] = tmp.y;
        out[5] = tmp.z;
    }
}
