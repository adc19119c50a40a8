package dev.tumble.core.collision.narrow;

import dev.tumble.core.collision.query.Epa;
import dev.tumble.core.collision.query.Gjk;
import dev.tumble.core.collision.query.Support;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;

/**
 * Contacts of a cylinder with any convex shape, a triangle, a plane or a half-space: the normal and
 * depth from the shapes' support maps, the points from the features that touch.
 *
 * <p><b>Normal and depth.</b> {@link Gjk} measures the cores (a cylinder is its own core); apart,
 * the normal joins the closest points; overlapping, {@link Epa} finds the least penetration. Both
 * are exact to their tolerances, so a cylinder meets a face, an edge or a curve where it truly does.
 *
 * <p><b>Points.</b> Each shape's feature along the normal: a cylinder's cap (a disc, seen as its
 * rim) or the line of its side, a polytope's face or edge, a capsule's segment. When one side shows
 * a face square to the normal (within {@link ContactFeature#FACE_COS}) it is the reference: the other side's
 * feature is clipped to it (to a cap's circle exactly) and every point within the margin is kept,
 * as deep as it is below the reference plane. Two parallel edges (a cylinder lying along a box's
 * edge or another cylinder) give the two ends of their overlap. Anything else touches at one point,
 * midway between the surfaces. At most {@link ContactManifold#MAX_POINTS} are kept.
 *
 * <p>One instance holds scratch state; once warm it allocates nothing.
 */
final class ConvexContacts {

    private final Gjk gjk = new Gjk();
    private final Epa epa = new Epa();
    private final ContactFeature fa = new ContactFeature(), fb = new ContactFeature();
    private double[] clip = new double[3 * 32], spare = new double[3 * 32];
    private int[] clipId = new int[32], spareId = new int[32];
    private final org.joml.Vector3d scratch = new org.joml.Vector3d(), lifted = new org.joml.Vector3d();
    /** The closest (apart) or deepest (overlapping) points of A's and B's cores, world, m. */
    private final org.joml.Vector3d coreA = new org.joml.Vector3d(), coreB = new org.joml.Vector3d();
    private final Pose shifted = new Pose();
    private final double[] support = new double[6];
    /** How far clear (m) A is lifted to refine the expanding polytope's normal by a distance search. */
    private static final double REFINE_GAP = 1e-4;
    /**
     * Overlaps (m) this close are equal: a tilt of 1e-6 rad changes the overlap of curved surfaces by
     * less, and the distance search's own tilt (1e-12 rad) that of flat ends more.
     */
    private static final double ROUNDING = 1e-9;
    /** An expanding-polytope gap (m) this small ends on a flat face: its normal is exact. */
    private static final double FLAT_GAP = 1e-12;
    /** A clipped point this close (m) to the lowest point's depth is that point. */
    private static final double LOWEST_MATCH = 1e-9;
    /** Distance searches refining the expanding polytope's normal. */
    private static final int REFINE_PASSES = 2;

    // The last normal (B towards A), depth (m) and surface points of A and B (world, m).
    private double nx, ny, nz, depth, sax, say, saz, sbx, sby, sbz;

    /**
     * Contacts of A and B (one of them a cylinder), normals from B towards A, with points up to
     * {@code margin} (m) apart.
     *
     * @param polyA A as a polytope when it is a box or hull, else null
     * @param polyB B as a polytope when it is a box, hull or triangle, else null
     * @param tri B's corners when B is a triangle ({@code polyB} its solid), else null
     */
    int collide(Shape a, Pose pa, Polytope polyA, Shape b, Pose pb, Polytope polyB, double[] tri, double margin,
            ContactManifold out) {
        if (!normal(a, pa, b, pb, tri, margin)) {
            return 0;
        }
        int from = out.size();
        fa.of(a, pa, polyA, -nx, -ny, -nz);
        fb.of(b, pb, polyB, nx, ny, nz);
        if (fb.reference && fa.count >= 2) {
            clipTo(fb, fa, false, margin, out);
        } else if (fa.reference && fb.count >= 2) {
            clipTo(fa, fb, true, margin, out);
        } else if (fa.edge && fb.edge) {
            edges(margin, out);
        }
        if (out.size() == from) {
            out.add(0.5 * (sax + sbx), 0.5 * (say + sby), 0.5 * (saz + sbz), nx, ny, nz, depth, 7000);
        }
        out.reduce(from, ContactManifold.MAX_POINTS);
        return out.size() - from;
    }

    /**
     * A cylinder (A) against a triangle ({@code tri} its {@link Polytope#setTriangle} solid,
     * {@code corners} its corners), normals from the triangle towards A. Most touches are on the
     * face: the cylinder's lowest point along the face normal lies over the triangle, and the contact
     * is the face's, as deep as that point below the plane (no distance search, no expanding
     * polytope); and where no edge is active ({@code activeEdges} false) every contact is found
     * again on the face (see {@link TriangleContacts}), so the face's is the answer. Otherwise (an
     * edge or a corner is nearer) it is found as against any convex shape.
     */
    int triangle(Cylinder a, Pose pa, Polytope tri, double[] corners, boolean activeEdges, double margin,
            ContactManifold out) {
        double fx = tri.fn[0], fy = tri.fn[1], fz = tri.fn[2];
        Support.core(a, pa, 0, 0, 0, -fx, -fy, -fz, support, 0);
        Support.core(a, pa, 0, 0, 0, fx, fy, fz, support, 3);
        double below = tri.fd[0] - (fx * support[0] + fy * support[1] + fz * support[2]);
        double above = fx * support[3] + fy * support[4] + fz * support[5] - tri.fd[0];
        if (!(below > -margin)) {
            return 0;
        }
        if (below > above) {
            // More than halfway through: the way out may be down, and one-sided, none.
            return collide(a, pa, null, null, null, tri, corners, margin, out);
        }
        // The lowest point over the triangle: the face's contact (clipped to it, it keeps that point).
        int from = out.size();
        faceOnly(a, pa, tri, margin, out);
        if (!activeEdges || out.size() > from && out.deepest().penetration >= below - LOWEST_MATCH) {
            // With no active edge, an edge's contact would be found again on the face anyway.
            return out.size() - from;
        }
        // Else lifted just clear of the plane: the closest points straight above each other say the
        // lowest point is over the triangle after all (a cap's lowest rim point between its eight),
        // and the face's contact stands.
        double lift = Math.max(below, 0) + REFINE_GAP;
        shifted.set(pa);
        shifted.px += lift * fx;
        shifted.py += lift * fy;
        shifted.pz += lift * fz;
        double apart = gjk.coreDistance(a, shifted, corners, 0);
        if (!gjk.overlapping() && apart > 0) {
            gjk.pointA(scratch);
            double qx = scratch.x, qy = scratch.y, qz = scratch.z;
            gjk.pointB(scratch);
            double cos = ((qx - scratch.x) * fx + (qy - scratch.y) * fy + (qz - scratch.z) * fz) / apart;
            if (cos >= TriangleContacts.FACE_COS) {
                if (out.size() == from) {
                    double px = qx - lift * fx, py = qy - lift * fy, pz = qz - lift * fz, k = 0.5 * below;
                    out.add(px + k * fx, py + k * fy, pz + k * fz, fx, fy, fz, below, 7200);
                }
                return out.size() - from;
            }
        }
        out.truncate(from);
        return collide(a, pa, null, null, null, tri, corners, margin, out);
    }

    /**
     * A cylinder (A) against the front face of a triangle ({@code tri}, a {@link Polytope#setTriangle}
     * solid) alone: its feature along the face normal clipped to the triangle, each point as deep as it
     * is below the face's plane.
     */
    int faceOnly(Cylinder a, Pose pa, Polytope tri, double margin, ContactManifold out) {
        nx = tri.fn[0];
        ny = tri.fn[1];
        nz = tri.fn[2];
        fa.of(a, pa, null, -nx, -ny, -nz);
        fb.of(null, null, tri, nx, ny, nz);
        int from = out.size();
        clipTo(fb, fa, false, margin, out);
        out.reduce(from, ContactManifold.MAX_POINTS);
        return out.size() - from;
    }

    /**
     * A cylinder against the plane {@code n·x = d} (world; a half-space behind it, or a two-sided
     * plane pushing the cylinder to its centre's side): the points of its feature along the plane
     * within the margin.
     */
    int plane(Cylinder c, Pose p, double px, double py, double pz, double d, boolean twoSided, double margin,
            ContactManifold out) {
        if (twoSided && px * p.px + py * p.py + pz * p.pz < d) {
            px = -px;
            py = -py;
            pz = -pz;
            d = -d;
        }
        fa.of(c, p, null, -px, -py, -pz);
        return PlaneContacts.points(fa.p, fa.id, fa.count, px, py, pz, d, margin, out);
    }

    /** The normal, depth and surface points of A and B; false when they are further apart than the margin. */
    private boolean normal(Shape a, Pose pa, Shape b, Pose pb, double[] tri, double margin) {
        double d = tri == null ? gjk.coreDistance(a, pa, b, pb) : gjk.coreDistance(a, pa, tri, 0);
        double ra = Support.radius(a), rb = tri == null ? Support.radius(b) : 0;
        if (!gjk.overlapping() && d > 0) {
            if (d - ra - rb > margin) {
                return false;
            }
            gjk.pointA(coreA);
            gjk.pointB(coreB);
            // Normalised by the points' own distance: near a curved side they are a few digits
            // less exact than the distance the search stopped at.
            double l = coreA.distance(coreB);
            nx = (coreA.x - coreB.x) / l;
            ny = (coreA.y - coreB.y) / l;
            nz = (coreA.z - coreB.z) / l;
            depth = ra + rb - d;
        } else {
            double core = tri == null ? epa.penetration(gjk, a, pa, b, pb) : epa.penetration(gjk, a, pa, tri, 0);
            epa.normal(scratch);
            nx = scratch.x;
            ny = scratch.y;
            nz = scratch.z;
            epa.pointA(coreA);
            epa.pointB(coreB);
            // The expanding polytope ends within its tolerance of a curved surface, which tilts its
            // normal by up to √(2·tolerance/radius) (1e-4 rad for a 0.5 m cylinder). Lifted just
            // clear along that normal, the distance search finds a truer one.
            // A pass shrinks the tilt by about the lift over the surfaces' radius of curvature; its
            // normal is kept only when the cores overlap less along it (the least overlap is the depth).
            // A flat face (a cap or side line on a face) needs none.
            core = overlapAlong(a, pa, b, pb, tri, nx, ny, nz);
            for (int pass = 0; pass < REFINE_PASSES && epa.gap() > FLAT_GAP; pass++) {
                double lift = core + REFINE_GAP;
                shifted.set(pa);
                shifted.px += lift * nx;
                shifted.py += lift * ny;
                shifted.pz += lift * nz;
                double apart = tri == null ? gjk.coreDistance(a, shifted, b, pb) : gjk.coreDistance(a, shifted, tri, 0);
                if (gjk.overlapping() || !(apart > 0)) {
                    break;
                }
                gjk.pointA(scratch);
                gjk.pointB(lifted);
                double l = scratch.distance(lifted);
                double mx = (scratch.x - lifted.x) / l, my = (scratch.y - lifted.y) / l, mz = (scratch.z - lifted.z) / l;
                double overlap = overlapAlong(a, pa, b, pb, tri, mx, my, mz);
                if (!(overlap <= core + ROUNDING)) {
                    break; // deeper than the polytope's answer: past where lifting helps (deep overlaps)
                }
                coreA.set(scratch.x - lift * nx, scratch.y - lift * ny, scratch.z - lift * nz);
                coreB.set(lifted);
                core = overlap;
                nx = mx;
                ny = my;
                nz = mz;
            }
            depth = core + ra + rb;
        }
        sax = coreA.x - ra * nx;
        say = coreA.y - ra * ny;
        saz = coreA.z - ra * nz;
        sbx = coreB.x + rb * nx;
        sby = coreB.y + rb * ny;
        sbz = coreB.z + rb * nz;
        return true;
    }

    /** How far (m) A's core must move along unit {@code (dx, dy, dz)} to clear B's: {@code max_B(d·x) − min_A(d·x)}. */
    private double overlapAlong(Shape a, Pose pa, Shape b, Pose pb, double[] tri, double dx, double dy, double dz) {
        Support.core(a, pa, pa.px, pa.py, pa.pz, -dx, -dy, -dz, support, 0);
        if (tri == null) {
            Support.core(b, pb, pa.px, pa.py, pa.pz, dx, dy, dz, support, 3);
        } else {
            Support.triangle(tri, 0, pa.px, pa.py, pa.pz, dx, dy, dz, support, 3);
        }
        return (support[3] - support[0]) * dx + (support[4] - support[1]) * dy + (support[5] - support[2]) * dz;
    }

    /**
     * Clips the incident feature {@code inc} to the reference face {@code ref} (its side planes,
     * or its circle for a cap) and keeps the points within the margin of the reference plane.
     *
     * @param refIsA whether the reference face is A's (its outward normal is then −n)
     */
    private void clipTo(ContactFeature ref, ContactFeature inc, boolean refIsA, double margin, ContactManifold out) {
        int n = inc.count;
        ensure(3 * n + 3 * ref.count + 8); // a crossing per clip plane, two per edge against a circle; the rim
        System.arraycopy(inc.p, 0, clip, 0, 3 * n);
        System.arraycopy(inc.id, 0, clipId, 0, n);
        double mx = ref.mx, my = ref.my, mz = ref.mz;
        if (ref.disc) {
            n = clipToDisc(ref, n, n == 2);
            if (inc.planar) {
                n = rimOver(ref, inc, n);
            }
        } else {
            for (int k = 0; k < ref.count && n > 0; k++) {
                int k1 = k + 1 == ref.count ? 0 : k + 1;
                double ex = ref.p[3 * k1] - ref.p[3 * k], ey = ref.p[3 * k1 + 1] - ref.p[3 * k + 1], ez = ref.p[3 * k1 + 2] - ref.p[3 * k + 2];
                double sx = ey * mz - ez * my, sy = ez * mx - ex * mz, sz = ex * my - ey * mx;
                n = clipPlane(n, n == 2, sx, sy, sz, sx * ref.p[3 * k] + sy * ref.p[3 * k + 1] + sz * ref.p[3 * k + 2], k);
            }
        }
        double cos = Math.abs(mx * nx + my * ny + mz * nz);
        double sign = refIsA ? -1 : 1;
        for (int i = 0; i < n; i++) {
            double x = clip[3 * i], y = clip[3 * i + 1], z = clip[3 * i + 2];
            // Below the reference plane by h, so this deep along the normal, which is within 2° of the plane's.
            double below = ref.md - (mx * x + my * y + mz * z);
            double d = below / cos;
            if (d > 0 || margin > 0 && d > -margin) {
                double k = 0.5 * d * sign;
                out.add(x + k * nx, y + k * ny, z + k * nz, nx, ny, nz, d, Geometry.mix(refIsA ? 11 : 12, ref.face, inc.face, clipId[i]));
            }
        }
    }

    /** Sutherland–Hodgman against {@code s·x ≤ so} (a closed polygon, or a segment when {@code open}). */
    private int clipPlane(int n, boolean open, double sx, double sy, double sz, double so, int plane) {
        int m = 0;
        int edges = open ? 1 : n;
        for (int i = 0; i < edges; i++) {
            int j = i + 1 == n ? 0 : i + 1;
            double ax = clip[3 * i], ay = clip[3 * i + 1], az = clip[3 * i + 2];
            double bx = clip[3 * j], by = clip[3 * j + 1], bz = clip[3 * j + 2];
            double da = sx * ax + sy * ay + sz * az - so, db = sx * bx + sy * by + sz * bz - so;
            if (da <= 0) {
                put(m++, ax, ay, az, clipId[i]);
            }
            if ((da < 0 && db > 0) || (da > 0 && db < 0)) {
                double t = da / (da - db);
                put(m++, ax + t * (bx - ax), ay + t * (by - ay), az + t * (bz - az), 100 + 10 * plane + i);
            }
            if (open && db <= 0) {
                put(m++, bx, by, bz, clipId[j]);
            }
        }
        return swapClip(m);
    }

    /**
     * Keeps the part of the incident polygon or segment over the cap's disc: its corners inside the
     * circle and where its edges cross the circle (seen along the cap's axis).
     */
    private int clipToDisc(ContactFeature cap, int n, boolean open) {
        double ux = cap.mx, uy = cap.my, uz = cap.mz, r2 = cap.radius * cap.radius;
        int m = 0;
        int edges = open ? 1 : n;
        for (int i = 0; i < edges; i++) {
            int j = i + 1 == n ? 0 : i + 1;
            // Offsets from the cap's centre, flattened onto the cap's plane.
            double ax = clip[3 * i] - cap.cx, ay = clip[3 * i + 1] - cap.cy, az = clip[3 * i + 2] - cap.cz;
            double bx = clip[3 * j] - cap.cx, by = clip[3 * j + 1] - cap.cy, bz = clip[3 * j + 2] - cap.cz;
            double ah = ax * ux + ay * uy + az * uz, bh = bx * ux + by * uy + bz * uz;
            double fx = ax - ah * ux, fy = ay - ah * uy, fz = az - ah * uz;
            double gx = bx - bh * ux - fx, gy = by - bh * uy - fy, gz = bz - bh * uz - fz;
            double a2 = fx * fx + fy * fy + fz * fz;
            if (a2 <= r2) {
                put(m++, clip[3 * i], clip[3 * i + 1], clip[3 * i + 2], clipId[i]);
            }
            // |f + t·g|² = r²: the crossings within the edge, in order along it.
            double gg = gx * gx + gy * gy + gz * gz, fg = fx * gx + fy * gy + fz * gz;
            double disc = fg * fg - gg * (a2 - r2);
            if (gg > 0 && disc > 0) {
                double q = Math.sqrt(disc);
                for (int s = -1; s <= 1; s += 2) {
                    double t = (-fg + s * q) / gg;
                    if (t > 0 && t < 1) {
                        put(m++, clip[3 * i] + t * (bx - ax), clip[3 * i + 1] + t * (by - ay), clip[3 * i + 2] + t * (bz - az),
                                200 + 2 * i + (s + 1) / 2);
                    }
                }
            }
            if (open && (bx - bh * ux) * (bx - bh * ux) + (by - bh * uy) * (by - bh * uy) + (bz - bh * uz) * (bz - bh * uz) <= r2) {
                put(m++, clip[3 * j], clip[3 * j + 1], clip[3 * j + 2], clipId[j]);
            }
        }
        return swapClip(m);
    }

    /**
     * Adds the cap's rim points that lie over the incident face, carried along the normal onto its
     * plane: where the face is wider than the cap, the rim bounds the touching area.
     */
    private int rimOver(ContactFeature cap, ContactFeature face, int n) {
        double ux = face.mx, uy = face.my, uz = face.mz;
        double slope = ux * nx + uy * ny + uz * nz;
        if (Math.abs(slope) < 1e-12) {
            return n;
        }
        for (int k = 0; k < cap.count; k++) {
            double qx = cap.p[3 * k], qy = cap.p[3 * k + 1], qz = cap.p[3 * k + 2];
            boolean inside = true;
            double turn = 0;
            for (int i = 0; i < face.count && inside; i++) {
                int j = i + 1 == face.count ? 0 : i + 1;
                double ex = face.p[3 * j] - face.p[3 * i], ey = face.p[3 * j + 1] - face.p[3 * i + 1], ez = face.p[3 * j + 2] - face.p[3 * i + 2];
                double wx = qx - face.p[3 * i], wy = qy - face.p[3 * i + 1], wz = qz - face.p[3 * i + 2];
                double side = (ey * wz - ez * wy) * ux + (ez * wx - ex * wz) * uy + (ex * wy - ey * wx) * uz;
                inside = side == 0 || turn == 0 || (side > 0) == (turn > 0);
                turn = turn == 0 ? side : turn;
            }
            if (inside) {
                double t = (face.md - (ux * qx + uy * qy + uz * qz)) / slope;
                clip[3 * n] = qx + t * nx;
                clip[3 * n + 1] = qy + t * ny;
                clip[3 * n + 2] = qz + t * nz;
                clipId[n++] = 300 + cap.id[k];
            }
        }
        return n;
    }

    private void put(int i, double x, double y, double z, int id) {
        spare[3 * i] = x;
        spare[3 * i + 1] = y;
        spare[3 * i + 2] = z;
        spareId[i] = id;
    }

    private int swapClip(int m) {
        double[] t = clip;
        clip = spare;
        spare = t;
        int[] ti = clipId;
        clipId = spareId;
        spareId = ti;
        return m;
    }

    private void ensure(int n) {
        if (clipId.length < n) {
            clip = new double[3 * n];
            spare = new double[3 * n];
            clipId = new int[n];
            spareId = new int[n];
        }
    }

    /**
     * Two edges across the normal: when parallel (within {@link ContactFeature#EDGE_SIN}), the two ends of their
     * overlap, each as deep as B's line is above A's along the normal.
     */
    private void edges(double margin, ContactManifold out) {
        double ux = fa.e[3] - fa.e[0], uy = fa.e[4] - fa.e[1], uz = fa.e[5] - fa.e[2];
        double vx = fb.e[3] - fb.e[0], vy = fb.e[4] - fb.e[1], vz = fb.e[5] - fb.e[2];
        double uu = ux * ux + uy * uy + uz * uz, vv = vx * vx + vy * vy + vz * vz;
        double cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
        if (!(cx * cx + cy * cy + cz * cz <= ContactFeature.EDGE_SIN * ContactFeature.EDGE_SIN * uu * vv) || !(vv > 0)) {
            return;
        }
        // A's edge within the ends of B's, measured along B's.
        double lo = 0, hi = 1;
        double s0 = ((fa.e[0] - fb.e[0]) * vx + (fa.e[1] - fb.e[1]) * vy + (fa.e[2] - fb.e[2]) * vz) / vv;
        double ds = (ux * vx + uy * vy + uz * vz) / vv;
        if (ds != 0) {
            double t0 = (0 - s0) / ds, t1 = (1 - s0) / ds;
            lo = Math.max(lo, Math.min(t0, t1));
            hi = Math.min(hi, Math.max(t0, t1));
        } else if (s0 < 0 || s0 > 1) {
            return;
        }
        if (lo > hi) {
            return;
        }
        for (int k = 0; k < 2; k++) {
            double t = k == 0 ? lo : hi;
            double px = fa.e[0] + t * ux, py = fa.e[1] + t * uy, pz = fa.e[2] + t * uz;
            double s = ((px - fb.e[0]) * vx + (py - fb.e[1]) * vy + (pz - fb.e[2]) * vz) / vv;
            double qx = fb.e[0] + s * vx, qy = fb.e[1] + s * vy, qz = fb.e[2] + s * vz;
            double d = (qx - px) * nx + (qy - py) * ny + (qz - pz) * nz;
            if (d > 0 || margin > 0 && d > -margin) {
                out.add(0.5 * (px + qx), 0.5 * (py + qy), 0.5 * (pz + qz), nx, ny, nz, d, 7100 + k);
            }
            if (hi == lo) {
                break;
            }
        }
    }
}
