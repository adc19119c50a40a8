package dev.tumble.core.collision.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The expanding polytope's depth and normal against the penetration's definition: the least
 * {@code h_B(n) + h_A(−n)} over unit directions {@code n} ({@code h} the support function). A brute
 * force over a fine sphere of directions (refined by local search) bounds it from above; the
 * depth reached along the returned normal proves it least.
 */
class EpaTest {
    private final Gjk gjk = new Gjk();
    private final Epa epa = new Epa();
    private final double[] s = new double[3];

    /** How far A must move along {@code n} (unit, B towards A) to leave B: {@code max_B(n·x) − min_A(n·x)}. */
    double along(Shape a, Pose pa, Shape b, Pose pb, double nx, double ny, double nz) {
        Support.core(b, pb, 0, 0, 0, nx, ny, nz, s, 0);
        double hb = s[0] * nx + s[1] * ny + s[2] * nz + Support.radius(b);
        Support.core(a, pa, 0, 0, 0, -nx, -ny, -nz, s, 0);
        double ha = s[0] * nx + s[1] * ny + s[2] * nz - Support.radius(a);
        return hb - ha;
    }

    /** The least {@link #along} over directions: a Fibonacci sphere, then shrinking local steps. */
    double bruteDepth(Shape a, Pose pa, Shape b, Pose pb, Vector3d dir) {
        int n = 20000;
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            double y = 1 - 2 * (i + 0.5) / n, r = Math.sqrt(1 - y * y), phi = i * Math.PI * (3 - Math.sqrt(5));
            double x = r * Math.cos(phi), z = r * Math.sin(phi);
            double d = along(a, pa, b, pb, x, y, z);
            if (d < best) {
                best = d;
                dir.set(x, y, z);
            }
        }
        Random rnd = new Random(1);
        for (double step = 0.03; step > 1e-9; step *= 0.7) {
            for (int k = 0; k < 40; k++) {
                Vector3d t = new Vector3d(dir).add(step * rnd.nextGaussian(), step * rnd.nextGaussian(), step * rnd.nextGaussian()).normalize();
                double d = along(a, pa, b, pb, t.x, t.y, t.z);
                if (d < best) {
                    best = d;
                    dir.set(t);
                }
            }
        }
        return best;
    }

    static Pose random(Random r, double spread) {
        Quaterniond q = new Quaterniond(r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian()).normalize();
        return new Pose().set(spread * (r.nextDouble() - 0.5), spread * (r.nextDouble() - 0.5), spread * (r.nextDouble() - 0.5),
                q.w, q.x, q.y, q.z);
    }

    static List<Shape> shapes() {
        List<Shape> l = new ArrayList<>();
        l.add(new Cylinder(0.5, 0.8));
        l.add(new Cylinder(1.2, 0.2));
        l.add(new Box(0.6, 0.3, 0.9));
        l.add(new Capsule(0.3, 0.7));
        double[][] pts = {{1, 0, 0}, {-0.5, 0.8, 0.1}, {-0.4, -0.7, 0.3}, {0.1, 0.1, 1}, {0, -0.2, -0.9}, {0.6, 0.6, 0.5}};
        List<Vector3d> v = new ArrayList<>();
        for (double[] p : pts) {
            v.add(new Vector3d(p[0], p[1], p[2]));
        }
        l.add(new ConvexHull(v.toArray(new Vector3d[0])));
        return l;
    }

    @Test
    void depthAndNormalAreTheLeastPenetrationOverAllDirections() {
        Random r = new Random(42);
        List<Shape> shapes = shapes();
        int checked = 0;
        for (int trial = 0; trial < 300; trial++) {
            Shape a = shapes.get(r.nextInt(shapes.size())), b = shapes.get(r.nextInt(shapes.size()));
            if (!(a instanceof Cylinder) && !(b instanceof Cylinder)) {
                continue;
            }
            Pose pa = random(r, 1.2), pb = random(r, 1.2);
            gjk.coreDistance(a, pa, b, pb);
            if (!gjk.overlapping()) {
                continue;
            }
            double depth = epa.penetration(gjk, a, pa, b, pb) + Support.radius(a) + Support.radius(b);
            Vector3d dir = new Vector3d();
            double want = bruteDepth(a, pa, b, pb, dir);
            String what = trial + ": " + a + " " + b + " want " + want + " along " + dir + " got " + depth + " along "
                    + epa.normal(new Vector3d()) + " (" + along(a, pa, b, pb, epa.normalX(), epa.normalY(), epa.normalZ()) + " that way)";
            // No direction does better than the depth, and the depth is reached along the normal
            // (moving A that far along it leaves it just touching B): the depth is the least.
            assertTrue(depth <= want + 1e-9, what);
            assertEquals(0, along(a, pa, b, pb, epa.normalX(), epa.normalY(), epa.normalZ()) - depth, 1e-7, what);
            Vector3d pA = epa.pointA(new Vector3d()), pB = epa.pointB(new Vector3d());
            assertEquals(depth - Support.radius(a) - Support.radius(b), pA.distance(pB), 1e-9, what);
            checked++;
        }
        assertTrue(checked > 60, "overlapping pairs checked: " + checked);
    }

    @Test
    void aCylinderStandingInABoxIsAsDeepAsItsCapIsBelowTheTop() {
        Box ground = new Box(5, 1, 5);
        Cylinder c = new Cylinder(0.5, 1);
        for (double sink : new double[] {0.3, 1e-3, 1e-6, 0}) {
            Pose pc = new Pose().set(0.2, 2 - sink, -0.1, 1, 0, 0, 0), pg = new Pose().set(0, 0, 0, 1, 0, 0, 0);
            gjk.coreDistance(c, pc, ground, pg);
            assertTrue(gjk.overlapping(), "sink " + sink);
            assertEquals(sink, epa.penetration(gjk, c, pc, ground, pg), 1e-12, "sink " + sink);
            assertEquals(1, epa.normalY(), 1e-12, "sink " + sink);
        }
    }

    @Test
    void refusesCoresTheSearchFoundApart() {
        Box a = new Box(1, 1, 1);
        Pose pa = new Pose().set(0, 0, 0, 1, 0, 0, 0), pb = new Pose().set(5, 0, 0, 1, 0, 0, 0);
        gjk.coreDistance(a, pa, a, pb);
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> epa.penetration(gjk, a, pa, a, pb));
        assertTrue(e.getMessage().contains("found them apart"), e.getMessage());
    }
}
