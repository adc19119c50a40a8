package dev.tumble.core.collision.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.collision.narrow.ContactManifold;
import dev.tumble.core.collision.narrow.NarrowPhase;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** GJK distance against analytic answers and against a brute-force minimum over sampled surfaces. */
class GjkDistanceTest {
    static final double EPS = 1e-9;
    final ShapeDistance distance = new ShapeDistance();
    final ClosestPoints out = new ClosestPoints();

    static Pose pose(double x, double y, double z, Quaterniond q) {
        return new Pose().set(x, y, z, q.w, q.x, q.y, q.z);
    }

    static Pose at(double x, double y, double z) {
        return new Pose().set(x, y, z, 1, 0, 0, 0);
    }

    void expect(double want, Shape a, Pose pa, Shape b, Pose pb) {
        double d = distance.compute(a, pa, b, pb, out);
        assertEquals(want, d, EPS, out.toString());
        assertEquals(want, out.pointA.distance(out.pointB), EPS, "the closest points are the distance apart: " + out);
        assertFalse(out.overlapping, out.toString());
        // The normal points from B to A along the closest points.
        Vector3d ab = new Vector3d(out.pointA).sub(out.pointB);
        if (want > 1e-6) {
            assertEquals(0, ab.normalize().distance(out.normal), 1e-9, out.toString());
        }
    }

    @Test
    void sphereToSphereIsTheCentreDistanceLessTheRadii() {
        expect(5 - 1 - 0.5, new Sphere(1), at(0, 0, 0), new Sphere(0.5), at(3, 4, 0));
        assertEquals(0.6, out.pointA.x, EPS);
        assertEquals(0.8, out.pointA.y, EPS);
        assertEquals(3 - 0.3, out.pointB.x, EPS);
        assertEquals(4 - 0.4, out.pointB.y, EPS);
        assertEquals(0, distance.compute(new Sphere(1), at(0, 0, 0), new Sphere(1), at(1.5, 0, 0), out));
        assertTrue(out.overlapping);
        assertEquals(0, distance.compute(new Sphere(1), at(2, 3, 4), new Sphere(1), at(2, 3, 4), out));
        assertTrue(out.overlapping);
    }

    @Test
    void sphereToRotatedBoxInFaceEdgeAndCornerRegions() {
        Quaterniond q = new Quaterniond().rotateXYZ(0.3, -0.7, 1.1);
        Box box = new Box(1, 2, 0.5);
        Pose pb = pose(1, -2, 3, q);
        double[][] local = {{3, 0.5, 0.1}, {2, 3, 0.2}, {-2, -3.5, 1.5}, {0.2, -0.3, 2.25}};
        for (double[] l : local) {
            double cx = Math.max(-1, Math.min(1, l[0])), cy = Math.max(-2, Math.min(2, l[1])), cz = Math.max(-0.5, Math.min(0.5, l[2]));
            double want = Math.sqrt((l[0] - cx) * (l[0] - cx) + (l[1] - cy) * (l[1] - cy) + (l[2] - cz) * (l[2] - cz)) - 0.25;
            Vector3d c = pb.toWorld(l[0], l[1], l[2], new Vector3d());
            expect(want, new Sphere(0.25), at(c.x, c.y, c.z), box, pb);
            Vector3d onBox = pb.toWorld(cx, cy, cz, new Vector3d());
            assertEquals(0, onBox.distance(out.pointB), 1e-9, "closest point on the box");
            expect(want, box, pb, new Sphere(0.25), at(c.x, c.y, c.z));
        }
    }

    @Test
    void boxesFaceToFaceAndEdgeToEdge() {
        Box cube = new Box(1, 1, 1);
        expect(0.5, cube, at(0, 0, 0), new Box(1, 0.5, 2), at(2.5, 0.3, -0.4));
        expect(0.25, cube, pose(0, 0, 0, new Quaterniond().rotateY(0.4)), cube, pose(0, 2.25, 0, new Quaterniond().rotateY(-0.9)));
        // Crossed edges: A's edge along y at x = √2, B's edge along z at x = c − √2.
        double c = 3.5, r2 = Math.sqrt(2);
        expect(c - 2 * r2, cube, pose(0, 0, 0, new Quaterniond().rotateY(Math.PI / 4)), cube,
                pose(c, 0, 0, new Quaterniond().rotateZ(Math.PI / 4)));
        assertEquals(r2, out.pointA.x, 1e-9);
        assertEquals(0, out.pointA.y, 1e-9);
        assertEquals(0, out.pointA.z, 1e-9);
        assertEquals(c - r2, out.pointB.x, 1e-9);
    }

    @Test
    void capsulesCrossedAndParallel() {
        Capsule a = new Capsule(0.3, 1), b = new Capsule(0.2, 2);
        // Crossed: A along y at the origin, B along z (rotated about x) at x = 2.
        expect(2 - 0.5, a, at(0, 0, 0), b, pose(2, 0.5, 0.7, new Quaterniond().rotateX(Math.PI / 2)));
        // Parallel and overlapping along their axes: the segment–segment case with a continuum of answers.
        expect(1.5 - 0.5, a, at(0, 0, 0), b, at(0, 1.2, 1.5));
        // End to end along the axis.
        expect(4 - 3 - 0.5, a, at(0, 0, 0), b, at(0, 4, 0));
    }

    // ------------------------------------------------------------------ brute force

    /** Points on the surface of a box, about {@code h} apart (m), shape frame. */
    static List<Vector3d> samples(Box b, double h) {
        List<Vector3d> out = new ArrayList<>();
        double[] e = {b.hx(), b.hy(), b.hz()};
        for (int axis = 0; axis < 3; axis++) {
            int u = (axis + 1) % 3, v = (axis + 2) % 3;
            int nu = (int) Math.ceil(2 * e[u] / h), nv = (int) Math.ceil(2 * e[v] / h);
            for (int s = -1; s <= 1; s += 2) {
                for (int i = 0; i <= nu; i++) {
                    for (int j = 0; j <= nv; j++) {
                        double[] p = new double[3];
                        p[axis] = s * e[axis];
                        p[u] = -e[u] + 2 * e[u] * i / nu;
                        p[v] = -e[v] + 2 * e[v] * j / nv;
                        out.add(new Vector3d(p[0], p[1], p[2]));
                    }
                }
            }
        }
        return out;
    }

    /** Points on the surface of a hull (every face fanned into triangles), about {@code h} apart. */
    static List<Vector3d> samples(ConvexHull hull, double h) {
        List<Vector3d> out = new ArrayList<>();
        for (int f = 0; f < hull.faceCount(); f++) {
            int[] face = hull.face(f);
            Vector3d p0 = hull.vertex(face[0], new Vector3d());
            for (int k = 1; k + 1 < face.length; k++) {
                Vector3d p1 = hull.vertex(face[k], new Vector3d()), p2 = hull.vertex(face[k + 1], new Vector3d());
                double len = Math.max(p0.distance(p1), Math.max(p1.distance(p2), p0.distance(p2)));
                int m = Math.max(1, (int) Math.ceil(len / h));
                for (int i = 0; i <= m; i++) {
                    for (int j = 0; i + j <= m; j++) {
                        double u = (double) i / m, v = (double) j / m;
                        out.add(new Vector3d(p0).mul(1 - u - v).fma(u, p1).fma(v, p2));
                    }
                }
            }
        }
        return out;
    }

    static ConvexHull randomHull(Random rnd) {
        Vector3d[] pts = new Vector3d[6 + rnd.nextInt(10)];
        for (int i = 0; i < pts.length; i++) {
            pts[i] = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).mul(0.3 + 0.5 * rnd.nextDouble());
        }
        return new ConvexHull(pts);
    }

    static Shape randomHullOrBox(Random rnd) {
        return rnd.nextBoolean() ? randomHull(rnd)
                : new Box(0.2 + rnd.nextDouble(), 0.2 + rnd.nextDouble(), 0.2 + rnd.nextDouble());
    }

    static Quaterniond randomRotation(Random rnd) {
        return new Quaterniond(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalize();
    }

    static List<Vector3d> worldSamples(Shape s, Pose p, double h) {
        List<Vector3d> local = s instanceof Box b ? samples(b, h) : samples((ConvexHull) s, h);
        List<Vector3d> out = new ArrayList<>(local.size());
        for (Vector3d v : local) {
            out.add(p.toWorld(v.x, v.y, v.z, new Vector3d()));
        }
        return out;
    }

    @Test
    void randomHullAndBoxPairsMatchTheMinimumOverSampledSurfaces() {
        Random rnd = new Random(20240611);
        double h = 0.05;
        NarrowPhase narrow = new NarrowPhase();
        ContactManifold manifold = new ContactManifold();
        int separated = 0;
        for (int pair = 0; pair < 40; pair++) {
            Shape a = randomHullOrBox(rnd), b = randomHullOrBox(rnd);
            Pose pa = pose(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), randomRotation(rnd));
            Vector3d dir = new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalize();
            double far = 0.5 + 3 * rnd.nextDouble();
            Pose pb = pose(pa.px + far * dir.x, pa.py + far * dir.y, pa.pz + far * dir.z, randomRotation(rnd));
            double d = distance.compute(a, pa, b, pb, out);
            boolean touching = narrow.collide(a, pa, b, pb, manifold) > 0;
            if (out.overlapping) {
                assertTrue(touching, "GJK says overlapping, so does the narrow phase: pair " + pair);
                continue;
            }
            assertFalse(touching, "GJK says apart by " + d + ", so does the narrow phase: pair " + pair);
            separated++;
            List<Vector3d> sa = worldSamples(a, pa, h), sb = worldSamples(b, pb, h);
            double brute = Double.POSITIVE_INFINITY;
            for (Vector3d p : sa) {
                for (Vector3d q : sb) {
                    brute = Math.min(brute, p.distanceSquared(q));
                }
            }
            brute = Math.sqrt(brute);
            // The samples are on the surfaces, so their minimum is never below the true distance;
            // each surface point is within h of a sample, so it is at most 2h above it.
            assertTrue(d <= brute + 1e-12, "GJK " + d + " ≤ sampled " + brute + ", pair " + pair);
            assertTrue(brute - d <= 2 * h, "GJK " + d + " within 2h of sampled " + brute + ", pair " + pair);
            assertEquals(d, out.pointA.distance(out.pointB), 1e-9, "pair " + pair);
        }
        assertTrue(separated >= 20, "enough separated pairs: " + separated);
    }
}
