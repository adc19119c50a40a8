package dev.tumble.bench.side;

import com.github.stephengold.joltjni.BodyCreationSettings;
import com.github.stephengold.joltjni.BodyInterface;
import com.github.stephengold.joltjni.BoxShape;
import com.github.stephengold.joltjni.CapsuleShape;
import com.github.stephengold.joltjni.ConvexHullShapeSettings;
import com.github.stephengold.joltjni.CylinderShape;
import com.github.stephengold.joltjni.Float3;
import com.github.stephengold.joltjni.HeightFieldShapeSettings;
import com.github.stephengold.joltjni.IndexedTriangle;
import com.github.stephengold.joltjni.Jolt;
import com.github.stephengold.joltjni.JobSystem;
import com.github.stephengold.joltjni.JobSystemSingleThreaded;
import com.github.stephengold.joltjni.MapObj2Bp;
import com.github.stephengold.joltjni.MeshShapeSettings;
import com.github.stephengold.joltjni.ObjVsBpFilter;
import com.github.stephengold.joltjni.ObjVsObjFilter;
import com.github.stephengold.joltjni.PhysicsSettings;
import com.github.stephengold.joltjni.PhysicsSystem;
import com.github.stephengold.joltjni.Quat;
import com.github.stephengold.joltjni.RVec3;
import com.github.stephengold.joltjni.SphereShape;
import com.github.stephengold.joltjni.TempAllocator;
import com.github.stephengold.joltjni.TempAllocatorImpl;
import com.github.stephengold.joltjni.Vec3;
import com.github.stephengold.joltjni.enumerate.EActivation;
import com.github.stephengold.joltjni.enumerate.EMotionType;

/**
 * Jolt Physics through jolt-jni 0.9.9 (native, single-precision release build): the natives are
 * extracted from the jar and loaded here; {@link JobSystemSingleThreaded}; one collision step per
 * update; Jolt's default 10 velocity + 2 position steps; a static 100 × 1 × 100 box ground;
 * friction 0.5 per body (Jolt combines by the geometric mean); sleeping disallowed per body.
 */
public final class JoltEngine implements Engine {
    private static final int NON_MOVING = 0;
    private static final int MOVING = 1;
    private static boolean loaded;
    private PhysicsSystem system;
    private TempAllocator allocator;
    private JobSystem jobs;
    private BodyInterface bodies;
    private int[] ids;

    @Override
    public String name() {
        return "jolt";
    }

    @Override
    public String settings() {
        PhysicsSettings s = system.getPhysicsSettings();
        return s.getNumVelocitySteps() + " velocity + " + s.getNumPositionSteps() + " position steps,"
                + " single-threaded job system, box ground, sleeping off";
    }

    private static synchronized void loadOnce() {
        if (!loaded) {
            Natives.load("linux/x86-64/com/github/stephengold/libjoltjni.so");
            Jolt.registerDefaultAllocator();
            Jolt.installDefaultAssertCallback();
            Jolt.installDefaultTraceCallback();
            Jolt.newFactory();
            Jolt.registerTypes();
            loaded = true;
        }
    }

    /** A physics system for up to {@code capacity} bodies: moving and non-moving layers, gravity, one thread. */
    private void start(int capacity) {
        loadOnce();
        MapObj2Bp layers = new MapObj2Bp(2, 2).add(NON_MOVING, 0).add(MOVING, 1);
        ObjVsBpFilter objVsBp = new ObjVsBpFilter(2, 2).disablePair(NON_MOVING, 0);
        ObjVsObjFilter objVsObj = new ObjVsObjFilter(2).disablePair(NON_MOVING, NON_MOVING);
        system = new PhysicsSystem();
        system.init(capacity, 0, capacity, capacity, layers, objVsBp, objVsObj);
        system.setGravity(0, (float) Scene.GRAVITY, 0);
        allocator = new TempAllocatorImpl(64 << 20);
        jobs = new JobSystemSingleThreaded(Jolt.cMaxPhysicsJobs);
        bodies = system.getBodyInterface();
    }

    @Override
    public void build(Scene scene) {
        start(Math.max(1 << 16, 8 * scene.boxes()));
        Quat identity = new Quat(0, 0, 0, 1);

        BodyCreationSettings ground = new BodyCreationSettings(new BoxShape(50, 0.5f, 50), new RVec3(0, -0.5, 0),
                identity, EMotionType.Static, NON_MOVING);
        ground.setFriction((float) Scene.FRICTION);
        ground.setRestitution(0);
        bodies.createAndAddBody(ground, EActivation.DontActivate);

        float h = (float) Scene.HALF;
        BoxShape box = new BoxShape(h, h, h);
        box.setDensity((float) (Scene.MASS / (8 * h * h * h)));
        double[] c = scene.centres();
        ids = new int[scene.boxes()];
        for (int i = 0; i < ids.length; i++) {
            BodyCreationSettings s = new BodyCreationSettings(box, new RVec3(c[3 * i], c[3 * i + 1], c[3 * i + 2]),
                    identity, EMotionType.Dynamic, MOVING);
            s.setFriction((float) Scene.FRICTION);
            s.setRestitution(0);
            s.setAllowSleeping(false);
            ids[i] = bodies.createAndAddBody(s, EActivation.Activate);
        }
        system.optimizeBroadPhase();
    }

    @Override
    public void build(Terrain terrain) {
        start(1 << 16);
        Quat identity = new Quat(0, 0, 0, 1);
        int n = Terrain.SAMPLES;
        float o = (float) Terrain.origin(), d = (float) Terrain.SPACING;
        BodyCreationSettings ground;
        if (terrain.mesh()) {
            Float3[] vertices = new Float3[n * n];
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < n; c++) {
                    vertices[r * n + c] = new Float3(o + c * d, (float) Terrain.height(r, c), o + r * d);
                }
            }
            IndexedTriangle[] triangles = new IndexedTriangle[2 * (n - 1) * (n - 1)];
            int k = 0;
            for (int r = 0; r < n - 1; r++) {
                for (int c = 0; c < n - 1; c++) {
                    int i00 = r * n + c, i01 = i00 + 1, i10 = i00 + n, i11 = i10 + 1;
                    triangles[k++] = new IndexedTriangle(i00, i10, i11);
                    triangles[k++] = new IndexedTriangle(i00, i11, i01);
                }
            }
            ground = new BodyCreationSettings(new MeshShapeSettings(vertices, triangles), new RVec3(0, 0, 0), identity,
                    EMotionType.Static, NON_MOVING);
        } else {
            float[] samples = new float[n * n];
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < n; c++) {
                    samples[r * n + c] = (float) Terrain.height(r, c);
                }
            }
            ground = new BodyCreationSettings(new HeightFieldShapeSettings(samples, new Vec3(o, 0, o), new Vec3(d, 1, d), n),
                    new RVec3(0, 0, 0), identity, EMotionType.Static, NON_MOVING);
        }
        ground.setFriction((float) Terrain.FRICTION);
        ground.setRestitution(0);
        bodies.createAndAddBody(ground, EActivation.DontActivate);
        float density = (float) Terrain.DENSITY;
        BoxShape box = new BoxShape((float) Terrain.BOX_HALF[0], (float) Terrain.BOX_HALF[1], (float) Terrain.BOX_HALF[2]);
        box.setDensity(density);
        SphereShape ball = new SphereShape((float) Terrain.BALL_RADIUS);
        ball.setDensity(density);
        CapsuleShape capsule = new CapsuleShape((float) Terrain.CAPSULE_HALF_HEIGHT, (float) Terrain.CAPSULE_RADIUS);
        capsule.setDensity(density);
        // Jolt rounds a cylinder's rims by its default convex radius (5 cm) inside the same outline.
        CylinderShape cylinder = new CylinderShape((float) Terrain.CYLINDER_HALF_HEIGHT, (float) Terrain.CYLINDER_RADIUS);
        cylinder.setDensity(density);
        double[] h = Terrain.ROCK_POINTS;
        Vec3[] points = new Vec3[h.length / 3];
        for (int i = 0; i < points.length; i++) {
            points[i] = new Vec3((float) h[3 * i], (float) h[3 * i + 1], (float) h[3 * i + 2]);
        }
        ConvexHullShapeSettings hull = new ConvexHullShapeSettings(points);
        hull.setDensity(density);
        ids = new int[Terrain.BODIES];
        double[] p = new double[3];
        for (int i = 0; i < ids.length; i++) {
            Terrain.start(i, p);
            RVec3 at = new RVec3(p[0], p[1], p[2]);
            BodyCreationSettings s = switch (Terrain.kind(i)) {
                case Terrain.BOX -> new BodyCreationSettings(box, at, identity, EMotionType.Dynamic, MOVING);
                case Terrain.BALL -> new BodyCreationSettings(ball, at, identity, EMotionType.Dynamic, MOVING);
                case Terrain.CAPSULE -> new BodyCreationSettings(capsule, at, identity, EMotionType.Dynamic, MOVING);
                case Terrain.CYLINDER -> new BodyCreationSettings(cylinder, at, identity, EMotionType.Dynamic, MOVING);
                default -> new BodyCreationSettings(hull, at, identity, EMotionType.Dynamic, MOVING);
            };
            s.setFriction((float) Terrain.FRICTION);
            s.setRestitution(0);
            s.setAllowSleeping(false);
            ids[i] = bodies.createAndAddBody(s, EActivation.Activate);
        }
        system.optimizeBroadPhase();
    }

    @Override
    public void step() {
        system.update((float) Scene.DT, 1, allocator, jobs);
    }

    @Override
    public void read(int i, double[] out) {
        RVec3 p = bodies.getCenterOfMassPosition(ids[i]);
        Vec3 v = bodies.getLinearVelocity(ids[i]);
        out[0] = p.xx();
        out[1] = p.yy();
        out[2] = p.zz();
        out[3] = v.getX();
        out[4] = v.getY();
        out[5] = v.getZ();
    }
}
