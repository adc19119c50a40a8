package dev.tumble.core.world;

import dev.tumble.core.body.BodyId;
import dev.tumble.core.body.BodyRegistry;
import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.CollisionFilter;
import dev.tumble.core.collision.PairCallback;
import dev.tumble.core.collision.query.RayHit;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.debug.DebugDraw;
import dev.tumble.core.debug.WorldDebugDraw;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.event.BodyEvent;
import dev.tumble.core.event.ContactEvent;
import dev.tumble.core.event.EventBuffer;
import dev.tumble.core.force.ForceRegistry;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.internal.Check;
import dev.tumble.core.internal.WeakTable;
import dev.tumble.core.island.IslandBuilder;
import dev.tumble.core.joint.Joint;
import dev.tumble.core.solve.impulse.SoftStepSolver;
import dev.tumble.core.world.StepProfile.Stage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import org.joml.Vector3dc;

/**
 * A physics world: bodies, joints and force generators, stepped at a fixed {@code dt} through
 * the named stages of {@link StepProfile.Stage} (Millington's order: forces, integrate, broad
 * phase, narrow phase, islands, resolve, finish).
 *
 * <p>Deterministic: the same world stepped the same way gives the same bits. Once warmed up a
 * step allocates nothing. Not thread-safe: step and edit from one thread.
 */
public final class World {
    private static final BodyAccess BODY = BodyAccess.get();

    private final WorldSettings settings;
    final BodyRegistry bodies = new BodyRegistry();
    final ForceRegistry forces = new ForceRegistry(bodies);
    final ArrayList<Joint> joints = new ArrayList<>();
    private final List<Joint> jointView = Collections.unmodifiableList(joints);
    final CollisionStage collision;
    private final ContactBuffer contacts = new ContactBuffer();
    private final IslandBuilder islands = new IslandBuilder();
    final IslandSolver solver;
    final ContactCache pairCache = new ContactCache();
    private final EventBuffer events = new EventBuffer();
    private final EventBuffer pendingEvents = new EventBuffer();
    /** This step's end events, until {@link #fillContactEvents} appends them to {@link #events}. */
    private final EventBuffer endEvents = new EventBuffer();
    /** This step's begin/persist events, one per pair: first contact, contact count, began. */
    private int[] pairEventFirst = new int[64];
    private int[] pairEventContacts = new int[64];
    private boolean[] pairEventBegan = new boolean[64];
    private int pairEvents;
    private final Runnable fillContactEvents = this::fillContactEvents;
    private final StepProfile profile = new StepProfile();
    private final StateGuard guard;
    private final ContinuousCollision sweep;
    /** The sequential-impulse solver, or null in a Millington world. */
    private final SoftStepSolver softStep;
    /** The soft step's warm start: each contact point's impulses, kept by body pair and feature. */
    final SoftStepCache softStepCache = new SoftStepCache();
    /** Per contact this step: normal, tangent 1 and tangent 2 impulses (N·s) for the soft step. */
    private double[] warmImpulses = new double[192];
    /** World gravity (x, y, z), m/s². */
    private final double[] gravity;

    /** Per dense body: in an island this step (dynamic and awake). */
    private boolean[] inIsland = new boolean[16];
    /** Per slot: awake at the end of the last step (for sleep/wake events). */
    boolean[] wasAwake = new boolean[16];
    /** Per slot: the sleep island the body fell asleep in (lowest slot of the island), or −1. */
    int[] sleepIsland = new int[16];
    /** Slots with a sleep island (≥ 0 in {@link #sleepIsland}). */
    private int sleepIslandMembers;
    /** Per contact this step: its feature key within its body pair (for the solver's cache). */
    private long[] featureKeys = new long[64];
    /** Per contact of the buffer: its body pair ({@link ContactCache#pairKey}). */
    private long[] contactPairs = new long[64];
    /** Number of contacts of collision (not joints) at the front of the buffer. */
    private int collisionContactCount;
    private long stepCount;
    /**
     * The names snapshots give joints: each joint's serial (serials count the joints added), and
     * the joints removed since, while the game still holds them, so a restore takes them back.
     */
    final IdentityHashMap<Joint, Long> jointSerials = new IdentityHashMap<>();
    final WeakTable<Joint> retiredJoints = new WeakTable<>();
    long nextJointSerial;
    /** Removed bodies by id ({@link #idKey}), while the game still holds them, for a restore to take back. */
    final WeakTable<RigidBody> retiredBodies = new WeakTable<>();

    /** A world with the default settings (Earth gravity, sequential-impulse solver, sleep on). */
    public World() {
        this(WorldSettings.DEFAULTS);
    }

    /**
     * A world with the given settings.
     *
     * @param settings the settings, not null
     */
    public World(WorldSettings settings) {
        this.settings = Check.notNull("settings", settings);
        this.collision = new CollisionStage(settings);
        this.solver = new IslandSolver(settings, collision);
        this.guard = new StateGuard(settings);
        this.sweep = new ContinuousCollision(collision, settings);
        this.softStep = settings.solver() == WorldSettings.Solver.SEQUENTIAL_IMPULSE
                ? new SoftStepSolver(settings.sequentialImpulse()) : null;
        this.gravity = new double[] {settings.gravityX(), settings.gravityY(), settings.gravityZ()};
        Arrays.fill(sleepIsland, -1);
    }

    /** @return the settings the world was made with. */
    public WorldSettings settings() {
        return settings;
    }

    // ------------------------------------------------------------------ bodies

    /**
     * Adds a body (with its shapes). Throws when the body is already in this or another world.
     *
     * @param body the body, in no world
     * @return the body, for chaining
     */
    public RigidBody addBody(RigidBody body) {
        requireIdle("addBody");
        BodyId id = bodies.add(body);
        ensureSlot(id.index());
        wasAwake[id.index()] = body.isAwake();
        setSleepIsland(id.index(), -1);
        body.sleepEpsilon(settings.sleepEpsilon());
        if (!settings.sleepEnabled()) {
            body.canSleep(false);
        }
        collision.add(body);
        return body;
    }

    /**
     * Removes a body, its joints and its force registrations. Contacts it had end: their end
     * events come with the next step's events.
     *
     * @param body a body of this world
     */
    public void removeBody(RigidBody body) {
        requireIdle("removeBody");
        bodies.requireMember("body", body);
        events.settle(); // the last step's events read its contacts, which hold this body
        int slot = body.id().index();
        // End events for every pair it was touching (delivered with the next step's events).
        for (int i = 0; i < pairCache.currentCount(); i++) {
            int a = pairCache.currentBodyA(i);
            int b = pairCache.currentBodyB(i);
            if (a == slot || b == slot) {
                pendingEvents.addContact(ContactEvent.Type.END, idOfLiveSlot(a), idOfLiveSlot(b), null, null, 0, 0, 0);
            }
        }
        pairCache.removeBody(slot);
        for (Joint j : joints) {
            if (j.body0() == body || j.body1() == body) {
                retire(j);
            }
        }
        joints.removeIf(j -> j.body0() == body || j.body1() == body);
        collision.setJointPairs(joints);
        forces.removeBody(body);
        collision.remove(body);
        int island = sleepIsland[slot];
        setSleepIsland(slot, -1);
        if (island >= 0) {
            wakeSleepIsland(island);
        }
        retiredBodies.put(idKey(body.id()), body);
        bodies.remove(body);
    }

    /** Moves a joint leaving the world from {@link #jointSerials} to {@link #retiredJoints}. */
    private void retire(Joint joint) {
        retiredJoints.put(jointSerials.remove(joint), joint);
    }

    /** @return {@code id} as one long (slot, then generation), the key of {@link #retiredBodies}. */
    static long idKey(BodyId id) {
        return ((long) id.index() << 32) | (id.generation() & 0xFFFFFFFFL);
    }

    /** @return the bodies in insertion order (read-only). */
    public List<RigidBody> bodies() {
        return bodies.view();
    }

    /**
     * @param id the body's id
     * @return the body with this id, or null when it was removed or never existed.
     */
    public RigidBody body(BodyId id) {
        return bodies.get(id);
    }

    /**
     * @param body the body
     * @return whether the body is in this world.
     */
    public boolean contains(RigidBody body) {
        return bodies.contains(body);
    }

    // ------------------------------------------------------------------ joints and forces

    /**
     * Adds a joint between bodies of this world.
     *
     * @param <J> the joint's type
     * @param joint a joint whose bodies are in this world
     * @return the joint, for chaining
     */
    public <J extends Joint> J addJoint(J joint) {
        requireIdle("addJoint");
        Check.notNull("joint", joint);
        if (joints.contains(joint)) {
            throw new IllegalArgumentException("joint is already in this world: " + joint);
        }
        if (softStep != null && !SoftStepSolver.solves(joint)) {
            throw new IllegalArgumentException("joint " + joint + " (" + joint.getClass().getSimpleName()
                    + ") has no constraint rows in the sequential-impulse solver");
        }
        bodies.requireMember("joint.body0", joint.body0());
        if (joint.body1() != null) {
            bodies.requireMember("joint.body1", joint.body1());
        }
        joints.add(joint);
        jointSerials.put(joint, nextJointSerial++);
        collision.setJointPairs(joints);
        joint.body0().setAwake(true);
        return joint;
    }

    /**
     * Removes a joint that is in this world.
     *
     * @param joint the joint
     */
    public void removeJoint(Joint joint) {
        requireIdle("removeJoint");
        Check.notNull("joint", joint);
        if (!joints.remove(joint)) {
            throw new IllegalArgumentException("joint is not in this world: " + joint);
        }
        retire(joint);
        collision.setJointPairs(joints);
    }

    /** @return the joints (read-only). */
    public List<Joint> joints() {
        return jointView;
    }

    /** @return the force registry whose generators run at the start of every step. */
    public ForceRegistry forces() {
        return forces;
    }

    // ------------------------------------------------------------------ step

    /** Whether {@link #step} is running (see {@link #requireIdle}). */
    private boolean stepping;

    /**
     * Advances the world by {@code dt} seconds.
     *
     * <p>Force generators and the pair callback run inside the step and must not change the
     * world: {@code addBody}, {@code removeBody}, {@code addJoint}, {@code removeJoint},
     * {@code collisionFilter}, {@code pairCallback}, {@code restore}, {@code step} itself and the
     * force registry's edits throw {@link IllegalStateException} when they call them. An exception
     * thrown by a force generator or the pair callback ends the step and passes on, with the
     * world as it was before the step (bodies, sleep, forces, generators' clocks, the last step's
     * events).
     *
     * @param dt the step, s
     * @throws IllegalArgumentException when dt is not finite and positive (nothing changes)
     * @throws IllegalStateException when called from inside a step
     */
    public void step(double dt) {
        if (!(dt > 0) || !Double.isFinite(dt)) {
            throw new IllegalArgumentException("dt must be finite and > 0, was " + dt);
        }
        requireIdle("step");
        stepping = true;
        try {
            advance(dt);
        } finally {
            stepping = false;
        }
    }

    /**
     * Throws when a step is running: a force generator or a pair callback that changes the
     * world's bodies, joints, filters or callbacks would change the arrays the step is walking.
     */
    private void requireIdle(String call) {
        if (stepping) {
            throw new IllegalStateException("world." + call + " was called during world.step (from a force generator"
                    + " or a pair callback): make the change before or after the step");
        }
    }

    /** The step itself (see {@link #step}). */
    private void advance(double dt) {
        profile.reset();
        int n = bodies.size();
        ensureDense(n);
        // What the game's code may fail the step after (see runGameCode): saved before anything changes.
        guard.save(bodies);
        collision.beginStep();
        if (softStep != null) {
            stepSoft(n, dt);
            return;
        }

        long t = runGameCode(n, dt, true, System.nanoTime());

        findCollisionContacts();
        keyContacts();
        t = lap(Stage.NARROW_PHASE, t);

        buildIslands(n);
        t = lap(Stage.ISLANDS, t);

        solver.solve(islands, bodies, contacts, dt, settings.continuousCollision() ? sweep : null,
                guard.previousPositions(), profile);
        if (settings.continuousCollision()) {
            sweep.sweepSolved(bodies, guard.previousPositions(), islands);
        }
        refreshUnsolved(n);
        t = lap(Stage.RESOLVE, t);

        finish(n, t);
    }

    /**
     * The stages that may run the game's code, all or nothing: the force generators, then (the
     * book's order, {@code integrate}) integration, then the broad phase with its pair callback;
     * the generators' clocks advance only once those have run. Code that throws leaves the world
     * as the step found it ({@link #undoStep}); otherwise this step's events begin.
     *
     * @return the time after the broad phase, ns
     */
    private long runGameCode(int n, double dt, boolean integrate, long t) {
        try {
            applyForces(dt);
            t = lap(Stage.FORCES, t);
            if (integrate) {
                integrateBodies(n, dt);
                t = lap(Stage.INTEGRATE, t);
            }
            collision.updateBroadPhase(bodies, dt);
            forces.endStep(dt);
        } catch (RuntimeException | Error e) {
            undoStep();
            throw e;
        }
        beginEvents();
        return lap(Stage.BROAD_PHASE, t);
    }

    /** This step's collision contacts into the buffer, from the broad phase's pairs. */
    private void findCollisionContacts() {
        contacts.clear();
        collision.findContacts(contacts);
        profile.pairs(collision.pairsTested(), collision.pairsReused());
        collisionContactCount = contacts.size();
    }

    /** Sleep, contact and body events, the step count and the profile's counts. */
    private void finish(int n, long t) {
        sleepStillIslands(n);
        wakeTouchedSleepIslands();
        recordContactEvents();
        int awake = bodyEvents(n);
        stepCount++;
        profile.counts(n, awake, contacts.size(), islands.islandCount());
        lap(Stage.FINISH, t);
    }

    /**
     * The sequential-impulse solver's soft step ({@link WorldSettings.Solver#SEQUENTIAL_IMPULSE}):
     * forces, contacts found at the start-of-step poses, islands, the substepped solve (which
     * integrates), then sleep and events.
     */
    private void stepSoft(int n, double dt) {
        long t = System.nanoTime();
        guard.begin(bodies, n, dt);
        boolean sweeping = settings.continuousCollision();
        if (sweeping) {
            // Nothing moves before the solve: each body's start is where its contacts are found.
            sweep.begin(n);
            for (int i = 0; i < n; i++) {
                sweep.noteIntegrated(bodies.at(i), i, guard.previousPositions());
            }
        }
        t = runGameCode(n, dt, false, t);

        findCollisionContacts();
        ensureFeatureKeys(collisionContactCount);
        keyCollisionContacts();
        t = lap(Stage.NARROW_PHASE, t);

        buildIslands(n);
        t = lap(Stage.ISLANDS, t);

        warmImpulses = softStepCache.recall(contacts.array(), collisionContactCount, featureKeys, contactPairs,
                warmImpulses);
        softStep.solve(bodies.view(), contacts.array(), collisionContactCount, warmImpulses, joints, forces, dt,
                gravity, settings.maxLinearSpeed(),
                Math.min(settings.maxAngularSpeed(), settings.maxRotationPerStep() / dt));
        softStepCache.remember(warmImpulses, collisionContactCount);
        guard.quarantineNonFinite(bodies, n);
        guard.reportQuarantines(events);
        if (sweeping) {
            // Fast bodies: the static world gets the last word on where they end the step.
            sweep.sweepSolved(bodies, guard.previousPositions(), islands);
        }
        t = lap(Stage.RESOLVE, t);

        finish(n, t);
    }

    /** Saves, integrates and checks every body (each touches only itself). */
    private void integrateBodies(int n, double dt) {
        // A bad force shows here, before the body can pass NaN to anything it touches.
        guard.begin(n, dt);
        double gx = settings.gravityX(), gy = settings.gravityY(), gz = settings.gravityZ();
        boolean sweeping = settings.continuousCollision();
        if (sweeping) {
            sweep.begin(n);
        }
        for (int i = 0; i < n; i++) {
            RigidBody b = bodies.at(i);
            guard.clampAndNote(b, i);
            BODY.integrate(b, dt, gx, gy, gz, false);
            guard.quarantineIfNonFinite(b, i);
            if (sweeping) {
                sweep.noteIntegrated(b, i, guard.previousPositions());
            }
        }
        if (sweeping) {
            sweep.sweep(bodies, guard.previousPositions());
        }
    }

    /** Keys the collision contacts by feature and body pair. */
    private void keyCollisionContacts() {
        for (int c = 0; c < collisionContactCount; c++) {
            featureKeys[c] = collision.featureKey(c);
            contactPairs[c] = collision.pairKey(c);
        }
    }

    /** Keys the collision contacts by feature and body pair, then adds the joints' contacts. */
    private void keyContacts() {
        ensureFeatureKeys(collisionContactCount);
        keyCollisionContacts();
        for (int j = 0; j < joints.size(); j++) {
            if (joints.get(j).body0().isQuarantined()
                    || (joints.get(j).body1() != null && joints.get(j).body1().isQuarantined())) {
                continue;
            }
            int from = contacts.size();
            int added = joints.get(j).addContacts(contacts);
            ensureFeatureKeys(from + added);
            for (int k = 0; k < added; k++) {
                // Joint contacts: top bit set, then the joint's index and the contact's place in it.
                featureKeys[from + k] = Long.MIN_VALUE | ((long) j << 8) | k;
                Contact jc = contacts.get(from + k);
                contactPairs[from + k] = ContactCache.pairKey(slotOf(jc.body0()), slotOf(jc.body1()));
            }
        }
    }

    /** After the solve: refreshes and checks every body no island solver already did. */
    private void refreshUnsolved(int n) {
        // Millington's resolver, like Cyclone, leaves awake bodies' transforms stale after moving
        // them, and the island solver refreshed its islands' bodies while they were still in
        // cache. Any other awake dynamic body (none unless woken during the solve) is refreshed here, so
        // everything read after the step (rendering, queries, joints) is current.
        for (int i = 0; i < n; i++) {
            int k = islands.islandOfBody(i);
            if (k >= 0 && solver.checkedFinite(k)) {
                continue; // refreshed and checked by the island solver while in cache
            }
            RigidBody b = bodies.at(i);
            if (k < 0 && b.isAwake() && b.type() == BodyType.DYNAMIC) {
                BODY.calculateDerivedData(b);
            }
            guard.quarantineIfNonFinite(b, i);
        }
        guard.reportQuarantines(events);
    }

    private long lap(Stage stage, long start) {
        long now = System.nanoTime();
        profile.record(stage, now - start);
        return now;
    }

    private void buildIslands(int n) {
        islands.begin(n);
        Contact[] cs = contacts.array();
        // One pass over the contacts (they outgrow the caches in a large world): join their
        // bodies, and let a contact touching a sleeping dynamic body wake it (and through the
        // resolver its island). Joining reads only body types, so the order of the two is free.
        // Continuous collision notes each collision contact's depth against the static world.
        boolean noteDepths = settings.continuousCollision();
        int count = contacts.size();
        for (int c = 0; c < count; c++) {
            RigidBody b0 = cs[c].body0(), b1 = cs[c].body1();
            islands.connect(islandIndex(b0), islandIndex(b1));
            wakeIfTouchedByAwake(b0, b1);
            wakeIfTouchedByAwake(b1, b0);
            if (noteDepths && c < collisionContactCount) {
                sweep.noteContact(b0, b1, cs[c]);
            }
        }
        if (softStep != null) {
            // Joints are constraints, not contacts, in the soft step: they join islands themselves.
            for (int j = 0; j < joints.size(); j++) {
                RigidBody b0 = joints.get(j).body0(), b1 = joints.get(j).body1();
                islands.connect(islandIndex(b0), islandIndex(b1));
                wakeIfTouchedByAwake(b0, b1);
                wakeIfTouchedByAwake(b1, b0);
            }
        }
        for (int i = 0; i < n; i++) {
            RigidBody b = bodies.at(i);
            inIsland[i] = b.type() == BodyType.DYNAMIC && b.isAwake();
        }
        islands.finish(inIsland);
    }

    private void wakeIfTouchedByAwake(RigidBody sleeper, RigidBody other) {
        if (sleeper != null && !sleeper.isAwake() && sleeper.type() == BodyType.DYNAMIC && other != null
                && other.isAwake() && other.type() != BodyType.STATIC) {
            sleeper.setAwake(true);
        }
    }

    private static int islandIndex(RigidBody b) {
        return b == null || b.type() != BodyType.DYNAMIC ? -1 : b.worldIndex();
    }

    /** An island whose bodies are all still falls asleep together. */
    private void sleepStillIslands(int n) {
        if (!settings.sleepEnabled()) {
            return;
        }
        for (int k = 0; k < islands.islandCount(); k++) {
            boolean still = true;
            for (int j = 0; j < islands.bodyCount(k) && still; j++) {
                RigidBody b = bodies.at(islands.body(k, j));
                still = b.canSleep() && b.isAwake() && b.motion() < b.sleepEpsilon();
            }
            if (!still) {
                continue;
            }
            int island = bodies.at(islands.body(k, 0)).id().index();
            for (int j = 0; j < islands.bodyCount(k); j++) {
                RigidBody b = bodies.at(islands.body(k, j));
                b.setAwake(false);
                setSleepIsland(b.id().index(), island);
            }
        }
    }

    /** Sets a slot's sleep island (−1: none), keeping {@link #sleepIslandMembers} right. */
    private void setSleepIsland(int slot, int island) {
        sleepIslandMembers += (island >= 0 ? 1 : 0) - (sleepIsland[slot] >= 0 ? 1 : 0);
        sleepIsland[slot] = island;
    }

    /**
     * The force generators' stage: the sleep islands of bodies woken since the last step wake
     * whole, then the generators run. The generators' clocks advance ({@code forces.endStep}) only
     * once the pair callback has run too, so a step that fails in the game's code changes nothing.
     */
    private void applyForces(double dt) {
        wakeRecords = 0;
        recordWakes = true;
        wakeTouchedSleepIslands();
        forces.applyForces(dt);
    }

    /**
     * Undoes the stages before collision detection, after the game's code threw in them: bodies
     * and the broad phase as the step found them ({@link StateGuard#undo},
     * {@link CollisionStage#undoStep}), sleep islands woken whole put back to sleep. The last step's events are still to read: this step's begin only after.
     */
    private void undoStep() {
        guard.undo(bodies);
        collision.undoStep();
        for (int r = wakeRecords - 1; r >= 0; r--) {
            setSleepIsland(wakeSlot[r], wakeIsland[r]);
        }
        wakeRecords = 0;
        recordWakes = false;
    }

    /** This step's events begin: the last step's cleared, those made between steps and the quarantines' added. */
    private void beginEvents() {
        recordWakes = false;
        events.clear();
        endEvents.clear();
        events.takeFrom(pendingEvents);
        guard.reportQuarantines(events);
    }

    /**
     * While the game's code may still fail the step: its wakes of whole sleep islands, each woken
     * slot and its island before, for {@link #undoStep}.
     */
    private boolean recordWakes;
    private int wakeRecords;
    private int[] wakeSlot = new int[16], wakeIsland = new int[16];

    private void recordWake(int slot) {
        if (wakeRecords == wakeSlot.length) {
            wakeSlot = Arrays.copyOf(wakeSlot, 2 * wakeRecords);
            wakeIsland = Arrays.copyOf(wakeIsland, 2 * wakeRecords);
        }
        wakeSlot[wakeRecords] = slot;
        wakeIsland[wakeRecords] = sleepIsland[slot];
        wakeRecords++;
    }

    /** A body woken since it slept (force, edit, touch) wakes the rest of its sleep island. */
    private void wakeTouchedSleepIslands() {
        if (sleepIslandMembers == 0) {
            return; // nothing asleep: nothing to wake (always so with sleeping off)
        }
        int n = bodies.size();
        for (int i = 0; i < n; i++) {
            RigidBody b = bodies.at(i);
            int slot = b.id().index();
            if (b.isAwake() && sleepIsland[slot] >= 0) {
                wakeSleepIsland(sleepIsland[slot]);
            }
        }
    }

    private void wakeSleepIsland(int island) {
        int n = bodies.size();
        for (int i = 0; i < n; i++) {
            RigidBody b = bodies.at(i);
            int slot = b.id().index();
            if (sleepIsland[slot] == island) {
                if (recordWakes) {
                    recordWake(slot);
                }
                setSleepIsland(slot, -1);
                if (!b.isAwake()) {
                    b.setAwake(true);
                }
            }
        }
    }

    /**
     * Begin/persist/end per body pair, from this step's collision contacts. Which pairs began,
     * persist and ended is settled here, from the contacts' pair keys alone; what a begin or
     * persist event carries (point, normal, depth, impulse) is read from the contacts only when
     * the events are read ({@link #fillContactEvents}). A game that never reads them spares a pass
     * over every contact per step: in a 10,000-body world, 40,000 cache misses.
     */
    private void recordContactEvents() {
        pairCache.beginStep();
        pairEvents = 0;
        groupPairEvents();
        endUnmatchedPairs();
        events.deferContacts(fillContactEvents);
    }

    /**
     * A pair event per touching pair of the collision contacts, its contacts counted. Contacts of
     * one pair lie together.
     */
    private void groupPairEvents() {
        Contact[] cs = contacts.array();
        for (int c = 0, end; c < collisionContactCount; c = end) {
            long pair = contactPairs[c];
            end = c + 1;
            while (end < collisionContactCount && contactPairs[end] == pair) {
                end++;
            }
            if (!touches(cs, c, end)) {
                continue;
            }
            int prev = pairCache.add(pair, 0);
            if (pairEvents == pairEventFirst.length) {
                int cap = 2 * pairEvents;
                pairEventFirst = Arrays.copyOf(pairEventFirst, cap);
                pairEventContacts = Arrays.copyOf(pairEventContacts, cap);
                pairEventBegan = Arrays.copyOf(pairEventBegan, cap);
            }
            pairEventFirst[pairEvents] = c;
            pairEventContacts[pairEvents] = end - c;
            pairEventBegan[pairEvents] = prev < 0;
            pairEvents++;
        }
    }

    /**
     * @return whether the pair of contacts {@code from..end} touched this step. The impulse solvers
     *     hand the solver speculative contacts too, for pairs that may touch within the step: such
     *     a pair touched only if one of its points overlapped or carried a load, so a falling box
     *     begins touching the ground in the step it lands, not the step before. Millington's
     *     resolver reports no impulses, and every contact it is handed lies within its margin.
     */
    private boolean touches(Contact[] cs, int from, int end) {
        if (settings.solver() == WorldSettings.Solver.MILLINGTON) {
            return true;
        }
        for (int k = from; k < end; k++) {
            if (cs[k].penetration() >= 0 || cs[k].appliedNormalImpulse() > 0) {
                return true;
            }
        }
        return false;
    }

    /** Last step's pairs not touching now: an END event, or kept while both sleep. */
    private void endUnmatchedPairs() {
        int previous = pairCache.previousCount();
        for (int i = 0; i < previous; i++) {
            if (!pairCache.matched(i)) {
                int sa = pairCache.previousBodyA(i);
                int sb = pairCache.previousBodyB(i);
                if (restingAsleep(sa) && restingAsleep(sb)) {
                    // Sleeping pairs are not collided, but they still touch: keep them, no event.
                    pairCache.add(pairCache.previousPair(i), 0);
                    continue;
                }
                // Resolved now: the slot may be reused before the events are read.
                endEvents.addContact(ContactEvent.Type.END, idOfLiveSlot(sa), idOfLiveSlot(sb), null, null, 0, 0, 0);
            }
        }
    }

    /**
     * Writes this step's begin and persist events (one per pair: the summed normal impulse, and
     * the point, normal and depth of its deepest contact), then its end events, into the event
     * buffer. Runs on the first read of the events; the contacts it reads are the step's, which
     * nothing changes until the next step ({@link #removeBody} reads the events first).
     */
    private void fillContactEvents() {
        Contact[] cs = contacts.array();
        for (int e = 0; e < pairEvents; e++) {
            int c = pairEventFirst[e];
            Contact first = cs[c];
            RigidBody a = first.body0();
            RigidBody b = first.body1();
            events.addContact(pairEventBegan[e] ? ContactEvent.Type.BEGIN : ContactEvent.Type.PERSIST,
                    a == null ? null : a.id(), b == null ? null : b.id(), first.point(), first.normal(),
                    first.penetration(), first.appliedNormalImpulse(), 1);
            for (int k = 1; k < pairEventContacts[e]; k++) {
                Contact more = cs[c + k];
                events.accumulateLast(more.appliedNormalImpulse(), more.point(), more.normal(), more.penetration());
            }
        }
        events.takeFrom(endEvents);
    }

    private static int slotOf(RigidBody b) {
        return b == null ? -1 : b.id().index();
    }

    /** @return whether the body in {@code slot} does not move this step (asleep or static). */
    private boolean restingAsleep(int slot) {
        RigidBody b = slot < 0 ? null : bodies.atSlot(slot);
        return b != null && (b.type() == BodyType.STATIC || !b.isAwake());
    }

    private BodyId idOfLiveSlot(int slot) {
        RigidBody b = slot < 0 ? null : bodies.atSlot(slot);
        return b == null ? null : b.id();
    }

    /** Sleep and wake events; @return the awake non-static bodies. */
    private int bodyEvents(int n) {
        int awake = 0;
        for (int i = 0; i < n; i++) {
            RigidBody b = bodies.at(i);
            if (b.type() == BodyType.STATIC) {
                continue;
            }
            awake += b.isAwake() ? 1 : 0;
            int slot = b.id().index();
            if (b.isQuarantined()) {
                // Reported as NON_FINITE when it happened, not as falling asleep.
                wasAwake[slot] = false;
                continue;
            }
            if (b.isAwake() != wasAwake[slot]) {
                events.addBody(b.isAwake() ? BodyEvent.Type.WAKE : BodyEvent.Type.SLEEP, b.id());
                wasAwake[slot] = b.isAwake();
            }
        }
        return awake;
    }

    // ------------------------------------------------------------------ results

    /** @return the timings and counts of the last step. */
    public StepProfile profile() {
        return profile;
    }

    /**
     * @return the contact events of the last step (read-only, reused by the next step). What a
     *     begin or persist event carries is read from the step's contacts on the first read of
     *     this list, so a game that never reads it does not pay for it; the events are the same
     *     whenever they are read before the next step.
     */
    public List<ContactEvent> contactEvents() {
        return events.contactEvents();
    }

    /** @return the body sleep/wake events of the last step (read-only, reused by the next step). */
    public List<BodyEvent> bodyEvents() {
        return events.bodyEvents();
    }

    /** @return the contacts resolved in the last step, collision contacts first, then joints'. */
    public ContactBuffer contacts() {
        return contacts;
    }

    /** @return steps taken since the world was made (or restored). */
    public long stepCount() {
        return stepCount;
    }

    // ------------------------------------------------------------------ queries and drawing

    /**
     * The closest shape hit by a ray from {@code origin} along {@code direction} (any length,
     * normalised here) within {@code maxDistance} (m), or empty.
     *
     * @param origin the ray's start, world space, m
     * @param direction the ray's direction, not zero
     * @param maxDistance the longest hit distance, m
     * @return the closest hit, or empty
     */
    public java.util.Optional<RayHit> castRay(Vector3dc origin, Vector3dc direction, double maxDistance) {
        return castRay(origin, direction, maxDistance, null);
    }

    /**
     * {@link #castRay(Vector3dc, Vector3dc, double)} seeing only shapes the filter accepts (null: all).
     *
     * @param origin the ray's start, world space, m
     * @param direction the ray's direction, not zero
     * @param maxDistance the longest hit distance, m
     * @param filter which shapes the ray sees, or null for all
     * @return the closest hit, or empty
     */
    public java.util.Optional<RayHit> castRay(Vector3dc origin, Vector3dc direction, double maxDistance,
            CollisionFilter filter) {
        Check.finite("origin", origin);
        Check.finite("direction", direction);
        if (!(direction.lengthSquared() > 0)) {
            throw new IllegalArgumentException("direction must be non-zero, was " + direction);
        }
        RayHit hit = new RayHit();
        return collision.queries().castRay(origin, direction, maxDistance, filter, null, hit)
                ? java.util.Optional.of(hit) : java.util.Optional.empty();
    }

    /**
     * Every shape hit by the ray, nearest first.
     *
     * @param origin the ray's start, world space, m
     * @param direction the ray's direction
     * @param maxDistance the longest hit distance, m
     * @param filter which shapes the ray sees, or null for all
     * @return a new list of the hits
     */
    public List<RayHit> castRayAll(Vector3dc origin, Vector3dc direction, double maxDistance, CollisionFilter filter) {
        Check.finite("origin", origin);
        Check.finite("direction", direction);
        List<RayHit> hits = new ArrayList<>();
        collision.queries().castRayAll(origin, direction, maxDistance, filter, null, hits);
        return hits;
    }

    /**
     * The bodies with a shape touching or overlapping {@code shape} placed at {@code pose}, each
     * once, in the order their shapes are found (see
     * {@link #overlap(Shape, Pose, CollisionFilter, dev.tumble.core.collision.query.QueryCallback)}).
     *
     * @param shape the shape to test
     * @param pose where it is placed, world space
     * @param filter which shapes are seen, or null for all
     * @return a new list of the bodies
     */
    public List<RigidBody> overlap(Shape shape, Pose pose, CollisionFilter filter) {
        List<RigidBody> found = new ArrayList<>();
        collision.queries().overlap(shape, pose, filter, null, (body, s, proxy) -> {
            if (body != null && !found.contains(body)) {
                found.add(body);
            }
            return true;
        });
        return found;
    }

    /**
     * The closest shape hit by a ray from {@code origin} along {@code direction} (any length,
     * normalised here) within {@code maxDistance} (m), written into {@code out}: allocates nothing.
     *
     * @param origin the ray's start, world space, m
     * @param direction the ray's direction, not zero
     * @param maxDistance the longest hit distance, m (≥ 0)
     * @param filter which shapes the ray sees, or null for all
     * @param out receives the hit (left as it was on a miss)
     * @return whether something was hit
     */
    public boolean castRay(Vector3dc origin, Vector3dc direction, double maxDistance, CollisionFilter filter, RayHit out) {
        return collision.queries().castRay(origin, direction, maxDistance, filter, null, out);
    }

    /**
     * Sweeps {@code shape} from {@code start} along {@code translation} without turning it and
     * finds the first shape it touches: the fraction of the translation, the contact point and the
     * normal (from the hit shape towards the cast one). A shape touching or overlapping something
     * at the start hits at fraction 0. Exact to {@value dev.tumble.core.collision.query.ShapeCast#TOLERANCE} m:
     * at the fraction reported the shapes are at most that far apart. Allocates nothing.
     *
     * @param shape the cast shape: a sphere, box, capsule, convex hull or cylinder (need not be in the world)
     * @param start its world pose at the start
     * @param translation how far it moves, world space, m (zero allowed)
     * @param filter which shapes it sees, or null for all
     * @param out receives the hit (left as it was on a miss)
     * @return whether something was hit within the translation
     */
    public boolean castShape(Shape shape, Pose start, Vector3dc translation, CollisionFilter filter,
            dev.tumble.core.collision.query.ShapeCastHit out) {
        return collision.queries().castShape(shape, start, translation, filter, null, out);
    }

    /**
     * The shape nearest {@code shape} placed at {@code pose}, if any is within
     * {@code maxDistance}: the distance between their surfaces (0 when they touch or overlap) and
     * the closest point on each. Allocates nothing.
     *
     * @param shape the query shape: a sphere, box, capsule, convex hull or cylinder (need not be in the world)
     * @param pose where it is placed, world space
     * @param maxDistance the farthest a shape may be and still be found, m (≥ 0)
     * @param filter which shapes are seen, or null for all
     * @param out receives the closest points (left as it was when nothing is near)
     * @return whether a shape was within {@code maxDistance}
     */
    public boolean closestPoints(Shape shape, Pose pose, double maxDistance, CollisionFilter filter,
            dev.tumble.core.collision.query.ClosestPoints out) {
        return collision.queries().closestPoints(shape, pose, maxDistance, filter, null, out);
    }

    /**
     * The shape surface nearest {@code point}, if any is within {@code maxDistance}: the nearest
     * surface point, the outward normal there and the signed distance (negative when the point is
     * inside a solid shape; the deepest one wins). Allocates nothing.
     *
     * @param point the query point, world space, m
     * @param maxDistance the farthest a surface may be and still be found, m (≥ 0)
     * @param filter which shapes are seen, or null for all
     * @param out receives the nearest surface point (left as it was when nothing is near)
     * @return whether a surface was within {@code maxDistance}
     */
    public boolean closestPoint(Vector3dc point, double maxDistance, CollisionFilter filter,
            dev.tumble.core.collision.query.PointHit out) {
        return collision.queries().closestPoint(point, maxDistance, filter, null, out);
    }

    /**
     * Reports every solid shape containing {@code point} (a point on the surface counts; a
     * two-sided plane contains nothing), in proxy order. Allocates nothing.
     *
     * @param point the query point, world space, m
     * @param filter which shapes are seen, or null for all
     * @param callback receives each shape; returns false to stop; may not start another query
     * @return the number of shapes reported
     */
    public int containing(Vector3dc point, CollisionFilter filter, dev.tumble.core.collision.query.QueryCallback callback) {
        return collision.queries().containing(point, filter, null, callback);
    }

    /**
     * The bodies with a shape containing {@code point}, each once, in the order their shapes are found.
     *
     * @param point the query point, world space, m
     * @param filter which shapes are seen, or null for all
     * @return a new list of the bodies
     */
    public List<RigidBody> bodiesContaining(Vector3dc point, CollisionFilter filter) {
        List<RigidBody> found = new ArrayList<>();
        collision.queries().containing(point, filter, null, (body, shape, proxy) -> {
            if (body != null && !found.contains(body)) {
                found.add(body);
            }
            return true;
        });
        return found;
    }

    /**
     * Reports every shape touching or overlapping {@code shape} placed at {@code pose}, in proxy
     * order: exact for spheres, boxes, capsules and hulls against those, planes and half-spaces
     * (their distance is 0). Allocates nothing.
     *
     * @param shape the shape to test
     * @param pose where it is placed, world space
     * @param filter which shapes are seen, or null for all
     * @param callback receives each shape; returns false to stop; may not start another query
     * @return the number of shapes reported
     */
    public int overlap(Shape shape, Pose pose, CollisionFilter filter, dev.tumble.core.collision.query.QueryCallback callback) {
        return collision.queries().overlap(shape, pose, filter, null, callback);
    }

    /**
     * Sets the collision filter (category, mask, group) of every shape of a body of this world.
     *
     * @param body a body of this world
     * @param filter the filter, not null
     */
    public void collisionFilter(RigidBody body, CollisionFilter filter) {
        requireIdle("collisionFilter");
        bodies.requireMember("body", body);
        collision.filter(body, Check.notNull("filter", filter));
    }

    /**
     * Sets (or clears with null) a callback that may veto any candidate pair.
     *
     * @param callback the callback, or null
     */
    public void pairCallback(PairCallback callback) {
        requireIdle("pairCallback");
        collision.pairCallback(callback);
    }

    /**
     * Draws the world's bodies, last step's contacts and the joints into {@code draw}.
     *
     * @param walker walks the world and chooses what to draw
     * @param draw receives the lines and points
     */
    public void debugDraw(WorldDebugDraw walker, DebugDraw draw) {
        walker.draw(bodies.view(), contacts, joints, draw);
    }

    // ------------------------------------------------------------------ snapshots

    /**
     * Saves the whole world: every body (id, type, shapes, material, mass, damping, filters and
     * every state bit), the body ids' free slots and generations, the joints, the force
     * generators with their state, and the contact state warm starting needs. {@link #restore}
     * brings the world back to it, even after bodies, joints and generators were added or removed,
     * and it then steps on bit for bit as it did from here. See {@link #restore} for which objects
     * come back and for the game's own generators and joints.
     *
     * @return the snapshot's bytes (self-contained; the format carries a version)
     */
    public byte[] snapshot() {
        return WorldSnapshot.write(this);
    }

    /**
     * Puts the world back to a {@link #snapshot} of it (or of a world made with equal settings),
     * so that stepping on gives the same bits as stepping on from when the snapshot was taken.
     *
     * <p>Which objects come back: a body is matched by its {@link BodyId}. The body the world
     * holds under that id keeps its object, its state overwritten; a body removed since comes back
     * as the same object when the game still holds it (and it is in no other world), else as a new
     * one; bodies added since leave the world. Ids handed out afterwards are the ones the
     * snapshot's world would have handed out. Joints and force generators are matched likewise,
     * by the serial the world gave each when it was added: the object is kept when it is still
     * reachable and of the same kind and bodies, else the engine's joints and generators are
     * rebuilt from the snapshot. A joint or generator of the game's own class is saved by
     * reference (its state is the game's business): it is restored only as the same object, so the
     * game must keep a reference to it while a snapshot holding it may be restored; otherwise the
     * restore is refused. The {@link #pairCallback} and each body's user data are the game's and
     * are left as they are. The last step's contacts and events are cleared.
     *
     * @param snapshot bytes from {@link #snapshot()}
     * @throws IllegalArgumentException when the snapshot is malformed (truncated, with bytes after
     *     its end, of another format version, made with other settings, or holding a state no body,
     *     shape, joint or generator can have) or names a game object the world no longer knows;
     *     the message says what, and the world is left exactly as it was
     * @throws IllegalStateException when called from inside a step
     */
    public void restore(byte[] snapshot) {
        requireIdle("restore");
        Check.notNull("snapshot", snapshot);
        // Everything is read, checked and matched before anything changes.
        SnapshotRestore plan = SnapshotReader.read(this, snapshot);
        plan.applyTo(this);
    }

    /**
     * For {@link SnapshotRestore}: the sleep bookkeeping of the restored bodies (slot, island,
     * awake at the end of the last step), the step count, and no contacts or events left over.
     */
    void restoreBookkeeping(int slots, int[] slot, int[] island, boolean[] awake, long steps) {
        ensureSlot(Math.max(0, slots - 1));
        Arrays.fill(wasAwake, false);
        for (int s = 0; s < sleepIsland.length; s++) {
            setSleepIsland(s, -1);
        }
        for (int i = 0; i < slot.length; i++) {
            setSleepIsland(slot[i], island[i]);
            wasAwake[slot[i]] = awake[i];
        }
        stepCount = steps;
        contacts.clear();
        collisionContactCount = 0;
        pairEvents = 0;
        events.clear();
        endEvents.clear();
        pendingEvents.clear();
    }

    /**
     * @return a hash of every body's state bits (position, orientation, velocities, awake), in
     *     body order: equal hashes mean (with overwhelming likelihood) identical simulations.
     */
    public long stateHash() {
        long h = 0xCBF29CE484222325L;
        for (int i = 0; i < bodies.size(); i++) {
            RigidBody b = bodies.at(i);
            h = mix(h, b.positionX(), b.positionY(), b.positionZ());
            h = mix(h, b.orientationW(), b.orientationX(), b.orientationY());
            h = mix(h, b.orientationZ(), b.velocityX(), b.velocityY());
            h = mix(h, b.velocityZ(), b.angularVelocityX(), b.angularVelocityY());
            h = mix(h, b.angularVelocityZ(), b.isAwake() ? 1 : 0, 0);
        }
        return h;
    }

    private static long mix(long h, double a, double b, double c) {
        h = (h ^ Double.doubleToLongBits(a)) * 0x100000001B3L;
        h = (h ^ Double.doubleToLongBits(b)) * 0x100000001B3L;
        return (h ^ Double.doubleToLongBits(c)) * 0x100000001B3L;
    }

    // ------------------------------------------------------------------ internals

    private void ensureFeatureKeys(int n) {
        if (featureKeys.length < n) {
            featureKeys = Arrays.copyOf(featureKeys, Math.max(n, featureKeys.length * 2));
            contactPairs = Arrays.copyOf(contactPairs, featureKeys.length);
        }
    }

    private void ensureDense(int n) {
        if (inIsland.length < n) {
            inIsland = new boolean[Math.max(n, inIsland.length * 2)];
        }
    }

    private void ensureSlot(int slot) {
        if (slot >= wasAwake.length) {
            int len = Math.max(slot + 1, wasAwake.length * 2);
            wasAwake = Arrays.copyOf(wasAwake, len);
            int old = sleepIsland.length;
            sleepIsland = Arrays.copyOf(sleepIsland, len);
            Arrays.fill(sleepIsland, old, len, -1);
        }
    }
}
