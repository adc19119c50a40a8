package dev.tumble.core.collision.query;

import org.joml.Vector3d;

/** A ray-cast hit. */
public final class RayHit {
    /** Broad-phase proxy id of the shape hit. */
    public int proxy = -1;
    /** The proxy's owner (a {@link QueryTarget} such as {@link BodyShape}). */
    public Object target;
    /** Distance from the ray origin, m. */
    public double distance;
    /** Hit point, world space, m. */
    public final Vector3d point = new Vector3d();
    /** Outward unit surface normal at the hit, world space. */
    public final Vector3d normal = new Vector3d();

    @Override
    public String toString() {
        return "RayHit[proxy=" + proxy + ", distance=" + distance + ", point=" + point + ", normal=" + normal + "]";
    }
}
