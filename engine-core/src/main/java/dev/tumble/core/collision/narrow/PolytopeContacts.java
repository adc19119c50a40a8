package dev.tumble.core.collision.narrow;

/**
 * Box–box, box–hull and hull–hull contacts by the separating-axis test with clipped face
 * manifolds.
 *
 * <p>Axes: the face normals of A, the face normals of B, and the cross products of every pair of
 * edge directions (for two boxes: 3 + 3 + 9 = 15 axes). Face axes are one-sided (a convex solid
 * lies behind each of its face planes); edge axes are tested in both directions. The axis of
 * least penetration wins, with a deliberate bias: B's face only when clearly better than A's, an
 * edge pair only when clearly better than the best face ({@link #EDGE_RELATIVE_TOLERANCE},
 * {@link #EDGE_ABSOLUTE_TOLERANCE}). This keeps resting stacks on stable face manifolds.
 *
 * <p>Face manifold: the reference face is the chosen face; the incident face is the face of the
 * other solid most anti-parallel to it; the incident polygon is clipped (Sutherland–Hodgman) by
 * the side planes of the reference face; points below the reference plane are kept, moved
 * halfway towards it, and reduced to four. Edge pair: one point midway between the closest
 * points of the two supporting edges.
 */
final class PolytopeContacts {
    /** An edge axis must have penetration below {@code rel·facePen − abs} to be used. */
    static final double EDGE_RELATIVE_TOLERANCE = 0.95;
    /** Absolute part of the edge bias, m. */
    static final double EDGE_ABSOLUTE_TOLERANCE = 0.5e-3;
    /** B's face must have penetration below {@code rel·penA − abs} to be the reference. */
    static final double FACE_RELATIVE_TOLERANCE = 0.98;
    /** Absolute part of the face bias, m. */
    static final double FACE_ABSOLUTE_TOLERANCE = 0.5e-3;

    private double[] clipA = new double[4 * 64];
    private double[] clipB = new double[4 * 64];
    private int[] idA = new int[64];
    private int[] idB = new int[64];
    private final double[] st = new double[2];
    /** Penetration (m) along the axis chosen by the last {@link #collide} call (for tests). */
    double lastAxisPenetration;

    /** Writes the contacts of (A, B) into {@code out}, normals from B to A; overlapping only. */
    int collide(Polytope a, Polytope b, ContactManifold out) {
        return collide(a, b, 0, out);
    }

    /**
     * Writes the contacts of (A, B) into {@code out}, normals from B to A, including points up to
     * {@code margin} (m) apart (speculative contacts, negative penetration).
     */
    int collide(Polytope a, Polytope b, double margin, ContactManifold out) {
        // Each projection serves every test it can (both ends of an edge axis, a box's opposite
        // faces): the same floating-point values as projecting once per test, at half the cost.
        lastSeparated = true;
        if (faceAxes(a, b, margin)) {
            return 0;
        }
        double penA = -sepA, penB = -sepB;
        boolean refIsA = !(penB < FACE_RELATIVE_TOLERANCE * penA - FACE_ABSOLUTE_TOLERANCE);
        double penFace = refIsA ? penA : penB;
        double edgeLimit = EDGE_RELATIVE_TOLERANCE * penFace - EDGE_ABSOLUTE_TOLERANCE;
        // An edge axis matters only if it separates (s > margin) or could win (penE < edgeLimit).
        if (edgeAxes(a, b, margin, Math.min(margin, -edgeLimit))) {
            return 0;
        }
        lastSeparated = false;
        double penE = -sepE;
        if (ei >= 0 && penE < edgeLimit) {
            lastAxisPenetration = penE;
            return edgeContact(a, b, ei, ej, ex, ey, ez, penE, out);
        }
        lastAxisPenetration = penFace;
        return refIsA ? faceContact(a, fa, b, true, margin, out) : faceContact(b, fb, a, false, margin, out);
    }

    /** Whether the last {@link #collide} found a separating axis (else the solids are within the margin). */
    boolean lastSeparated;

    /** Best (least separated) face of A, of B, and edge pair of the last SAT, with its axis. */
    private double sepA, sepB, sepE, ex, ey, ez;
    private int fa, fb, ei, ej;

    /**
     * Face axes of A, then of B, in face order (a box's faces come in ± pairs).
     *
     * @return whether a face axis separates the solids by more than {@code margin}
     */
    private boolean faceAxes(Polytope a, Polytope b, double margin) {
        sepA = Double.NEGATIVE_INFINITY;
        fa = -1;
        for (int f = 0; f < a.nf; f++) {
            b.project(a.fn[3 * f], a.fn[3 * f + 1], a.fn[3 * f + 2]);
            double s = b.projectedMin() - a.fd[f];
            if (s > margin) {
                return true;
            }
            if (s > sepA) {
                sepA = s;
                fa = f;
            }
            if (a.box) {
                // Face f + 1 is face f turned round: minProj(−n) from the same projection.
                f++;
                s = b.projectedMinNegated() - a.fd[f];
                if (s > margin) {
                    return true;
                }
                if (s > sepA) {
                    sepA = s;
                    fa = f;
                }
            }
        }
        sepB = Double.NEGATIVE_INFINITY;
        fb = -1;
        for (int f = 0; f < b.nf; f++) {
            a.project(b.fn[3 * f], b.fn[3 * f + 1], b.fn[3 * f + 2]);
            double s = a.projectedMin() - b.fd[f];
            if (s > margin) {
                return true;
            }
            if (s > sepB) {
                sepB = s;
                fb = f;
            }
            if (b.box) {
                f++;
                s = a.projectedMinNegated() - b.fd[f];
                if (s > margin) {
                    return true;
                }
                if (s > sepB) {
                    sepB = s;
                    fb = f;
                }
            }
        }
        return false;
    }

    /**
     * Cross products of every pair of edge directions, tested both ways.
     *
     * @return whether an edge axis separates the solids by more than {@code margin}
     */
    private boolean edgeAxes(Polytope a, Polytope b, double margin, double limit) {
        sepE = Double.NEGATIVE_INFINITY;
        ei = -1;
        ej = -1;
        ex = ey = ez = 0;
        boolean screen = screenEdgeAxes && a.orthonormal && b.orthonormal && screenSetUp(a, b);
        // |Aᵢ×Bⱼ| ≤ 1 (to far better than 1e-12): a gap below this is below limit·|Aᵢ×Bⱼ| − tolerance
        // whatever the length, so the axis is skipped before its cross product is even formed.
        double quickLimit = (limit >= 0 ? 0 : limit * (1 + 1e-12)) - screenTolerance;
        for (int i = 0; i < a.nd; i++) {
            double ux = a.dirs[3 * i], uy = a.dirs[3 * i + 1], uz = a.dirs[3 * i + 2];
            for (int j = 0; j < b.nd; j++) {
                if (screen && edgeGap[3 * i + j] < quickLimit) {
                    screenedAxes++;
                    continue;
                }
                double vx = b.dirs[3 * j], vy = b.dirs[3 * j + 1], vz = b.dirs[3 * j + 2];
                double cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
                double l = Math.sqrt(cx * cx + cy * cy + cz * cz);
                if (l < 1e-6) {
                    continue; // parallel edges: the face axes cover this direction
                }
                if (screen && edgeGap[3 * i + j] < limit * l - screenTolerance) {
                    screenedAxes++;
                    continue;
                }
                cx /= l;
                cy /= l;
                cz /= l;
                a.project(cx, cy, cz);
                b.project(cx, cy, cz);
                double s1 = b.projectedMin() - a.projectedMax();
                double s2 = a.projectedMin() - b.projectedMax();
                double s = Math.max(s1, s2);
                if (s > margin) {
                    return true;
                }
                if (s > sepE) {
                    sepE = s;
                    ei = i;
                    ej = j;
                    double sg = s1 >= s2 ? 1 : -1; // axis from A towards B
                    ex = cx * sg;
                    ey = cy * sg;
                    ez = cz * sg;
                }
            }
        }
        return false;
    }

    /** Whether edge axes of two boxes are screened (tests turn it off to compare). */
    boolean screenEdgeAxes = true;
    /** Edge axes skipped by the screening so far (tests check that it is exercised). */
    long screenedAxes;

    /**
     * Box–box screening: per edge axis {@code Aᵢ×Bⱼ} (index {@code 3i + j}), the boxes' separation
     * along it times {@code |Aᵢ×Bⱼ|}, from the classic OBB algebra; and the bound on its error.
     */
    private final double[] edgeGap = new double[9];
    private double screenTolerance;

    /**
     * Fills {@link #edgeGap} for two boxes with orthonormal axes, where {@code Aₖ·(Aᵢ×Bⱼ)} and
     * {@code Bₖ·(Aᵢ×Bⱼ)} are entries of {@code R = AᵀB} (0 or ±{@code R}), and {@code d·(Aᵢ×Bⱼ)}
     * follows from {@code t = Aᵀd}. An axis whose gap is surely below the limit can neither end
     * the test (separation above the margin) nor win it (chosen over the faces), so its exact
     * projections are skipped, leaving every result bit for bit as if it had been tested.
     *
     * @return true (screening on)
     */
    private boolean screenSetUp(Polytope a, Polytope b) {
        double[] u = a.axes, w = b.axes;
        double r00 = dot(u, 0, w, 0), r01 = dot(u, 0, w, 1), r02 = dot(u, 0, w, 2);
        double r10 = dot(u, 1, w, 0), r11 = dot(u, 1, w, 1), r12 = dot(u, 1, w, 2);
        double r20 = dot(u, 2, w, 0), r21 = dot(u, 2, w, 1), r22 = dot(u, 2, w, 2);
        double dx = b.cx - a.cx, dy = b.cy - a.cy, dz = b.cz - a.cz;
        double t0 = u[0] * dx + u[1] * dy + u[2] * dz;
        double t1 = u[3] * dx + u[4] * dy + u[5] * dz;
        double t2 = u[6] * dx + u[7] * dy + u[8] * dz;
        double a0 = a.hx, a1 = a.hy, a2 = a.hz, b0 = b.hx, b1 = b.hy, b2 = b.hz;
        double q00 = Math.abs(r00), q01 = Math.abs(r01), q02 = Math.abs(r02);
        double q10 = Math.abs(r10), q11 = Math.abs(r11), q12 = Math.abs(r12);
        double q20 = Math.abs(r20), q21 = Math.abs(r21), q22 = Math.abs(r22);
        // gap(i, j) = |t_i2·R_i1j − t_i1·R_i2j| − (a_i1·|R_i2j| + a_i2·|R_i1j|) − (b_j1·|R_ij2| + b_j2·|R_ij1|),
        // with (i1, i2) and (j1, j2) the other two axes in cyclic order.
        double[] g = edgeGap;
        g[0] = Math.abs(t2 * r10 - t1 * r20) - (a1 * q20 + a2 * q10) - (b1 * q02 + b2 * q01);
        g[1] = Math.abs(t2 * r11 - t1 * r21) - (a1 * q21 + a2 * q11) - (b2 * q00 + b0 * q02);
        g[2] = Math.abs(t2 * r12 - t1 * r22) - (a1 * q22 + a2 * q12) - (b0 * q01 + b1 * q00);
        g[3] = Math.abs(t0 * r20 - t2 * r00) - (a2 * q00 + a0 * q20) - (b1 * q12 + b2 * q11);
        g[4] = Math.abs(t0 * r21 - t2 * r01) - (a2 * q01 + a0 * q21) - (b2 * q10 + b0 * q12);
        g[5] = Math.abs(t0 * r22 - t2 * r02) - (a2 * q02 + a0 * q22) - (b0 * q11 + b1 * q10);
        g[6] = Math.abs(t1 * r00 - t0 * r10) - (a0 * q10 + a1 * q00) - (b1 * q22 + b2 * q21);
        g[7] = Math.abs(t1 * r01 - t0 * r11) - (a0 * q11 + a1 * q01) - (b2 * q20 + b0 * q22);
        g[8] = Math.abs(t1 * r02 - t0 * r12) - (a0 * q12 + a1 * q02) - (b0 * q21 + b1 * q20);
        // Error of these gaps: axes orthonormal to 1e-14 (Polytope#orthonormal) make each of the
        // six terms off by under ~3e-14 of this scale; the exact test's rounding (times
        // |Aᵢ×Bⱼ|) is below 1e-15 of it. 1e-11 of the scale bounds both with a wide berth.
        double scale = Math.abs(dx) + Math.abs(dy) + Math.abs(dz) + a0 + a1 + a2 + b0 + b1 + b2;
        screenTolerance = 1e-11 * scale;
        return true;
    }

    private static double dot(double[] u, int i, double[] w, int j) {
        return u[3 * i] * w[3 * j] + u[3 * i + 1] * w[3 * j + 1] + u[3 * i + 2] * w[3 * j + 2];
    }

    private int edgeContact(Polytope a, Polytope b, int di, int dj, double nx, double ny, double nz, double pen,
            ContactManifold out) {
        int eA = -1, eB = -1;
        double best = Double.NEGATIVE_INFINITY;
        for (int e = 0; e < a.ne; e++) {
            if (a.dirOf[e] != di) {
                continue;
            }
            int p = a.edges[2 * e], q = a.edges[2 * e + 1];
            double d = (a.v[3 * p] + a.v[3 * q]) * nx + (a.v[3 * p + 1] + a.v[3 * q + 1]) * ny + (a.v[3 * p + 2] + a.v[3 * q + 2]) * nz;
            if (d > best) {
                best = d;
                eA = e;
            }
        }
        best = Double.POSITIVE_INFINITY;
        for (int e = 0; e < b.ne; e++) {
            if (b.dirOf[e] != dj) {
                continue;
            }
            int p = b.edges[2 * e], q = b.edges[2 * e + 1];
            double d = (b.v[3 * p] + b.v[3 * q]) * nx + (b.v[3 * p + 1] + b.v[3 * q + 1]) * ny + (b.v[3 * p + 2] + b.v[3 * q + 2]) * nz;
            if (d < best) {
                best = d;
                eB = e;
            }
        }
        int p0 = a.edges[2 * eA], p1 = a.edges[2 * eA + 1], q0 = b.edges[2 * eB], q1 = b.edges[2 * eB + 1];
        double[] va = a.v, vb = b.v;
        Geometry.segmentSegment(va[3 * p0], va[3 * p0 + 1], va[3 * p0 + 2], va[3 * p1], va[3 * p1 + 1], va[3 * p1 + 2],
                vb[3 * q0], vb[3 * q0 + 1], vb[3 * q0 + 2], vb[3 * q1], vb[3 * q1 + 1], vb[3 * q1 + 2], st);
        double s = st[0], t = st[1];
        double px = va[3 * p0] + s * (va[3 * p1] - va[3 * p0]), py = va[3 * p0 + 1] + s * (va[3 * p1 + 1] - va[3 * p0 + 1]),
                pz = va[3 * p0 + 2] + s * (va[3 * p1 + 2] - va[3 * p0 + 2]);
        double qx = vb[3 * q0] + t * (vb[3 * q1] - vb[3 * q0]), qy = vb[3 * q0 + 1] + t * (vb[3 * q1 + 1] - vb[3 * q0 + 1]),
                qz = vb[3 * q0 + 2] + t * (vb[3 * q1 + 2] - vb[3 * q0 + 2]);
        out.add(0.5 * (px + qx), 0.5 * (py + qy), 0.5 * (pz + qz), -nx, -ny, -nz, pen, Geometry.mix(3, eA, eB, 0));
        return 1;
    }

    /** Reference face {@code fr} of {@code ref}, incident face from {@code inc}. */
    int faceContact(Polytope ref, int fr, Polytope inc, boolean refIsA, double margin, ContactManifold out) {
        double nx = ref.fn[3 * fr], ny = ref.fn[3 * fr + 1], nz = ref.fn[3 * fr + 2];
        int fi = -1;
        double best = Double.POSITIVE_INFINITY;
        for (int f = 0; f < inc.nf; f++) {
            double d = inc.fn[3 * f] * nx + inc.fn[3 * f + 1] * ny + inc.fn[3 * f + 2] * nz;
            if (d < best) {
                best = d;
                fi = f;
            }
            if (inc.box) {
                // A box's next face is this one turned round: its dot product is −d exactly.
                f++;
                if (-d < best) {
                    best = -d;
                    fi = f;
                }
            }
        }
        int[] loop = inc.faces[fi];
        int n = loop.length;
        ensure(n + ref.faces[fr].length + 2);
        for (int i = 0; i < n; i++) {
            int v = loop[i];
            clipA[3 * i] = inc.v[3 * v];
            clipA[3 * i + 1] = inc.v[3 * v + 1];
            clipA[3 * i + 2] = inc.v[3 * v + 2];
            idA[i] = v;
        }
        int[] rl = ref.faces[fr];
        for (int k = 0; k < rl.length && n > 0; k++) {
            int a = rl[k], b = rl[k + 1 == rl.length ? 0 : k + 1];
            double ex = ref.v[3 * b] - ref.v[3 * a], ey = ref.v[3 * b + 1] - ref.v[3 * a + 1], ez = ref.v[3 * b + 2] - ref.v[3 * a + 2];
            double sx = ey * nz - ez * ny, sy = ez * nx - ex * nz, sz = ex * ny - ey * nx;
            double so = sx * ref.v[3 * a] + sy * ref.v[3 * a + 1] + sz * ref.v[3 * a + 2];
            n = clip(n, sx, sy, sz, so, k);
        }
        int from = out.size();
        double fd = ref.fd[fr];
        double sign = refIsA ? -1 : 1;
        int deepest = -1;
        double deepestDepth = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            double x = clipA[3 * i], y = clipA[3 * i + 1], z = clipA[3 * i + 2];
            double depth = fd - (nx * x + ny * y + nz * z);
            if (depth > deepestDepth) {
                deepestDepth = depth;
                deepest = i;
            }
            if (depth > 0 || margin > 0 && depth > -margin) {
                out.add(x + nx * depth * 0.5, y + ny * depth * 0.5, z + nz * depth * 0.5, sign * nx, sign * ny, sign * nz,
                        depth, Geometry.mix(refIsA ? 1 : 2, fr, fi, idA[i]));
            }
        }
        if (out.size() == from && deepest >= 0 && deepestDepth > -1e-9) {
            int i = deepest;
            double depth = Math.max(deepestDepth, 0);
            out.add(clipA[3 * i] + nx * depth * 0.5, clipA[3 * i + 1] + ny * depth * 0.5, clipA[3 * i + 2] + nz * depth * 0.5,
                    sign * nx, sign * ny, sign * nz, depth, Geometry.mix(refIsA ? 1 : 2, fr, fi, idA[i]));
        }
        out.reduce(from, ContactManifold.MAX_POINTS);
        return out.size() - from;
    }

    private void ensure(int n) {
        if (idA.length < 2 * n + 8) {
            // Geometric growth: sizes creeping up one by one must not reallocate every call.
            int m = Math.max(2 * n + 8, 2 * idA.length);
            clipA = new double[3 * m];
            clipB = new double[3 * m];
            idA = new int[m];
            idB = new int[m];
        }
    }

    /** Clips polygon clipA/idA (n points) to {@code s·p ≤ so}; result back in clipA/idA. */
    private int clip(int n, double sx, double sy, double sz, double so, int plane) {
        int m = 0;
        // Each point's distance is computed once: the end of one edge is the start of the next.
        double[] ca = clipA;
        double dFirst = sx * ca[0] + sy * ca[1] + sz * ca[2] - so;
        double dp = dFirst;
        for (int i = 0; i < n; i++) {
            int j = i + 1 == n ? 0 : i + 1;
            double px = ca[3 * i], py = ca[3 * i + 1], pz = ca[3 * i + 2];
            double qx = ca[3 * j], qy = ca[3 * j + 1], qz = ca[3 * j + 2];
            double dq = j == 0 ? dFirst : sx * qx + sy * qy + sz * qz - so;
            if (dp <= 0) {
                clipB[3 * m] = px;
                clipB[3 * m + 1] = py;
                clipB[3 * m + 2] = pz;
                idB[m++] = idA[i];
            }
            if ((dp < 0 && dq > 0) || (dp > 0 && dq < 0)) {
                double t = dp / (dp - dq);
                clipB[3 * m] = px + t * (qx - px);
                clipB[3 * m + 1] = py + t * (qy - py);
                clipB[3 * m + 2] = pz + t * (qz - pz);
                idB[m++] = Geometry.mix(idA[i], idA[j], plane, 7);
            }
            dp = dq;
        }
        double[] td = clipA;
        clipA = clipB;
        clipB = td;
        int[] ti = idA;
        idA = idB;
        idB = ti;
        return m;
    }
}
