package dev.tumble.core.collision.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.broad.BroadPhase;
import dev.tumble.core.collision.CollisionFilter;
import dev.tumble.core.collision.broad.Queries;
import dev.tumble.core.collision.shape.Aabb;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Plane;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

class RayCastTest {
    BroadPhase bp = new BroadPhase();
    Queries q = new Queries(bp);

    int add(Shape s, RigidBody b, CollisionFilter f) {
        BodyShape bs = new BodyShape(b, s);
        return bp.add(s.computeAabb(bs.pose(new Pose()), new Aabb()), f, b.type() != dev.tumble.core.body.BodyType.DYNAMIC, bs);
    }

    void expectHit(Vector3d o, Vector3d d, double dist, double nx, double ny, double nz) {
        RayHit h = new RayHit();
        assertTrue(q.castRay(o, d, 100, null, null, h), "hit expected");
        assertEquals(dist, h.distance, 1e-9, h.toString());
        assertEquals(nx, h.normal.x, 1e-9, h.toString());
        assertEquals(ny, h.normal.y, 1e-9, h.toString());
        assertEquals(nz, h.normal.z, 1e-9, h.toString());
    }

    @Test
    void analyticHitsForEveryShape() {
        add(new Sphere(1), RigidBody.dynamic().position(0, 0, 5).orientation(new Quaterniond().rotateX(0.7)), null);
        expectHit(new Vector3d(), new Vector3d(0, 0, 1), 4, 0, 0, -1);
        bp = new BroadPhase();
        q = new Queries(bp);
        add(new Box(1, 2, 3), RigidBody.dynamic().position(10, 0, 0).orientation(new Quaterniond().rotateY(Math.PI / 2)), null);
        expectHit(new Vector3d(), new Vector3d(2, 0, 0), 7, -1, 0, 0);
        bp = new BroadPhase();
        q = new Queries(bp);
        add(new Capsule(0.5, 1), RigidBody.dynamic().position(0, 5, 0), null);
        expectHit(new Vector3d(), new Vector3d(0, 1, 0), 3.5, 0, -1, 0);
        expectHit(new Vector3d(-5, 5.5, 0), new Vector3d(1, 0, 0), 4.5, -1, 0, 0);
        bp = new BroadPhase();
        q = new Queries(bp);
        add(new ConvexHull(new Vector3d(-1, -1, -1), new Vector3d(1, -1, -1), new Vector3d(-1, 1, -1), new Vector3d(1, 1, -1),
                new Vector3d(-1, -1, 1), new Vector3d(1, -1, 1), new Vector3d(-1, 1, 1), new Vector3d(1, 1, 1)),
                RigidBody.dynamic().position(0, 0, -6), null);
        expectHit(new Vector3d(0.3, 0.2, 0), new Vector3d(0, 0, -1), 5, 0, 0, 1);
        bp = new BroadPhase();
        q = new Queries(bp);
        add(new HalfSpace(0, 1, 0, -2), RigidBody.fixed(), null);
        expectHit(new Vector3d(), new Vector3d(0, -1, 0), 2, 0, 1, 0);
        expectHit(new Vector3d(0, -3, 0), new Vector3d(0, -1, 0), 0, 0, 1, 0); // starts inside
        bp = new BroadPhase();
        q = new Queries(bp);
        add(new Plane(0, 1, 0, 3), RigidBody.fixed(), null);
        expectHit(new Vector3d(), new Vector3d(0, 1, 0), 3, 0, -1, 0);
        assertFalse(q.castRay(new Vector3d(), new Vector3d(1, 0, 0), 100, null, null, new RayHit()));
    }

    /** Random rays: sphere vs the quadratic root, box vs the hull of its corners, capsule vs ray marching. */
    @Test
    void randomRaysAgreeWithIndependentComputations() {
        Random rnd = new Random(5);
        Box box = new Box(0.7, 0.4, 1.1);
        ConvexHull hull = new ConvexHull(corners(box));
        Capsule cap = new Capsule(0.4, 0.8);
        Vector3d n1 = new Vector3d(), n2 = new Vector3d();
        int hits = 0;
        for (int i = 0; i < 5000; i++) {
            double ox = rnd.nextGaussian() * 3, oy = rnd.nextGaussian() * 3, oz = rnd.nextGaussian() * 3;
            if (ox * ox + oy * oy + oz * oz < 4) {
                continue;
            }
            double dx = -ox + rnd.nextGaussian(), dy = -oy + rnd.nextGaussian(), dz = -oz + rnd.nextGaussian();
            double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
            dx /= l;
            dy /= l;
            dz /= l;
            double tb = box.castRayLocal(ox, oy, oz, dx, dy, dz, 100, n1);
            double th = hull.castRayLocal(ox, oy, oz, dx, dy, dz, 100, n2);
            assertEquals(tb < 0, th < 0, "box vs hull miss " + i);
            if (tb >= 0) {
                hits++;
                assertEquals(tb, th, 1e-9);
                assertTrue(n1.distance(n2) < 1e-9 || Math.abs(tb - th) < 1e-12);
            }
            double r = 1.3;
            double ts = new Sphere(r).castRayLocal(ox, oy, oz, dx, dy, dz, 100, n1);
            double b = ox * dx + oy * dy + oz * dz, c = ox * ox + oy * oy + oz * oz - r * r, disc = b * b - c;
            assertEquals(disc >= 0 && -b - Math.sqrt(disc) >= 0, ts >= 0);
            if (ts >= 0) {
                assertEquals(-b - Math.sqrt(disc), ts, 1e-9);
            }
            double tc = cap.castRayLocal(ox, oy, oz, dx, dy, dz, 100, n1);
            double march = march(cap, ox, oy, oz, dx, dy, dz);
            assertEquals(march < 0, tc < 0, "capsule miss " + i);
            if (tc >= 0) {
                assertEquals(march, tc, 1e-6);
            }
        }
        assertTrue(hits > 500);
    }

    static double march(Capsule c, double ox, double oy, double oz, double dx, double dy, double dz) {
        double step = 1e-3;
        for (double t = 0; t < 20; t += step) {
            if (inside(c, ox + t * dx, oy + t * dy, oz + t * dz)) {
                double lo = t - step, hi = t;
                for (int k = 0; k < 60; k++) {
                    double m = 0.5 * (lo + hi);
                    if (inside(c, ox + m * dx, oy + m * dy, oz + m * dz)) {
                        hi = m;
                    } else {
                        lo = m;
                    }
                }
                return hi;
            }
        }
        return -1;
    }

    static boolean inside(Capsule c, double x, double y, double z) {
        double cy = Math.max(-c.halfHeight(), Math.min(c.halfHeight(), y));
        return x * x + (y - cy) * (y - cy) + z * z <= c.radius() * c.radius();
    }

    static Vector3d[] corners(Box b) {
        Vector3d[] p = new Vector3d[8];
        for (int i = 0; i < 8; i++) {
            p[i] = new Vector3d((i & 1) != 0 ? b.hx() : -b.hx(), (i & 2) != 0 ? b.hy() : -b.hy(), (i & 4) != 0 ? b.hz() : -b.hz());
        }
        return p;
    }

    @Test
    void filtersHonouredInQueries() {
        CollisionFilter red = new CollisionFilter(0b01, -1, 0), blue = new CollisionFilter(0b10, -1, 0);
        int near = add(new Sphere(0.5), RigidBody.dynamic().position(0, 0, 2), red);
        int mid = add(new Sphere(0.5), RigidBody.dynamic().position(0, 0, 4), blue);
        int far = add(new Sphere(0.5), RigidBody.dynamic().position(0, 0, 6), red);
        Vector3d o = new Vector3d(), d = new Vector3d(0, 0, 1);
        RayHit h = new RayHit();
        assertTrue(q.castRay(o, d, 100, null, null, h));
        assertEquals(near, h.proxy);
        assertTrue(q.castRay(o, d, 100, new CollisionFilter(1, 0b10, 0), null, h));
        assertEquals(mid, h.proxy, "mask selects blue only");
        Object midOwner = bp.owner(mid);
        assertTrue(q.castRay(o, d, 100, new CollisionFilter(1, 0b10, 0), null, h) && h.target == midOwner);
        assertTrue(q.castRay(o, d, 100, null, t -> t != bp.owner(near), h));
        assertEquals(mid, h.proxy, "predicate skips the nearest");
        assertFalse(q.castRay(o, d, 1.4, null, null, h), "max distance");
        List<RayHit> all = new ArrayList<>();
        assertEquals(3, q.castRayAll(o, d, 100, null, null, all));
        assertEquals(List.of(near, mid, far), all.stream().map(x -> x.proxy).toList());
        all.clear();
        assertEquals(2, q.castRayAll(o, d, 100, new CollisionFilter(1, 0b01, 0), null, all));
        List<Integer> over = new ArrayList<>();
        assertEquals(2, q.overlapBox(new Aabb(-1, -1, 1, 1, 1, 4.2), null, null, over));
        over.clear();
        assertEquals(1, q.overlapBox(new Aabb(-1, -1, 1, 1, 1, 4.2), new CollisionFilter(1, 0b10, 0), null, over));
        assertEquals(mid, over.get(0));
        over.clear();
        // A box whose AABB reaches the near sphere's AABB corner but not the sphere itself.
        Pose at = new Pose().set(0.75, 0.75, 1.25, 1, 0, 0, 0);
        assertEquals(0, q.overlapShape(new Box(0.2, 0.2, 0.2), at, null, null, over));
        assertEquals(1, q.overlapShape(new Box(0.2, 0.2, 0.2), new Pose().set(0, 0, 2.6, 1, 0, 0, 0), null, null, over));
        assertEquals(near, over.get(0));
        over.clear();
        assertEquals(0, q.overlapShape(new Box(0.2, 0.2, 0.2), new Pose().set(0, 0, 2.6, 1, 0, 0, 0), null, t -> false, over));
    }
}
