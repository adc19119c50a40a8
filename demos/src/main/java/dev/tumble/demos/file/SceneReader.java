package dev.tumble.demos.file;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Plane;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.world.SequentialImpulseSettings;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.demos.scene.ForceSpec;
import dev.tumble.demos.scene.JointSpec;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.demos.scene.Vec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Reads a scene file ({@code docs/scene-format.md}) into a {@link FileScene}. Every problem
 * comes out as a {@link SceneFileException} naming the file, the JSON path and what is wrong;
 * the engine's own validation messages are passed on under the path of the element that
 * failed.
 */
public final class SceneReader {
    // Bounds on every number a file gives, far beyond what a game needs and well inside what the
    // engine's arithmetic survives (products of them must not overflow a double).

    /** Largest magnitude of a coordinate (positions, anchors, points, offsets), m. */
    public static final double MAX_COORDINATE = 1e6;
    /** Smallest size (radius, half-extent, half-height), m. */
    public static final double MIN_SIZE = 1e-3;
    /** Largest size (radius, half-extent, half-height, lengths, distances), m. */
    public static final double MAX_SIZE = 1e6;
    /** Smallest mass of a dynamic body, however given, kg. */
    public static final double MIN_MASS = 1e-6;
    /** Largest mass of a dynamic body, however given, kg. */
    public static final double MAX_MASS = 1e9;
    /** Smallest density (bodies and liquids), kg/m³. */
    public static final double MIN_DENSITY = 1e-3;
    /** Largest density (bodies and liquids), kg/m³. */
    public static final double MAX_DENSITY = 1e6;
    /** Largest magnitude of an inverse inertia tensor entry, 1/(kg·m²). */
    public static final double MAX_INVERSE_INERTIA = 1e12;
    /** Largest magnitude of a velocity or wind component, and of the speed limit, m/s. */
    public static final double MAX_SPEED = 1e5;
    /** Largest magnitude of an angular velocity component, and of the angular speed limit, rad/s. */
    public static final double MAX_ANGULAR_SPEED = 1e5;
    /** Largest magnitude of a gravity or acceleration component, m/s². */
    public static final double MAX_ACCELERATION = 1e4;
    /** Step bounds, s. */
    public static final double MIN_DT = 1e-6, MAX_DT = 1;
    /** A step above this many seconds is accepted with a warning (contacts get coarse). */
    public static final double WARN_DT = 0.1;
    /** Largest friction coefficient. */
    public static final double MAX_FRICTION = 100;
    /** A friction coefficient above this is accepted with a warning (few real materials grip so). */
    public static final double WARN_FRICTION = 2;
    /** Largest spring stiffness, N/m. */
    public static final double MAX_STIFFNESS = 1e12;
    /** Largest explosion force, N. */
    public static final double MAX_FORCE = 1e12;
    /** Largest magnitude of an aerodynamic tensor entry, kg/s. */
    public static final double MAX_AERO = 1e6;
    /** Largest buoyant volume, m³. */
    public static final double MAX_VOLUME = 1e9;
    /** Largest explosion duration, s. */
    public static final double MAX_DURATION = 1e6;

    static final ObjectMapper MAPPER = new ObjectMapper();

    private SceneReader() {
    }

    /**
     * Reads {@code file} under the {@link SceneLimits#DEFAULTS default limits}.
     *
     * @param file the scene file
     * @return the scene
     * @throws dev.tumble.demos.file.SceneFileException when the file cannot be read or is not a
     *     valid scene
     */
    public static FileScene read(Path file) throws SceneFileException {
        return read(file, SceneLimits.DEFAULTS);
    }

    /**
     * Reads {@code file}, refusing it if it is larger than {@code limits} allow.
     *
     * @param file the scene file
     * @param limits the largest scene accepted
     * @return the scene
     * @throws dev.tumble.demos.file.SceneFileException when the file cannot be read, is not a valid
     *     scene or is too large
     */
    public static FileScene read(Path file, SceneLimits limits) throws SceneFileException {
        return read(file, limits, UnaryOperator.identity());
    }

    /**
     * Reads {@code file} as {@link #read(Path, SceneLimits)} does, with {@code adjust} applied to
     * the file's world settings before its world is made (the viewer's settings panel).
     *
     * @param file the scene file
     * @param limits the largest scene accepted
     * @param adjust applied to the settings the file gives
     * @return the scene
     * @throws dev.tumble.demos.file.SceneFileException when the file cannot be read, is not a valid
     *     scene or is too large
     */
    public static FileScene read(Path file, SceneLimits limits, UnaryOperator<WorldSettings> adjust) throws SceneFileException {
        String name = file.toString();
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new SceneFileException(name, "$", "no such file");
        } catch (IOException e) {
            throw new SceneFileException(name, "$", "cannot read: " + e.getMessage());
        }
        return read(name, text, limits, adjust);
    }

    /**
     * Reads a scene from {@code text} under the default limits; {@code name} names it in errors.
     *
     * @param name names the text in errors
     * @param text the JSON text
     * @return the scene
     * @throws dev.tumble.demos.file.SceneFileException when the text is not a valid scene
     */
    public static FileScene read(String name, String text) throws SceneFileException {
        return read(name, text, SceneLimits.DEFAULTS);
    }

    /**
     * Reads a scene from {@code text}; {@code name} names it in errors. A leading UTF-8 byte-order
     * mark is skipped; a key given twice in one object, data after the top-level value and arrays
     * over {@code limits} are refused before anything is built. Suspicious but legal values are
     * listed in {@link FileScene#warnings()}.
     *
     * @param name names the text in errors
     * @param text the JSON text
     * @param limits the largest scene accepted
     * @return the scene
     * @throws dev.tumble.demos.file.SceneFileException when the text is not a valid scene or is too
     *     large
     */
    public static FileScene read(String name, String text, SceneLimits limits) throws SceneFileException {
        return read(name, text, limits, UnaryOperator.identity());
    }

    private static FileScene read(String name, String text, SceneLimits limits, UnaryOperator<WorldSettings> adjust)
            throws SceneFileException {
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        StrictJson.check(MAPPER.getFactory(), name, text, limits);
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw StrictJson.invalid(name, e);
        }
        if (root == null || root.isMissingNode()) {
            throw new SceneFileException(name, "$", "empty file");
        }
        JsonCursor doc = new JsonCursor(name, "$", root);
        doc.only(Set.of("format", "description", "settings", "bodies", "joints", "forces"));
        doc.optText("description");
        if (doc.has("format") && !doc.text("format").equals(SceneWriter.FORMAT)) {
            throw doc.get("format").fail("unknown format '" + JsonCursor.quote(doc.text("format")) + "' (expected " + SceneWriter.FORMAT + ")");
        }
        JsonCursor settingsJson = doc.has("settings") ? doc.get("settings") : doc.child("$.settings",
                MAPPER.createObjectNode());
        double[] dt = {dev.tumble.demos.scene.Scene.DT};
        WorldSettings settings = settings(settingsJson, dt);
        FileScene scene = new FileScene(name, settings, dt[0], adjust);
        for (JsonCursor b : doc.array("bodies")) {
            try {
                body(scene, b);
            } catch (RuntimeException e) {
                throw b.fail(refused(e));
            }
        }
        for (JsonCursor j : doc.optArray("joints")) {
            JointSpec spec = JointsAndForces.joint(scene, j);
            try {
                scene.addJoint(spec);
            } catch (RuntimeException e) {
                throw j.fail(refused(e));
            }
        }
        for (JsonCursor f : doc.optArray("forces")) {
            ForceSpec spec = JointsAndForces.force(scene, f);
            try {
                scene.addForce(spec);
            } catch (RuntimeException e) {
                throw f.fail(refused(e));
            }
        }
        scene.setWarnings(doc.warnings);
        return scene;
    }

    /**
     * The engine's own refusal of a value the reader's checks let through, as one line: its
     * validation message, or for anything else the exception's name too (a gap in the checks).
     */
    static String refused(RuntimeException e) {
        String m = JsonCursor.quote(String.valueOf(e.getMessage()), 400);
        return e instanceof IllegalArgumentException || e instanceof IllegalStateException ? m
                : "refused by the engine: " + e.getClass().getSimpleName() + ": " + m;
    }

    private static WorldSettings settings(JsonCursor s, double[] dt) throws SceneFileException {
        s.only(Set.of("gravity", "dt", "solver", "sleep", "sleepEpsilon", "frictionMix", "iterationsPerContact",
                "aabbMargin", "maxLinearSpeed", "maxAngularSpeed", "maxRotationPerStep", "continuousCollision", "threads",
                "manifoldReuseDistance", "sequentialImpulse", "millington"));
        WorldSettings d = WorldSettings.DEFAULTS;
        // A fresh builder, not DEFAULTS.toBuilder(): that one holds the SI default's manifold reuse
        // as chosen, and a Millington scene would have kept it (its default is off).
        WorldSettings.Builder b = WorldSettings.builder();
        double[] g = s.vec3("gravity", MAX_ACCELERATION, "m/s²", new double[] {d.gravityX(), d.gravityY(), d.gravityZ()});
        b.gravity(g[0], g[1], g[2]);
        if (s.has("dt")) {
            dt[0] = s.number("dt", MIN_DT, MAX_DT, "s");
            if (dt[0] > WARN_DT) {
                s.get("dt").warn("a step of " + dt[0] + " s is long: contacts and joints get coarse (1/60 s is usual)");
            }
        }
        if (s.has("solver")) {
            try {
                b.solver(SceneOptions.parseSolver(s.text("solver")));
            } catch (IllegalArgumentException e) {
                throw s.get("solver").fail(e.getMessage());
            }
        }
        b.sleepEnabled(s.bool("sleep", d.sleepEnabled()));
        b.sleepEpsilon(s.number("sleepEpsilon", d.sleepEpsilon()));
        if (s.has("frictionMix")) {
            String m = s.text("frictionMix");
            try {
                b.frictionMix(WorldSettings.FrictionMix.valueOf(m.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw s.get("frictionMix").fail("unknown friction mix '" + JsonCursor.quote(m)
                        + "' (expected geometric_mean, min, max, average or multiply)");
            }
        }
        b.iterationsPerContact(s.integer("iterationsPerContact", d.iterationsPerContact()));
        b.aabbMargin(s.number("aabbMargin", 0, MAX_SIZE, "m", d.aabbMargin()));
        b.maxLinearSpeed(s.number("maxLinearSpeed", 0, MAX_SPEED, "m/s", d.maxLinearSpeed()));
        b.maxAngularSpeed(s.number("maxAngularSpeed", 0, MAX_ANGULAR_SPEED, "rad/s", d.maxAngularSpeed()));
        b.maxRotationPerStep(s.number("maxRotationPerStep", d.maxRotationPerStep()));
        b.continuousCollision(s.bool("continuousCollision", d.continuousCollision()));
        b.threads(s.integer("threads", d.threads()));
        if (s.has("manifoldReuseDistance")) {
            b.manifoldReuseDistance(s.number("manifoldReuseDistance", 0, MAX_SIZE, "m"));
        }
        if (s.has("sequentialImpulse")) {
            b.sequentialImpulse(RecordJson.read(s.get("sequentialImpulse"), SequentialImpulseSettings.DEFAULTS));
        }
        if (s.has("millington")) {
            b.resolver(RecordJson.read(s.get("millington"), WorldSettings.DEFAULT_RESOLVER));
        }
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            throw s.fail(e.getMessage());
        }
    }

    private static final Set<String> BODY_FIELDS = Set.of("id", "type", "mass", "density", "inverseMass",
            "inverseInertia", "shapes", "position", "orientation", "velocity", "angularVelocity", "acceleration",
            "damping", "friction", "restitution", "canSleep", "awake", "sleepEpsilon", "continuousCollision");

    private static void body(FileScene scene, JsonCursor j) throws SceneFileException {
        j.only(BODY_FIELDS);
        String id = j.text("id");
        if (scene.hasBody(id)) {
            throw j.get("id").fail("duplicate body id '" + JsonCursor.quote(id) + "'");
        }
        String type = j.has("type") ? j.text("type") : "dynamic";
        RigidBody b = switch (type) {
            case "dynamic" -> RigidBody.dynamic();
            case "static" -> RigidBody.fixed();
            case "kinematic" -> RigidBody.kinematic();
            default -> throw j.get("type").fail("unknown body type '" + JsonCursor.quote(type) + "' (expected static, kinematic or dynamic)");
        };
        List<JsonCursor> shapes = j.optArray("shapes");
        for (JsonCursor s : shapes) {
            Shape shape = shape(s);
            if (type.equals("dynamic") && shape.type().isUnbounded()) {
                throw s.get("type").fail("a dynamic body cannot have an unbounded shape '" + s.text("type")
                        + "' (it has no mass or inertia): make the body static or kinematic");
            }
            if (type.equals("dynamic") && shape.type().isTriangleGeometry()) {
                throw s.get("type").fail("a dynamic body cannot have a '" + s.text("type")
                        + "' shape (a surface has no mass or inertia): make the body static or kinematic");
            }
            b.addShape(shape);
        }
        try {
            double[] p = j.vec3("position", MAX_COORDINATE, "m", new double[3]);
            b.position(p[0], p[1], p[2]);
            if (j.has("orientation")) {
                double[] q = j.quat("orientation");
                b.orientation(q[0], q[1], q[2], q[3]);
            }
        } catch (IllegalArgumentException e) {
            throw j.fail(e.getMessage());
        }
        mass(b, j, type, shapes.size());
        try {
            double[] v = j.vec3("velocity", MAX_SPEED, "m/s", new double[3]);
            b.velocity(v[0], v[1], v[2]);
            double[] w = j.vec3("angularVelocity", MAX_ANGULAR_SPEED, "rad/s", new double[3]);
            b.angularVelocity(w[0], w[1], w[2]);
            double[] a = j.vec3("acceleration", MAX_ACCELERATION, "m/s²", new double[3]);
            b.acceleration(a[0], a[1], a[2]);
            if (j.has("damping")) {
                double[] d = j.get("damping").numbers(2);
                b.damping(d[0], d[1]);
            }
            double mu = j.number("friction", 0, MAX_FRICTION, "", RigidBody.DEFAULT_FRICTION);
            if (mu > WARN_FRICTION) {
                j.get("friction").warn("friction " + mu + " is above " + WARN_FRICTION + " (rubber on concrete is about 1)");
            }
            b.friction(mu);
            b.restitution(j.number("restitution", RigidBody.DEFAULT_RESTITUTION));
            b.canSleep(j.bool("canSleep", true));
            b.continuousCollision(j.bool("continuousCollision", true));
            if (j.has("sleepEpsilon")) {
                b.sleepEpsilon(j.number("sleepEpsilon"));
            }
        } catch (IllegalArgumentException e) {
            throw j.fail(e.getMessage());
        }
        scene.addBody(id, b);
        if (!j.bool("awake", true)) {
            b.setAwake(false);
        }
    }

    private static void mass(RigidBody b, JsonCursor j, String type, int shapeCount) throws SceneFileException {
        int given = (j.has("mass") ? 1 : 0) + (j.has("density") ? 1 : 0) + (j.has("inverseMass") ? 1 : 0);
        if (!type.equals("dynamic")) {
            for (String k : List.of("mass", "density", "inverseMass", "inverseInertia")) {
                if (j.has(k)) {
                    throw j.get(k).fail("a " + type + " body has no mass: leave out '" + k + "'");
                }
            }
            return;
        }
        if (given > 1) {
            throw j.fail("give one of mass, density and inverseMass, not " + given);
        }
        if (given == 0 && shapeCount == 0) {
            throw new SceneFileException(j.file, j.path + ".mass", "missing field 'mass': a dynamic body without shapes needs a mass");
        }
        if (j.has("density")) {
            double rho = j.number("density");
            if (!(rho > 0)) {
                throw j.get("density").fail("density must be > 0 kg/m³, was " + rho);
            }
            j.number("density", MIN_DENSITY, MAX_DENSITY, "kg/m³");
            try {
                b.density(rho);
            } catch (IllegalArgumentException e) {
                throw j.get("density").fail(e.getMessage());
            }
        } else if (j.has("mass")) {
            double m = j.number("mass");
            if (!(m > 0)) {
                throw j.get("mass").fail("mass must be > 0 kg, was " + m);
            }
            j.number("mass", MIN_MASS, MAX_MASS, "kg");
            if (shapeCount > 0 && !j.has("inverseInertia")) {
                // Inertia from the shapes, scaled to the mass.
                try {
                    b.density(RigidBody.DEFAULT_DENSITY);
                } catch (IllegalArgumentException e) {
                    throw j.get("shapes").fail(e.getMessage());
                }
            }
            b.mass(m);
        } else if (j.has("inverseMass")) {
            double im = j.number("inverseMass");
            if (!(im >= 0)) {
                throw j.get("inverseMass").fail("inverseMass must be >= 0 1/kg, was " + im);
            }
            if (im != 0 && (im < 1 / MAX_MASS || im > 1 / MIN_MASS)) {
                throw j.get("inverseMass").fail("inverseMass must be 0 or in [" + 1 / MAX_MASS + ", " + 1 / MIN_MASS
                        + "] 1/kg, was " + im);
            }
            b.inverseMass(im);
        } else {
            b.density(RigidBody.DEFAULT_DENSITY);
        }
        // Shapes and density can give a mass no given value would be allowed.
        double m = b.mass();
        if (b.inverseMass() != 0 && !(m >= MIN_MASS && m <= MAX_MASS)) {
            throw j.fail("the body's mass from its shapes is " + m + " kg, outside [" + MIN_MASS + ", " + MAX_MASS + "] kg");
        }
        if (j.has("inverseInertia")) {
            JsonCursor c = j.get("inverseInertia");
            try {
                b.inverseInertiaTensor(Vec.m(c.numbers(9, MAX_INVERSE_INERTIA, "1/(kg·m²)")));
            } catch (IllegalArgumentException e) {
                throw c.fail(e.getMessage());
            }
        }
    }

    private static Shape shape(JsonCursor s) throws SceneFileException {
        String type = s.text("type");
        Set<String> offset = Set.of("type", "position", "orientation");
        Shape shape;
        try {
            shape = switch (type) {
                case "sphere" -> {
                    s.only(with(offset, "radius"));
                    yield new Sphere(positive(s, "radius"));
                }
                case "box" -> {
                    s.only(with(offset, "halfExtents"));
                    double[] h = s.vec3("halfExtents", MAX_SIZE, "m");
                    for (int i = 0; i < 3; i++) {
                        if (!(h[i] > 0)) {
                            throw s.get("halfExtents").fail("half-extents must be > 0 m, was " + java.util.Arrays.toString(h));
                        }
                        s.get("halfExtents").array().get(i).inRange(MIN_SIZE, MAX_SIZE, "m");
                    }
                    yield new Box(h[0], h[1], h[2]);
                }
                case "capsule" -> {
                    s.only(with(offset, "radius", "halfHeight"));
                    yield new Capsule(positive(s, "radius"), positive(s, "halfHeight"));
                }
                case "cylinder" -> {
                    s.only(with(offset, "radius", "halfHeight"));
                    yield new Cylinder(positive(s, "radius"), positive(s, "halfHeight"));
                }
                case "hull" -> {
                    s.only(with(offset, "points"));
                    List<JsonCursor> ps = s.array("points");
                    Vector3d[] points = new Vector3d[ps.size()];
                    for (int i = 0; i < points.length; i++) {
                        points[i] = Vec.v(ps.get(i).numbers(3, MAX_COORDINATE, "m"));
                    }
                    try {
                        yield new ConvexHull(points);
                    } catch (IllegalArgumentException e) {
                        throw s.get("points").fail(e.getMessage());
                    }
                }
                case "plane", "halfspace" -> {
                    s.only(with(offset, "normal", "offset"));
                    double[] n = s.vec3("normal", MAX_COORDINATE, "");
                    double d = s.number("offset", -MAX_COORDINATE, MAX_COORDINATE, "m");
                    try {
                        yield type.equals("plane") ? new Plane(n[0], n[1], n[2], d) : new HalfSpace(n[0], n[1], n[2], d);
                    } catch (IllegalArgumentException e) {
                        throw s.get("normal").fail(e.getMessage());
                    }
                }
                case "mesh" -> {
                    s.only(with(offset, "vertices", "triangles"));
                    yield TriangleShapesJson.mesh(s);
                }
                case "heightfield" -> {
                    s.only(with(offset, "heights", "spacing"));
                    yield TriangleShapesJson.heightField(s);
                }
                default -> throw s.get("type").fail("unknown shape type '" + JsonCursor.quote(type)
                        + "' (expected sphere, box, capsule, cylinder, hull, plane, halfspace, mesh or heightfield)");
            };
        } catch (IllegalArgumentException e) {
            throw s.fail(e.getMessage());
        }
        if (s.has("position") || s.has("orientation")) {
            double[] p = s.vec3("position", MAX_COORDINATE, "m", new double[3]);
            double[] q = s.has("orientation") ? s.quat("orientation") : new double[] {1, 0, 0, 0};
            shape.offset(Vec.v(p), new Quaterniond(q[1], q[2], q[3], q[0]));
        }
        return shape;
    }

    private static double positive(JsonCursor s, String key) throws SceneFileException {
        double v = s.number(key);
        if (!(v > 0)) {
            throw s.get(key).fail(key + " must be > 0 m, was " + v);
        }
        return s.number(key, MIN_SIZE, MAX_SIZE, "m");
    }

    private static Set<String> with(Set<String> base, String... more) {
        Set<String> s = new java.util.HashSet<>(base);
        s.addAll(List.of(more));
        return s;
    }
}
