package dev.tumble.core.world;

import dev.tumble.core.body.BodyRegistry;
import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.broad.BroadPhase;
import dev.tumble.core.collision.broad.BroadPhaseBackup;
import dev.tumble.core.collision.CollisionFilter;
import dev.tumble.core.collision.PairCallback;
import dev.tumble.core.collision.narrow.ContactManifold;
import dev.tumble.core.collision.narrow.ContactPoint;
import dev.tumble.core.collision.narrow.NarrowPhase;
import dev.tumble.core.collision.query.BodyShape;
import dev.tumble.core.collision.broad.Queries;
import dev.tumble.core.collision.shape.Aabb;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.joint.Joint;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * The world's collision detection: one broad-phase proxy per shape (owner: a {@link BodyShape}),
 * candidate pairs from the dynamic AABB tree in proxy-id order, contacts from the narrow phase
 * written straight into the world's contact buffer. Each contact gets a feature key (shape
 * indices and the narrow phase's feature id) so solvers and events can match it next step.
 */
final class CollisionStage {
    private final WorldSettings settings;
    private final BroadPhase broad;
    private final Queries queries;
    /** Whether a pair callback is set; then {@link #backup} holds the broad phase as the step began. */
    private boolean hasCallback;
    private final BroadPhaseBackup backup = new BroadPhaseBackup();
    private final NarrowPhase narrow = new NarrowPhase();
    private final ContactManifold manifold = new ContactManifold();
    /** Each pair's last manifold, reused while the pair has hardly moved. */
    private final ManifoldCache manifolds = new ManifoldCache();
    /** {@link WorldSettings#manifoldReuseDistance()}, m (0: every pair tested every step). */
    private final double reuseDistance;
    private int pairsTested;
    private int pairsReused;
    private final Pose pose = new Pose();
    private final Aabb aabb = new Aabb();
    /** Half the narrow phase's speculative margin, m: added to every proxy's tight box. */
    private final double halfMargin;
    /** The speculative margin every pair gets, m. */
    private final double baseMargin;
    /**
     * Whether each pair's margin grows by how far its bodies may close this step (the soft step,
     * which finds contacts once, at the start of the step, and must see every contact the step can
     * make: a ball falling 10 cm a step meets the ground's contact before it overlaps it).
     */
    private final boolean predictive;
    /** The step being collided, s (for {@link #predictive} margins). */
    private double stepDt;

    /** Per body slot: its proxy ids, one per shape, in shape order. */
    private int[][] proxiesOfSlot = new int[16][];
    /** Per body slot: the distance (m) from its centre of mass that bounds its shapes. */
    private double[] outerRadiusOfSlot = new double[16];
    /** Per body slot: {@link RigidBody#innerRadius()}, m. */
    private double[] innerRadiusOfSlot = new double[16];
    /** Per proxy id: the shape's index on its body. */
    private int[] shapeIndexOfProxy = new int[16];
    /** Sorted keys of body pairs joined by a joint that does not collide its bodies. */
    private long[] jointPairs = new long[0];
    /** Per contact written this step: feature key (shape indices and feature id). */
    private long[] contactFeature = new long[64];
    /** Per contact written this step: its body pair ({@link ContactCache#pairKey} of the two slots). */
    private long[] contactPair = new long[64];
    /** {@link #collideWithImmovable}: the shape being checked and where its contacts go. */
    private BodyShape recheckShape;
    private int recheckProxy;
    private ContactBuffer recheckOut;
    private final IntPredicate recheckVisitor = this::recheckAgainst;

    CollisionStage(WorldSettings settings) {
        this.settings = settings;
        this.broad = new BroadPhase(settings.aabbMargin());
        this.queries = new Queries(broad);
        // Contacts between shapes still apart: speculative for sequential impulses, the book's
        // pessimistic contacts for Millington's resolver (0 there unless asked for).
        if (settings.solver() == WorldSettings.Solver.SEQUENTIAL_IMPULSE) {
            narrow.speculativeMargin(settings.sequentialImpulse().speculativeDistance()).roundMargins(true);
        } else {
            narrow.speculativeMargin(settings.resolver().contactMargin());
        }
        // Boxes grown by half the margin each pair exactly the shapes the narrow phase may report.
        baseMargin = narrow.speculativeMargin();
        halfMargin = 0.5 * baseMargin;
        predictive = settings.solver() == WorldSettings.Solver.SEQUENTIAL_IMPULSE;
        reuseDistance = settings.manifoldReuseDistance();
    }

    void add(RigidBody body) {
        int slot = body.id().index();
        if (slot >= proxiesOfSlot.length) {
            int n = Math.max(slot + 1, proxiesOfSlot.length * 2);
            proxiesOfSlot = Arrays.copyOf(proxiesOfSlot, n);
            outerRadiusOfSlot = Arrays.copyOf(outerRadiusOfSlot, n);
            innerRadiusOfSlot = Arrays.copyOf(innerRadiusOfSlot, n);
        }
        // The box corners at the current pose bound the shapes at any pose.
        outerRadiusOfSlot[slot] = reach(body);
        innerRadiusOfSlot[slot] = body.innerRadius();
        List<dev.tumble.core.collision.shape.Shape> shapes = body.shapes();
        int[] ids = new int[shapes.size()];
        for (int s = 0; s < ids.length; s++) {
            pose.set(body, shapes.get(s));
            shapes.get(s).computeAabb(pose, aabb).fatten(halfMargin);
            int id = broad.add(aabb, CollisionFilter.DEFAULT, body.type() == BodyType.STATIC,
                    new BodyShape(body, shapes.get(s)));
            if (id >= shapeIndexOfProxy.length) {
                shapeIndexOfProxy = Arrays.copyOf(shapeIndexOfProxy, Math.max(id + 1, shapeIndexOfProxy.length * 2));
            }
            shapeIndexOfProxy[id] = s;
            broad.sleeping(id, !body.isAwake());
            ids[s] = id;
        }
        proxiesOfSlot[slot] = ids;
    }

    void remove(RigidBody body) {
        int slot = body.id().index();
        for (int id : proxiesOfSlot[slot]) {
            broad.remove(id);
        }
        proxiesOfSlot[slot] = null;
    }

    /** Sets the collision filter of every shape of {@code body}. */
    void filter(RigidBody body, CollisionFilter filter) {
        for (int id : proxiesOfSlot[body.id().index()]) {
            broad.filter(id, filter);
        }
    }

    /** Sets (or clears) the pair veto callback. */
    void pairCallback(PairCallback callback) {
        broad.pairCallback(callback);
        hasCallback = callback != null;
    }

    /** Sets the body pairs (by slot) that must not collide because a joint joins them. */
    void setJointPairs(List<Joint> joints) {
        long[] keys = new long[joints.size()];
        int n = 0;
        for (Joint j : joints) {
            if (!j.collideConnected() && j.body1() != null) {
                keys[n++] = unorderedKey(j.body0().id().index(), j.body1().id().index());
            }
        }
        jointPairs = Arrays.copyOf(keys, n);
        Arrays.sort(jointPairs);
    }

    private static long unorderedKey(int a, int b) {
        return a < b ? ContactCache.pairKey(a, b) : ContactCache.pairKey(b, a);
    }

    private boolean jointed(RigidBody a, RigidBody b) {
        return jointPairs.length > 0
                && Arrays.binarySearch(jointPairs, unorderedKey(a.id().index(), b.id().index())) >= 0;
    }

    /**
     * Moves the proxies of awake, non-static bodies to their new boxes, tracks sleep, and finds
     * this step's candidate pairs (only proxies that left their fat box query the tree).
     */
    /**
     * As a step begins: with a pair callback, which runs after the proxies have moved and may
     * throw, a copy of the broad phase for {@link #undoStep}.
     */
    void beginStep() {
        if (hasCallback) {
            broad.save(backup);
        }
    }

    /** Puts the broad phase back as {@link #beginStep} found it (the game's code failed the step). */
    void undoStep() {
        if (hasCallback) {
            broad.restore(backup);
        }
    }

    void updateBroadPhase(BodyRegistry bodies, double dt) {
        stepDt = dt;
        int n = bodies.size();
        for (int i = 0; i < n; i++) {
            RigidBody b = bodies.at(i);
            if (b.type() == BodyType.STATIC) {
                continue;
            }
            if (b.isAwake()) {
                move(b, dt);
            } else {
                for (int id : proxiesOfSlot[b.id().index()]) {
                    broad.sleeping(id, true);
                }
            }
        }
        broad.updatePairs();
    }

    /** Moves a body's proxies; {@code dt} (s) predicts its travel so the fat box leads it. */
    private void move(RigidBody b, double dt) {
        List<dev.tumble.core.collision.shape.Shape> shapes = b.shapes();
        int[] ids = proxiesOfSlot[b.id().index()];
        double dx = b.velocityX() * dt, dy = b.velocityY() * dt, dz = b.velocityZ() * dt;
        double turn = predictive ? spin(b) * outerRadiusOfSlot[b.id().index()] * dt : 0;
        for (int s = 0; s < ids.length; s++) {
            pose.set(b, shapes.get(s));
            shapes.get(s).computeAabb(pose, aabb).fatten(halfMargin);
            if (predictive) {
                // The box swept over the step, so pairs that will meet during it are reported.
                aabb.fatten(turn);
                aabb.minX += Math.min(dx, 0);
                aabb.minY += Math.min(dy, 0);
                aabb.minZ += Math.min(dz, 0);
                aabb.maxX += Math.max(dx, 0);
                aabb.maxY += Math.max(dy, 0);
                aabb.maxZ += Math.max(dz, 0);
            }
            broad.move(ids[s], aabb, dx, dy, dz);
            broad.sleeping(ids[s], !b.isAwake());
        }
    }

    /** Writes this step's collision contacts (of the pairs {@link #updateBroadPhase} found) into {@code out}. */
    void findContacts(ContactBuffer out) {
        // Bodies moved since the last call: every shape's pose and polytope is built afresh,
        // once, however many pairs it is in.
        narrow.forgetShapes();
        manifolds.beginStep();
        pairsTested = 0;
        pairsReused = 0;
        int pairs = broad.pairCount();
        for (int p = 0; p < pairs; p++) {
            int ia = broad.pairA(p);
            int ib = broad.pairB(p);
            BodyShape a = (BodyShape) broad.owner(ia);
            BodyShape b = (BodyShape) broad.owner(ib);
            if (!mayCollide(a.body(), b.body()) || jointed(a.body(), b.body())) {
                continue;
            }
            collidePair(a, ia, b, ib, out);
        }
        manifolds.finishStep();
    }

    /** Kinematic and static bodies never collide with each other; quarantined ones with nothing. */
    private static boolean mayCollide(RigidBody a, RigidBody b) {
        return (a.type() == BodyType.DYNAMIC || b.type() == BodyType.DYNAMIC)
                && !a.isQuarantined() && !b.isQuarantined();
    }

    /**
     * Whether a swept {@code mover} may stop against shape proxy {@code proxy} of {@code target}:
     * the same tests a contact between them would pass (not itself, not jointed, filters).
     */
    boolean maySweepInto(RigidBody mover, RigidBody target, int proxy) {
        if (target == mover || !mayCollide(mover, target) || jointed(mover, target)) {
            return false;
        }
        int[] own = proxiesOfSlot[mover.id().index()];
        return own.length == 0 || CollisionFilter.shouldCollide(broad.filter(own[0]), broad.filter(proxy));
    }

    /**
     * Writes into {@code out} the contacts of dynamic {@code body}, at its current pose, with
     * every static or kinematic shape (the same filters and joint exclusions as
     * {@link #findContacts}); the dynamic body is body 0. For a body the solver moved after this
     * step's contacts were found. Call {@link #forgetMovedShapes()} once before a batch of these.
     */
    void collideWithImmovable(RigidBody body, ContactBuffer out) {
        List<dev.tumble.core.collision.shape.Shape> shapes = body.shapes();
        int[] ids = proxiesOfSlot[body.id().index()];
        recheckOut = out;
        for (int s = 0; s < ids.length; s++) {
            pose.set(body, shapes.get(s));
            shapes.get(s).computeAabb(pose, aabb).fatten(halfMargin);
            recheckShape = (BodyShape) broad.owner(ids[s]);
            recheckProxy = ids[s];
            broad.tree().query(aabb, recheckVisitor);
        }
        recheckShape = null;
        recheckOut = null;
    }

    private boolean recheckAgainst(int proxy) {
        BodyShape target = (BodyShape) broad.owner(proxy);
        RigidBody mover = recheckShape.body();
        if (target.body().type() != BodyType.DYNAMIC && maySweepInto(mover, target.body(), proxy)) {
            collidePair(recheckShape, recheckProxy, target, proxy, recheckOut, false);
        }
        return true;
    }

    /** Forgets the narrow phase's remembered poses: bodies moved since {@link #findContacts}. */
    void forgetMovedShapes() {
        narrow.forgetShapes();
    }

    /**
     * @return the distance (m) from {@code body}'s centre of mass to the farthest corner of its
     *     shapes' boxes at its current pose: a bound on how far a turn of 1 rad moves any of its points
     */
    double reach(RigidBody body) {
        List<dev.tumble.core.collision.shape.Shape> shapes = body.shapes();
        double px = body.positionX(), py = body.positionY(), pz = body.positionZ();
        double r = 0;
        for (int s = 0; s < shapes.size(); s++) {
            pose.set(body, shapes.get(s));
            shapes.get(s).computeAabb(pose, aabb);
            double dx = Math.max(Math.abs(aabb.minX - px), Math.abs(aabb.maxX - px));
            double dy = Math.max(Math.abs(aabb.minY - py), Math.abs(aabb.maxY - py));
            double dz = Math.max(Math.abs(aabb.minZ - pz), Math.abs(aabb.maxZ - pz));
            r = Math.max(r, Math.sqrt(dx * dx + dy * dy + dz * dz));
        }
        return r;
    }

    private void collidePair(BodyShape sa, int proxyA, BodyShape sb, int proxyB, ContactBuffer out) {
        collidePair(sa, proxyA, sb, proxyB, out, true);
    }

    private void collidePair(BodyShape sa, int proxyA, BodyShape sb, int proxyB, ContactBuffer out, boolean keys) {
        RigidBody a = sa.body();
        RigidBody b = sb.body();
        // The dynamic body goes first, so a static partner is always body 1.
        if (a.type() != BodyType.DYNAMIC) {
            BodyShape t = sa;
            sa = sb;
            sb = t;
            int tp = proxyA;
            proxyA = proxyB;
            proxyB = tp;
            a = sa.body();
            b = sb.body();
        }
        int shapeA = shapeIndexOfProxy[proxyA];
        int shapeB = shapeIndexOfProxy[proxyB];
        if (predictive) {
            narrow.speculativeMargin(baseMargin + closingBound(a, b) * stepDt);
        }
        int n = keys ? collideOrReuse(sa, proxyA, sb, proxyB) : narrow.collide(proxyA, a, sa.shape(), proxyB, b, sb.shape(), manifold);
        if (n == 0) {
            return;
        }
        double friction = settings.frictionMix().mix(a.friction(), b.friction());
        double restitution = Math.max(a.restitution(), b.restitution());
        long shapes = ((long) shapeA << 48) | ((long) shapeB << 32);
        long pair = ContactCache.pairKey(a.id().index(), b.id().index());
        for (int k = 0; k < manifold.size(); k++) {
            ContactPoint cp = manifold.get(k);
            int index = out.size();
            out.add(a, b, cp.point, cp.normal, cp.penetration, friction, restitution);
            if (!keys) {
                continue;
            }
            if (contactFeature.length <= index) {
                int cap = Math.max(index + 1, contactFeature.length * 2);
                contactFeature = Arrays.copyOf(contactFeature, cap);
                contactPair = Arrays.copyOf(contactPair, cap);
            }
            contactFeature[index] = shapes | (cp.featureId & 0xFFFFFFFFL);
            contactPair[index] = pair;
        }
    }

    /**
     * @return a bound on how fast any point of a's shapes approaches any point of b's, m/s: the
     *     relative speed of the centres plus each body's spin times its reach
     */
    private double closingBound(RigidBody a, RigidBody b) {
        double dvx = a.velocityX() - b.velocityX(), dvy = a.velocityY() - b.velocityY(), dvz = a.velocityZ() - b.velocityZ();
        return Math.sqrt(dvx * dvx + dvy * dvy + dvz * dvz) + spin(a) * outerRadiusOfSlot[a.id().index()]
                + spin(b) * outerRadiusOfSlot[b.id().index()];
    }

    private static double spin(RigidBody b) {
        double x = b.angularVelocityX(), y = b.angularVelocityY(), z = b.angularVelocityZ();
        return Math.sqrt(x * x + y * y + z * z);
    }

    /**
     * The contacts of a pair (dynamic body first) into {@link #manifold}: last step's, carried
     * along, while the pair has moved less than its reuse tolerance since they were found;
     * otherwise the narrow phase's, remembered for the next steps.
     */
    private int collideOrReuse(BodyShape sa, int proxyA, BodyShape sb, int proxyB) {
        RigidBody a = sa.body();
        RigidBody b = sb.body();
        int slotA = a.id().index();
        int slotB = b.id().index();
        boolean bDynamic = b.type() == BodyType.DYNAMIC;
        // A thin or small body gets a tolerance in proportion to it.
        double inner = bDynamic ? Math.min(innerRadiusOfSlot[slotA], innerRadiusOfSlot[slotB]) : innerRadiusOfSlot[slotA];
        double tolerance = Math.min(reuseDistance, WorldSettings.MANIFOLD_REUSE_FRACTION * inner);
        if (!(tolerance > 0)) {
            pairsTested++;
            return narrow.collide(proxyA, a, sa.shape(), proxyB, b, sb.shape(), manifold);
        }
        // The smaller body moves in the frame of the larger (a static one never moves).
        boolean moverIsA = b.type() == BodyType.STATIC || outerRadiusOfSlot[slotA] <= outerRadiusOfSlot[slotB];
        double moverRadius = moverIsA ? outerRadiusOfSlot[slotA] : outerRadiusOfSlot[slotB];
        boolean aLow = proxyA < proxyB;
        long key = aLow ? ((long) proxyA << 32) | proxyB : ((long) proxyB << 32) | proxyA;
        pairsTested++;
        if (manifolds.reuse(key, aLow, a, b, moverIsA, tolerance, moverRadius, narrow.speculativeMargin(), manifold)) {
            pairsReused++;
            return manifold.size();
        }
        int n = narrow.collide(proxyA, a, sa.shape(), proxyB, b, sb.shape(), manifold);
        manifolds.store(key, aLow, a, b, moverIsA, manifold);
        return n;
    }

    /** @return shape pairs looked at by the last {@link #findContacts} (reused ones included). */
    int pairsTested() {
        return pairsTested;
    }

    /** @return pairs of the last {@link #findContacts} whose manifold was carried over. */
    int pairsReused() {
        return pairsReused;
    }

    // ------------------------------------------------------------------ snapshots

    /**
     * Writes the broad phase and, per body in dense order, its proxy ids and radii (snapshots).
     *
     * @param out receives the bytes
     * @param bodies the world's bodies
     * @throws IOException when {@code out} fails
     */
    void write(DataOutput out, BodyRegistry bodies) throws IOException {
        broad.write(out);
        for (int i = 0; i < bodies.size(); i++) {
            int slot = bodies.at(i).id().index();
            int[] ids = proxiesOfSlot[slot];
            for (int id : ids) {
                out.writeInt(id);
            }
            out.writeDouble(outerRadiusOfSlot[slot]);
            out.writeDouble(innerRadiusOfSlot[slot]);
        }
    }

    /** The collision state of a snapshot, read and checked, not yet applied. */
    static final class Saved {
        final BroadPhase broad;
        final int[][] proxies;
        final double[] outer, inner;

        private Saved(BroadPhase broad, int n) {
            this.broad = broad;
            this.proxies = new int[n][];
            this.outer = new double[n];
            this.inner = new double[n];
        }
    }

    /**
     * Reads what {@link #write} wrote, checking that every live proxy belongs to exactly one
     * shape of one body.
     *
     * @param in supplies the bytes
     * @param shapeCounts the shape count of each snapshot body, in dense order
     * @return the state read
     */
    Saved read(DataInput in, int[] shapeCounts) throws IOException {
        Saved saved = new Saved(BroadPhase.read(in, settings.aabbMargin()), shapeCounts.length);
        int capacity = saved.broad.proxyCapacity();
        boolean[] owned = new boolean[capacity];
        int ownedCount = 0;
        for (int i = 0; i < shapeCounts.length; i++) {
            int[] ids = new int[shapeCounts[i]];
            for (int s = 0; s < ids.length; s++) {
                int id = in.readInt();
                if (!saved.broad.isLive(id) || owned[id]) {
                    throw new IllegalArgumentException("snapshot body " + i + " shape " + s + " proxy must be a live proxy"
                            + " of no other shape, was " + id);
                }
                owned[id] = true;
                ownedCount++;
                ids[s] = id;
            }
            saved.proxies[i] = ids;
            saved.outer[i] = radius(in.readDouble(), i, "outer");
            saved.inner[i] = radius(in.readDouble(), i, "inner");
        }
        for (int id = 0; id < capacity; id++) {
            if (saved.broad.isLive(id) && !owned[id]) {
                throw new IllegalArgumentException("snapshot proxy " + id + " belongs to no body's shape");
            }
        }
        return saved;
    }

    private static double radius(double r, int body, String which) {
        if (!(r >= 0) || Double.isNaN(r)) {
            throw new IllegalArgumentException("snapshot body " + body + " " + which + " radius must be >= 0, was " + r);
        }
        return r;
    }

    /**
     * Takes the state of a snapshot: {@code bodies} are the world's bodies now, in the
     * snapshot's dense order, with its ids and shapes.
     */
    void restore(Saved saved, BodyRegistry bodies) {
        int slots = Math.max(16, bodies.slotCount());
        proxiesOfSlot = new int[slots][];
        outerRadiusOfSlot = new double[slots];
        innerRadiusOfSlot = new double[slots];
        shapeIndexOfProxy = new int[Math.max(16, saved.broad.proxyCapacity())];
        for (int i = 0; i < bodies.size(); i++) {
            RigidBody b = bodies.at(i);
            int slot = b.id().index();
            int[] ids = saved.proxies[i];
            proxiesOfSlot[slot] = ids;
            outerRadiusOfSlot[slot] = saved.outer[i];
            innerRadiusOfSlot[slot] = saved.inner[i];
            for (int s = 0; s < ids.length; s++) {
                shapeIndexOfProxy[ids[s]] = s;
                saved.broad.owner(ids[s], new BodyShape(b, b.shapes().get(s)));
            }
        }
        broad.adopt(saved.broad);
    }

    /** Writes the reused manifolds' state into a snapshot. */
    void writeManifolds(java.io.DataOutput out) throws java.io.IOException {
        manifolds.write(out);
    }

    /** Reads what {@link #writeManifolds} wrote; {@code dryRun} only validates. */
    void readManifolds(java.io.DataInput in, boolean dryRun) throws java.io.IOException {
        (dryRun ? new ManifoldCache() : manifolds).read(in);
    }

    /** @return the feature key of collision contact {@code i} of this step. */
    long featureKey(int i) {
        return contactFeature[i];
    }

    /** @return the body pair of collision contact {@code i} of this step ({@link ContactCache#pairKey}). */
    long pairKey(int i) {
        return contactPair[i];
    }

    /** @return ray casts and overlap tests over the world's shapes. */
    Queries queries() {
        return queries;
    }

    /** @return the broad phase (for debug drawing of boxes). */
    BroadPhase broadPhase() {
        return broad;
    }
}
