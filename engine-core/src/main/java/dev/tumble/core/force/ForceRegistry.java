package dev.tumble.core.force;

import dev.tumble.core.body.BodyRegistry;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.internal.Check;
import dev.tumble.core.internal.WeakTable;
import java.util.Arrays;
import java.util.Objects;

/**
 * The pairs (body, force generator) that act each step (Millington §10.3, Cyclone's
 * {@code ForceRegistry}). {@link #updateForces} runs them in registration order, so a step is
 * deterministic, and allocates nothing: registrations live in plain arrays that grow only when
 * a registration is added.
 *
 * <p>A generator may be registered with several bodies (one {@link Gravity} for a whole scene)
 * and a body with several generators; the same pair may even be registered twice, in which case
 * it acts twice. Identity, not {@code equals}, decides what is the same body or generator.
 */
public final class ForceRegistry {
    private static final BodyAccess BODY = BodyAccess.get();

    /** The world's bodies, whose members alone may be registered; null for a standalone registry. */
    private final BodyRegistry members;
    RigidBody[] bodies = new RigidBody[16];
    ForceGenerator[] generators = new ForceGenerator[16];
    int size;

    /** Distinct generators in order of first registration, with their registration counts. */
    ForceGenerator[] distinct = new ForceGenerator[16];
    int[] distinctCount = new int[16];
    /** Per distinct generator: its serial, the name world snapshots give it. */
    long[] distinctSerial = new long[16];
    int distinctSize;
    /** The serial the next new generator gets: serials count registrations of new generators. */
    long nextSerial;
    /** Generators that left the registry, by serial, while the game still holds them. */
    final WeakTable<ForceGenerator> retired = new WeakTable<>();
    /** Whether {@link #updateForces} is running (see {@link #requireIdle}). */
    private boolean updating;
    /** Per registration, its body's accumulators and wake state before its generator ran (see {@link #updateForces}). */
    private double[] saved = new double[16 * BodyAccess.WAKE_AND_FORCES];

    /** A standalone registry (driven by the caller's own loop): it takes any body. */
    public ForceRegistry() {
        this.members = null;
    }

    /**
     * A world's registry: it takes only bodies of {@code members}. A generator on any other body
     * would push a body this world never steps.
     *
     * @param members the world's bodies
     */
    public ForceRegistry(BodyRegistry members) {
        this.members = Check.notNull("members", members);
    }

    /**
     * Registers {@code generator} to act on {@code body} every step, after the registrations
     * already present.
     *
     * @param body the body the generator acts on
     * @param generator the generator
     * @return this registry
     * @throws IllegalArgumentException when an argument is null or, for a world's registry, the
     *     body is not in that world; nothing is registered then
     */
    public ForceRegistry add(RigidBody body, ForceGenerator generator) {
        requireIdle("add");
        Check.notNull("body", body);
        Check.notNull("generator", generator);
        if (members != null) {
            members.requireMember("body", body);
        }
        if (size == bodies.length) {
            bodies = Arrays.copyOf(bodies, size * 2);
            generators = Arrays.copyOf(generators, size * 2);
        }
        bodies[size] = body;
        generators[size] = generator;
        size++;
        int d = indexOfDistinct(generator);
        if (d >= 0) {
            distinctCount[d]++;
        } else {
            if (distinctSize == distinct.length) {
                distinct = Arrays.copyOf(distinct, distinctSize * 2);
                distinctCount = Arrays.copyOf(distinctCount, distinctSize * 2);
                distinctSerial = Arrays.copyOf(distinctSerial, distinctSize * 2);
            }
            distinct[distinctSize] = generator;
            distinctCount[distinctSize] = 1;
            distinctSerial[distinctSize] = nextSerial++;
            distinctSize++;
        }
        return this;
    }

    /**
     * Removes the first registration of exactly this pair; the others keep their order.
     *
     * @param body the registration's body
     * @param generator the registration's generator
     * @return whether a registration was removed
     */
    public boolean remove(RigidBody body, ForceGenerator generator) {
        requireIdle("remove");
        for (int i = 0; i < size; i++) {
            if (bodies[i] == body && generators[i] == generator) {
                removeAt(i);
                return true;
            }
        }
        return false;
    }

    /**
     * Removes every registration of {@code body} (for example when the body leaves the world).
     *
     * @param body the body
     * @return how many registrations were removed
     */
    public int removeBody(RigidBody body) {
        requireIdle("removeBody");
        int removed = 0;
        for (int i = size - 1; i >= 0; i--) {
            if (bodies[i] == body) {
                removeAt(i);
                removed++;
            }
        }
        return removed;
    }

    /**
     * Removes every registration of {@code generator} (for example a finished explosion).
     *
     * @param generator the generator
     * @return how many registrations were removed
     */
    public int removeGenerator(ForceGenerator generator) {
        requireIdle("removeGenerator");
        int removed = 0;
        for (int i = size - 1; i >= 0; i--) {
            if (generators[i] == generator) {
                removeAt(i);
                removed++;
            }
        }
        return removed;
    }

    private void removeAt(int i) {
        ForceGenerator generator = generators[i];
        System.arraycopy(bodies, i + 1, bodies, i, size - i - 1);
        System.arraycopy(generators, i + 1, generators, i, size - i - 1);
        size--;
        bodies[size] = null;
        generators[size] = null;
        int d = indexOfDistinct(generator);
        if (--distinctCount[d] == 0) {
            retired.put(distinctSerial[d], generator);
            System.arraycopy(distinct, d + 1, distinct, d, distinctSize - d - 1);
            System.arraycopy(distinctCount, d + 1, distinctCount, d, distinctSize - d - 1);
            System.arraycopy(distinctSerial, d + 1, distinctSerial, d, distinctSize - d - 1);
            distinctSize--;
            distinct[distinctSize] = null;
        }
    }

    private int indexOfDistinct(ForceGenerator generator) {
        for (int i = 0; i < distinctSize; i++) {
            if (distinct[i] == generator) {
                return i;
            }
        }
        return -1;
    }

    /** Removes all registrations. */
    public void clear() {
        requireIdle("clear");
        for (int d = 0; d < distinctSize; d++) {
            retired.put(distinctSerial[d], distinct[d]);
        }
        Arrays.fill(bodies, 0, size, null);
        Arrays.fill(generators, 0, size, null);
        Arrays.fill(distinct, 0, distinctSize, null);
        size = 0;
        distinctSize = 0;
    }

    /** @return the number of registrations. */
    public int size() {
        return size;
    }

    /**
     * @param index a registration's place in registration order, {@code 0 <= index < size()}
     * @return that registration's body
     * @throws IndexOutOfBoundsException when {@code index} is out of range
     */
    public RigidBody body(int index) {
        return bodies[Objects.checkIndex(index, size)];
    }

    /**
     * @param index a registration's place in registration order, {@code 0 <= index < size()}
     * @return that registration's generator
     * @throws IndexOutOfBoundsException when {@code index} is out of range
     */
    public ForceGenerator generator(int index) {
        return generators[Objects.checkIndex(index, size)];
    }

    /**
     * @param body the registration's body
     * @param generator the registration's generator
     * @return whether exactly this pair is registered at least once.
     */
    public boolean contains(RigidBody body, ForceGenerator generator) {
        for (int i = 0; i < size; i++) {
            if (bodies[i] == body && generators[i] == generator) {
                return true;
            }
        }
        return false;
    }

    /**
     * Lets every registration add its force for a step of {@code duration} seconds, in
     * registration order, then calls {@link ForceGenerator#endStep} once on each distinct
     * generator, in order of first registration: {@link #applyForces} then {@link #endStep}. When
     * a generator throws, the forces and wake-ups of this call are taken back (every registered
     * body's accumulators and sleep state are as before it) and the exception passes on; what the
     * generators did to themselves or by other means is theirs.
     *
     * @param duration step length in s, finite and {@code >= 0}
     */
    public void updateForces(double duration) {
        applyForces(duration);
        endStep(duration);
    }

    /**
     * The first half of {@link #updateForces}: every registration adds its force, in registration
     * order, with no clock advanced. A world calls the halves apart, so that a step failing after
     * its forces were added (in a pair callback) leaves the generators' clocks as they were.
     *
     * @param duration step length in s, finite and {@code >= 0}
     */
    public void applyForces(double duration) {
        Check.nonNegative("duration", duration);
        updating = true;
        if (saved.length < size * BodyAccess.WAKE_AND_FORCES) {
            saved = new double[2 * size * BodyAccess.WAKE_AND_FORCES];
        }
        int called = 0;
        try {
            for (; called < size; called++) {
                BODY.saveWakeAndForces(bodies[called], saved, called * BodyAccess.WAKE_AND_FORCES);
                generators[called].updateForce(bodies[called], duration);
            }
        } catch (RuntimeException | Error e) {
            // Newest first, so a body registered several times ends with its state from before the first call.
            for (int i = Math.min(called, size - 1); i >= 0; i--) {
                BODY.restoreWakeAndForces(bodies[i], saved, i * BodyAccess.WAKE_AND_FORCES);
            }
            throw e;
        } finally {
            updating = false;
        }
    }

    /**
     * The second half of {@link #updateForces}: {@link ForceGenerator#endStep} once on each
     * distinct generator, in order of first registration (an {@link Explosion}'s clock advances).
     *
     * @param duration step length in s, finite and {@code >= 0}
     */
    public void endStep(double duration) {
        Check.nonNegative("duration", duration);
        updating = true;
        try {
            for (int i = 0; i < distinctSize; i++) {
                distinct[i].endStep(duration);
            }
        } finally {
            updating = false;
        }
    }

    /** Throws when a generator edits the registrations {@link #updateForces} is walking. */
    private void requireIdle(String call) {
        if (updating) {
            throw new IllegalStateException("forces." + call + " was called by a force generator during updateForces:"
                    + " change the registrations before or after the step");
        }
    }
}
