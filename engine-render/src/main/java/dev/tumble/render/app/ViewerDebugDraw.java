package dev.tumble.render.app;

import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Aabb;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.debug.DebugDraw;
import dev.tumble.core.debug.WorldDebugDraw;
import dev.tumble.core.joint.Joint;
import dev.tumble.core.world.World;
import java.util.Arrays;
import java.util.List;
import org.joml.Matrix4x3d;
import org.joml.Vector3d;

/**
 * Draws the viewer's {@link ViewLayer}s of a world into a {@link DebugDraw}: the layers the core
 * walker knows (contacts, linear velocity, boxes, joints) through {@link WorldDebugDraw}, and
 * the viewer's own (contact impulses, angular velocity, islands) here, from the world's public
 * state. Allocates only when the world grows.
 */
public final class ViewerDebugDraw {
    /**
     * Impulse arrow length: 1 m per this many m/s of velocity change the contact's normal
     * impulse gave the lighter of its two bodies (impulse × inverse mass), m/s.
     */
    public static final double IMPULSE_SCALE = 2;
    /** Angular velocity arrow length, m per rad/s. */
    public static final double ANGULAR_SCALE = 0.1;
    /** Impulse arrow colour, 0xRRGGBB. */
    public static final int IMPULSE_RGB = 0xFF8020;
    /** Angular velocity arrow colour, 0xRRGGBB. */
    public static final int ANGULAR_RGB = 0x20D0E0;
    private static final int[] ISLAND_RGB = {0xFF6060, 0x60C0FF, 0x80E060, 0xFFC040, 0xC080FF, 0x40E0C0, 0xFF80C0};

    private final WorldDebugDraw walker = new WorldDebugDraw().layer(WorldDebugDraw.Layer.SHAPES, false);
    private final Pose pose = new Pose();
    private final Aabb aabb = new Aabb();
    private final Matrix4x3d transform = new Matrix4x3d();
    private final Vector3d to = new Vector3d();
    private final Vector3d half = new Vector3d();
    private int[] parent = new int[0];
    private double[] bounds = new double[0];

    /**
     * Draws the layers {@code settings} has on.
     *
     * @param world the world
     * @param settings which layers
     * @param draw receives the lines
     */
    public void draw(World world, ViewerSettings settings, DebugDraw draw) {
        walker.layer(WorldDebugDraw.Layer.CONTACTS, settings.isOn(ViewLayer.CONTACTS))
                .layer(WorldDebugDraw.Layer.VELOCITIES, settings.isOn(ViewLayer.LINEAR_VELOCITY))
                .layer(WorldDebugDraw.Layer.AABBS, settings.isOn(ViewLayer.AABBS))
                .layer(WorldDebugDraw.Layer.JOINTS, settings.isOn(ViewLayer.JOINTS))
                .layer(WorldDebugDraw.Layer.TRIANGLE_EDGES, settings.isOn(ViewLayer.TRIANGLE_EDGES));
        if (settings.isOn(ViewLayer.CONTACTS) || settings.isOn(ViewLayer.LINEAR_VELOCITY)
                || settings.isOn(ViewLayer.AABBS) || settings.isOn(ViewLayer.JOINTS)
                || settings.isOn(ViewLayer.TRIANGLE_EDGES)) {
            world.debugDraw(walker, draw);
        }
        if (settings.isOn(ViewLayer.IMPULSES)) {
            impulses(world.contacts(), draw);
        }
        if (settings.isOn(ViewLayer.ANGULAR_VELOCITY)) {
            angular(world.bodies(), draw);
        }
        if (settings.isOn(ViewLayer.ISLANDS)) {
            islands(world, draw);
        }
    }

    private void impulses(ContactBuffer contacts, DebugDraw draw) {
        Contact[] cs = contacts.array();
        for (int i = 0, n = contacts.size(); i < n; i++) {
            Contact c = cs[i];
            double invMass = Math.max(inverseMass(c.body0()), inverseMass(c.body1()));
            double length = c.appliedNormalImpulse() * invMass / IMPULSE_SCALE;
            if (length > 1e-3) {
                to.set(c.normal()).mul(length).add(c.point());
                draw.arrow(c.point(), to, IMPULSE_RGB);
            }
        }
    }

    private static double inverseMass(RigidBody b) {
        return b == null || !b.hasFiniteMass() ? 0 : 1 / b.mass();
    }

    private void angular(List<RigidBody> bodies, DebugDraw draw) {
        for (int i = 0, n = bodies.size(); i < n; i++) {
            RigidBody b = bodies.get(i);
            if (b.type() == BodyType.STATIC || !b.isAwake()) {
                continue;
            }
            to.set(b.angularVelocity()).mul(ANGULAR_SCALE).add(b.position());
            if (to.distanceSquared(b.position()) > 1e-6) {
                draw.arrow(b.position(), to, ANGULAR_RGB);
            }
        }
    }

    /** Union-find over touching and jointed pairs of moving bodies; one box per island. */
    private void islands(World world, DebugDraw draw) {
        List<RigidBody> bodies = world.bodies();
        int n = bodies.size();
        if (parent.length < n) {
            parent = new int[Math.max(n, parent.length * 2)];
            bounds = new double[6 * parent.length];
        }
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        ContactBuffer contacts = world.contacts();
        Contact[] cs = contacts.array();
        for (int i = 0, m = contacts.size(); i < m; i++) {
            union(cs[i].body0(), cs[i].body1());
        }
        for (Joint j : world.joints()) {
            union(j.body0(), j.body1());
        }
        Arrays.fill(bounds, 0, 6 * n, Double.NaN);
        for (int i = 0; i < n; i++) {
            RigidBody b = bodies.get(i);
            if (b.type() == BodyType.STATIC) {
                continue;
            }
            int root = find(i);
            for (Shape s : b.shapes()) {
                if (s.type().isUnbounded()) {
                    continue;
                }
                pose.set(b, s);
                s.computeAabb(pose, aabb);
                grow(root, aabb);
            }
        }
        int island = 0;
        for (int i = 0; i < n; i++) {
            int o = 6 * i;
            if (find(i) != i || Double.isNaN(bounds[o])) {
                continue;
            }
            half.set(bounds[o + 3] - bounds[o], bounds[o + 4] - bounds[o + 1], bounds[o + 5] - bounds[o + 2]).mul(0.5).add(0.02, 0.02, 0.02);
            transform.translation(bounds[o] + half.x - 0.02, bounds[o + 1] + half.y - 0.02, bounds[o + 2] + half.z - 0.02);
            int rgb = bodies.get(i).isAwake() ? ISLAND_RGB[island % ISLAND_RGB.length] : DebugDraw.Colors.SLEEPING;
            draw.box(transform, half, rgb);
            island++;
        }
    }

    private void grow(int root, Aabb box) {
        int o = 6 * root;
        if (Double.isNaN(bounds[o])) {
            bounds[o] = box.minX;
            bounds[o + 1] = box.minY;
            bounds[o + 2] = box.minZ;
            bounds[o + 3] = box.maxX;
            bounds[o + 4] = box.maxY;
            bounds[o + 5] = box.maxZ;
            return;
        }
        bounds[o] = Math.min(bounds[o], box.minX);
        bounds[o + 1] = Math.min(bounds[o + 1], box.minY);
        bounds[o + 2] = Math.min(bounds[o + 2], box.minZ);
        bounds[o + 3] = Math.max(bounds[o + 3], box.maxX);
        bounds[o + 4] = Math.max(bounds[o + 4], box.maxY);
        bounds[o + 5] = Math.max(bounds[o + 5], box.maxZ);
    }

    /** Static bodies join no island: a floor would otherwise merge every stack into one. */
    private void union(RigidBody a, RigidBody b) {
        if (a == null || b == null || a.type() == BodyType.STATIC || b.type() == BodyType.STATIC) {
            return;
        }
        int ra = find(a.worldIndex());
        int rb = find(b.worldIndex());
        if (ra != rb) {
            parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }
    }

    private int find(int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }
}
