package dev.tumble.core.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Pose;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The box–box edge-axis screening (a cheap bound that skips edge axes which can neither separate
 * the boxes nor win) changes no bit of any result: random pairs of every kind — overlapping,
 * near-touching within a speculative margin, resting face to face with small tilts, crossed
 * edges — give the same contacts, normals, depths, feature ids and chosen-axis depth with the
 * screening on and off.
 */
class BoxBoxScreeningTest {

    @Test
    void screeningChangesNoBitOfAnyManifold() {
        Random rnd = new Random(7);
        PolytopeContacts screened = new PolytopeContacts();
        PolytopeContacts exact = new PolytopeContacts();
        exact.screenEdgeAxes = false;
        Polytope a = new Polytope();
        Polytope b = new Polytope();
        ContactManifold ms = new ContactManifold();
        ContactManifold me = new ContactManifold();
        int edgeContacts = 0;
        int faceContacts = 0;
        int separated = 0;
        for (int k = 0; k < 40_000; k++) {
            Box boxA = new Box(0.1 + rnd.nextDouble(), 0.1 + rnd.nextDouble(), 0.1 + rnd.nextDouble());
            Box boxB = new Box(0.1 + rnd.nextDouble(), 0.1 + rnd.nextDouble(), 0.1 + rnd.nextDouble());
            Pose pa = new Pose();
            Pose pb = new Pose();
            place(rnd, k % 4, boxA, boxB, pa, pb);
            a.setBox(boxA, pa);
            b.setBox(boxB, pb);
            double margin = k % 3 == 0 ? 0 : 0.02;
            ms.clear();
            me.clear();
            int ns = screened.collide(a, b, margin, ms);
            int ne = exact.collide(a, b, margin, me);
            assertEquals(ne, ns, "contact count, pair " + k);
            for (int i = 0; i < ns; i++) {
                ContactPoint s = ms.get(i);
                ContactPoint e = me.get(i);
                assertEquals(bits(e.point.x), bits(s.point.x), "pair " + k);
                assertEquals(bits(e.point.y), bits(s.point.y), "pair " + k);
                assertEquals(bits(e.point.z), bits(s.point.z), "pair " + k);
                assertEquals(bits(e.normal.x), bits(s.normal.x), "pair " + k);
                assertEquals(bits(e.normal.y), bits(s.normal.y), "pair " + k);
                assertEquals(bits(e.normal.z), bits(s.normal.z), "pair " + k);
                assertEquals(bits(e.penetration), bits(s.penetration), "pair " + k);
                assertEquals(e.featureId, s.featureId, "pair " + k);
            }
            if (ns > 0) {
                assertEquals(bits(exact.lastAxisPenetration), bits(screened.lastAxisPenetration), "pair " + k);
                if (ns == 1 && isEdgeEdge(ms.get(0).featureId)) {
                    edgeContacts++;
                } else {
                    faceContacts++;
                }
            } else {
                separated++;
            }
        }
        // Every kind of outcome was exercised, and the screening did skip axes.
        assertTrue(edgeContacts > 100, "edge contacts: " + edgeContacts);
        assertTrue(faceContacts > 1000, "face contacts: " + faceContacts);
        assertTrue(separated > 1000, "separated: " + separated);
        assertTrue(screened.screenedAxes > 100_000, "screened axes: " + screened.screenedAxes);
        assertEquals(0, exact.screenedAxes);
    }

    /** Whether a feature id is that of an edge–edge contact of two boxes (12 edges each). */
    private static boolean isEdgeEdge(int featureId) {
        for (int i = 0; i < 12; i++) {
            for (int j = 0; j < 12; j++) {
                if (featureId == Geometry.mix(3, i, j, 0)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Four kinds of placement: random overlap, resting face to face, near-touching, crossed edges. */
    private static void place(Random rnd, int kind, Box boxA, Box boxB, Pose pa, Pose pb) {
        switch (kind) {
            case 0 -> {
                pa.set(0, 0, 0, rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian());
                pb.set(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(),
                        rnd.nextGaussian(), rnd.nextGaussian());
            }
            case 1 -> {
                // B resting on A's top face, slightly tilted and yawed, a hair in or out.
                double tilt = 1e-3 * rnd.nextGaussian();
                pa.set(10 * rnd.nextDouble(), 0, -10 * rnd.nextDouble(), 1, tilt, 1e-3 * rnd.nextGaussian(), tilt);
                double gap = 1e-3 * rnd.nextGaussian();
                pb.set(pa.px + 0.3 * rnd.nextGaussian(), boxA.hy() + boxB.hy() + gap, pa.pz + 0.3 * rnd.nextGaussian(),
                        1, 1e-3 * rnd.nextGaussian(), 0.05 * rnd.nextGaussian(), 1e-3 * rnd.nextGaussian());
            }
            case 2 -> {
                // Side by side along x, from overlapping to 3 cm apart.
                pa.set(0, 0, 0, 1, 0.01 * rnd.nextGaussian(), 0.01 * rnd.nextGaussian(), 0.01 * rnd.nextGaussian());
                pb.set(boxA.hx() + boxB.hx() + 0.04 * rnd.nextDouble() - 0.01, 0.2 * rnd.nextGaussian(),
                        0.2 * rnd.nextGaussian(), 1, 0.01 * rnd.nextGaussian(), 0.01 * rnd.nextGaussian(),
                        0.01 * rnd.nextGaussian());
            }
            default -> {
                // A turned 45° about x and about z (an edge on top), B turned 45° about y and x
                // (an edge underneath), crossed edge to edge, a little in or out.
                double s = Math.sqrt(0.5);
                pa.set(0, 0, 0, s * s, s * s, 0, s * s * (rnd.nextBoolean() ? 1 : -1));
                pb.set(0.05 * rnd.nextGaussian(), 0, 0.05 * rnd.nextGaussian(), s, s, 0, 0);
                double topA = a(pa, boxA);
                double bottomB = a(pb, boxB);
                pb.py = topA + bottomB + 0.02 * rnd.nextGaussian();
            }
        }
    }

    /** Half the height (m) of a box at pose {@code p} along y. */
    private static double a(Pose p, Box b) {
        return b.hx() * Math.abs(p.r[3]) + b.hy() * Math.abs(p.r[4]) + b.hz() * Math.abs(p.r[5]);
    }

    private static long bits(double x) {
        return Double.doubleToRawLongBits(x);
    }
}
