package dev.tumble.core.force;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.WeakTable;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.function.Predicate;

/**
 * Writes and reads a world's {@link ForceRegistry} for world snapshots: every distinct generator
 * (in the order {@link ForceGenerator#endStep} runs them) with its serial and state (see
 * {@link ForceCodec}), then every registration in order.
 *
 * <p>On restore each generator is matched by serial: the one registered under that serial now,
 * or the one last registered under it that the game still holds, is kept (its state overwritten)
 * when it is of the written class (and, for a spring, joins the same bodies); otherwise a
 * generator of this package is rebuilt, and one of the game's own classes cannot be, so the
 * restore is refused.
 */
public final class RegistryCodec {
    private RegistryCodec() {
    }

    /** Finds a snapshot's body by its id, throwing {@link IllegalArgumentException} when it has none. */
    @FunctionalInterface
    public interface BodyLookup {
        /**
         * @param index the id's slot
         * @param generation the id's generation
         * @param where what names the body, for the message
         * @return the body the restore gives that id
         */
        RigidBody body(int index, int generation, String where);
    }

    /**
     * Writes the registry.
     *
     * @param r the registry
     * @param inWorld the bodies of the world being written
     * @param out receives the bytes
     * @throws IOException when {@code out} fails
     */
    public static void write(ForceRegistry r, Predicate<RigidBody> inWorld, DataOutput out) throws IOException {
        out.writeLong(r.nextSerial);
        out.writeInt(r.distinctSize);
        IdentityHashMap<ForceGenerator, Integer> index = new IdentityHashMap<>();
        for (int d = 0; d < r.distinctSize; d++) {
            out.writeLong(r.distinctSerial[d]);
            ForceCodec.write(r.distinct[d], inWorld, out);
            index.put(r.distinct[d], d);
        }
        out.writeInt(r.size);
        for (int i = 0; i < r.size; i++) {
            out.writeInt(r.bodies[i].id().index());
            out.writeInt(r.bodies[i].id().generation());
            out.writeInt(index.get(r.generators[i]));
        }
    }

    /**
     * Reads and checks what {@link #write} wrote, touching nothing.
     *
     * @param in supplies the bytes
     * @return the registry as the snapshot holds it
     * @throws IOException when the bytes end early
     * @throws IllegalArgumentException naming what is wrong
     */
    public static Saved read(DataInput in) throws IOException {
        long nextSerial = in.readLong();
        int distinct = in.readInt();
        if (distinct < 0 || distinct > 1 << 24) {
            throw new IllegalArgumentException("snapshot force generator count must be 0.." + (1 << 24) + ", was " + distinct);
        }
        long[] serials = new long[distinct];
        ForceCodec.Record[] records = new ForceCodec.Record[distinct];
        for (int d = 0; d < distinct; d++) {
            serials[d] = in.readLong();
            if (serials[d] < 0 || serials[d] >= nextSerial) {
                throw new IllegalArgumentException("snapshot force generator " + d + " serial must be 0.." + (nextSerial - 1)
                        + ", was " + serials[d]);
            }
            for (int e = 0; e < d; e++) {
                if (serials[e] == serials[d]) {
                    throw new IllegalArgumentException("snapshot force generators " + e + " and " + d + " share serial " + serials[d]);
                }
            }
            records[d] = ForceCodec.read(in, "force generator " + d);
        }
        int size = in.readInt();
        if (size < 0 || size > 1 << 24) {
            throw new IllegalArgumentException("snapshot force registration count must be 0.." + (1 << 24) + ", was " + size);
        }
        int[] bodyIds = new int[2 * size];
        int[] generators = new int[size];
        int[] counts = new int[distinct];
        for (int i = 0; i < size; i++) {
            bodyIds[2 * i] = in.readInt();
            bodyIds[2 * i + 1] = in.readInt();
            generators[i] = in.readInt();
            if (generators[i] < 0 || generators[i] >= distinct) {
                throw new IllegalArgumentException("snapshot force registration " + i + " generator must be 0.."
                        + (distinct - 1) + ", was " + generators[i]);
            }
            counts[generators[i]]++;
        }
        for (int d = 0; d < distinct; d++) {
            if (counts[d] == 0) {
                throw new IllegalArgumentException("snapshot force generator " + d + " has no registration");
            }
        }
        return new Saved(nextSerial, serials, records, bodyIds, generators, counts);
    }

    /** A registry as a snapshot holds it, read and checked. */
    public static final class Saved {
        private final long nextSerial;
        private final long[] serials;
        private final ForceCodec.Record[] records;
        private final int[] bodyIds;
        private final int[] generators;
        private final int[] counts;

        private Saved(long nextSerial, long[] serials, ForceCodec.Record[] records, int[] bodyIds, int[] generators,
                int[] counts) {
            this.nextSerial = nextSerial;
            this.serials = serials;
            this.records = records;
            this.bodyIds = bodyIds;
            this.generators = generators;
            this.counts = counts;
        }

        /**
         * Finds or builds every generator and finds every registration's body, changing nothing
         * (a generator it builds is new; one it keeps is not yet touched).
         *
         * @param r the registry to restore
         * @param bodies the snapshot's bodies by id
         * @return what {@link Resolved#applyTo} installs
         * @throws IllegalArgumentException when a body id is not the snapshot's, or a generator of
         *     the game's own class is no longer known to the world
         */
        public Resolved resolve(ForceRegistry r, BodyLookup bodies) {
            ForceGenerator[] gens = new ForceGenerator[records.length];
            boolean[] kept = new boolean[records.length];
            IdentityHashMap<ForceGenerator, Boolean> claimed = new IdentityHashMap<>();
            for (int d = 0; d < records.length; d++) {
                ForceCodec.Record rec = records[d];
                String where = "force generator " + d + " (serial " + serials[d] + ")";
                RigidBody a = null, b = null;
                if (rec.bodyIds != null) {
                    a = bodies.body(rec.bodyIds[0], rec.bodyIds[1], where + " body A");
                    b = bodies.body(rec.bodyIds[2], rec.bodyIds[3], where + " body B");
                }
                ForceGenerator known = known(r, serials[d]);
                if (known != null && !claimed.containsKey(known) && rec.fits(known, a, b)) {
                    gens[d] = known;
                    kept[d] = true;
                } else if (rec.tag == ForceCodec.BY_REFERENCE) {
                    throw new IllegalArgumentException("snapshot " + where + " is a " + rec.className + ", a class the"
                            + " snapshot holds by reference, and this world no longer knows that object: keep it"
                            + " registered, or keep a reference to it, while its snapshots may be restored");
                } else {
                    gens[d] = rec.build(a, b);
                }
                claimed.put(gens[d], Boolean.TRUE);
            }
            RigidBody[] regBodies = new RigidBody[generators.length];
            for (int i = 0; i < generators.length; i++) {
                regBodies[i] = bodies.body(bodyIds[2 * i], bodyIds[2 * i + 1], "force registration " + i);
            }
            return new Resolved(this, gens, kept, regBodies);
        }

        private static ForceGenerator known(ForceRegistry r, long serial) {
            for (int d = 0; d < r.distinctSize; d++) {
                if (r.distinctSerial[d] == serial) {
                    return r.distinct[d];
                }
            }
            return r.retired.get(serial);
        }
    }

    /** A registry's generators and bodies found, ready to install. */
    public static final class Resolved {
        private final Saved saved;
        private final ForceGenerator[] gens;
        private final boolean[] kept;
        private final RigidBody[] bodies;

        private Resolved(Saved saved, ForceGenerator[] gens, boolean[] kept, RigidBody[] bodies) {
            this.saved = saved;
            this.gens = gens;
            this.kept = kept;
            this.bodies = bodies;
        }

        /**
         * Installs the snapshot's registrations and generator states in {@code r}. The generators
         * it no longer holds are remembered weakly, as removed ones are.
         *
         * @param r the registry resolved against
         */
        public void applyTo(ForceRegistry r) {
            for (int d = 0; d < gens.length; d++) {
                if (kept[d]) {
                    saved.records[d].applyTo(gens[d]);
                }
            }
            IdentityHashMap<ForceGenerator, Boolean> stays = new IdentityHashMap<>();
            for (ForceGenerator g : gens) {
                stays.put(g, Boolean.TRUE);
            }
            WeakTable<ForceGenerator> retired = r.retired;
            for (int d = 0; d < r.distinctSize; d++) {
                if (!stays.containsKey(r.distinct[d])) {
                    retired.put(r.distinctSerial[d], r.distinct[d]);
                }
            }
            int n = bodies.length, m = gens.length;
            int cap = Math.max(16, n);
            r.bodies = Arrays.copyOf(bodies, cap);
            r.generators = new ForceGenerator[cap];
            for (int i = 0; i < n; i++) {
                r.generators[i] = gens[saved.generators[i]];
            }
            r.size = n;
            int dcap = Math.max(16, m);
            r.distinct = Arrays.copyOf(gens, dcap);
            r.distinctCount = Arrays.copyOf(saved.counts, dcap);
            r.distinctSerial = Arrays.copyOf(saved.serials, dcap);
            r.distinctSize = m;
            r.nextSerial = saved.nextSerial;
        }
    }
}
