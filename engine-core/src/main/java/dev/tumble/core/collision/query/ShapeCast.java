package dev.tumble.core.collision.query;

import dev.tumble.core.collision.shape.Aabb;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.TriangleGeometry;
import dev.tumble.core.collision.shape.TriangleVisitor;
import org.joml.Vector3d;

/**
 * Sweeps a bounded convex shape A along a translation (no rotation) against a shape B by
 * conservative advancement on the {@link ShapeDistance}: with A and B a distance {@code d} apart
 * along the unit normal {@code n} (from B to A), A cannot touch B before it has moved
 * {@code d / (−translation·n)} of the translation, so it moves exactly that far and measures
 * again. On a convex pair this is Newton's method on the (convex) distance along the sweep, so it
 * converges fast and never passes the first contact; on a plane or half-space one step lands on it.
 * An instance keeps its scratch and allocates nothing per call; it is not thread-safe.
 */
public final class ShapeCast {
    /** A cast hits when the shapes are at most this far apart, m. */
    public static final double TOLERANCE = 1e-6;
    /** Distance measurements per cast at most; a cast that needs more (a grazing touch) misses. */
    public static final int MAX_ITERATIONS = 64;

    private final ShapeDistance distance = new ShapeDistance();
    private final ClosestPoints closest = new ClosestPoints();
    private final Pose moved = new Pose();

    /**
     * The fraction of the translation {@code (tx, ty, tz)} (m) at which {@code a}, starting at
     * {@code start}, first comes within {@link #TOLERANCE} of {@code b} at {@code pb}; fills
     * {@code out}'s fraction, point and normal on a hit (not its proxy, body or shape).
     *
     * @param a the cast shape, a sphere, box, capsule, convex hull or cylinder
     * @param start its world pose at the start
     * @param tx the translation x, m
     * @param ty the translation y, m
     * @param tz the translation z, m
     * @param b the shape cast against ({@link ShapeDistance#supports supported})
     * @param pb its world pose
     * @param maxFraction hits beyond this fraction are misses (≤ 1)
     * @param out receives the hit
     * @return the fraction in {@code [0, maxFraction]}, or −1 on a miss
     */
    public double cast(Shape a, Pose start, double tx, double ty, double tz, Shape b, Pose pb, double maxFraction,
            ShapeCastHit out) {
        if (b instanceof TriangleGeometry g) {
            return castTriangles(a, start, tx, ty, tz, b, g, pb, maxFraction, out);
        }
        return advance(a, start, tx, ty, tz, b, pb, false, maxFraction, out);
    }

    /**
     * Conservative advancement of {@code a} against {@code b} at {@code pb}, or, with
     * {@code triangle}, against the triangle in {@link #corners}.
     */
    private double advance(Shape a, Pose start, double tx, double ty, double tz, Shape b, Pose pb, boolean triangle,
            double maxFraction, ShapeCastHit out) {
        moved.set(start);
        double t = 0;
        for (int i = 0; i < MAX_ITERATIONS; i++) {
            double d = triangle ? distance.toTriangle(a, moved, corners, 0, closest) : distance.distance(a, moved, b, pb, closest);
            Vector3d n = closest.normal;
            if (closest.overlapping || d <= TOLERANCE) {
                out.fraction = t;
                out.point.set(closest.pointB);
                if (n.x == 0 && n.y == 0 && n.z == 0) {
                    double l = Math.sqrt(tx * tx + ty * ty + tz * tz);
                    if (l > 0) {
                        out.normal.set(-tx / l, -ty / l, -tz / l);
                    } else {
                        out.normal.set(0, 1, 0);
                    }
                } else {
                    out.normal.set(n);
                }
                return t;
            }
            double approach = -(tx * n.x + ty * n.y + tz * n.z);
            if (!(approach > 0)) {
                return -1; // moving along or away from the separating plane: never closer
            }
            t += d / approach;
            if (!(t <= maxFraction)) {
                return -1;
            }
            moved.px = start.px + t * tx;
            moved.py = start.py + t * ty;
            moved.pz = start.pz + t * tz;
        }
        return -1;
    }

    // The triangle search of one cast.
    private final double[] corners = new double[9];
    private final Aabb swept = new Aabb();
    private final ShapeCastHit trial = new ShapeCastHit();
    private final TriangleVisitor eachTriangle = this::castTriangle;
    private Shape castShape;
    private Pose castStart, geometryPose;
    private TriangleGeometry castGeometry;
    private double ctx, cty, ctz, castBest;
    private ShapeCastHit castOut;

    /**
     * A cast against a mesh or heightfield: against each triangle the swept bounds of A meet (each a
     * convex pair, so each advancement is safe), the first hit kept. A triangle is a surface: it is
     * hit from either side.
     */
    private double castTriangles(Shape a, Pose start, double tx, double ty, double tz, Shape b, TriangleGeometry g, Pose pb,
            double maxFraction, ShapeCastHit out) {
        a.computeAabb(start, swept).sweep(tx, ty, tz);
        castShape = a;
        castStart = start;
        castGeometry = g;
        geometryPose = pb;
        ctx = tx;
        cty = ty;
        ctz = tz;
        castBest = -1;
        castOut = out;
        castLimit = maxFraction;
        g.trianglesInWorldBox(pb, swept.minX, swept.minY, swept.minZ, swept.maxX, swept.maxY, swept.maxZ, eachTriangle);
        castShape = null;
        castStart = null;
        castGeometry = null;
        geometryPose = null;
        castOut = null;
        return castBest;
    }

    /** The furthest fraction a hit may have and still count: the cast's limit, then the best hit so far. */
    private double castLimit;

    private boolean castTriangle(int t) {
        castGeometry.worldTriangle(t, geometryPose, corners, 0);
        double f = advance(castShape, castStart, ctx, cty, ctz, null, null, true, castLimit, trial);
        if (f >= 0 && (castBest < 0 || f < castBest)) {
            castBest = f;
            castLimit = f;
            castOut.fraction = f;
            castOut.point.set(trial.point);
            castOut.normal.set(trial.normal);
        }
        return castBest != 0; // touching at the start: nothing comes first
    }
}
