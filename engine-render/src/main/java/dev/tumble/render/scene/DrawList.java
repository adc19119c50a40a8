package dev.tumble.render.scene;

import dev.tumble.core.body.RigidBody;
import org.joml.Matrix4f;
import org.joml.Matrix4x3d;
import org.joml.Matrix4x3dc;
import org.joml.Quaternionf;
import org.joml.Vector3f;

import java.util.ArrayList;
import java.util.List;

/**
 * What to draw in one frame: a reusable list of {@link RenderItem}s. Clear it and refill it
 * every frame (items are pooled, so a steady scene allocates nothing after warm-up). An adapter
 * (later {@code WorldView}) turns a physics world into a draw list.
 */
public final class DrawList {
    private final List<RenderItem> pool = new ArrayList<>();
    private int size;
    private final Matrix4x3d scratch = new Matrix4x3d();

    /** Empties the list (keeps the pooled items). */
    public void clear() {
        size = 0;
    }

    /** @return number of items */
    public int size() {
        return size;
    }

    /**
     * @param index in [0, size())
     * @return the item
     */
    public RenderItem get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("index " + index + " of " + size);
        }
        return pool.get(index);
    }

    private RenderItem next(MeshKind kind, int rgb) {
        if (size == pool.size()) {
            pool.add(new RenderItem());
        }
        RenderItem it = pool.get(size++);
        it.kind = kind;
        it.hull = null;
        it.rgb = rgb & 0xFFFFFF;
        it.asleep = false;
        it.castsShadow = true;
        it.size.set(1f, 1f, 1f, 0f);
        it.model.identity();
        return it;
    }

    private static void set(Matrix4f dest, Matrix4x3dc t) {
        dest.set((float) t.m00(), (float) t.m01(), (float) t.m02(), 0f,
                (float) t.m10(), (float) t.m11(), (float) t.m12(), 0f,
                (float) t.m20(), (float) t.m21(), (float) t.m22(), 0f,
                (float) t.m30(), (float) t.m31(), (float) t.m32(), 1f);
    }

    /**
     * Adds a box.
     *
     * @param transform local-to-world rigid transform (metres)
     * @param hx half extent along local x, metres
     * @param hy half extent along local y, metres
     * @param hz half extent along local z, metres
     * @param rgb packed colour
     * @return the item, for further settings
     */
    public RenderItem box(Matrix4x3dc transform, double hx, double hy, double hz, int rgb) {
        RenderItem it = next(MeshKind.BOX, rgb);
        set(it.model, transform);
        it.size.set((float) hx, (float) hy, (float) hz, 0f);
        return it;
    }

    /**
     * Adds a sphere.
     *
     * @param transform local-to-world rigid transform (the rotation shows in shading only)
     * @param radius metres
     * @param rgb packed colour
     * @return the item
     */
    public RenderItem sphere(Matrix4x3dc transform, double radius, int rgb) {
        RenderItem it = next(MeshKind.SPHERE, rgb);
        set(it.model, transform);
        it.size.set((float) radius, (float) radius, (float) radius, 0f);
        return it;
    }

    /**
     * Adds a capsule whose axis is the local y axis.
     *
     * @param transform local-to-world rigid transform
     * @param radius metres
     * @param halfHeight half length of the cylinder part (between the hemisphere centres), metres
     * @param rgb packed colour
     * @return the item
     */
    public RenderItem capsule(Matrix4x3dc transform, double radius, double halfHeight, int rgb) {
        RenderItem it = next(MeshKind.CAPSULE, rgb);
        set(it.model, transform);
        it.size.set((float) radius, (float) halfHeight, (float) radius, 0f);
        return it;
    }

    /**
     * Adds a cylinder whose axis is the local y axis, with flat caps.
     *
     * @param transform local-to-world rigid transform
     * @param radius metres
     * @param halfHeight half length along the axis, metres
     * @param rgb packed colour
     * @return the item
     */
    public RenderItem cylinder(Matrix4x3dc transform, double radius, double halfHeight, int rgb) {
        RenderItem it = next(MeshKind.CYLINDER, rgb);
        set(it.model, transform);
        it.size.set((float) radius, (float) halfHeight, (float) radius, 0f);
        return it;
    }

    /**
     * Adds a convex hull.
     *
     * @param transform local-to-world rigid transform
     * @param hull the hull mesh, built once and reused every frame
     * @param rgb packed colour
     * @return the item
     */
    public RenderItem hull(Matrix4x3dc transform, ConvexHullMesh hull, int rgb) {
        if (hull == null) {
            throw new IllegalArgumentException("hull must not be null");
        }
        RenderItem it = next(MeshKind.HULL, rgb);
        set(it.model, transform);
        it.hull = hull;
        return it;
    }

    /**
     * Adds a square patch of the plane {@code normal · x = offset}, centred on the point of the
     * plane nearest to {@code centre}, drawn with a 1 m grid. Planes receive shadows but cast none.
     *
     * @param nx normal x (need not be unit length)
     * @param ny normal y
     * @param nz normal z
     * @param offset plane offset along the unit normal, metres
     * @param halfSize half side of the drawn square, metres
     * @param rgb packed colour
     * @return the item
     */
    public RenderItem plane(double nx, double ny, double nz, double offset, double halfSize, int rgb) {
        Vector3f n = new Vector3f((float) nx, (float) ny, (float) nz);
        if (!(n.lengthSquared() > 0f) || !Float.isFinite(n.lengthSquared())) {
            throw new IllegalArgumentException("plane normal must be non-zero and finite: " + n);
        }
        n.normalize();
        RenderItem it = next(MeshKind.PLANE, rgb);
        Quaternionf q = new Quaternionf().rotationTo(0f, 1f, 0f, n.x, n.y, n.z);
        it.model.translationRotate(n.x * (float) offset, n.y * (float) offset, n.z * (float) offset, q);
        it.size.set((float) halfSize, 1f, (float) halfSize, 0f);
        it.castsShadow = false;
        return it;
    }

    /**
     * Adds a box at a rigid body's pose, tinted when the body sleeps.
     *
     * @param body the body (its shape is not known to the renderer yet)
     * @param hx half extent x, metres
     * @param hy half extent y, metres
     * @param hz half extent z, metres
     * @param rgb packed colour
     * @return the item
     */
    public RenderItem box(RigidBody body, double hx, double hy, double hz, int rgb) {
        return box(body.getTransform(scratch), hx, hy, hz, rgb).asleep(!body.isAwake());
    }

    /**
     * Adds a sphere at a rigid body's pose, tinted when the body sleeps.
     *
     * @param body the body
     * @param radius metres
     * @param rgb packed colour
     * @return the item
     */
    public RenderItem sphere(RigidBody body, double radius, int rgb) {
        return sphere(body.getTransform(scratch), radius, rgb).asleep(!body.isAwake());
    }

    /**
     * Adds a capsule at a rigid body's pose (axis = body's local y), tinted when asleep.
     *
     * @param body the body
     * @param radius metres
     * @param halfHeight metres
     * @param rgb packed colour
     * @return the item
     */
    public RenderItem capsule(RigidBody body, double radius, double halfHeight, int rgb) {
        return capsule(body.getTransform(scratch), radius, halfHeight, rgb).asleep(!body.isAwake());
    }

    /**
     * Adds a cylinder at a rigid body's pose (axis = body's local y), tinted when asleep.
     *
     * @param body the body
     * @param radius metres
     * @param halfHeight half length along the axis, metres
     * @param rgb packed colour
     * @return the item
     */
    public RenderItem cylinder(RigidBody body, double radius, double halfHeight, int rgb) {
        return cylinder(body.getTransform(scratch), radius, halfHeight, rgb).asleep(!body.isAwake());
    }

    /**
     * Adds a convex hull at a rigid body's pose, tinted when asleep.
     *
     * @param body the body
     * @param hull the hull mesh in body coordinates
     * @param rgb packed colour
     * @return the item
     */
    public RenderItem hull(RigidBody body, ConvexHullMesh hull, int rgb) {
        return hull(body.getTransform(scratch), hull, rgb).asleep(!body.isAwake());
    }
}
