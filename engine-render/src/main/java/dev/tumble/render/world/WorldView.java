package dev.tumble.render.world;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Plane;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.world.World;
import dev.tumble.render.scene.ConvexHullMesh;
import dev.tumble.render.scene.DrawList;
import java.util.ArrayList;
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
    private final Pose pose = new Pose();
    private final Matrix4x3d transform = new Matrix4x3d();
    private final Vector3d normal = new Vector3d();
    private double planeHalfSize = 30;

    /** Half side of the square drawn for planes and half-spaces, m (default 30). */
    public WorldView planeHalfSize(double metres) {
        if (!(metres > 0) || !Double.isFinite(metres)) {
            throw new IllegalArgumentException("planeHalfSize must be positive and finite, was " + metres);
        }
        this.planeHalfSize = metres;
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

    /** Adds one body's shapes to {@code dest}. */
    public void add(RigidBody body, int rgb, DrawList dest) {
        boolean asleep = body.hasFiniteMass() && !body.isAwake();
        List<Shape> shapes = body.shapes();
        for (int s = 0, n = shapes.size(); s < n; s++) {
            Shape shape = shapes.get(s);
            pose.set(body, shape);
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
                case CONVEX_HULL -> dest.hull(transform, meshOf((ConvexHull) shape), rgb).asleep(asleep);
                case HALF_SPACE -> {
                    HalfSpace hs = (HalfSpace) shape;
                    addPlane(hs.normal().x(), hs.normal().y(), hs.normal().z(), hs.planeOffset(), rgb, dest);
                }
                case PLANE -> {
                    Plane p = (Plane) shape;
                    addPlane(p.normal().x(), p.normal().y(), p.normal().z(), p.planeOffset(), rgb, dest);
                }
                default -> throw new IllegalStateException("no mesh for shape type " + shape.type());
            }
        }
    }

    private void addPlane(double nx, double ny, double nz, double offset, int rgb, DrawList dest) {
        pose.dirToWorld(nx, ny, nz, normal);
        double worldOffset = offset + normal.x * pose.px + normal.y * pose.py + normal.z * pose.pz;
        dest.plane(normal.x, normal.y, normal.z, worldOffset, planeHalfSize, rgb);
    }

    private ConvexHullMesh meshOf(ConvexHull hull) {
        return hullMeshes.computeIfAbsent(hull, h -> {
            List<Vector3d> points = new ArrayList<>(h.vertexCount());
            for (int i = 0; i < h.vertexCount(); i++) {
                points.add(h.vertex(i, new Vector3d()));
            }
            return new ConvexHullMesh(points);
        });
    }
}
