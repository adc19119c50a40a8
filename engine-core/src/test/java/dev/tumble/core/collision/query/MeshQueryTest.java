package dev.tumble.core.collision.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.HeightField;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.TriangleGeometry;
import dev.tumble.core.collision.shape.TriangleMesh;
import dev.tumble.core.world.World;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Queries against level geometry: a bumpy heightfield and the triangle mesh of the same grid.
 * Shape casts against the stepped overlap search of the narrow phase (an independent oracle),
 * distances and nearest points against a brute force over every triangle.
 */
class MeshQueryTest {
    static final int N = 16;
    static final double SPACING = 0.5;

    static double[][] heights() {
        double[][] h = new double[N + 1][N + 1];
        for (int r = 0; r <= N; r++) {
            for (int c = 0; c <= N; c++) {
                h[r][c] = 0.4 * Math.sin(0.7 * c) * Math.cos(0.5 * r) + 0.05 * ((r * 7 + c * 3) % 5);
            }
        }
        return h;
    }

    static HeightField field() {
        return new HeightField(heights(), SPACING, SPACING);
    }

    /** The field's triangles as an indexed mesh. */
    static TriangleMesh mesh() {
        return TriangleMesh.of(field());
    }

    static Pose placed() {
        return GjkDistanceTest.pose(-3, 0.5, 1, new Quaterniond().rotateY(0.3).rotateX(0.1));
    }

    @Test
    void castsOntoTheFieldAndItsMeshMatchTheSteppedOverlapSearch() {
        ShapeCastTest cast = new ShapeCastTest();
        for (Shape surface : new Shape[] {field(), mesh()}) {
            Random rnd = new Random(91);
            Pose pb = placed();
            double[] worst = {0};
            int[] counts = new int[3];
            for (int i = 0; i < 120; i++) {
                Shape a = ShapeCastTest.randomConvex(rnd);
                // Above the middle of the surface, in its frame, cast down and sideways.
                Vector3d local = new Vector3d(1.5 + 5 * rnd.nextDouble(), 2.5 + rnd.nextDouble(), 1.5 + 5 * rnd.nextDouble());
                Vector3d start = pb.toWorld(local.x, local.y, local.z, new Vector3d());
                Vector3d down = new Vector3d();
                pb.dirToWorld(rnd.nextGaussian() * 0.8, -4, rnd.nextGaussian() * 0.8, down);
                Pose from = GjkDistanceTest.pose(start.x, start.y, start.z, GjkDistanceTest.randomRotation(rnd));
                cast.check(rnd, a, from, down, surface, pb, surface + " cast " + i + " of " + a, worst, counts);
            }
            assertTrue(counts[0] > 100, surface + ": hits, misses, grazes " + java.util.Arrays.toString(counts));
        }
    }

    @Test
    void distancesAndNearestPointsEqualTheBruteForceOverEveryTriangle() {
        for (Shape surface : new Shape[] {field(), mesh()}) {
            TriangleGeometry g = (TriangleGeometry) surface;
            Random rnd = new Random(92);
            Pose pb = placed();
            ShapeDistance search = new ShapeDistance(), single = new ShapeDistance();
            ClosestPoints out = new ClosestPoints(), each = new ClosestPoints();
            PointQuery points = new PointQuery();
            double[] corners = new double[9];
            for (int i = 0; i < 150; i++) {
                Shape a = ShapeCastTest.randomConvex(rnd);
                Vector3d local = new Vector3d(-2 + 12 * rnd.nextDouble(), -1 + 4 * rnd.nextDouble(), -2 + 12 * rnd.nextDouble());
                Vector3d p = pb.toWorld(local.x, local.y, local.z, new Vector3d());
                Pose pa = GjkDistanceTest.pose(p.x, p.y, p.z, GjkDistanceTest.randomRotation(rnd));
                double d = search.distance(a, pa, surface, pb, out);
                double brute = Double.POSITIVE_INFINITY;
                for (int t = 0; t < g.triangleCount(); t++) {
                    g.worldTriangle(t, pb, corners, 0);
                    brute = Math.min(brute, single.toTriangle(a, pa, corners, 0, each));
                }
                assertEquals(brute, d, 1e-9, surface + ": distance of " + a + " at " + p);
                if (d > 0) {
                    assertEquals(d, out.pointA.distance(out.pointB), 1e-9, "the closest points are the distance apart");
                }
                // The point query: an independent closest point on each triangle (Ericson's regions).
                Vector3d surfacePoint = new Vector3d(), normal = new Vector3d();
                double pd = points.signedDistance(surface, pb, p.x, p.y, p.z, surfacePoint, normal);
                double pointBrute = Double.POSITIVE_INFINITY;
                for (int t = 0; t < g.triangleCount(); t++) {
                    g.worldTriangle(t, pb, corners, 0);
                    pointBrute = Math.min(pointBrute, p.distance(closestOnTriangle(p, corners)));
                }
                assertEquals(pointBrute, pd, 1e-9, surface + ": point distance at " + p);
                assertEquals(pd, p.distance(surfacePoint), 1e-9);
                assertFalse(points.contains(surface, pb, p.x, p.y, p.z), "a surface contains nothing");
            }
        }
    }

    @Test
    void theWorldsQueriesFindTheTerrain() {
        World world = new World();
        Pose pb = placed();
        RigidBody ground = world.addBody(RigidBody.fixed(field()).position(pb.px, pb.py, pb.pz)
                .orientation(new Quaterniond().rotateY(0.3).rotateX(0.1)));
        ShapeCastHit hit = new ShapeCastHit();
        Vector3d above = pb.toWorld(4, 3, 4, new Vector3d());
        Pose start = GjkDistanceTest.pose(above.x, above.y, above.z, new Quaterniond());
        assertTrue(world.castShape(ShapeCastTest.randomConvex(new Random(3)), start, new Vector3d(0, -10, 0), null, hit));
        assertEquals(ground, hit.body);
        assertTrue(hit.fraction > 0 && hit.fraction < 1);
        PointHit near = new PointHit();
        assertTrue(world.closestPoint(above, 10, null, near));
        assertEquals(ground, near.body);
        assertEquals(0, world.bodiesContaining(above, null).size());
    }

    /** The point of triangle c[0..9) nearest p (Ericson, Real-Time Collision Detection, 5.1.5). */
    static Vector3d closestOnTriangle(Vector3d p, double[] c) {
        Vector3d a = new Vector3d(c[0], c[1], c[2]), b = new Vector3d(c[3], c[4], c[5]), cc = new Vector3d(c[6], c[7], c[8]);
        Vector3d ab = new Vector3d(b).sub(a), ac = new Vector3d(cc).sub(a), ap = new Vector3d(p).sub(a);
        double d1 = ab.dot(ap), d2 = ac.dot(ap);
        if (d1 <= 0 && d2 <= 0) {
            return a;
        }
        Vector3d bp = new Vector3d(p).sub(b);
        double d3 = ab.dot(bp), d4 = ac.dot(bp);
        if (d3 >= 0 && d4 <= d3) {
            return b;
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            return new Vector3d(a).fma(d1 / (d1 - d3), ab);
        }
        Vector3d cp = new Vector3d(p).sub(cc);
        double d5 = ab.dot(cp), d6 = ac.dot(cp);
        if (d6 >= 0 && d5 <= d6) {
            return cc;
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            return new Vector3d(a).fma(d2 / (d2 - d6), ac);
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
            return new Vector3d(b).fma((d4 - d3) / ((d4 - d3) + (d5 - d6)), new Vector3d(cc).sub(b));
        }
        double denom = 1 / (va + vb + vc);
        return new Vector3d(a).fma(vb * denom, ab).fma(vc * denom, ac);
    }
}
