package dev.tumble.demos.file;

import static dev.tumble.demos.file.SceneReader.MAX_ACCELERATION;
import static dev.tumble.demos.file.SceneReader.MAX_COORDINATE;
import static dev.tumble.demos.file.SceneReader.MAX_DENSITY;
import static dev.tumble.demos.file.SceneReader.MAX_DURATION;
import static dev.tumble.demos.file.SceneReader.MAX_FORCE;
import static dev.tumble.demos.file.SceneReader.MAX_SIZE;
import static dev.tumble.demos.file.SceneReader.MAX_SPEED;
import static dev.tumble.demos.file.SceneReader.MAX_STIFFNESS;
import static dev.tumble.demos.file.SceneReader.MAX_AERO;
import static dev.tumble.demos.file.SceneReader.MAX_VOLUME;
import static dev.tumble.demos.file.SceneReader.MIN_DENSITY;

import dev.tumble.core.force.Buoyancy;
import dev.tumble.core.force.Gravity;
import dev.tumble.core.joint.DistanceJoint;
import dev.tumble.demos.scene.ForceSpec;
import dev.tumble.demos.scene.JointSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The {@code joints} and {@code forces} of a scene file, read for {@link SceneReader}. */
final class JointsAndForces {
    /** Largest magnitude of a hinge limit, rad (any more is meaningless, but harmless). */
    private static final double MAX_ANGLE = 1e3;

    private JointsAndForces() {
    }

    private static String bodyRef(FileScene scene, JsonCursor j, String key, boolean optional) throws SceneFileException {
        if (optional && !j.has(key)) {
            return null;
        }
        String id = j.text(key);
        if (!scene.hasBody(id)) {
            throw j.get(key).fail("no body with id '" + JsonCursor.quote(id) + "'");
        }
        return id;
    }

    static JointSpec joint(FileScene scene, JsonCursor j) throws SceneFileException {
        String type = j.text("type");
        boolean collide = j.bool("collideConnected", false);
        switch (type) {
            case "ball" -> {
                j.only(Set.of("type", "body0", "body1", "anchor", "collideConnected"));
                return new JointSpec.Ball(bodyRef(scene, j, "body0", false), bodyRef(scene, j, "body1", true),
                        j.vec3("anchor", MAX_COORDINATE, "m"), collide);
            }
            case "hinge" -> {
                j.only(Set.of("type", "body0", "body1", "anchor", "axis", "limits", "collideConnected"));
                Double lo = null, hi = null;
                if (j.has("limits")) {
                    double[] l = j.get("limits").numbers(2, MAX_ANGLE, "rad");
                    if (l[0] > l[1]) {
                        throw j.get("limits").fail("lower limit " + l[0] + " is above the upper " + l[1]);
                    }
                    lo = l[0];
                    hi = l[1];
                }
                return new JointSpec.Hinge(bodyRef(scene, j, "body0", false), bodyRef(scene, j, "body1", true),
                        j.vec3("anchor", MAX_COORDINATE, "m"), j.vec3("axis", MAX_COORDINATE, ""), lo, hi, collide);
            }
            case "rod", "cable" -> {
                j.only(Set.of("type", "body0", "body1", "anchor0", "anchor1", "length", "collideConnected"));
                double len = j.number("length");
                if (!(len > 0)) {
                    throw j.get("length").fail("length must be > 0 m, was " + len);
                }
                j.number("length", 0, MAX_SIZE, "m");
                return new JointSpec.Distance(type.equals("rod") ? DistanceJoint.Kind.ROD : DistanceJoint.Kind.CABLE,
                        bodyRef(scene, j, "body0", false), j.vec3("anchor0", MAX_COORDINATE, "m"), bodyRef(scene, j, "body1", true),
                        j.vec3("anchor1", MAX_COORDINATE, "m"), len, collide);
            }
            case "millington" -> {
                j.only(Set.of("type", "body0", "body1", "position0", "position1", "error", "collideConnected"));
                return new JointSpec.Millington(bodyRef(scene, j, "body0", false), j.vec3("position0", MAX_COORDINATE, "m"),
                        bodyRef(scene, j, "body1", true), j.vec3("position1", MAX_COORDINATE, "m"),
                        j.number("error", -MAX_SIZE, MAX_SIZE, "m", 0), collide);
            }
            default -> throw j.get("type").fail("unknown joint type '" + JsonCursor.quote(type)
                    + "' (expected ball, hinge, rod, cable or millington)");
        }
    }

    static ForceSpec force(FileScene scene, JsonCursor f) throws SceneFileException {
        String type = f.text("type");
        switch (type) {
            case "gravity" -> {
                f.only(Set.of("type", "bodies", "g"));
                return new ForceSpec.GravitySpec(bodyList(scene, f), f.vec3("g", MAX_ACCELERATION, "m/s²"));
            }
            case "spring" -> {
                f.only(Set.of("type", "bodyA", "pointA", "bodyB", "pointB", "k", "restLength"));
                return new ForceSpec.SpringSpec(bodyRef(scene, f, "bodyA", false), f.vec3("pointA", MAX_COORDINATE, "m"),
                        bodyRef(scene, f, "bodyB", false), f.vec3("pointB", MAX_COORDINATE, "m"), stiffness(f), restLength(f));
            }
            case "anchoredSpring" -> {
                f.only(Set.of("type", "body", "point", "anchor", "k", "restLength"));
                return new ForceSpec.AnchoredSpringSpec(bodyRef(scene, f, "body", false), f.vec3("point", MAX_COORDINATE, "m"),
                        f.vec3("anchor", MAX_COORDINATE, "m"), stiffness(f), restLength(f));
            }
            case "aero" -> {
                f.only(Set.of("type", "body", "tensor", "point", "wind"));
                return new ForceSpec.AeroSpec(bodyRef(scene, f, "body", false), tensor(f, "tensor"),
                        f.vec3("point", MAX_COORDINATE, "m"), f.vec3("wind", MAX_SPEED, "m/s", new double[3]));
            }
            case "aeroControl" -> {
                f.only(Set.of("type", "body", "base", "min", "max", "point", "wind", "control"));
                double c = f.number("control", 0);
                if (c < -1 || c > 1) {
                    throw f.get("control").fail("control must be in [-1, 1], was " + c);
                }
                return new ForceSpec.AeroControlSpec(bodyRef(scene, f, "body", false), tensor(f, "base"),
                        tensor(f, "min"), tensor(f, "max"), f.vec3("point", MAX_COORDINATE, "m"),
                        f.vec3("wind", MAX_SPEED, "m/s", new double[3]), c);
            }
            case "buoyancy" -> {
                f.only(Set.of("type", "body", "centre", "maxDepth", "volume", "waterHeight", "liquidDensity", "gravity"));
                return new ForceSpec.BuoyancySpec(bodyRef(scene, f, "body", false), f.vec3("centre", MAX_COORDINATE, "m"),
                        f.number("maxDepth", 0, MAX_SIZE, "m"), f.number("volume", 0, MAX_VOLUME, "m³"),
                        f.number("waterHeight", -MAX_COORDINATE, MAX_COORDINATE, "m"),
                        f.number("liquidDensity", MIN_DENSITY, MAX_DENSITY, "kg/m³", Buoyancy.WATER_DENSITY),
                        f.number("gravity", -MAX_ACCELERATION, MAX_ACCELERATION, "m/s²", Gravity.STANDARD_GRAVITY));
            }
            case "explosion" -> {
                f.only(Set.of("type", "bodies", "detonation", "implosion", "concussion"));
                double[] imp = null, con = null;
                if (f.has("implosion")) {
                    JsonCursor i = f.get("implosion").only(Set.of("minRadius", "maxRadius", "duration", "force"));
                    imp = new double[] {i.number("minRadius", 0, MAX_SIZE, "m"), i.number("maxRadius", 0, MAX_SIZE, "m"),
                        i.number("duration", 0, MAX_DURATION, "s"), i.number("force", -MAX_FORCE, MAX_FORCE, "N")};
                }
                if (f.has("concussion")) {
                    JsonCursor c = f.get("concussion").only(Set.of("speed", "thickness", "peakForce", "duration"));
                    con = new double[] {c.number("speed", 0, MAX_SPEED, "m/s"), c.number("thickness", 0, MAX_SIZE, "m"),
                        c.number("peakForce", -MAX_FORCE, MAX_FORCE, "N"), c.number("duration", 0, MAX_DURATION, "s")};
                }
                return new ForceSpec.ExplosionSpec(bodyList(scene, f), f.vec3("detonation", MAX_COORDINATE, "m"), imp, con);
            }
            default -> throw f.get("type").fail("unknown force type '" + JsonCursor.quote(type)
                    + "' (expected gravity, spring, anchoredSpring, aero, aeroControl, buoyancy or explosion)");
        }
    }

    private static List<String> bodyList(FileScene scene, JsonCursor f) throws SceneFileException {
        List<String> ids = new ArrayList<>();
        for (JsonCursor c : f.array("bodies")) {
            String id = c.text();
            if (!scene.hasBody(id)) {
                throw c.fail("no body with id '" + JsonCursor.quote(id) + "'");
            }
            ids.add(id);
        }
        return List.copyOf(ids);
    }

    private static double stiffness(JsonCursor f) throws SceneFileException {
        return f.number("k", 0, MAX_STIFFNESS, "N/m");
    }

    private static double restLength(JsonCursor f) throws SceneFileException {
        return f.number("restLength", 0, MAX_SIZE, "m");
    }

    private static double[] tensor(JsonCursor f, String key) throws SceneFileException {
        return f.get(key).numbers(9, MAX_AERO, "kg/s");
    }
}
