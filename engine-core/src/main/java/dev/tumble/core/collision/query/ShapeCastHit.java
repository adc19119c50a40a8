package dev.tumble.core.collision.query;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Shape;
import org.joml.Vector3d;

/**
 * The first hit of a shape swept along a translation ({@code World.castShape}). Reuse one
 * instance to cast without allocating.
 */
public final class ShapeCastHit {
    /**
     * How far along the translation the cast shape touches the hit shape, as a fraction in
     * {@code [0, 1]}: its position at the hit is {@code start + fraction·translation}. 0 when it
     * touches or overlaps at the start.
     */
    public double fraction;
    /** The contact point on the hit shape's surface, world space, m. */
    public final Vector3d point = new Vector3d();
    /**
     * Unit normal at the contact, from the hit shape towards the cast shape, world space. When
     * the shapes overlap at the start so deeply that no direction is known, the reverse of the
     * translation (or +y when the translation is zero).
     */
    public final Vector3d normal = new Vector3d();
    /** Broad-phase proxy of the hit shape. */
    public int proxy = -1;
    /** The body carrying the hit shape. */
    public RigidBody body;
    /** The hit shape. */
    public Shape shape;

    @Override
    public String toString() {
        return "ShapeCastHit[fraction=" + fraction + ", point=" + point + ", normal=" + normal + ", proxy=" + proxy + "]";
    }
}
