package dev.tumble.core.collision.narrow;

import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;

/**
 * A shape's feature along a direction: the points of its face (or segment) furthest that way,
 * whether that face is square to the direction (a reference), and the edge across it if any.
 */
final class ContactFeature {
    /** A face within this angle (cosine, 2°) of the direction is square to it: a reference face. */
    static final double FACE_COS = Math.cos(Math.toRadians(2));
    /** An edge within this angle (sine, 2°) of square to the direction lies across it. */
    static final double EDGE_SIN = Math.sin(Math.toRadians(2));
    /** Rim points standing for a cap when it is the clipped side (plus one towards the direction). */
    static final int RIM = 8;
    /** A cap is the feature when the direction is closer to the axis than to the side (45°). */
    private static final double CAP_COS = Math.sqrt(0.5);

    /** The points (world, m) and their ids. */
    double[] p = new double[3 * (RIM + 1)];
    int[] id = new int[RIM + 1];
    int count;
    /** Which face or feature it is (for the contacts' ids). */
    int face;
    /** A face within {@link #FACE_COS} of the direction: a reference. */
    boolean reference;
    /** The points lie in a plane (a face or a cap): its outward normal and offset. */
    boolean planar;
    double mx, my, mz, md;
    /** The reference is a cylinder's cap: its centre and radius (m). */
    boolean disc;
    double cx, cy, cz, radius;
    /** An edge (a segment {@code e[0..6)}) within {@link #EDGE_SIN} of square to the direction. */
    boolean edge;
    final double[] e = new double[6];

    /** The feature of {@code s} (or of {@code poly} when given) along unit {@code (dx, dy, dz)}. */
    void of(Shape s, Pose pose, Polytope poly, double dx, double dy, double dz) {
        reference = planar = disc = edge = false;
        count = 0;
        face = 0;
        if (poly != null) {
            polytope(poly, dx, dy, dz);
        } else if (s instanceof Cylinder c) {
            cylinder(c, pose, dx, dy, dz);
        } else if (s instanceof Capsule c) {
            double h = c.halfHeight(), r = c.radius();
            double ux = pose.r[1], uy = pose.r[4], uz = pose.r[7];
            add(pose.px - h * ux + r * dx, pose.py - h * uy + r * dy, pose.pz - h * uz + r * dz, 0);
            add(pose.px + h * ux + r * dx, pose.py + h * uy + r * dy, pose.pz + h * uz + r * dz, 1);
            edge = Math.abs(ux * dx + uy * dy + uz * dz) <= EDGE_SIN;
            System.arraycopy(p, 0, e, 0, 6);
        } else if (s instanceof Sphere sphere) {
            double r = sphere.radius();
            add(pose.px + r * dx, pose.py + r * dy, pose.pz + r * dz, 0);
        }
    }

    private void add(double x, double y, double z, int i) {
        if (3 * count + 3 > p.length) {
            p = java.util.Arrays.copyOf(p, 2 * p.length);
            id = java.util.Arrays.copyOf(id, 2 * id.length);
        }
        p[3 * count] = x;
        p[3 * count + 1] = y;
        p[3 * count + 2] = z;
        id[count++] = i;
    }

    /** The face most along the direction; an edge of the support corner when none is square to it. */
    private void polytope(Polytope poly, double dx, double dy, double dz) {
        int best = 0;
        double max = Double.NEGATIVE_INFINITY;
        for (int f = 0; f < poly.nf; f++) {
            double c = poly.fn[3 * f] * dx + poly.fn[3 * f + 1] * dy + poly.fn[3 * f + 2] * dz;
            if (c > max) {
                max = c;
                best = f;
            }
        }
        int[] loop = poly.faces[best];
        for (int v : loop) {
            add(poly.v[3 * v], poly.v[3 * v + 1], poly.v[3 * v + 2], v);
        }
        face = best;
        planar = true;
        mx = poly.fn[3 * best];
        my = poly.fn[3 * best + 1];
        mz = poly.fn[3 * best + 2];
        md = poly.fd[best];
        if (max >= FACE_COS) {
            reference = true;
            return;
        }
        int top = 0;
        double h = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < poly.nv; i++) {
            double s = poly.v[3 * i] * dx + poly.v[3 * i + 1] * dy + poly.v[3 * i + 2] * dz;
            if (s > h) {
                h = s;
                top = i;
            }
        }
        double least = EDGE_SIN;
        for (int k = 0; k < poly.ne; k++) {
            int i = poly.edges[2 * k], j = poly.edges[2 * k + 1];
            if (i != top && j != top) {
                continue;
            }
            double ex = poly.v[3 * j] - poly.v[3 * i], ey = poly.v[3 * j + 1] - poly.v[3 * i + 1], ez = poly.v[3 * j + 2] - poly.v[3 * i + 2];
            double c = Math.abs(ex * dx + ey * dy + ez * dz) / Math.sqrt(ex * ex + ey * ey + ez * ez);
            if (c <= least) {
                least = c;
                edge = true;
                System.arraycopy(poly.v, 3 * i, e, 0, 3);
                System.arraycopy(poly.v, 3 * j, e, 3, 3);
            }
        }
    }

    /**
     * A cap when the direction is nearer the axis than the side: its rim (fixed points every
     * 45° and the point furthest along the direction), a reference disc when square to it; else
     * the line of the side furthest along the direction, an edge when square to it.
     */
    private void cylinder(Cylinder c, Pose pose, double dx, double dy, double dz) {
        double[] r = pose.r;
        double ux = r[1], uy = r[4], uz = r[7];
        double along = ux * dx + uy * dy + uz * dz;
        double h = c.halfHeight(), rad = c.radius();
        // The direction's part across the axis, unit (zero when along the axis).
        double wx = dx - along * ux, wy = dy - along * uy, wz = dz - along * uz;
        double wl = Math.sqrt(wx * wx + wy * wy + wz * wz);
        if (Math.abs(along) >= CAP_COS) {
            double sign = along >= 0 ? 1 : -1;
            double ox = pose.px + sign * h * ux, oy = pose.py + sign * h * uy, oz = pose.pz + sign * h * uz;
            face = sign > 0 ? 1 : 2;
            // Local x and z axes span the cap: rim point k at angle k·45° from local x (the order
            // round the rim does not matter: a cap is clipped as a point set or as a circle).
            double xx = r[0], xy = r[3], xz = r[6], zx = r[2], zy = r[5], zz = r[8];
            // Square to the direction (within 2°), the fixed points alone: they keep their ids
            // and places on the body while it rocks. Tilted further, the lowest rim point is the
            // pivot it tips about, so it joins them.
            boolean extra = Math.abs(along) < FACE_COS && wl > 0;
            double angle = extra ? Math.atan2(wx * zx + wy * zy + wz * zz, wx * xx + wy * xy + wz * xz) : 0;
            if (angle < 0) {
                angle += 2 * Math.PI;
            }
            double step = 2 * Math.PI / RIM;
            for (int k = 0; k < RIM; k++) {
                rimPoint(ox, oy, oz, xx, xy, xz, zx, zy, zz, rad, k * step, k);
                if (extra && angle > k * step + 1e-9 && angle < (k + 1) * step - 1e-9) {
                    rimPoint(ox, oy, oz, xx, xy, xz, zx, zy, zz, rad, angle, RIM); // the point furthest along the direction
                }
            }
            planar = true;
            mx = sign * ux;
            my = sign * uy;
            mz = sign * uz;
            md = mx * ox + my * oy + mz * oz;
            if (Math.abs(along) >= FACE_COS) {
                reference = disc = true;
                cx = ox;
                cy = oy;
                cz = oz;
                radius = rad;
            }
            return;
        }
        wx /= wl;
        wy /= wl;
        wz /= wl;
        face = 3;
        add(pose.px - h * ux + rad * wx, pose.py - h * uy + rad * wy, pose.pz - h * uz + rad * wz, 0);
        add(pose.px + h * ux + rad * wx, pose.py + h * uy + rad * wy, pose.pz + h * uz + rad * wz, 1);
        edge = Math.abs(along) <= EDGE_SIN;
        System.arraycopy(p, 0, e, 0, 6);
    }

    private void rimPoint(double ox, double oy, double oz, double xx, double xy, double xz, double zx, double zy, double zz,
            double rad, double t, int k) {
        double c = rad * Math.cos(t), s = rad * Math.sin(t);
        add(ox + c * xx + s * zx, oy + c * xy + s * zy, oz + c * xz + s * zz, k);
    }
}
