package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

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
 * A convex hull is the same bits whatever order its points come in, so a snapshot that must
 * rebuild one from its vertices (a world that never held the body, or a removed body nobody
 * holds) gets the hull the snapshot was taken with, and the world steps on as the original.
 */
class SnapshotHullTest {

    private static ConvexHull randomHull(Random rnd, int points) {
        Vector3d[] p = new Vector3d[points];
        for (int i = 0; i < points; i++) {
            p[i] = new Vector3d(rnd.nextDouble() - 0.5, rnd.nextDouble() - 0.5, rnd.nextDouble() - 0.5)
                    .mul(0.1 + 4 * rnd.nextDouble());
        }
        return new ConvexHull(p);
    }

    @Test
    void everyHullRebuildsFromItsSnapshotBitForBit() throws IOException {
        Random rnd = new Random(5);
        for (int t = 0; t < 300; t++) {
            ConvexHull hull = randomHull(rnd, 4 + rnd.nextInt(80));
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            ShapeCodec.write(hull, new DataOutputStream(bytes));
            ConvexHull back = (ConvexHull) ShapeCodec.read(
                    new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())), "hull");
            assertArrayEquals(hull.rawVertices(), back.rawVertices(), "hull " + t + ": vertices");
            assertArrayEquals(hull.rawFaces(), back.rawFaces(), "hull " + t + ": faces");
            assertArrayEquals(hull.rawFaceNormals(), back.rawFaceNormals(), "hull " + t + ": normals");
            assertArrayEquals(hull.rawEdges(), back.rawEdges(), "hull " + t + ": edges");
        }
    }

    @Test
    void aWorldThatNeverHeldTheHullBodyStepsOnAsTheOriginal() {
        RigidBody rock = RigidBody.dynamic(randomHull(new Random(11), 40)).position(0, 1, 0);
        World w = new World();
        w.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        w.addBody(RigidBody.dynamic(new Sphere(0.3)).position(0.2, 3, 0));
        w.addBody(rock);
        for (int s = 0; s < 10; s++) {
            w.step(1 / 60.0);
        }
        byte[] snap = w.snapshot();
        long[] hashes = new long[60];
        for (int s = 0; s < hashes.length; s++) {
            w.step(1 / 60.0);
            hashes[s] = w.stateHash();
        }
        World other = new World();
        other.restore(snap);
        assertNotSame(rock, other.bodies().get(2), "a body of its own");
        for (int s = 0; s < hashes.length; s++) {
            other.step(1 / 60.0);
            assertEquals(hashes[s], other.stateHash(), "step " + s);
        }
    }
}
