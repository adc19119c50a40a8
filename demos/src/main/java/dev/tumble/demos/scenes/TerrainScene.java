package dev.tumble.demos.scenes;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.HeightField;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.collision.shape.TriangleMesh;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.render.scene.Camera;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.joml.Vector3d;

/**
 * Level geometry: a heightfield hillside falling towards −x with bumps on it, and at its foot a
 * bowl made of a triangle mesh. A seeded shower of rocks (convex hulls), boxes, balls and
 * capsules lands on the hilltop and rolls and slides down, across the triangles' seams, into the
 * bowl or past it onto the lowland below; after it come logs and barrels (cylinders) lying across
 * the slope, to roll down it.
 */
public final class TerrainScene extends Scene {
    /** Samples per side of the heightfield. */
    public static final int SAMPLES = 49;
    /** Spacing of the heightfield's samples, m. */
    public static final double SPACING = 0.5;
    /** Radius of the bowl's sphere and depth of the bowl, m. */
    public static final double BOWL_RADIUS = 3.5, BOWL_DEPTH = 1.6;
    /** Height of the flat lowland below the hill and the bowl, m. */
    public static final double LOWLAND = -2.5;
    /** Logs and barrels (cylinders) that follow the shower. */
    public static final int ROLLERS = 8;
    private final List<RigidBody> shower = new ArrayList<>();

    /**
     * Builds the scene.
     *
     * @param options the options
     */
    public TerrainScene(SceneOptions options) {
        super(options, settings(options).build());
        double half = 0.5 * (SAMPLES - 1) * SPACING;
        add("terrain", RigidBody.fixed(new HeightField(heights(), SPACING, SPACING)).friction(0.7).restitution(0.1)
                .position(-half, 0, -half));
        // The bowl's rim sits on the slope's foot; its inside is its front.
        add("bowl", RigidBody.fixed(bowl(BOWL_RADIUS, BOWL_DEPTH, 8, 32)).friction(0.5).restitution(0.1)
                .position(-half - BOWL_RADIUS + 1.5, height(0, 0.5 * (SAMPLES - 1)) - BOWL_DEPTH + 0.3, 0));
        // Lowland round the hill and the bowl: what rolls off the land stops there.
        add("lowland", RigidBody.fixed(new HalfSpace(0, 1, 0, LOWLAND)).friction(0.7).restitution(0));
        SplittableRandom random = new SplittableRandom(options.seed());
        for (int i = 0; i < 32; i++) {
            double x = 5 + random.nextDouble(-3, 3), z = random.nextDouble(-5, 5);
            double ground = height((x + half) / SPACING, (z + half) / SPACING);
            RigidBody b = switch (i % 4) {
                case 0 -> RigidBody.dynamic(rock(random));
                case 1 -> RigidBody.dynamic(new Box(random.nextDouble(0.2, 0.45), random.nextDouble(0.15, 0.3), random.nextDouble(0.2, 0.45)));
                case 2 -> RigidBody.dynamic(new Sphere(random.nextDouble(0.2, 0.4)));
                default -> RigidBody.dynamic(new Capsule(random.nextDouble(0.15, 0.25), random.nextDouble(0.2, 0.45)));
            };
            // Unturned: a body normalises a turned orientation it is given, and normalising again
            // (as reading the scene back from a file does) can move its last bits.
            b.density(600).friction(0.3).restitution(0.1).position(x, ground + 1.5 + 0.8 * (i / 4), z);
            shower.add(add("shower" + i, b));
        }
        // Logs (long and thin) and barrels (short and fat) above the shower, lying across the slope
        // (axis along z) so that they roll down it. The turn of a third of a revolution about
        // (1, 1, 1) takes the cylinder's axis, local y, to z; its quaternion (½, ½, ½, ½) is exactly
        // unit, so normalising it, as the body does and as reading the scene back from a file does
        // again, keeps its bits.
        for (int k = 0; k < ROLLERS; k++) {
            boolean log = k % 2 == 0;
            double x = 6 + random.nextDouble(-1.5, 1.5), z = -3.5 + 7.0 * k / (ROLLERS - 1);
            double ground = height((x + half) / SPACING, (z + half) / SPACING);
            Cylinder shape = log ? new Cylinder(random.nextDouble(0.12, 0.18), random.nextDouble(0.6, 0.9))
                    : new Cylinder(random.nextDouble(0.28, 0.34), random.nextDouble(0.35, 0.45));
            RigidBody b = RigidBody.dynamic(shape).orientation(0.5, 0.5, 0.5, 0.5);
            b.density(log ? 600 : 400).friction(0.4).restitution(0.1).position(x, ground + 8 + 0.6 * k, z);
            shower.add(add((log ? "log" : "barrel") + k / 2, b));
        }
    }

    /** The hillside: falling towards −x, a ridge across it and bumps, m. */
    private static double[][] heights() {
        double[][] h = new double[SAMPLES][SAMPLES];
        for (int r = 0; r < SAMPLES; r++) {
            for (int c = 0; c < SAMPLES; c++) {
                h[r][c] = height(c, r);
            }
        }
        return h;
    }

    /** The hillside's height at column {@code c} and row {@code r} (fractional samples), m. */
    private static double height(double c, double r) {
        double x = c * SPACING, z = r * SPACING;
        return 0.42 * x + 0.45 * Math.sin(0.5 * x) * Math.cos(0.4 * z) + 0.2 * Math.cos(1.2 * z + 0.5 * x);
    }

    /**
     * A spherical bowl: the cap of depth {@code depth} (m) of a sphere of {@code radius} (m), lowest
     * point at the origin, in {@code rings} rings of {@code segments} quads, every triangle's front
     * facing the sphere's centre (the inside).
     */
    static TriangleMesh bowl(double radius, double depth, int rings, int segments) {
        double maxAngle = Math.acos(1 - depth / radius);
        int n = 1 + rings * segments;
        double[] v = new double[3 * n];
        for (int k = 1; k <= rings; k++) {
            double theta = maxAngle * k / rings;
            for (int j = 0; j < segments; j++) {
                double phi = 2 * Math.PI * j / segments;
                int i = 1 + (k - 1) * segments + j;
                v[3 * i] = radius * Math.sin(theta) * Math.cos(phi);
                v[3 * i + 1] = radius * (1 - Math.cos(theta));
                v[3 * i + 2] = radius * Math.sin(theta) * Math.sin(phi);
            }
        }
        List<int[]> triangles = new ArrayList<>();
        for (int j = 0; j < segments; j++) {
            triangles.add(new int[] {0, 1 + (j + 1) % segments, 1 + j});
        }
        for (int k = 1; k < rings; k++) {
            for (int j = 0; j < segments; j++) {
                int a = 1 + (k - 1) * segments + j, b = 1 + (k - 1) * segments + (j + 1) % segments;
                int c = a + segments, d = b + segments;
                triangles.add(new int[] {a, b, d});
                triangles.add(new int[] {a, d, c});
            }
        }
        int[] t = new int[3 * triangles.size()];
        for (int i = 0; i < triangles.size(); i++) {
            int[] tri = triangles.get(i);
            // Wound so that the front faces the centre (0, radius, 0): flip any that face out.
            if (facesOut(v, tri, radius)) {
                int s = tri[1];
                tri[1] = tri[2];
                tri[2] = s;
            }
            System.arraycopy(tri, 0, t, 3 * i, 3);
        }
        return new TriangleMesh(v, t);
    }

    private static boolean facesOut(double[] v, int[] tri, double radius) {
        int a = 3 * tri[0], b = 3 * tri[1], c = 3 * tri[2];
        double ux = v[b] - v[a], uy = v[b + 1] - v[a + 1], uz = v[b + 2] - v[a + 2];
        double wx = v[c] - v[a], wy = v[c + 1] - v[a + 1], wz = v[c + 2] - v[a + 2];
        double nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
        double cx = -v[a], cy = radius - v[a + 1], cz = -v[a + 2];
        return nx * cx + ny * cy + nz * cz < 0;
    }

    /** A rough rock: a hull of eight points on a squashed ball of about 0.35 m. */
    private dev.tumble.core.collision.shape.ConvexHull rock(SplittableRandom random) {
        Vector3d[] points = new Vector3d[8];
        for (int k = 0; k < points.length; k++) {
            Vector3d p = new Vector3d(random.nextDouble(-1, 1), random.nextDouble(-1, 1), random.nextDouble(-1, 1));
            if (p.lengthSquared() < 1e-6) {
                p.set(1, 0, 0);
            }
            p.normalize().mul(0.35 * random.nextDouble(0.7, 1.1), 0.25 * random.nextDouble(0.7, 1.1), 0.35 * random.nextDouble(0.7, 1.1));
            points[k] = p;
        }
        return hull(points);
    }

    /**
     * The bodies dropped on the hilltop: the shower, then the logs and barrels.
     *
     * @return the bodies
     */
    public List<RigidBody> shower() {
        return Collections.unmodifiableList(shower);
    }

    @Override
    public double floor() {
        return LOWLAND;
    }

    @Override
    public int stillStep() {
        return 240;
    }

    @Override
    protected double[] actionBounds(double[] box) {
        // What rolls off the land falls away: frame the land and the bowl.
        double half = 0.5 * (SAMPLES - 1) * SPACING;
        return new double[] {-half - 2 * BOWL_RADIUS, -2, -half, half, height(SAMPLES - 1, 0) + 2, half};
    }

    @Override
    public Camera camera() {
        return framed(new Camera().lookAt(8f, 12f, 16f, -5f, 2f, 0f));
    }
}
