package dev.tumble.core.collision.shape;

import org.joml.Vector3d;

/**
 * Triangle arithmetic shared by {@link TriangleMesh} and {@link HeightField}: one ray test, one
 * face normal and one active-edge rule, so that the two shapes give the same bits for the same
 * triangles.
 */
final class Triangles {
    /**
     * Barycentric slack of the ray test: a ray through the edge shared by two triangles must hit
     * one of them however the rounding falls, so each triangle is widened by this fraction.
     */
    private static final double EDGE_SLACK = 1e-12;

    /** The default active-edge angle: 5°, rad. */
    static final double DEFAULT_ACTIVE_EDGE_ANGLE = Math.PI / 36;

    private Triangles() {
    }

    /**
     * Two-sided ray test (Möller–Trumbore) of {@code o + t·d}, {@code 0 ≤ t ≤ maxT}, against the
     * triangle a, b, c. A ray in the triangle's plane misses (a surface has no thickness).
     *
     * @return the hit parameter, or −1 on a miss
     */
    static double ray(double ox, double oy, double oz, double dx, double dy, double dz, double maxT,
            double ax, double ay, double az, double bx, double by, double bz, double cx, double cy, double cz) {
        double e1x = bx - ax, e1y = by - ay, e1z = bz - az;
        double e2x = cx - ax, e2y = cy - ay, e2z = cz - az;
        double px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
        double det = e1x * px + e1y * py + e1z * pz;
        if (det == 0 || !Double.isFinite(det)) {
            return -1;
        }
        double inv = 1 / det;
        double sx = ox - ax, sy = oy - ay, sz = oz - az;
        double u = (sx * px + sy * py + sz * pz) * inv;
        if (u < -EDGE_SLACK || u > 1 + EDGE_SLACK) {
            return -1;
        }
        double qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x;
        double v = (dx * qx + dy * qy + dz * qz) * inv;
        if (v < -EDGE_SLACK || u + v > 1 + EDGE_SLACK) {
            return -1;
        }
        double t = (e2x * qx + e2y * qy + e2z * qz) * inv;
        return t >= 0 && t <= maxT ? t : -1;
    }

    /**
     * Writes the unit front normal {@code (b − a) × (c − a)} of triangle a, b, c, turned to face
     * against {@code d} (the ray's direction), to {@code n}.
     */
    static void normalFacing(double ax, double ay, double az, double bx, double by, double bz, double cx, double cy,
            double cz, double dx, double dy, double dz, Vector3d n) {
        double e1x = bx - ax, e1y = by - ay, e1z = bz - az;
        double e2x = cx - ax, e2y = cy - ay, e2z = cz - az;
        double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
        double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (nx * dx + ny * dy + nz * dz > 0) {
            l = -l;
        }
        n.set(nx / l + 0.0, ny / l + 0.0, nz / l + 0.0); // + 0.0: no negative zeros in a flipped normal
    }

    /**
     * The active-edge rule for an edge shared by exactly two consistently wound triangles: active
     * when the triangles meet at a convex edge and their normals differ by more than the angle
     * whose cosine is {@code cosAngle}; flat (within the angle) and concave edges are inactive. The
     * caller passes the lower-indexed triangle first, so both triangles get the same answer.
     *
     * @param k1 which edge of triangle 1 (0: a→b, 1: b→c, 2: c→a)
     * @param k2 which edge of triangle 2 is the same edge (reversed)
     * @return whether the edge is active
     */
    static boolean activeShared(double cosAngle,
            double a1x, double a1y, double a1z, double b1x, double b1y, double b1z, double c1x, double c1y, double c1z, int k1,
            double a2x, double a2y, double a2z, double b2x, double b2y, double b2z, double c2x, double c2y, double c2z, int k2) {
        double e1x = b1x - a1x, e1y = b1y - a1y, e1z = b1z - a1z, f1x = c1x - a1x, f1y = c1y - a1y, f1z = c1z - a1z;
        double n1x = e1y * f1z - e1z * f1y, n1y = e1z * f1x - e1x * f1z, n1z = e1x * f1y - e1y * f1x;
        double l1 = Math.sqrt(n1x * n1x + n1y * n1y + n1z * n1z);
        double e2x = b2x - a2x, e2y = b2y - a2y, e2z = b2z - a2z, f2x = c2x - a2x, f2y = c2y - a2y, f2z = c2z - a2z;
        double n2x = e2y * f2z - e2z * f2y, n2y = e2z * f2x - e2x * f2z, n2z = e2x * f2y - e2y * f2x;
        double l2 = Math.sqrt(n2x * n2x + n2y * n2y + n2z * n2z);
        double cos = (n1x * n2x + n1y * n2y + n1z * n2z) / (l1 * l2);
        if (cos >= cosAngle) {
            return false;
        }
        // Triangle 2's corner off the edge, seen from triangle 1's plane: behind it is a convex edge.
        int o = (k2 + 2) % 3;
        double ox = o == 0 ? a2x : o == 1 ? b2x : c2x;
        double oy = o == 0 ? a2y : o == 1 ? b2y : c2y;
        double oz = o == 0 ? a2z : o == 1 ? b2z : c2z;
        double px = k1 == 0 ? a1x : k1 == 1 ? b1x : c1x;
        double py = k1 == 0 ? a1y : k1 == 1 ? b1y : c1y;
        double pz = k1 == 0 ? a1z : k1 == 1 ? b1z : c1z;
        return n1x * (ox - px) + n1y * (oy - py) + n1z * (oz - pz) <= 0;
    }

    /**
     * @param angle the active-edge angle, rad, in [0, π]
     * @return its cosine, reproducible across JVMs
     */
    static double cosine(String shape, double angle) {
        if (!(angle >= 0 && angle <= Math.PI)) {
            throw new IllegalArgumentException(shape + ".activeEdgeAngle must be in [0, π] rad, was " + angle);
        }
        return StrictMath.cos(angle);
    }

    /** Writes {@code pose · local box} (centre and extents, as {@link Box} does) to {@code dest}. */
    static Aabb transformBox(Pose p, double minX, double minY, double minZ, double maxX, double maxY, double maxZ, Aabb dest) {
        double cx = 0.5 * (minX + maxX), cy = 0.5 * (minY + maxY), cz = 0.5 * (minZ + maxZ);
        double hx = 0.5 * (maxX - minX), hy = 0.5 * (maxY - minY), hz = 0.5 * (maxZ - minZ);
        double[] r = p.r;
        double wx = r[0] * cx + r[1] * cy + r[2] * cz + p.px;
        double wy = r[3] * cx + r[4] * cy + r[5] * cz + p.py;
        double wz = r[6] * cx + r[7] * cy + r[8] * cz + p.pz;
        double ex = Math.abs(r[0]) * hx + Math.abs(r[1]) * hy + Math.abs(r[2]) * hz;
        double ey = Math.abs(r[3]) * hx + Math.abs(r[4]) * hy + Math.abs(r[5]) * hz;
        double ez = Math.abs(r[6]) * hx + Math.abs(r[7]) * hy + Math.abs(r[8]) * hz;
        // Centre-and-extent rounding could shave a corner by an ulp: widen by a relative hair.
        double pad = 1e-12 * (Math.abs(wx) + Math.abs(wy) + Math.abs(wz) + ex + ey + ez);
        return dest.set(wx - ex - pad, wy - ey - pad, wz - ez - pad, wx + ex + pad, wy + ey + pad, wz + ez + pad);
    }
}
