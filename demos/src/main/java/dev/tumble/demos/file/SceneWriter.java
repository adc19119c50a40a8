package dev.tumble.demos.file;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.HeightField;
import dev.tumble.core.collision.shape.Plane;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.collision.shape.TriangleMesh;
import dev.tumble.core.joint.DistanceJoint;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.demos.scene.ForceSpec;
import dev.tumble.demos.scene.JointSpec;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneOptions;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.joml.Matrix3d;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Writes a scene as a scene file: settings, every body with its exact state (mass and body-space
 * inverse inertia as stored, so reading it back gives the same bits), the joints and forces
 * from their specs. Numbers are written in Java's shortest round-tripping form.
 */
public final class SceneWriter {
    /** The format tag written to every file. */
    public static final String FORMAT = "tumble-scene/1";
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SceneWriter() {
    }

    /**
     * The scene as pretty-printed JSON text.
     *
     * @param scene the scene
     * @param description the file's {@code description}, or null for none
     * @return the JSON text, ending with a line separator
     */
    public static String toJson(Scene scene, String description) {
        try {
            return MAPPER.writeValueAsString(write(scene, description)) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Why a file written from {@code scene} would not be the whole scene (joints or force
     * registrations made without specs, like a sail turned at run time), or empty.
     *
     * @param scene the scene
     * @return what a file would leave out, or empty
     */
    public static Optional<String> incomplete(Scene scene) {
        int joints = scene.world().joints().size();
        if (joints != scene.jointSpecs().size()) {
            return Optional.of((joints - scene.jointSpecs().size()) + " joints were made without a spec");
        }
        int fromSpecs = 0;
        for (ForceSpec f : scene.forceSpecs()) {
            for (String id : f.bodyIds()) {
                fromSpecs += scene.body(id).type() == BodyType.STATIC && f instanceof ForceSpec.SpringSpec ? 0 : 1;
            }
        }
        int registered = scene.world().forces().size();
        if (registered != fromSpecs) {
            return Optional.of((registered - fromSpecs) + " force registrations were made at run time without a spec");
        }
        return Optional.empty();
    }

    /**
     * The scene as a JSON tree.
     *
     * @param scene the scene
     * @param description the file's {@code description}, or null for none
     * @return the JSON tree
     */
    public static ObjectNode write(Scene scene, String description) {
        ObjectNode root = F.objectNode();
        root.put("format", FORMAT);
        if (description != null) {
            root.put("description", description);
        }
        root.set("settings", settings(scene.world().settings(), scene.dt()));
        ArrayNode bodies = root.putArray("bodies");
        for (Map.Entry<String, RigidBody> e : scene.bodies().entrySet()) {
            bodies.add(body(scene, e.getKey(), e.getValue()));
        }
        ArrayNode joints = root.putArray("joints");
        for (JointSpec j : scene.jointSpecs()) {
            joints.add(joint(j));
        }
        ArrayNode forces = root.putArray("forces");
        for (ForceSpec f : scene.forceSpecs()) {
            forces.add(force(f));
        }
        return root;
    }

    static ObjectNode settings(WorldSettings s, double dt) {
        ObjectNode o = F.objectNode();
        o.set("gravity", vec(s.gravityX(), s.gravityY(), s.gravityZ()));
        o.put("dt", dt);
        o.put("solver", SceneOptions.solverName(s.solver()));
        o.put("sleep", s.sleepEnabled());
        o.put("sleepEpsilon", s.sleepEpsilon());
        o.put("frictionMix", s.frictionMix().name().toLowerCase(Locale.ROOT));
        o.put("iterationsPerContact", s.iterationsPerContact());
        o.put("aabbMargin", s.aabbMargin());
        o.put("maxLinearSpeed", s.maxLinearSpeed());
        o.put("maxAngularSpeed", s.maxAngularSpeed());
        o.put("maxRotationPerStep", s.maxRotationPerStep());
        o.put("continuousCollision", s.continuousCollision());
        o.put("threads", s.threads());
        o.put("manifoldReuseDistance", s.manifoldReuseDistance());
        o.set("sequentialImpulse", RecordJson.write(s.sequentialImpulse()));
        o.set("millington", RecordJson.write(s.resolver()));
        return o;
    }

    private static ObjectNode body(Scene scene, String id, RigidBody b) {
        ObjectNode o = F.objectNode();
        o.put("id", id);
        o.put("type", b.type().name().toLowerCase(Locale.ROOT));
        if (b.type() == BodyType.DYNAMIC) {
            double im = b.inverseMass();
            if (im > 0 && 1 / (1 / im) == im) {
                o.put("mass", 1 / im);
            } else {
                o.put("inverseMass", im);
            }
            Matrix3d inv = b.getInverseInertiaTensor(new Matrix3d());
            ArrayNode a = o.putArray("inverseInertia");
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    a.add(inv.get(c, r));
                }
            }
        }
        ArrayNode shapes = o.putArray("shapes");
        for (Shape s : b.shapes()) {
            shapes.add(shape(scene, s));
        }
        o.set("position", vec(b.position()));
        o.set("orientation", quat(b.orientation()));
        if (b.type() != BodyType.STATIC) {
            o.set("velocity", vec(b.velocity()));
            o.set("angularVelocity", vec(b.angularVelocity()));
        }
        if (b.type() == BodyType.DYNAMIC) {
            Vector3dc acc = b.acceleration();
            if (acc.x() != 0 || acc.y() != 0 || acc.z() != 0) {
                o.set("acceleration", vec(acc));
            }
            o.set("damping", F.arrayNode().add(b.linearDamping()).add(b.angularDamping()));
        }
        o.put("friction", b.friction());
        o.put("restitution", b.restitution());
        if (b.type() == BodyType.DYNAMIC) {
            o.put("canSleep", b.canSleep());
            if (!b.continuousCollision()) {
                o.put("continuousCollision", false);
            }
            if (b.sleepEpsilon() != RigidBody.DEFAULT_SLEEP_EPSILON) {
                o.put("sleepEpsilon", b.sleepEpsilon());
            }
            if (!b.isAwake()) {
                o.put("awake", false);
            }
        }
        return o;
    }

    private static ObjectNode shape(Scene scene, Shape s) {
        ObjectNode o = F.objectNode();
        switch (s.type()) {
            case SPHERE -> {
                o.put("type", "sphere");
                o.put("radius", ((Sphere) s).radius());
            }
            case BOX -> {
                Box b = (Box) s;
                o.put("type", "box");
                o.set("halfExtents", vec(b.hx(), b.hy(), b.hz()));
            }
            case CAPSULE -> {
                Capsule c = (Capsule) s;
                o.put("type", "capsule");
                o.put("radius", c.radius());
                o.put("halfHeight", c.halfHeight());
            }
            case CYLINDER -> {
                Cylinder c = (Cylinder) s;
                o.put("type", "cylinder");
                o.put("radius", c.radius());
                o.put("halfHeight", c.halfHeight());
            }
            case CONVEX_HULL -> {
                ConvexHull h = (ConvexHull) s;
                o.put("type", "hull");
                ArrayNode pts = o.putArray("points");
                List<Vector3d> made = scene.hullPoints(h);
                if (made != null) {
                    made.forEach(p -> pts.add(vec(p)));
                } else {
                    for (int i = 0; i < h.vertexCount(); i++) {
                        pts.add(vec(h.vertex(i, new Vector3d())));
                    }
                }
            }
            case HALF_SPACE, PLANE -> {
                boolean half = s.type().name().equals("HALF_SPACE");
                o.put("type", half ? "halfspace" : "plane");
                Vector3dc n = half ? ((HalfSpace) s).normal() : ((Plane) s).normal();
                o.set("normal", vec(n));
                o.put("offset", half ? ((HalfSpace) s).planeOffset() : ((Plane) s).planeOffset());
            }
            case TRIANGLE_MESH -> TriangleShapesJson.write((TriangleMesh) s, o, F);
            case HEIGHT_FIELD -> TriangleShapesJson.write((HeightField) s, o, F);
            default -> throw new IllegalStateException("no scene-file form for shape " + s);
        }
        if (!s.hasIdentityOffset()) {
            o.set("position", vec(s.offsetPosition()));
            o.set("orientation", quat(s.offsetOrientation()));
        }
        return o;
    }

    private static ObjectNode joint(JointSpec j) {
        ObjectNode o = F.objectNode();
        if (j instanceof JointSpec.Ball b) {
            o.put("type", "ball");
            ids(o, b.body0(), b.body1());
            o.set("anchor", vec(b.anchor()));
        } else if (j instanceof JointSpec.Hinge h) {
            o.put("type", "hinge");
            ids(o, h.body0(), h.body1());
            o.set("anchor", vec(h.anchor()));
            o.set("axis", vec(h.axis()));
            if (h.lower() != null) {
                o.set("limits", F.arrayNode().add(h.lower()).add(h.upper()));
            }
        } else if (j instanceof JointSpec.Distance d) {
            o.put("type", d.kind() == DistanceJoint.Kind.ROD ? "rod" : "cable");
            ids(o, d.body0(), d.body1());
            o.set("anchor0", vec(d.anchor0()));
            o.set("anchor1", vec(d.anchor1()));
            o.put("length", d.length());
        } else if (j instanceof JointSpec.Millington m) {
            o.put("type", "millington");
            ids(o, m.body0(), m.body1());
            o.set("position0", vec(m.position0()));
            o.set("position1", vec(m.position1()));
            o.put("error", m.error());
        }
        if (j.collideConnected()) {
            o.put("collideConnected", true);
        }
        return o;
    }

    private static void ids(ObjectNode o, String body0, String body1) {
        o.put("body0", body0);
        if (body1 != null) {
            o.put("body1", body1);
        }
    }

    private static ObjectNode force(ForceSpec f) {
        ObjectNode o = F.objectNode();
        if (f instanceof ForceSpec.GravitySpec g) {
            o.put("type", "gravity");
            o.set("bodies", strings(g.bodies()));
            o.set("g", vec(g.g()));
        } else if (f instanceof ForceSpec.SpringSpec s) {
            o.put("type", "spring");
            o.put("bodyA", s.bodyA());
            o.set("pointA", vec(s.pointA()));
            o.put("bodyB", s.bodyB());
            o.set("pointB", vec(s.pointB()));
            o.put("k", s.k());
            o.put("restLength", s.restLength());
        } else if (f instanceof ForceSpec.AnchoredSpringSpec s) {
            o.put("type", "anchoredSpring");
            o.put("body", s.body());
            o.set("point", vec(s.point()));
            o.set("anchor", vec(s.anchor()));
            o.put("k", s.k());
            o.put("restLength", s.restLength());
        } else if (f instanceof ForceSpec.AeroSpec a) {
            o.put("type", "aero");
            o.put("body", a.body());
            o.set("tensor", nums(a.tensor()));
            o.set("point", vec(a.point()));
            o.set("wind", vec(a.wind()));
        } else if (f instanceof ForceSpec.AeroControlSpec a) {
            o.put("type", "aeroControl");
            o.put("body", a.body());
            o.set("base", nums(a.base()));
            o.set("min", nums(a.min()));
            o.set("max", nums(a.max()));
            o.set("point", vec(a.point()));
            o.set("wind", vec(a.wind()));
            o.put("control", a.control());
        } else if (f instanceof ForceSpec.BuoyancySpec b) {
            o.put("type", "buoyancy");
            o.put("body", b.body());
            o.set("centre", vec(b.centre()));
            o.put("maxDepth", b.maxDepth());
            o.put("volume", b.volume());
            o.put("waterHeight", b.waterHeight());
            o.put("liquidDensity", b.liquidDensity());
            o.put("gravity", b.gravity());
        } else if (f instanceof ForceSpec.ExplosionSpec e) {
            o.put("type", "explosion");
            o.set("bodies", strings(e.bodies()));
            o.set("detonation", vec(e.detonation()));
            if (e.implosion() != null) {
                ObjectNode i = o.putObject("implosion");
                i.put("minRadius", e.implosion()[0]);
                i.put("maxRadius", e.implosion()[1]);
                i.put("duration", e.implosion()[2]);
                i.put("force", e.implosion()[3]);
            }
            if (e.concussion() != null) {
                ObjectNode c = o.putObject("concussion");
                c.put("speed", e.concussion()[0]);
                c.put("thickness", e.concussion()[1]);
                c.put("peakForce", e.concussion()[2]);
                c.put("duration", e.concussion()[3]);
            }
        }
        return o;
    }

    private static ArrayNode strings(List<String> s) {
        ArrayNode a = F.arrayNode();
        s.forEach(a::add);
        return a;
    }

    private static ArrayNode nums(double[] v) {
        ArrayNode a = F.arrayNode();
        for (double d : v) {
            a.add(d);
        }
        return a;
    }

    static ArrayNode vec(double x, double y, double z) {
        return F.arrayNode().add(x).add(y).add(z);
    }

    static ArrayNode vec(double[] v) {
        return vec(v[0], v[1], v[2]);
    }

    static ArrayNode vec(Vector3dc v) {
        return vec(v.x(), v.y(), v.z());
    }

    static ArrayNode quat(Quaterniondc q) {
        return F.arrayNode().add(q.w()).add(q.x()).add(q.y()).add(q.z());
    }
}
