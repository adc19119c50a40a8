package dev.tumble.core.collision.query;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Shape;

/**
 * Receives the shapes an overlap or point query finds, one call per shape, in proxy order. A
 * callback may not start another query on the same world (that throws
 * {@link IllegalStateException}); collect what it needs and query afterwards.
 */
@FunctionalInterface
public interface QueryCallback {
    /**
     * @param body the body carrying the shape (null for a proxy that is not a body's shape)
     * @param shape the shape found
     * @param proxy its broad-phase proxy
     * @return true to go on, false to stop the query
     */
    boolean report(RigidBody body, Shape shape, int proxy);
}
