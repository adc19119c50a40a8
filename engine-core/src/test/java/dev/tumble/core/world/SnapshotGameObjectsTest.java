package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.debug.DebugDraw;
import dev.tumble.core.force.ForceGenerator;
import dev.tumble.core.force.Gravity;
import dev.tumble.core.joint.Joint;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The game's own joint and generator classes are saved by reference: a restore puts back the
 * same objects, removed since or not, while the game holds them; a world that never knew them
 * refuses the snapshot. The engine's own generator removed since comes back as itself.
 */
class SnapshotGameObjectsTest {

    /** A joint of the game's own: keeps body 0 above y = 1. */
    static final class Floor extends Joint {
        Floor(RigidBody body) {
            super(body, null);
        }

        @Override
        public int addContacts(ContactBuffer contacts) {
            double depth = 1 - body0.positionY();
            if (depth <= 0) {
                return 0;
            }
            contacts.add(body0, null, body0.positionX(), 1, body0.positionZ(), 0, 1, 0, depth, 0, 0).joint(true);
            return 1;
        }

        @Override
        public double error() {
            return Math.max(0, 1 - body0.positionY());
        }

        @Override
        public void debugDraw(DebugDraw draw) {
        }
    }

    @Test
    void theGamesObjectsComeBackAsThemselves() {
        // A joint class of the game's own writes contacts: a Millington world's joints.
        World w = new World(WorldSettings.builder().solver(WorldSettings.Solver.MILLINGTON).build());
        w.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        RigidBody ball = w.addBody(RigidBody.dynamic(new Sphere(0.2)).position(0, 3, 0));
        Floor floor = w.addJoint(new Floor(ball));
        ForceGenerator push = (b, dt) -> b.addForce(1, 0, 0);
        Gravity lift = new Gravity(0, 3, 0);
        w.forces().add(ball, push).add(ball, lift);
        for (int s = 0; s < 20; s++) {
            w.step(1 / 60.0);
        }
        byte[] snap = w.snapshot();
        long[] hashes = new long[30];
        for (int s = 0; s < hashes.length; s++) {
            w.step(1 / 60.0);
            hashes[s] = w.stateHash();
        }
        w.removeJoint(floor);
        w.forces().clear();
        lift.gravity(0, 10, 0);
        w.step(1 / 60.0);

        w.restore(snap);
        assertSame(floor, w.joints().get(0));
        assertTrue(w.forces().contains(ball, push) && w.forces().contains(ball, lift));
        assertEquals(3, lift.gravity().y(), "an engine generator's state comes back with it");
        for (int s = 0; s < hashes.length; s++) {
            w.step(1 / 60.0);
            assertEquals(hashes[s], w.stateHash(), "step " + s);
        }

        World stranger = new World(w.settings());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> stranger.restore(snap));
        assertTrue(e.getMessage().contains("by reference") && e.getMessage().contains("Floor"), e.getMessage());
        assertEquals(0, stranger.bodies().size());
    }
}
