package dev.tumble.bench.side;

import de.fabmax.physxjni.Loader;
import java.util.ArrayList;
import java.util.List;
import physx.PxTopLevelFunctions;
import physx.common.PxDefaultAllocator;
import physx.common.PxDefaultCpuDispatcher;
import physx.common.PxDefaultErrorCallback;
import physx.common.PxFoundation;
import physx.common.PxQuat;
import physx.common.PxTolerancesScale;
import physx.common.PxTransform;
import physx.common.PxVec3;
import physx.extensions.PxRigidBodyExt;
import physx.geometry.PxBoxGeometry;
import physx.geometry.PxPlaneGeometry;
import physx.physics.PxFilterData;
import physx.physics.PxMaterial;
import physx.physics.PxPhysics;
import physx.physics.PxRigidDynamic;
import physx.physics.PxRigidStatic;
import physx.physics.PxScene;
import physx.physics.PxSceneDesc;
import physx.physics.PxShape;

/**
 * PhysX 5.4 through physx-jni 2.4.1 (native): {@code DefaultCpuDispatcherCreate(0)} runs on the
 * calling thread; PGS with the default 4 position / 1 velocity iterations; plane ground; one
 * material with friction 0.5 (PhysX averages); sleep threshold 0 (never sleeps).
 */
public final class PhysxEngine implements Engine {
    private static PxFoundation foundation;
    private static PxPhysics physics;
    private PxScene scene;
    private final List<PxRigidDynamic> bodies = new ArrayList<>();

    @Override
    public String name() {
        return "physx";
    }

    @Override
    public String settings() {
        return "PGS, 4 position / 1 velocity iterations, plane ground, sleep threshold 0";
    }

    private static synchronized void loadOnce() {
        if (physics == null) {
            Loader.load();
            int version = PxTopLevelFunctions.getPHYSICS_VERSION();
            foundation = PxTopLevelFunctions.CreateFoundation(version, new PxDefaultAllocator(), new PxDefaultErrorCallback());
            physics = PxTopLevelFunctions.CreatePhysics(version, foundation, new PxTolerancesScale());
        }
    }

    @Override
    public void build(Scene s) {
        loadOnce();
        PxSceneDesc desc = new PxSceneDesc(physics.getTolerancesScale());
        desc.setGravity(new PxVec3(0, (float) Scene.GRAVITY, 0));
        PxDefaultCpuDispatcher dispatcher = PxTopLevelFunctions.DefaultCpuDispatcherCreate(0);
        desc.setCpuDispatcher(dispatcher);
        desc.setFilterShader(PxTopLevelFunctions.DefaultFilterShader());
        scene = physics.createScene(desc);
        float mu = (float) Scene.FRICTION;
        PxMaterial material = physics.createMaterial(mu, mu, 0);
        PxFilterData filter = new PxFilterData(1, 1, 0, 0);
        // PhysX planes are x = 0 with +x out; a quarter turn about z makes the normal +y.
        float r = (float) Math.sqrt(0.5);
        PxRigidStatic ground = physics.createRigidStatic(new PxTransform(new PxVec3(0, 0, 0), new PxQuat(0, 0, r, r)));
        PxShape plane = physics.createShape(new PxPlaneGeometry(), material, true);
        plane.setSimulationFilterData(filter);
        ground.attachShape(plane);
        scene.addActor(ground);
        float h = (float) Scene.HALF;
        PxBoxGeometry box = new PxBoxGeometry(h, h, h);
        double[] c = s.centres();
        PxQuat identity = new PxQuat(0, 0, 0, 1);
        for (int i = 0; i < s.boxes(); i++) {
            PxRigidDynamic body = physics.createRigidDynamic(
                    new PxTransform(new PxVec3((float) c[3 * i], (float) c[3 * i + 1], (float) c[3 * i + 2]), identity));
            PxShape shape = physics.createShape(box, material, true);
            shape.setSimulationFilterData(filter);
            body.attachShape(shape);
            PxRigidBodyExt.setMassAndUpdateInertia(body, (float) Scene.MASS);
            body.setSleepThreshold(0);
            scene.addActor(body);
            bodies.add(body);
        }
    }

    @Override
    public void step() {
        scene.simulate((float) Scene.DT);
        scene.fetchResults(true);
    }

    @Override
    public void read(int i, double[] out) {
        PxTransform pose = bodies.get(i).getGlobalPose();
        PxVec3 v = bodies.get(i).getLinearVelocity();
        out[0] = pose.getP().getX();
        out[1] = pose.getP().getY();
        out[2] = pose.getP().getZ();
        out[3] = v.getX();
        out[4] = v.getY();
        out[5] = v.getZ();
    }
}
