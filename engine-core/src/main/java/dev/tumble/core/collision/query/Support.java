package dev.tumble.core.collision.query;

import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;

/**
 * Support mappings of the bounded convex shapes, for {@link Gjk}. Each shape is split into a
 * <em>core</em> and a radius: a sphere is its centre plus its radius, a capsule its segment plus
 * its radius, a box, hull or cylinder itself with radius 0. GJK works on the cores and the radii
 * are added back exactly, which keeps round shapes exact; a polytope core ends the search in
 * finitely many steps, a cylinder's curved side within the search's tolerance.
 */
public final class Support {
    private Support() {
    }

    /**
     * @param shape a shape
     * @return whether {@link #core} can map it: a sphere, box, capsule, convex hull or cylinder
     */
    public static boolean isConvex(Shape shape) {
        return shape instanceof Sphere || shape instanceof Box || shape instanceof Capsule || shape instanceof ConvexHull
                || shape instanceof Cylinder;
    }

    /**
     * @param shape a shape {@link #isConvex}
     * @return the radius (m) added around its core: the sphere's or capsule's radius, else 0
     */
    public static double radius(Shape shape) {
        if (shape instanceof Sphere s) {
            return s.radius();
        }
        if (shape instanceof Capsule c) {
            return c.radius();
        }
        return 0;
    }

    /**
     * The core's support point in world direction {@code (dx, dy, dz)} (any length, zero allowed)
     * at world pose {@code pose}, written relative to the point {@code (ox, oy, oz)} into
     * {@code out[at..at+2]}. Ties go to the positive side (boxes, capsules) or the lowest vertex
     * index (hulls), so the result is deterministic.
     *
     * @param shape a shape {@link #isConvex}
     * @param pose its world pose
     * @param ox the x of the point the result is relative to, m
     * @param oy the y of that point, m
     * @param oz the z of that point, m
     * @param dx the direction x, world space
     * @param dy the direction y, world space
     * @param dz the direction z, world space
     * @param out receives the support point, m
     * @param at where in {@code out} to write
     * @throws IllegalArgumentException for an unbounded or non-convex shape
     */
    public static void core(Shape shape, Pose pose, double ox, double oy, double oz, double dx, double dy, double dz,
            double[] out, int at) {
        double[] r = pose.r;
        double lx, ly, lz; // the support point in the shape's frame
        if (shape instanceof Sphere) {
            lx = ly = lz = 0;
        } else if (shape instanceof Capsule c) {
            double dl = r[1] * dx + r[4] * dy + r[7] * dz; // the direction's component along the local y axis
            lx = lz = 0;
            ly = dl >= 0 ? c.halfHeight() : -c.halfHeight();
        } else if (shape instanceof Box b) {
            lx = r[0] * dx + r[3] * dy + r[6] * dz >= 0 ? b.hx() : -b.hx();
            ly = r[1] * dx + r[4] * dy + r[7] * dz >= 0 ? b.hy() : -b.hy();
            lz = r[2] * dx + r[5] * dy + r[8] * dz >= 0 ? b.hz() : -b.hz();
        } else if (shape instanceof Cylinder c) {
            // The cap's rim in the direction's sideways part; along the axis, the cap's centre.
            double ex = r[0] * dx + r[3] * dy + r[6] * dz;
            double ey = r[1] * dx + r[4] * dy + r[7] * dz;
            double ez = r[2] * dx + r[5] * dy + r[8] * dz;
            double side = Math.sqrt(ex * ex + ez * ez);
            ly = ey >= 0 ? c.halfHeight() : -c.halfHeight();
            if (side > 0) {
                lx = ex * (c.radius() / side);
                lz = ez * (c.radius() / side);
            } else {
                lx = lz = 0;
            }
        } else if (shape instanceof ConvexHull h) {
            double ex = r[0] * dx + r[3] * dy + r[6] * dz;
            double ey = r[1] * dx + r[4] * dy + r[7] * dz;
            double ez = r[2] * dx + r[5] * dy + r[8] * dz;
            double[] v = h.rawVertices();
            int best = 0;
            double max = v[0] * ex + v[1] * ey + v[2] * ez;
            for (int i = 3; i < v.length; i += 3) {
                double s = v[i] * ex + v[i + 1] * ey + v[i + 2] * ez;
                if (s > max) {
                    max = s;
                    best = i;
                }
            }
            lx = v[best];
            ly = v[best + 1];
            lz = v[best + 2];
        } else {
            throw new IllegalArgumentException("shape must be a sphere, box, capsule, convex hull or cylinder, was " + shape);
        }
        out[at] = r[0] * lx + r[1] * ly + r[2] * lz + (pose.px - ox);
        out[at + 1] = r[3] * lx + r[4] * ly + r[5] * lz + (pose.py - oy);
        out[at + 2] = r[6] * lx + r[7] * ly + r[8] * lz + (pose.pz - oz);
    }

    /**
     * The corner of the triangle {@code c[o..o+9)} (world, m) furthest along {@code (dx, dy, dz)}
     * (the first on a tie), relative to {@code (ox, oy, oz)}, into {@code out[at..at+2]}.
     *
     * @param c the corners a, b, c (x, y, z each), world, m
     * @param o where they start in {@code c}
     * @param ox the x of the point the result is relative to, m
     * @param oy the y of that point, m
     * @param oz the z of that point, m
     * @param dx the direction x, world space
     * @param dy the direction y, world space
     * @param dz the direction z, world space
     * @param out receives the corner, m
     * @param at where in {@code out} to write
     */
    public static void triangle(double[] c, int o, double ox, double oy, double oz, double dx, double dy, double dz,
            double[] out, int at) {
        int best = o;
        double max = c[best] * dx + c[best + 1] * dy + c[best + 2] * dz;
        for (int i = o + 3; i < o + 9; i += 3) {
            double s = c[i] * dx + c[i + 1] * dy + c[i + 2] * dz;
            if (s > max) {
                max = s;
                best = i;
            }
        }
        out[at] = c[best] - ox;
        out[at + 1] = c[best + 1] - oy;
        out[at + 2] = c[best + 2] - oz;
    }
}
