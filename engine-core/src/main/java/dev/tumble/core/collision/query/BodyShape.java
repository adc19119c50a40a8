package dev.tumble.core.collision.query;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;

/**
 * A shape on a body, the usual broad-phase owner.
 *
 * @param body the body
 * @param shape one of its shapes
 */
public record BodyShape(RigidBody body, Shape shape) implements QueryTarget {
    @Override
    public Pose pose(Pose dest) {
        return dest.set(body, shape);
    }
}
