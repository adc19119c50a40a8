package dev.tumble.demos.scene;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.joint.BallJoint;
import dev.tumble.core.joint.DistanceJoint;
import dev.tumble.core.joint.HingeJoint;
import dev.tumble.core.joint.Joint;
import dev.tumble.core.joint.MillingtonJoint;
import java.util.function.Function;

/**
 * A joint as a scene describes it: body ids and the points it was made from. Scenes make their
 * joints from specs so that a scene file written from a scene builds the very same joints.
 * Points are {@code double[3]}, m; a null {@code body1} joins {@code body0} to the world.
 */
public sealed interface JointSpec {

    /**
     * The first body's id.
     *
     * @return the body id
     */
    String body0();

    /**
     * The second body's id, or null for the world.
     *
     * @return the body id, or null
     */
    String body1();

    /**
     * Whether the joined bodies also collide with each other.
     *
     * @return whether they collide
     */
    boolean collideConnected();

    /**
     * Makes the joint between the bodies {@code bodies} finds by id.
     *
     * @param bodies finds a body by its id
     * @return the joint
     */
    Joint create(Function<String, RigidBody> bodies);

    /** A ball-and-socket joint at a world anchor. */
    record Ball(String body0, String body1, double[] anchor, boolean collideConnected) implements JointSpec {
        @Override
        public Joint create(Function<String, RigidBody> bodies) {
            return new BallJoint(bodies.apply(body0), body1 == null ? null : bodies.apply(body1), Vec.v(anchor))
                    .collideConnected(collideConnected);
        }
    }

    /** A hinge about a world axis through a world anchor; limits in rad, null when free. */
    record Hinge(String body0, String body1, double[] anchor, double[] axis, Double lower, Double upper,
            boolean collideConnected) implements JointSpec {
        @Override
        public Joint create(Function<String, RigidBody> bodies) {
            HingeJoint h = new HingeJoint(bodies.apply(body0), body1 == null ? null : bodies.apply(body1),
                    Vec.v(anchor), Vec.v(axis));
            if (lower != null && upper != null) {
                h.limits(lower, upper);
            }
            return h.collideConnected(collideConnected);
        }
    }

    /** A rod (exact length) or cable (at most the length) between world anchors, m. */
    record Distance(DistanceJoint.Kind kind, String body0, double[] anchor0, String body1, double[] anchor1,
            double length, boolean collideConnected) implements JointSpec {
        @Override
        public Joint create(Function<String, RigidBody> bodies) {
            return new DistanceJoint(kind, bodies.apply(body0), Vec.v(anchor0),
                    body1 == null ? null : bodies.apply(body1), Vec.v(anchor1), length).collideConnected(collideConnected);
        }
    }

    /**
     * The book's joint: body-space points (the second in world space when {@code body1} is
     * null) kept within {@code error} m.
     */
    record Millington(String body0, double[] position0, String body1, double[] position1, double error,
            boolean collideConnected) implements JointSpec {
        @Override
        public Joint create(Function<String, RigidBody> bodies) {
            return new MillingtonJoint(bodies.apply(body0), Vec.v(position0),
                    body1 == null ? null : bodies.apply(body1), Vec.v(position1), error).collideConnected(collideConnected);
        }
    }
}
