package dev.tumble.core.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.collision.shape.Aabb;
import dev.tumble.core.collision.query.Gjk;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Convex shapes against triangles: on a flat grid every contact takes the face normal, seams
 * included (a tilted normal at an internal edge is the ghost bump); at a real border or ridge the
 * edge's normal stays; nothing touches a triangle from behind.
 */
class TriangleContactsTest {
    private final TriangleContacts contacts = new TriangleContacts(new PolytopeContacts(), new SphereContacts(), new CapsuleContacts(), new ConvexContacts());
    private final ContactManifold out = new ContactManifold();
    private static final Pose IDENTITY = new Pose();

    /** The largest angle (rad) between a contact normal of {@link #out} and +y. */
    private double worstTilt() {
        double worst = 0;
        for (int i = 0; i < out.size(); i++) {
            worst = Math.max(worst, Math.acos(Math.min(1, out.get(i).normal.y)));
        }
        return worst;
    }

    @Test
    void aSphereAnywhereOverAFlatGridTouchesItAlongTheFaceNormalAtItsPlaneDepth() {
        ListedTriangles grid = ListedTriangles.grid(8, 0.25, -1);
        ListedTriangles allActive = ListedTriangles.grid(8, 0.25, 7);
        Random random = new Random(5);
        double worstWithEdges = 0;
        for (int k = 0; k < 2000; k++) {
            double x = 0.3 + 1.4 * random.nextDouble(), z = 0.3 + 1.4 * random.nextDouble(), r = 0.1 + 0.2 * random.nextDouble();
            double y = r - 0.02 * random.nextDouble();
            out.clear();
            int n = contacts.sphere(x, y, z, r, grid, IDENTITY, out);
            assertTrue(n >= 1, "a sphere " + (r - y) + " m into the grid at (" + x + ", " + z + ") has a contact");
            assertEquals(0, worstTilt(), 1e-12, "normal at (" + x + ", " + z + ")");
            for (int i = 0; i < n; i++) {
                assertEquals(r - y, out.get(i).penetration, 1e-12);
            }
            out.clear();
            contacts.sphere(x, y, z, r, allActive, IDENTITY, out);
            worstWithEdges = Math.max(worstWithEdges, worstTilt());
        }
        assertTrue(worstWithEdges > 0.01, "with every edge active the seams tilt normals (the ghost bump): " + worstWithEdges);
    }

    @Test
    void aTurnedBoxRestingAcrossSeamsHasAtMostFourFacePointsAllAtItsDepth() {
        ListedTriangles grid = ListedTriangles.grid(8, 0.25, -1);
        Polytope box = new Polytope();
        Pose pose = new Pose();
        Aabb bounds = new Aabb();
        Box shape = new Box(0.3, 0.1, 0.2);
        for (double turn = 0; turn < Math.PI; turn += 0.1) {
            pose.set(new Vector3d(1.0, 0.1 - 0.004, 1.0), new Quaterniond().rotateY(turn));
            box.setBox(shape, pose);
            shape.computeAabb(pose, bounds);
            out.clear();
            int n = contacts.polytope(box, bounds, grid, IDENTITY, 0, out);
            assertTrue(n >= 3 && n <= ContactManifold.MAX_POINTS, n + " points at turn " + turn);
            assertEquals(0, worstTilt(), 1e-9);
            for (int i = 0; i < n; i++) {
                assertEquals(0.004, out.get(i).penetration, 1e-9);
            }
        }
    }

    @Test
    void aCapsuleLyingAcrossSeamsTouchesAtBothEndsAlongTheFaceNormal() {
        ListedTriangles grid = ListedTriangles.grid(8, 0.25, -1);
        double[] seg = {0.55, 0.095, 0.8, 1.45, 0.095, 1.1};
        out.clear();
        int n = contacts.capsule(seg, 0.1, grid, IDENTITY, out);
        assertTrue(n >= 2, n + " points");
        assertEquals(0, worstTilt(), 1e-12);
        double minX = Double.POSITIVE_INFINITY, maxX = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            assertEquals(0.005, out.get(i).penetration, 1e-12);
            minX = Math.min(minX, out.get(i).point.x);
            maxX = Math.max(maxX, out.get(i).point.x);
        }
        assertEquals(0.55, minX, 1e-9);
        assertEquals(1.45, maxX, 1e-9);
    }

    @Test
    void aBallOrCapsuleOverGentleHillsTouchesThemExactlyWhenWithinItsRadius() {
        // Hills whose folds are all under 5°: no inactive edge's normal is used, each face decides
        // alone, and still a contact must exist exactly when the core comes within the radius of
        // the surface (the distance sampled along the core against every triangle).
        ListedTriangles hills = hills();
        double[] q = new double[3], tri = new double[9];
        Random random = new Random(17);
        int touching = 0, clear = 0;
        for (int k = 0; k < 1500; k++) {
            double r = 0.05 + 0.15 * random.nextDouble();
            boolean ball = k % 2 == 0;
            double len = ball ? 0 : 0.5 * random.nextDouble();
            double ax = random.nextGaussian(), ay = random.nextGaussian(), az = random.nextGaussian();
            double al = Math.sqrt(ax * ax + ay * ay + az * az);
            double[] seg = {0.7 + 0.6 * random.nextDouble(), -0.05 + 0.35 * random.nextDouble(), 0.7 + 0.6 * random.nextDouble(), 0, 0, 0};
            seg[3] = seg[0] + len * ax / al;
            seg[4] = seg[1] + len * ay / al;
            seg[5] = seg[2] + len * az / al;
            double nearest = Double.POSITIVE_INFINITY;
            for (int t = 0; t < hills.triangleCount(); t++) {
                hills.triangle(t, tri, 0);
                for (int i = 0; i <= 100; i++) {
                    double s = i / 100.0;
                    nearest = Math.min(nearest, Math.sqrt(Geometry.pointTriangle(tri, seg[0] + s * (seg[3] - seg[0]),
                            seg[1] + s * (seg[4] - seg[1]), seg[2] + s * (seg[5] - seg[2]), q)));
                }
            }
            double resolution = len / 100 + 1e-9;
            if (underHills(seg[0], seg[1], seg[2]) || underHills(seg[3], seg[4], seg[5])) {
                continue; // an end below the surface: passing through, not touching from the front
            }
            out.clear();
            int found = ball ? contacts.sphere(seg[0], seg[1], seg[2], r, hills, IDENTITY, out) : contacts.capsule(seg, r, hills, IDENTITY, out);
            if (nearest < r - resolution) {
                assertTrue(found > 0, "case " + k + ": " + (r - nearest) + " m into the hills, no contact");
                touching++;
            } else if (nearest > r + resolution) {
                assertEquals(0, found, "case " + k + ": " + (nearest - r) + " m clear of the hills");
                clear++;
            }
        }
        assertTrue(touching > 200 && clear > 200, touching + " touching, " + clear + " clear");
    }

    @Test
    void aBoxOrHullOverGentleHillsTouchesThemExactlyWhenWithinTheMargin() {
        // The same hills: the face's contact alone, screened by the prism's side planes and the
        // polytope's own faces, must still give a contact exactly when the polytope comes within
        // the margin of the surface (GJK's distance to each triangle as the oracle).
        ListedTriangles hills = hills();
        double margin = 0.02;
        Gjk gjk = new Gjk();
        double[] tri = new double[9];
        Polytope polytope = new Polytope();
        Pose pose = new Pose();
        Aabb bounds = new Aabb();
        Box box = new Box(0.2, 0.12, 0.16);
        ConvexHull hull = new ConvexHull(new Vector3d(0.2, 0, 0), new Vector3d(-0.15, 0.05, 0.15), new Vector3d(-0.1, -0.1, -0.18),
                new Vector3d(0, 0.2, 0), new Vector3d(0.05, -0.18, 0.05));
        Random random = new Random(23);
        int touching = 0, clear = 0;
        for (int k = 0; k < 1500; k++) {
            Shape shape = k % 2 == 0 ? box : hull;
            double x = 0.7 + 0.6 * random.nextDouble(), z = 0.7 + 0.6 * random.nextDouble();
            double y = 0.1 * Math.sin(2.1 * x) * Math.cos(1.7 * z) + 0.3 * random.nextDouble() - 0.02;
            pose.set(new Vector3d(x, y, z), new Quaterniond().rotateXYZ(random.nextGaussian(), random.nextGaussian(), random.nextGaussian()));
            double nearest = Double.POSITIVE_INFINITY;
            for (int t = 0; t < hills.triangleCount(); t++) {
                hills.triangle(t, tri, 0);
                nearest = Math.min(nearest, gjk.coreDistance(shape, pose, tri, 0));
            }
            if (!(nearest > 0) || underHills(x, y, z)) {
                continue; // overlapping or passing through: the depth, not the touch, is in question
            }
            if (shape == box) {
                polytope.setBox(box, pose);
            } else {
                polytope.setHull(hull, pose);
            }
            shape.computeAabb(pose, bounds);
            out.clear();
            int found = contacts.polytope(polytope, bounds, hills, IDENTITY, margin, out);
            if (nearest < margin - 1e-9) {
                assertTrue(found > 0, "case " + k + ": " + nearest + " m from the hills, inside the margin, no contact");
                touching++;
            } else if (nearest > margin + 1e-9) {
                assertEquals(0, found, "case " + k + ": " + nearest + " m from the hills, beyond the margin");
                clear++;
            }
        }
        assertTrue(touching > 100 && clear > 300, touching + " touching, " + clear + " clear");
    }

    /** Hills over an 8 × 8 grid of 0.25 m cells whose folds are all under 5° (no active edge inside). */
    private static ListedTriangles hills() {
        int n = 8;
        double cell = 0.25;
        double[] vs = new double[3 * (n + 1) * (n + 1)];
        for (int r = 0; r <= n; r++) {
            for (int c = 0; c <= n; c++) {
                int i = 3 * (r * (n + 1) + c);
                vs[i] = c * cell;
                vs[i + 1] = 0.1 * Math.sin(2.1 * c * cell) * Math.cos(1.7 * r * cell);
                vs[i + 2] = r * cell;
            }
        }
        ListedTriangles flat = ListedTriangles.grid(n, cell, -1);
        int[] ts = new int[3 * flat.triangleCount()];
        double[] corners = new double[9];
        for (int t = 0; t < flat.triangleCount(); t++) {
            flat.triangle(t, corners, 0);
            for (int k = 0; k < 3; k++) {
                ts[3 * t + k] = (int) Math.round(corners[3 * k + 2] / cell) * (n + 1) + (int) Math.round(corners[3 * k] / cell);
            }
        }
        return new ListedTriangles(vs, ts);
    }

    /** Whether a point lies below the hills of {@link #hills()} (their surface between the grid points, to within a mm). */
    private static boolean underHills(double x, double y, double z) {
        return y < 0.1 * Math.sin(2.1 * x) * Math.cos(1.7 * z) + 0.001;
    }

    @Test
    void aSphereOverTheGridsBorderTouchesItsEdgeAlongTheEdgeNormal() {
        ListedTriangles grid = ListedTriangles.grid(4, 0.25, -1);
        // Centre 0.1 m beyond the border x = 1, 0.05 m above the plane: the border edge is 0.112 m away.
        out.clear();
        int n = contacts.sphere(1.1, 0.05, 0.5, 0.15, grid, IDENTITY, out);
        assertEquals(1, n);
        ContactPoint c = out.get(0);
        double d = Math.hypot(0.1, 0.05);
        assertEquals(0.1 / d, c.normal.x, 1e-12);
        assertEquals(0.05 / d, c.normal.y, 1e-12);
        assertEquals(0.15 - d, c.penetration, 1e-12);
    }

    @Test
    void aSharpRidgeKeepsItsEdgeNormalAndAShallowFoldDoesNot() {
        // Two triangles folded along the z axis (x = 0), each side falling away at the given slope.
        for (double slope : new double[] {Math.toRadians(20), Math.toRadians(1)}) {
            double dy = -Math.tan(slope);
            double[] vs = {0, 0, 0, 0, 0, 1, 1, dy, 0, -1, dy, 0, 1, dy, 1, -1, dy, 1};
            int[] ts = {0, 1, 4, 0, 4, 2, 0, 3, 5, 0, 5, 1};
            ListedTriangles ridge = new ListedTriangles(vs, ts);
            out.clear();
            contacts.sphere(0, 0.05, 0.5, 0.1, ridge, IDENTITY, out);
            assertTrue(out.size() >= 1);
            double tilt = worstTilt();
            if (slope > Math.toRadians(5)) {
                assertTrue(tilt < 1e-9 || Math.abs(tilt - slope) > 1e-6, "a ridge's top touches along its edge normal, up");
                assertEquals(0, out.get(0).normal.x, 1e-12, "on the ridge line the edge normal is straight up");
            } else {
                assertEquals(slope, tilt, 1e-9, "a fold under 5° is smooth: each side's own face normal");
            }
        }
    }

    @Test
    void nothingTouchesATriangleFromBehind() {
        ListedTriangles grid = ListedTriangles.grid(4, 0.25, -1);
        out.clear();
        assertEquals(0, contacts.sphere(0.5, -0.05, 0.5, 0.1, grid, IDENTITY, out));
        Polytope box = new Polytope();
        Pose pose = new Pose();
        pose.set(new Vector3d(0.5, -0.08, 0.5), new Quaterniond());
        Box shape = new Box(0.2, 0.1, 0.2);
        box.setBox(shape, pose);
        Aabb bounds = shape.computeAabb(pose, new Aabb());
        out.clear();
        assertEquals(0, contacts.polytope(box, bounds, grid, IDENTITY, 0, out));
    }

    @Test
    void aMovedAndTurnedGridGivesTheSameContactsMovedAndTurned() {
        ListedTriangles grid = ListedTriangles.grid(8, 0.25, -1);
        Pose pg = new Pose();
        Quaterniond q = new Quaterniond().rotateXYZ(0.3, -0.7, 0.2);
        pg.set(new Vector3d(3, -2, 5), q);
        // The sphere at (1, 0.18, 1) in the grid's frame, radius 0.2.
        double[] r = pg.r;
        double wx = r[0] * 1 + r[1] * 0.18 + r[2] * 1 + 3, wy = r[3] * 1 + r[4] * 0.18 + r[5] * 1 - 2,
                wz = r[6] * 1 + r[7] * 0.18 + r[8] * 1 + 5;
        out.clear();
        assertEquals(1, contacts.sphere(wx, wy, wz, 0.2, grid, pg, out) > 0 ? 1 : 0);
        for (int i = 0; i < out.size(); i++) {
            ContactPoint c = out.get(i);
            assertEquals(r[1], c.normal.x, 1e-12);
            assertEquals(r[4], c.normal.y, 1e-12);
            assertEquals(r[7], c.normal.z, 1e-12);
            assertEquals(0.02, c.penetration, 1e-12);
        }
    }
}
