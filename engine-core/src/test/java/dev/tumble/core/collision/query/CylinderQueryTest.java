package dev.tumble.core.collision.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Queries on cylinders against brute force: point distances against the nearest of densely
 * sampled surface points, the world's rays against a fine march along each ray testing whether
 * each point is inside, distances and casts against boxes and spheres against the sampled
 * surfaces (with exact point-to-box and point-to-sphere distances for the other shape).
 */
class CylinderQueryTest {
    /** Spacing of the surface samples, m. */
    static final double STEP = 0.01;

    // ------------------------------------------------------------------ the oracle's solid

    /** Points on the surface of {@code c}, about {@code step} apart, shape frame: x, y, z triples. */
    static double[] samples(Cylinder c, double step) {
        double r = c.radius(), h = c.halfHeight();
        List<double[]> out = new ArrayList<>();
        int around = (int) Math.ceil(2 * Math.PI * r / step), along = (int) Math.ceil(2 * h / step);
        for (int k = 0; k < around; k++) {
            double a = 2 * Math.PI * k / around;
            for (int j = 0; j <= along; j++) {
                out.add(new double[] {r * Math.cos(a), -h + 2 * h * j / along, r * Math.sin(a)});
            }
        }
        int rings = (int) Math.ceil(r / step);
        for (int i = 1; i <= rings; i++) {
            double rho = r * i / rings;
            int n = (int) Math.ceil(2 * Math.PI * rho / step);
            for (int k = 0; k < n; k++) {
                double a = 2 * Math.PI * k / n;
                out.add(new double[] {rho * Math.cos(a), h, rho * Math.sin(a)});
                out.add(new double[] {rho * Math.cos(a), -h, rho * Math.sin(a)});
            }
        }
        out.add(new double[] {0, h, 0});
        out.add(new double[] {0, -h, 0});
        double[] flat = new double[3 * out.size()];
        for (int i = 0; i < out.size(); i++) {
            System.arraycopy(out.get(i), 0, flat, 3 * i, 3);
        }
        return flat;
    }

    static double[] worldSamples(Cylinder c, Pose p, double step) {
        double[] s = samples(c, step);
        Vector3d w = new Vector3d();
        for (int i = 0; i < s.length; i += 3) {
            p.toWorld(s[i], s[i + 1], s[i + 2], w);
            s[i] = w.x;
            s[i + 1] = w.y;
            s[i + 2] = w.z;
        }
        return s;
    }

    /** Whether the world point is inside (or on) cylinder {@code c} at {@code p}. */
    static boolean inside(Cylinder c, Pose p, double x, double y, double z) {
        Vector3d l = p.toLocal(x, y, z, new Vector3d());
        return l.x * l.x + l.z * l.z <= c.radius() * c.radius() && Math.abs(l.y) <= c.halfHeight();
    }

    /** Distance (m) from a world point to box {@code b} at {@code p}: 0 inside. */
    static double toBox(Box b, Pose p, double x, double y, double z, Vector3d scratch) {
        Vector3d l = p.toLocal(x, y, z, scratch);
        double dx = Math.max(0, Math.abs(l.x) - b.hx()), dy = Math.max(0, Math.abs(l.y) - b.hy()),
                dz = Math.max(0, Math.abs(l.z) - b.hz());
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /** How deep (m) a world point is inside box {@code b} at {@code p}: ≤ 0 outside. */
    static double inBox(Box b, Pose p, double x, double y, double z, Vector3d scratch) {
        Vector3d l = p.toLocal(x, y, z, scratch);
        return Math.min(b.hx() - Math.abs(l.x), Math.min(b.hy() - Math.abs(l.y), b.hz() - Math.abs(l.z)));
    }

    static Pose randomPose(Random rnd, double spread) {
        return GjkDistanceTest.pose(spread * rnd.nextGaussian(), spread * rnd.nextGaussian(), spread * rnd.nextGaussian(),
                GjkDistanceTest.randomRotation(rnd));
    }

    static Cylinder randomCylinder(Random rnd) {
        return new Cylinder(0.1 + 0.5 * rnd.nextDouble(), 0.1 + 0.5 * rnd.nextDouble());
    }

    // ------------------------------------------------------------------ point queries

    @Test
    void pointDistancesAreTheNearestSampledSurfacePointsAndTheSurfacePointIsExact() {
        Random rnd = new Random(31);
        PointQuery query = new PointQuery();
        Vector3d surface = new Vector3d(), normal = new Vector3d(), local = new Vector3d();
        int in = 0, out = 0;
        for (int shape = 0; shape < 12; shape++) {
            Cylinder c = randomCylinder(rnd);
            Pose p = randomPose(rnd, 3);
            double[] s = worldSamples(c, p, STEP);
            double r = c.radius(), h = c.halfHeight();
            for (int i = 0; i < 60; i++) {
                double lx, ly, lz;
                switch (i % 6) {
                    case 0 -> { // on the axis, inside
                        lx = lz = 0;
                        ly = (2 * rnd.nextDouble() - 1) * h;
                    }
                    case 1 -> { // near the rim
                        double a = 2 * Math.PI * rnd.nextDouble();
                        lx = (r + 0.05 * rnd.nextGaussian()) * Math.cos(a);
                        lz = (r + 0.05 * rnd.nextGaussian()) * Math.sin(a);
                        ly = (rnd.nextBoolean() ? 1 : -1) * (h + 0.05 * rnd.nextGaussian());
                    }
                    case 2 -> { // inside, about as deep under the side as under a cap
                        double a = 2 * Math.PI * rnd.nextDouble(), depth = Math.min(r, h) * rnd.nextDouble();
                        double rho = r - depth * (1 + 0.02 * rnd.nextGaussian());
                        lx = rho * Math.cos(a);
                        lz = rho * Math.sin(a);
                        ly = (rnd.nextBoolean() ? 1 : -1) * (h - depth);
                    }
                    default -> {
                        lx = 1.5 * (r + h) * (2 * rnd.nextDouble() - 1);
                        ly = 1.5 * (r + h) * (2 * rnd.nextDouble() - 1);
                        lz = 1.5 * (r + h) * (2 * rnd.nextDouble() - 1);
                    }
                }
                Vector3d w = p.toWorld(lx, ly, lz, new Vector3d());
                boolean isIn = inside(c, p, w.x, w.y, w.z);
                double nearest = Double.POSITIVE_INFINITY;
                for (int k = 0; k < s.length; k += 3) {
                    double dx = s[k] - w.x, dy = s[k + 1] - w.y, dz = s[k + 2] - w.z;
                    nearest = Math.min(nearest, dx * dx + dy * dy + dz * dz);
                }
                double want = (isIn ? -1 : 1) * Math.sqrt(nearest);
                double got = query.signedDistance(c, p, w.x, w.y, w.z, surface, normal);
                String what = c + " point " + i + " (local " + lx + ", " + ly + ", " + lz + "): got " + got + ", samples " + want;
                // Samples STEP apart lie within STEP·√2/2 of every surface point.
                assertEquals(want, got, STEP, what);
                // Refined from the best sample of each face by a shrinking local search: the nearest surface point.
                double refined = (isIn ? -1 : 1) * nearestOnSurface(c, lx, ly, lz);
                assertEquals(refined, got, 1e-9, what + ", refined " + refined);
                assertEquals(isIn, query.contains(c, p, w.x, w.y, w.z), what);
                // The surface point is on the surface, and the point is the distance along the normal from it.
                p.toLocal(surface.x, surface.y, surface.z, local);
                double off = Math.max(Math.sqrt(local.x * local.x + local.z * local.z) - r, Math.abs(local.y) - h);
                assertEquals(0, off, 1e-12, what + ": surface point " + surface);
                assertEquals(1, normal.length(), 1e-12, what);
                assertEquals(0, new Vector3d(surface).fma(got, normal).distance(w), 1e-12, what + ": point = surface + d·normal");
                in += isIn ? 1 : 0;
                out += isIn ? 0 : 1;
            }
        }
        assertTrue(in > 150 && out > 300, in + " inside, " + out + " outside");
    }

    /**
     * A point of the surface, shape frame: face 0 the side with its rims (φ = 2πu, y from −h to h
     * by v), 1 and 2 the caps (x and z from −r to r by u and v; null outside the rim).
     */
    static double[] onSurface(Cylinder c, int face, double u, double v) {
        double r = c.radius();
        if (face == 0) {
            double a = 2 * Math.PI * u;
            return new double[] {r * Math.cos(a), -c.halfHeight() + 2 * c.halfHeight() * v, r * Math.sin(a)};
        }
        double x = r * (2 * u - 1), z = r * (2 * v - 1);
        return x * x + z * z <= r * r ? new double[] {x, face == 1 ? c.halfHeight() : -c.halfHeight(), z} : null;
    }

    /**
     * The distance from a shape-frame point to the surface: per face, the best of a 60 × 60 grid
     * of surface points, then a pattern search with shrinking steps round it (on a cap, within the
     * rim: the side's search holds the rims).
     */
    static double nearestOnSurface(Cylinder c, double x, double y, double z) {
        double best = Double.POSITIVE_INFINITY;
        int n = 60;
        for (int face = 0; face < 3; face++) {
            double bu = 0, bv = 0, bd = Double.POSITIVE_INFINITY;
            for (int i = 0; i <= n; i++) {
                for (int j = 0; j <= n; j++) {
                    double[] q = onSurface(c, face, (double) i / n, (double) j / n);
                    double d = q == null ? Double.POSITIVE_INFINITY : gap(q, x, y, z);
                    if (d < bd) {
                        bd = d;
                        bu = (double) i / n;
                        bv = (double) j / n;
                    }
                }
            }
            for (double step = 1.0 / n; step > 1e-14; step *= 0.5) {
                boolean improved = true;
                while (improved) {
                    improved = false;
                    for (int k = 0; k < 8; k++) { // the axes and the diagonals
                        double u = bu + step * DU[k];
                        double v = Math.max(0, Math.min(1, bv + step * DV[k]));
                        if (face > 0) {
                            u = Math.max(0, Math.min(1, u));
                        }
                        double[] q = onSurface(c, face, u, v);
                        double d = q == null ? Double.POSITIVE_INFINITY : gap(q, x, y, z);
                        if (d < bd) {
                            bd = d;
                            bu = u;
                            bv = v;
                            improved = true;
                        }
                    }
                }
            }
            best = Math.min(best, bd);
        }
        return best;
    }

    private static final int[] DU = {1, -1, 0, 0, 1, 1, -1, -1}, DV = {0, 0, 1, -1, 1, -1, 1, -1};

    static double gap(double[] s, double x, double y, double z) {
        return Math.sqrt((s[0] - x) * (s[0] - x) + (s[1] - y) * (s[1] - y) + (s[2] - z) * (s[2] - z));
    }

    @Test
    void insidePointsReportTheNearestOfTheSideAndTheCaps() {
        PointQuery query = new PointQuery();
        Vector3d surface = new Vector3d(), normal = new Vector3d();
        Cylinder c = new Cylinder(1, 0.5);
        Pose p = GjkDistanceTest.at(0, 0, 0);
        assertEquals(-0.2, query.signedDistance(c, p, 0.8, 0.1, 0, surface, normal), 1e-12, "nearer the side");
        assertEquals(0, normal.distance(1, 0, 0), 1e-12);
        assertEquals(0, surface.distance(1, 0.1, 0), 1e-12);
        assertEquals(-0.1, query.signedDistance(c, p, 0.3, -0.4, 0.2, surface, normal), 1e-12, "nearer the bottom cap");
        assertEquals(0, normal.distance(0, -1, 0), 1e-12);
        assertEquals(0, surface.distance(0.3, -0.5, 0.2), 1e-12);
        assertEquals(-0.5, query.signedDistance(c, p, 0, 0, 0, surface, normal), 1e-12, "at the centre");
        assertEquals(Math.sqrt(0.5 * 0.5 + 0.25 * 0.25), query.signedDistance(c, p, 0, 1, 1.25, surface, normal), 1e-12,
                "beyond the rim");
        assertEquals(0, surface.distance(0, 0.5, 1), 1e-12);
    }

    // ------------------------------------------------------------------ the world's rays

    @Test
    void theWorldsRaysHitCylindersWhereAFineMarchFirstEntersThem() {
        Random rnd = new Random(32);
        World world = new World();
        List<Cylinder> shapes = new ArrayList<>();
        List<Pose> poses = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Cylinder c = randomCylinder(rnd);
            if (i % 2 == 1) {
                c.offset(new Vector3d(0.2, -0.1, 0.3), new Quaterniond().rotateXYZ(0.5, 0.2, -0.9));
            }
            RigidBody b = world.addBody(RigidBody.fixed(c).position(4 * i - 10, rnd.nextGaussian(), rnd.nextGaussian())
                    .orientation(GjkDistanceTest.randomRotation(rnd)));
            shapes.add(c);
            poses.add(new Pose().set(b, c));
        }
        int hits = 0, misses = 0, touches = 0;
        for (int i = 0; i < 2000; i++) {
            int k = rnd.nextInt(shapes.size());
            Cylinder c = shapes.get(k);
            Pose p = poses.get(k);
            Vector3d target = p.toWorld((c.radius() + 0.05) * rnd.nextGaussian(), (c.halfHeight() + 0.05) * rnd.nextGaussian(),
                    (c.radius() + 0.05) * rnd.nextGaussian(), new Vector3d());
            if (i % 5 == 0) {
                double a = 2 * Math.PI * rnd.nextDouble();
                p.toWorld(c.radius() * Math.cos(a), (rnd.nextBoolean() ? 1 : -1) * c.halfHeight(), c.radius() * Math.sin(a), target);
            }
            Vector3d dir = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian());
            if (i % 7 == 0) {
                p.dirToWorld(0, rnd.nextBoolean() ? 1 : -1, 0, dir); // along the axis
            }
            double back = 0.5 + 1.5 * rnd.nextDouble();
            Vector3d origin = new Vector3d(dir).normalize().mul(-back).add(target);
            double max = back + 1;
            Optional<RayHit> hit = world.castRay(origin, dir, max);
            double want = march(shapes, poses, origin, new Vector3d(dir).normalize(), max);
            String what = "ray " + i + " from " + origin + " along " + dir + ": got " + hit + ", the march " + want;
            if (hit.isPresent() && Math.abs(want - hit.get().distance) <= 1e-9) {
                hits++;
                assertEquals(1, hit.get().normal.length(), 1e-12, what);
            } else if (hit.isPresent() || want >= 0) {
                // Only a ray that runs along a surface may hit where the march finds nothing, miss where it
                // finds a point, or enter it elsewhere: every point of it between the two answers is on the surface.
                double t0 = hit.isPresent() ? hit.get().distance : want, t1 = want >= 0 ? want : t0;
                for (int m = 0; m <= 20; m++) {
                    double t = t0 + (t1 - t0) * m / 20;
                    Vector3d at = new Vector3d(dir).normalize().mul(t).add(origin);
                    double off = Double.POSITIVE_INFINITY;
                    for (int j = 0; j < shapes.size(); j++) {
                        Vector3d l = poses.get(j).toLocal(at.x, at.y, at.z, new Vector3d());
                        off = Math.min(off, Math.abs(Math.max(Math.sqrt(l.x * l.x + l.z * l.z) - shapes.get(j).radius(),
                                Math.abs(l.y) - shapes.get(j).halfHeight())));
                    }
                    assertTrue(off < 1e-9, what + ": " + off + " m off the surface at " + t);
                }
                touches++;
            } else {
                misses++;
            }
        }
        assertTrue(hits > 600 && misses > 200 && touches < 400, hits + " hits, " + misses + " misses, " + touches + " touches");
    }

    /** The first distance along the unit ray at which it is inside any of the cylinders, or −1. */
    static double march(List<Cylinder> shapes, List<Pose> poses, Vector3d o, Vector3d u, double max) {
        int n = 20_000;
        double prev = 0;
        for (int k = 0; k <= n; k++) {
            double t = max * k / n;
            if (insideAny(shapes, poses, o, u, t)) {
                if (k == 0) {
                    return 0;
                }
                double lo = prev, hi = t;
                for (int i = 0; i < 100; i++) {
                    double mid = 0.5 * (lo + hi);
                    if (mid <= lo || mid >= hi) {
                        break;
                    }
                    if (insideAny(shapes, poses, o, u, mid)) {
                        hi = mid;
                    } else {
                        lo = mid;
                    }
                }
                return hi;
            }
            prev = t;
        }
        return -1;
    }

    static boolean insideAny(List<Cylinder> shapes, List<Pose> poses, Vector3d o, Vector3d u, double t) {
        Vector3d l = SCRATCH.get();
        for (int j = 0; j < shapes.size(); j++) {
            Cylinder c = shapes.get(j);
            poses.get(j).toLocal(o.x + t * u.x, o.y + t * u.y, o.z + t * u.z, l);
            if (l.x * l.x + l.z * l.z <= c.radius() * c.radius() && Math.abs(l.y) <= c.halfHeight()) {
                return true;
            }
        }
        return false;
    }

    private static final ThreadLocal<Vector3d> SCRATCH = ThreadLocal.withInitial(Vector3d::new);

    // ------------------------------------------------------------------ distances

    /** The other shape of a pair: a box or a sphere, with exact point distances for the oracle. */
    static Shape other(Random rnd, int i) {
        return i % 2 == 0 ? new Box(0.1 + 0.5 * rnd.nextDouble(), 0.1 + 0.5 * rnd.nextDouble(), 0.1 + 0.5 * rnd.nextDouble())
                : new Sphere(0.1 + 0.5 * rnd.nextDouble());
    }

    /**
     * Brute force between cylinder {@code c} at {@code pc} and {@code o} (box or sphere) at
     * {@code po}: the least distance from a cylinder surface sample to {@code o} (exact for the
     * sample), and how deep the deepest sample of either surface is inside the other solid.
     *
     * @return {distance, depth}: distance ≥ 0; depth > 0 when they overlap that much
     */
    static double[] bruteForce(Cylinder c, Pose pc, double[] cylSamples, Shape o, Pose po, double[] otherSamples) {
        Vector3d scratch = new Vector3d();
        double distance = Double.POSITIVE_INFINITY, depth = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < cylSamples.length; k += 3) {
            double x = cylSamples[k], y = cylSamples[k + 1], z = cylSamples[k + 2];
            if (o instanceof Box b) {
                distance = Math.min(distance, toBox(b, po, x, y, z, scratch));
                depth = Math.max(depth, inBox(b, po, x, y, z, scratch));
            } else {
                double r = ((Sphere) o).radius();
                double d = Math.sqrt((x - po.px) * (x - po.px) + (y - po.py) * (y - po.py) + (z - po.pz) * (z - po.pz)) - r;
                distance = Math.min(distance, Math.max(0, d));
                depth = Math.max(depth, -d);
            }
        }
        for (int k = 0; k < otherSamples.length; k += 3) {
            Vector3d l = pc.toLocal(otherSamples[k], otherSamples[k + 1], otherSamples[k + 2], scratch);
            depth = Math.max(depth, Math.min(c.radius() - Math.sqrt(l.x * l.x + l.z * l.z), c.halfHeight() - Math.abs(l.y)));
        }
        return new double[] {distance, depth};
    }

    /** Surface samples of a box or sphere at {@code p}, world space. */
    static double[] otherSamples(Shape o, Pose p, double step) {
        List<Vector3d> local = new ArrayList<>();
        if (o instanceof Box b) {
            local = GjkDistanceTest.samples(b, step);
        } else {
            double r = ((Sphere) o).radius();
            int n = (int) Math.ceil(4 * Math.PI * r * r / (step * step));
            for (int i = 0; i < n; i++) { // a Fibonacci sphere
                double y = 1 - 2 * (i + 0.5) / n, rho = Math.sqrt(1 - y * y), a = i * Math.PI * (3 - Math.sqrt(5));
                local.add(new Vector3d(r * rho * Math.cos(a), r * y, r * rho * Math.sin(a)));
            }
        }
        double[] out = new double[3 * local.size()];
        Vector3d w = new Vector3d();
        for (int i = 0; i < local.size(); i++) {
            p.toWorld(local.get(i).x, local.get(i).y, local.get(i).z, w);
            out[3 * i] = w.x;
            out[3 * i + 1] = w.y;
            out[3 * i + 2] = w.z;
        }
        return out;
    }

    @Test
    void distancesBetweenACylinderAndABoxOrASphereMatchTheSampledSurfaces() {
        Random rnd = new Random(33);
        ShapeDistance distance = new ShapeDistance();
        ClosestPoints cp = new ClosestPoints();
        PointQuery points = new PointQuery();
        Vector3d surface = new Vector3d(), normal = new Vector3d();
        int separated = 0, overlapping = 0;
        for (int i = 0; i < 240; i++) {
            Cylinder c = randomCylinder(rnd);
            Shape o = other(rnd, i);
            Pose pc = randomPose(rnd, 1);
            Vector3d dir = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalize();
            double gap = 1.6 * rnd.nextDouble();
            Pose po = GjkDistanceTest.pose(pc.px + dir.x * gap, pc.py + dir.y * gap, pc.pz + dir.z * gap,
                    GjkDistanceTest.randomRotation(rnd));
            double[] bf = bruteForce(c, pc, worldSamples(c, pc, STEP), o, po, otherSamples(o, po, STEP));
            boolean cylinderFirst = i % 4 < 2;
            double got = cylinderFirst ? distance.compute(c, pc, o, po, cp) : distance.compute(o, po, c, pc, cp);
            String what = "pair " + i + ": " + c + " and " + o + " (" + (cylinderFirst ? "cylinder first" : "cylinder second")
                    + "): got " + got + ", brute force distance " + bf[0] + ", depth " + bf[1];
            if (bf[1] > STEP) {
                overlapping++;
                assertEquals(0, got, 0.0, what);
                assertTrue(cp.overlapping, what);
            } else if (bf[1] < 0 && bf[0] > STEP) {
                separated++;
                assertEquals(bf[0], got, STEP, what);
                // No sample pair is nearer than the true distance, and the search's answer is within a micrometre of it.
                assertTrue(got <= bf[0] + 1e-6, what);
                assertEquals(got, cp.pointA.distance(cp.pointB), 1e-9, what);
                Shape a = cylinderFirst ? c : o, b = cylinderFirst ? o : c;
                Pose pa = cylinderFirst ? pc : po, pb = cylinderFirst ? po : pc;
                assertEquals(0, points.signedDistance(a, pa, cp.pointA.x, cp.pointA.y, cp.pointA.z, surface, normal), 1e-7,
                        what + ": point A on A's surface");
                assertEquals(0, points.signedDistance(b, pb, cp.pointB.x, cp.pointB.y, cp.pointB.z, surface, normal), 1e-7,
                        what + ": point B on B's surface");
            }
        }
        assertTrue(separated > 80 && overlapping > 40, separated + " separated, " + overlapping + " overlapping");
    }

    // ------------------------------------------------------------------ casts

    /** Local surface samples moved to a pose, into {@code dest}. */
    static double[] place(double[] local, Pose p, double[] dest) {
        Vector3d w = new Vector3d();
        for (int i = 0; i < local.length; i += 3) {
            p.toWorld(local[i], local[i + 1], local[i + 2], w);
            dest[i] = w.x;
            dest[i + 1] = w.y;
            dest[i + 2] = w.z;
        }
        return dest;
    }

    @Test
    void castsOfACylinderAgainstABoxOrASphereStopAtTheFirstSampledTouch() {
        Random rnd = new Random(34);
        ShapeCast cast = new ShapeCast();
        ShapeCastHit hit = new ShapeCastHit();
        Pose identity = GjkDistanceTest.at(0, 0, 0);
        int hits = 0, misses = 0;
        double step = 0.015;
        for (int i = 0; i < 100; i++) {
            Cylinder c = randomCylinder(rnd);
            Shape o = other(rnd, i);
            double[] cylLocal = samples(c, step), otherLocal = otherSamples(o, identity, step);
            double[] cylWorld = new double[cylLocal.length], otherWorld = new double[otherLocal.length];
            // The still shape at a random pose; the moving one 3 m away, sent towards it give or take (some pass by).
            boolean cylinderMoves = i % 4 < 2;
            Pose still = randomPose(rnd, 1);
            Vector3d from = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalize().mul(3);
            Pose start = GjkDistanceTest.pose(still.px + from.x, still.py + from.y, still.pz + from.z,
                    GjkDistanceTest.randomRotation(rnd));
            Vector3d t = new Vector3d(from).negate().add(0.6 * rnd.nextGaussian(), 0.6 * rnd.nextGaussian(), 0.6 * rnd.nextGaussian())
                    .mul(1.4);
            double f = cylinderMoves ? cast.cast(c, start, t.x, t.y, t.z, o, still, 1, hit)
                    : cast.cast(o, start, t.x, t.y, t.z, c, still, 1, hit);
            java.util.function.DoubleFunction<double[]> at = s -> {
                Pose moved = new Pose().set(start);
                moved.px += s * t.x;
                moved.py += s * t.y;
                moved.pz += s * t.z;
                Pose pc = cylinderMoves ? moved : still, po = cylinderMoves ? still : moved;
                return bruteForce(c, pc, place(cylLocal, pc, cylWorld), o, po, place(otherLocal, po, otherWorld));
            };
            String what = "cast " + i + ": " + (cylinderMoves ? c + " onto " + o : o + " onto " + c) + " along " + t
                    + ": fraction " + f;
            if (f < 0) {
                misses++;
                for (int k = 0; k <= 40; k++) {
                    double[] bf = at.apply(k / 40.0);
                    assertTrue(bf[1] <= step, what + ": a miss, but " + bf[1] + " m deep at " + k / 40.0);
                }
                continue;
            }
            hits++;
            double[] touch = at.apply(f);
            assertTrue(touch[0] <= step, what + ": " + touch[0] + " m apart at the hit");
            assertTrue(touch[1] <= step, what + ": " + touch[1] + " m deep at the hit");
            // Never past the first touch: apart (within the sampling) all the way there.
            for (int k = 0; k < 20; k++) {
                double s = f * k / 20;
                double[] bf = at.apply(s);
                assertTrue(bf[1] <= step, what + ": already " + bf[1] + " m deep at " + s);
            }
            assertEquals(1, hit.normal.length(), 1e-12, what);
        }
        assertTrue(hits > 30 && misses > 10, hits + " hits, " + misses + " misses");
    }

    // ------------------------------------------------------------------ the world's queries

    @Test
    void theWorldsQueriesTakeCylindersAsQueryShapesAndAsBodies() {
        World world = new World();
        RigidBody crate = world.addBody(RigidBody.fixed(new Box(0.5, 0.5, 0.5)).position(3, 0, 0));
        Cylinder barrelShape = new Cylinder(0.4, 0.6);
        RigidBody barrel = world.addBody(RigidBody.fixed(barrelShape).position(-3, 0, 0));
        Cylinder log = new Cylinder(0.25, 1);
        Pose lying = GjkDistanceTest.pose(0, 0, 0, new Quaterniond().rotateZ(Math.PI / 2)); // axis along x: reaches ±1 m
        ShapeCastHit hit = new ShapeCastHit();
        assertTrue(world.castShape(log, lying, new Vector3d(5, 0, 0), null, hit), hit.toString());
        assertSame(crate, hit.body);
        assertEquals((3 - 0.5 - 1) / 5.0, hit.fraction, ShapeCast.TOLERANCE / 5 + 1e-9, "its end cap meets the crate's face");
        assertEquals(-1, hit.normal.x, 1e-6);
        assertTrue(world.castShape(log, lying, new Vector3d(-5, 0, 0), null, hit));
        assertSame(barrel, hit.body);
        assertEquals((3 - 0.4 - 1) / 5.0, hit.fraction, ShapeCast.TOLERANCE / 5 + 1e-9, "its end cap meets the barrel's side");
        ClosestPoints cp = new ClosestPoints();
        assertTrue(world.closestPoints(log, lying, 10, null, cp), cp.toString());
        assertEquals(1.5, cp.distance, 1e-6, "the crate, 1.5 m from the log's end");
        PointHit ph = new PointHit();
        assertTrue(world.closestPoint(new Vector3d(-3, 0.9, 0.1), 1, null, ph), ph.toString());
        assertSame(barrel, ph.body);
        assertEquals(0.3, ph.distance, 1e-12, "above the barrel's top cap");
        assertEquals(List.of(barrel), world.bodiesContaining(new Vector3d(-3.3, 0.5, 0.2), null));
        assertEquals(List.of(barrel), world.overlap(new Sphere(0.3), GjkDistanceTest.at(-3, 0.8, 0), null));
        assertEquals(List.of(), world.overlap(new Sphere(0.3), GjkDistanceTest.at(-3, 0.95, 0), null));
    }

    @Test
    void messagesNameTheCylinderAmongTheShapesAQueryTakes() {
        World world = new World();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> world.castShape(
                new dev.tumble.core.collision.shape.HalfSpace(0, 1, 0, 0), GjkDistanceTest.at(0, 0, 0), new Vector3d(1, 0, 0),
                null, new ShapeCastHit()));
        assertTrue(e.getMessage().contains("sphere, box, capsule, convex hull or cylinder"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new ShapeDistance().compute(
                new dev.tumble.core.collision.shape.Plane(0, 1, 0, 0), GjkDistanceTest.at(0, 0, 0), new Sphere(1),
                GjkDistanceTest.at(0, 0, 0), new ClosestPoints()));
        assertTrue(e.getMessage().contains("sphere, box, capsule, convex hull or cylinder"), e.getMessage());
    }
}
