package dev.tumble.core.collision.query;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Shape;
import org.joml.Vector3d;

/**
 * The closest points between a query shape (A) and another shape (B), filled by
 * {@link ShapeDistance} and {@code World.closestPoints}. Reuse one instance to query without
 * allocating.
 */
public final class ClosestPoints {
    /** Distance between the shapes' surfaces, m; 0 when they touch or overlap. */
    public double distance;
    /** Whether the shapes touch or overlap. */
    public boolean overlapping;
    /** The point of A nearest B, world space, m. */
    public final Vector3d pointA = new Vector3d();
    /** The point of B nearest A, world space, m. */
    public final Vector3d pointB = new Vector3d();
    /**
     * Unit direction from B towards A, world space; the zero vector when the shapes overlap so
     * deeply that no direction is known (their cores meet).
     */
    public final Vector3d normal = new Vector3d();
    /** Broad-phase proxy of B in a world query, else −1. */
    public int proxy = -1;
    /** The body carrying B in a world query, else null. */
    public RigidBody body;
    /** B itself in a world query, else null. */
    public Shape shape;

    @Override
    public String toString() {
        return "ClosestPoints[distance=" + distance + ", overlapping=" + overlapping + ", pointA=" + pointA
                + ", pointB=" + pointB + ", normal=" + normal + ", proxy=" + proxy + "]";
    }
}
