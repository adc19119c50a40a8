package dev.tumble.core.debug;

import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Aabb;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.HeightField;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.collision.shape.TriangleGeometry;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.joint.Joint;
import java.util.List;
import org.joml.Matrix4x3d;
import org.joml.Vector3d;

/**
 * Walks bodies, contacts and joints and draws them into a {@link DebugDraw}: shape outlines
 * (asleep bodies in their own colour), contact points with normals scaled by depth, velocity
 * arrows, boxes, joints. What is drawn is chosen by flags. Holds its scratch objects, so a walk
 * allocates nothing.
 */
public final class WorldDebugDraw {
    /** What to draw. */
    public enum Layer {
        /** Shape outlines. */
        SHAPES,
        /** Contact points and normals (length: depth × {@link #NORMAL_SCALE}, at least 5 cm). */
        CONTACTS,
        /** Linear velocity arrows (1 m per m/s × {@link #VELOCITY_SCALE}). */
        VELOCITIES,
        /** World boxes of shapes. */
        AABBS,
        /** Joints. */
        JOINTS,
        /**
         * The triangle edges of meshes and heightfields alone, in {@link #TRIANGLE_EDGE_RGB} (off by
         * default; {@link #SHAPES} draws them too, in the body's colour).
         */
        TRIANGLE_EDGES
    }

    /** Colour of the {@link Layer#TRIANGLE_EDGES} layer, {@code 0xRRGGBB}. */
    public static final int TRIANGLE_EDGE_RGB = 0x40E0C0;

    /** Normal arrow length per metre of penetration. */
    public static final double NORMAL_SCALE = 10;
    /** Velocity arrow length (m) per m/s. */
    public static final double VELOCITY_SCALE = 0.1;
    /** Segments of each rim circle of a cylinder's outline. */
    public static final int CYLINDER_RIM_SEGMENTS = 24;
    /** Lines along the side of a cylinder's outline, evenly round it, from rim to rim. */
    public static final int CYLINDER_SIDE_LINES = 4;
    /** The rim circle's points: cos and sin of each segment's start angle (the last repeats the first). */
    private static final double[] RIM_COS = new double[CYLINDER_RIM_SEGMENTS + 1],
            RIM_SIN = new double[CYLINDER_RIM_SEGMENTS + 1];

    static {
        for (int k = 0; k <= CYLINDER_RIM_SEGMENTS; k++) {
            double angle = 2 * Math.PI * (k % CYLINDER_RIM_SEGMENTS) / CYLINDER_RIM_SEGMENTS;
            RIM_COS[k] = Math.cos(angle);
            RIM_SIN[k] = Math.sin(angle);
        }
    }

    private final java.util.EnumSet<Layer> layers = java.util.EnumSet.of(Layer.SHAPES, Layer.CONTACTS, Layer.JOINTS);
    private final Pose pose = new Pose();
    private final Aabb aabb = new Aabb();
    private final Matrix4x3d transform = new Matrix4x3d();
    private final Vector3d a = new Vector3d();
    private final Vector3d b = new Vector3d();
    private final Vector3d half = new Vector3d();
    private final double[] corners = new double[9];

    /**
     * Turns a layer on or off.
     *
     * @param layer the layer
     * @param on whether to draw it
     * @return this walker
     */
    public WorldDebugDraw layer(Layer layer, boolean on) {
        if (on) {
            layers.add(layer);
        } else {
            layers.remove(layer);
        }
        return this;
    }

    /**
     * @param layer the layer
     * @return whether a layer is drawn.
     */
    public boolean isOn(Layer layer) {
        return layers.contains(layer);
    }

    /**
     * Draws the bodies, contacts and joints given into {@code draw}.
     *
     * @param bodies the bodies
     * @param contacts the contacts
     * @param joints the joints
     * @param draw receives the lines and points
     */
    public void draw(List<RigidBody> bodies, ContactBuffer contacts, List<Joint> joints, DebugDraw draw) {
        for (int i = 0; i < bodies.size(); i++) {
            RigidBody body = bodies.get(i);
            int colour = body.isAwake() || body.type() == BodyType.STATIC ? DebugDraw.Colors.BODY : DebugDraw.Colors.SLEEPING;
            List<Shape> shapes = body.shapes();
            for (int s = 0; s < shapes.size(); s++) {
                Shape shape = shapes.get(s);
                pose.set(body, shape);
                if (layers.contains(Layer.SHAPES)) {
                    drawShape(shape, colour, draw);
                } else if (layers.contains(Layer.TRIANGLE_EDGES) && shape.type().isTriangleGeometry()) {
                    drawShape(shape, TRIANGLE_EDGE_RGB, draw);
                }
                if (layers.contains(Layer.AABBS) && !shape.type().isUnbounded()) {
                    shape.computeAabb(pose, aabb);
                    a.set(aabb.minX, aabb.minY, aabb.minZ);
                    b.set(aabb.maxX, aabb.maxY, aabb.maxZ);
                    half.set(b).sub(a).mul(0.5);
                    transform.translation(a.add(half));
                    draw.box(transform, half, DebugDraw.Colors.AABB);
                }
            }
            if (layers.contains(Layer.VELOCITIES) && body.type() != BodyType.STATIC) {
                a.set(body.position());
                b.set(body.velocity()).mul(VELOCITY_SCALE).add(a);
                draw.arrow(a, b, DebugDraw.Colors.VELOCITY);
            }
        }
        if (layers.contains(Layer.CONTACTS) && contacts != null) {
            Contact[] cs = contacts.array();
            for (int c = 0; c < contacts.size(); c++) {
                Contact contact = cs[c];
                draw.point(contact.point(), 0.05, DebugDraw.Colors.CONTACT);
                double length = Math.max(0.05, contact.penetration() * NORMAL_SCALE);
                b.set(contact.normal()).mul(length).add(contact.point());
                draw.arrow(contact.point(), b, DebugDraw.Colors.NORMAL);
            }
        }
        if (layers.contains(Layer.JOINTS) && joints != null) {
            for (int j = 0; j < joints.size(); j++) {
                joints.get(j).debugDraw(draw);
            }
        }
    }

    private void drawShape(Shape shape, int colour, DebugDraw draw) {
        double[] r = pose.r;
        // JOML column-major: set(m00, m01, m02, m10, ...) takes columns; r is row-major.
        transform.set(r[0], r[3], r[6], r[1], r[4], r[7], r[2], r[5], r[8], pose.px, pose.py, pose.pz);
        switch (shape.type()) {
            case BOX -> {
                Box box = (Box) shape;
                draw.box(transform, half.set(box.hx(), box.hy(), box.hz()), colour);
            }
            case SPHERE -> draw.sphere(a.set(pose.px, pose.py, pose.pz), ((Sphere) shape).radius(), colour);
            case CAPSULE -> {
                Capsule cap = (Capsule) shape;
                pose.toWorld(0, cap.halfHeight(), 0, a);
                pose.toWorld(0, -cap.halfHeight(), 0, b);
                draw.sphere(a, cap.radius(), colour);
                draw.sphere(b, cap.radius(), colour);
                draw.segment(a, b, colour);
            }
            case CYLINDER -> drawCylinder((Cylinder) shape, colour, draw);
            case CONVEX_HULL -> {
                ConvexHull hull = (ConvexHull) shape;
                for (int i = 0; i < hull.vertexCount(); i++) {
                    hull.vertex(i, a);
                    pose.toWorld(a.x, a.y, a.z, b);
                    draw.point(b, 0.03, colour);
                }
            }
            case TRIANGLE_MESH, HEIGHT_FIELD -> drawTriangles((TriangleGeometry) shape, colour, draw);
            default -> {
                // Planes and half-spaces are unbounded: the renderer's ground grid shows them.
            }
        }
    }

    /** A cylinder: its two rim circles and {@link #CYLINDER_SIDE_LINES} lines along its side. */
    private void drawCylinder(Cylinder c, int colour, DebugDraw draw) {
        double r = c.radius(), h = c.halfHeight();
        for (int s = -1; s <= 1; s += 2) {
            for (int k = 0; k < CYLINDER_RIM_SEGMENTS; k++) {
                pose.toWorld(r * RIM_COS[k], s * h, r * RIM_SIN[k], a);
                pose.toWorld(r * RIM_COS[k + 1], s * h, r * RIM_SIN[k + 1], b);
                draw.segment(a, b, colour);
            }
        }
        for (int k = 0; k < CYLINDER_RIM_SEGMENTS; k += CYLINDER_RIM_SEGMENTS / CYLINDER_SIDE_LINES) {
            pose.toWorld(r * RIM_COS[k], -h, r * RIM_SIN[k], a);
            pose.toWorld(r * RIM_COS[k], h, r * RIM_SIN[k], b);
            draw.segment(a, b, colour);
        }
    }

    /** Every triangle's three edges (a shared edge twice: drawing it once would need the adjacency). */
    private void drawTriangles(TriangleGeometry g, int colour, DebugDraw draw) {
        HeightField field = g instanceof HeightField f ? f : null;
        for (int t = 0; t < g.triangleCount(); t++) {
            if (field != null && !field.hasTriangle(t)) {
                continue;
            }
            g.triangle(t, corners, 0);
            for (int k = 0; k < 3; k++) {
                int from = 3 * k, to = 3 * ((k + 1) % 3);
                pose.toWorld(corners[from], corners[from + 1], corners[from + 2], a);
                pose.toWorld(corners[to], corners[to + 1], corners[to + 2], b);
                draw.segment(a, b, colour);
            }
        }
    }
}
