package dev.tumble.core.world;

import dev.tumble.core.body.BodyRegistry;
import dev.tumble.core.body.BodyStateCodec;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.ShapeCodec;
import dev.tumble.core.force.RegistryCodec;
import dev.tumble.core.joint.Joint;
import dev.tumble.core.joint.JointCodec;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Writes a world snapshot ({@link World#snapshot()}). The format, in order (big-endian, as
 * {@link java.io.DataOutput} writes):
 *
 * <ol>
 *   <li>magic {@code "TUMB"}, {@link #VERSION};
 *   <li>the world's settings ({@link SettingsCodec}), the step count;
 *   <li>the body slots: their count and each slot's generation;
 *   <li>the bodies in step order: id, sleep island, awake at the end of the last step, the
 *       {@link BodyStateCodec} record, the shapes ({@link ShapeCodec});
 *   <li>the collision stage: the broad phase node for node and each body's proxies;
 *   <li>the joints: the next serial, then per joint its serial, bodies and {@link JointCodec} record;
 *   <li>the force registry ({@link RegistryCodec});
 *   <li>the contact caches warm starting reads: pairs, reused manifolds, the sequential-impulse
 *       solver's impulses.
 * </ol>
 */
final class WorldSnapshot {
    /** "TUMB". */
    static final int MAGIC = 0x54554D42;
    /**
     * The format's version: 6 holds the whole world (bodies with their shapes and ids, joints,
     * generators, the broad phase) and the caches of the soft-step sequential-impulse solver; 5
     * held those of the solver before it, and 4 and before held body state only.
     */
    static final int VERSION = 6;

    private WorldSnapshot() {
    }

    static byte[] write(World w) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            SettingsCodec.write(w.settings(), out);
            out.writeLong(w.stepCount());
            BodyRegistry bodies = w.bodies;
            out.writeInt(bodies.slotCount());
            for (int s = 0; s < bodies.slotCount(); s++) {
                out.writeInt(bodies.generation(s));
            }
            out.writeInt(bodies.size());
            for (int i = 0; i < bodies.size(); i++) {
                RigidBody b = bodies.at(i);
                int slot = b.id().index();
                out.writeInt(slot);
                out.writeInt(b.id().generation());
                out.writeInt(w.sleepIsland[slot]);
                out.writeBoolean(w.wasAwake[slot]);
                BodyStateCodec.write(b, out);
                out.writeInt(b.shapes().size());
                for (Shape s : b.shapes()) {
                    ShapeCodec.write(s, out);
                }
            }
            w.collision.write(out, bodies);
            out.writeLong(w.nextJointSerial);
            out.writeInt(w.joints.size());
            for (Joint j : w.joints) {
                out.writeLong(w.jointSerials.get(j));
                writeBody(out, j.body0());
                out.writeBoolean(j.body1() != null);
                if (j.body1() != null) {
                    writeBody(out, j.body1());
                }
                JointCodec.write(j, out);
            }
            RegistryCodec.write(w.forces, bodies::contains, out);
            w.pairCache.write(out);
            w.collision.writeManifolds(out);
            w.softStepCache.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static void writeBody(DataOutputStream out, RigidBody b) throws IOException {
        out.writeInt(b.id().index());
        out.writeInt(b.id().generation());
    }
}
