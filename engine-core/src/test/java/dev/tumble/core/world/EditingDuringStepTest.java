package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.CollisionFilter;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.force.ForceGenerator;
import dev.tumble.core.force.Gravity;
import dev.tumble.core.joint.BallJoint;
import java.util.List;
import java.util.function.BiConsumer;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A force generator or a pair callback that edits the world during a step gets an
 * {@link IllegalStateException} naming the call (it used to reach arrays the step was walking:
 * index errors and null pointers from inside the engine), and the world steps on afterwards.
 */
class EditingDuringStepTest {
    /** The edits a callback might try, each given the world and one of its bodies. */
    enum Edit {
        ADD_BODY("addBody", (w, b) -> w.addBody(RigidBody.dynamic(new Sphere(0.1)))),
        REMOVE_BODY("removeBody", (w, b) -> w.removeBody(b)),
        ADD_JOINT("addJoint", (w, b) -> w.addJoint(new BallJoint(b, null, new Vector3d(0, 3, 0)))),
        REMOVE_JOINT("removeJoint", (w, b) -> w.removeJoint(w.joints().get(0))),
        COLLISION_FILTER("collisionFilter", (w, b) -> w.collisionFilter(b, new CollisionFilter(2, -1, 0))),
        PAIR_CALLBACK("pairCallback", (w, b) -> w.pairCallback(null)),
        RESTORE("restore", (w, b) -> w.restore(w.snapshot())),
        STEP("step", (w, b) -> w.step(1 / 60.0)),
        ADD_FORCE("forces.add", (w, b) -> w.forces().add(b, new Gravity(new Vector3d(0, -1, 0))));

        final String call;
        final BiConsumer<World, RigidBody> apply;

        Edit(String call, BiConsumer<World, RigidBody> apply) {
            this.call = call;
            this.apply = apply;
        }
    }

    private static World world(List<RigidBody> out) {
        World world = new World(WorldSettings.builder().gravity(0, -9.81, 0).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        RigidBody a = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(0, 0.5, 0));
        RigidBody b = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(0, 1.5, 0));
        world.addJoint(new BallJoint(b, null, new Vector3d(0, 2.5, 0)));
        out.add(a);
        out.add(b);
        return world;
    }

    @ParameterizedTest
    @EnumSource(Edit.class)
    void aForceGeneratorThatEditsTheWorldIsStoppedWithTheCallNamed(Edit edit) {
        List<RigidBody> bodies = new java.util.ArrayList<>();
        World world = world(bodies);
        RigidBody a = bodies.get(0);
        ForceGenerator meddler = (body, dt) -> edit.apply.accept(world, a);
        world.forces().add(bodies.get(1), meddler);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> world.step(1 / 60.0));
        assertTrue(e.getMessage().contains(edit.call + " was called"), e.getMessage());
        world.forces().removeGenerator(meddler);
        int count = world.bodies().size();
        for (int i = 0; i < 60; i++) {
            world.step(1 / 60.0);
        }
        assertEquals(count, world.bodies().size(), "nothing was added or removed");
        assertTrue(Double.isFinite(a.positionY()));
    }

    @ParameterizedTest
    @EnumSource(value = Edit.class, names = {"ADD_BODY", "REMOVE_BODY", "STEP", "PAIR_CALLBACK"})
    void aPairCallbackThatEditsTheWorldIsStoppedToo(Edit edit) {
        List<RigidBody> bodies = new java.util.ArrayList<>();
        World world = world(bodies);
        RigidBody a = bodies.get(0);
        world.pairCallback((p, userA, q, userB) -> {
            edit.apply.accept(world, a);
            return true;
        });
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> world.step(1 / 60.0));
        assertTrue(e.getMessage().contains(edit.call + " was called"), e.getMessage());
        world.pairCallback(null);
        world.step(1 / 60.0);
    }
}
