package dev.tumble.core.world;

import dev.tumble.core.body.BodyRegistry;
import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.broad.BroadPhase;
import dev.tumble.core.collision.broad.DynamicAabbTree;
import dev.tumble.core.collision.query.BodyShape;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.island.IslandBuilder;
import java.util.Arrays;
import org.joml.Vector3d;

/**
 * Continuous collision for fast bodies: a swept-sphere test of each step's motion.
 *
 * <p>A discrete step moves a body by {@code v·dt} and only then looks for contacts, so a body that
 * travels further than its own thickness in one step can pass through a thin wall (a 5 cm
 * pistol round at 300 m/s moves 5 m per 1/60 s step). After integration, every dynamic body with
 * {@link RigidBody#continuousCollision()} on whose step displacement exceeds its
 * {@linkplain RigidBody#innerRadius() inner radius} casts its centre along the displacement against the
 * other shapes. If the path meets a surface, the body is pulled back to where a sphere of its
 * inner radius just touches it (only along the surface's normal: the motion along the surface is
 * kept), and the path to that point is cast again, since the motion kept can carry it into the
 * next surface (a corner), until it meets nothing ({@link #clampPath}); its velocity is kept, so
 * the contact pass that follows sees touching, closing contacts and the solver stops or bounces
 * it. Slow bodies cost nothing.
 */
final class ContinuousCollision implements DynamicAabbTree.RayVisitor {
    private static final BodyAccess BODY = BodyAccess.get();

    private final CollisionStage collision;
    private final Pose pose = new Pose();
    private final Vector3d local = new Vector3d();
    private final Vector3d dir = new Vector3d();
    private final Vector3d normal = new Vector3d();
    private final Vector3d displacement = new Vector3d();

    /** Travel (m) below which a step is never swept, whatever the body's inner radius. */
    static final double MIN_SWEEP_TRAVEL = 0.02;
    /** How far (m) a swept body is left inside what it hit. */
    static final double TOUCH_OVERLAP = 1e-4;

    /**
     * How many surfaces one step's path may be slid off ({@link #clampPath}) before the body is
     * instead stopped where its path first meets a surface: a corner of three walls takes three.
     */
    static final int MAX_SLIDES = 4;

    private RigidBody mover;
    private double ox, oy, oz, dx, dy, dz;
    private double bestT;
    /** The world-frame outward normal of the surface at the nearest hit. */
    private double hitNx, hitNy, hitNz;

    /**
     * What {@link #clampPath} found: the moves it made to the body's end point (unit direction
     * and length, m, each a row of four), the outward normals of the surfaces the path met (a
     * row of three each), and their counts.
     */
    private final double[] moves = new double[4 * (MAX_SLIDES + 1)];
    private final double[] hitNormals = new double[3 * (MAX_SLIDES + 1)];
    private int moveCount, hitCount;
    /** The end point {@link #clampPath} settled on (m). */
    private double endX, endY, endZ;

    /**
     * Whether Millington's resolver guards energy: then a pull-back's potential energy is taken
     * off the body's approach ({@link #takeLiftFromMotion}) and the solved sweep's lifts are paid
     * out of motion ({@link #payOutOfMotion}).
     */
    private final boolean guardsEnergy;


    /** True during {@link #sweepSolved}: only static shapes (half-spaces included) stop the cast. */
    private boolean staticOnly;

    /**
     * Per dense body index, where the body's centre was when this step's contacts were found
     * (x, y, z) and its deepest contact with a static body there (m, 0 if none): see
     * {@link #noteIntegrated}.
     */
    private double[] contactCentre = new double[0];
    private double[] staticDepth = new double[0];
    /**
     * Per dense body index: its inner radius (m; NaN when the body is not swept), noted by
     * {@link #noteIntegrated} so the later passes over every body need not touch the bodies
     * again: in a 10,000-body world each touch is a cache miss.
     */
    private double[] innerRadius = new double[0];
    /** Per dense body index: whether {@link #noteIntegrated} found it moved far enough to be cast. */
    private boolean[] mayCast = new boolean[0];
    /**
     * Per dense body index: whether {@link #noteSolved} found that {@link #sweepSolved} has
     * nothing to do for it this step (cleared by {@link #noteIntegrated}).
     */
    private boolean[] settled = new boolean[0];

    /** Per island the work (J) the solved sweep's lifts did this step; the islands with any. */
    private double[] liftWork = new double[0];
    private int[] liftedIslands = new int[0];
    private int liftedCount;

    ContinuousCollision(CollisionStage collision, WorldSettings settings) {
        this.collision = collision;
        // The sequential-impulse solver has no energy guard: a put-back only takes the velocity into the surface out.
        this.guardsEnergy = settings.solver() == WorldSettings.Solver.MILLINGTON && settings.resolver().energyGuard();
    }

    /** The body's last-frame acceleration along n (m/s²). */
    private static double along(RigidBody b, double nx, double ny, double nz) {
        return b.lastFrameAccelerationX() * nx + b.lastFrameAccelerationY() * ny + b.lastFrameAccelerationZ() * nz;
    }

    /**
     * With Millington's resolver and its energy guard on: the body keeps the speed it gained
     * falling the whole step but is put back {@code lift} short of where it fell to, so the
     * potential energy of the lift, {@code −m·a·n·lift}, is taken off its approach along the hit
     * normal n; otherwise the put-back would hand the body exactly that energy.
     */
    private static void takeLiftFromMotion(RigidBody b, double nx, double ny, double nz, double lift) {
        double work = -b.mass() * along(b, nx, ny, nz) * lift;
        double vn = b.velocityX() * nx + b.velocityY() * ny + b.velocityZ() * nz;
        if (!(work > 0) || !(vn < 0)) {
            return;
        }
        // ½m·vn'² = ½m·vn² − work, still approaching (or at rest along n).
        double slower = -Math.sqrt(Math.max(0, vn * vn - 2 * work / b.mass()));
        double d = slower - vn;
        b.velocity(b.velocityX() + d * nx, b.velocityY() + d * ny, b.velocityZ() + d * nz);
    }

    /**
     * Clamps the motion of this step's fast bodies: those {@link #noteIntegrated} marked.
     *
     * @param bodies   the world's bodies
     * @param previous per dense body index, the centre of mass before integration: x, y, z
     * @return how many bodies were pulled back
     */
    int sweep(BodyRegistry bodies, double[] previous) {
        int clamped = 0;
        for (int i = 0, n = bodies.size(); i < n; i++) {
            if (!mayCast[i]) {
                continue;
            }
            RigidBody b = bodies.at(i);
            if (clampPath(b, previous[3 * i], previous[3 * i + 1], previous[3 * i + 2], innerRadius[i], false)) {
                b.position(endX, endY, endZ);
                if (guardsEnergy) {
                    for (int m = 0; m < moveCount; m++) {
                        takeLiftFromMotion(b, moves[4 * m], moves[4 * m + 1], moves[4 * m + 2], moves[4 * m + 3]);
                    }
                }
                clamped++;
                noteCentre(b, i);
            }
        }
        return clamped;
    }

    /** Sizes the per-body arrays for a step of {@code n} bodies; call before {@link #noteIntegrated}. */
    void begin(int n) {
        if (staticDepth.length < n) {
            int cap = Math.max(n, 2 * staticDepth.length);
            staticDepth = new double[cap];
            contactCentre = new double[3 * cap];
            innerRadius = new double[cap];
            mayCast = new boolean[cap];
            settled = new boolean[cap];
        }
    }

    /**
     * The per-body part of {@link #sweep} that needs no other body, done by the world's
     * integration pass while body {@code i} (dense index) is in cache: notes its inner radius
     * and whether it moved far enough from {@code previous} to be cast.
     * In a 10,000-body world a pass of its own touched every body again, from memory; the sweep
     * now visits only the bodies marked here.
     *
     * <p>It also starts what {@link #sweepSolved} reads: the body's centre where this step's
     * contacts will be found (nothing moves it before then but the sweep, which notes it again)
     * and its deepest contact with the static world, cleared here and raised by
     * {@link #noteContact}. A body's inner ball lies inside it, so a centre whose body reaches
     * {@code depth} into a static surface is at least {@code innerRadius − depth} above it, and
     * one with no static contact at least its inner radius: only a solve that moves the centre
     * further than that can carry it through.
     */
    void noteIntegrated(RigidBody b, int i, double[] previous) {
        noteCentre(b, i);
        staticDepth[i] = 0;
        innerRadius[i] = Double.NaN;
        mayCast[i] = false;
        settled[i] = false;
        if (b.type() != BodyType.DYNAMIC || !b.isAwake() || !b.continuousCollision()) {
            return;
        }
        double radius = innerRadius[i] = b.innerRadius();
        double dx = b.positionX() - previous[3 * i];
        double dy = b.positionY() - previous[3 * i + 1];
        double dz = b.positionZ() - previous[3 * i + 2];
        double reach = castReach(radius);
        mayCast[i] = dx * dx + dy * dy + dz * dz > reach * reach;
    }

    /**
     * The per-body part of {@link #sweepSolved} that needs no other body, done by the island
     * solver right after it solved body {@code i}'s island (dense index), while the body is in
     * cache: marks the body settled when {@link #sweepSolved} would leave it as it is (no
     * pull-back to undo, and a solved motion too short to be cast). In a 10,000-body world a pass
     * of its own touched every body again, from memory. Bodies of different islands write
     * different entries, so island threads may call this at once; it writes nothing else.
     */
    void noteSolved(RigidBody b, int i, double[] previous) {
        if (b.type() != BodyType.DYNAMIC || !b.continuousCollision()) {
            return;
        }
        double radius = innerRadius[i];
        if (Double.isNaN(radius)) {
            return;
        }
        double dx = b.positionX() - previous[3 * i];
        double dy = b.positionY() - previous[3 * i + 1];
        double dz = b.positionZ() - previous[3 * i + 2];
        double travel2 = dx * dx + dy * dy + dz * dz;
        double reach = castReach(radius);
        settled[i] = travel2 <= reach * reach && (travel2 == 0 || !mayHaveCrossed(b, i, radius));
    }

    /**
     * A hair below the travel beyond which {@link #clampPath} casts a body of inner radius
     * {@code radius} (m): a body noted below it surely is not cast, and near it the sweep makes
     * the exact test itself.
     */
    private static double castReach(double radius) {
        return 0.999 * Math.max(radius, MIN_SWEEP_TRAVEL);
    }

    private void noteCentre(RigidBody b, int i) {
        contactCentre[3 * i] = b.positionX();
        contactCentre[3 * i + 1] = b.positionY();
        contactCentre[3 * i + 2] = b.positionZ();
    }

    /**
     * Notes a collision contact's depth if one of its bodies is static (see {@link #noteIntegrated});
     * the world passes every collision contact here in the pass over the contacts it makes anyway
     * (building islands).
     */
    void noteContact(RigidBody a, RigidBody b, Contact k) {
        if (b == null || b.type() == BodyType.STATIC) {
            noteDepth(a, k.penetration());
        } else if (a.type() == BodyType.STATIC) {
            noteDepth(b, k.penetration());
        }
    }

    private void noteDepth(RigidBody b, double penetration) {
        int i = b.worldIndex();
        if (i >= 0 && penetration > staticDepth[i]) {
            staticDepth[i] = penetration;
        }
    }

    /**
     * The static world gets the last word on where a body ends the step (both solvers;
     * Box2D v3 sweeps after its solver for the same reason). The solver moves bodies after the
     * contacts were found: the substeps' joints (sequential impulses), the position passes' joint
     * fixes (Millington), which can drag a light body jointed to heavy ones
     * a long way in a solve that has no collision contact for it. A joint that drags a light body
     * behind a heavy one, or a collision that throws a body hard at the ground, can so carry it
     * from above the ground to below it, past any contact the step found. So after the solve
     * every body whose step (from its centre before integration to its final centre) is longer
     * than its inner radius, or whose solve moved its centre further than it was from the static
     * world when the contacts were found ({@link #noteIntegrated}: a small body already in the
     * ground needs less than its inner radius to be carried through), casts its centre along that
     * path against the static shapes,
     * half-spaces included, and on a hit is put back along the surface's normal until its inner
     * ball just touches (or no deeper than it started), surface after surface, as {@link #sweep}
     * does. Its velocity into each surface met is taken out (an inelastic stop against something
     * immovable: no energy is gained, and next step's contact sees a body at rest on the surface
     * rather than one still diving into it); the motion along the surfaces is kept. What the
     * joints wanted is left for the next step.
     *
     * @param bodies   the world's bodies
     * @param previous per dense body index, the centre of mass before integration: x, y, z
     * @param islands  this step's islands: with the energy guard on, what a put-back lifts against
     *                 gravity is paid out of its island's motion ({@link #payOutOfMotion})
     * @return how many bodies were put back
     */
    int sweepSolved(BodyRegistry bodies, double[] previous, IslandBuilder islands) {
        int clamped = 0;
        staticOnly = true;
        for (int i = 0, n = bodies.size(); i < n; i++) {
            if (settled[i]) {
                continue; // judged by noteSolved while the island solver had the body in cache
            }
            RigidBody b = bodies.at(i);
            if (b.type() != BodyType.DYNAMIC || !b.isAwake() || !b.continuousCollision() || b.isQuarantined()) {
                continue;
            }
            double radius = innerRadius[i];
            if (Double.isNaN(radius)) {
                radius = b.innerRadius(); // woken after the sweep
            }
            if (clampPath(b, previous[3 * i], previous[3 * i + 1], previous[3 * i + 2], radius,
                    mayHaveCrossed(b, i, radius))) {
                b.position(endX, endY, endZ);
                stopAgainstHits(b);
                if (guardsEnergy) {
                    double work = 0;
                    for (int m = 0; m < moveCount; m++) {
                        work -= b.mass() * along(b, moves[4 * m], moves[4 * m + 1], moves[4 * m + 2]) * moves[4 * m + 3];
                    }
                    if (work > 0) {
                        int k = islands.islandOfBody(i);
                        if (k < 0) {
                            payOutOfMotion(bodies, null, -1, i, work);
                        } else {
                            ensureLiftWork(islands.islandCount());
                            if (liftWork[k] == 0) {
                                liftedIslands[liftedCount++] = k;
                            }
                            liftWork[k] += work;
                        }
                    }
                }
                clamped++;
            }
        }
        staticOnly = false;
        for (int j = 0; j < liftedCount; j++) {
            int k = liftedIslands[j];
            payOutOfMotion(bodies, islands, k, -1, liftWork[k]);
            liftWork[k] = 0;
        }
        liftedCount = 0;
        return clamped;
    }

    /**
     * Takes {@code work} (J) out of the kinetic energy of island k's bodies (or of body {@code single}
     * when k < 0) by one scale of their velocities: all of it, if they have no more. The solver's
     * energy guard balanced the island with the put-back body where the solve left it, so the
     * descent the sweep then undid counted as work done for the others, which they would keep as
     * kinetic energy (a heavy body dragged through the ground by a joint and put back would hand
     * its island the whole descent). Scaling about rest keeps every contact that was not closing
     * not closing.
     */
    private static void payOutOfMotion(BodyRegistry bodies, IslandBuilder islands, int k, int single,
            double work) {
        int count = k < 0 ? 1 : islands.bodyCount(k);
        double kinetic = 0;
        for (int j = 0; j < count; j++) {
            RigidBody b = bodies.at(k < 0 ? single : islands.body(k, j));
            if (b.type() == BodyType.DYNAMIC && !b.isQuarantined()) {
                kinetic += b.kineticEnergy();
            }
        }
        if (!(kinetic > 0)) {
            return;
        }
        double s = Math.sqrt(Math.max(0, kinetic - work) / kinetic);
        for (int j = 0; j < count; j++) {
            RigidBody b = bodies.at(k < 0 ? single : islands.body(k, j));
            if (b.type() == BodyType.DYNAMIC && !b.isQuarantined()) {
                b.velocity(s * b.velocityX(), s * b.velocityY(), s * b.velocityZ());
                b.angularVelocity(s * b.angularVelocityX(), s * b.angularVelocityY(), s * b.angularVelocityZ());
            }
        }
    }

    private void ensureLiftWork(int islandCount) {
        if (liftWork.length < islandCount) {
            int cap = Math.max(islandCount, 2 * liftWork.length);
            liftWork = Arrays.copyOf(liftWork, cap);
            liftedIslands = Arrays.copyOf(liftedIslands, cap);
        }
    }

    /**
     * Whether the solve moved body b (dense index i) from where its contacts were found further
     * than its centre was from the static world there ({@link #noteIntegrated}), so that its
     * centre may now be past a static surface.
     */
    private boolean mayHaveCrossed(RigidBody b, int i, double radius) {
        if (!(radius > 0) || i * 3 + 2 >= contactCentre.length) {
            return false;
        }
        double ex = b.positionX() - contactCentre[3 * i];
        double ey = b.positionY() - contactCentre[3 * i + 1];
        double ez = b.positionZ() - contactCentre[3 * i + 2];
        double clearance = radius - staticDepth[i];
        return ex * ex + ey * ey + ez * ez > clearance * Math.abs(clearance);
    }

    /**
     * Casts body b's centre from (px, py, pz) to where it is now against the shapes the visitor
     * accepts and settles where it should end instead ({@code end*}, with the moves that got it
     * there in {@code moves}, their sum in {@code shift*}, and the normals of the surfaces met in
     * {@code hitNormals}). Returns whether that differs from where it is. A step shorter than the
     * body's inner radius (or a few cm for a body with no inner ball, an odd compound) is cast
     * only when {@code force} says so.
     *
     * <p>Where the path meets a surface, the end point is moved back along that surface's normal
     * until the inner ball ends a hair past touching it, and no deeper than it started; the
     * motion along the surface is kept. That kept motion can carry the centre through another
     * surface (at a corner of a room the path meets one wall and slides along it into the
     * next), so the path from the start to the new end point is cast again, and again, until it
     * meets nothing: each cast slides the end off one more surface. A path that still meets a
     * surface after {@link #MAX_SLIDES} slides (a narrow wedge whose faces push the end point
     * into each other) ends where it first meets that surface instead: every point of the path
     * before the first hit is clear of every shape cast against.
     */
    private boolean clampPath(RigidBody b, double px, double py, double pz, double radius, boolean force) {
        double ex = b.positionX(), ey = b.positionY(), ez = b.positionZ();
        moveCount = 0;
        hitCount = 0;
        displacement.set(ex, ey, ez).sub(px, py, pz);
        double travel = displacement.length();
        if (!(travel > Math.max(radius, MIN_SWEEP_TRAVEL)) && !(force && travel > 0)
                || travel == Double.POSITIVE_INFINITY) {
            return false; // a move too long to measure (overflow) has no direction to cast along
        }
        mover = b;
        ox = px;
        oy = py;
        oz = pz;
        for (int slide = 0; travel > 0; slide++) {
            dx = displacement.x / travel;
            dy = displacement.y / travel;
            dz = displacement.z / travel;
            bestT = Double.POSITIVE_INFINITY;
            collision.broadPhase().tree().rayCast(ox, oy, oz, dx, dy, dz, travel + radius, this);
            if (bestT == Double.POSITIVE_INFINITY) {
                break;
            }
            // Take off only the motion along the hit surface's normal that would carry the inner
            // ball past touching it (a hair past, so the narrow phase surely reports the contact
            // that must stop it: round shapes report none at exactly zero distance). The motion
            // along the surface is kept: a thin body sliding or tumbling on the ground faster
            // than its inner radius per step would otherwise be pulled back along its whole path
            // and lose the step.
            double approach = -(dx * hitNx + dy * hitNy + dz * hitNz);
            if (!(approach > 0)) {
                break;
            }
            double startHeight = bestT * approach;
            double endHeight = (bestT - travel) * approach;
            // A body already closer than its inner radius (overlapping) is kept from going
            // deeper. After the solve it is in contact already, so no hair past: a small body
            // squeezed under a heavy one would otherwise sink that hair every step until its
            // centre passed the plane.
            double target = staticOnly && startHeight < radius ? startHeight
                    : Math.min(startHeight, radius) - TOUCH_OVERLAP;
            double lift = target - endHeight;
            if (!(lift > 0)) {
                break; // the end is already far enough from the surface
            }
            hitNormals[3 * hitCount] = hitNx;
            hitNormals[3 * hitCount + 1] = hitNy;
            hitNormals[3 * hitCount + 2] = hitNz;
            hitCount++;
            double mx, my, mz, length;
            if (slide < MAX_SLIDES) {
                mx = hitNx;
                my = hitNy;
                mz = hitNz;
                length = lift;
            } else if (bestT < travel) {
                // Out of slides with the centre's path still crossing a surface: end where the
                // path is as high above it as the slide would have put it, or at the start.
                double stop = Math.max(0, bestT - Math.max(0, target) / approach);
                mx = -dx;
                my = -dy;
                mz = -dz;
                length = travel - stop;
            } else {
                break; // only the ball overlaps past the end: the contacts see to that
            }
            moves[4 * moveCount] = mx;
            moves[4 * moveCount + 1] = my;
            moves[4 * moveCount + 2] = mz;
            moves[4 * moveCount + 3] = length;
            moveCount++;
            ex += mx * length;
            ey += my * length;
            ez += mz * length;
            if (slide == MAX_SLIDES) {
                break;
            }
            displacement.set(ex, ey, ez).sub(px, py, pz);
            travel = displacement.length();
        }
        mover = null;
        if (moveCount == 0) {
            return false;
        }
        endX = ex;
        endY = ey;
        endZ = ez;
        return true;
    }

    /**
     * Takes out body b's velocity into each surface {@link #clampPath} met: an inelastic stop
     * against something immovable. Each removal only takes speed off; a second round catches
     * what one surface's removal turned into the one before it (surfaces at an acute angle).
     */
    private void stopAgainstHits(RigidBody b) {
        for (int round = 0; round < 2; round++) {
            for (int h = 0; h < hitCount; h++) {
                double nx = hitNormals[3 * h], ny = hitNormals[3 * h + 1], nz = hitNormals[3 * h + 2];
                double vn = b.velocityX() * nx + b.velocityY() * ny + b.velocityZ() * nz;
                if (vn < 0) {
                    b.velocity(b.velocityX() - vn * nx, b.velocityY() - vn * ny, b.velocityZ() - vn * nz);
                }
            }
            if (hitCount < 2) {
                return;
            }
        }
    }

    @Override
    public double visit(int proxy, double maxT) {
        BroadPhase broad = collision.broadPhase();
        BodyShape target = (BodyShape) broad.owner(proxy);
        if (!collision.maySweepInto(mover, target.body(), proxy)
                || (staticOnly && target.body().type() != BodyType.STATIC)) {
            return maxT;
        }
        target.pose(pose);
        pose.toLocal(ox, oy, oz, local);
        pose.dirToLocal(dx, dy, dz, dir);
        double t = target.shape().castRayLocal(local.x, local.y, local.z, dir.x, dir.y, dir.z, maxT, normal);
        // t == 0: the centre starts inside that shape (deep overlap); the contact solver, not
        // the sweep, must push it out, so the body is not held in place.
        if (t > 0 && t < bestT) {
            bestT = t;
            pose.dirToWorld(normal.x, normal.y, normal.z, normal);
            hitNx = normal.x;
            hitNy = normal.y;
            hitNz = normal.z;
            return t;
        }
        return maxT;
    }
}
