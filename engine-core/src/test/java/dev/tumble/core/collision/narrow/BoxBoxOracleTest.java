package dev.tumble.core.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Pose;
import java.util.Random;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Box–box SAT against a brute-force oracle that projects all 8 vertices of both boxes on all 15
 * axes, on 10,000 random pairs in both argument orders.
 */
class BoxBoxOracleTest {
    static final int PAIRS = 10_000;
    static final double EPS = 1e-9;

    /** Brute force: the minimum overlap over the 15 axes (negative when separated) and its axis. */
    static double oracle(double[] va, double[] vb, Pose pa, Pose pb, double[] axisOut) {
        double[][] axes = new double[15][];
        int n = 0;
        for (int i = 0; i < 3; i++) {
            axes[n++] = new double[] {pa.r[i], pa.r[3 + i], pa.r[6 + i]};
        }
        for (int i = 0; i < 3; i++) {
            axes[n++] = new double[] {pb.r[i], pb.r[3 + i], pb.r[6 + i]};
        }
        for (int i = 0; i < 3; i++) {
            for (int j = 3; j < 6; j++) {
                double[] u = axes[i], v = axes[j];
                double[] c = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
                double l = Math.sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
                axes[n++] = l < 1e-6 ? null : new double[] {c[0] / l, c[1] / l, c[2] / l};
            }
        }
        double best = Double.POSITIVE_INFINITY;
        for (double[] ax : axes) {
            if (ax == null) {
                continue;
            }
            double o = overlap(va, vb, ax);
            if (o < best) {
                best = o;
                if (axisOut != null) {
                    System.arraycopy(ax, 0, axisOut, 0, 3);
                }
            }
        }
        return best;
    }

    static double overlap(double[] va, double[] vb, double[] ax) {
        double minA = Double.POSITIVE_INFINITY, maxA = Double.NEGATIVE_INFINITY, minB = minA, maxB = maxA;
        for (int k = 0; k < 8; k++) {
            double a = va[3 * k] * ax[0] + va[3 * k + 1] * ax[1] + va[3 * k + 2] * ax[2];
            double b = vb[3 * k] * ax[0] + vb[3 * k + 1] * ax[1] + vb[3 * k + 2] * ax[2];
            minA = Math.min(minA, a);
            maxA = Math.max(maxA, a);
            minB = Math.min(minB, b);
            maxB = Math.max(maxB, b);
        }
        return Math.min(maxA - minB, maxB - minA);
    }

    static double[] vertices(Box b, Pose p) {
        double[] v = new double[24];
        Vector3d t = new Vector3d();
        for (int k = 0; k < 8; k++) {
            p.toWorld((k & 1) != 0 ? b.hx() : -b.hx(), (k & 2) != 0 ? b.hy() : -b.hy(), (k & 4) != 0 ? b.hz() : -b.hz(), t);
            v[3 * k] = t.x;
            v[3 * k + 1] = t.y;
            v[3 * k + 2] = t.z;
        }
        return v;
    }

    static Pose randomPose(Random rnd, double spread) {
        double w = rnd.nextGaussian(), x = rnd.nextGaussian(), y = rnd.nextGaussian(), z = rnd.nextGaussian();
        if (rnd.nextInt(5) == 0) { // some aligned or nearly aligned orientations: parallel edges
            w = 1;
            x = rnd.nextInt(2) * 1e-9;
            y = 0;
            z = rnd.nextInt(2) * 0.1;
        }
        return new Pose().set(spread * (2 * rnd.nextDouble() - 1), spread * (2 * rnd.nextDouble() - 1),
                spread * (2 * rnd.nextDouble() - 1), w, x, y, z);
    }

    static boolean insideWithin(Box b, Pose p, Vector3d point, double slack) {
        Vector3d l = p.toLocal(point.x, point.y, point.z, new Vector3d());
        return Math.abs(l.x) <= b.hx() + slack && Math.abs(l.y) <= b.hy() + slack && Math.abs(l.z) <= b.hz() + slack;
    }

    @Test
    void matchesBruteForceOnRandomPairs() {
        Random rnd = new Random(20240611);
        NarrowPhase np = new NarrowPhase();
        ContactManifold m = new ContactManifold();
        double bias = PolytopeContacts.EDGE_RELATIVE_TOLERANCE * PolytopeContacts.FACE_RELATIVE_TOLERANCE;
        double abs = PolytopeContacts.EDGE_ABSOLUTE_TOLERANCE + PolytopeContacts.FACE_ABSOLUTE_TOLERANCE;
        int overlapping = 0, edge = 0, multi = 0;
        for (int i = 0; i < PAIRS; i++) {
            Box a = new Box(0.1 + rnd.nextDouble(), 0.1 + rnd.nextDouble(), 0.1 + rnd.nextDouble());
            Box b = new Box(0.1 + rnd.nextDouble(), 0.1 + rnd.nextDouble(), 0.1 + rnd.nextDouble());
            Pose pa = randomPose(rnd, 1.2), pb = randomPose(rnd, 1.2);
            double[] va = vertices(a, pa), vb = vertices(b, pb);
            double want = oracle(va, vb, pa, pb, null);
            if (Math.abs(want) < 1e-7) {
                continue; // touching: either decision is right
            }
            for (int order = 0; order < 2; order++) {
                Box sa = order == 0 ? a : b, sb = order == 0 ? b : a;
                Pose qa = order == 0 ? pa : pb, qb = order == 0 ? pb : pa;
                double[] wa = order == 0 ? va : vb, wb = order == 0 ? vb : va;
                int n = np.collide(sa, qa, sb, qb, m);
                String what = "pair " + i + " order " + order + " oracle " + want + " got " + m;
                assertEquals(want > 0, n > 0, "overlap decision: " + what);
                if (n == 0) {
                    continue;
                }
                overlapping++;
                edge += n == 1 ? 1 : 0;
                multi += n > 1 ? 1 : 0;
                double pen = np.lastAxisPenetration();
                assertTrue(pen >= want - EPS, "axis penetration below the minimum: " + what);
                assertTrue(pen <= (want + abs) / bias + EPS, "axis penetration beyond the face bias: " + pen + " " + what);
                Vector3d nrm = m.get(0).normal;
                double[] ax = {nrm.x, nrm.y, nrm.z};
                assertEquals(1, nrm.length(), 1e-12, what);
                // The normal separates: moving A by n·pen ends the overlap along n.
                double maxB = Double.NEGATIVE_INFINITY, minA = Double.POSITIVE_INFINITY;
                for (int k = 0; k < 8; k++) {
                    maxB = Math.max(maxB, wb[3 * k] * ax[0] + wb[3 * k + 1] * ax[1] + wb[3 * k + 2] * ax[2]);
                    minA = Math.min(minA, wa[3 * k] * ax[0] + wa[3 * k + 1] * ax[1] + wa[3 * k + 2] * ax[2]);
                }
                assertEquals(pen, maxB - minA, 1e-9, "penetration along the normal: " + what);
                for (int k = 0; k < n; k++) {
                    ContactPoint cp = m.get(k);
                    assertTrue(cp.penetration > 0 && cp.penetration <= pen + EPS, "point depth: " + what);
                    assertTrue(cp.normal.distance(nrm) < 1e-12, "one normal per manifold: " + what);
                    assertTrue(insideWithin(sa, qa, cp.point, pen + EPS) && insideWithin(sb, qb, cp.point, pen + EPS),
                            "point " + k + " outside a box beyond the penetration: " + what);
                }
            }
        }
        assertTrue(overlapping > PAIRS / 2, "enough overlapping pairs: " + overlapping);
        assertTrue(edge > 100 && multi > 1000, "both manifold kinds exercised: single " + edge + ", multi " + multi);
    }
}
