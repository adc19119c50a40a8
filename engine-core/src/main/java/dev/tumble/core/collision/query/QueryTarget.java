package dev.tumble.core.collision.query;

import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;

/** What a broad-phase proxy's owner must be for exact queries: a shape with a world pose. */
public interface QueryTarget {
    /** @return the shape. */
    Shape shape();

    /**
     * Writes the shape's current world pose into {@code dest}.
     *
     * @param dest receives the pose
     * @return {@code dest}
     */
    Pose pose(Pose dest);
}
