package dev.tumble.core.collision.narrow;

import dev.tumble.core.collision.shape.Aabb;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.TriangleGeometry;
import dev.tumble.core.collision.shape.TriangleVisitor;
import java.util.Arrays;

/**
 * Contacts between a convex shape (A: sphere, capsule, box, hull or cylinder) and the triangles of a static
 * {@link TriangleGeometry} (B: a mesh or a heightfield), normals from the triangles towards A.
 *
 * <p>Each triangle under A's bounding box is a flat solid ({@link Polytope#setTriangle}) handed to
 * the generator A uses against a hull; then two rules make a surface of triangles behave as one:
 * <ul>
 * <li><b>One-sided.</b> A contact whose normal points behind the triangle is dropped: the front
 *     face (counter-clockwise corners) is the surface, as a level's floor or wall.
 * <li><b>Internal edges.</b> A normal that is not the triangle's own comes from an edge or a corner.
 *     Where that edge is inactive (flat or concave against its neighbour, see
 *     {@link TriangleGeometry#triangle}), the neighbour's face already holds A there, and the tilted
 *     normal is the "ghost bump" that kicks a ball rolling across a seam. So unless a contact lies
 *     on an active edge (a real border or ridge), the triangle's contacts are found again against
 *     its front face alone: along the face normal, with the points over the triangle.
 * </ul>
 * A triangle with no active edge, A's middle in front of it, needs no general test: its face's
 * contacts are the whole answer, once A is known to reach it (the plane first; then a ball's or
 * capsule's core within its radius, a polytope not beyond one of the prism's side planes or one of
 * its own faces). The points of all triangles are then grouped by normal and each group reduced to
 * {@link ContactManifold#MAX_POINTS} ({@link NormalGroups}), as one face against another would
 * give. Feature ids carry the triangle index, so a point keeps its id (and its warm start) while
 * the same features touch. One instance holds scratch state; once warm it allocates nothing.
 */
final class TriangleContacts implements TriangleVisitor {
    /** Normals closer than this (cosine) to the face normal count as the face's own. */
    static final double FACE_COS = 1 - 1e-9;
    /** Distance (m) beyond half the penetration within which a contact counts as on an edge. */
    private static final double EDGE_TOLERANCE = 1e-4;

    /** What A is. */
    enum Kind {
        SPHERE, CAPSULE, POLYTOPE, CYLINDER
    }

    private final PolytopeContacts polytopes;
    private final SphereContacts spheres;
    private final CapsuleContacts capsules;
    private final ConvexContacts convex;
    private final Polytope triangle = new Polytope();
    private final ContactManifold found = new ContactManifold();
    private final NormalGroups groups = new NormalGroups();
    private final double[] corners = new double[9];
    private final double[] segment = new double[6];
    private final double[] near = new double[3], st = new double[2];
    /**
     * The current triangle's side planes: per edge e (from corner e) an outward direction in its
     * plane, edge × normal, as long as the edge; a point is over the triangle when it lies behind all three.
     */
    private final double[] sides = new double[9];
    /** A's extent along the current triangle's normal (m, world), set by {@link #extent}. */
    private double lowest, highest;
    /** Whether {@link #faceContacts} placed its point at the border (a stand-in, see {@link NormalGroups#standIn}). */
    private boolean borrowed;

    /** The triangles under A, gathered by {@link #triangle(int)}, then taken in index order. */
    private int[] indices = new int[64];
    private int gathered;

    // The call's inputs, read by contacts(int).
    private Kind kind;
    private double sx, sy, sz, radius;
    private double[] seg;
    private Polytope polytope;
    private Cylinder cylinder;
    private Pose cylinderPose;
    private TriangleGeometry geometry;
    private Pose pose;
    private double margin;
    private ContactManifold out;

    TriangleContacts(PolytopeContacts polytopes, SphereContacts spheres, CapsuleContacts capsules, ConvexContacts convex) {
        this.polytopes = polytopes;
        this.spheres = spheres;
        this.capsules = capsules;
        this.convex = convex;
    }

    /** A sphere (centre, world, m; radius m) against the triangles of {@code g} at world pose {@code pg}. */
    int sphere(double x, double y, double z, double r, TriangleGeometry g, Pose pg, ContactManifold out) {
        kind = Kind.SPHERE;
        sx = x;
        sy = y;
        sz = z;
        radius = r;
        return run(x - r, y - r, z - r, x + r, y + r, z + r, g, pg, 0, out);
    }

    /** A capsule (core segment {@code s[0..6)}, world, m; radius m) against the triangles of {@code g}. */
    int capsule(double[] s, double r, TriangleGeometry g, Pose pg, ContactManifold out) {
        kind = Kind.CAPSULE;
        seg = s;
        radius = r;
        return run(Math.min(s[0], s[3]) - r, Math.min(s[1], s[4]) - r, Math.min(s[2], s[5]) - r,
                Math.max(s[0], s[3]) + r, Math.max(s[1], s[4]) + r, Math.max(s[2], s[5]) + r, g, pg, 0, out);
    }

    /**
     * A box or hull (world polytope, its world bounds {@code box}) against the triangles of
     * {@code g}, with contacts up to {@code margin} (m) apart.
     */
    int polytope(Polytope p, Aabb box, TriangleGeometry g, Pose pg, double margin, ContactManifold out) {
        kind = Kind.POLYTOPE;
        polytope = p;
        return run(box.minX, box.minY, box.minZ, box.maxX, box.maxY, box.maxZ, g, pg, margin, out);
    }

    /**
     * A cylinder (world pose {@code p}, its world bounds {@code box}) against the triangles of
     * {@code g}, with contacts up to {@code margin} (m) apart.
     */
    int cylinder(Cylinder c, Pose p, Aabb box, TriangleGeometry g, Pose pg, double margin, ContactManifold out) {
        kind = Kind.CYLINDER;
        cylinder = c;
        cylinderPose = p;
        return run(box.minX, box.minY, box.minZ, box.maxX, box.maxY, box.maxZ, g, pg, margin, out);
    }

    /** Visits the triangles under the world box (grown by the margin), then groups and reduces. */
    private int run(double minX, double minY, double minZ, double maxX, double maxY, double maxZ, TriangleGeometry g,
            Pose pg, double margin, ContactManifold out) {
        this.geometry = g;
        this.pose = pg;
        this.margin = margin;
        this.out = out;
        int from = out.size();
        // Gathered, then taken in index order: the contacts do not depend on how the shape's tree is
        // walked, so a heightfield and the mesh of its triangles give the same bits.
        gathered = 0;
        g.trianglesInWorldBox(pg, minX - margin, minY - margin, minZ - margin, maxX + margin, maxY + margin, maxZ + margin,
                this);
        Arrays.sort(indices, 0, gathered);
        for (int i = 0; i < gathered; i++) {
            contacts(indices[i]);
        }
        groups.reduce(out, from);
        this.geometry = null;
        this.pose = null;
        this.polytope = null;
        this.seg = null;
        this.cylinder = null;
        this.cylinderPose = null;
        this.out = null;
        return out.size() - from;
    }

    @Override
    public boolean triangle(int t) {
        if (gathered == indices.length) {
            indices = Arrays.copyOf(indices, 2 * indices.length);
        }
        indices[gathered++] = t;
        return true;
    }

    /** Triangle t's contacts with A, into the manifold being built. */
    private void contacts(int t) {
        int active = geometry.worldTriangle(t, pose, corners, 0);
        double ux = corners[3] - corners[0], uy = corners[4] - corners[1], uz = corners[5] - corners[2];
        double wx = corners[6] - corners[0], wy = corners[7] - corners[1], wz = corners[8] - corners[2];
        double nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
        double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!(l > 0)) {
            return; // no area
        }
        nx /= l;
        ny /= l;
        nz /= l;
        found.clear();
        borrowed = false;
        setSides(nx, ny, nz);
        if (kind != Kind.CYLINDER) {
            // A's extent along the face normal: wholly in front beyond the margin, no contact with
            // this triangle; with no active edge and A's middle in front, the face's contact is the
            // whole answer (an edge's would be found again on the face), so the general test is skipped.
            double d = nx * corners[0] + ny * corners[1] + nz * corners[2];
            extent(nx, ny, nz);
            double below = d - lowest, above = highest - d;
            if (!(below > -margin)) {
                return;
            }
            if (active == 0 && below <= above) {
                if (kind == Kind.POLYTOPE && (besideFace() || beyondAFace())) {
                    return;
                }
                triangle.setTriangle(corners, 0, nx, ny, nz);
                faceContacts();
                add(t);
                return;
            }
        }
        triangle.setTriangle(corners, 0, nx, ny, nz);
        switch (kind) {
            case SPHERE -> spheres.sphereHull(sx, sy, sz, radius, triangle, found);
            case CAPSULE -> capsules.capsulePolytope(seg, radius, triangle, found);
            case CYLINDER -> convex.triangle(cylinder, cylinderPose, triangle, corners, active != 0, margin, found);
            default -> {
                polytopes.collide(polytope, triangle, margin, found);
                if (found.size() == 0 && !polytopes.lastSeparated) {
                    straddle();
                }
            }
        }
        if (found.size() == 0) {
            return;
        }
        if (needsFace(active)) {
            found.clear();
            faceContacts();
        }
        add(t);
    }

    /** Adds the points {@link #found} for triangle t to the manifold being built, all but those behind it. */
    private void add(int t) {
        double nx = triangle.fn[0], ny = triangle.fn[1], nz = triangle.fn[2];
        for (int i = 0; i < found.size() && out.size() < ContactManifold.CAPACITY; i++) {
            ContactPoint c = found.get(i);
            if (c.normal.x * nx + c.normal.y * ny + c.normal.z * nz < 0) {
                continue; // behind the triangle: its back is not a surface
            }
            groups.standIn(out.size(), borrowed);
            out.add(c.point.x, c.point.y, c.point.z, c.normal.x, c.normal.y, c.normal.z, c.penetration,
                    Geometry.mix(c.featureId, t, 0, 5));
        }
    }

    /** Sets {@link #lowest} and {@link #highest}: A's least and greatest extent along the unit direction n (m, world). */
    private void extent(double nx, double ny, double nz) {
        switch (kind) {
            case SPHERE -> {
                double c = nx * sx + ny * sy + nz * sz;
                lowest = c - radius;
                highest = c + radius;
            }
            case CAPSULE -> {
                double p = nx * seg[0] + ny * seg[1] + nz * seg[2], q = nx * seg[3] + ny * seg[4] + nz * seg[5];
                lowest = Math.min(p, q) - radius;
                highest = Math.max(p, q) + radius;
            }
            default -> {
                double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
                double[] v = polytope.v;
                for (int i = 0; i < 3 * polytope.nv; i += 3) {
                    double h = nx * v[i] + ny * v[i + 1] + nz * v[i + 2];
                    min = Math.min(min, h);
                    max = Math.max(max, h);
                }
                lowest = min;
                highest = max;
            }
        }
    }

    /**
     * Whether polytope A lies wholly outside one of the side planes of the prism over the triangle
     * (front normal n): then it has no point over the triangle, and its face contact none either.
     */
    private boolean besideFace() {
        double[] v = polytope.v;
        for (int e = 0; e < 3; e++) {
            boolean outside = true;
            for (int i = 0; i < 3 * polytope.nv && outside; i += 3) {
                outside = side(e, v[i], v[i + 1], v[i + 2]) > 0;
            }
            if (outside) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the triangle lies wholly in front of one of polytope A's face planes, further than the
     * margin: a separating axis, so no point of A is within the margin of the triangle.
     */
    private boolean beyondAFace() {
        Polytope p = polytope;
        for (int f = 0; f < p.nf; f++) {
            double nx = p.fn[3 * f], ny = p.fn[3 * f + 1], nz = p.fn[3 * f + 2], d = p.fd[f] + margin;
            if (nx * corners[0] + ny * corners[1] + nz * corners[2] > d && nx * corners[3] + ny * corners[4] + nz * corners[5] > d
                    && nx * corners[6] + ny * corners[7] + nz * corners[8] > d) {
                return true;
            }
        }
        return false;
    }

    /** @return the least squared distance (m²) between the capsule's core and the triangle's edges */
    private double edgeDistanceSquared() {
        double best = Double.POSITIVE_INFINITY;
        for (int e = 0; e < 3; e++) {
            int a = 3 * e, b = 3 * ((e + 1) % 3);
            Geometry.segmentSegment(seg[0], seg[1], seg[2], seg[3], seg[4], seg[5], corners[a], corners[a + 1], corners[a + 2],
                    corners[b], corners[b + 1], corners[b + 2], st);
            double s = st[0], u = st[1];
            double dx = seg[0] + s * (seg[3] - seg[0]) - corners[a] - u * (corners[b] - corners[a]);
            double dy = seg[1] + s * (seg[4] - seg[1]) - corners[a + 1] - u * (corners[b + 1] - corners[a + 1]);
            double dz = seg[2] + s * (seg[5] - seg[2]) - corners[a + 2] - u * (corners[b + 2] - corners[a + 2]);
            best = Math.min(best, dx * dx + dy * dy + dz * dz);
        }
        return best;
    }

    /**
     * Whether the triangle's contacts must be found again against its face: some contact's normal
     * leans off the face normal (an edge or corner contact, pointing in front of the triangle) and
     * no contact lies on an active edge.
     */
    private boolean needsFace(int active) {
        double nx = triangle.fn[0], ny = triangle.fn[1], nz = triangle.fn[2];
        boolean leaning = false;
        for (int i = 0; i < found.size(); i++) {
            ContactPoint c = found.get(i);
            double cos = c.normal.x * nx + c.normal.y * ny + c.normal.z * nz;
            if (cos >= FACE_COS || cos < 0) {
                continue;
            }
            if (onActiveEdge(c, active)) {
                return false;
            }
            leaning = true;
        }
        return leaning;
    }

    /** Whether contact c lies on one of the edges in the mask {@code active}. */
    private boolean onActiveEdge(ContactPoint c, int active) {
        double tolerance = 0.5 * Math.abs(c.penetration) + EDGE_TOLERANCE;
        double t2 = tolerance * tolerance;
        for (int e = 0; e < 3; e++) {
            if ((active & (1 << e)) == 0) {
                continue;
            }
            int a = 3 * e, b = 3 * ((e + 1) % 3);
            double ax = corners[a], ay = corners[a + 1], az = corners[a + 2];
            double ex = corners[b] - ax, ey = corners[b + 1] - ay, ez = corners[b + 2] - az;
            double px = c.point.x - ax, py = c.point.y - ay, pz = c.point.z - az;
            double s = Geometry.clamp((px * ex + py * ey + pz * ez) / (ex * ex + ey * ey + ez * ez));
            double dx = px - s * ex, dy = py - s * ey, dz = pz - s * ez;
            if (dx * dx + dy * dy + dz * dz <= t2) {
                return true;
            }
        }
        return false;
    }

    /** A's contacts against the triangle's front face alone: along its normal, over the triangle. */
    private void faceContacts() {
        double nx = triangle.fn[0], ny = triangle.fn[1], nz = triangle.fn[2], d = triangle.fd[0];
        switch (kind) {
            case SPHERE -> {
                double s = nx * sx + ny * sy + nz * sz - d;
                if (s > -radius && radius - s > 0) {
                    double qx = sx - s * nx, qy = sy - s * ny, qz = sz - s * nz, k = 0.5 * (s - radius);
                    if (over(qx, qy, qz)) {
                        found.add(qx + k * nx, qy + k * ny, qz + k * nz, nx, ny, nz, radius - s, 3000);
                    } else if (Geometry.pointTriangle(corners, sx, sy, sz, near) < radius * radius) {
                        // The centre is over a neighbour and the ball reaches this triangle: touch at
                        // the triangle's nearest point, along the face.
                        found.add(near[0] + k * nx, near[1] + k * ny, near[2] + k * nz, nx, ny, nz, radius - s, 3003);
                        borrowed = true;
                    }
                }
            }
            case CAPSULE -> {
                System.arraycopy(seg, 0, segment, 0, 6);
                if (!clipToPrism()) {
                    // The core is over neighbours only: where it reaches one of this triangle's
                    // edges, touch at the triangle's point nearest its middle, along the face.
                    double mx = 0.5 * (seg[0] + seg[3]), my = 0.5 * (seg[1] + seg[4]), mz = 0.5 * (seg[2] + seg[5]);
                    double s = Math.min(nx * seg[0] + ny * seg[1] + nz * seg[2], nx * seg[3] + ny * seg[4] + nz * seg[5]) - d;
                    if (s > -radius && radius - s > 0 && edgeDistanceSquared() < radius * radius) {
                        Geometry.pointTriangle(corners, mx, my, mz, near);
                        double k = 0.5 * (s - radius);
                        found.add(near[0] + k * nx, near[1] + k * ny, near[2] + k * nz, nx, ny, nz, radius - s, 3003);
                        borrowed = true;
                    }
                } else {
                    for (int end = 0; end < 2; end++) {
                        double x = segment[3 * end], y = segment[3 * end + 1], z = segment[3 * end + 2];
                        double s = nx * x + ny * y + nz * z - d;
                        if (s > -radius && radius - s > 0) {
                            double k = 0.5 * (s - radius);
                            found.add(x - s * nx + k * nx, y - s * ny + k * ny, z - s * nz + k * nz, nx, ny, nz, radius - s,
                                    3001 + end);
                        }
                    }
                }
            }
            case CYLINDER -> convex.faceOnly(cylinder, cylinderPose, triangle, margin, found);
            default -> {
                // The face of A most against the triangle, clipped to it; and every corner of A
                // below the triangle's plane and over it (the clipped face need not hold the corner
                // that touches, when A is tilted).
                polytopes.faceContact(triangle, 0, polytope, false, margin, found);
                Polytope p = polytope;
                for (int i = 0; i < 3 * p.nv && found.size() < ContactManifold.CAPACITY; i += 3) {
                    double x = p.v[i], y = p.v[i + 1], z = p.v[i + 2];
                    double depth = d - (nx * x + ny * y + nz * z);
                    if ((depth > 0 || depth > -margin) && over(x, y, z) && !alreadyFound(x, y, z, depth)) {
                        found.add(x + 0.5 * depth * nx, y + 0.5 * depth * ny, z + 0.5 * depth * nz, nx, ny, nz, depth, 3100 + i / 3);
                    }
                }
                if (found.size() > ContactManifold.MAX_POINTS) {
                    found.reduce(0, ContactManifold.MAX_POINTS);
                }
            }
        }
    }

    /**
     * A polytope that overlaps the triangle only across its border (its deepest corner over a
     * neighbour, an edge of it crossing the triangle's edge) gives the separating-axis contact no
     * point: its clipped face lies outside the triangle or above it. Then one point stands for
     * the touch: A's lowest corner along the face normal, brought onto the triangle, as deep as
     * that corner is below the triangle's plane.
     */
    private void straddle() {
        double nx = triangle.fn[0], ny = triangle.fn[1], nz = triangle.fn[2], d = triangle.fd[0];
        Polytope p = polytope;
        int low = 0;
        double min = Double.POSITIVE_INFINITY;
        for (int i = 0; i < 3 * p.nv; i += 3) {
            double h = nx * p.v[i] + ny * p.v[i + 1] + nz * p.v[i + 2];
            if (h < min) {
                min = h;
                low = i;
            }
        }
        double depth = d - min;
        if (!(depth > 0 || depth > -margin)) {
            return;
        }
        Geometry.pointTriangle(corners, p.v[low] + depth * nx, p.v[low + 1] + depth * ny, p.v[low + 2] + depth * nz, near);
        found.add(near[0] - 0.5 * depth * nx, near[1] - 0.5 * depth * ny, near[2] - 0.5 * depth * nz, nx, ny, nz, depth,
                3200 + low / 3);
    }

    /** Whether a point for A's corner {@code (x, y, z)} at {@code depth} (m) is in {@link #found} already. */
    private boolean alreadyFound(double x, double y, double z, double depth) {
        double px = x + 0.5 * depth * triangle.fn[0], py = y + 0.5 * depth * triangle.fn[1], pz = z + 0.5 * depth * triangle.fn[2];
        for (int i = 0; i < found.size(); i++) {
            if (found.get(i).point.distanceSquared(px, py, pz) < NormalGroups.SAME_PLACE * NormalGroups.SAME_PLACE) {
                return true;
            }
        }
        return false;
    }

    /** Whether the point lies over the triangle (in the prism its edges' side planes bound). */
    private boolean over(double x, double y, double z) {
        for (int e = 0; e < 3; e++) {
            if (side(e, x, y, z) > 0) {
                return false;
            }
        }
        return true;
    }

    /** Signed distance-like value of a point from edge e's side plane: positive outside the triangle. */
    private double side(int e, double x, double y, double z) {
        int a = 3 * e;
        return sides[a] * (x - corners[a]) + sides[a + 1] * (y - corners[a + 1]) + sides[a + 2] * (z - corners[a + 2]);
    }

    /** Sets {@link #sides} for the triangle in {@link #corners} with unit front normal n. */
    private void setSides(double nx, double ny, double nz) {
        for (int e = 0; e < 3; e++) {
            int a = 3 * e, b = 3 * ((e + 1) % 3);
            double ex = corners[b] - corners[a], ey = corners[b + 1] - corners[a + 1], ez = corners[b + 2] - corners[a + 2];
            double ox = ey * nz - ez * ny, oy = ez * nx - ex * nz, oz = ex * ny - ey * nx;
            sides[a] = ox;
            sides[a + 1] = oy;
            sides[a + 2] = oz;
        }
    }

    /** Clips {@link #segment} to the prism over the triangle; @return false when nothing is left. */
    private boolean clipToPrism() {
        double t0 = 0, t1 = 1;
        double ax = segment[0], ay = segment[1], az = segment[2];
        double dx = segment[3] - ax, dy = segment[4] - ay, dz = segment[5] - az;
        for (int e = 0; e < 3; e++) {
            double s0 = side(e, ax, ay, az), s1 = side(e, ax + dx, ay + dy, az + dz);
            if (s0 > 0 && s1 > 0) {
                return false;
            }
            if (s0 > 0) {
                t0 = Math.max(t0, s0 / (s0 - s1));
            } else if (s1 > 0) {
                t1 = Math.min(t1, s0 / (s0 - s1));
            }
        }
        if (t0 > t1) {
            return false;
        }
        segment[0] = ax + t0 * dx;
        segment[1] = ay + t0 * dy;
        segment[2] = az + t0 * dz;
        segment[3] = ax + t1 * dx;
        segment[4] = ay + t1 * dy;
        segment[5] = az + t1 * dz;
        return true;
    }
}
