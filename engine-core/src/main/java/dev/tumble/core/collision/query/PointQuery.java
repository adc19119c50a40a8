package dev.tumble.core.collision.query;

import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Plane;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.collision.shape.TriangleGeometry;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A point against one shape: its signed distance to the surface (negative inside), the nearest
 * surface point and the outward normal there. Exact for every shape: spheres, capsules, boxes,
 * cylinders, planes and half-spaces in closed form; a hull from its face planes inside and from
 * {@link Gjk} (a point against the hull) outside. An instance keeps its scratch and allocates
 * nothing per call; it is not thread-safe.
 */
public final class PointQuery {
    /** A sphere's core is its centre, so this carries the query point into {@link Gjk}. */
    private static final Sphere POINT = new Sphere(1);
    private final Gjk gjk = new Gjk();
    private final ShapeDistance surfaces = new ShapeDistance();
    private final ClosestPoints closest = new ClosestPoints();
    private final Pose at = new Pose();
    private final Vector3d p = new Vector3d(), q = new Vector3d(), n = new Vector3d();

    /**
     * @param shape a shape
     * @return whether {@link #signedDistance} can answer for it
     */
    public static boolean supports(Shape shape) {
        return ShapeDistance.supports(shape);
    }

    /**
     * @param shape a {@link #supports supported} shape
     * @param pose its world pose
     * @param x the point x, world space, m
     * @param y the point y, world space, m
     * @param z the point z, world space, m
     * @return whether the point is inside or on the solid shape (never for a two-sided plane, which has no inside)
     */
    public boolean contains(Shape shape, Pose pose, double x, double y, double z) {
        return !(shape instanceof Plane) && !(shape instanceof TriangleGeometry) && signedDistance(shape, pose, x, y, z, q, n) <= 0;
    }

    /**
     * The signed distance (m) from the point to the shape's surface, negative inside.
     *
     * @param shape a {@link #supports supported} shape
     * @param pose its world pose
     * @param x the point x, world space, m
     * @param y the point y, world space, m
     * @param z the point z, world space, m
     * @param surface receives the nearest surface point, world space, m
     * @param normal receives the outward unit normal there, world space
     * @return the signed distance, m
     */
    public double signedDistance(Shape shape, Pose pose, double x, double y, double z, Vector3d surface, Vector3d normal) {
        if (shape instanceof ConvexHull h) {
            return hull(h, pose, x, y, z, surface, normal);
        }
        if (shape instanceof TriangleGeometry) {
            // A surface, not a solid: the distance to its nearest triangle, never negative.
            double d = surfaces.pointToTriangles(x, y, z, shape, pose, closest);
            surface.set(closest.pointB);
            normal.set(closest.normal);
            return d;
        }
        pose.toLocal(x, y, z, p);
        double d;
        if (shape instanceof Sphere s) {
            d = round(0, s.radius());
        } else if (shape instanceof Capsule c) {
            d = round(Math.max(-c.halfHeight(), Math.min(c.halfHeight(), p.y)), c.radius());
        } else if (shape instanceof Box b) {
            d = box(b);
        } else if (shape instanceof Cylinder c) {
            d = cylinder(c.radius(), c.halfHeight());
        } else if (shape instanceof HalfSpace h) {
            d = plane(h.normal(), h.planeOffset(), false);
        } else if (shape instanceof Plane pl) {
            d = plane(pl.normal(), pl.planeOffset(), true);
        } else {
            throw new IllegalArgumentException(
                    "shape must be a sphere, box, capsule, convex hull, cylinder, plane, half-space, mesh or heightfield, was "
                            + shape);
        }
        pose.toWorld(q.x, q.y, q.z, surface);
        pose.dirToWorld(n.x, n.y, n.z, normal);
        return d;
    }

    /** A ball of {@code radius} around {@code (0, cy, 0)}: sphere and capsule. */
    private double round(double cy, double radius) {
        double ex = p.x, ey = p.y - cy, ez = p.z;
        double l = Math.sqrt(ex * ex + ey * ey + ez * ez);
        if (l > 0) {
            n.set(ex / l, ey / l, ez / l);
        } else {
            n.set(0, 1, 0); // at the centre every direction is nearest: pick one
        }
        q.set(n).mul(radius).add(0, cy, 0);
        return l - radius;
    }

    private double box(Box b) {
        double hx = b.hx(), hy = b.hy(), hz = b.hz();
        double cx = Math.max(-hx, Math.min(hx, p.x)), cy = Math.max(-hy, Math.min(hy, p.y)), cz = Math.max(-hz, Math.min(hz, p.z));
        if (cx != p.x || cy != p.y || cz != p.z) {
            q.set(cx, cy, cz);
            n.set(p).sub(q);
            double l = n.length();
            n.div(l);
            return l;
        }
        // Inside: the nearest face is the one with the least depth.
        double dx = hx - Math.abs(p.x), dy = hy - Math.abs(p.y), dz = hz - Math.abs(p.z);
        q.set(p);
        if (dx <= dy && dx <= dz) {
            double s = p.x >= 0 ? 1 : -1;
            q.x = s * hx;
            n.set(s, 0, 0);
            return -dx;
        }
        if (dy <= dz) {
            double s = p.y >= 0 ? 1 : -1;
            q.y = s * hy;
            n.set(0, s, 0);
            return -dy;
        }
        double s = p.z >= 0 ? 1 : -1;
        q.z = s * hz;
        n.set(0, 0, s);
        return -dz;
    }

    /**
     * A cylinder of radius {@code r} and half-height {@code h} along local y. Outside, the nearest
     * point clamps the point onto the side (radially) and between the caps; inside, it is on the
     * side or the cap with the least depth.
     */
    private double cylinder(double r, double h) {
        double rho = Math.sqrt(p.x * p.x + p.z * p.z);
        double side = r - rho, cap = h - Math.abs(p.y);
        double sy = p.y >= 0 ? 1 : -1;
        if (side >= 0 && cap >= 0) {
            if (side <= cap) {
                if (rho > 0) {
                    n.set(p.x / rho, 0, p.z / rho);
                } else {
                    n.set(1, 0, 0); // on the axis every direction round it is nearest: pick one
                }
                q.set(n.x * r, p.y, n.z * r);
                return -side;
            }
            q.set(p.x, sy * h, p.z);
            n.set(0, sy, 0);
            return -cap;
        }
        double s = side < 0 ? r / rho : 1;
        q.set(p.x * s, cap < 0 ? sy * h : p.y, p.z * s);
        n.set(p).sub(q);
        double l = n.length();
        if (l > 0) {
            n.div(l);
            return l;
        }
        // Outside by less than the clamp can show (the point rounds onto the surface): on it.
        if (side < 0) {
            n.set(p.x / rho, 0, p.z / rho);
        } else {
            n.set(0, sy, 0);
        }
        return 0;
    }

    private double plane(Vector3dc normal, double offset, boolean twoSided) {
        double s = normal.x() * p.x + normal.y() * p.y + normal.z() * p.z - offset;
        q.set(normal).mul(-s).add(p);
        n.set(normal);
        if (twoSided && s < 0) {
            n.negate();
            return -s;
        }
        return s;
    }

    private double hull(ConvexHull h, Pose pose, double x, double y, double z, Vector3d surface, Vector3d normal) {
        pose.toLocal(x, y, z, p);
        double[] fn = h.rawFaceNormals(), fd = h.rawFaceOffsets();
        int face = 0;
        double max = Double.NEGATIVE_INFINITY;
        for (int f = 0; f < fd.length; f++) {
            double s = fn[3 * f] * p.x + fn[3 * f + 1] * p.y + fn[3 * f + 2] * p.z - fd[f];
            if (s > max) {
                max = s;
                face = f;
            }
        }
        if (max <= 0) {
            // Inside: the ball of radius −max about the point is in the hull and touches the nearest face plane there.
            pose.toWorld(p.x - max * fn[3 * face], p.y - max * fn[3 * face + 1], p.z - max * fn[3 * face + 2], surface);
            pose.dirToWorld(fn[3 * face], fn[3 * face + 1], fn[3 * face + 2], normal);
            return max;
        }
        at.identity();
        at.px = x;
        at.py = y;
        at.pz = z;
        double d = gjk.coreDistance(POINT, at, h, pose);
        gjk.pointB(surface);
        if (!(d > 0)) {
            pose.dirToWorld(fn[3 * face], fn[3 * face + 1], fn[3 * face + 2], normal);
            return 0;
        }
        normal.set(x - surface.x, y - surface.y, z - surface.z).div(d);
        return d;
    }
}
