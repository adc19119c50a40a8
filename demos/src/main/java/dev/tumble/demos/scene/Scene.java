package dev.tumble.demos.scene;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.force.ForceGenerator;
import dev.tumble.core.joint.Joint;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.render.app.Controls;
import dev.tumble.render.app.Simulation;
import dev.tumble.render.scene.Camera;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A demo scene: a world built by a scene class, the ids of its bodies, the specs of its joints
 * and forces (so it can be written as a scene file), and the script it runs before each step.
 * The window app, the headless recorder, the smoke tests and the benchmarks all build scenes
 * through {@link SceneCatalog}, so they see the same scene.
 */
public abstract class Scene implements Simulation {
    /** The fixed step of every demo, s. */
    public static final double DT = 1.0 / 60.0;

    /** The options this scene was built with. */
    protected final SceneOptions options;
    /** The world the scene simulates. */
    protected final World world;
    private final Map<String, RigidBody> byId = new LinkedHashMap<>();
    private final Map<RigidBody, String> idOf = new IdentityHashMap<>();
    private final Map<ConvexHull, List<Vector3d>> hullPoints = new IdentityHashMap<>();
    private final List<JointSpec> jointSpecs = new ArrayList<>();
    private final List<ForceSpec> forceSpecs = new ArrayList<>();
    private double time;
    private long steps;
    private double[] startBounds;

    /**
     * A scene with a new, empty world, made with {@code settings} after the options' adjustment.
     *
     * @param options the options the scene is built with
     * @param settings the world's settings
     */
    protected Scene(SceneOptions options, WorldSettings settings) {
        this(options, new World(options.apply(settings)));
    }

    /**
     * Wraps a world built elsewhere; its bodies get ids {@code body0, body1, …} in world order.
     * Whoever built it applies {@link SceneOptions#apply} to its settings.
     *
     * @param options the options the scene was built with
     * @param world the world
     */
    protected Scene(SceneOptions options, World world) {
        this.options = options;
        this.world = world;
        for (RigidBody b : world.bodies()) {
            name(defaultId(b), b);
        }
    }

    /**
     * The settings every demo starts from: the options' solver, gravity (0, −9.81, 0), sleep on.
     *
     * @param options the scene's options
     * @return a settings builder
     */
    protected static WorldSettings.Builder settings(SceneOptions options) {
        return WorldSettings.builder().solver(options.solver());
    }

    @Override
    public World world() {
        return world;
    }

    /**
     * The options this scene was built with.
     *
     * @return the options
     */
    public SceneOptions options() {
        return options;
    }

    /**
     * The scene's fixed step, s.
     *
     * @return the step, s
     */
    public double dt() {
        return DT;
    }

    /** The viewer steps a scene by its own step ({@link #dt}): a scene file's, say. */
    @Override
    public double fixedStep() {
        return dt();
    }

    /**
     * Simulated time so far, s.
     *
     * @return the simulated time, s
     */
    public double time() {
        return time;
    }

    /**
     * Steps taken so far.
     *
     * @return the step count
     */
    public long steps() {
        return steps;
    }

    /**
     * The lowest height (m) a dynamic body's centre may reach: the ground top for scenes with a
     * ground. A body below it has fallen through.
     *
     * @return the height, m
     */
    public double floor() {
        return 0;
    }

    /**
     * One fixed step: the script or controls, then the world.
     *
     * @param controls the user's input this step
     */
    public void step(Controls controls) {
        if (steps == 0 && startBounds == null) {
            startBounds = SceneFraming.bounds(world); // the opening camera frames the scene as built
        }
        beforeStep(time, dt(), controls);
        world.step(dt());
        steps++;
        time = steps * dt();
    }

    /**
     * Counts one step taken by calling {@code world().step(dt())} directly (scene files, which
     * have no script), so {@link #time()} and {@link #steps()} stay true.
     */
    public void advanceClock() {
        steps++;
        time = steps * dt();
    }

    /**
     * The step at which the scene's still picture ({@code docs/demos/NAME.png}) is taken.
     *
     * @return the step number
     */
    public int stillStep() {
        return 90;
    }

    /**
     * {@code n} steps with no input (headless: scenes run their scripts).
     *
     * @param n how many steps
     * @return this scene
     */
    public Scene run(int n) {
        for (int i = 0; i < n; i++) {
            step(Controls.NONE);
        }
        return this;
    }

    @Override
    public Camera camera() {
        return framed(new Camera().lookAt(8f, 6f, 12f, 0f, 1f, 0f));
    }

    /**
     * {@code camera} moved along its own view direction until the whole scene is in the
     * picture ({@link SceneFraming}): the bodies as built plus {@link #actionBounds}.
     *
     * @param camera the direction to look from (changed)
     * @return {@code camera}
     */
    protected Camera framed(Camera camera) {
        return SceneFraming.fit(camera, viewBounds());
    }

    /**
     * The box the opening camera frames: the bodies and joint anchors as built (before the first
     * step) grown by {@link #actionBounds}.
     *
     * @return {minX, minY, minZ, maxX, maxY, maxZ}, m, or null for an empty scene
     */
    public double[] viewBounds() {
        double[] box = startBounds != null ? startBounds.clone() : SceneFraming.bounds(world);
        return actionBounds(box);
    }

    /**
     * Grows the box of the bodies as built to hold where the scene's action goes (rounds in
     * flight, debris thrown out), so the opening camera shows it; the default adds nothing.
     *
     * @param box the bodies' box {minX, minY, minZ, maxX, maxY, maxZ}, m, or null
     * @return the box to frame
     */
    protected double[] actionBounds(double[] box) {
        return box;
    }

    /**
     * A box grown by the given margins on both sides.
     *
     * @param box {minX, minY, minZ, maxX, maxY, maxZ}, m, or null
     * @param dx margin along x, m
     * @param dy margin along y, m
     * @param dz margin along z, m
     * @return {@code box}, grown
     */
    protected static double[] grow(double[] box, double dx, double dy, double dz) {
        if (box != null) {
            box[0] -= dx;
            box[1] -= dy;
            box[2] -= dz;
            box[3] += dx;
            box[4] += dy;
            box[5] += dz;
        }
        return box;
    }

    /**
     * Moves the camera each frame (a scene that travels, like the flight simulator, follows its
     * subject); the default leaves it where the user put it.
     */
    @Override
    public void updateCamera(Camera camera) {
    }

    /** Adds what is drawn but not simulated (a water surface) to a frame's draw list. */
    @Override
    public void decorate(dev.tumble.render.scene.DrawList list) {
    }

    /**
     * Adds a static ground half-space, top face at y = 0, with friction {@code mu}.
     *
     * @param mu the friction coefficient
     * @return the ground body
     */
    protected RigidBody ground(double mu) {
        return add("ground", RigidBody.fixed(new dev.tumble.core.collision.shape.HalfSpace(0, 1, 0, 0)).friction(mu).restitution(0));
    }

    // ------------------------------------------------------------------ building

    /**
     * Adds {@code body} to the world under {@code id}.
     *
     * @param id the body's id in scene files
     * @param body the body
     * @return {@code body}
     */
    protected RigidBody add(String id, RigidBody body) {
        if (byId.containsKey(id)) {
            throw new IllegalArgumentException("duplicate body id '" + id + "'");
        }
        world.addBody(body);
        name(id, body);
        return body;
    }

    /**
     * Adds {@code body} with the id {@code body<index>}.
     *
     * @param body the body
     * @return {@code body}
     */
    protected RigidBody add(RigidBody body) {
        world.addBody(body);
        name(defaultId(body), body);
        return body;
    }

    /**
     * Removes a body (and its id) from the scene.
     *
     * @param body a body of this scene
     */
    protected void remove(RigidBody body) {
        world.removeBody(body);
        String id = idOf.remove(body);
        if (id != null) {
            byId.remove(id);
        }
    }

    private void name(String id, RigidBody body) {
        byId.put(id, body);
        idOf.put(body, id);
    }

    private String defaultId(RigidBody b) {
        String id = "body" + b.worldIndex();
        int k = 0;
        while (byId.containsKey(id)) {
            id = "body" + b.worldIndex() + "_" + (++k);
        }
        return id;
    }

    /**
     * A convex hull of {@code points} (m) whose points are kept for scene files.
     *
     * @param points the points, m
     * @return the hull
     */
    protected ConvexHull hull(Vector3dc... points) {
        ConvexHull h = new ConvexHull(points);
        List<Vector3d> copy = new ArrayList<>();
        for (Vector3dc p : points) {
            copy.add(new Vector3d(p));
        }
        hullPoints.put(h, copy);
        return h;
    }

    /**
     * Makes the joint from its spec, adds it to the world and keeps the spec.
     *
     * @param spec the joint's spec
     * @return the joint
     */
    protected Joint joint(JointSpec spec) {
        Joint j = world.addJoint(spec.create(this::body));
        jointSpecs.add(spec);
        return j;
    }

    /**
     * Makes the force generator from its spec, registers it and keeps the spec.
     *
     * @param spec the generator's spec
     * @return the generator
     */
    protected ForceGenerator force(ForceSpec spec) {
        ForceGenerator g = spec.create(this::body, world.forces());
        forceSpecs.add(spec);
        return g;
    }

    // ------------------------------------------------------------------ reading

    /**
     * The body with id {@code id}.
     *
     * @param id the id (an unknown id throws IllegalArgumentException)
     * @return the body
     */
    public RigidBody body(String id) {
        RigidBody b = byId.get(id);
        if (b == null) {
            throw new IllegalArgumentException("no body with id '" + id + "'");
        }
        return b;
    }

    /**
     * The id of {@code body}, or null when it is not in this scene.
     *
     * @param body the body
     * @return the id, or null
     */
    public String id(RigidBody body) {
        return idOf.get(body);
    }

    /**
     * Ids and bodies, in the order they were added.
     *
     * @return a read-only view of the ids and bodies
     */
    public Map<String, RigidBody> bodies() {
        return Collections.unmodifiableMap(byId);
    }

    /**
     * The points a hull was made from, or null when the scene did not make it.
     *
     * @param hull the hull
     * @return the points, or null
     */
    public List<Vector3d> hullPoints(ConvexHull hull) {
        return hullPoints.get(hull);
    }

    /**
     * The specs of the joints made so far.
     *
     * @return the specs
     */
    public List<JointSpec> jointSpecs() {
        return Collections.unmodifiableList(jointSpecs);
    }

    /**
     * The specs of the force generators made so far.
     *
     * @return the specs
     */
    public List<ForceSpec> forceSpecs() {
        return Collections.unmodifiableList(forceSpecs);
    }
}
