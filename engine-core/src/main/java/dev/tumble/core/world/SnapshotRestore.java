package dev.tumble.core.world;

import dev.tumble.core.body.BodyId;
import dev.tumble.core.body.BodyStateCodec;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.force.RegistryCodec;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.joint.Joint;
import dev.tumble.core.joint.JointCodec;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * A snapshot read, checked and matched to objects by {@link SnapshotReader}, ready to install:
 * {@link #applyTo} cannot fail, so a restore either changes nothing or all of it.
 */
final class SnapshotRestore {
    long steps;
    // Bodies, in the snapshot's step order.
    int[] generations;
    BodyId[] ids;
    int[] islands;
    boolean[] awake;
    BodyStateCodec.State[] states;
    int[] shapeCounts;
    List<byte[]> shapeBytes;
    RigidBody[] dense;
    /** Per body: the shapes it takes, or null to keep its own (already the snapshot's). */
    List<List<Shape>> newShapes;
    /** Snapshot body ids ({@link World#idKey}) to their place in {@link #dense}. */
    HashMap<Long, Integer> byId;
    CollisionStage.Saved collision;
    // Joints, in the world's order.
    long nextJointSerial;
    long[] jointSerials;
    /** Per joint: body 0's slot and generation, then body 1's (slot −1: none). */
    int[] jointBodies;
    JointCodec.Record[] jointRecords;
    Joint[] joints;
    /** Per joint: whether it is an object the world knew (its state still to set). */
    boolean[] jointKept;
    RegistryCodec.Resolved forces;
    /** The snapshot, and where its contact caches start. */
    byte[] bytes;
    int cachesAt;

    /**
     * @return the object the restore gives the snapshot's body with this id
     * @throws IllegalArgumentException when the snapshot holds no such body
     */
    RigidBody body(int index, int generation, String where) {
        Integer i = byId.get(World.idKey(new BodyId(index, generation)));
        if (i == null) {
            throw new IllegalArgumentException("snapshot " + where + " names Body#" + index + "." + generation
                    + ", which the snapshot does not hold");
        }
        return dense[i];
    }

    /** @return the snapshot id the restore gives {@code b}. */
    BodyId idOf(RigidBody b) {
        for (int i = 0; i < dense.length; i++) {
            if (dense[i] == b) {
                return ids[i];
            }
        }
        return null;
    }

    /** Installs the snapshot in {@code w}, which {@link SnapshotReader#read} read it for. */
    void applyTo(World w) {
        IdentityHashMap<Object, Boolean> stays = new IdentityHashMap<>();
        for (RigidBody b : dense) {
            stays.put(b, Boolean.TRUE);
        }
        for (Joint j : joints) {
            stays.put(j, Boolean.TRUE);
        }
        // What leaves the world is remembered as removed, so a later restore can bring it back.
        for (RigidBody b : w.bodies.view()) {
            if (!stays.containsKey(b)) {
                w.retiredBodies.put(World.idKey(b.id()), b);
            }
        }
        for (Joint j : w.joints) {
            if (!stays.containsKey(j)) {
                w.retiredJoints.put(w.jointSerials.get(j), j);
            }
        }
        w.bodies.restore(dense, ids, generations);
        int[] slots = new int[dense.length];
        for (int i = 0; i < dense.length; i++) {
            if (newShapes.get(i) != null) {
                BodyAccess.get().replaceShapes(dense[i], newShapes.get(i));
            }
            states[i].applyTo(dense[i]);
            slots[i] = ids[i].index();
        }
        w.restoreBookkeeping(generations.length, slots, islands, awake, steps);
        w.collision.restore(collision, w.bodies);
        w.joints.clear();
        w.jointSerials.clear();
        for (int k = 0; k < joints.length; k++) {
            if (jointKept[k]) {
                jointRecords[k].applyTo(joints[k]);
            }
            w.joints.add(joints[k]);
            w.jointSerials.put(joints[k], jointSerials[k]);
        }
        w.nextJointSerial = nextJointSerial;
        w.collision.setJointPairs(w.joints);
        forces.applyTo(w.forces);
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes, cachesAt, bytes.length - cachesAt));
            w.pairCache.read(in);
            w.collision.readManifolds(in, false);
            w.softStepCache.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("snapshot caches changed since they were checked", e);
        }
    }
}
