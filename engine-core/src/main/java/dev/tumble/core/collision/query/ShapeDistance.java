package dev.tumble.core.collision.query;

import dev.tumble.core.collision.shape.Aabb;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Plane;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.collision.shape.TriangleGeometry;
import dev.tumble.core.collision.shape.TriangleVisitor;
import dev.tumble.core.internal.Check;
import dev.tumble.core.internal.QueryCheck;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Distance and closest points between a bounded convex shape A (sphere, box, capsule, convex
 * hull, cylinder) and a shape B that is convex too, a plane or half-space, or a triangle mesh or
 * heightfield. Convex pairs go through {@link Gjk} on the shapes' cores with the radii of spheres
 * and capsules added back exactly; planes and half-spaces are answered from A's support point
 * along their normal; a mesh or heightfield is its nearest triangle (a surface: touching it from
 * either side counts), searched for in boxes around A that grow until one holds a triangle nearer
 * than the box's reach. The distance is
 * exact up to rounding for spheres, capsules, boxes and hulls (the search stops when its bounds
 * agree to a relative {@code 1e-10}); a cylinder's curved side is approached, not reached, so a
 * distance to one is as close as the search's stopping rule. An instance keeps its scratch and
 * allocates nothing per call; it is not thread-safe.
 */
public final class ShapeDistance {
    private final Gjk gjk = new Gjk();
    private final double[] s = new double[6];
    private final Vector3d planeNormal = new Vector3d();
    private double planeOffset;

    /**
     * The distance (m) between {@code a} at {@code pa} and {@code b} at {@code pb}, with closest
     * points and normal into {@code out}; allocates a scratch object (use an instance and
     * {@link #compute} to avoid that).
     *
     * @param a shape A: a sphere, box, capsule, convex hull or cylinder
     * @param pa A's world pose
     * @param b shape B: any of those, or a plane or half-space
     * @param pb B's world pose
     * @param out receives the result ({@code proxy}, {@code body} and {@code shape} are cleared)
     * @return the distance, m (0 when touching or overlapping)
     * @throws IllegalArgumentException for a null or unsupported shape, a bad pose or a null {@code out}
     */
    public static double between(Shape a, Pose pa, Shape b, Pose pb, ClosestPoints out) {
        return new ShapeDistance().compute(a, pa, b, pb, out);
    }

    /**
     * {@link #between} with this instance's scratch: allocates nothing.
     *
     * @param a shape A: a sphere, box, capsule, convex hull or cylinder
     * @param pa A's world pose
     * @param b shape B: any of those, or a plane or half-space
     * @param pb B's world pose
     * @param out receives the result ({@code proxy}, {@code body} and {@code shape} are cleared)
     * @return the distance, m (0 when touching or overlapping)
     * @throws IllegalArgumentException for a null or unsupported shape, a bad pose or a null {@code out}
     */
    public double compute(Shape a, Pose pa, Shape b, Pose pb, ClosestPoints out) {
        convexArgument("a", a);
        QueryCheck.pose("pa", pa);
        Check.notNull("b", b);
        if (!supports(b)) {
            throw new IllegalArgumentException("b must be a sphere, box, capsule, convex hull, cylinder, plane, half-space, "
                    + "mesh or heightfield, was " + b);
        }
        QueryCheck.pose("pb", pb);
        Check.notNull("out", out);
        out.proxy = -1;
        out.body = null;
        out.shape = null;
        return distance(a, pa, b, pb, out);
    }

    /**
     * @param b a shape
     * @return whether it can be the second shape of {@link #compute}
     */
    public static boolean supports(Shape b) {
        return Support.isConvex(b) || b instanceof HalfSpace || b instanceof Plane || b instanceof TriangleGeometry;
    }

    static Shape convexArgument(String field, Shape a) {
        Check.notNull(field, a);
        if (!Support.isConvex(a)) {
            throw new IllegalArgumentException(
                    field + " must be a sphere, box, capsule, convex hull or cylinder, was " + a);
        }
        return a;
    }

    /**
     * {@link #compute} without the argument checks (callers have made them).
     *
     * @param a shape A: a sphere, box, capsule, convex hull or cylinder
     * @param pa A's world pose
     * @param b shape B, {@link #supports supported}
     * @param pb B's world pose
     * @param out receives the result
     * @return the distance, m (0 when touching or overlapping; infinite for a mesh or heightfield without triangles)
     */
    public double distance(Shape a, Pose pa, Shape b, Pose pb, ClosestPoints out) {
        if (b instanceof HalfSpace || b instanceof Plane) {
            return toPlane(a, pa, b, pb, out);
        }
        if (b instanceof TriangleGeometry g) {
            return toTriangles(a, pa, b, g, pb, out);
        }
        double core = gjk.coreDistance(a, pa, b, pb);
        gjk.pointA(out.pointA);
        gjk.pointB(out.pointB);
        double ra = Support.radius(a), rb = Support.radius(b);
        if (gjk.overlapping() || !(core > 0)) {
            out.overlapping = true;
            out.distance = 0;
            out.normal.zero();
            return 0;
        }
        Vector3d nrm = unit(out.normal.set(out.pointA).sub(out.pointB), core);
        out.pointA.fma(-ra, nrm);
        out.pointB.fma(rb, nrm);
        double d = core - ra - rb;
        out.overlapping = d <= 0;
        out.distance = Math.max(0, d);
        return out.distance;
    }

    /**
     * {@code v} made unit: divided by its own length, which is the core distance {@code core} (m) up
     * to rounding. Near a curved core (a cylinder's side) the search's points can be a few digits
     * less exact than its distance when the shapes almost touch, so the length is measured again.
     */
    private static Vector3d unit(Vector3d v, double core) {
        double l = v.length();
        return v.div(l > 0 ? l : core);
    }

    /**
     * Writes the world normal and offset of plane or half-space {@code b} at {@code pb} into
     * {@code normal} and returns the offset {@code D} of {@code N·x = D}, m.
     */
    static double planeInWorld(Shape b, Pose pb, Vector3d normal) {
        Vector3dc n;
        double d;
        if (b instanceof HalfSpace h) {
            n = h.normal();
            d = h.planeOffset();
        } else {
            Plane p = (Plane) b;
            n = p.normal();
            d = p.planeOffset();
        }
        pb.dirToWorld(n.x(), n.y(), n.z(), normal);
        return d + normal.x * pb.px + normal.y * pb.py + normal.z * pb.pz;
    }

    private double toPlane(Shape a, Pose pa, Shape b, Pose pb, ClosestPoints out) {
        Vector3d nrm = planeNormal;
        planeOffset = planeInWorld(b, pb, nrm);
        double ra = Support.radius(a);
        Support.core(a, pa, 0, 0, 0, -nrm.x, -nrm.y, -nrm.z, s, 0);
        double lo = nrm.x * s[0] + nrm.y * s[1] + nrm.z * s[2] - planeOffset - ra;
        double sign = 1;
        if (b instanceof Plane && !(lo > 0)) {
            Support.core(a, pa, 0, 0, 0, nrm.x, nrm.y, nrm.z, s, 3);
            double hi = nrm.x * s[3] + nrm.y * s[4] + nrm.z * s[5] - planeOffset + ra;
            double centre = nrm.x * pa.px + nrm.y * pa.py + nrm.z * pa.pz - planeOffset;
            if (hi < 0 || (lo <= 0 && centre < 0)) {
                // Below the two-sided plane: the same as a half-space facing the other way.
                sign = -1;
                lo = -hi;
                s[0] = s[3];
                s[1] = s[4];
                s[2] = s[5];
            }
        }
        out.normal.set(nrm).mul(sign);
        out.pointA.set(s[0], s[1], s[2]).fma(-ra, out.normal);
        out.pointB.set(out.pointA).fma(-lo, out.normal);
        out.overlapping = lo <= 0;
        out.distance = Math.max(0, lo);
        return out.distance;
    }

    /**
     * The distance between {@code a} at {@code pa} and the triangle with world corners
     * {@code c[o..o+9)}, closest points and normal (from the triangle towards A) into {@code out}.
     *
     * @param a shape A: a sphere, box, capsule, convex hull or cylinder
     * @param pa A's world pose
     * @param c the triangle's corners a, b, c (x, y, z each), world, m
     * @param o where they start in {@code c}
     * @param out receives the result
     * @return the distance, m (0 when touching or overlapping)
     */
    public double toTriangle(Shape a, Pose pa, double[] c, int o, ClosestPoints out) {
        return toTriangle(a, pa, c, o, Support.radius(a), out);
    }

    /** {@link #toTriangle} for A's core grown by {@code ra} (m) instead of its own radius. */
    private double toTriangle(Shape a, Pose pa, double[] c, int o, double ra, ClosestPoints out) {
        double core = gjk.coreDistance(a, pa, c, o);
        gjk.pointA(out.pointA);
        gjk.pointB(out.pointB);
        if (gjk.overlapping() || !(core > 0)) {
            out.overlapping = true;
            out.distance = 0;
            out.normal.zero();
            return 0;
        }
        Vector3d nrm = unit(out.normal.set(out.pointA).sub(out.pointB), core);
        out.pointA.fma(-ra, nrm);
        double d = core - ra;
        out.overlapping = d <= 0;
        out.distance = Math.max(0, d);
        return out.distance;
    }

    // The nearest-triangle search of one call.
    private final Aabb bounds = new Aabb(), whole = new Aabb();
    private final double[] corners = new double[9];
    private final ClosestPoints trial = new ClosestPoints();
    private final TriangleVisitor nearest = this::nearest;
    private Shape searchShape;
    private Pose searchPose;
    private TriangleGeometry searchGeometry;
    private Pose geometryPose;
    private ClosestPoints searchOut;
    private boolean searchFound;

    /**
     * The nearest triangle of {@code g} (shape {@code b} at {@code pb}) to A: the triangles in A's
     * bounds grown by a reach, the reach growing fourfold until a triangle lies within it (the
     * others are further) or the box holds the whole shape. With no triangle at all the distance
     * is infinite.
     */
    private double toTriangles(Shape a, Pose pa, Shape b, TriangleGeometry g, Pose pb, ClosestPoints out) {
        return toTriangles(a, pa, Support.radius(a), b, g, pb, out);
    }

    /**
     * The distance (m) from the point {@code (x, y, z)} (world) to the nearest triangle of the mesh or
     * heightfield {@code b} at {@code pb}; {@code out} as {@link #compute}, with the normal from the
     * surface towards the point (the nearest triangle's front when the point lies on it).
     */
    double pointToTriangles(double x, double y, double z, Shape b, Pose pb, ClosestPoints out) {
        point.identity();
        point.px = x;
        point.py = y;
        point.pz = z;
        double d = toTriangles(POINT, point, 0, b, (TriangleGeometry) b, pb, out);
        if (out.overlapping) {
            out.normal.set(nearestFront);
        }
        return d;
    }

    /** A sphere's core is its centre: with no radius added it stands for a point. */
    private static final Sphere POINT = new Sphere(1);
    private final Pose point = new Pose();
    /** The front normal of the nearest triangle of the last search, world. */
    private final Vector3d nearestFront = new Vector3d();
    private double searchRadius;

    private double toTriangles(Shape a, Pose pa, double ra, Shape b, TriangleGeometry g, Pose pb, ClosestPoints out) {
        searchRadius = ra;
        a.computeAabb(pa, bounds);
        b.computeAabb(pb, whole);
        searchShape = a;
        searchPose = pa;
        searchGeometry = g;
        geometryPose = pb;
        searchOut = out;
        searchFound = false;
        out.distance = Double.POSITIVE_INFINITY;
        out.overlapping = false;
        double reach = Math.max(1e-3, 0.5 * Math.max(bounds.maxX - bounds.minX, Math.max(bounds.maxY - bounds.minY,
                bounds.maxZ - bounds.minZ)));
        while (true) {
            double x0 = bounds.minX - reach, y0 = bounds.minY - reach, z0 = bounds.minZ - reach;
            double x1 = bounds.maxX + reach, y1 = bounds.maxY + reach, z1 = bounds.maxZ + reach;
            g.trianglesInWorldBox(pb, x0, y0, z0, x1, y1, z1, nearest);
            boolean holdsAll = x0 <= whole.minX && y0 <= whole.minY && z0 <= whole.minZ && x1 >= whole.maxX
                    && y1 >= whole.maxY && z1 >= whole.maxZ;
            if ((searchFound && out.distance <= reach) || holdsAll || !Double.isFinite(reach)) {
                break;
            }
            reach *= 4;
        }
        searchShape = null;
        searchPose = null;
        searchGeometry = null;
        geometryPose = null;
        searchOut = null;
        return out.distance;
    }

    private boolean nearest(int t) {
        searchGeometry.worldTriangle(t, geometryPose, corners, 0);
        double d = toTriangle(searchShape, searchPose, corners, 0, searchRadius, trial);
        ClosestPoints out = searchOut;
        if (!searchFound || d < out.distance) {
            searchFound = true;
            double ux = corners[3] - corners[0], uy = corners[4] - corners[1], uz = corners[5] - corners[2];
            double wx = corners[6] - corners[0], wy = corners[7] - corners[1], wz = corners[8] - corners[2];
            nearestFront.set(uy * wz - uz * wy, uz * wx - ux * wz, ux * wy - uy * wx).normalize();
            out.distance = d;
            out.overlapping = trial.overlapping;
            out.pointA.set(trial.pointA);
            out.pointB.set(trial.pointB);
            out.normal.set(trial.normal);
        }
        return !out.overlapping; // touching one triangle: nothing is nearer
    }
}
