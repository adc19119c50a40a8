package dev.tumble.core.collision.shape;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tumble.core.math.MassProperties;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Random;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A cylinder's ray cast, bounds, mass and snapshot form against oracles that do not share its
 * code: the ray against a fine march along it testing whether each point is inside, the bounds
 * against thousands of rim points, the mass and inertia against the textbook formulas and a
 * numerical integration over the solid.
 */
class CylinderTest {

    // ------------------------------------------------------------------ the oracle's solid

    static boolean inside(double r, double h, double x, double y, double z) {
        return x * x + z * z <= r * r && Math.abs(y) <= h;
    }

    /** How far the point is inside (positive) or outside (negative) the nearest face, m. */
    static double depth(double r, double h, double x, double y, double z) {
        return Math.min(r - Math.sqrt(x * x + z * z), h - Math.abs(y));
    }

    /** March steps over the ray's length. */
    static final int MARCH = 20_000;

    /**
     * The first parameter at which {@code o + t·d} ({@code 0 ≤ t ≤ maxT}) is inside, by marching
     * {@link #MARCH} steps and bisecting the step where it enters; −1 if no step lands inside.
     */
    static double march(double r, double h, double[] o, double[] d, double maxT) {
        if (inside(r, h, o[0], o[1], o[2])) {
            return 0;
        }
        double step = maxT / MARCH;
        for (int k = 1; k <= MARCH; k++) {
            double t = Math.min(maxT, k * step);
            if (inside(r, h, o[0] + t * d[0], o[1] + t * d[1], o[2] + t * d[2])) {
                return bisect(r, h, o, d, (k - 1) * step, t);
            }
        }
        return -1;
    }

    /** Bisects between an outside {@code lo} and an inside {@code hi}; @return the first inside parameter found. */
    static double bisect(double r, double h, double[] o, double[] d, double lo, double hi) {
        for (int i = 0; i < 200 && lo < hi; i++) {
            double mid = 0.5 * (lo + hi);
            if (mid <= lo || mid >= hi) {
                break;
            }
            if (inside(r, h, o[0] + mid * d[0], o[1] + mid * d[1], o[2] + mid * d[2])) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    /** A dense march round {@code t} (± two march steps): the first inside parameter there, or −1. */
    static double denseAround(double r, double h, double[] o, double[] d, double t, double maxT) {
        double from = Math.max(0, t - 2 * maxT / MARCH), to = Math.min(maxT, t + 2 * maxT / MARCH);
        int n = 100_000;
        double prev = from;
        for (int k = 0; k <= n; k++) {
            double s = from + (to - from) * k / n;
            if (inside(r, h, o[0] + s * d[0], o[1] + s * d[1], o[2] + s * d[2])) {
                return k == 0 ? s : bisect(r, h, o, d, prev, s);
            }
            prev = s;
        }
        return -1;
    }

    // ------------------------------------------------------------------ ray cast

    /** What a batch of rays came to: hits, misses, and the rays that only touch the surface. */
    static final class Tally {
        int hits, misses, grazes, insideStarts;

        @Override
        public String toString() {
            return hits + " hits (" + insideStarts + " from inside), " + misses + " misses, " + grazes + " touches";
        }
    }

    /** Checks one ray against the march; the ray family's name and index go into messages. */
    static void checkRay(Cylinder c, double[] o, double[] d, double maxT, String what, Tally tally) {
        double r = c.radius(), h = c.halfHeight();
        Vector3d n = new Vector3d(Double.NaN, Double.NaN, Double.NaN);
        double got = c.castRayLocal(o[0], o[1], o[2], d[0], d[1], d[2], maxT, n);
        double want = march(r, h, o, d, maxT);
        double len = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        String ray = what + ": " + c + " o=(" + o[0] + ", " + o[1] + ", " + o[2] + ") d=(" + d[0] + ", " + d[1] + ", "
                + d[2] + ") maxT=" + maxT + ": got " + got + ", the march " + want;
        if (got < 0 && want < 0) {
            tally.misses++;
            return;
        }
        if (got >= 0 && want < 0) {
            // The march may step over a chord shorter than a step: look again densely.
            want = denseAround(r, h, o, d, got, maxT);
            if (want < 0) {
                double[] p = {o[0] + got * d[0], o[1] + got * d[1], o[2] + got * d[2]};
                double off = Math.abs(depth(r, h, p[0], p[1], p[2]));
                assertTrue(off <= 1e-9 * (1 + r + h), ray + ": a hit where no point of the ray is inside, "
                        + off + " m off the surface");
                tally.grazes++;
                return;
            }
        }
        if (got < 0) {
            double[] p = {o[0] + want * d[0], o[1] + want * d[1], o[2] + want * d[2]};
            double deepest = 0;
            for (int k = 0; k <= 1000; k++) {
                double t = want + (maxT - want) * k / 1000;
                deepest = Math.max(deepest, depth(r, h, o[0] + t * d[0], o[1] + t * d[1], o[2] + t * d[2]));
            }
            assertTrue(deepest <= 1e-9 * (1 + r + h), ray + ": missed a ray that goes " + deepest + " m deep from ("
                    + p[0] + ", " + p[1] + ", " + p[2] + ")");
            tally.grazes++;
            return;
        }
        tally.hits++;
        if (!(Math.abs(got - want) * len <= 1e-9 * (1 + Math.max(r, h) + want * len))) {
            // A ray nearly along the surface enters it at an ill-conditioned parameter: allowed only
            // where every point between the two answers is within a nanometre of the surface.
            for (int k = 0; k <= 100; k++) {
                double t = got + (want - got) * k / 100;
                double off = Math.abs(depth(r, h, o[0] + t * d[0], o[1] + t * d[1], o[2] + t * d[2]));
                assertTrue(off <= 1e-9 * (1 + r + h), ray + ": the answers differ by " + Math.abs(got - want) * len
                        + " m along the ray, and the ray is " + off + " m off the surface between them");
            }
            tally.grazes++;
        }
        assertEquals(1, n.length(), 1e-12, ray + ": unit normal " + n);
        if (got == 0) {
            tally.insideStarts++;
            assertTrue(new Vector3d(d[0], d[1], d[2]).normalize().add(n).length() < 1e-12,
                    ray + ": from inside, the normal faces the ray, was " + n);
            return;
        }
        double x = o[0] + got * d[0], y = o[1] + got * d[1], z = o[2] + got * d[2];
        double rho = Math.sqrt(x * x + z * z);
        double offSide = Math.abs(rho - r), offCap = Math.abs(Math.abs(y) - h);
        double tol = 1e-9 * (1 + r + h);
        Vector3d sideNormal = new Vector3d(x / rho, 0, z / rho), capNormal = new Vector3d(0, Math.signum(y), 0);
        boolean side = n.distance(sideNormal) < 1e-9, cap = n.distance(capNormal) < 1e-9;
        if (offSide <= tol && offCap > 1e-6 * (1 + r + h)) {
            assertTrue(side, ray + ": on the side, normal " + n + ", expected " + sideNormal);
        } else if (offCap <= tol && offSide > 1e-6 * (1 + r + h)) {
            assertTrue(cap, ray + ": on a cap, normal " + n + ", expected " + capNormal);
        } else {
            assertTrue(side || cap, ray + ": at the rim, normal " + n + " is neither the side's nor the cap's");
        }
        assertTrue(n.dot(d[0], d[1], d[2]) <= 1e-9 * len, ray + ": the normal faces away from the ray: " + n);
    }

    static double[] gaussian(Random rnd) {
        return new double[] {rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()};
    }

    static double[] scaled(double[] v, double s) {
        return new double[] {v[0] * s, v[1] * s, v[2] * s};
    }

    static Cylinder randomCylinder(Random rnd) {
        return new Cylinder(0.05 + 1.5 * rnd.nextDouble(), 0.05 + 1.5 * rnd.nextDouble());
    }

    @Test
    void randomRaysHitWhereAFineMarchAlongThemFirstEntersTheSolid() {
        Random rnd = new Random(90210);
        Tally tally = new Tally();
        for (int i = 0; i < 3000; i++) {
            Cylinder c = randomCylinder(rnd);
            double reach = 2 * (c.radius() + c.halfHeight());
            double[] o = {reach * (2 * rnd.nextDouble() - 1), reach * (2 * rnd.nextDouble() - 1), reach * (2 * rnd.nextDouble() - 1)};
            // Aimed at a point near the cylinder (many hit, many pass by), at lengths e^−2 to e^2.
            double[] aim = {1.5 * c.radius() * rnd.nextGaussian(), 1.5 * c.halfHeight() * rnd.nextGaussian(),
                1.5 * c.radius() * rnd.nextGaussian()};
            double[] d = {aim[0] - o[0], aim[1] - o[1], aim[2] - o[2]};
            double len = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            d = scaled(d, Math.exp(4 * rnd.nextDouble() - 2) / len);
            len = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            checkRay(c, o, d, (0.2 + 3 * rnd.nextDouble()) * reach / len, "random " + i, tally);
        }
        assertTrue(tally.hits > 500 && tally.misses > 500 && tally.insideStarts > 10, tally.toString());
    }

    @Test
    void raysParallelToTheAxisHitACapOrMissTheSide() {
        Random rnd = new Random(11);
        Tally tally = new Tally();
        for (int i = 0; i < 3000; i++) {
            Cylinder c = randomCylinder(rnd);
            double r = c.radius(), h = c.halfHeight();
            double rho = switch (i % 4) {
                case 0 -> 0;
                case 1 -> r; // on the side's line: every point of it is on the surface
                default -> 1.6 * r * rnd.nextDouble();
            };
            double phi = 2 * Math.PI * rnd.nextDouble();
            double[] o = {rho * Math.cos(phi), (2 * rnd.nextDouble() - 1) * 3 * h, rho * Math.sin(phi)};
            if (i % 7 == 0) {
                o[1] = (rnd.nextBoolean() ? 1 : -1) * h; // starting on a cap's plane
            }
            double[] d = {0, (rnd.nextBoolean() ? 1 : -1) * (0.1 + 3 * rnd.nextDouble()), 0};
            checkRay(c, o, d, 8 * h / Math.abs(d[1]), "along the axis " + i, tally);
        }
        assertTrue(tally.hits > 500 && tally.misses > 500, tally.toString());
    }

    @Test
    void raysAcrossTheAxisInACapsPlaneOrBetweenTheCaps() {
        Random rnd = new Random(12);
        Tally tally = new Tally();
        for (int i = 0; i < 3000; i++) {
            Cylinder c = randomCylinder(rnd);
            double r = c.radius(), h = c.halfHeight();
            double y = switch (i % 3) {
                case 0 -> (rnd.nextBoolean() ? 1 : -1) * h; // in a cap's plane: the cap is met edge on
                case 1 -> (2 * rnd.nextDouble() - 1) * h;
                default -> (2 * rnd.nextDouble() - 1) * 2 * h;
            };
            double phi = 2 * Math.PI * rnd.nextDouble();
            double[] o = {3 * r * Math.cos(phi), y, 3 * r * Math.sin(phi)};
            double aim = 2 * Math.PI * rnd.nextDouble(), off = 1.5 * r * rnd.nextDouble();
            double[] target = {off * Math.cos(aim), y, off * Math.sin(aim)};
            double[] d = {target[0] - o[0], 0, target[2] - o[2]};
            checkRay(c, o, d, 3, "across the axis " + i, tally);
        }
        assertTrue(tally.hits > 500 && tally.misses > 300, tally.toString());
    }

    @Test
    void raysGrazingTheRimOrTheSide() {
        Random rnd = new Random(13);
        Tally tally = new Tally();
        double[] offsets = {0, 1e-12, 1e-9, 1e-6, 1e-3};
        for (int i = 0; i < 4000; i++) {
            Cylinder c = randomCylinder(rnd);
            double r = c.radius(), h = c.halfHeight();
            double eps = offsets[i % offsets.length] * (rnd.nextBoolean() ? 1 : -1);
            double phi = 2 * Math.PI * rnd.nextDouble();
            double[] target;
            double[] d;
            if (i % 2 == 0) {
                // Through a point near the rim, from anywhere.
                double s = rnd.nextBoolean() ? 1 : -1;
                target = new double[] {(r + eps) * Math.cos(phi), s * h + eps * rnd.nextGaussian(), (r + eps) * Math.sin(phi)};
                d = scaled(gaussian(rnd), 0.5 + rnd.nextDouble());
            } else {
                // Along the side's tangent plane at a point near the side (or near the rim).
                double y = rnd.nextBoolean() ? (2 * rnd.nextDouble() - 1) * h : (rnd.nextBoolean() ? h : -h);
                target = new double[] {(r + eps) * Math.cos(phi), y, (r + eps) * Math.sin(phi)};
                double tilt = rnd.nextGaussian() * 0.5;
                d = new double[] {-Math.sin(phi), tilt, Math.cos(phi)};
            }
            double back = 0.5 + 2 * rnd.nextDouble();
            double[] o = {target[0] - back * d[0], target[1] - back * d[1], target[2] - back * d[2]};
            checkRay(c, o, d, back + 2, "grazing " + i, tally);
        }
        assertTrue(tally.hits > 500 && tally.misses > 500, tally.toString());
    }

    @Test
    void raysStartingInsideHitAtZeroFacingTheRay() {
        Random rnd = new Random(14);
        Tally tally = new Tally();
        for (int i = 0; i < 2000; i++) {
            Cylinder c = randomCylinder(rnd);
            double r = c.radius() * Math.sqrt(rnd.nextDouble()), phi = 2 * Math.PI * rnd.nextDouble();
            double[] o = {r * Math.cos(phi), (2 * rnd.nextDouble() - 1) * c.halfHeight(), r * Math.sin(phi)};
            checkRay(c, o, scaled(gaussian(rnd), 0.3), 10, "inside " + i, tally);
        }
        assertEquals(2000, tally.insideStarts, tally.toString());
    }

    @Test
    void aRayIsCutShortByItsMaximumParameter() {
        Cylinder c = new Cylinder(0.5, 1);
        Vector3d n = new Vector3d();
        assertEquals(1.5, c.castRayLocal(-2, 0.3, 0, 1, 0, 0, 10, n), 1e-15);
        assertEquals(-1, c.castRayLocal(-2, 0.3, 0, 1, 0, 0, 1.49, n), "stopped short of the side");
        assertEquals(0.75, c.castRayLocal(0.1, 4, 0.2, 0, -4, 0, 10, n), 1e-15);
        assertEquals(-1, c.castRayLocal(0.1, 4, 0.2, 0, -4, 0, 0.7, n), "stopped short of the cap");
    }

    // ------------------------------------------------------------------ bounds

    @Test
    void theBoundsAreTheTightBoxRoundTheRimsForAnyPose() {
        Random rnd = new Random(15);
        int samples = 2048;
        for (int i = 0; i < 300; i++) {
            Cylinder c = randomCylinder(rnd);
            Quaterniond q = new Quaterniond(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian())
                    .normalize();
            if (i % 10 == 0) {
                q.identity().rotateAxis(Math.PI / 2 * (i % 4), 1, 0, 0); // axis along a world axis: the flat cases
            }
            Pose p = new Pose().set(10 * rnd.nextGaussian(), 10 * rnd.nextGaussian(), 10 * rnd.nextGaussian(), q.w, q.x, q.y, q.z);
            Aabb box = c.computeAabb(p, new Aabb());
            double[] min = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
            double[] max = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
            Vector3d w = new Vector3d();
            for (int s = -1; s <= 1; s += 2) {
                for (int k = 0; k < samples; k++) {
                    double a = 2 * Math.PI * k / samples;
                    p.toWorld(c.radius() * Math.cos(a), s * c.halfHeight(), c.radius() * Math.sin(a), w);
                    double[] v = {w.x, w.y, w.z};
                    for (int j = 0; j < 3; j++) {
                        min[j] = Math.min(min[j], v[j]);
                        max[j] = Math.max(max[j], v[j]);
                    }
                }
            }
            double[] gotMin = {box.minX, box.minY, box.minZ}, gotMax = {box.maxX, box.maxY, box.maxZ};
            // Between samples 2π/n apart the rim bulges at most r·(1 − cos(π/n)) past them.
            double slack = c.radius() * (1 - Math.cos(Math.PI / samples)) + 1e-12 * (1 + 30);
            for (int j = 0; j < 3; j++) {
                String what = c + " pose " + i + " axis " + j + ": box [" + gotMin[j] + ", " + gotMax[j] + "], rim points ["
                        + min[j] + ", " + max[j] + "]";
                assertTrue(gotMin[j] <= min[j] + 1e-12 * 30 && gotMax[j] >= max[j] - 1e-12 * 30, what + ": a rim point is outside");
                assertTrue(gotMin[j] >= min[j] - slack && gotMax[j] <= max[j] + slack, what + ": not tight");
            }
        }
    }

    // ------------------------------------------------------------------ mass

    @Test
    void massAndInertiaAreTheTextbookSolidCylinders() {
        Random rnd = new Random(16);
        for (int i = 0; i < 50; i++) {
            double r = 0.05 + 2 * rnd.nextDouble(), h = 0.05 + 2 * rnd.nextDouble(), density = 1 + 5000 * rnd.nextDouble();
            MassProperties mp = new Cylinder(r, h).massProperties(density);
            double length = 2 * h;
            double m = density * Math.PI * r * r * length;
            assertEquals(m, mp.mass(), 1e-12 * m);
            assertEquals(0, mp.centre().length(), 0.0);
            Matrix3d want = new Matrix3d().scaling(m * (3 * r * r + length * length) / 12, m * r * r / 2,
                    m * (3 * r * r + length * length) / 12);
            assertMatrix(want, mp.inertia(), 1e-12 * m * (r * r + h * h), "r " + r + ", h " + h);
        }
    }

    @Test
    void massAndInertiaMatchAnIntegrationOverTheSolid() {
        double r = 0.4, h = 0.9, density = 700;
        // Midpoint rule in cylindrical coordinates: ρ, φ, y.
        int nr = 200, nphi = 256, ny = 200;
        double mass = 0, ixx = 0, iyy = 0, izz = 0, ixy = 0, ixz = 0, iyz = 0, cx = 0, cy = 0, cz = 0;
        for (int a = 0; a < nr; a++) {
            double rho = r * (a + 0.5) / nr, dr = r / nr;
            for (int b = 0; b < nphi; b++) {
                double phi = 2 * Math.PI * (b + 0.5) / nphi, dphi = 2 * Math.PI / nphi;
                double x = rho * Math.cos(phi), z = rho * Math.sin(phi);
                for (int k = 0; k < ny; k++) {
                    double y = -h + 2 * h * (k + 0.5) / ny, dy = 2 * h / ny;
                    double dm = density * rho * dr * dphi * dy;
                    mass += dm;
                    cx += dm * x;
                    cy += dm * y;
                    cz += dm * z;
                    ixx += dm * (y * y + z * z);
                    iyy += dm * (x * x + z * z);
                    izz += dm * (x * x + y * y);
                    ixy -= dm * x * y;
                    ixz -= dm * x * z;
                    iyz -= dm * y * z;
                }
            }
        }
        MassProperties mp = new Cylinder(r, h).massProperties(density);
        assertEquals(mass, mp.mass(), 1e-4 * mass);
        assertEquals(0, new Vector3d(cx, cy, cz).div(mass).distance(mp.centre()), 1e-9);
        Matrix3d want = new Matrix3d(ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz);
        assertMatrix(want, mp.inertia(), 1e-4 * mass * (r * r + h * h), "integrated");
    }

    static void assertMatrix(Matrix3d want, org.joml.Matrix3dc got, double tol, String what) {
        double[] a = want.get(new double[9]), b = new Matrix3d(got).get(new double[9]);
        for (int i = 0; i < 9; i++) {
            assertEquals(a[i], b[i], tol, what + ": element " + i + " of " + got + ", expected " + want);
        }
    }

    // ------------------------------------------------------------------ sizes and snapshots

    @Test
    void badSizesAreRefusedNamingTheFieldAndValue() {
        double[] bad = {0, -1, Double.NaN, Double.POSITIVE_INFINITY, -0.0};
        for (double v : bad) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Cylinder(v, 1));
            assertTrue(e.getMessage().contains("Cylinder.radius") && e.getMessage().contains(String.valueOf(v)), e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> new Cylinder(1, v));
            assertTrue(e.getMessage().contains("Cylinder.halfHeight") && e.getMessage().contains(String.valueOf(v)), e.getMessage());
        }
    }

    @Test
    void aSnapshotReadsBackAsTheSameCylinderBitForBit() throws IOException {
        Random rnd = new Random(17);
        for (int i = 0; i < 200; i++) {
            Cylinder c = new Cylinder(Math.exp(8 * rnd.nextDouble() - 4), Math.exp(8 * rnd.nextDouble() - 4));
            if (i % 2 == 1) {
                Quaterniond q = new Quaterniond(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian());
                c.offset(new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()), q);
            }
            byte[] written = bytes(c);
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(written));
            Shape back = ShapeCodec.read(in, "shape");
            assertEquals(0, in.available(), "the whole record is read");
            Cylinder b = (Cylinder) back;
            assertEquals(Double.doubleToRawLongBits(c.radius()), Double.doubleToRawLongBits(b.radius()));
            assertEquals(Double.doubleToRawLongBits(c.halfHeight()), Double.doubleToRawLongBits(b.halfHeight()));
            assertEquals(c.offsetPosition(), b.offsetPosition());
            assertEquals(c.offsetOrientation(), b.offsetOrientation());
            assertEquals(c.hasIdentityOffset(), b.hasIdentityOffset());
            assertArrayEquals(written, bytes(b), "the same bytes again: " + c);
        }
    }

    @Test
    void aSnapshotWithABadCylinderSizeIsRefusedNamingIt() throws IOException {
        byte[] b = bytes(new Cylinder(0.5, 0.25));
        // The sizes are the record's last two doubles: radius, then half-height.
        ByteBuffer.wrap(b).putDouble(b.length - 16, -0.5);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ShapeCodec.read(new DataInputStream(new ByteArrayInputStream(b)), "shape"));
        assertTrue(e.getMessage().contains("radius") && e.getMessage().contains("-0.5"), e.getMessage());
        byte[] c = bytes(new Cylinder(0.5, 0.25));
        ByteBuffer.wrap(c).putDouble(c.length - 8, Double.NaN);
        e = assertThrows(IllegalArgumentException.class,
                () -> ShapeCodec.read(new DataInputStream(new ByteArrayInputStream(c)), "shape"));
        assertTrue(e.getMessage().contains("halfHeight") && e.getMessage().contains("NaN"), e.getMessage());
    }

    static byte[] bytes(Shape s) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ShapeCodec.write(s, new DataOutputStream(out));
        return out.toByteArray();
    }

    // ------------------------------------------------------------------ inner radius

    @Test
    void theInnerRadiusAtAPointIsItsDistanceToTheNearestSampledSurfacePoint() {
        Cylinder c = new Cylinder(0.6, 0.35);
        double step = 0.004;
        java.util.List<double[]> surface = new java.util.ArrayList<>();
        int around = (int) Math.ceil(2 * Math.PI * c.radius() / step);
        for (int k = 0; k < around; k++) {
            double a = 2 * Math.PI * k / around;
            for (double y = -c.halfHeight(); y <= c.halfHeight() + 1e-12; y += step) {
                surface.add(new double[] {c.radius() * Math.cos(a), y, c.radius() * Math.sin(a)});
            }
        }
        for (double x = -c.radius(); x <= c.radius(); x += step) {
            for (double z = -c.radius(); z <= c.radius(); z += step) {
                if (x * x + z * z <= c.radius() * c.radius()) {
                    surface.add(new double[] {x, c.halfHeight(), z});
                    surface.add(new double[] {x, -c.halfHeight(), z});
                }
            }
        }
        Random rnd = new Random(18);
        for (int i = 0; i < 100; i++) {
            double rho = c.radius() * Math.sqrt(rnd.nextDouble()), a = 2 * Math.PI * rnd.nextDouble();
            double x = rho * Math.cos(a), y = (2 * rnd.nextDouble() - 1) * c.halfHeight(), z = rho * Math.sin(a);
            double nearest = Double.POSITIVE_INFINITY;
            for (double[] s : surface) {
                double dx = s[0] - x, dy = s[1] - y, dz = s[2] - z;
                nearest = Math.min(nearest, dx * dx + dy * dy + dz * dz);
            }
            double got = c.innerRadiusAt(x, y, z);
            if (!(Math.abs(Math.sqrt(nearest) - got) <= step)) {
                fail("(" + x + ", " + y + ", " + z + "): inner radius " + got + ", nearest surface sample " + Math.sqrt(nearest));
            }
        }
        assertEquals(0.35, c.innerRadius(), 0.0, "the ball at the centre touches the caps");
    }
}
