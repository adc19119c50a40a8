package dev.tumble.core.world;

import dev.tumble.core.body.BodyRegistry;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.island.IslandBuilder;
import dev.tumble.core.resolve.FastContactResolver;
import java.util.Arrays;

/**
 * Resolves the contacts of each island on its own with Millington's resolver. Islands do not
 * interact, so resolving them apart gives each the budget its size needs (the book's advice: a
 * few iterations per contact) and keeps every search small.
 *
 * <p>With {@link WorldSettings#threads()} above 1, islands are shared out to helper threads
 * ({@link IslandThreads}), each with its own solver instances and scratch arrays; each contact's
 * cache entry is written by the one worker that solves its island.
 */
final class IslandSolver {
    private static final BodyAccess BODY = BodyAccess.get();

    private final WorldSettings settings;
    private final FastContactResolver millington;
    private Contact[] scratch = new Contact[64];
    /** Iterations used by this worker's islands this step. */
    private int positionIterations;
    private int velocityIterations;
    /** This solver first, then one copy per helper thread; one entry without threads. */
    private final IslandSolver[] workers;
    private final IslandThreads threads;
    private IslandBuilder jobIslands;
    private BodyRegistry jobBodies;
    private Contact[] jobContacts;
    private double jobDt;
    private ContinuousCollision jobSweep;
    private double[] jobPrevious;
    private final IslandThreads.Job job = this::solveOnWorker;
    /** For {@link dev.tumble.core.world.ResolverSettings#staticRecheck()}; null in helper workers. */
    private final CollisionStage collision;
    private final ContactBuffer recheck = new ContactBuffer();
    /**
     * Per island: what the energy guard left of the island's allowance after its solve (J), which
     * the static re-check of its bodies may spend; written by the worker that solves the island.
     */
    private double[] islandSlack = new double[0];
    /**
     * Per island: whether every body of it was finite when its solve ended ({@link #checkedFinite});
     * written by the worker that solves the island.
     */
    private boolean[] islandFinite = new boolean[0];
    /** Set by {@link #solveIsland} on the worker that ran it: whether the island's bodies ended finite. */
    private boolean lastIslandFinite;
    /**
     * Per dense body: position (3) and orientation (w, x, y, z) before the solve, for the static
     * re-check ({@link RigidBody#getPose}'s layout).
     */
    private double[] poseBefore = new double[0];

    IslandSolver(WorldSettings settings, CollisionStage collision) {
        this(settings, true, collision);
    }

    private IslandSolver(WorldSettings settings, boolean owner, CollisionStage collision) {
        this.settings = settings;
        this.collision = settings.solver() == WorldSettings.Solver.MILLINGTON && settings.resolver().staticRecheck()
                ? collision : null;
        this.millington = new FastContactResolver(settings.resolver());
        int n = owner ? settings.threads() : 1;
        this.threads = n > 1 ? new IslandThreads(n) : null;
        this.workers = new IslandSolver[n];
        workers[0] = this;
        for (int w = 1; w < n; w++) {
            workers[w] = new IslandSolver(settings, false, null);
        }
    }

    /**
     * Resolves every island, then refreshes the derived data (transform, world inertia) of its
     * bodies while they are still in cache: the resolvers leave them stale, as Cyclone's do.
     *
     * @param bodies the world's bodies, indexed as the islands' bodies are
     * @param sweep continuous collision, told of each island body's solved motion while it is in
     *     cache ({@link ContinuousCollision#noteSolved}); null when off
     * @param previous per dense body, its centre before integration (for {@code sweep})
     */
    void solve(IslandBuilder islands, BodyRegistry bodies, ContactBuffer contacts, double dt, ContinuousCollision sweep, double[] previous, StepProfile profile) {
        // The static re-check moves bodies after their island was noted: then the sweep reads them all.
        if (collision != null) {
            sweep = null;
        }
        Contact[] all = contacts.array();
        if (collision != null) {
            savePoses(islands, bodies);
            if (islandSlack.length < islands.islandCount()) {
                islandSlack = new double[Math.max(islands.islandCount(), 2 * islandSlack.length)];
            }
        }
        if (islandFinite.length < islands.islandCount()) {
            islandFinite = new boolean[Math.max(islands.islandCount(), 2 * islandFinite.length)];
        }
        if (threads == null) {
            solveInTurn(islands, bodies, all, dt, sweep, previous);
        } else {
            // Islands share no dynamic body: each is solved by the same code on any worker, so
            // the result is bit-identical to one thread whatever the split.
            jobIslands = islands;
            jobBodies = bodies;
            jobContacts = all;
            jobDt = dt;
            jobSweep = sweep;
            jobPrevious = previous;
            threads.run(job, islands.islandCount());
            jobSweep = null;
            jobPrevious = null;
            jobIslands = null;
            jobBodies = null;
            jobContacts = null;
        }
        if (collision != null) {
            recheckMovedBodies(islands, bodies, dt);
        }
        reportIterations(profile);
    }

    /** Adds every worker's iteration counts to the profile and zeroes them. */
    private void reportIterations(StepProfile profile) {
        for (IslandSolver w : workers) {
            profile.iterations(w.positionIterations, w.velocityIterations);
            w.positionIterations = 0;
            w.velocityIterations = 0;
        }
    }

    /** Solves the islands one after another on this thread. */
    private void solveInTurn(IslandBuilder islands, BodyRegistry bodies, Contact[] all, double dt,
            ContinuousCollision sweep, double[] previous) {
        for (int k = 0; k < islands.islandCount(); k++) {
            double slack = solveIsland(k, islands, bodies, all, dt, sweep, previous);
            islandFinite[k] = lastIslandFinite;
            if (collision != null) {
                islandSlack[k] = slack;
            }
        }
    }

    private void savePoses(IslandBuilder islands, BodyRegistry bodies) {
        if (poseBefore.length < 7 * bodies.size()) {
            poseBefore = new double[Math.max(7 * bodies.size(), 2 * poseBefore.length)];
        }
        for (int k = 0; k < islands.islandCount(); k++) {
            for (int j = 0; j < islands.bodyCount(k); j++) {
                int i = islands.body(k, j);
                bodies.at(i).getPose(poseBefore, 7 * i);
            }
        }
    }

    /**
     * The static re-check ({@link dev.tumble.core.world.ResolverSettings#staticRecheck()}):
     * contacts are found before the solve, so a body the solve moved far (a joint pulling it by
     * its whole error) can end inside static shapes it was not touching. Each such body is
     * collided with the static and kinematic shapes at its new pose, and those contacts are
     * resolved on their own: whatever the joints did, the static world has the last word, and
     * the joints' remaining error is left for the next step. One pass in body order, so the
     * result does not depend on the thread count.
     */
    private void recheckMovedBodies(IslandBuilder islands, BodyRegistry bodies, double dt) {
        collision.forgetMovedShapes();
        double margin = settings.resolver().contactMargin() > 0 ? settings.resolver().contactMargin()
                : settings.resolver().positionEpsilon();
        for (int k = 0; k < islands.islandCount(); k++) {
            recheck.clear();
            for (int j = 0; j < islands.bodyCount(k); j++) {
                int i = islands.body(k, j);
                RigidBody b = bodies.at(i);
                double moved = moved(b, 7 * i);
                if (moved > 0 && (moved > margin || moved > 0.25 * b.innerRadius())) {
                    collision.collideWithImmovable(b, recheck);
                }
            }
            int n = recheck.size();
            if (n == 0) {
                continue;
            }
            // One call per island: its bodies may gain only what the island's own solve left of
            // its energy allowance, not a second allowance (the guard's allowance per body, given
            // twice in one step, would let bodies gain more than a step may).
            int budget = (int) Math.min(Integer.MAX_VALUE, (long) settings.iterationsPerContact() * n);
            millington.limitIterations(budget, budget);
            millington.resolveContacts(recheck.array(), n, dt, islandSlack[k]);
            positionIterations += millington.positionIterationsUsed();
            velocityIterations += millington.velocityIterationsUsed();
            Contact[] c = recheck.array();
            for (int j = 0; j < n; j++) {
                // Body 0 is the dynamic body; the resolver left its transform stale.
                BODY.calculateDerivedData(c[j].body0());
            }
        }
    }

    /** A bound (m) on how far any point of {@code b} moved since its pose was saved at {@code o}. */
    private double moved(RigidBody b, int o) {
        double dx = b.positionX() - poseBefore[o];
        double dy = b.positionY() - poseBefore[o + 1];
        double dz = b.positionZ() - poseBefore[o + 2];
        double linear = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double dot = Math.abs(b.orientationX() * poseBefore[o + 4] + b.orientationY() * poseBefore[o + 5]
                + b.orientationZ() * poseBefore[o + 6] + b.orientationW() * poseBefore[o + 3]);
        if (dot >= 1) {
            return linear;
        }
        // Angle between the two orientations (rad), times how far a point may sit from the centre.
        double angle = 2 * Math.acos(dot);
        return angle > 0 ? linear + angle * collision.reach(b) : linear;
    }

    private void solveOnWorker(int worker, int k) {
        double slack = workers[worker].solveIsland(k, jobIslands, jobBodies, jobContacts, jobDt, jobSweep, jobPrevious);
        islandFinite[k] = workers[worker].lastIslandFinite;
        if (collision != null) {
            islandSlack[k] = slack;
        }
    }

    /**
     * Resolves island {@code k} with this worker's solvers and scratch arrays.
     *
     * @return what the energy guard left of the island's allowance, J
     */
    private double solveIsland(int k, IslandBuilder islands, BodyRegistry bodies, Contact[] all, double dt,
            ContinuousCollision sweep, double[] previous) {
        double slack = resolveIsland(k, islands, all, dt);
        // Every island body is awake and dynamic; only this worker touches it.
        boolean finite = true;
        int n = islands.bodyCount(k);
        for (int j = 0; j < n; j++) {
            int i = islands.body(k, j);
            RigidBody b = bodies.at(i);
            BODY.calculateDerivedData(b);
            finite &= StateGuard.isFinite(b);
            if (sweep != null) {
                sweep.noteSolved(b, i, previous);
            }
        }
        lastIslandFinite = finite;
        return slack;
    }

    /**
     * Whether island {@code k}'s bodies were all finite when its solve ended and nothing this
     * solver did later moved them (the static re-check may): then the world need not read them
     * again to look for NaN, a cache miss per body in a large world. What runs after the solve
     * (the solved-motion sweep) only moves finite bodies by finite amounts.
     */
    boolean checkedFinite(int k) {
        return collision == null && islandFinite[k];
    }

    /** @return what the energy guard left of the island's allowance, J */
    private double resolveIsland(int k, IslandBuilder islands, Contact[] all, double dt) {
        int n = islands.constraintCount(k);
        if (n == 0) {
            return 0;
        }
        if (scratch.length < n) {
            int len = Math.max(n, scratch.length * 2);
            scratch = Arrays.copyOf(scratch, len);
        }
        gatherIsland(k, n, islands, all);
        int budget = (int) Math.min(Integer.MAX_VALUE, (long) settings.iterationsPerContact() * n);
        millington.limitIterations(budget, budget);
        millington.resolveContacts(scratch, n, dt);
        positionIterations += millington.positionIterationsUsed();
        velocityIterations += millington.velocityIterationsUsed();
        return millington.energySlack();
    }

    /** Copies island {@code k}'s {@code n} contacts into {@code scratch}. */
    private void gatherIsland(int k, int n, IslandBuilder islands, Contact[] all) {
        for (int j = 0; j < n; j++) {
            int c = islands.constraint(k, j);
            scratch[j] = all[c];
        }
    }
}
