package dev.tumble.core.collision.broad;

import dev.tumble.core.collision.CollisionFilter;
import dev.tumble.core.collision.narrow.ContactManifold;
import dev.tumble.core.collision.narrow.NarrowPhase;
import dev.tumble.core.collision.query.QueryTarget;
import dev.tumble.core.collision.query.RayHit;
import dev.tumble.core.collision.shape.Aabb;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.internal.Check;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Ray casts and overlap queries through a {@link BroadPhase}'s tree. Proxies are filtered by
 * the query's {@link CollisionFilter} (its mask against the proxy's category) and an optional
 * predicate on the owner; exact tests use the owner's shape when it is a {@link QueryTarget}
 * (otherwise its tight box). Rays starting inside a solid hit it at distance 0.
 */
public final class Queries {
    private final BroadPhase broadPhase;
    private final Pose pose = new Pose();
    private final Vector3d local = new Vector3d(), dir = new Vector3d(), n = new Vector3d();
    private final NarrowPhase narrow = new NarrowPhase();
    private final ContactManifold manifold = new ContactManifold();
    private final Aabb box = new Aabb();

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
        Vector3d d = unit(direction);
        Check.nonNegative("maxDistance", maxDistance);
        RayHit tmp = new RayHit();
        boolean[] found = {false};
        broadPhase.tree().rayCast(origin.x(), origin.y(), origin.z(), d.x, d.y, d.z, maxDistance, (proxy, maxT) -> {
            if (!passes(proxy, filter, accept)) {
                return maxT;
            }
            double t = castProxy(proxy, origin, d, maxT, tmp);
            if (t < 0 || (found[0] && (t > out.distance || (t == out.distance && proxy > out.proxy)))) {
                return maxT;
            }
            found[0] = true;
            out.proxy = tmp.proxy;
            out.target = tmp.target;
            out.distance = t;
            out.point.set(tmp.point);
            out.normal.set(tmp.normal);
            return t;
        });
        return found[0];
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

    private static Vector3d unit(Vector3dc d) {
        Check.finite("direction", d);
        double l = d.length();
        if (!(l > 0)) {
            throw new IllegalArgumentException("direction must be non-zero, was " + d);
        }
        return new Vector3d(d).div(l);
    }
}
