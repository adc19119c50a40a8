package dev.tumble.core.collision.broad;

import dev.tumble.core.collision.CollisionFilter;
import dev.tumble.core.collision.narrow.ContactManifold;
import dev.tumble.core.collision.narrow.NarrowPhase;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.query.BodyShape;
import dev.tumble.core.collision.query.ClosestPoints;
import dev.tumble.core.collision.query.PointHit;
import dev.tumble.core.collision.query.PointQuery;
import dev.tumble.core.collision.query.QueryCallback;
import dev.tumble.core.collision.query.QueryTarget;
import dev.tumble.core.collision.query.RayHit;
import dev.tumble.core.collision.query.ShapeCast;
import dev.tumble.core.collision.query.ShapeCastHit;
import dev.tumble.core.collision.query.ShapeDistance;
import dev.tumble.core.collision.query.Support;
import dev.tumble.core.collision.shape.Aabb;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.internal.Check;
import dev.tumble.core.internal.QueryCheck;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.Predicate;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Ray casts and overlap queries through a {@link BroadPhase}'s tree. Proxies are filtered by
 * the query's {@link CollisionFilter} (its mask against the proxy's category) and an optional
 * predicate on the owner; exact tests use the owner's shape when it is a {@link QueryTarget}
 * (otherwise its tight box). Rays starting inside a solid hit it at distance 0.
 *
 * <p>The closest-ray, shape-cast, distance, point and callback queries keep their state in this
 * object and allocate nothing once warm; they are not thread-safe, and a {@link QueryCallback}
 * may not start another query (that throws {@link IllegalStateException}). Shape casts, distance
 * and point queries see the proxies whose owners are {@link QueryTarget}s of a shape
 * {@link ShapeDistance#supports supported} there and skip the rest.
 */
public final class Queries {
    private final BroadPhase broadPhase;
    private final Pose pose = new Pose();
    private final Vector3d local = new Vector3d(), dir = new Vector3d(), n = new Vector3d();
    private final NarrowPhase narrow = new NarrowPhase();
    private final ContactManifold manifold = new ContactManifold();
    private final Aabb box = new Aabb();

    // The allocation-free queries' state: what the tree visitors (built once) read and write.
    private final ShapeCast caster = new ShapeCast();
    private final ShapeDistance distancer = new ShapeDistance();
    private final PointQuery pointQuery = new PointQuery();
    private final Pose target = new Pose();
    private final Aabb query = new Aabb(), tight = new Aabb();
    private final Vector3d rayOrigin = new Vector3d(), rayDir = new Vector3d(), point = new Vector3d(), translation = new Vector3d();
    private final Vector3d surface = new Vector3d(), normal = new Vector3d();
    private final RayHit rayTmp = new RayHit();
    private final ShapeCastHit castTmp = new ShapeCastHit();
    private final ClosestPoints closestTmp = new ClosestPoints();
    private CollisionFilter qFilter;
    private Predicate<Object> qAccept;
    private Shape qShape;
    private Pose qPose;
    private Object qOut;
    private boolean found;
    private double best;
    private int[] candidates = new int[64];
    private int candidateCount;
    private boolean inCallback;
    private final DynamicAabbTree.RayVisitor closestRay = this::closestRay;
    private final IntPredicate collect = this::collect;
    private final IntPredicate castVisitor = this::castVisitor;
    private final IntPredicate distanceVisitor = this::distanceVisitor;
    private final IntPredicate pointVisitor = this::pointVisitor;

    /**
     * Queries over {@code broadPhase}'s proxies.
     *
     * @param broadPhase the broad phase to query, not null
     */
    public Queries(BroadPhase broadPhase) {
        this.broadPhase = Check.notNull("broadPhase", broadPhase);
    }

    private boolean passes(int proxy, CollisionFilter filter, Predicate<Object> accept) {
        return (filter == null || filter.accepts(broadPhase.filter(proxy)))
                && (accept == null || accept.test(broadPhase.owner(proxy)));
    }

    /** Exact ray test of one proxy along unit {@code d}; fills {@code hit} and returns the distance or −1. */
    private double castProxy(int proxy, Vector3dc o, Vector3dc d, double maxDistance, RayHit hit) {
        Object owner = broadPhase.owner(proxy);
        double t;
        if (owner instanceof QueryTarget qt) {
            Shape s = qt.shape();
            qt.pose(pose);
            pose.toLocal(o.x(), o.y(), o.z(), local);
            pose.dirToLocal(d.x(), d.y(), d.z(), dir);
            t = s.castRayLocal(local.x, local.y, local.z, dir.x, dir.y, dir.z, maxDistance, n);
            if (t < 0) {
                return -1;
            }
            pose.dirToWorld(n.x, n.y, n.z, hit.normal);
        } else {
            broadPhase.tightAabb(proxy, box);
            t = box.rayEntry(o.x(), o.y(), o.z(), d.x(), d.y(), d.z(), maxDistance);
            if (t < 0) {
                return -1;
            }
            hit.normal.set(-d.x(), -d.y(), -d.z());
        }
        hit.proxy = proxy;
        hit.target = owner;
        hit.distance = t;
        hit.point.set(d).mul(t).add(o);
        return t;
    }

    /**
     * The closest hit of the ray from {@code origin} (m) along {@code direction} (normalised here)
     * up to {@code maxDistance} (m).
     *
     * @param origin the ray's start, world space, m
     * @param direction the ray's direction, not zero
     * @param maxDistance the longest hit distance, m (≥ 0)
     * @param filter whose mask proxies' categories must pass, or null for all
     * @param accept a further test of each proxy's owner, or null for all
     * @param out receives the hit
     * @return {@code true} and {@code out} filled when something was hit
     */
    public boolean castRay(Vector3dc origin, Vector3dc direction, double maxDistance, CollisionFilter filter,
            Predicate<Object> accept, RayHit out) {
        notInCallback();
        Check.finite("origin", origin);
        unit(direction, rayDir);
        Check.nonNegative("maxDistance", maxDistance);
        Check.notNull("out", out);
        rayOrigin.set(origin);
        begin(filter, accept, null, null, out);
        broadPhase.tree().rayCast(rayOrigin.x, rayOrigin.y, rayOrigin.z, rayDir.x, rayDir.y, rayDir.z, maxDistance, closestRay);
        return end();
    }

    private double closestRay(int proxy, double maxT) {
        if (!passes(proxy, qFilter, qAccept)) {
            return maxT;
        }
        RayHit out = (RayHit) qOut;
        double t = castProxy(proxy, rayOrigin, rayDir, maxT, rayTmp);
        if (t < 0 || (found && (t > out.distance || (t == out.distance && proxy > out.proxy)))) {
            return maxT;
        }
        found = true;
        out.proxy = rayTmp.proxy;
        out.target = rayTmp.target;
        out.distance = t;
        out.point.set(rayTmp.point);
        out.normal.set(rayTmp.normal);
        return t;
    }

    /**
     * Every hit of the ray, sorted by distance (then proxy id); returns the count added to {@code out}.
     *
     * @param origin the ray's start, world space, m
     * @param direction the ray's direction, not zero
     * @param maxDistance the longest hit distance, m (≥ 0)
     * @param filter whose mask proxies' categories must pass, or null for all
     * @param accept a further test of each proxy's owner, or null for all
     * @param out receives the hits
     * @return the number of hits added
     */
    public int castRayAll(Vector3dc origin, Vector3dc direction, double maxDistance, CollisionFilter filter,
            Predicate<Object> accept, List<RayHit> out) {
        notInCallback();
        Vector3d d = unit(direction);
        Check.nonNegative("maxDistance", maxDistance);
        List<RayHit> hits = new ArrayList<>();
        broadPhase.tree().rayCast(origin.x(), origin.y(), origin.z(), d.x, d.y, d.z, maxDistance, (proxy, maxT) -> {
            if (passes(proxy, filter, accept)) {
                RayHit h = new RayHit();
                if (castProxy(proxy, origin, d, maxDistance, h) >= 0) {
                    hits.add(h);
                }
            }
            return maxT;
        });
        hits.sort(Comparator.<RayHit>comparingDouble(h -> h.distance).thenComparingInt(h -> h.proxy));
        out.addAll(hits);
        return hits.size();
    }

    /**
     * Proxies whose tight boxes overlap {@code query} (m), sorted by id; returns the count added.
     *
     * @param query the box, world space
     * @param filter whose mask proxies' categories must pass, or null for all
     * @param accept a further test of each proxy's owner, or null for all
     * @param out receives the proxy ids
     * @return the number of proxies added
     */
    public int overlapBox(Aabb query, CollisionFilter filter, Predicate<Object> accept, List<Integer> out) {
        notInCallback();
        List<Integer> found = new ArrayList<>();
        Aabb t = new Aabb();
        broadPhase.tree().query(query, proxy -> {
            if (passes(proxy, filter, accept) && broadPhase.tightAabb(proxy, t).overlaps(query)) {
                found.add(proxy);
            }
            return true;
        });
        found.sort(null);
        out.addAll(found);
        return found.size();
    }

    /**
     * Proxies whose shapes overlap {@code shape} at world pose {@code at} (penetration > 0), sorted by id.
     *
     * @param shape the shape to test
     * @param at its world pose
     * @param filter whose mask proxies' categories must pass, or null for all
     * @param accept a further test of each proxy's owner, or null for all
     * @param out receives the proxy ids
     * @return the number of proxies added
     */
    public int overlapShape(Shape shape, Pose at, CollisionFilter filter, Predicate<Object> accept, List<Integer> out) {
        notInCallback();
        Aabb q = shape.computeAabb(at, new Aabb());
        List<Integer> candidates = new ArrayList<>();
        overlapBox(q, filter, accept, candidates);
        int n0 = out.size();
        Pose other = new Pose();
        for (int proxy : candidates) {
            Object owner = broadPhase.owner(proxy);
            if (owner instanceof QueryTarget qt) {
                if (narrow.collide(shape, at, qt.shape(), qt.pose(other), manifold) > 0) {
                    out.add(proxy);
                }
            } else {
                out.add(proxy);
            }
        }
        return out.size() - n0;
    }

    /**
     * The first shape that {@code shape}, swept from {@code start} along {@code translation}
     * without turning, touches (see {@link ShapeCast}); ties go to the lower proxy id.
     *
     * @param shape the cast shape: a sphere, box, capsule, convex hull or cylinder
     * @param start its world pose at the start
     * @param translation how far it moves, world space, m (zero allowed)
     * @param filter whose mask proxies' categories must pass, or null for all
     * @param accept a further test of each proxy's owner, or null for all
     * @param out receives the hit
     * @return {@code true} and {@code out} filled when something was hit
     */
    public boolean castShape(Shape shape, Pose start, Vector3dc translation, CollisionFilter filter,
            Predicate<Object> accept, ShapeCastHit out) {
        notInCallback();
        convex("shape", shape);
        QueryCheck.pose("start", start);
        Check.finite("translation", translation);
        Check.notNull("out", out);
        this.translation.set(translation);
        shape.computeAabb(start, query).sweep(translation.x(), translation.y(), translation.z());
        begin(filter, accept, shape, start, out);
        best = 1;
        broadPhase.tree().query(query, castVisitor);
        return end();
    }

    private boolean castVisitor(int proxy) {
        QueryTarget qt = candidate(proxy);
        if (qt == null || !broadPhase.tightAabb(proxy, tight).overlaps(query)) {
            return true;
        }
        double t = caster.cast(qShape, qPose, translation.x, translation.y, translation.z, qt.shape(), qt.pose(target),
                best, castTmp);
        ShapeCastHit out = (ShapeCastHit) qOut;
        if (t < 0 || (found && (t > best || (t == best && proxy > out.proxy)))) {
            return true;
        }
        found = true;
        best = t;
        out.fraction = t;
        out.point.set(castTmp.point);
        out.normal.set(castTmp.normal);
        out.proxy = proxy;
        out.body = bodyOf(qt);
        out.shape = qt.shape();
        return true;
    }

    /**
     * The shape nearest {@code shape} at {@code pose} within {@code maxDistance} (see
     * {@link ShapeDistance}); overlapping shapes are at distance 0, ties go to the lower proxy id.
     *
     * @param shape the query shape: a sphere, box, capsule, convex hull or cylinder
     * @param pose its world pose
     * @param maxDistance the farthest a shape may be and still be found, m (≥ 0)
     * @param filter whose mask proxies' categories must pass, or null for all
     * @param accept a further test of each proxy's owner, or null for all
     * @param out receives the closest points, with the proxy, body and shape found
     * @return {@code true} and {@code out} filled when a shape was within {@code maxDistance}
     */
    public boolean closestPoints(Shape shape, Pose pose, double maxDistance, CollisionFilter filter,
            Predicate<Object> accept, ClosestPoints out) {
        notInCallback();
        convex("shape", shape);
        QueryCheck.pose("pose", pose);
        Check.nonNegative("maxDistance", maxDistance);
        Check.notNull("out", out);
        shape.computeAabb(pose, box);
        query.set(box).fatten(maxDistance);
        begin(filter, accept, shape, pose, out);
        best = maxDistance;
        broadPhase.tree().query(query, distanceVisitor);
        return end();
    }

    private boolean distanceVisitor(int proxy) {
        QueryTarget qt = candidate(proxy);
        if (qt == null || gap(broadPhase.tightAabb(proxy, tight), box) > best) {
            return true;
        }
        double d = distancer.distance(qShape, qPose, qt.shape(), qt.pose(target), closestTmp);
        ClosestPoints out = (ClosestPoints) qOut;
        if (d > best || (found && d == best && proxy > out.proxy)) {
            return true;
        }
        found = true;
        best = d;
        out.distance = d;
        out.overlapping = closestTmp.overlapping;
        out.pointA.set(closestTmp.pointA);
        out.pointB.set(closestTmp.pointB);
        out.normal.set(closestTmp.normal);
        out.proxy = proxy;
        out.body = bodyOf(qt);
        out.shape = qt.shape();
        return true;
    }

    /**
     * The surface nearest {@code point} among the shapes within {@code maxDistance}: the least
     * signed distance (negative inside a solid), ties to the lower proxy id.
     *
     * @param point the query point, world space, m
     * @param maxDistance the farthest a surface may be and still be found, m (≥ 0)
     * @param filter whose mask proxies' categories must pass, or null for all
     * @param accept a further test of each proxy's owner, or null for all
     * @param out receives the nearest surface point
     * @return {@code true} and {@code out} filled when a surface was within {@code maxDistance}
     */
    public boolean closestPoint(Vector3dc point, double maxDistance, CollisionFilter filter, Predicate<Object> accept,
            PointHit out) {
        notInCallback();
        Check.finite("point", point);
        Check.nonNegative("maxDistance", maxDistance);
        Check.notNull("out", out);
        this.point.set(point);
        box.set(point.x(), point.y(), point.z(), point.x(), point.y(), point.z());
        query.set(box).fatten(maxDistance);
        begin(filter, accept, null, null, out);
        best = maxDistance;
        broadPhase.tree().query(query, pointVisitor);
        return end();
    }

    private boolean pointVisitor(int proxy) {
        QueryTarget qt = candidate(proxy);
        if (qt == null || gap(broadPhase.tightAabb(proxy, tight), box) > best) {
            return true;
        }
        double d = pointQuery.signedDistance(qt.shape(), qt.pose(target), point.x, point.y, point.z, surface, normal);
        PointHit out = (PointHit) qOut;
        if (d > best || (found && d == best && proxy > out.proxy)) {
            return true;
        }
        found = true;
        best = d;
        out.distance = d;
        out.point.set(surface);
        out.normal.set(normal);
        out.proxy = proxy;
        out.body = bodyOf(qt);
        out.shape = qt.shape();
        return true;
    }

    /**
     * Reports every solid shape containing {@code point} (on its surface counts), in proxy order.
     *
     * @param point the query point, world space, m
     * @param filter whose mask proxies' categories must pass, or null for all
     * @param accept a further test of each proxy's owner, or null for all
     * @param callback receives each shape; returning false stops the query
     * @return the number of shapes reported
     */
    public int containing(Vector3dc point, CollisionFilter filter, Predicate<Object> accept, QueryCallback callback) {
        notInCallback();
        Check.finite("point", point);
        Check.notNull("callback", callback);
        query.set(point.x(), point.y(), point.z(), point.x(), point.y(), point.z());
        gather(filter, accept, true);
        int count = 0;
        inCallback = true;
        try {
            for (int i = 0; i < candidateCount; i++) {
                int proxy = candidates[i];
                QueryTarget qt = (QueryTarget) broadPhase.owner(proxy);
                if (pointQuery.contains(qt.shape(), qt.pose(target), point.x(), point.y(), point.z())) {
                    count++;
                    if (!callback.report(bodyOf(qt), qt.shape(), proxy)) {
                        break;
                    }
                }
            }
        } finally {
            inCallback = false;
        }
        return count;
    }

    /**
     * Reports every proxy whose shape touches or overlaps {@code shape} at {@code at}, in proxy
     * order, allocating nothing. Convex pairs (and a convex shape against a plane or half-space)
     * are decided by {@link ShapeDistance} (distance 0), other pairs by the narrow phase
     * (penetration > 0, as {@link #overlapShape}); a proxy whose owner is not a
     * {@link QueryTarget} is reported when its tight box overlaps.
     *
     * @param shape the shape to test
     * @param at its world pose
     * @param filter whose mask proxies' categories must pass, or null for all
     * @param accept a further test of each proxy's owner, or null for all
     * @param callback receives each shape; returning false stops the query
     * @return the number of shapes reported
     */
    public int overlap(Shape shape, Pose at, CollisionFilter filter, Predicate<Object> accept, QueryCallback callback) {
        notInCallback();
        Check.notNull("shape", shape);
        QueryCheck.pose("pose", at);
        Check.notNull("callback", callback);
        shape.computeAabb(at, query);
        gather(filter, accept, false);
        boolean convexQuery = Support.isConvex(shape);
        int count = 0;
        inCallback = true;
        try {
            for (int i = 0; i < candidateCount; i++) {
                int proxy = candidates[i];
                Object owner = broadPhase.owner(proxy);
                Shape other = null;
                if (owner instanceof QueryTarget qt) {
                    other = qt.shape();
                    qt.pose(target);
                    boolean touching = convexQuery && ShapeDistance.supports(other)
                            ? distancer.distance(shape, at, other, target, closestTmp) <= 0
                            : narrow.collide(shape, at, other, target, manifold) > 0;
                    if (!touching) {
                        continue;
                    }
                }
                count++;
                if (!callback.report(owner instanceof BodyShape bs ? bs.body() : null, other, proxy)) {
                    break;
                }
            }
        } finally {
            inCallback = false;
        }
        return count;
    }

    /** Collects the proxies passing the filters whose tight boxes overlap {@code query}, sorted by id. */
    private void gather(CollisionFilter filter, Predicate<Object> accept, boolean supportedOnly) {
        qFilter = filter;
        qAccept = accept;
        gatherSupportedOnly = supportedOnly;
        candidateCount = 0;
        try {
            broadPhase.tree().query(query, collect);
        } finally {
            qFilter = null;
            qAccept = null;
        }
        Arrays.sort(candidates, 0, candidateCount);
    }

    private boolean gatherSupportedOnly;

    private boolean collect(int proxy) {
        if (!passes(proxy, qFilter, qAccept) || !broadPhase.tightAabb(proxy, tight).overlaps(query)
                || (gatherSupportedOnly && candidate(proxy) == null)) {
            return true;
        }
        if (candidateCount == candidates.length) {
            candidates = Arrays.copyOf(candidates, 2 * candidateCount);
        }
        candidates[candidateCount++] = proxy;
        return true;
    }

    /** The proxy's owner when it passes the query's filters and its shape is one the exact queries know, else null. */
    private QueryTarget candidate(int proxy) {
        if (!passes(proxy, qFilter, qAccept)) {
            return null;
        }
        return broadPhase.owner(proxy) instanceof QueryTarget qt && ShapeDistance.supports(qt.shape()) ? qt : null;
    }

    private static RigidBody bodyOf(QueryTarget qt) {
        return qt instanceof BodyShape bs ? bs.body() : null;
    }

    /** The distance between two boxes, m (0 when they overlap). */
    private static double gap(Aabb a, Aabb b) {
        double x = Math.max(0, Math.max(a.minX - b.maxX, b.minX - a.maxX));
        double y = Math.max(0, Math.max(a.minY - b.maxY, b.minY - a.maxY));
        double z = Math.max(0, Math.max(a.minZ - b.maxZ, b.minZ - a.maxZ));
        return Math.sqrt(x * x + y * y + z * z);
    }

    private void begin(CollisionFilter filter, Predicate<Object> accept, Shape shape, Pose pose, Object out) {
        qFilter = filter;
        qAccept = accept;
        qShape = shape;
        qPose = pose;
        qOut = out;
        found = false;
    }

    /** Forgets the query's arguments (so nothing is kept alive) and says whether it found something. */
    private boolean end() {
        qFilter = null;
        qAccept = null;
        qShape = null;
        qPose = null;
        qOut = null;
        return found;
    }

    private void notInCallback() {
        if (inCallback) {
            throw new IllegalStateException("a query callback may not start another query on the same world");
        }
    }

    private static Shape convex(String field, Shape shape) {
        Check.notNull(field, shape);
        if (!Support.isConvex(shape)) {
            throw new IllegalArgumentException(
                    field + " must be a sphere, box, capsule, convex hull or cylinder, was " + shape);
        }
        return shape;
    }

    private static Vector3d unit(Vector3dc d) {
        return unit(d, new Vector3d());
    }

    private static Vector3d unit(Vector3dc d, Vector3d dest) {
        Check.finite("direction", d);
        double l = d.length();
        if (!(l > 0)) {
            throw new IllegalArgumentException("direction must be non-zero, was " + d);
        }
        return dest.set(d).div(l);
    }
}
