package dev.tumble.core.collision.narrow;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Aabb;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Plane;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.ShapeType;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.collision.shape.TriangleGeometry;
import java.util.Arrays;
import org.joml.Vector3dc;

/**
 * The narrow-phase dispatcher: picks the contact generator for a shape pair and writes the
 * contacts into a reusable {@link ContactManifold}. Normals point from B towards A (the way A
 * must move), points lie midway between the surfaces, penetration is positive when overlapping.
 *
 * <p>Pairs are sorted by {@link ShapeType} order (sphere, box, capsule, hull, cylinder, plane,
 * half-space, mesh, heightfield)
 * and the generator's normals flipped when the caller's order is the reverse. Plane and
 * half-space collide only with the bounded shapes. One instance holds scratch state: use one per
 * thread. Once warm, a call allocates nothing.
 */
public final class NarrowPhase {
    private final Pose poseA = new Pose();
    private final Pose poseB = new Pose();
    private final Polytope polyA = new Polytope();
    private final Polytope polyB = new Polytope();
    private final PolytopeContacts polytopes = new PolytopeContacts();
    private final SphereContacts spheres = new SphereContacts();
    private final CapsuleContacts capsules = new CapsuleContacts();
    private final ConvexContacts convex = new ConvexContacts();
    private final TriangleContacts triangles = new TriangleContacts(polytopes, spheres, capsules, convex);
    private final Aabb bounds = new Aabb();
    private final double[] segA = new double[6];
    private final double[] segB = new double[6];
    /** Contacts are reported up to this separation, m (see {@link #speculativeMargin(double)}). */
    private double margin;
    /**
     * Whether spheres and capsules report contacts within the speculative margin too (default
     * false: only boxes, hulls and planes do, which is what Millington's resolver was tuned with;
     * the sequential-impulse solver turns it on).
     */
    private boolean roundMargins;

    /**
     * Sets how far apart (m, ≥ 0) a box or hull may be from another box, hull, plane or half-space,
     * or a sphere or capsule from a plane or half-space, and still be reported, with a negative
     * penetration (the separation). A solver that handles such speculative contacts (the
     * sequential-impulse solver) then sees a resting stack's every corner every step, even when
     * a corner lifts by a hair, and its warm-start cache keeps matching them. Default 0: only
     * touching or overlapping shapes, as Cyclone's generators.
     *
     * @param metres the margin, m
     * @return this narrow phase
     * @throws IllegalArgumentException when {@code metres} is negative or not finite
     */
    public NarrowPhase speculativeMargin(double metres) {
        if (!(metres >= 0) || !Double.isFinite(metres)) {
            throw new IllegalArgumentException("speculativeMargin must be finite and >= 0, was " + metres);
        }
        this.margin = metres;
        return this;
    }

    /**
     * Sets whether spheres and capsules report speculative contacts (see {@link #speculativeMargin(double)}).
     *
     * @param on whether spheres and capsules use the margin
     * @return this narrow phase
     */
    public NarrowPhase roundMargins(boolean on) {
        roundMargins = on;
        return this;
    }

    /** @return the speculative margin, m. */
    public double speculativeMargin() {
        return margin;
    }

    /**
     * Contacts between shape {@code a} on {@code bodyA} and shape {@code b} on {@code bodyB}
     * (bodies' current transforms). Clears {@code out} first.
     *
     * @param bodyA the body carrying {@code a}
     * @param a shape A, at its offset on {@code bodyA}
     * @param bodyB the body carrying {@code b}
     * @param b shape B, at its offset on {@code bodyB}
     * @param out receives the contacts, normals from B towards A
     * @return the number of contacts written
     */
    public int collide(RigidBody bodyA, Shape a, RigidBody bodyB, Shape b, ContactManifold out) {
        poseA.set(bodyA, a);
        poseB.set(bodyB, b);
        out.clear();
        return append(a, poseA, -1, b, poseB, -1, out);
    }

    /**
     * Forgets the world poses and polytopes remembered by {@link #collide(int, RigidBody, Shape,
     * int, RigidBody, Shape, ContactManifold)}: call once bodies have moved (every step).
     */
    public void forgetShapes() {
        stamp++;
        if (stamp == 0) {
            // After 2³² steps: clear, so that no stale entry matches the restarted count.
            Arrays.fill(stampOfKey, 0);
            stamp = 1;
        }
    }

    /**
     * {@link #collide(RigidBody, Shape, RigidBody, Shape, ContactManifold)} for shapes with a
     * caller-chosen key ({@code ≥ 0}, unique per shape, e.g. a broad-phase proxy id): the shape's
     * world pose and polytope are built once and reused by its other pairs until
     * {@link #forgetShapes()}. A body in a pile touches several others, so this spares most of the
     * transform and vertex work. The bodies must not move in between.
     *
     * @param keyA the key of {@code a} (≥ 0)
     * @param bodyA the body carrying {@code a}
     * @param a shape A, at its offset on {@code bodyA}
     * @param keyB the key of {@code b} (≥ 0)
     * @param bodyB the body carrying {@code b}
     * @param b shape B, at its offset on {@code bodyB}
     * @param out receives the contacts, normals from B towards A
     * @return the number of contacts written
     */
    public int collide(int keyA, RigidBody bodyA, Shape a, int keyB, RigidBody bodyB, Shape b, ContactManifold out) {
        Pose pa = cachedPose(keyA, bodyA, a);
        Pose pb = cachedPose(keyB, bodyB, b);
        out.clear();
        return append(a, pa, keyA, b, pb, keyB, out);
    }

    /** Per key: the step stamp its pose (and polytope, when {@code polyStampOfKey} matches) was built at. */
    private int[] stampOfKey = new int[0];
    private int[] polyStampOfKey = new int[0];
    private Pose[] poseOfKey = new Pose[0];
    private Polytope[] polyOfKey = new Polytope[0];
    private int stamp = 1;

    private Pose cachedPose(int key, RigidBody body, Shape s) {
        if (key >= stampOfKey.length) {
            int n = Math.max(key + 1, 2 * stampOfKey.length);
            stampOfKey = Arrays.copyOf(stampOfKey, n);
            polyStampOfKey = Arrays.copyOf(polyStampOfKey, n);
            poseOfKey = Arrays.copyOf(poseOfKey, n);
            polyOfKey = Arrays.copyOf(polyOfKey, n);
        }
        Pose p = poseOfKey[key];
        if (p == null) {
            p = poseOfKey[key] = new Pose();
        }
        if (stampOfKey[key] != stamp) {
            stampOfKey[key] = stamp;
            p.set(body, s);
        }
        return p;
    }

    /**
     * Contacts between shapes at world poses {@code pa}, {@code pb}; clears {@code out} first.
     *
     * @param a shape A
     * @param pa A's world pose
     * @param b shape B
     * @param pb B's world pose
     * @param out receives the contacts, normals from B towards A
     * @return the number of contacts written
     */
    public int collide(Shape a, Pose pa, Shape b, Pose pb, ContactManifold out) {
        out.clear();
        return append(a, pa, -1, b, pb, -1, out);
    }

    /**
     * Like {@link #collide(Shape, Pose, Shape, Pose, ContactManifold)} but appends to {@code out}.
     *
     * @param a shape A
     * @param pa A's world pose
     * @param b shape B
     * @param pb B's world pose
     * @param out receives the contacts, normals from B towards A
     * @return the number of contacts appended
     */
    public int append(Shape a, Pose pa, Shape b, Pose pb, ContactManifold out) {
        return append(a, pa, -1, b, pb, -1, out);
    }

    private int append(Shape a, Pose pa, int keyA, Shape b, Pose pb, int keyB, ContactManifold out) {
        if (a.type().ordinal() > b.type().ordinal()) {
            int from = out.size();
            int n = dispatch(b, pb, keyB, a, pa, keyA, out);
            out.flip(from);
            return n;
        }
        return dispatch(a, pa, keyA, b, pb, keyB, out);
    }

    private static void segment(Capsule c, Pose p, double[] s) {
        double h = c.halfHeight();
        double ux = p.r[1] * h, uy = p.r[4] * h, uz = p.r[7] * h;
        s[0] = p.px - ux;
        s[1] = p.py - uy;
        s[2] = p.pz - uz;
        s[3] = p.px + ux;
        s[4] = p.py + uy;
        s[5] = p.pz + uz;
    }

    /** The polytope of {@code s} at {@code p}: the one remembered for {@code key} (≥ 0), else built in {@code scratch}. */
    private Polytope polytope(Shape s, Pose p, int key, Polytope scratch) {
        Polytope dest = scratch;
        if (key >= 0) {
            if (polyStampOfKey[key] == stamp) {
                return polyOfKey[key];
            }
            polyStampOfKey[key] = stamp;
            dest = polyOfKey[key];
            if (dest == null) {
                dest = polyOfKey[key] = new Polytope();
            }
        }
        if (s instanceof Box box) {
            dest.setBox(box, p);
        } else {
            dest.setHull((ConvexHull) s, p);
        }
        return dest;
    }

    /** Dispatch with {@code a.type() ≤ b.type()}. */
    private int dispatch(Shape a, Pose pa, int keyA, Shape b, Pose pb, int keyB, ContactManifold out) {
        if (b instanceof TriangleGeometry g) {
            return triangles(a, pa, keyA, g, pb, out);
        }
        ShapeType tb = b.type();
        if (tb == ShapeType.CYLINDER) {
            Polytope polytopeA = a instanceof Box || a instanceof ConvexHull ? polytope(a, pa, keyA, polyA) : null;
            return convex.collide(a, pa, polytopeA, b, pb, null, null, margin, out);
        }
        if (tb.isUnbounded()) {
            if (a.type().isUnbounded()) {
                return 0;
            }
            Vector3dc ln;
            double lo;
            boolean twoSided = tb == ShapeType.PLANE;
            if (twoSided) {
                ln = ((Plane) b).normal();
                lo = ((Plane) b).planeOffset();
            } else {
                ln = ((HalfSpace) b).normal();
                lo = ((HalfSpace) b).planeOffset();
            }
            double[] r = pb.r;
            double nx = r[0] * ln.x() + r[1] * ln.y() + r[2] * ln.z();
            double ny = r[3] * ln.x() + r[4] * ln.y() + r[5] * ln.z();
            double nz = r[6] * ln.x() + r[7] * ln.y() + r[8] * ln.z();
            double d = lo + nx * pb.px + ny * pb.py + nz * pb.pz;
            switch (a.type()) {
                case SPHERE:
                    return PlaneContacts.sphere(pa.px, pa.py, pa.pz, ((Sphere) a).radius(), nx, ny, nz, d, twoSided, margin, out);
                case CAPSULE:
                    segment((Capsule) a, pa, segA);
                    return PlaneContacts.capsule(segA, ((Capsule) a).radius(), nx, ny, nz, d, twoSided, margin, out);
                case CYLINDER:
                    return convex.plane((Cylinder) a, pa, nx, ny, nz, d, twoSided, margin, out);
                default:
                    return PlaneContacts.polytope(polytope(a, pa, keyA, polyA), nx, ny, nz, d, twoSided, margin, out);
            }
        }
        // Round shapes (spheres, capsules) take the margin by a radius grown by it; the contacts
        // are then moved back to the real surface (unInflate).
        double grow = roundMargins ? margin : 0;
        int from = out.size();
        switch (a.type()) {
            case SPHERE: {
                double r = ((Sphere) a).radius() + grow;
                int n;
                switch (tb) {
                    case SPHERE:
                        n = SphereContacts.sphereSphere(pa.px, pa.py, pa.pz, r, pb.px, pb.py, pb.pz, ((Sphere) b).radius(), 0, out);
                        break;
                    case BOX:
                        polyB.setBox((Box) b, pb);
                        n = SphereContacts.sphereBox(pa.px, pa.py, pa.pz, r, polyB, out);
                        break;
                    case CAPSULE:
                        segment((Capsule) b, pb, segB);
                        n = SphereContacts.sphereCapsule(pa.px, pa.py, pa.pz, r, segB[0], segB[1], segB[2], segB[3], segB[4], segB[5],
                                ((Capsule) b).radius(), out);
                        break;
                    default:
                        polyB.setHull((ConvexHull) b, pb);
                        n = spheres.sphereHull(pa.px, pa.py, pa.pz, r, polyB, out);
                }
                unInflate(out, from, grow);
                return n;
            }
            case BOX:
            case CONVEX_HULL:
                if (tb == ShapeType.CAPSULE) {
                    Polytope poly = polytope(a, pa, keyA, polyA);
                    segment((Capsule) b, pb, segB);
                    int n = capsules.capsulePolytope(segB, ((Capsule) b).radius() + grow, poly, out);
                    unInflate(out, from, grow);
                    out.flip(from);
                    return n;
                }
                return polytopes.collide(polytope(a, pa, keyA, polyA), polytope(b, pb, keyB, polyB), margin, out);
            case CAPSULE: {
                segment((Capsule) a, pa, segA);
                double r = ((Capsule) a).radius() + grow;
                int n;
                if (tb == ShapeType.CAPSULE) {
                    segment((Capsule) b, pb, segB);
                    n = capsules.capsuleCapsule(segA, r, segB, ((Capsule) b).radius(), out);
                } else {
                    n = capsules.capsulePolytope(segA, r, polytope(b, pb, keyB, polyB), out);
                }
                unInflate(out, from, grow);
                return n;
            }
            default:
                return 0;
        }
    }

    /**
     * A convex shape against the triangles of a mesh or heightfield ({@link TriangleContacts});
     * nothing for a plane, a half-space or another triangle shape (static geometry does not collide
     * with static geometry).
     */
    private int triangles(Shape a, Pose pa, int keyA, TriangleGeometry g, Pose pb, ContactManifold out) {
        if (a.type().isUnbounded() || a instanceof TriangleGeometry) {
            return 0;
        }
        double grow = roundMargins ? margin : 0;
        int from = out.size();
        int n;
        switch (a.type()) {
            case SPHERE:
                n = triangles.sphere(pa.px, pa.py, pa.pz, ((Sphere) a).radius() + grow, g, pb, out);
                break;
            case CAPSULE:
                segment((Capsule) a, pa, segA);
                n = triangles.capsule(segA, ((Capsule) a).radius() + grow, g, pb, out);
                break;
            case CYLINDER:
                a.computeAabb(pa, bounds);
                return triangles.cylinder((Cylinder) a, pa, bounds, g, pb, margin, out);
            default:
                a.computeAabb(pa, bounds);
                return triangles.polytope(polytope(a, pa, keyA, polyA), bounds, g, pb, margin, out);
        }
        unInflate(out, from, grow);
        return n;
    }

    /**
     * Contacts {@code [from, size)} were found with shape A's radius grown by {@code grow} (m):
     * back to the real surface, each is {@code grow} shallower and its point (midway between the
     * surfaces) half of that further towards A.
     */
    private static void unInflate(ContactManifold out, int from, double grow) {
        if (grow == 0) {
            return;
        }
        for (int i = from; i < out.size(); i++) {
            ContactPoint c = out.get(i);
            c.penetration -= grow;
            c.point.fma(0.5 * grow, c.normal);
        }
    }

    /** Penetration (m) along the SAT axis chosen by the last polytope–polytope pair (tests). */
    double lastAxisPenetration() {
        return polytopes.lastAxisPenetration;
    }

    /**
     * A world point inside a box (Cyclone's {@code boxAndPoint}): the box must leave through the
     * nearest face, so the normal is minus that face's outward normal (Cyclone reports the outward
     * normal, the wrong way for body 0 = box). The point lies midway between the point and the face.
     *
     * @param box the box
     * @param pose the box's world pose
     * @param x the point x, world space, m
     * @param y the point y, world space, m
     * @param z the point z, world space, m
     * @param out receives the contact
     * @return 1 when the point is strictly inside, else 0
     */
    public static int boxAndPoint(Box box, Pose pose, double x, double y, double z, ContactManifold out) {
        double rx = x - pose.px, ry = y - pose.py, rz = z - pose.pz;
        double[] r = pose.r;
        double best = Double.POSITIVE_INFINITY;
        int axis = -1;
        double sign = 0;
        for (int i = 0; i < 3; i++) {
            double l = r[i] * rx + r[3 + i] * ry + r[6 + i] * rz;
            double gap = box.half(i) - Math.abs(l);
            if (gap <= 0) {
                return 0;
            }
            if (gap < best) {
                best = gap;
                axis = i;
                sign = l >= 0 ? 1 : -1;
            }
        }
        double ox = r[axis] * sign, oy = r[3 + axis] * sign, oz = r[6 + axis] * sign;
        out.add(x + ox * best * 0.5, y + oy * best * 0.5, z + oz * best * 0.5, -ox, -oy, -oz, best, 2 * axis + (sign > 0 ? 0 : 1));
        return 1;
    }
}
