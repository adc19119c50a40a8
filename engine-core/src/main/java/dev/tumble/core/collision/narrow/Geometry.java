package dev.tumble.core.collision.narrow;

/** Small closest-point routines on raw doubles (no allocation). */
final class Geometry {
    private Geometry() {
    }

    /**
     * Closest points between segments P0P1 and Q0Q1. Writes {@code s, t} (parameters in [0, 1])
     * into {@code st[0], st[1]}; parallel segments get a valid pair.
     */
    static void segmentSegment(double p0x, double p0y, double p0z, double p1x, double p1y, double p1z,
            double q0x, double q0y, double q0z, double q1x, double q1y, double q1z, double[] st) {
        double d1x = p1x - p0x, d1y = p1y - p0y, d1z = p1z - p0z;
        double d2x = q1x - q0x, d2y = q1y - q0y, d2z = q1z - q0z;
        double rx = p0x - q0x, ry = p0y - q0y, rz = p0z - q0z;
        double a = d1x * d1x + d1y * d1y + d1z * d1z;
        double e = d2x * d2x + d2y * d2y + d2z * d2z;
        double f = d2x * rx + d2y * ry + d2z * rz;
        double s, t;
        double tiny = 1e-30;
        if (a <= tiny && e <= tiny) {
            s = t = 0;
        } else if (a <= tiny) {
            s = 0;
            t = clamp(f / e);
        } else {
            double c = d1x * rx + d1y * ry + d1z * rz;
            if (e <= tiny) {
                t = 0;
                s = clamp(-c / a);
            } else {
                double b = d1x * d2x + d1y * d2y + d1z * d2z;
                double denom = a * e - b * b;
                // Parallel (denom ~ 0): pick s = 0.5 of the overlap later via clamping; start at 0.
                s = denom > 1e-12 * a * e ? clamp((b * f - c * e) / denom) : 0;
                t = (b * s + f) / e;
                if (t < 0) {
                    t = 0;
                    s = clamp(-c / a);
                } else if (t > 1) {
                    t = 1;
                    s = clamp((b - c) / a);
                }
                if (!(denom > 1e-12 * a * e)) {
                    // Parallel segments: centre the pair on the overlap so the contact is stable.
                    double t0 = (d2x * (p0x - q0x) + d2y * (p0y - q0y) + d2z * (p0z - q0z)) / e;
                    double t1 = (d2x * (p1x - q0x) + d2y * (p1y - q0y) + d2z * (p1z - q0z)) / e;
                    double lo = Math.max(0, Math.min(t0, t1)), hi = Math.min(1, Math.max(t0, t1));
                    if (lo <= hi) {
                        t = 0.5 * (lo + hi);
                        double px = q0x + t * d2x - p0x, py = q0y + t * d2y - p0y, pz = q0z + t * d2z - p0z;
                        s = clamp((px * d1x + py * d1y + pz * d1z) / a);
                    }
                }
            }
        }
        st[0] = s;
        st[1] = t;
    }

    /**
     * Closest point of the triangle {@code c[0..9)} (corners a, b, c) to {@code (x, y, z)}, by the
     * Voronoi region the point projects into, written to {@code out[0..3)}.
     *
     * @return the squared distance (m²)
     */
    static double pointTriangle(double[] c, double x, double y, double z, double[] out) {
        double ax = c[0], ay = c[1], az = c[2];
        double abx = c[3] - ax, aby = c[4] - ay, abz = c[5] - az;
        double acx = c[6] - ax, acy = c[7] - ay, acz = c[8] - az;
        double apx = x - ax, apy = y - ay, apz = z - az;
        double d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
        double u, w; // the closest point is a + u·ab + w·ac
        if (d1 <= 0 && d2 <= 0) {
            u = w = 0;
        } else {
            double bpx = x - c[3], bpy = y - c[4], bpz = z - c[5];
            double d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
            double cpx = x - c[6], cpy = y - c[7], cpz = z - c[8];
            double d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
            double vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
            if (d3 >= 0 && d4 <= d3) {
                u = 1;
                w = 0;
            } else if (d6 >= 0 && d5 <= d6) {
                u = 0;
                w = 1;
            } else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
                u = d1 / (d1 - d3);
                w = 0;
            } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
                u = 0;
                w = d2 / (d2 - d6);
            } else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
                w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
                u = 1 - w;
            } else {
                double k = 1 / (va + vb + vc);
                u = vb * k;
                w = vc * k;
            }
        }
        double qx = ax + u * abx + w * acx, qy = ay + u * aby + w * acy, qz = az + u * abz + w * acz;
        out[0] = qx;
        out[1] = qy;
        out[2] = qz;
        return (x - qx) * (x - qx) + (y - qy) * (y - qy) + (z - qz) * (z - qz);
    }

    static double clamp(double x) {
        return x < 0 ? 0 : x > 1 ? 1 : x;
    }

    /** Mixes feature indices into a stable id. */
    static int mix(int a, int b, int c, int d) {
        int h = 0x9E3779B9;
        h = (h ^ a) * 0x01000193;
        h = (h ^ b) * 0x01000193;
        h = (h ^ c) * 0x01000193;
        h = (h ^ d) * 0x01000193;
        return h;
    }
}
