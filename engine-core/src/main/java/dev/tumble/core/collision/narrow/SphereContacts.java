package dev.tumble.core.collision.narrow;

/** Sphere against sphere, box, capsule and hull (A is always the sphere; normals from B to A). */
final class SphereContacts {
    private final double[] q = new double[3];
    private final double[] st = new double[2];

    /**
     * Sphere A (centre a, radius ra) against sphere B. The point is midway between the two
     * surfaces along the centre line (Cyclone puts it outside sphere A). Coincident centres give
     * the normal +y, never NaN.
     */
    static int sphereSphere(double ax, double ay, double az, double ra, double bx, double by, double bz, double rb,
            int featureId, ContactManifold out) {
        double dx = ax - bx, dy = ay - by, dz = az - bz;
        double d2 = dx * dx + dy * dy + dz * dz;
        double rs = ra + rb;
        if (d2 >= rs * rs) {
            return 0;
        }
        double d = Math.sqrt(d2);
        double nx, ny, nz;
        if (d > 1e-12 * rs) {
            nx = dx / d;
            ny = dy / d;
            nz = dz / d;
        } else {
            nx = 0;
            ny = 1;
            nz = 0;
        }
        double pen = rs - d;
        // Deepest point of A: a − n·ra; deepest point of B: b + n·rb; midpoint.
        double px = 0.5 * ((ax - nx * ra) + (bx + nx * rb));
        double py = 0.5 * ((ay - ny * ra) + (by + ny * rb));
        double pz = 0.5 * ((az - nz * ra) + (bz + nz * rb));
        out.add(px, py, pz, nx, ny, nz, pen, featureId);
        return 1;
    }

    /** Sphere A against box B (pose of B given as polytope). Centre inside: nearest face's normal. */
    static int sphereBox(double sx, double sy, double sz, double r, Polytope box, ContactManifold out) {
        double[] ax = box.axes;
        double rx = sx - box.cx, ry = sy - box.cy, rz = sz - box.cz;
        double lx = ax[0] * rx + ax[1] * ry + ax[2] * rz;
        double ly = ax[3] * rx + ax[4] * ry + ax[5] * rz;
        double lz = ax[6] * rx + ax[7] * ry + ax[8] * rz;
        if (Math.abs(lx) - r > box.hx || Math.abs(ly) - r > box.hy || Math.abs(lz) - r > box.hz) {
            return 0;
        }
        double cx = Math.max(-box.hx, Math.min(box.hx, lx));
        double cy = Math.max(-box.hy, Math.min(box.hy, ly));
        double cz = Math.max(-box.hz, Math.min(box.hz, lz));
        if (cx != lx || cy != ly || cz != lz) {
            double ddx = cx - lx, ddy = cy - ly, ddz = cz - lz;
            double d2 = ddx * ddx + ddy * ddy + ddz * ddz;
            if (d2 > r * r) {
                return 0;
            }
            // Closest point on the box in world space.
            double qx = ax[0] * cx + ax[3] * cy + ax[6] * cz + box.cx;
            double qy = ax[1] * cx + ax[4] * cy + ax[7] * cz + box.cy;
            double qz = ax[2] * cx + ax[5] * cy + ax[8] * cz + box.cz;
            double nx = sx - qx, ny = sy - qy, nz = sz - qz;
            double d = Math.sqrt(nx * nx + ny * ny + nz * nz);
            nx /= d;
            ny /= d;
            nz /= d;
            double pen = r - Math.sqrt(d2);
            int feature = (cx == lx ? 0 : cx > 0 ? 1 : 2) + 3 * (cy == ly ? 0 : cy > 0 ? 1 : 2) + 9 * (cz == lz ? 0 : cz > 0 ? 1 : 2);
            out.add(qx - nx * pen * 0.5, qy - ny * pen * 0.5, qz - nz * pen * 0.5, nx, ny, nz, pen, feature);
            return 1;
        }
        // Centre inside the box: leave through the nearest face (Cyclone's normal is degenerate here).
        double gx = box.hx - Math.abs(lx), gy = box.hy - Math.abs(ly), gz = box.hz - Math.abs(lz);
        int axis = gx <= gy && gx <= gz ? 0 : gy <= gz ? 1 : 2;
        double gap = axis == 0 ? gx : axis == 1 ? gy : gz;
        double l = axis == 0 ? lx : axis == 1 ? ly : lz;
        double sign = l >= 0 ? 1 : -1;
        double nx = ax[3 * axis] * sign, ny = ax[3 * axis + 1] * sign, nz = ax[3 * axis + 2] * sign;
        double pen = r + gap;
        // Face point: s + n·gap; deepest sphere point: s − n·r; midpoint.
        double k = 0.5 * (gap - r);
        out.add(sx + nx * k, sy + ny * k, sz + nz * k, nx, ny, nz, pen, 27 + 2 * axis + (sign > 0 ? 0 : 1));
        return 1;
    }

    /** Sphere A against hull B. */
    int sphereHull(double sx, double sy, double sz, double r, Polytope hull, ContactManifold out) {
        double maxS = Double.NEGATIVE_INFINITY;
        int face = -1;
        for (int f = 0; f < hull.nf; f++) {
            double s = hull.fn[3 * f] * sx + hull.fn[3 * f + 1] * sy + hull.fn[3 * f + 2] * sz - hull.fd[f];
            if (s > maxS) {
                maxS = s;
                face = f;
            }
        }
        if (maxS >= r) {
            return 0;
        }
        if (maxS <= 0) {
            double nx = hull.fn[3 * face], ny = hull.fn[3 * face + 1], nz = hull.fn[3 * face + 2];
            double gap = -maxS;
            double k = 0.5 * (gap - r);
            out.add(sx + nx * k, sy + ny * k, sz + nz * k, nx, ny, nz, r + gap, 1000 + face);
            return 1;
        }
        double d = hull.closestPoint(sx, sy, sz, q, st);
        if (d >= r || d <= 0) {
            return 0;
        }
        double nx = (sx - q[0]) / d, ny = (sy - q[1]) / d, nz = (sz - q[2]) / d;
        double pen = r - d;
        out.add(q[0] - nx * pen * 0.5, q[1] - ny * pen * 0.5, q[2] - nz * pen * 0.5, nx, ny, nz, pen, 2000 + face);
        return 1;
    }

    /** Sphere A against capsule B (segment b0-b1, radius rb). */
    static int sphereCapsule(double sx, double sy, double sz, double ra, double b0x, double b0y, double b0z,
            double b1x, double b1y, double b1z, double rb, ContactManifold out) {
        double ex = b1x - b0x, ey = b1y - b0y, ez = b1z - b0z;
        double t = Geometry.clamp(((sx - b0x) * ex + (sy - b0y) * ey + (sz - b0z) * ez) / (ex * ex + ey * ey + ez * ez));
        return sphereSphere(sx, sy, sz, ra, b0x + t * ex, b0y + t * ey, b0z + t * ez, rb, t == 0 ? 1 : t == 1 ? 2 : 0, out);
    }
}
