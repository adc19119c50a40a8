package dev.tumble.core.solve.impulse;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.joint.DistanceJoint;
import dev.tumble.core.joint.HingeJoint;
import dev.tumble.core.joint.Joint;
import dev.tumble.core.joint.MillingtonJoint;
import java.util.Arrays;
import java.util.List;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * The world's joints as constraints, solved with the contacts at the same poses: every joint's
 * rows are built from the bodies' current poses each time they are solved, so a pendulum's rod is
 * held where its bob is, not where it was at the start of the step.
 *
 * <p>The parts, each a few rows (after Jolt's constraint parts; {@code C} the position error,
 * {@code J} the Jacobian, body 0 taking {@code +J·λ} and body 1 {@code −J·λ}):
 * <ul>
 * <li><b>point</b> (ball joint, hinge anchor): {@code C = x0 − x1}, the two anchors' world points;
 *     row k along axis eₖ: {@code J0 = (eₖ, r0 × eₖ)}, {@code J1 = −(eₖ, r1 × eₖ)}.
 * <li><b>axis</b> (hinge): body 0's axis {@code a} kept perpendicular to two directions {@code b, c}
 *     fixed in body 1 at right angles to its axis: {@code C = (a·b, a·c)},
 *     {@code Ċᵢ = (ω0 − ω1)·(a × bᵢ)}.
 * <li><b>length</b> (rod): {@code C = |x0 − x1| − L} along the unit direction u between the
 *     anchors: {@code J0 = (u, r0 × u)}, {@code J1 = −(u, r1 × u)}.
 * <li><b>limit</b> (hinge angle, cable length): one-sided rows that push only, speculative while
 *     inside the limit (they let the joint reach the limit in this substep and no further).
 * </ul>
 * The two-sided parts of all joints (point, axis, length) are solved exactly, as one system
 * ({@link JointSystem}): as rigid velocity rows in both passes, their position error projected
 * out of the poses after each position integration ({@link #project}); the one-sided limits are
 * soft ({@link Softness}) in the biased solve and rigid in the relax solve, one row at a time,
 * before the system.
 */
final class JointConstraints {
    private static final int POINT = 1, AXIS = 2, ANGLE_LIMIT = 4, ROD = 8, CABLE = 16;

    private int count;
    private Joint[] joint = new Joint[8];
    private int[] slot0 = new int[8], slot1 = new int[8], parts = new int[8];
    /**
     * Per joint, six 3-vectors: anchor, axis and reference on body 0, then on body 1; in body
     * coordinates for a body with a slot, in world coordinates for one without (fixed this step).
     */
    private double[] frame = new double[8 * 18];
    /** Per joint: lower and upper limit (rad or m) and rod length (m). */
    private double[] lower = new double[8], upper = new double[8], length = new double[8];
    private final Softness soft = new Softness();
    private final Vector3d scratch = new Vector3d();
    // Per-solve geometry of the joint being solved (world): arms, points, axes.
    private final double[] r0 = new double[3], r1 = new double[3], x0 = new double[3], x1 = new double[3];
    private final double[] a0 = new double[3], a1 = new double[3], f0 = new double[3], f1 = new double[3];
    /** The two-sided rows, solved exactly as one system. */
    private final JointSystem system = new JointSystem();
    /**
     * Whether {@link #system} holds the rigid rows and factorisation of the last relax pass, at poses
     * no body has left since: the next substep's biased pass, whose two-sided rows are the same
     * rigid rows at the same poses, then solves with them instead of building and factoring again.
     */
    private boolean factored;
    /** Joint entries in breadth-first order over shared bodies (so the system's band is narrow). */
    private int[] order = new int[8];
    /** Per slot: where its joint entries start in {@link #bySlot} (count sort; one more entry than slots). */
    private int[] slotStart = new int[17];
    private int[] bySlot = new int[16];
    private boolean[] visited = new boolean[8];

    /**
     * Loads the joints whose bodies have a slot, reading their anchors, axes and limits.
     *
     * @throws IllegalArgumentException for a joint type this solver has no rows for
     */
    void prepare(List<Joint> joints, SolverBodies bodies) {
        count = 0;
        factored = false;
        ensure(joints.size());
        for (int j = 0; j < joints.size(); j++) {
            Joint jt = joints.get(j);
            int s0 = bodies.slot(jt.body0()), s1 = bodies.slot(jt.body1());
            if (s0 < 0 && s1 < 0) {
                continue;
            }
            int i = count++;
            joint[i] = jt;
            slot0[i] = s0;
            slot1[i] = s1;
            load(i, jt);
        }
        orderBreadthFirst(bodies.count);
    }

    /**
     * Fills {@link #order}: from each joint not yet reached, in index order, the joints it shares a
     * body with, breadth first, so a chain comes out link by link and a tree level by level.
     */
    private void orderBreadthFirst(int slots) {
        if (slotStart.length < slots + 1) {
            slotStart = new int[Math.max(slots + 1, 2 * slotStart.length)];
        }
        Arrays.fill(slotStart, 0, slots + 1, 0);
        for (int i = 0; i < count; i++) {
            countSlot(slot0[i]);
            countSlot(slot1[i]);
        }
        for (int s = 0; s < slots; s++) {
            slotStart[s + 1] += slotStart[s];
        }
        if (bySlot.length < 2 * count) {
            bySlot = new int[Math.max(2 * count, 2 * bySlot.length)];
        }
        // Fill from the back so each slot's joints end up in ascending order.
        for (int i = count - 1; i >= 0; i--) {
            placeSlot(slot0[i], i);
            placeSlot(slot1[i], i);
        }
        Arrays.fill(visited, 0, count, false);
        int head = 0, tail = 0;
        for (int start = 0; start < count; start++) {
            if (visited[start]) {
                continue;
            }
            visited[start] = true;
            order[tail++] = start;
            while (head < tail) {
                int i = order[head++];
                tail = enqueueNeighbours(slot0[i], tail);
                tail = enqueueNeighbours(slot1[i], tail);
            }
        }
    }

    private void countSlot(int s) {
        if (s >= 0) {
            slotStart[s + 1]++;
        }
    }

    private void placeSlot(int s, int i) {
        if (s >= 0) {
            bySlot[--slotStart[s + 1]] = i;
        }
    }

    private int enqueueNeighbours(int s, int tail) {
        if (s < 0) {
            return tail;
        }
        for (int k = slotStart[s]; k < slotStart[s + 1]; k++) {
            int j = bySlot[k];
            if (!visited[j]) {
                visited[j] = true;
                order[tail++] = j;
            }
        }
        return tail;
    }

    /** @return whether {@link #load} has rows for this joint's type. */
    static boolean solves(Joint jt) {
        return jt instanceof HingeJoint || jt instanceof DistanceJoint || jt instanceof MillingtonJoint;
    }

    /** Reads joint {@code jt}'s parts and frame into entry {@code i}. */
    private void load(int i, Joint jt) {
        lower[i] = Double.NEGATIVE_INFINITY;
        upper[i] = Double.POSITIVE_INFINITY;
        if (jt instanceof HingeJoint h) {
            parts[i] = POINT | AXIS;
            if (h.lowerLimit() > Double.NEGATIVE_INFINITY || h.upperLimit() < Double.POSITIVE_INFINITY) {
                parts[i] |= ANGLE_LIMIT;
                lower[i] = h.lowerLimit();
                upper[i] = h.upperLimit();
            }
            setFrame(i, 0, jt.body0(), slot0[i], h.localAnchor0(), h.localAxis0(), h.localReference0());
            setFrame(i, 1, jt.body1(), slot1[i], h.localAnchor1(), h.localAxis1(), h.localReference1());
        } else if (jt instanceof DistanceJoint d) {
            parts[i] = d.kind() == DistanceJoint.Kind.ROD ? ROD : CABLE;
            length[i] = d.length();
            upper[i] = d.length();
            setFrame(i, 0, jt.body0(), slot0[i], d.localAnchor0(), null, null);
            setFrame(i, 1, jt.body1(), slot1[i], d.localAnchor1(), null, null);
        } else if (jt instanceof MillingtonJoint m) {
            // The book's joint: the points may drift apart by the allowed error; a ball joint allows none.
            parts[i] = m.allowedError() == 0 ? POINT : CABLE;
            upper[i] = m.allowedError();
            setFrame(i, 0, jt.body0(), slot0[i], m.position0(), null, null);
            setFrame(i, 1, jt.body1(), slot1[i], m.position1(), null, null);
        } else {
            throw new IllegalArgumentException("joint " + jt + " (" + jt.getClass().getSimpleName()
                    + ") has no constraint rows in the sequential-impulse solver");
        }
    }

    /** Side {@code side}'s anchor, axis and reference: body coordinates with a slot, else world coordinates now. */
    private void setFrame(int i, int side, RigidBody body, int slot, Vector3dc anchor, Vector3dc axis, Vector3dc ref) {
        int o = 18 * i + 9 * side;
        boolean toWorld = slot < 0 && body != null;
        put(o, toWorld ? body.pointToWorld(anchor, scratch) : anchor);
        if (axis != null) {
            put(o + 3, toWorld ? body.directionToWorld(axis, scratch) : axis);
            put(o + 6, toWorld ? body.directionToWorld(ref, scratch) : ref);
        }
    }

    private void put(int o, Vector3dc v) {
        frame[o] = v.x();
        frame[o + 1] = v.y();
        frame[o + 2] = v.z();
    }

    /** The softness of this substep {@code h} (s). */
    void softness(double hertz, double dampingRatio, double h) {
        soft.set(hertz, dampingRatio, h);
    }

    /**
     * Starts every joint's impulses of a substep from zero: joints are not warm-started. Their
     * two-sided rows are solved exactly from the bodies' velocities in every pass and need no
     * starting guess; given last substep's impulses first, as the contacts are, they would load
     * the contacts solved before them with forces that no longer hold, and where contacts and
     * joints fight, that load flings bodies: ragdolls lying on the ground would keep moving and
     * never sleep. Each joint's impulses of the last substep stay readable
     * ({@link Joint#solverImpulses()}).
     */
    void startSubstep() {
        for (int i = 0; i < count; i++) {
            Arrays.fill(joint[i].solverImpulses(), 0);
        }
    }

    /**
     * One pass over every joint's rows (h: the substep, s): the one-sided limits and cables first,
     * then every two-sided row at once. With {@code useBias} the limits pull their errors out
     * softly; the two-sided rows get no position feedback in either pass: they are solved as rigid
     * velocity rows ({@code J·v = 0}, exactly) and their position error is taken out of the poses
     * after the position integration ({@link #project}). A limit stops a turn with a pure torque,
     * and the system then takes out what that did at the anchor, so the pass ends with the held
     * points and axes exact.
     *
     * <p>Why not a velocity bias on the two-sided rows: the biased pass would close a joint's error
     * with a velocity that the relax pass takes back only along the rows. Where it lies along the
     * joints' free motion (a hinged pair whirled fast drifts open by millimetres a substep, and the
     * velocity closing that feeds the spin) it stays, as energy from nowhere.
     *
     * <p>A joint graph too dense for the band falls back to soft blocks solved joint after joint,
     * which keep their bias ({@code useBias}; a gap closed at no more than {@code maxPull} m/s)
     * and are not projected.
     */
    void solve(SolverBodies b, double h, boolean useBias, double maxPull) {
        for (int i = 0; i < count; i++) {
            int p = parts[i];
            if ((p & ANGLE_LIMIT) != 0) {
                solveAngleLimit(b, i, h, useBias);
            }
            if ((p & CABLE) != 0) {
                solveLength(b, i, h, useBias);
            }
        }
        if (factored) {
            // No body has moved since the last relax pass: its rows and factorisation still hold.
            system.solveAgain(b);
            return;
        }
        system.begin();
        for (int k = 0; k < count; k++) {
            addRows(b, order[k]);
        }
        if (system.rows() == 0) {
            return;
        }
        if (system.bandwidth(b.count) <= JointSystem.MAX_BAND) {
            system.solve(b, 0, false, 0, maxPull); // rigid, exact: errors are projected out of the poses
            factored = !useBias;
            return;
        }
        // A joint mesh too dense for the band: each joint's rows as one soft block, joint after
        // joint (block Gauss-Seidel). Stiff blocks fed back through Gauss-Seidel feed each other
        // energy; soft ones, like the contacts', settle.
        double compliance = soft.impulseScale / soft.massScale;
        for (int k = 0; k < count; k++) {
            system.begin();
            addRows(b, order[k]);
            system.bandwidth(b.count);
            system.solve(b, soft.biasRate, useBias, compliance, maxPull);
        }
    }

    /**
     * Moves the poses onto the two-sided rows (post-stabilisation, after Cline and Pai 2003, as
     * Jolt's position steps do): called after the position integration, it rebuilds the rows at
     * the new poses and lets {@link JointSystem#project} close their errors by displacing the
     * bodies, velocities untouched, a distance by at most {@code maxStep} (m). One projection: it
     * is exact to first order, and the rest is second order in the step's drift. A joint graph too
     * dense for the band is left to its soft blocks' bias ({@link #solve}).
     */
    void project(SolverBodies b, double maxStep) {
        factored = false;
        system.begin();
        for (int k = 0; k < count; k++) {
            addRows(b, order[k]);
        }
        if (system.rows() == 0 || system.bandwidth(b.count) > JointSystem.MAX_BAND) {
            return;
        }
        system.project(b, maxStep);
    }

    /** Adds joint i's two-sided rows (point, axis, rod length) at the current poses to {@link #system}. */
    private void addRows(SolverBodies b, int i) {
        int p = parts[i], s0 = slot0[i], s1 = slot1[i];
        double[] acc = joint[i].solverImpulses();
        if ((p & POINT) != 0) {
            points(b, i);
            // Row k along axis eₖ: J0 = (eₖ, r0 × eₖ), J1 = −(eₖ, r1 × eₖ).
            system.addRow(s0, 1, 0, 0, 0, r0[2], -r0[1], s1, -1, 0, 0, 0, -r1[2], r1[1], x0[0] - x1[0], acc, 0);
            system.addRow(s0, 0, 1, 0, -r0[2], 0, r0[0], s1, 0, -1, 0, r1[2], 0, -r1[0], x0[1] - x1[1], acc, 1);
            system.addRow(s0, 0, 0, 1, r0[1], -r0[0], 0, s1, 0, 0, -1, -r1[1], r1[0], 0, x0[2] - x1[2], acc, 2);
        }
        if ((p & AXIS) != 0) {
            axes(b, i);
            addAxisRow(s0, s1, f0, acc, 3);
            addAxisRow(s0, s1, f1, acc, 4);
        }
        if ((p & ROD) != 0) {
            double len = direction(b, i);
            if (len > 0) {
                double ux = f0[0], uy = f0[1], uz = f0[2];
                system.addRow(s0, ux, uy, uz, r0[1] * uz - r0[2] * uy, r0[2] * ux - r0[0] * uz, r0[0] * uy - r0[1] * ux,
                        s1, -ux, -uy, -uz, -(r1[1] * uz - r1[2] * uy), -(r1[2] * ux - r1[0] * uz), -(r1[0] * uy - r1[1] * ux),
                        len - length[i], acc, 7);
            }
        }
    }

    /** The row keeping body 0's axis {@link #a0} at right angles to f: {@code C = a0·f}, {@code J = ±(0, a0 × f)}. */
    private void addAxisRow(int s0, int s1, double[] f, double[] acc, int index) {
        double jx = a0[1] * f[2] - a0[2] * f[1], jy = a0[2] * f[0] - a0[0] * f[2], jz = a0[0] * f[1] - a0[1] * f[0];
        system.addRow(s0, 0, 0, 0, jx, jy, jz, s1, 0, 0, 0, -jx, -jy, -jz, a0[0] * f[0] + a0[1] * f[1] + a0[2] * f[2],
                acc, index);
    }

    // ------------------------------------------------------------------ parts

    /** The hinge angle's limits: one-sided rows about body 1's axis, speculative inside the range. */
    private void solveAngleLimit(SolverBodies b, int i, double h, boolean useBias) {
        angle(b, i); // a1: body 1's axis; f0, f1: the two references
        int s0 = slot0[i], s1 = slot1[i];
        double cx = f1[1] * f0[2] - f1[2] * f0[1], cy = f1[2] * f0[0] - f1[0] * f0[2], cz = f1[0] * f0[1] - f1[1] * f0[0];
        double angle = StrictMath.atan2(cx * a1[0] + cy * a1[1] + cz * a1[2], f1[0] * f0[0] + f1[1] * f0[1] + f1[2] * f0[2]);
        double k = b.angularMass(s0, a1[0], a1[1], a1[2], a1[0], a1[1], a1[2])
                + b.angularMass(s1, a1[0], a1[1], a1[2], a1[0], a1[1], a1[2]);
        if (!(k > 0)) {
            return;
        }
        double[] acc = joint[i].solverImpulses();
        double rate = relativeTurn(b, s0, s1, a1[0], a1[1], a1[2]);
        double dl = limitRow(acc, 5, angle - lower[i], rate, 1 / k, h, useBias);
        double du = limitRow(acc, 6, upper[i] - angle, -rate, 1 / k, h, useBias);
        double l = dl - du;
        turn(b, s0, s1, l * a1[0], l * a1[1], l * a1[2]);
    }

    /** A cable's most length: a one-sided row along the line between the anchors. */
    private void solveLength(SolverBodies b, int i, double h, boolean useBias) {
        double len = direction(b, i);
        if (!(len > 0)) {
            return; // anchors together: no direction to pull along
        }
        int s0 = slot0[i], s1 = slot1[i];
        double ux = f0[0], uy = f0[1], uz = f0[2];
        double k = b.invMass(s0) + b.invMass(s1) + armMass(b, s0, r0, ux, uy, uz) + armMass(b, s1, r1, ux, uy, uz);
        if (!(k > 0)) {
            return;
        }
        double rate = relative(b, s0, s1, 0) * ux + relative(b, s0, s1, 1) * uy + relative(b, s0, s1, 2) * uz;
        double l = -limitRow(joint[i].solverImpulses(), 6, upper[i] - len, -rate, 1 / k, h, useBias);
        applyAt(b, s0, s1, l * ux, l * uy, l * uz);
    }

    /**
     * A one-sided row {@code C ≥ 0} with rate {@code Ċ} and effective mass {@code mass}: speculative
     * while {@code C > 0}, soft when violated in the biased solve; accumulates into {@code acc[row]}.
     *
     * @return the impulse applied this time (≥ −accumulated, so the total stays ≥ 0)
     */
    private double limitRow(double[] acc, int row, double c, double rate, double mass, double h, boolean useBias) {
        double bias = 0, massScale = 1, impulseScale = 0;
        if (c > 0) {
            bias = c / h;
        } else if (useBias) {
            bias = soft.biasRate * c;
            massScale = soft.massScale;
            impulseScale = soft.impulseScale;
        }
        double old = acc[row];
        double next = Math.max(old - massScale * mass * (rate + bias) - impulseScale * old, 0);
        acc[row] = next;
        return next - old;
    }

    // ------------------------------------------------------------------ geometry at the current poses

    /** Fills {@link #r0}, {@link #r1} (arms) and {@link #x0}, {@link #x1} (world anchor points) of joint i. */
    private void points(SolverBodies b, int i) {
        place(b, slot0[i], 18 * i, r0, x0);
        place(b, slot1[i], 18 * i + 9, r1, x1);
    }

    private void place(SolverBodies b, int s, int o, double[] arm, double[] point) {
        if (s < 0) {
            arm[0] = arm[1] = arm[2] = 0;
            point[0] = frame[o];
            point[1] = frame[o + 1];
            point[2] = frame[o + 2];
            return;
        }
        rotate(b, s, o, arm);
        point[0] = b.p[3 * s] + arm[0];
        point[1] = b.p[3 * s + 1] + arm[1];
        point[2] = b.p[3 * s + 2] + arm[2];
    }

    /** Fills {@link #a0} (body 0's axis) and {@link #f0}, {@link #f1} (body 1's reference and axis × reference). */
    private void axes(SolverBodies b, int i) {
        int o = 18 * i;
        direction(b, slot0[i], o + 3, a0);
        direction(b, slot1[i], o + 15, f0);
        direction(b, slot1[i], o + 12, a1);
        f1[0] = a1[1] * f0[2] - a1[2] * f0[1];
        f1[1] = a1[2] * f0[0] - a1[0] * f0[2];
        f1[2] = a1[0] * f0[1] - a1[1] * f0[0];
    }

    /** Fills {@link #a1} (body 1's axis), {@link #f0} (body 0's reference) and {@link #f1} (body 1's reference). */
    private void angle(SolverBodies b, int i) {
        int o = 18 * i;
        direction(b, slot1[i], o + 12, a1);
        direction(b, slot0[i], o + 6, f0);
        direction(b, slot1[i], o + 15, f1);
    }

    /**
     * Fills {@link #r0}, {@link #r1}, {@link #x0}, {@link #x1} and, in {@link #f0}, the unit direction
     * from body 1's anchor to body 0's.
     *
     * @return the distance between the anchors (m; 0 when they coincide and f0 is undefined)
     */
    private double direction(SolverBodies b, int i) {
        points(b, i);
        double dx = x0[0] - x1[0], dy = x0[1] - x1[1], dz = x0[2] - x1[2];
        double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (len > 0) {
            f0[0] = dx / len;
            f0[1] = dy / len;
            f0[2] = dz / len;
        }
        return len;
    }

    private void direction(SolverBodies b, int s, int o, double[] out) {
        if (s < 0) {
            out[0] = frame[o];
            out[1] = frame[o + 1];
            out[2] = frame[o + 2];
        } else {
            rotate(b, s, o, out);
        }
    }

    /** {@code out = R·frame[o..o+3)} with slot s's rotation. */
    private void rotate(SolverBodies b, int s, int o, double[] out) {
        double[] r = b.rot;
        int k = 9 * s;
        double x = frame[o], y = frame[o + 1], z = frame[o + 2];
        out[0] = r[k] * x + r[k + 1] * y + r[k + 2] * z;
        out[1] = r[k + 3] * x + r[k + 4] * y + r[k + 5] * z;
        out[2] = r[k + 6] * x + r[k + 7] * y + r[k + 8] * z;
    }

    // ------------------------------------------------------------------ velocities and impulses

    /** Component {@code axis} of {@code v0 + ω0×r0 − v1 − ω1×r1} with the arms in {@link #r0}, {@link #r1}. */
    private double relative(SolverBodies b, int s0, int s1, int axis) {
        return pointVelocity(b, s0, r0, axis) - pointVelocity(b, s1, r1, axis);
    }

    private static double pointVelocity(SolverBodies b, int s, double[] r, int axis) {
        if (s < 0) {
            return 0;
        }
        int k = 3 * s;
        double[] v = b.v, w = b.w;
        return switch (axis) {
            case 0 -> v[k] + w[k + 1] * r[2] - w[k + 2] * r[1];
            case 1 -> v[k + 1] + w[k + 2] * r[0] - w[k] * r[2];
            default -> v[k + 2] + w[k] * r[1] - w[k + 1] * r[0];
        };
    }

    /** {@code (ω0 − ω1)·d}. */
    private static double relativeTurn(SolverBodies b, int s0, int s1, double dx, double dy, double dz) {
        double t = 0;
        if (s0 >= 0) {
            t += b.w[3 * s0] * dx + b.w[3 * s0 + 1] * dy + b.w[3 * s0 + 2] * dz;
        }
        if (s1 >= 0) {
            t -= b.w[3 * s1] * dx + b.w[3 * s1 + 1] * dy + b.w[3 * s1 + 2] * dz;
        }
        return t;
    }

    /** Applies {@code +P} at {@link #r0} to body 0 and {@code −P} at {@link #r1} to body 1. */
    private void applyAt(SolverBodies b, int s0, int s1, double px, double py, double pz) {
        b.applyImpulse(s0, px, py, pz, r0[0], r0[1], r0[2]);
        b.applyImpulse(s1, -px, -py, -pz, r1[0], r1[1], r1[2]);
    }

    /** Applies the angular impulse {@code +L} to body 0 and {@code −L} to body 1. */
    private static void turn(SolverBodies b, int s0, int s1, double lx, double ly, double lz) {
        b.applyAngularImpulse(s0, lx, ly, lz);
        b.applyAngularImpulse(s1, -lx, -ly, -lz);
    }

    /** {@code (r×u)·I⁻¹·(r×u)} of slot s. */
    private static double armMass(SolverBodies b, int s, double[] r, double ux, double uy, double uz) {
        double cx = r[1] * uz - r[2] * uy, cy = r[2] * ux - r[0] * uz, cz = r[0] * uy - r[1] * ux;
        return b.angularMass(s, cx, cy, cz, cx, cy, cz);
    }

    private void ensure(int n) {
        if (joint.length >= n) {
            return;
        }
        int c = Math.max(n, 2 * joint.length);
        joint = Arrays.copyOf(joint, c);
        order = Arrays.copyOf(order, c);
        visited = Arrays.copyOf(visited, c);
        slot0 = Arrays.copyOf(slot0, c);
        slot1 = Arrays.copyOf(slot1, c);
        parts = Arrays.copyOf(parts, c);
        lower = Arrays.copyOf(lower, c);
        upper = Arrays.copyOf(upper, c);
        length = Arrays.copyOf(length, c);
        frame = Arrays.copyOf(frame, 18 * c);
    }
}
