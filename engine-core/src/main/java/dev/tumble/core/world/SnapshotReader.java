package dev.tumble.core.world;

import dev.tumble.core.body.BodyId;
import dev.tumble.core.body.BodyStateCodec;
import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.ShapeCodec;
import dev.tumble.core.force.RegistryCodec;
import dev.tumble.core.joint.Joint;
import dev.tumble.core.joint.JointCodec;
import dev.tumble.core.solve.impulse.SoftStepSolver;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * Reads a world snapshot ({@link WorldSnapshot} describes the format) for {@link World#restore}:
 * parses and checks every value, then finds the object each body, joint and generator of the
 * snapshot will be (the world's own where it can, see {@link World#restore}), all without
 * changing the world. A problem throws {@link IllegalArgumentException} naming it.
 */
final class SnapshotReader {
    private final World world;
    private final byte[] bytes;
    private final ByteArrayInputStream cursor;
    private final DataInputStream in;

    private SnapshotReader(World world, byte[] bytes) {
        this.world = world;
        this.bytes = bytes;
        this.cursor = new ByteArrayInputStream(bytes);
        this.in = new DataInputStream(cursor);
    }

    /**
     * @param world the world to restore
     * @param bytes the snapshot
     * @return what {@link SnapshotRestore#applyTo} installs
     * @throws IllegalArgumentException when the snapshot is malformed or cannot be matched
     */
    static SnapshotRestore read(World world, byte[] bytes) {
        try {
            return new SnapshotReader(world, bytes).read();
        } catch (IOException e) {
            throw new IllegalArgumentException("snapshot is truncated or malformed: " + e, e);
        }
    }

    /** Where the reading is, in bytes from the start. */
    private int position() {
        return bytes.length - cursor.available();
    }

    /** Reads a count, at most what the bytes left could hold at {@code minBytes} each. */
    private int count(String what, int minBytes) throws IOException {
        int n = in.readInt();
        int max = cursor.available() / minBytes;
        if (n < 0 || n > max) {
            throw new IllegalArgumentException("snapshot " + what + " must be 0.." + max + " (what the bytes left can hold), was " + n);
        }
        return n;
    }

    private SnapshotRestore read() throws IOException {
        int magic = in.readInt();
        if (magic != WorldSnapshot.MAGIC) {
            throw new IllegalArgumentException("snapshot is not a Tumble world snapshot (magic " + Integer.toHexString(magic) + ")");
        }
        int version = in.readInt();
        if (version != WorldSnapshot.VERSION) {
            throw new IllegalArgumentException("snapshot version must be " + WorldSnapshot.VERSION + ", was " + version);
        }
        SettingsCodec.check(world.settings(), in, "");
        SnapshotRestore plan = new SnapshotRestore();
        plan.steps = in.readLong();
        if (plan.steps < 0) {
            throw new IllegalArgumentException("snapshot step count must be >= 0, was " + plan.steps);
        }
        readBodies(plan);
        plan.collision = world.collision.read(in, plan.shapeCounts);
        readJoints(plan);
        RegistryCodec.Saved forces = RegistryCodec.read(in);
        plan.cachesAt = position();
        new ContactCache().read(in);
        world.collision.readManifolds(in, true);
        new SoftStepCache().read(in);
        if (cursor.available() > 0) {
            // Bytes past the end mean the snapshot is not one a world wrote.
            throw new IllegalArgumentException("snapshot has " + cursor.available() + " bytes after its end");
        }
        plan.bytes = bytes;
        resolveBodies(plan);
        resolveJoints(plan);
        plan.forces = forces.resolve(world.forces, (index, generation, where) -> plan.body(index, generation, where));
        return plan;
    }

    private void readBodies(SnapshotRestore plan) throws IOException {
        int slots = count("slot count", 4);
        plan.generations = new int[slots];
        for (int s = 0; s < slots; s++) {
            plan.generations[s] = in.readInt();
        }
        int n = count("body count", 12);
        plan.ids = new BodyId[n];
        plan.islands = new int[n];
        plan.awake = new boolean[n];
        plan.states = new BodyStateCodec.State[n];
        plan.shapeCounts = new int[n];
        plan.shapeBytes = new ArrayList<>();
        boolean[] used = new boolean[slots];
        for (int i = 0; i < n; i++) {
            int slot = in.readInt();
            int generation = in.readInt();
            if (slot < 0 || slot >= slots || used[slot] || generation != plan.generations[slot]) {
                throw new IllegalArgumentException("snapshot body " + i + " id must name a slot 0.." + (slots - 1)
                        + " of no other body, with the slot's generation, was Body#" + slot + "." + generation);
            }
            used[slot] = true;
            BodyId id = new BodyId(slot, generation);
            plan.ids[i] = id;
            plan.islands[i] = in.readInt();
            if (plan.islands[i] < -1 || plan.islands[i] >= slots) {
                throw new IllegalArgumentException("snapshot body " + id + " sleep island must be -1.." + (slots - 1)
                        + ", was " + plan.islands[i]);
            }
            plan.awake[i] = in.readBoolean();
            plan.states[i] = BodyStateCodec.parse(in, id.toString());
            int shapes = count("shape count of body " + id, 1 + 7 * 8);
            plan.shapeCounts[i] = shapes;
            int from = position();
            for (int k = 0; k < shapes; k++) {
                // Checked here; built exactly only for a body whose own shapes are not these.
                Shape s = ShapeCodec.read(in, "shape " + k + " of body " + id, false);
                if (s.type().isTriangleGeometry() && plan.states[i].type() == BodyType.DYNAMIC) {
                    throw new IllegalArgumentException("snapshot shape " + k + " of body " + id + " is a " + s
                            + " on a dynamic body; meshes and heightfields go on static or kinematic bodies only");
                }
            }
            plan.shapeBytes.add(Arrays.copyOfRange(bytes, from, position()));
        }
    }

    private void readJoints(SnapshotRestore plan) throws IOException {
        plan.nextJointSerial = in.readLong();
        int n = count("joint count", 8 + 9 + 1 + 8 * Joint.SOLVER_ROWS);
        plan.jointSerials = new long[n];
        plan.jointBodies = new int[4 * n];
        plan.jointRecords = new JointCodec.Record[n];
        HashMap<Long, Integer> serials = new HashMap<>();
        for (int k = 0; k < n; k++) {
            long serial = in.readLong();
            if (serial < 0 || serial >= plan.nextJointSerial || serials.put(serial, k) != null) {
                throw new IllegalArgumentException("snapshot joint " + k + " serial must be a distinct 0.."
                        + (plan.nextJointSerial - 1) + ", was " + serial);
            }
            plan.jointSerials[k] = serial;
            plan.jointBodies[4 * k] = in.readInt();
            plan.jointBodies[4 * k + 1] = in.readInt();
            if (in.readBoolean()) {
                plan.jointBodies[4 * k + 2] = in.readInt();
                plan.jointBodies[4 * k + 3] = in.readInt();
            } else {
                plan.jointBodies[4 * k + 2] = -1;
            }
            plan.jointRecords[k] = JointCodec.read(in, "joint " + k + " (serial " + serial + ")");
        }
    }

    /** Each snapshot body's object: the world's under its id, a removed one the game still holds, or new. */
    private void resolveBodies(SnapshotRestore plan) throws IOException {
        int n = plan.ids.length;
        plan.dense = new RigidBody[n];
        plan.newShapes = new ArrayList<>(n);
        plan.byId = new HashMap<>();
        for (int i = 0; i < n; i++) {
            plan.byId.put(World.idKey(plan.ids[i]), i);
        }
        IdentityHashMap<RigidBody, Boolean> claimed = new IdentityHashMap<>();
        for (int i = 0; i < n; i++) {
            BodyId id = plan.ids[i];
            RigidBody b = world.bodies.get(id);
            if (b == null) {
                RigidBody gone = world.retiredBodies.get(World.idKey(id));
                boolean free = gone != null && (gone.worldIndex() < 0
                        || (world.bodies.contains(gone) && !plan.byId.containsKey(World.idKey(gone.id()))));
                b = free && !claimed.containsKey(gone) ? gone : RigidBody.dynamic();
            }
            claimed.put(b, Boolean.TRUE);
            plan.dense[i] = b;
            // The body's own shapes stay when they are the snapshot's to the bit; else the snapshot's.
            byte[] written = plan.shapeBytes.get(i);
            plan.newShapes.add(Arrays.equals(encode(b.shapes()), written) ? null : shapes(written, plan.shapeCounts[i], id));
        }
    }

    /** Builds a body's shapes from the snapshot, exactly: a hull that does not rebuild to its bits is refused. */
    private static List<Shape> shapes(byte[] written, int count, BodyId id) throws IOException {
        DataInputStream shapes = new DataInputStream(new ByteArrayInputStream(written));
        List<Shape> list = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            list.add(ShapeCodec.read(shapes, "shape " + k + " of body " + id + " (which the world no longer holds)"));
        }
        return list;
    }

    private static byte[] encode(List<Shape> shapes) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        for (Shape s : shapes) {
            ShapeCodec.write(s, out);
        }
        return bytes.toByteArray();
    }

    /** Each joint's object: the world's under its serial (now or removed and still held) when it fits, else rebuilt. */
    private void resolveJoints(SnapshotRestore plan) {
        HashMap<Long, Joint> live = new HashMap<>();
        world.jointSerials.forEach((j, serial) -> live.put(serial, j));
        int n = plan.jointRecords.length;
        plan.joints = new Joint[n];
        plan.jointKept = new boolean[n];
        IdentityHashMap<Joint, Boolean> claimed = new IdentityHashMap<>();
        boolean soft = world.settings().solver() == WorldSettings.Solver.SEQUENTIAL_IMPULSE;
        for (int k = 0; k < n; k++) {
            String where = "joint " + k + " (serial " + plan.jointSerials[k] + ")";
            int[] ids = plan.jointBodies;
            RigidBody b0 = plan.body(ids[4 * k], ids[4 * k + 1], where + " body 0");
            RigidBody b1 = ids[4 * k + 2] < 0 ? null : plan.body(ids[4 * k + 2], ids[4 * k + 3], where + " body 1");
            if (b0 == b1) {
                throw new IllegalArgumentException("snapshot " + where + " joins body " + plan.idOf(b0) + " to itself");
            }
            JointCodec.Record rec = plan.jointRecords[k];
            Joint known = live.get(plan.jointSerials[k]);
            if (known == null) {
                known = world.retiredJoints.get(plan.jointSerials[k]);
            }
            Joint j;
            if (known != null && !claimed.containsKey(known) && rec.fits(known, b0, b1)) {
                j = known;
                plan.jointKept[k] = true;
            } else if (rec.byReference()) {
                throw new IllegalArgumentException("snapshot " + where + " is a " + rec.className() + ", a class the"
                        + " snapshot holds by reference, and this world no longer knows that object: keep a reference"
                        + " to it while its snapshots may be restored");
            } else {
                j = rec.build(b0, b1);
            }
            if (soft && !SoftStepSolver.solves(j)) {
                throw new IllegalArgumentException("snapshot " + where + " (" + j.getClass().getSimpleName()
                        + ") has no constraint rows in the sequential-impulse solver");
            }
            claimed.put(j, Boolean.TRUE);
            plan.joints[k] = j;
        }
    }
}
