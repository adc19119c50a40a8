package dev.tumble.core.collision.narrow;

/**
 * Capsule against capsule (closest points of the core segments) and capsule against box or hull
 * (segment-versus-polytope: SAT over the polytope's faces and edge × segment axes when the core
 * penetrates, exact closest points otherwise). A is the capsule, normals from B to A.
 */
final class CapsuleContacts {
    /** Segments closer to parallel than this (|sin|) get a two-point manifold. */
    static final double PARALLEL_SIN = 1e-3;
    private final double[] st = new double[2];
    private final double[] q = new double[3];
    private final double[] seg = new double[6];

    int capsuleCapsule(double[] a, double ra, double[] b, double rb, ContactManifold out) {
        Geometry.segmentSegment(a[0], a[1], a[2], a[3], a[4], a[5], b[0], b[1], b[2], b[3], b[4], b[5], st);
        double s = st[0], t = st[1];
        double dax = a[3] - a[0], day = a[4] - a[1], daz = a[5] - a[2];
        double dbx = b[3] - b[0], dby = b[4] - b[1], dbz = b[5] - b[2];
        double px = a[0] + s * dax, py = a[1] + s * day, pz = a[2] + s * daz;
        double qx = b[0] + t * dbx, qy = b[1] + t * dby, qz = b[2] + t * dbz;
        double nx = px - qx, ny = py - qy, nz = pz - qz;
        double d = Math.sqrt(nx * nx + ny * ny + nz * nz);
        double rs = ra + rb;
        if (d >= rs) {
            return 0;
        }
        double la = Math.sqrt(dax * dax + day * day + daz * daz), lb = Math.sqrt(dbx * dbx + dby * dby + dbz * dbz);
        if (d > 1e-12 * rs) {
            nx /= d;
            ny /= d;
            nz /= d;
        } else {
            // Crossing cores: the normal is perpendicular to both axes (or to A's when parallel).
            nx = day * dbz - daz * dby;
            ny = daz * dbx - dax * dbz;
            nz = dax * dby - day * dbx;
            double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (l < 1e-12 * la * lb) {
                // any perpendicular of A's axis
                if (Math.abs(dax) < 0.57 * la) {
                    nx = 0; ny = daz; nz = -day;
                } else {
                    nx = day; ny = -dax; nz = 0;
                }
                l = Math.sqrt(nx * nx + ny * ny + nz * nz);
            }
            nx /= l;
            ny /= l;
            nz /= l;
        }
        double cross = (day * dbz - daz * dby) * (day * dbz - daz * dby) + (daz * dbx - dax * dbz) * (daz * dbx - dax * dbz)
                + (dax * dby - day * dbx) * (dax * dby - day * dbx);
        if (Math.sqrt(cross) < PARALLEL_SIN * la * lb && d > 1e-12 * rs) {
            // Parallel: two points at the ends of the overlap of B projected on A.
            double t0 = ((b[0] - a[0]) * dax + (b[1] - a[1]) * day + (b[2] - a[2]) * daz) / (la * la);
            double t1 = ((b[3] - a[0]) * dax + (b[4] - a[1]) * day + (b[5] - a[2]) * daz) / (la * la);
            double lo = Math.max(0, Math.min(t0, t1)), hi = Math.min(1, Math.max(t0, t1));
            if (hi - lo > 1e-6) {
                int n = 0;
                for (int k = 0; k < 2; k++) {
                    double u = k == 0 ? lo : hi;
                    double ax = a[0] + u * dax, ay = a[1] + u * day, az = a[2] + u * daz;
                    double v = Geometry.clamp(((ax - b[0]) * dbx + (ay - b[1]) * dby + (az - b[2]) * dbz) / (lb * lb));
                    double bx = b[0] + v * dbx, by = b[1] + v * dby, bz = b[2] + v * dbz;
                    double sep = (ax - bx) * nx + (ay - by) * ny + (az - bz) * nz;
                    double pen = rs - sep;
                    if (pen > 0) {
                        out.add(0.5 * (ax - nx * ra + bx + nx * rb), 0.5 * (ay - ny * ra + by + ny * rb),
                                0.5 * (az - nz * ra + bz + nz * rb), nx, ny, nz, pen, 10 + k);
                        n++;
                    }
                }
                return n;
            }
        }
        double pen = rs - d;
        out.add(0.5 * (px - nx * ra + qx + nx * rb), 0.5 * (py - ny * ra + qy + ny * rb), 0.5 * (pz - nz * ra + qz + nz * rb),
                nx, ny, nz, pen, 0);
        return 1;
    }

    /** Capsule A (segment a[0..5], radius r) against polytope B. */
    int capsulePolytope(double[] a, double r, Polytope b, ContactManifold out) {
        double ux = a[3] - a[0], uy = a[4] - a[1], uz = a[5] - a[2];
        double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
        double sepF = Double.NEGATIVE_INFINITY;
        int face = -1;
        for (int f = 0; f < b.nf; f++) {
            double nx = b.fn[3 * f], ny = b.fn[3 * f + 1], nz = b.fn[3 * f + 2];
            double s = Math.min(nx * a[0] + ny * a[1] + nz * a[2], nx * a[3] + ny * a[4] + nz * a[5]) - b.fd[f];
            if (s >= r) {
                return 0;
            }
            if (s > sepF) {
                sepF = s;
                face = f;
            }
        }
        double sepE = Double.NEGATIVE_INFINITY;
        int dir = -1;
        double ex = 0, ey = 0, ez = 0;
        for (int j = 0; j < b.nd; j++) {
            double vx = b.dirs[3 * j], vy = b.dirs[3 * j + 1], vz = b.dirs[3 * j + 2];
            double cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
            double l = Math.sqrt(cx * cx + cy * cy + cz * cz);
            if (l < 1e-6 * ul) {
                continue;
            }
            cx /= l;
            cy /= l;
            cz /= l;
            double p0 = cx * a[0] + cy * a[1] + cz * a[2], p1 = cx * a[3] + cy * a[4] + cz * a[5];
            double s1 = Math.min(p0, p1) - b.maxProj(cx, cy, cz); // A on the + side
            double s2 = b.minProj(cx, cy, cz) - Math.max(p0, p1);
            double s = Math.max(s1, s2);
            if (s >= r) {
                return 0;
            }
            if (s > sepE) {
                sepE = s;
                dir = j;
                double sg = s1 >= s2 ? 1 : -1; // axis from B towards A
                ex = cx * sg;
                ey = cy * sg;
                ez = cz * sg;
            }
        }
        int from = out.size();
        double fnx = b.fn[3 * face], fny = b.fn[3 * face + 1], fnz = b.fn[3 * face + 2];
        if (Math.max(sepF, sepE) > 0) {
            // Core outside: exact closest points between the segment and the solid.
            double best = Double.POSITIVE_INFINITY;
            double pax = 0, pay = 0, paz = 0, pbx = 0, pby = 0, pbz = 0;
            for (int k = 0; k < 2; k++) {
                double d = b.closestPoint(a[3 * k], a[3 * k + 1], a[3 * k + 2], q, st);
                if (d < best) {
                    best = d;
                    pax = a[3 * k]; pay = a[3 * k + 1]; paz = a[3 * k + 2];
                    pbx = q[0]; pby = q[1]; pbz = q[2];
                }
            }
            double[] v = b.v;
            for (int e = 0; e < b.ne; e++) {
                int p = b.edges[2 * e], qq = b.edges[2 * e + 1];
                Geometry.segmentSegment(a[0], a[1], a[2], a[3], a[4], a[5], v[3 * p], v[3 * p + 1], v[3 * p + 2],
                        v[3 * qq], v[3 * qq + 1], v[3 * qq + 2], st);
                double xa = a[0] + st[0] * ux, ya = a[1] + st[0] * uy, za = a[2] + st[0] * uz;
                double xb = v[3 * p] + st[1] * (v[3 * qq] - v[3 * p]), yb = v[3 * p + 1] + st[1] * (v[3 * qq + 1] - v[3 * p + 1]),
                        zb = v[3 * p + 2] + st[1] * (v[3 * qq + 2] - v[3 * p + 2]);
                double d = Math.sqrt((xa - xb) * (xa - xb) + (ya - yb) * (ya - yb) + (za - zb) * (za - zb));
                if (d < best) {
                    best = d;
                    pax = xa; pay = ya; paz = za;
                    pbx = xb; pby = yb; pbz = zb;
                }
            }
            if (best >= r || best <= 0) {
                return 0;
            }
            double nx = (pax - pbx) / best, ny = (pay - pby) / best, nz = (paz - pbz) / best;
            // Segment lying flat on the face closest in direction: two points.
            if (nx * fnx + ny * fny + nz * fnz > 1 - 1e-6 && Math.abs(ux * fnx + uy * fny + uz * fnz) < PARALLEL_SIN * ul) {
                if (faceSegment(a, r, b, face, out) > 0) {
                    return out.size() - from;
                }
            }
            double pen = r - best;
            out.add(0.5 * (pax - nx * r + pbx), 0.5 * (pay - ny * r + pby), 0.5 * (paz - nz * r + pbz), nx, ny, nz, pen, 1);
            return 1;
        }
        // Core penetrates: least-penetration axis, faces preferred.
        if (dir < 0 || sepF >= sepE - PolytopeContacts.EDGE_ABSOLUTE_TOLERANCE) {
            if (faceSegment(a, r, b, face, out) > 0) {
                return out.size() - from;
            }
            // Segment's projection misses the face: use the deepest endpoint.
            double s0 = fnx * a[0] + fny * a[1] + fnz * a[2] - b.fd[face];
            double s1 = fnx * a[3] + fny * a[4] + fnz * a[5] - b.fd[face];
            int k = s0 <= s1 ? 0 : 1;
            double s = Math.min(s0, s1);
            double m = 0.5 * (r + s);
            out.add(a[3 * k] - fnx * m, a[3 * k + 1] - fny * m, a[3 * k + 2] - fnz * m, fnx, fny, fnz, r - s, 100 + face);
            return 1;
        }
        // Edge axis: closest points of the segment and B's supporting edge.
        int eb = -1;
        double best = Double.NEGATIVE_INFINITY;
        for (int e = 0; e < b.ne; e++) {
            if (b.dirOf[e] != dir) {
                continue;
            }
            int p = b.edges[2 * e], qq = b.edges[2 * e + 1];
            double d = (b.v[3 * p] + b.v[3 * qq]) * ex + (b.v[3 * p + 1] + b.v[3 * qq + 1]) * ey + (b.v[3 * p + 2] + b.v[3 * qq + 2]) * ez;
            if (d > best) {
                best = d;
                eb = e;
            }
        }
        int p = b.edges[2 * eb], qq = b.edges[2 * eb + 1];
        double[] v = b.v;
        Geometry.segmentSegment(a[0], a[1], a[2], a[3], a[4], a[5], v[3 * p], v[3 * p + 1], v[3 * p + 2],
                v[3 * qq], v[3 * qq + 1], v[3 * qq + 2], st);
        double xa = a[0] + st[0] * ux, ya = a[1] + st[0] * uy, za = a[2] + st[0] * uz;
        double xb = v[3 * p] + st[1] * (v[3 * qq] - v[3 * p]), yb = v[3 * p + 1] + st[1] * (v[3 * qq + 1] - v[3 * p + 1]),
                zb = v[3 * p + 2] + st[1] * (v[3 * qq + 2] - v[3 * p + 2]);
        out.add(0.5 * (xa - ex * r + xb), 0.5 * (ya - ey * r + yb), 0.5 * (za - ez * r + zb), ex, ey, ez, r - sepE, 200 + eb);
        return 1;
    }

    /** Clips the segment to the side planes of face {@code f}; adds the points below {@code r}. */
    private int faceSegment(double[] a, double r, Polytope b, int f, ContactManifold out) {
        double nx = b.fn[3 * f], ny = b.fn[3 * f + 1], nz = b.fn[3 * f + 2];
        double t0 = 0, t1 = 1;
        double ux = a[3] - a[0], uy = a[4] - a[1], uz = a[5] - a[2];
        int[] loop = b.faces[f];
        for (int i = 0; i < loop.length; i++) {
            int p = loop[i], qq = loop[(i + 1) % loop.length];
            double ex = b.v[3 * qq] - b.v[3 * p], ey = b.v[3 * qq + 1] - b.v[3 * p + 1], ez = b.v[3 * qq + 2] - b.v[3 * p + 2];
            double sx = ey * nz - ez * ny, sy = ez * nx - ex * nz, sz = ex * ny - ey * nx;
            double d0 = sx * (a[0] - b.v[3 * p]) + sy * (a[1] - b.v[3 * p + 1]) + sz * (a[2] - b.v[3 * p + 2]);
            double du = sx * ux + sy * uy + sz * uz;
            // keep d0 + t·du ≤ 0
            if (du == 0) {
                if (d0 > 0) {
                    return 0;
                }
            } else if (du > 0) {
                t1 = Math.min(t1, -d0 / du);
            } else {
                t0 = Math.max(t0, -d0 / du);
            }
            if (t0 > t1) {
                return 0;
            }
        }
        int n = 0;
        for (int k = 0; k < 2; k++) {
            double t = k == 0 ? t0 : t1;
            if (k == 1 && t1 - t0 < 1e-9) {
                break;
            }
            double x = a[0] + t * ux, y = a[1] + t * uy, z = a[2] + t * uz;
            double s = nx * x + ny * y + nz * z - b.fd[f];
            double pen = r - s;
            if (pen > 0) {
                double m = 0.5 * (r + s);
                out.add(x - nx * m, y - ny * m, z - nz * m, nx, ny, nz, pen, Geometry.mix(f, k, t == 0 || t == 1 ? 1 : 0, 5));
                n++;
            }
        }
        return n;
    }
}
