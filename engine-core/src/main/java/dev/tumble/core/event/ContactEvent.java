package dev.tumble.core.event;

import dev.tumble.core.body.BodyId;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Two bodies began touching, kept touching, or stopped touching during a step. One event per
 * body pair per step (summed over the pair's contact points). Begin and end always come in
 * pairs, also when a body is removed while touching (its end events come with the next step).
 *
 * <p>Events are pooled: read them after the step; an event object is reused by a later step.
 */
public final class ContactEvent {
    /** What happened to the pair. */
    public enum Type {
        /** First step of touching. */
        BEGIN,
        /** Touching this step and the last. */
        PERSIST,
        /** Touched last step, not any more (or a body was removed). */
        END
    }

    Type type;
    BodyId bodyA;
    BodyId bodyB;
    final Vector3d point = new Vector3d();
    final Vector3d normal = new Vector3d();
    double penetration;
    double normalImpulse;
    int pointCount;

    ContactEvent() {
    }

    /** @return begin, persist or end. */
    public Type type() {
        return type;
    }

    /** @return the first body of the pair. */
    public BodyId bodyA() {
        return bodyA;
    }

    /** @return the second body of the pair. */
    public BodyId bodyB() {
        return bodyB;
    }

    /** @return the deepest contact point (m, world); zero for end events. */
    public Vector3dc point() {
        return point;
    }

    /** @return the normal at the deepest point, pointing from body B towards body A; zero for end events. */
    public Vector3dc normal() {
        return normal;
    }

    /** @return the deepest penetration (m) this step; 0 for end events. */
    public double penetration() {
        return penetration;
    }

    /** @return the total normal impulse the resolver applied between the pair this step (N·s). */
    public double normalImpulse() {
        return normalImpulse;
    }

    /** @return the number of contact points between the pair this step (0 for end events). */
    public int pointCount() {
        return pointCount;
    }

    @Override
    public String toString() {
        return "ContactEvent[" + type + " " + bodyA + "–" + bodyB + ", points=" + pointCount + ", impulse=" + normalImpulse + "]";
    }
}
