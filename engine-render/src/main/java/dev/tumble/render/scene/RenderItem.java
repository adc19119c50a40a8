package dev.tumble.render.scene;

import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Vector4f;
import org.joml.Vector4fc;

/**
 * One thing to draw: a mesh kind with its dimensions, a rigid model matrix (local to world,
 * rotation + translation only; dimensions go in {@link #size()}), a colour and an asleep flag.
 * Items are pooled by {@link DrawList}; fill them through its methods.
 */
public final class RenderItem {
    MeshKind kind = MeshKind.BOX;
    final Vector4f size = new Vector4f(1f);
    final Matrix4f model = new Matrix4f();
    ConvexHullMesh hull;
    int rgb = Rgb.GREY;
    boolean asleep;
    boolean castsShadow = true;

    RenderItem() {
    }

    /** @return the mesh kind */
    public MeshKind kind() {
        return kind;
    }

    /** @return dimensions in metres, meaning per {@link MeshKind} */
    public Vector4fc size() {
        return size;
    }

    /** @return local-to-world rigid transform */
    public Matrix4fc model() {
        return model;
    }

    /** @return the hull mesh for {@link MeshKind#HULL}, else {@code null} */
    public ConvexHullMesh hull() {
        return hull;
    }

    /** @return packed 0xRRGGBB colour */
    public int rgb() {
        return rgb;
    }

    /** @return whether the item is drawn with the asleep tint */
    public boolean asleep() {
        return asleep;
    }

    /** @return whether the item is drawn into the shadow map (planes never are) */
    public boolean castsShadow() {
        return castsShadow && kind != MeshKind.PLANE;
    }

    /**
     * @param value whether drawn with the asleep tint
     * @return this
     */
    public RenderItem asleep(boolean value) {
        this.asleep = value;
        return this;
    }

    /**
     * @param value whether the item casts a shadow
     * @return this
     */
    public RenderItem castsShadow(boolean value) {
        this.castsShadow = value;
        return this;
    }

    /**
     * @param value packed 0xRRGGBB colour
     * @return this
     */
    public RenderItem rgb(int value) {
        this.rgb = value & 0xFFFFFF;
        return this;
    }

    /**
     * Radius of a sphere around the model origin that encloses the item (planes: their half size).
     *
     * @return the radius in metres
     */
    public float boundingRadius() {
        switch (kind) {
            case BOX:
                return (float) Math.sqrt(size.x * size.x + size.y * size.y + size.z * size.z);
            case SPHERE:
                return size.x;
            case CAPSULE:
                return size.x + size.y;
            case CYLINDER:
                return (float) Math.sqrt(size.x * size.x + size.y * size.y);
            case PLANE:
                return size.x;
            case HULL:
                return hull == null ? 0f : hull.boundingRadius();
            default:
                return 0f;
        }
    }
}
