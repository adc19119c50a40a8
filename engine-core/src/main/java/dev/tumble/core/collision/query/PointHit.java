package dev.tumble.core.collision.query;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Shape;
import org.joml.Vector3d;

/** The surface point of a shape nearest a query point ({@code World.closestPoint}). Reuse one instance to query without allocating. */
public final class PointHit {
    /** Signed distance from the query point to the surface, m: negative inside a solid shape. */
    public double distance;
    /** The nearest point on the shape's surface, world space, m. */
    public final Vector3d point = new Vector3d();
    /** The outward unit surface normal there, world space (for a two-sided plane, towards the query point's side). */
    public final Vector3d normal = new Vector3d();
    /** Broad-phase proxy of the shape. */
    public int proxy = -1;
    /** The body carrying the shape. */
    public RigidBody body;
    /** The shape. */
    public Shape shape;

    @Override
    public String toString() {
        return "PointHit[distance=" + distance + ", point=" + point + ", normal=" + normal + ", proxy=" + proxy + "]";
    }
}
