package dev.tumble.bench.side;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.HeightField;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.collision.shape.TriangleMesh;
import dev.tumble.core.scenes.StackingScenes;
import dev.tumble.core.world.StepProfile;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;

/** Tumble with the standard scenes' settings ({@link StackingScenes#settings}: sleeping off). */
public final class TumbleEngine implements Engine {
    private final WorldSettings settings;
    private World world;
    private final List<RigidBody> boxes = new ArrayList<>();

    /** Tumble with the default solver, sleeping off. */
    public TumbleEngine() {
        this(StackingScenes.settings(WorldSettings.DEFAULTS.solver()));
    }

    /**
     * Tumble with the given settings.
     *
     * @param settings the world's settings
     */
    public TumbleEngine(WorldSettings settings) {
        this.settings = settings;
    }

    @Override
    public String name() {
        return "tumble";
    }

    @Override
    public String settings() {
        String solver = switch (settings.solver()) {
            case SEQUENTIAL_IMPULSE -> "sequential impulses, " + settings.sequentialImpulse().substeps()
                    + " substeps, contacts at " + settings.sequentialImpulse().contactHertz() + " Hz";
            case MILLINGTON -> "Millington's resolver, " + settings.iterationsPerContact() + " iterations per contact";
        };
        return solver + ", half-space ground, sleeping " + (settings.sleepEnabled() ? "on" : "off");
    }

    @Override
    public void build(Scene scene) {
        world = StackingScenes.groundedWorld(settings);
        double[] c = scene.centres();
        for (int i = 0; i < scene.boxes(); i++) {
            boxes.add(world.addBody(StackingScenes.unitBox(c[3 * i], c[3 * i + 1], c[3 * i + 2])));
        }
    }

    @Override
    public void build(Terrain terrain) {
        world = new World(settings);
        double[][] h = new double[Terrain.SAMPLES][Terrain.SAMPLES];
        for (int r = 0; r < Terrain.SAMPLES; r++) {
            for (int c = 0; c < Terrain.SAMPLES; c++) {
                h[r][c] = Terrain.height(r, c);
            }
        }
        HeightField field = new HeightField(h, Terrain.SPACING, Terrain.SPACING);
        Shape ground = terrain.mesh() ? TriangleMesh.of(field) : field;
        world.addBody(RigidBody.fixed(ground).friction(Terrain.FRICTION).restitution(0)
                .position(Terrain.origin(), 0, Terrain.origin()));
        double[] p = new double[3];
        double[] hp = Terrain.ROCK_POINTS;
        ConvexHull hull = new ConvexHull(new Vector3d(hp[0], hp[1], hp[2]), new Vector3d(hp[3], hp[4], hp[5]),
                new Vector3d(hp[6], hp[7], hp[8]), new Vector3d(hp[9], hp[10], hp[11]), new Vector3d(hp[12], hp[13], hp[14]));
        for (int i = 0; i < Terrain.BODIES; i++) {
            Terrain.start(i, p);
            Shape s = switch (Terrain.kind(i)) {
                case Terrain.BOX -> new Box(Terrain.BOX_HALF[0], Terrain.BOX_HALF[1], Terrain.BOX_HALF[2]);
                case Terrain.BALL -> new Sphere(Terrain.BALL_RADIUS);
                case Terrain.CAPSULE -> new Capsule(Terrain.CAPSULE_RADIUS, Terrain.CAPSULE_HALF_HEIGHT);
                case Terrain.CYLINDER -> new Cylinder(Terrain.CYLINDER_RADIUS, Terrain.CYLINDER_HALF_HEIGHT);
                default -> hull;
            };
            boxes.add(world.addBody(RigidBody.dynamic(s).density(Terrain.DENSITY).friction(Terrain.FRICTION).restitution(0)
                    .position(p[0], p[1], p[2])));
        }
    }

    @Override
    public void step() {
        world.step(Scene.DT);
    }

    @Override
    public void read(int i, double[] out) {
        RigidBody b = boxes.get(i);
        out[0] = b.position().x();
        out[1] = b.position().y();
        out[2] = b.position().z();
        out[3] = b.velocity().x();
        out[4] = b.velocity().y();
        out[5] = b.velocity().z();
    }

    /** @return the world's profile of the last step. */
    public StepProfile profile() {
        return world.profile();
    }

    /** @return the world (for stress scenes and hashes). */
    public World world() {
        return world;
    }
}
