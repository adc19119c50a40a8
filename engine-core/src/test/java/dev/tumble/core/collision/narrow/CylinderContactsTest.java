package dev.tumble.core.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Plane;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.collision.shape.TriangleMesh;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Cylinder contacts against analytic answers: resting on a cap, lying on the side, tilted on a
 * rim point, across edges and against the other shapes; and the same contacts either way round.
 */
class CylinderContactsTest {
    private static final double EPS = 1e-9;
    private final NarrowPhase narrow = new NarrowPhase();
    private final ContactManifold out = new ContactManifold();

    static Pose pose(double x, double y, double z, Quaterniond q) {
        return new Pose().set(x, y, z, q.w, q.x, q.y, q.z);
    }

    static Pose at(double x, double y, double z) {
        return new Pose().set(x, y, z, 1, 0, 0, 0);
    }

    /** Lying along x (axis local y turned onto world x). */
    static Quaterniond lying() {
        return new Quaterniond().rotateZ(Math.PI / 2);
    }

    int collide(Shape a, Pose pa, Shape b, Pose pb) {
        return narrow.collide(a, pa, b, pb, out);
    }

    void expectEvery(double depth, double nx, double ny, double nz) {
        expectEvery(depth, nx, ny, nz, EPS);
    }

    /** Every point {@code depth} deep with normal n, both to {@code eps} (curved surfaces meet within the searches' tolerance). */
    void expectEvery(double depth, double nx, double ny, double nz, double eps) {
        assertTrue(out.size() > 0, "some contact");
        for (int i = 0; i < out.size(); i++) {
            ContactPoint c = out.get(i);
            assertEquals(depth, c.penetration, eps, out.toString());
            assertEquals(0, c.normal.distance(nx, ny, nz), eps, out.toString());
        }
    }

    @Test
    void standingOnABoxItTouchesOnFourPointsOfTheRim() {
        Cylinder c = new Cylinder(0.5, 1);
        Box ground = new Box(5, 1, 5);
        for (double sink : new double[] {0.02, 1e-4, 0, -0.004}) {
            // Touching or apart, the points come within the speculative margin.
            narrow.speculativeMargin(sink > 0 ? 0 : 0.005);
            assertEquals(4, collide(c, at(0.3, 2 - sink, -0.2), ground, at(0, 0, 0)), "sink " + sink);
            expectEvery(sink, 0, 1, 0);
            for (int i = 0; i < 4; i++) {
                Vector3d p = out.get(i).point;
                assertEquals(0.5, Math.hypot(p.x - 0.3, p.z + 0.2), EPS, "on the rim: " + out);
                assertEquals(1 - sink / 2, p.y, EPS, "midway: " + out);
            }
            // The four span the disc: the largest area four rim points of the eight can make (a square).
            assertTrue(area(out) > 0.49, "area " + area(out));
        }
    }

    @Test
    void lyingOnABoxItTouchesAtBothEndsOfTheSideLine() {
        Cylinder c = new Cylinder(0.5, 1);
        Box ground = new Box(5, 1, 5);
        assertEquals(2, collide(c, pose(0.2, 1.49, 0.1, lying()), ground, at(0, 0, 0)));
        expectEvery(0.01, 0, 1, 0);
        double x0 = Math.min(out.get(0).point.x, out.get(1).point.x), x1 = Math.max(out.get(0).point.x, out.get(1).point.x);
        assertEquals(-0.8, x0, EPS);
        assertEquals(1.2, x1, EPS);
        assertEquals(0.1, out.get(0).point.z, EPS);
    }

    @Test
    void tiltedItTouchesAPlaneAtItsLowestRimPointAsDeepAsThatPoint() {
        Cylinder c = new Cylinder(0.4, 0.7);
        Random r = new Random(3);
        for (int k = 0; k < 50; k++) {
            Quaterniond q = new Quaterniond().rotateY(r.nextDouble() * 6.3).rotateX(0.05 + r.nextDouble() * 1.4);
            Pose p = pose(r.nextDouble(), 0.5 + 0.2 * r.nextDouble(), r.nextDouble(), q);
            // Lowest point: the lower cap's centre, out along the axis's horizontal tilt by r.
            Vector3d u = q.transform(new Vector3d(0, 1, 0));
            double low = p.py - 0.7 * Math.abs(u.y) - 0.4 * Math.sqrt(1 - u.y * u.y);
            for (Shape ground : new Shape[] {new HalfSpace(0, 1, 0, 0), new Plane(0, 1, 0, 0), new Box(9, 1, 9)}) {
                Pose pg = ground instanceof Box ? at(0, -1, 0) : at(0, 0, 0);
                if (-low <= 0) {
                    assertEquals(0, collide(c, p, ground, pg), ground.toString());
                    continue;
                }
                assertTrue(collide(c, p, ground, pg) >= 1, ground.toString());
                assertEquals(-low, out.deepest().penetration, 1e-8, ground + " " + out);
                assertEquals(0, out.deepest().normal.distance(0, 1, 0), 1e-8, ground + " " + out);
            }
        }
    }

    @Test
    void againstASphereTheDepthIsTheRadiusLessTheDistanceToTheSolid() {
        Cylinder c = new Cylinder(0.5, 1);
        Quaterniond q = new Quaterniond().rotateXYZ(0.3, 0.5, -0.2);
        Pose pc = pose(1, 2, 3, q);
        // Local sphere centres: above the cap, beside the side, off the rim, inside near the side.
        double[][] local = {{0.1, 1.2, 0.1}, {0.6, 0.3, 0.2}, {0.5, 1.1, 0.3}, {0.3, 0.2, 0.1}};
        for (double[] l : local) {
            Vector3d centre = pc.toWorld(l[0], l[1], l[2], new Vector3d());
            double radial = Math.hypot(l[0], l[2]);
            double outR = Math.max(0, radial - 0.5), outY = Math.max(0, Math.abs(l[1]) - 1);
            double dist = outR > 0 || outY > 0 ? Math.hypot(outR, outY) : -Math.min(0.5 - radial, 1 - Math.abs(l[1]));
            double rs = 0.3;
            assertEquals(1, collide(new Sphere(rs), at(centre.x, centre.y, centre.z), c, pc), java.util.Arrays.toString(l));
            assertEquals(rs - dist, out.get(0).penetration, 1e-8, java.util.Arrays.toString(l) + " " + out);
            assertEquals(1, collide(c, pc, new Sphere(rs), at(centre.x, centre.y, centre.z)));
            assertEquals(rs - dist, out.get(0).penetration, 1e-8);
        }
    }

    @Test
    void aBoxEdgeAcrossACapTouchesWhereTheEdgeCrossesTheRim() {
        Cylinder c = new Cylinder(0.5, 1);
        // A box turned 45° about z so an edge along z points down, resting 1 cm into the cap.
        double half = 0.3;
        Pose pb = pose(0.1, 1 + half * Math.sqrt(2) - 0.01, 0, new Quaterniond().rotateZ(Math.PI / 4));
        int n = collide(new Box(half, half, 2), pb, c, at(0, 0, 0));
        assertEquals(2, n, out.toString());
        expectEvery(0.01, 0, 1, 0);
        for (int i = 0; i < 2; i++) {
            Vector3d p = out.get(i).point;
            assertEquals(0.5, Math.hypot(p.x, p.z), EPS, "on the rim: " + out);
            assertEquals(0.1, p.x, EPS);
        }
    }

    @Test
    void parallelLyingCylindersAndCapsulesTouchAlongALine() {
        Cylinder c = new Cylinder(0.5, 1);
        for (Shape top : new Shape[] {new Cylinder(0.25, 0.5), new Capsule(0.25, 0.5)}) {
            assertEquals(2, collide(top, pose(0.7, 0.75 - 0.02, 0, lying()), c, pose(0, 0, 0, lying())), top.toString());
            expectEvery(0.02, 0, 1, 0, 1e-6);
            double x0 = Math.min(out.get(0).point.x, out.get(1).point.x), x1 = Math.max(out.get(0).point.x, out.get(1).point.x);
            // The overlap of the two lines: the cylinder's to x = 1; the capsule's core ends at 1.2 (its cap past the end).
            assertEquals(0.2, x0, EPS, top + " " + out);
            assertEquals(1.0, x1, EPS, top + " " + out);
        }
    }

    @Test
    void crossedCylindersTouchAtOnePoint() {
        Cylinder c = new Cylinder(0.5, 1);
        Quaterniond alongZ = new Quaterniond().rotateX(Math.PI / 2);
        assertEquals(1, collide(c, pose(0.1, 0.99, 0.2, alongZ), c, pose(0, 0, 0, lying())));
        expectEvery(0.01, 0, 1, 0, 1e-6);
        // Where the top one's lowest line (x = 0.1) crosses the bottom one's highest (z = 0).
        assertEquals(0, out.get(0).point.distance(0.1, 0.495, 0), 1e-6, out.toString());
    }

    @Test
    void capOnCapTouchesOnTheSmallerRimInsideTheLarger() {
        Cylinder big = new Cylinder(1, 0.5), small = new Cylinder(0.3, 0.4);
        assertEquals(4, collide(small, at(0.2, 0.9 - 0.005, 0.1), big, at(0, 0, 0)));
        expectEvery(0.005, 0, 1, 0);
        for (int i = 0; i < 4; i++) {
            assertEquals(0.3, Math.hypot(out.get(i).point.x - 0.2, out.get(i).point.z - 0.1), EPS, out.toString());
        }
        // Off-centre, the small cap half over the big one's rim: its points lie within both circles.
        int n = collide(small, at(0.9, 0.9 - 0.005, 0), big, at(0, 0, 0));
        assertTrue(n >= 3, out.toString());
        for (int i = 0; i < n; i++) {
            Vector3d p = out.get(i).point;
            assertTrue(Math.hypot(p.x, p.z) <= 1 + EPS && Math.hypot(p.x - 0.9, p.z) <= 0.3 + EPS, out.toString());
        }
    }

    @Test
    void eitherWayRoundTheContactsAreTheSameWithTheNormalTurned() {
        Random r = new Random(7);
        Shape[] others = {new Box(0.4, 0.3, 0.5), new Sphere(0.4), new Capsule(0.2, 0.5), new Cylinder(0.3, 0.6)};
        Cylinder c = new Cylinder(0.5, 0.4);
        ContactManifold back = new ContactManifold();
        int touching = 0;
        for (int k = 0; k < 400; k++) {
            Shape o = others[k % others.length];
            Pose pc = pose(0, 0, 0, new Quaterniond(r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).normalize());
            Pose po = pose(r.nextDouble() - 0.5, r.nextDouble() - 0.5, r.nextDouble() - 0.5,
                    new Quaterniond(r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).normalize());
            int n = narrow.collide(c, pc, o, po, out);
            int m = narrow.collide(o, po, c, pc, back);
            assertEquals(n, m, o + " " + out + " / " + back);
            for (int i = 0; i < n; i++) {
                ContactPoint p = out.get(i);
                assertTrue(p.normal.isFinite() && Math.abs(p.normal.length() - 1) < 1e-9, out.toString());
                // The same point (in either order); deep overlaps (these reach 0.6 m) leave the
                // normal within the searches' tolerance.
                ContactPoint match = null;
                for (int j = 0; j < m; j++) {
                    if (back.get(j).point.distance(p.point) < 1e-4) {
                        match = back.get(j);
                    }
                }
                assertTrue(match != null, out + " / " + back);
                assertEquals(0, new Vector3d(p.normal).add(match.normal).length(), 1e-4, out + " / " + back);
                assertEquals(p.penetration, match.penetration, 1e-6, out + " / " + back);
            }
            touching += n > 0 ? 1 : 0;
        }
        assertTrue(touching > 100, "touching pairs " + touching);
    }

    @Test
    void onABigTriangleItTouchesAsOnTheHalfSpaceOfItsPlane() {
        // One triangle far wider than the cylinder, front up: inside it, its face is the plane.
        TriangleMesh floor = new TriangleMesh(new double[] {-50, 0, -50, 0, 0, 80, 50, 0, -50}, new int[] {0, 1, 2});
        HalfSpace plane = new HalfSpace(0, 1, 0, 0);
        Cylinder c = new Cylinder(0.3, 0.5);
        ContactManifold onPlane = new ContactManifold();
        narrow.speculativeMargin(0.01);
        Random r = new Random(11);
        int touching = 0;
        for (int k = 0; k < 300; k++) {
            Quaterniond q = new Quaterniond().rotateY(r.nextDouble() * 6.3).rotateX((k % 3) * 0.6 + r.nextDouble() * 0.2);
            Vector3d u = q.transform(new Vector3d(0, 1, 0));
            double low = 0.5 * Math.abs(u.y) + 0.3 * Math.sqrt(Math.max(0, 1 - u.y * u.y));
            Pose p = pose(r.nextDouble() - 0.5, low + 0.02 * (r.nextDouble() - 0.7), r.nextDouble() - 0.5, q);
            int n = collide(c, p, floor, at(0, 0, 0));
            int m = narrow.collide(c, p, plane, at(0, 0, 0), onPlane);
            assertEquals(m, n, out + " / " + onPlane);
            for (int i = 0; i < n; i++) {
                assertEquals(0, out.get(i).point.distance(onPlane.get(i).point), 1e-9, out + " / " + onPlane);
                assertEquals(onPlane.get(i).penetration, out.get(i).penetration, 1e-9, out + " / " + onPlane);
                assertEquals(0, out.get(i).normal.distance(0, 1, 0), 1e-12, out.toString());
            }
            touching += n > 0 ? 1 : 0;
        }
        assertTrue(touching > 150, "touching " + touching);
    }

    private static double area(ContactManifold m) {
        // Shoelace in x–z over the points ordered by angle about their centroid.
        int n = m.size();
        double cx = 0, cz = 0;
        for (int i = 0; i < n; i++) {
            cx += m.get(i).point.x / n;
            cz += m.get(i).point.z / n;
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        final double fx = cx, fz = cz;
        java.util.Arrays.sort(order, (i, j) -> Double.compare(Math.atan2(m.get(i).point.z - fz, m.get(i).point.x - fx),
                Math.atan2(m.get(j).point.z - fz, m.get(j).point.x - fx)));
        double a = 0;
        for (int i = 0; i < n; i++) {
            Vector3d p = m.get(order[i]).point, q = m.get(order[(i + 1) % n]).point;
            a += p.x * q.z - q.x * p.z;
        }
        return Math.abs(a) / 2;
    }
}
