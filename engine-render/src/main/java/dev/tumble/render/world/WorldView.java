package dev.tumble.render.world;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Plane;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.collision.shape.TriangleGeometry;
import dev.tumble.core.world.World;
import dev.tumble.render.scene.ConvexHullMesh;
import dev.tumble.render.scene.DrawList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import org.joml.Matrix4x3d;
import org.joml.Vector3d;

/**
 * Turns a {@link World} into a {@link DrawList}: one render item per shape of every body, at
 * the shape's world pose (body transform times the shape's local offset), asleep bodies
 * flagged for tinting, planes and half-spaces drawn as a finite ground patch.
 *
 * <p>Hull meshes are built once per {@link ConvexHull} and cached, so filling a list each frame
 * does no triangulation.
 */
public final class WorldView {

    private final Map<ConvexHull, ConvexHullMesh> hullMeshes = new IdentityHashMap<>();
    private final Map<Shape, ConvexHullMesh> surfaceMeshes = new IdentityHashMap<>();
    private final Pose pose = new Pose();
    private final Matrix4x3d transform = new Matrix4x3d();
    private final Vector3d normal = new Vector3d();
    private double planeHalfSize = 30;
    private boolean markSleeping = true;

    // Previous poses, one slot per body index: the body (to notice adds and removes), position
    // (m) and orientation quaternion (w, x, y, z). Grown, never shrunk, so capturing allocates
    // nothing once the world's size is reached.
    private RigidBody[] previousBody = new RigidBody[0];
    private double[] previous = new double[0];
    private int captured;
    private final Pose bodyPose = new Pose();
    private final org.joml.Quaterniond qa = new org.joml.Quaterniond();
    private final org.joml.Quaterniond qb = new org.joml.Quaterniond();

    /**
     * Half side of the square drawn for planes and half-spaces, m (default 30).
     *
     * @param metres the half side, m
     * @return this view
     */
    public WorldView planeHalfSize(double metres) {
        if (!(metres > 0) || !Double.isFinite(metres)) {
            throw new IllegalArgumentException("planeHalfSize must be positive and finite, was " + metres);
        }
        this.planeHalfSize = metres;
        return this;
    }

    /**
     * Whether sleeping bodies are flagged for the renderer's sleep tint (default true). A viewer
     * that does not explain the tint on screen turns it off.
     *
     * @param on whether to flag sleeping bodies
     * @return this view
     */
    public WorldView markSleeping(boolean on) {
        this.markSleeping = on;
        return this;
    }

    /**
     * Clears {@code dest} and adds every body of {@code world}.
     *
     * @param world  the world to draw
     * @param colour the colour of each body, {@code 0xRRGGBB}
     * @param dest   the list to fill
     * @return {@code dest}
     */
    public DrawList fill(World world, ToIntFunction<RigidBody> colour, DrawList dest) {
        dest.clear();
        List<RigidBody> bodies = world.bodies();
        for (int i = 0, n = bodies.size(); i < n; i++) {
            add(bodies.get(i), colour.applyAsInt(bodies.get(i)), dest);
        }
        return dest;
    }

    /**
     * Remembers every body's pose as the "previous" state for interpolated drawing: call it
     * just before each fixed {@code world.step}. Allocates nothing once the array has grown to the
     * world's body count.
     *
     * @param world the world about to step
     */
    public void capture(World world) {
        List<RigidBody> bodies = world.bodies();
        int n = bodies.size();
        if (previousBody.length < n) {
            int cap = Math.max(n, previousBody.length * 2);
            previousBody = java.util.Arrays.copyOf(previousBody, cap);
            previous = java.util.Arrays.copyOf(previous, cap * 7);
        }
        for (int i = 0; i < n; i++) {
            RigidBody b = bodies.get(i);
            previousBody[i] = b;
            int o = 7 * i;
            previous[o] = b.position().x();
            previous[o + 1] = b.position().y();
            previous[o + 2] = b.position().z();
            previous[o + 3] = b.orientation().w();
            previous[o + 4] = b.orientation().x();
            previous[o + 5] = b.orientation().y();
            previous[o + 6] = b.orientation().z();
        }
        for (int i = n; i < captured; i++) {
            previousBody[i] = null;
        }
        captured = n;
    }

    /** Forgets the captured poses (after a reset), so {@link #fill(World, ToIntFunction, double, DrawList)} draws current poses. */
    public void forgetCapture() {
        java.util.Arrays.fill(previousBody, 0, captured, null);
        captured = 0;
    }

    /**
     * Clears {@code dest} and adds every body of {@code world} drawn between its pose at the last
     * {@link #capture} and its current pose: positions interpolated linearly, orientations by
     * slerp. Bodies not captured (added since) are drawn where they are.
     *
     * @param world the world to draw
     * @param colour the colour of each body, {@code 0xRRGGBB}
     * @param alpha 0 draws the captured poses, 1 the current ones (a fixed-step driver's alpha)
     * @param dest receives the draw items
     * @return {@code dest}
     */
    public DrawList fill(World world, ToIntFunction<RigidBody> colour, double alpha, DrawList dest) {
        if (!(alpha >= 0 && alpha <= 1)) {
            throw new IllegalArgumentException("alpha must be in [0, 1], was " + alpha);
        }
        dest.clear();
        List<RigidBody> bodies = world.bodies();
        for (int i = 0, n = bodies.size(); i < n; i++) {
            RigidBody b = bodies.get(i);
            if (i < captured && previousBody[i] == b && alpha < 1) {
                interpolatedPose(b, 7 * i, alpha);
                add(b, bodyPose, colour.applyAsInt(b), dest);
            } else {
                add(b, colour.applyAsInt(b), dest);
            }
        }
        return dest;
    }

    private void interpolatedPose(RigidBody b, int o, double alpha) {
        double beta = 1 - alpha;
        qa.set(previous[o + 4], previous[o + 5], previous[o + 6], previous[o + 3]);
        qb.set(b.orientation());
        qa.slerp(qb, alpha);
        bodyPose.set(beta * previous[o] + alpha * b.position().x(), beta * previous[o + 1] + alpha * b.position().y(),
                beta * previous[o + 2] + alpha * b.position().z(), qa.w, qa.x, qa.y, qa.z);
    }

    /**
     * Adds one body's shapes to {@code dest}.
     *
     * @param body the body
     * @param rgb its colour, {@code 0xRRGGBB}
     * @param dest receives the draw items
     */
    public void add(RigidBody body, int rgb, DrawList dest) {
        add(body, null, rgb, dest);
    }

    /** Adds one body's shapes at {@code at} (the body's pose, or null for its current pose). */
    private void add(RigidBody body, Pose at, int rgb, DrawList dest) {
        boolean asleep = markSleeping && body.hasFiniteMass() && !body.isAwake();
        List<Shape> shapes = body.shapes();
        for (int s = 0, n = shapes.size(); s < n; s++) {
            Shape shape = shapes.get(s);
            if (at == null) {
                pose.set(body, shape);
            } else {
                compose(at, shape, pose);
            }
            transform.set(pose.r[0], pose.r[3], pose.r[6],
                    pose.r[1], pose.r[4], pose.r[7],
                    pose.r[2], pose.r[5], pose.r[8],
                    pose.px, pose.py, pose.pz);
            switch (shape.type()) {
                case BOX -> {
                    Box b = (Box) shape;
                    dest.box(transform, b.hx(), b.hy(), b.hz(), rgb).asleep(asleep);
                }
                case SPHERE -> dest.sphere(transform, ((Sphere) shape).radius(), rgb).asleep(asleep);
                case CAPSULE -> {
                    Capsule c = (Capsule) shape;
                    dest.capsule(transform, c.radius(), c.halfHeight(), rgb).asleep(asleep);
                }
                case CYLINDER -> {
                    Cylinder c = (Cylinder) shape;
                    dest.cylinder(transform, c.radius(), c.halfHeight(), rgb).asleep(asleep);
                }
                case CONVEX_HULL -> dest.hull(transform, meshOf((ConvexHull) shape), rgb).asleep(asleep);
                case HALF_SPACE -> {
                    HalfSpace hs = (HalfSpace) shape;
                    addPlane(hs.normal().x(), hs.normal().y(), hs.normal().z(), hs.planeOffset(), rgb, dest);
                }
                case PLANE -> {
                    Plane p = (Plane) shape;
                    addPlane(p.normal().x(), p.normal().y(), p.normal().z(), p.planeOffset(), rgb, dest);
                }
                case TRIANGLE_MESH, HEIGHT_FIELD -> dest.hull(transform, surfaceOf(shape), rgb).asleep(asleep);
                default -> throw new IllegalStateException("no mesh for shape type " + shape.type());
            }
        }
    }

    /** {@code dest = body · shape offset}. */
    private static void compose(Pose body, Shape shape, Pose dest) {
        if (shape.hasIdentityOffset()) {
            dest.set(body);
            return;
        }
        Pose o = shape.offsetPose();
        double[] t = body.r;
        for (int row = 0; row < 3; row++) {
            double a = t[3 * row], b = t[3 * row + 1], c = t[3 * row + 2];
            dest.r[3 * row] = a * o.r[0] + b * o.r[3] + c * o.r[6];
            dest.r[3 * row + 1] = a * o.r[1] + b * o.r[4] + c * o.r[7];
            dest.r[3 * row + 2] = a * o.r[2] + b * o.r[5] + c * o.r[8];
        }
        dest.px = t[0] * o.px + t[1] * o.py + t[2] * o.pz + body.px;
        dest.py = t[3] * o.px + t[4] * o.py + t[5] * o.pz + body.py;
        dest.pz = t[6] * o.px + t[7] * o.py + t[8] * o.pz + body.pz;
    }

    private void addPlane(double nx, double ny, double nz, double offset, int rgb, DrawList dest) {
        pose.dirToWorld(nx, ny, nz, normal);
        double worldOffset = offset + normal.x * pose.px + normal.y * pose.py + normal.z * pose.pz;
        dest.plane(normal.x, normal.y, normal.z, worldOffset, planeHalfSize, rgb);
    }

    /** A mesh's or heightfield's triangles, built once per shape: static geometry does not change. */
    private ConvexHullMesh surfaceOf(Shape shape) {
        return surfaceMeshes.computeIfAbsent(shape, s -> ConvexHullMesh.ofTriangles((TriangleGeometry) s));
    }

    private ConvexHullMesh meshOf(ConvexHull hull) {
        return hullMeshes.computeIfAbsent(hull, ConvexHullMesh::new);
    }
}
