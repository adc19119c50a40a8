package dev.tumble.demos.file;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Plane;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.joint.DistanceJoint;
import dev.tumble.core.resolve.ResolverSettings;
import dev.tumble.core.resolve.SequentialImpulseSettings;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.demos.scene.ForceSpec;
import dev.tumble.demos.scene.JointSpec;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.demos.scene.Vec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Reads a scene file ({@code docs/scene-format.md}) into a {@link FileScene}. Every problem
 * comes out as a {@link SceneFileException} naming the file, the JSON path and what is wrong;
 * the engine's own validation messages are passed on under the path of the element that
 * failed.
 */
public final class SceneReader {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SceneReader() {
    }

    /** Reads {@code file}. */
    public static FileScene read(Path file) throws SceneFileException {
        String name = file.toString();
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new SceneFileException(name, "$", "no such file");
        } catch (IOException e) {
            throw new SceneFileException(name, "$", "cannot read: " + e.getMessage());
        }
        return read(name, text);
    }

    /** Reads a scene from {@code text}; {@code name} names it in errors. */
    public static FileScene read(String name, String text) throws SceneFileException {
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            throw new SceneFileException(name, "$", "not valid JSON: " + e.getOriginalMessage()
                    + (loc == null ? "" : " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")"));
        }
        if (root == null || root.isMissingNode()) {
            throw new SceneFileException(name, "$", "empty file");
        }
        JsonCursor doc = new JsonCursor(name, "$", root);
        doc.only(Set.of("format", "description", "settings", "bodies", "joints", "forces"));
        doc.optText("description");
        if (doc.has("format") && !doc.text("format").equals(SceneWriter.FORMAT)) {
            throw doc.get("format").fail("unknown format '" + doc.text("format") + "' (expected " + SceneWriter.FORMAT + ")");
        }
        JsonCursor settingsJson = doc.has("settings") ? doc.get("settings") : new JsonCursor(name, "$.settings",
                MAPPER.createObjectNode());
        double[] dt = {dev.tumble.demos.scene.Scene.DT};
        WorldSettings settings = settings(settingsJson, dt);
        FileScene scene = new FileScene(name, settings, dt[0]);
        for (JsonCursor b : doc.array("bodies")) {
            body(scene, b);
        }
        for (JsonCursor j : doc.optArray("joints")) {
            JointSpec spec = joint(scene, j);
            try {
                scene.addJoint(spec);
            } catch (IllegalArgumentException e) {
                throw j.fail(e.getMessage());
            }
        }
        for (JsonCursor f : doc.optArray("forces")) {
            ForceSpec spec = force(scene, f);
            try {
                scene.addForce(spec);
            } catch (IllegalArgumentException e) {
                throw f.fail(e.getMessage());
            }
        }
        return scene;
    }

    private static WorldSettings settings(JsonCursor s, double[] dt) throws SceneFileException {
        s.only(Set.of("gravity", "dt", "solver", "sleep", "sleepEpsilon", "frictionMix", "iterationsPerContact",
                "aabbMargin", "maxLinearSpeed", "maxAngularSpeed", "maxRotationPerStep", "continuousCollision", "threads",
                "manifoldReuseDistance", "sequentialImpulse", "millington"));
        WorldSettings d = WorldSettings.DEFAULTS;
        // A fresh builder, not DEFAULTS.toBuilder(): that one holds the SI default's manifold reuse
        // as chosen, and a Millington scene would have kept it (its default is off).
        WorldSettings.Builder b = WorldSettings.builder();
        double[] g = s.vec3("gravity", new double[] {d.gravityX(), d.gravityY(), d.gravityZ()});
        b.gravity(g[0], g[1], g[2]);
        if (s.has("dt")) {
            dt[0] = s.number("dt");
            if (!(dt[0] > 0)) {
                throw s.get("dt").fail("dt must be > 0 s, was " + dt[0]);
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
                throw s.get("frictionMix").fail("unknown friction mix '" + m
                        + "' (expected geometric_mean, min, max, average or multiply)");
            }
        }
        b.iterationsPerContact(s.integer("iterationsPerContact", d.iterationsPerContact()));
        b.aabbMargin(s.number("aabbMargin", d.aabbMargin()));
        b.maxLinearSpeed(s.number("maxLinearSpeed", d.maxLinearSpeed()));
        b.maxAngularSpeed(s.number("maxAngularSpeed", d.maxAngularSpeed()));
        b.maxRotationPerStep(s.number("maxRotationPerStep", d.maxRotationPerStep()));
        b.continuousCollision(s.bool("continuousCollision", d.continuousCollision()));
        b.threads(s.integer("threads", d.threads()));
        if (s.has("manifoldReuseDistance")) {
            b.manifoldReuseDistance(s.number("manifoldReuseDistance"));
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
            throw j.get("id").fail("duplicate body id '" + id + "'");
        }
        String type = j.has("type") ? j.text("type") : "dynamic";
        RigidBody b = switch (type) {
            case "dynamic" -> RigidBody.dynamic();
            case "static" -> RigidBody.fixed();
            case "kinematic" -> RigidBody.kinematic();
            default -> throw j.get("type").fail("unknown body type '" + type + "' (expected static, kinematic or dynamic)");
        };
        List<JsonCursor> shapes = j.optArray("shapes");
        for (JsonCursor s : shapes) {
            b.addShape(shape(s));
        }
        try {
            double[] p = j.vec3("position", new double[3]);
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
            double[] v = j.vec3("velocity", new double[3]);
            b.velocity(v[0], v[1], v[2]);
            double[] w = j.vec3("angularVelocity", new double[3]);
            b.angularVelocity(w[0], w[1], w[2]);
            double[] a = j.vec3("acceleration", new double[3]);
            b.acceleration(a[0], a[1], a[2]);
            if (j.has("damping")) {
                double[] d = j.get("damping").numbers(2);
                b.damping(d[0], d[1]);
            }
            b.friction(j.number("friction", RigidBody.DEFAULT_FRICTION));
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
            b.inverseMass(im);
        } else {
            b.density(RigidBody.DEFAULT_DENSITY);
        }
        if (j.has("inverseInertia")) {
            JsonCursor c = j.get("inverseInertia");
            try {
                b.inverseInertiaTensor(Vec.m(c.numbers(9)));
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
                    double[] h = s.vec3("halfExtents");
                    for (int i = 0; i < 3; i++) {
                        if (!(h[i] > 0)) {
                            throw s.get("halfExtents").fail("half-extents must be > 0 m, was " + java.util.Arrays.toString(h));
                        }
                    }
                    yield new Box(h[0], h[1], h[2]);
                }
                case "capsule" -> {
                    s.only(with(offset, "radius", "halfHeight"));
                    yield new Capsule(positive(s, "radius"), positive(s, "halfHeight"));
                }
                case "hull" -> {
                    s.only(with(offset, "points"));
                    List<JsonCursor> ps = s.array("points");
                    Vector3d[] points = new Vector3d[ps.size()];
                    for (int i = 0; i < points.length; i++) {
                        points[i] = Vec.v(ps.get(i).numbers(3));
                    }
                    try {
                        yield new ConvexHull(points);
                    } catch (IllegalArgumentException e) {
                        throw s.get("points").fail(e.getMessage());
                    }
                }
                case "plane", "halfspace" -> {
                    s.only(with(offset, "normal", "offset"));
                    double[] n = s.vec3("normal");
                    double d = s.number("offset");
                    try {
                        yield type.equals("plane") ? new Plane(n[0], n[1], n[2], d) : new HalfSpace(n[0], n[1], n[2], d);
                    } catch (IllegalArgumentException e) {
                        throw s.get("normal").fail(e.getMessage());
                    }
                }
                default -> throw s.get("type").fail("unknown shape type '" + type
                        + "' (expected sphere, box, capsule, hull, plane or halfspace)");
            };
        } catch (IllegalArgumentException e) {
            throw s.fail(e.getMessage());
        }
        if (s.has("position") || s.has("orientation")) {
            double[] p = s.vec3("position", new double[3]);
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
        return v;
    }

    private static Set<String> with(Set<String> base, String... more) {
        Set<String> s = new java.util.HashSet<>(base);
        s.addAll(List.of(more));
        return s;
    }

    private static String bodyRef(FileScene scene, JsonCursor j, String key, boolean optional) throws SceneFileException {
        if (optional && !j.has(key)) {
            return null;
        }
        String id = j.text(key);
        if (!scene.hasBody(id)) {
            throw j.get(key).fail("no body with id '" + id + "'");
        }
        return id;
    }

    private static JointSpec joint(FileScene scene, JsonCursor j) throws SceneFileException {
        String type = j.text("type");
        boolean collide = j.bool("collideConnected", false);
        switch (type) {
            case "ball" -> {
                j.only(Set.of("type", "body0", "body1", "anchor", "collideConnected"));
                return new JointSpec.Ball(bodyRef(scene, j, "body0", false), bodyRef(scene, j, "body1", true),
                        j.vec3("anchor"), collide);
            }
            case "hinge" -> {
                j.only(Set.of("type", "body0", "body1", "anchor", "axis", "limits", "collideConnected"));
                Double lo = null, hi = null;
                if (j.has("limits")) {
                    double[] l = j.get("limits").numbers(2);
                    if (l[0] > l[1]) {
                        throw j.get("limits").fail("lower limit " + l[0] + " is above the upper " + l[1]);
                    }
                    lo = l[0];
                    hi = l[1];
                }
                return new JointSpec.Hinge(bodyRef(scene, j, "body0", false), bodyRef(scene, j, "body1", true),
                        j.vec3("anchor"), j.vec3("axis"), lo, hi, collide);
            }
            case "rod", "cable" -> {
                j.only(Set.of("type", "body0", "body1", "anchor0", "anchor1", "length", "collideConnected"));
                double len = j.number("length");
                if (!(len > 0)) {
                    throw j.get("length").fail("length must be > 0 m, was " + len);
                }
                return new JointSpec.Distance(type.equals("rod") ? DistanceJoint.Kind.ROD : DistanceJoint.Kind.CABLE,
                        bodyRef(scene, j, "body0", false), j.vec3("anchor0"), bodyRef(scene, j, "body1", true),
                        j.vec3("anchor1"), len, collide);
            }
            case "millington" -> {
                j.only(Set.of("type", "body0", "body1", "position0", "position1", "error", "collideConnected"));
                return new JointSpec.Millington(bodyRef(scene, j, "body0", false), j.vec3("position0"),
                        bodyRef(scene, j, "body1", true), j.vec3("position1"), j.number("error", 0), collide);
            }
            default -> throw j.get("type").fail("unknown joint type '" + type
                    + "' (expected ball, hinge, rod, cable or millington)");
        }
    }

    private static ForceSpec force(FileScene scene, JsonCursor f) throws SceneFileException {
        String type = f.text("type");
        switch (type) {
            case "gravity" -> {
                f.only(Set.of("type", "bodies", "g"));
                return new ForceSpec.GravitySpec(bodyList(scene, f), f.vec3("g"));
            }
            case "spring" -> {
                f.only(Set.of("type", "bodyA", "pointA", "bodyB", "pointB", "k", "restLength"));
                return new ForceSpec.SpringSpec(bodyRef(scene, f, "bodyA", false), f.vec3("pointA"),
                        bodyRef(scene, f, "bodyB", false), f.vec3("pointB"), f.number("k"), f.number("restLength"));
            }
            case "anchoredSpring" -> {
                f.only(Set.of("type", "body", "point", "anchor", "k", "restLength"));
                return new ForceSpec.AnchoredSpringSpec(bodyRef(scene, f, "body", false), f.vec3("point"),
                        f.vec3("anchor"), f.number("k"), f.number("restLength"));
            }
            case "aero" -> {
                f.only(Set.of("type", "body", "tensor", "point", "wind"));
                return new ForceSpec.AeroSpec(bodyRef(scene, f, "body", false), f.get("tensor").numbers(9),
                        f.vec3("point"), f.vec3("wind", new double[3]));
            }
            case "aeroControl" -> {
                f.only(Set.of("type", "body", "base", "min", "max", "point", "wind", "control"));
                double c = f.number("control", 0);
                if (c < -1 || c > 1) {
                    throw f.get("control").fail("control must be in [-1, 1], was " + c);
                }
                return new ForceSpec.AeroControlSpec(bodyRef(scene, f, "body", false), f.get("base").numbers(9),
                        f.get("min").numbers(9), f.get("max").numbers(9), f.vec3("point"), f.vec3("wind", new double[3]), c);
            }
            case "buoyancy" -> {
                f.only(Set.of("type", "body", "centre", "maxDepth", "volume", "waterHeight", "liquidDensity", "gravity"));
                return new ForceSpec.BuoyancySpec(bodyRef(scene, f, "body", false), f.vec3("centre"), f.number("maxDepth"),
                        f.number("volume"), f.number("waterHeight"),
                        f.number("liquidDensity", dev.tumble.core.force.Buoyancy.WATER_DENSITY),
                        f.number("gravity", dev.tumble.core.force.Gravity.STANDARD_GRAVITY));
            }
            case "explosion" -> {
                f.only(Set.of("type", "bodies", "detonation", "implosion", "concussion"));
                double[] imp = null, con = null;
                if (f.has("implosion")) {
                    JsonCursor i = f.get("implosion").only(Set.of("minRadius", "maxRadius", "duration", "force"));
                    imp = new double[] {i.number("minRadius"), i.number("maxRadius"), i.number("duration"), i.number("force")};
                }
                if (f.has("concussion")) {
                    JsonCursor c = f.get("concussion").only(Set.of("speed", "thickness", "peakForce", "duration"));
                    con = new double[] {c.number("speed"), c.number("thickness"), c.number("peakForce"), c.number("duration")};
                }
                return new ForceSpec.ExplosionSpec(bodyList(scene, f), f.vec3("detonation"), imp, con);
            }
            default -> throw f.get("type").fail("unknown force type '" + type
                    + "' (expected gravity, spring, anchoredSpring, aero, aeroControl, buoyancy or explosion)");
        }
    }

    private static List<String> bodyList(FileScene scene, JsonCursor f) throws SceneFileException {
        List<String> ids = new ArrayList<>();
        for (JsonCursor c : f.array("bodies")) {
            String id = c.text();
            if (!scene.hasBody(id)) {
                throw c.fail("no body with id '" + id + "'");
            }
            ids.add(id);
        }
        return List.copyOf(ids);
    }
}
