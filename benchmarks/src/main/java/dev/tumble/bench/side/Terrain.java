package dev.tumble.bench.side;

import java.util.SplittableRandom;

/**
 * The terrain scenes, engine-neutral: 1,000 mixed bodies (boxes, balls, capsules, hulls and
 * cylinders in turn, 200 of each; density 500 kg/m³, friction 0.5, restitution 0) dropped on
 * gentle hills, a grid of 256 × 256 heights 0.5 m apart (x = column · 0.5, z = row · 0.5, centred
 * on the origin), as a heightfield or as the triangle mesh of the same grid; gravity
 * (0, −9.81, 0), 1/60 s steps.
 *
 * @param mesh whether the surface is a triangle mesh (else a heightfield)
 */
public record Terrain(boolean mesh) {
    /** Samples per side. */
    public static final int SAMPLES = 256;
    /** Spacing of the samples, m. */
    public static final double SPACING = 0.5;
    /** Bodies dropped. */
    public static final int BODIES = 1000;
    /** Density of the bodies, kg/m³. */
    public static final double DENSITY = 500;
    /** Friction of every body and of the ground. */
    public static final double FRICTION = 0.5;
    /** A box (the kinds of body come in turn: box, ball, capsule, rock, cylinder). */
    public static final int BOX = 0;
    /** A ball. */
    public static final int BALL = 1;
    /** A capsule. */
    public static final int CAPSULE = 2;
    /** A rock: a convex hull of {@link #ROCK_POINTS}. */
    public static final int ROCK = 3;
    /** A cylinder (a barrel or short log). */
    public static final int CYLINDER = 4;
    /** Kinds of body. */
    public static final int KINDS = 5;
    /** Box half-extents, m. */
    public static final double[] BOX_HALF = {0.4, 0.3, 0.35};
    /** Ball radius, m. */
    public static final double BALL_RADIUS = 0.35;
    /** Capsule radius, m. */
    public static final double CAPSULE_RADIUS = 0.25;
    /** Capsule half height of its core segment (axis y), m. */
    public static final double CAPSULE_HALF_HEIGHT = 0.35;
    /** Cylinder radius, m. */
    public static final double CYLINDER_RADIUS = 0.3;
    /** Cylinder half height along its axis (y), m. */
    public static final double CYLINDER_HALF_HEIGHT = 0.4;
    /** The rock's (a convex hull's) points (x, y, z), m. */
    public static final double[] ROCK_POINTS = {0.4, 0, 0, -0.3, 0.1, 0.3, -0.2, -0.2, -0.35, 0, 0.4, 0, 0.1, -0.35, 0.1};

    /** @return the world x (and z) of sample 0, m: the grid is centred on the origin. */
    public static double origin() {
        return -0.5 * (SAMPLES - 1) * SPACING;
    }

    /**
     * The height at a sample: gentle hills.
     *
     * @param r the sample's row (z = r · spacing)
     * @param c the sample's column (x = c · spacing)
     * @return the height, m
     */
    public static double height(int r, int c) {
        double x = c * SPACING, z = r * SPACING;
        return 2 * Math.sin(0.05 * x) * Math.cos(0.04 * z) + 0.5 * Math.sin(0.21 * x + 0.17 * z);
    }

    /**
     * @param i the body's index
     * @return its kind: {@link #BOX}, {@link #BALL}, {@link #CAPSULE}, {@link #ROCK} or {@link #CYLINDER}
     */
    public static int kind(int i) {
        return i % KINDS;
    }

    /**
     * Body i's start position: a 32 × 32 grid over the middle, 4 to 5 m above the ground.
     *
     * @param i the body's index
     * @param out receives x, y, z, m
     */
    public static void start(int i, double[] out) {
        SplittableRandom random = new SplittableRandom(i);
        int gx = i % 32, gz = i / 32;
        out[0] = -40 + gx * 2.5 + random.nextDouble(-0.3, 0.3);
        out[2] = -40 + gz * 2.5 + random.nextDouble(-0.3, 0.3);
        int c = (int) Math.round((out[0] - origin()) / SPACING), r = (int) Math.round((out[2] - origin()) / SPACING);
        out[1] = height(r, c) + 4 + random.nextDouble();
    }

    /** @return the scene's name. */
    public String name() {
        return mesh ? "terrain-mesh" : "terrain";
    }
}
