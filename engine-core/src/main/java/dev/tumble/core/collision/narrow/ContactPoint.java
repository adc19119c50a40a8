package dev.tumble.core.collision.narrow;

import org.joml.Vector3d;

/**
 * One contact point produced by the narrow phase for a shape pair (A, B), in world space.
 *
 * <ul>
 *   <li>{@link #point}: midway between the two surfaces, m;</li>
 *   <li>{@link #normal}: unit vector from B towards A — the direction A must move to separate
 *       (Millington's convention with A as body 0);</li>
 *   <li>{@link #penetration}: overlap depth along the normal, m, {@code > 0} when overlapping;</li>
 *   <li>{@link #featureId}: identifies the pair of features (faces, edges, vertices) that made
 *       the point, stable while the same features touch, so contacts can be matched frame to
 *       frame for warm starting and events.</li>
 * </ul>
 */
public final class ContactPoint {
    /** Contact point midway between the surfaces, world space, m. */
    public final Vector3d point = new Vector3d();
    /** Unit normal from B towards A, world space. */
    public final Vector3d normal = new Vector3d();
    /** Penetration depth along the normal, m (positive = overlapping). */
    public double penetration;
    /** Feature pair id (see class doc). */
    public int featureId;

    /**
     * Copies {@code o}.
     *
     * @param o the point to copy
     * @return this point
     */
    public ContactPoint set(ContactPoint o) {
        point.set(o.point);
        normal.set(o.normal);
        penetration = o.penetration;
        featureId = o.featureId;
        return this;
    }

    @Override
    public String toString() {
        return "ContactPoint[p=" + point + ", n=" + normal + ", pen=" + penetration + ", id=" + featureId + "]";
    }
}
