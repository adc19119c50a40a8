package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.ShapeCodec;
import dev.tumble.core.collision.shape.Sphere;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Random;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A convex hull that does not rebuild from its vertices to the same bits: a restore keeps the
 * body (and so its hull) while the game holds it, and a world that never held it refuses the
 * snapshot rather than collide differently.
 */
class SnapshotHullTest {

    /** A hull whose rebuild from its own vertices orders them differently. */
    private static ConvexHull unrebuildableHull() throws IOException {
        Random rnd = new Random(5);
        for (int t = 0; t < 100; t++) {
            Vector3d[] points = new Vector3d[12];
            for (int i = 0; i < points.length; i++) {
                points[i] = new Vector3d(rnd.nextDouble() - 0.5, rnd.nextDouble() - 0.5, rnd.nextDouble() - 0.5);
            }
            ConvexHull hull = new ConvexHull(points);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            ShapeCodec.write(hull, new DataOutputStream(bytes));
            try {
                ShapeCodec.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())), "hull");
            } catch (IllegalArgumentException e) {
                return hull;
            }
        }
        throw new AssertionError("every hull rebuilt: this test needs one that does not");
    }

    private static World world(RigidBody rock) {
        World w = new World();
        w.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        w.addBody(RigidBody.dynamic(new Sphere(0.3)).position(0.2, 2, 0));
        w.addBody(rock);
        return w;
    }

    @Test
    void aHeldHullBodyComesBackExactlyAndANewWorldRefusesTheSnapshot() throws IOException {
        RigidBody rock = RigidBody.dynamic(unrebuildableHull()).position(0, 1, 0);
        World w = world(rock);
        for (int s = 0; s < 10; s++) {
            w.step(1 / 60.0);
        }
        byte[] snap = w.snapshot();
        long[] hashes = new long[40];
        for (int s = 0; s < hashes.length; s++) {
            w.step(1 / 60.0);
            hashes[s] = w.stateHash();
        }
        w.removeBody(rock);
        w.step(1 / 60.0);
        w.restore(snap);
        assertSame(rock, w.bodies().get(2), "the removed body the game still holds comes back");
        for (int s = 0; s < hashes.length; s++) {
            w.step(1 / 60.0);
            assertEquals(hashes[s], w.stateHash(), "step " + s);
        }

        World other = new World();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> other.restore(snap));
        assertTrue(e.getMessage().contains("hull does not rebuild"), e.getMessage());
        assertEquals(0, other.bodies().size(), "nothing applied");
    }
}
