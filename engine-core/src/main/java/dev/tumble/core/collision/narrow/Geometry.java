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
