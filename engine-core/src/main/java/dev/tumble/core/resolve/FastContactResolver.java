package dev.tumble.core.resolve;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.world.ResolverSettings;
import java.util.Arrays;

/**
 * The resolver the world uses: the book's algorithm with the same results, bit for bit, as
 * {@link ReferenceContactResolver}, in O((n + k·d) log n) instead of O(k·n) per call (k
 * iterations, d contacts per body).
 *
 * <ul>
 *   <li>In preparation every body gets the list of its contacts (adjacency lists in one array,
 *       bodies found through an identity-hash table), so after a fix only the contacts that
 *       share a body with it are updated, each exactly as the reference updates it.</li>
 *   <li>An indexed binary max-heap on penetration (then on desired delta velocity) finds the
 *       worst contact; ties go to the lowest index and NaN never wins, exactly like the
 *       reference's scan (which starts at the epsilon and uses a strict {@code >}).</li>
 * </ul>
 *
 * <p>Every body a contact names counts, including immovable non-null ones: the reference updates
 * (and re-tests the awake state of) every contact sharing one. A static ground given as
 * {@code null} keeps the lists short; a non-null static body touching many contacts makes each
 * fix on it visit all of them.
 *
 * <p>With {@link ResolverSettings#shockPropagation()} on, each pass is followed by a shock pass
 * (rank by rank from the static world, the lower body of each contact held immovable); the
 * results then differ from the reference resolver, which has no such pass.
 *
 * <p>Internal arrays grow to the largest call seen; after that a call allocates nothing.
 */
public final class FastContactResolver extends AbstractContactResolver {
    /** Per contact: body index of body 0 and body 1 ({@code −1} for none), interleaved. */
    private int[] contactBody = new int[0];
    /** CSR adjacency: contacts of body b are {@code adjacency[adjacencyStart[b] .. adjacencyStart[b+1])}. */
    private int[] adjacencyStart = new int[1];
    private int[] adjacencyFill = new int[1];
    private int[] adjacency = new int[0];
    private int bodyCount;

    /** Open-addressing identity table body → index; empty slots hold null. */
    private RigidBody[] slotBody = new RigidBody[16];
    private int[] slotIndex = new int[16];
    private int[] usedSlots = new int[0];

    /** Per contact: the iteration mark that last visited it. */
    private int[] visited = new int[0];
    private int visitMark;

    /** Indexed binary heap of contact indices, best (largest key, then lowest index) first. */
    private int[] heap = new int[0];
    private int[] heapPosition = new int[0];
    private double[] key = new double[0];
    private int heapSize;
    /** Per contact: fixes in the regular position pass of this call ({@link ResolverSettings#jointPositionFixes()}). */
    private int[] fixes = new int[0];
    /** This call's {@link ResolverSettings#jointPositionFixes()}, 0 when it has no collision contact. */
    private int jointFixLimit;

    /** Shock propagation: the most fixes per contact of a rank in its pass. */
    static final int SHOCK_ITERATIONS_PER_CONTACT = 16;
    private static final int UNRANKED = Integer.MAX_VALUE;
    /** Per body index: contacts between it and the static world (0: immovable itself), or UNRANKED. */
    private int[] bodyLevel = new int[0];
    private int[] queue = new int[0];
    /** Per contact: the lower level of its bodies. */
    private int[] contactRank = new int[0];
    private int maxRank;


    /** A resolver with the default settings. */
    public FastContactResolver() {
        this(ResolverSettings.DEFAULTS);
    }

    /**
     * A resolver with the given settings.
     *
     * @param settings the settings, not null
     */
    public FastContactResolver(ResolverSettings settings) {
        super(settings);
    }

    /**
     * Resolves contacts on bodies that an earlier call already resolved in this step (the world's
     * static re-check): the energy guard allows the bodies {@code energyAllowance} (J; what the
     * earlier call left, {@link #energySlack()}) instead of a fresh allowance per body, so the two
     * calls together gain no more than one.
     *
     * @param c the contacts
     * @param n how many of {@code c} to resolve
     * @param duration the step, s
     * @param energyAllowance J, finite and ≥ 0
     */
    public void resolveContacts(Contact[] c, int n, double duration, double energyAllowance) {
        if (!(energyAllowance >= 0) || !Double.isFinite(energyAllowance)) {
            throw new IllegalArgumentException("energyAllowance must be finite and >= 0, was " + energyAllowance);
        }
        this.energyAllowance = energyAllowance;
        try {
            resolveContacts(c, n, duration);
        } finally {
            this.energyAllowance = Double.NaN;
        }
    }

    @Override
    public void resolveContacts(Contact[] c, int n, double duration) {
        begin(c, n, duration);
        if (n == 0) {
            return;
        }
        if (settings.energyGuard()) {
            energyGuard.begin(c, n);
        }
        prepare(c, n, duration);
        buildAdjacency(c, n);
        try {
            boolean shock = settings.shockPropagation() && rankContacts(c, n);
            adjustPositions(c, n);
            if (shock) {
                shockPositions(c, n);
            }
            if (observer != null) {
                observer.afterPositions(c, n);
            }
            adjustVelocities(c, n, duration);
            if (shock) {
                shockVelocities(c, n, duration);
            }
            guardEnergy(duration);
        } finally {
            releaseBodies();
        }
    }

    // ------------------------------------------------------------------ adjacency

    private void buildAdjacency(Contact[] c, int n) {
        ensureContactCapacity(n);
        ensureSlotCapacity(2 * n);
        bodyCount = 0;
        for (int i = 0; i < n; i++) {
            RigidBody b0 = c[i].body0();
            RigidBody b1 = c[i].body1();
            contactBody[2 * i] = b0 == null ? -1 : indexOf(b0);
            contactBody[2 * i + 1] = b1 == null ? -1 : indexOf(b1);
        }
        if (adjacencyStart.length < bodyCount + 1) {
            adjacencyStart = new int[Math.max(bodyCount + 1, adjacencyStart.length * 2)];
            adjacencyFill = new int[adjacencyStart.length];
        }
        Arrays.fill(adjacencyStart, 0, bodyCount + 1, 0);
        int entries = 0;
        for (int k = 0; k < 2 * n; k++) {
            int b = contactBody[k];
            if (b >= 0) {
                adjacencyStart[b + 1]++;
                entries++;
            }
        }
        for (int b = 0; b < bodyCount; b++) {
            adjacencyStart[b + 1] += adjacencyStart[b];
        }
        if (adjacency.length < entries) {
            adjacency = new int[Math.max(entries, adjacency.length * 2)];
        }
        System.arraycopy(adjacencyStart, 0, adjacencyFill, 0, bodyCount);
        for (int k = 0; k < 2 * n; k++) {
            int b = contactBody[k];
            if (b >= 0) {
                adjacency[adjacencyFill[b]++] = k >> 1;
            }
        }
    }

    private int indexOf(RigidBody body) {
        int mask = slotBody.length - 1;
        int h = mix(System.identityHashCode(body)) & mask;
        while (true) {
            RigidBody s = slotBody[h];
            if (s == null) {
                slotBody[h] = body;
                slotIndex[h] = bodyCount;
                usedSlots[bodyCount] = h;
                return bodyCount++;
            }
            if (s == body) {
                return slotIndex[h];
            }
            h = (h + 1) & mask;
        }
    }

    private static int mix(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /** Empties the used slots so the table holds no reference to the bodies between calls. */
    private void releaseBodies() {
        for (int i = 0; i < bodyCount; i++) {
            slotBody[usedSlots[i]] = null;
        }
    }

    private void ensureSlotCapacity(int maxBodies) {
        int want = Integer.highestOneBit(Math.max(16, maxBodies * 2 - 1)) << 1;
        if (slotBody.length < want) {
            slotBody = new RigidBody[want];
            slotIndex = new int[want];
        }
        if (usedSlots.length < maxBodies) {
            usedSlots = new int[Math.max(maxBodies, usedSlots.length * 2)];
        }
    }

    private void ensureContactCapacity(int n) {
        if (key.length >= n) {
            return;
        }
        int cap = Math.max(n, key.length * 2);
        contactBody = new int[2 * cap];
        visited = new int[cap];
        visitMark = 0;
        heap = new int[cap];
        heapPosition = new int[cap];
        key = new double[cap];
        fixes = new int[cap];
    }

    private int nextMark() {
        if (visitMark == Integer.MAX_VALUE) {
            Arrays.fill(visited, 0);
            visitMark = 0;
        }
        return ++visitMark;
    }

    // ------------------------------------------------------------------ passes

    private void adjustPositions(Contact[] c, int n) {
        int limit = positionLimit();
        if (limit == 0) {
            return;
        }
        double epsilon = settings.positionEpsilon();
        // The joint contacts' limit guards collision contacts' share of the budget: with none in
        // the call (a hanging chain) the joints keep the whole budget.
        jointFixLimit = 0;
        for (int i = 0; i < n && jointFixLimit == 0; i++) {
            if (!c[i].isJoint()) {
                jointFixLimit = settings.jointPositionFixes();
            }
        }
        for (int i = 0; i < n; i++) {
            fixes[i] = 0;
            key[i] = positionKey(c, i);
        }
        buildHeap(n);
        while (positionIterationsUsed < limit) {
            int index = heap[0];
            double max = c[index].penetration();
            if (!(max > epsilon) || key[index] == Double.NEGATIVE_INFINITY) {
                break;
            }
            Contact fixed = c[index];
            fixes[index]++;
            fixPosition(c[index], max);
            updateNeighbours(c, index, fixed, -1, false, 0);
            if (observer != null) {
                observer.afterPositionIteration(positionIterationsUsed, index, max, linearChange, angularChange, c, n);
            }
            positionIterationsUsed++;
        }
    }

    private void adjustVelocities(Contact[] c, int n, double duration) {
        int limit = velocityLimit();
        if (limit == 0) {
            return;
        }
        double epsilon = settings.velocityEpsilon();
        for (int i = 0; i < n; i++) {
            key[i] = keyOf(c[i].desiredDeltaVelocity());
        }
        buildHeap(n);
        while (velocityIterationsUsed < limit) {
            int index = heap[0];
            double max = c[index].desiredDeltaVelocity();
            if (!(max > epsilon)) {
                break;
            }
            Contact fixed = c[index];
            fixVelocity(fixed);
            updateNeighbours(c, index, fixed, -1, true, duration);
            if (observer != null) {
                observer.afterVelocityIteration(velocityIterationsUsed, index, max, velocityChange, rotationChange,
                        c, n);
            }
            velocityIterationsUsed++;
        }
    }

    // ------------------------------------------------------------------ shock propagation

    /**
     * Ranks bodies by their distance, in contacts, from the static world (a body touching it is
     * 1) and each contact by the lower of its bodies' ranks; contacts of bodies with no path to
     * the static world get no rank.
     *
     * @return whether any contact has a rank above 0, i.e. one body rests on another
     */
    private boolean rankContacts(Contact[] c, int n) {
        if (bodyLevel.length < bodyCount) {
            bodyLevel = new int[Math.max(bodyCount, bodyLevel.length * 2)];
            queue = new int[bodyLevel.length];
        }
        if (contactRank.length < n) {
            contactRank = new int[Math.max(n, contactRank.length * 2)];
        }
        Arrays.fill(bodyLevel, 0, bodyCount, UNRANKED);
        int head = 0;
        int tail = 0;
        for (int i = 0; i < n; i++) {
            for (int d = 0; d < 2; d++) {
                int b = contactBody[2 * i + d];
                if (b >= 0 && immovable(c[i], d)) {
                    bodyLevel[b] = 0;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            for (int d = 0; d < 2; d++) {
                int b = contactBody[2 * i + d];
                if (b >= 0 && bodyLevel[b] == UNRANKED && immovable(c[i], 1 - d)) {
                    bodyLevel[b] = 1;
                    queue[tail++] = b;
                }
            }
        }
        while (head < tail) {
            int b = queue[head++];
            for (int k = adjacencyStart[b], end = adjacencyStart[b + 1]; k < end; k++) {
                int j = adjacency[k];
                int other = contactBody[2 * j] == b ? contactBody[2 * j + 1] : contactBody[2 * j];
                if (other >= 0 && bodyLevel[other] == UNRANKED) {
                    bodyLevel[other] = bodyLevel[b] + 1;
                    queue[tail++] = other;
                }
            }
        }
        maxRank = 0;
        for (int i = 0; i < n; i++) {
            int rank = Math.min(level(2 * i), level(2 * i + 1));
            contactRank[i] = rank;
            if (rank != UNRANKED && rank > maxRank) {
                maxRank = rank;
            }
        }
        return maxRank > 0;
    }

    /** Whether side d of contact c is the static world or a body no impulse moves. */
    private static boolean immovable(Contact c, int d) {
        RigidBody b = c.body(d);
        return b == null || b.inverseMass() == 0;
    }

    private int level(int side) {
        int b = contactBody[side];
        return b < 0 ? 0 : bodyLevel[b];
    }

    /** Holds the lower body of every contact of {@code rank} whose bodies differ in level; returns the group size. */
    private int holdGroup(Contact[] c, int n, int rank) {
        int size = 0;
        for (int i = 0; i < n; i++) {
            if (contactRank[i] != rank) {
                continue;
            }
            size++;
            int l0 = level(2 * i);
            int l1 = level(2 * i + 1);
            int lower = l0 < l1 ? 0 : l1 < l0 ? 1 : -1;
            if (lower >= 0 && !immovable(c[i], lower) && !(settings.staticRecheck() && c[i].isJoint())) {
                c[i].holdBody(lower);
            }
        }
        return size;
    }

    private void releaseGroup(Contact[] c, int n, int rank) {
        for (int i = 0; i < n; i++) {
            if (contactRank[i] == rank) {
                c[i].holdBody(-1);
            }
        }
    }

    /** Position pass rank by rank, lower bodies held: what rests on a body cannot push it down. */
    private void shockPositions(Contact[] c, int n) {
        double epsilon = settings.positionEpsilon();
        for (int rank = 0; rank <= maxRank; rank++) {
            int size = holdGroup(c, n, rank);
            try {
                for (int i = 0; i < n; i++) {
                    key[i] = contactRank[i] == rank ? positionKey(c, i) : Double.NEGATIVE_INFINITY;
                }
                buildHeap(n);
                int limit = (int) Math.min(positionLimit(), (long) SHOCK_ITERATIONS_PER_CONTACT * size);
                for (int it = 0; it < limit; it++) {
                    int index = heap[0];
                    double max = c[index].penetration();
                    if (contactRank[index] != rank || !(max > epsilon) || key[index] == Double.NEGATIVE_INFINITY) {
                        break;
                    }
                    Contact fixed = c[index];
                    fixPosition(c[index], max);
                    updateNeighbours(c, index, fixed, rank, false, 0);
                    positionIterationsUsed++;
                }
            } finally {
                releaseGroup(c, n, rank);
            }
        }
    }

    /** Velocity pass rank by rank, lower bodies held: a heavy body on a light one is stopped in one sweep. */
    private void shockVelocities(Contact[] c, int n, double duration) {
        double epsilon = settings.velocityEpsilon();
        for (int rank = 0; rank <= maxRank; rank++) {
            int size = holdGroup(c, n, rank);
            try {
                for (int i = 0; i < n; i++) {
                    key[i] = contactRank[i] == rank ? keyOf(c[i].desiredDeltaVelocity()) : Double.NEGATIVE_INFINITY;
                }
                buildHeap(n);
                int limit = (int) Math.min(velocityLimit(), (long) SHOCK_ITERATIONS_PER_CONTACT * size);
                for (int it = 0; it < limit; it++) {
                    int index = heap[0];
                    double max = c[index].desiredDeltaVelocity();
                    if (contactRank[index] != rank || !(max > epsilon)) {
                        break;
                    }
                    Contact fixed = c[index];
                    fixVelocity(fixed);
                    updateNeighbours(c, index, fixed, rank, true, duration);
                    velocityIterationsUsed++;
                }
            } finally {
                releaseGroup(c, n, rank);
            }
        }
    }

    /**
     * After contact {@code index} was fixed: updates every contact sharing a body with it (each
     * once) and re-keys it in the heap, if {@code rank} is negative or the contact is of that rank.
     */
    private void updateNeighbours(Contact[] c, int index, Contact fixed, int rank, boolean velocity, double duration) {
        int mark = nextMark();
        for (int d = 0; d < 2; d++) {
            int b = contactBody[2 * index + d];
            if (b < 0) {
                continue;
            }
            for (int k = adjacencyStart[b], end = adjacencyStart[b + 1]; k < end; k++) {
                int j = adjacency[k];
                if (visited[j] == mark) {
                    continue;
                }
                visited[j] = mark;
                if (velocity) {
                    updateVelocity(c[j], fixed, duration);
                } else {
                    updatePenetration(c[j], fixed);
                }
                if (rank < 0 || contactRank[j] == rank) {
                    rekey(j, velocity ? keyOf(c[j].desiredDeltaVelocity()) : positionKey(c, j));
                }
            }
        }
    }

    /** The position passes' key: the penetration, or last for a contact they do not fix. */
    private double positionKey(Contact[] c, int i) {
        Contact contact = c[i];
        if (jointFixLimit > 0 && fixes[i] >= jointFixLimit && contact.isJoint()) {
            return Double.NEGATIVE_INFINITY;
        }
        return positionFixed(contact) ? keyOf(contact.penetration()) : Double.NEGATIVE_INFINITY;
    }

    /** NaN never beats the epsilon in the scan; it sorts last here. */
    private static double keyOf(double v) {
        return v != v ? Double.NEGATIVE_INFINITY : v;
    }

    // ------------------------------------------------------------------ indexed heap

    /** Whether contact a comes before contact b: larger key, ties to the lower index. */
    private boolean before(int a, int b) {
        double ka = key[a];
        double kb = key[b];
        return ka > kb || (ka == kb && a < b);
    }

    private void buildHeap(int n) {
        heapSize = n;
        for (int i = 0; i < n; i++) {
            heap[i] = i;
            heapPosition[i] = i;
        }
        for (int p = (n >>> 1) - 1; p >= 0; p--) {
            siftDown(p);
        }
    }

    private void rekey(int contact, double newKey) {
        double old = key[contact];
        if (newKey == old && Double.doubleToRawLongBits(newKey) == Double.doubleToRawLongBits(old)) {
            return;
        }
        key[contact] = newKey;
        int p = heapPosition[contact];
        if (newKey > old) {
            siftUp(p);
        } else {
            siftDown(p);
        }
    }

    private void siftUp(int p) {
        int item = heap[p];
        while (p > 0) {
            int parent = (p - 1) >>> 1;
            int other = heap[parent];
            if (!before(item, other)) {
                break;
            }
            heap[p] = other;
            heapPosition[other] = p;
            p = parent;
        }
        heap[p] = item;
        heapPosition[item] = p;
    }

    private void siftDown(int p) {
        int item = heap[p];
        int n = heapSize;
        while (true) {
            int child = 2 * p + 1;
            if (child >= n) {
                break;
            }
            int right = child + 1;
            if (right < n && before(heap[right], heap[child])) {
                child = right;
            }
            int other = heap[child];
            if (!before(other, item)) {
                break;
            }
            heap[p] = other;
            heapPosition[other] = p;
            p = child;
        }
        heap[p] = item;
        heapPosition[item] = p;
    }
}
