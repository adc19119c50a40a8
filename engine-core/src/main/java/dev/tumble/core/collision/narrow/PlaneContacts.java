package dev.tumble.core.collision.narrow;

/**
 * Solids (A) against a half-space or a two-sided plane (B), given in world space as
 * {@code n·x = d}. Features closer than {@code margin} (m) are reported, with penetration
 * {@code −separation} when apart (speculative contacts; margin 0: only overlapping ones). For a two-sided plane the solid is pushed to the side its centre is on.
 * Points lie midway between the penetrating feature and the plane (Cyclone's box–half-space
 * point is at twice the depth).
 */
final class PlaneContacts {
    private PlaneContacts() {
    }

    static int sphere(double cx, double cy, double cz, double r, double nx, double ny, double nz, double d, boolean twoSided,
            double margin, ContactManifold out) {
        double dist = nx * cx + ny * cy + nz * cz - d;
        if (twoSided && dist < 0) {
            nx = -nx;
            ny = -ny;
            nz = -nz;
            dist = -dist;
        }
        double pen = r - dist;
        if (!(pen > 0 || margin > 0 && pen > -margin)) {
            return 0;
        }
        double m = 0.5 * (dist + r);
        out.add(cx - nx * m, cy - ny * m, cz - nz * m, nx, ny, nz, pen, 0);
        return 1;
    }

    static int capsule(double[] s, double r, double nx, double ny, double nz, double d, boolean twoSided, double margin,
            ContactManifold out) {
        if (twoSided && nx * (s[0] + s[3]) + ny * (s[1] + s[4]) + nz * (s[2] + s[5]) < 2 * d) {
            nx = -nx;
            ny = -ny;
            nz = -nz;
            d = -d;
        }
        int n = 0;
        for (int k = 0; k < 2; k++) {
            double x = s[3 * k], y = s[3 * k + 1], z = s[3 * k + 2];
            double dist = nx * x + ny * y + nz * z - d;
            double pen = r - dist;
            if (pen > 0 || margin > 0 && pen > -margin) {
                double m = 0.5 * (dist + r);
                out.add(x - nx * m, y - ny * m, z - nz * m, nx, ny, nz, pen, k);
                n++;
            }
        }
        return n;
    }

    static int polytope(Polytope p, double nx, double ny, double nz, double d, boolean twoSided, double margin,
            ContactManifold out) {
        if (twoSided && nx * p.cx + ny * p.cy + nz * p.cz < d) {
            nx = -nx;
            ny = -ny;
            nz = -nz;
            d = -d;
        }
        return points(p.v, null, p.nv, nx, ny, nz, d, margin, out);
    }

    /**
     * Points {@code v[0..3·count)} (world, m) against the plane, its solid behind it: each within
     * the margin, midway between it and the plane, with id {@code ids[i]} (or its index when
     * {@code ids} is null); ≤ 4 kept.
     */
    static int points(double[] v, int[] ids, int count, double nx, double ny, double nz, double d, double margin,
            ContactManifold out) {
        int from = out.size();
        for (int i = 0; i < count; i++) {
            double x = v[3 * i], y = v[3 * i + 1], z = v[3 * i + 2];
            double dist = nx * x + ny * y + nz * z - d;
            if (dist < 0 || margin > 0 && dist < margin) {
                double m = 0.5 * dist;
                out.add(x - nx * m, y - ny * m, z - nz * m, nx, ny, nz, -dist, ids == null ? i : ids[i]);
            }
        }
        out.reduce(from, ContactManifold.MAX_POINTS);
        return out.size() - from;
    }
}
