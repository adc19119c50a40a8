package dev.tumble.core.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Plane;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import java.util.Random;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Every shape pair on analytic configurations, and hulls cross-checked against boxes. */
class ShapePairsTest {
    final NarrowPhase np = new NarrowPhase();
    final ContactManifold m = new ContactManifold();

    static Pose at(double x, double y, double z) {
        return new Pose().set(x, y, z, 1, 0, 0, 0);
    }

    /** Rotation of 90° about z: a capsule's axis along x. */
    static Pose lying(double x, double y, double z) {
        return new Pose().set(x, y, z, Math.sqrt(0.5), 0, 0, Math.sqrt(0.5));
    }

    static ConvexHull cube(double h) {
        Vector3d[] p = new Vector3d[9];
        for (int i = 0; i < 8; i++) {
            p[i] = new Vector3d((i & 1) != 0 ? h : -h, (i & 2) != 0 ? h : -h, (i & 4) != 0 ? h : -h);
        }
        p[8] = new Vector3d(0, h, 0); // coplanar extra point: merged away
        return new ConvexHull(p);
    }

    void expect(int count, double nx, double ny, double nz, double pen, Shape a, Pose pa, Shape b, Pose pb) {
        assertEquals(count, np.collide(a, pa, b, pb, m), a + " vs " + b + ": " + m);
        for (int i = 0; i < count; i++) {
            ContactPoint c = m.get(i);
            assertEquals(nx, c.normal.x, 1e-9, a + " vs " + b + " normal " + m);
            assertEquals(ny, c.normal.y, 1e-9, a + " vs " + b + " normal " + m);
            assertEquals(nz, c.normal.z, 1e-9, a + " vs " + b + " normal " + m);
            assertEquals(pen, c.penetration, 1e-9, a + " vs " + b + " penetration " + m);
        }
        // Reverse order: same contacts, normals flipped.
        ContactManifold r = new ContactManifold();
        assertEquals(count, np.collide(b, pb, a, pa, r));
        for (int i = 0; i < count; i++) {
            assertEquals(-ny, r.get(i).normal.y, 1e-9);
        }
    }

    @Test
    void restingOnABox() {
        Box ground = new Box(2, 0.5, 2);
        Pose g = at(0, 0, 0);
        expect(1, 0, 1, 0, 0.05, new Sphere(0.25), at(0.3, 0.7, 0.1), ground, g);
        expect(4, 0, 1, 0, 0.05, new Box(0.25, 0.25, 0.25), at(0.3, 0.7, 0.1), ground, g);
        expect(1, 0, 1, 0, 0.05, new Capsule(0.25, 0.5), at(0.3, 1.2, 0.1), ground, g);
        expect(2, 0, 1, 0, 0.05, new Capsule(0.25, 0.5), lying(0.3, 0.7, 0.1), ground, g);
        expect(4, 0, 1, 0, 0.05, cube(0.25), at(0.3, 0.7, 0.1), ground, g);
        expect(4, 0, 1, 0, 0.05, new Box(0.25, 0.25, 0.25), at(0.3, 0.7, 0.1), cube(2), at(0, -1.5, 0));
    }

    @Test
    void restingOnPlanes() {
        for (Shape ground : new Shape[] {new HalfSpace(0, 1, 0, 0.5), new Plane(0, 1, 0, 0.5)}) {
            expect(1, 0, 1, 0, 0.05, new Sphere(0.25), at(0.3, 0.7, 0.1), ground, new Pose());
            expect(4, 0, 1, 0, 0.05, new Box(0.25, 0.25, 0.25), at(0.3, 0.7, 0.1), ground, new Pose());
            expect(2, 0, 1, 0, 0.05, new Capsule(0.25, 0.5), lying(0.3, 0.7, 0.1), ground, new Pose());
            expect(4, 0, 1, 0, 0.05, cube(0.25), at(0.3, 0.7, 0.1), ground, new Pose());
        }
        // Below a two-sided plane: pushed down.
        expect(1, 0, -1, 0, 0.05, new Sphere(0.25), at(0, 0.3, 0), new Plane(0, 1, 0, 0.5), new Pose());
        assertEquals(0, np.collide(new HalfSpace(0, 1, 0, 0), new Pose(), new Plane(0, 1, 0, 0), new Pose(), m));
    }

    @Test
    void capsulesAndSpheres() {
        expect(1, 0, 1, 0, 0.1, new Sphere(0.3), at(0, 0.9, 0), new Capsule(0.2, 1), lying(0.5, 0.5, 0));
        expect(1, 0, 1, 0, 0.1, new Capsule(0.3, 1), at(0, 0.9 + 1, 0), new Capsule(0.2, 1), lying(0.5, 0.5, 0));
        expect(2, 0, 1, 0, 0.1, new Capsule(0.3, 1), lying(0.4, 0.9, 0), new Capsule(0.2, 1), lying(0.5, 0.5, 0));
        expect(1, 0, 1, 0, 0.15, new Sphere(0.3), at(0, 0.65, 0), cube(0.5), at(0, 0, 0));
    }

    @Test
    void parallelAndCoincidentFeaturesGiveValidNormals() {
        // Crossing capsule cores, coincident capsules, identical boxes at the same place.
        Shape[][] pairs = {{new Capsule(0.2, 1), new Capsule(0.2, 1)}, {new Box(0.5, 0.5, 0.5), new Box(0.5, 0.5, 0.5)},
            {cube(0.5), cube(0.5)}, {new Sphere(0.3), new Capsule(0.2, 1)}, {new Capsule(0.2, 1), new Box(0.5, 0.5, 0.5)}};
        for (Shape[] p : pairs) {
            for (Pose pb : new Pose[] {at(0, 0, 0), lying(0, 0, 0)}) {
                int n = np.collide(p[0], at(0, 0, 0), p[1], pb, m);
                assertTrue(n > 0, p[0] + " vs " + p[1]);
                for (int i = 0; i < n; i++) {
                    ContactPoint c = m.get(i);
                    assertEquals(1, c.normal.length(), 1e-9, p[0] + " vs " + p[1] + " " + m);
                    assertTrue(c.penetration > 0 && Double.isFinite(c.point.x + c.point.y + c.point.z), m.toString());
                }
            }
        }
    }

    @Test
    void hullCubeAgreesWithBoxOnRandomPoses() {
        Random rnd = new Random(7);
        Box box = new Box(0.5, 0.5, 0.5);
        ConvexHull hull = cube(0.5);
        Shape[] others = {new Sphere(0.4), new Box(0.3, 0.6, 0.2), new Capsule(0.25, 0.5), cube(0.35), new HalfSpace(0.1, 1, 0.2, 0.3)};
        ContactManifold m2 = new ContactManifold();
        int hits = 0;
        for (int i = 0; i < 4000; i++) {
            Pose pa = BoxBoxOracleTest.randomPose(rnd, 0.8), pb = BoxBoxOracleTest.randomPose(rnd, 0.8);
            Shape o = others[i % others.length];
            int n1 = np.collide(box, pa, o, pb, m);
            double sat1 = np.lastAxisPenetration();
            int n2 = np.collide(hull, pa, o, pb, m2);
            double sat2 = np.lastAxisPenetration();
            assertEquals(n1 > 0, n2 > 0, "overlap decision, " + o + " case " + i + ": " + m + " / " + m2);
            if (n1 > 0) {
                hits++;
                if (o instanceof Box || o instanceof ConvexHull) {
                    // (hull, box) is dispatched as (box, hull): the face bias may then prefer the other solid's face.
                    double lo = Math.min(sat1, sat2), hi = Math.max(sat1, sat2);
                    assertTrue(hi <= (lo + 0.001) / (0.95 * 0.98) + 1e-7, o + " case " + i + ": " + m + " / " + m2);
                } else {
                    assertEquals(m.deepest().penetration, m2.deepest().penetration, 1e-9, o + " case " + i + ": " + m + " / " + m2);
                }
            }
        }
        assertTrue(hits > 1000, "hits " + hits);
    }
}
