package dev.tumble.core.solve.impulse;

import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.force.ForceRegistry;
import dev.tumble.core.joint.Joint;
import dev.tumble.core.world.SequentialImpulseSettings;
import java.util.List;

/**
 * The soft step: one world step of sequential impulses in Box2D v3's order, run as a list of
 * {@link Stage}s. The contacts were found at the start-of-step poses (with speculative ones for
 * pairs about to touch); the solver then takes every awake body through the substeps
 * <pre>
 *   for each substep h = dt / substeps:
 *     integrate velocities  (gravity, forces; springs and buoyancy at the substep's poses)
 *     warm start            (the contacts' impulses of the last substep)
 *     solve                 (soft contacts' normal rows, biased: overlaps pushed out; joints
 *                            as rigid velocity rows, their limits soft)
 *     integrate positions   (the turn with the gyroscopic term; then the joints' errors
 *                            projected out of the poses)
 *     relax                 (the same rows without bias, and friction: the pull-out's
 *                            velocity taken back; then the shock sweep, from the ground up,
 *                            stops each upper body approaching the one it rests on)
 *   restitution             (points that closed fast leave at up to e times that speed,
 *                            with up to e² of the energy the impact took)
 *   store impulses          (next step's warm start; contact events)
 * </pre>
 * Joints are constraints solved at the bodies' current poses; contacts keep their start-of-step
 * anchors and measure their separation as the bodies move. No guard checks energy: the soft
 * contact rows push overlaps out at a bounded rate and the relax pass removes what that push added
 * to the velocities. The joints' two-sided rows are corrected in position instead
 * (post-stabilisation, {@link JointConstraints#project}): a velocity closing a joint's error is
 * taken back by the relax pass only along the joint's rows, and what of it lies along the joints'
 * free motion (a hinged pair whirled fast) would stay as energy.
 *
 * <p>Allocates nothing once its arrays have grown to the world's size. Deterministic: bodies,
 * contacts and joints are visited in the order given.
 */
public final class SoftStepSolver {
    /** The stages of {@link #solve}, in order. */
    public enum Stage {
        /** Bodies into slots; contact and joint rows built, the contacts' warm-start impulses loaded. */
        PREPARE,
        /** Per substep: velocities from gravity and forces (springs and buoyancy at the substep's poses). */
        INTEGRATE_VELOCITIES,
        /** Per substep: the contacts' accumulated impulses applied; the joints' started from zero. */
        WARM_START,
        /**
         * Per substep: soft contacts' normal rows and the joints' limits with position feedback; the
         * joints' two-sided rows as rigid velocity rows.
         */
        SOLVE,
        /**
         * Per substep: poses moved by the solved velocities; the joints' two-sided errors projected
         * out of the poses; contact separations measured, and rows rebuilt where bodies turned or
         * slid, at the final poses.
         */
        INTEGRATE_POSITIONS,
        /**
         * Per substep: the rows again without position feedback, and the contacts' friction; then
         * the shock sweep ({@link ShockSweep}).
         */
        RELAX,
        /** Once: bounces. */
        RESTITUTION,
        /** Once: impulses kept for the next step, bodies written back. */
        STORE
    }

    private final SequentialImpulseSettings settings;
    private final SolverBodies bodies = new SolverBodies();
    private final ContactConstraints contacts = new ContactConstraints();
    private final JointConstraints joints = new JointConstraints();
    private final PoseForces poseForces = new PoseForces();

    /**
     * A solver with the given settings.
     *
     * @param settings the settings, not null
     */
    public SoftStepSolver(SequentialImpulseSettings settings) {
        this.settings = settings;
    }

    // The step's inputs, set by solve() for its stages.
    private List<RigidBody> worldBodies;
    private Contact[] contactList;
    private int contactCount;
    private double[] warm;
    private List<Joint> jointList;
    private ForceRegistry forces;
    private final double[] gravity = new double[3];
    private double maxLinearSpeed, maxAngularSpeed;

    /**
     * Advances every awake dynamic and kinematic body of {@code worldBodies} by {@code dt} (s).
     *
     * @param worldBodies the world's bodies, by world index
     * @param contactList the step's collision contacts, found at the start-of-step poses
     * @param contactCount how many of {@code contactList} to solve
     * @param warm per contact, its warm-start impulses (normal, tangent 1, tangent 2; N·s) in, and
     *     the impulses to remember out
     * @param jointList the world's joints
     * @param forces the world's force registry, whose generators have run for this step: its
     *     springs are evaluated again at each substep ({@link PoseForces})
     * @param dt the step, s
     * @param gravity world gravity (x, y, z), m/s²
     * @param maxLinearSpeed speed limit, m/s
     * @param maxAngularSpeed angular speed limit, rad/s
     */
    public void solve(List<RigidBody> worldBodies, Contact[] contactList, int contactCount, double[] warm,
            List<Joint> jointList, ForceRegistry forces, double dt, double[] gravity, double maxLinearSpeed,
            double maxAngularSpeed) {
        this.worldBodies = worldBodies;
        this.contactList = contactList;
        this.contactCount = contactCount;
        this.warm = warm;
        this.jointList = jointList;
        this.forces = forces;
        System.arraycopy(gravity, 0, this.gravity, 0, 3);
        this.maxLinearSpeed = maxLinearSpeed;
        this.maxAngularSpeed = maxAngularSpeed;
        int substeps = settings.substeps();
        double h = dt / substeps;
        run(Stage.PREPARE, h);
        for (int i = 0; i < substeps; i++) {
            for (Stage stage : SUBSTEP) {
                run(stage, h);
            }
        }
        run(Stage.RESTITUTION, dt);
        run(Stage.STORE, dt);
        this.worldBodies = null;
        this.contactList = null;
        this.jointList = null;
        this.forces = null;
        this.warm = null;
    }

    private static final Stage[] SUBSTEP = {Stage.INTEGRATE_VELOCITIES, Stage.WARM_START, Stage.SOLVE,
        Stage.INTEGRATE_POSITIONS, Stage.RELAX};

    /** Runs one stage; {@code time} is the substep for the substep stages and the whole step for the rest. */
    private void run(Stage stage, double time) {
        switch (stage) {
            case PREPARE -> prepare(time);
            case INTEGRATE_VELOCITIES -> {
                poseForces.apply(bodies, time);
                bodies.integrateVelocities(time, maxLinearSpeed, maxAngularSpeed);
            }
            case WARM_START -> {
                contacts.warmStart(bodies, time);
                joints.startSubstep();
            }
            case SOLVE -> {
                contacts.solve(bodies, time, settings.maxPushOutSpeed(), true);
                joints.solve(bodies, time, true, settings.maxPushOutSpeed());
            }
            case INTEGRATE_POSITIONS -> {
                bodies.integratePositions(time);
                // The joints' errors out of the poses (post-stabilisation), a gap closed as fast as an overlap is opened.
                joints.project(bodies, settings.maxPushOutSpeed() * time);
                contacts.refresh(bodies); // rows at the new poses, for the relax and the next substep
            }
            case RELAX -> {
                contacts.solve(bodies, time, settings.maxPushOutSpeed(), false);
                joints.solve(bodies, time, false, settings.maxPushOutSpeed());
                contacts.shock(bodies, time);
            }
            case RESTITUTION -> contacts.restitution(bodies, settings.restitutionThreshold());
            case STORE -> {
                contacts.store(contactList, contactCount, warm);
                bodies.store(time);
            }
        }
    }

    /**
     * @param joint the joint
     * @return whether this solver has constraint rows for {@code joint} (ball, hinge, distance and Millington's joints).
     */
    public static boolean solves(Joint joint) {
        return JointConstraints.solves(joint);
    }

    private void prepare(double h) {
        int n = worldBodies.size();
        bodies.begin(n);
        for (int i = 0; i < n; i++) {
            RigidBody b = worldBodies.get(i);
            if (b.isAwake() && b.type() != BodyType.STATIC && !b.isQuarantined()) {
                bodies.add(b, gravity[0], gravity[1], gravity[2], h);
            }
        }
        // Stiffness is capped at a quarter of the substep rate: stiffer springs are not resolved by the substep.
        double rate = 1 / h;
        contacts.softness(settings.contactHertz(), 0.25 * rate, settings.contactDampingRatio(), h);
        joints.softness(Math.min(settings.jointHertz(), 0.25 * rate), settings.jointDampingRatio(), h);
        boolean warmStart = settings.warmStarting();
        contacts.prepare(contactList, contactCount, warm, warmStart, h * settings.substeps(), bodies);
        joints.prepare(jointList, bodies);
        poseForces.prepare(forces, bodies);
    }
}
