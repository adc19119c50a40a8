package dev.tumble.render.scene;

import org.joml.Vector3d;
import org.joml.Vector3dc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A flat-shaded triangle mesh of the convex hull of a point set, built once on the CPU and
 * uploaded by the renderer the first time it is drawn (one GPU mesh per instance of this class,
 * shared by every item that references it).
 *
 * <p>Faces are found by brute force (every plane through three points that has all points on
 * one side), merged per plane and triangulated as convex polygons, so the cost is O(n⁴): meant
 * for the tens of vertices physics hulls have, at most {@value #MAX_POINTS}.
 */
public final class ConvexHullMesh {
    /** Largest accepted point count. */
    public static final int MAX_POINTS = 128;

    private final float[] positions;
    private final float[] normals;
    private final float boundingRadius;

    /**
     * @param points hull points in the body's local frame, metres (at least 4, not coplanar)
     * @throws IllegalArgumentException when there are too few or too many points, or they are flat
     */
    public ConvexHullMesh(List<? extends Vector3dc> points) {
        if (points == null || points.size() < 4 || points.size() > MAX_POINTS) {
            throw new IllegalArgumentException("points must hold 4.." + MAX_POINTS + " points: "
                    + (points == null ? null : points.size()));
        }
        int n = points.size();
        double scale = 0.0;
        for (Vector3dc p : points) {
            scale = Math.max(scale, p.length());
        }
        double eps = 1e-7 * Math.max(1.0, scale);
        List<double[]> planes = new ArrayList<>(); // nx, ny, nz, d (unit normal)
        Vector3d a = new Vector3d();
        Vector3d b = new Vector3d();
        Vector3d nrm = new Vector3d();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                for (int k = j + 1; k < n; k++) {
                    points.get(j).sub(points.get(i), a);
                    points.get(k).sub(points.get(i), b);
                    a.cross(b, nrm);
                    double len = nrm.length();
                    if (len < 1e-9 * Math.max(1.0, scale * scale)) {
                        continue;
                    }
                    nrm.div(len);
                    double d = nrm.dot(points.get(i));
                    int above = 0;
                    int below = 0;
                    for (int m = 0; m < n && (above == 0 || below == 0); m++) {
                        double s = nrm.dot(points.get(m)) - d;
                        if (s > eps) {
                            above++;
                        } else if (s < -eps) {
                            below++;
                        }
                    }
                    if (above > 0 && below > 0) {
                        continue;
                    }
                    if (above > 0) {
                        nrm.negate();
                        d = -d;
                    }
                    if (!containsPlane(planes, nrm, d, eps)) {
                        planes.add(new double[] {nrm.x, nrm.y, nrm.z, d});
                    }
                }
            }
        }
        if (planes.size() < 4) {
            throw new IllegalArgumentException("points are coplanar; no hull");
        }
        List<float[]> tris = new ArrayList<>();
        for (double[] pl : planes) {
            triangulateFace(points, pl, eps, tris);
        }
        positions = new float[tris.size() * 9];
        normals = new float[tris.size() * 9];
        for (int t = 0; t < tris.size(); t++) {
            float[] tri = tris.get(t);
            System.arraycopy(tri, 0, positions, t * 9, 9);
            for (int v = 0; v < 3; v++) {
                System.arraycopy(tri, 9, normals, t * 9 + v * 3, 3);
            }
        }
        boundingRadius = (float) scale;
    }

    private static boolean containsPlane(List<double[]> planes, Vector3d n, double d, double eps) {
        for (double[] p : planes) {
            if (Math.abs(p[0] - n.x) < 1e-6 && Math.abs(p[1] - n.y) < 1e-6 && Math.abs(p[2] - n.z) < 1e-6
                    && Math.abs(p[3] - d) < 10 * eps) {
                return true;
            }
        }
        return false;
    }

    /** Gathers the points on the plane, takes their 2D convex hull and fans it into triangles. */
    private static void triangulateFace(List<? extends Vector3dc> points, double[] pl, double eps, List<float[]> out) {
        Vector3d n = new Vector3d(pl[0], pl[1], pl[2]);
        Vector3d u = Math.abs(n.x) < 0.9 ? new Vector3d(1, 0, 0) : new Vector3d(0, 1, 0);
        u.sub(new Vector3d(n).mul(u.dot(n))).normalize();
        Vector3d v = new Vector3d(n).cross(u);
        List<double[]> onFace = new ArrayList<>(); // u, v, index
        for (int m = 0; m < points.size(); m++) {
            Vector3dc p = points.get(m);
            if (Math.abs(n.dot(p) - pl[3]) <= 10 * eps) {
                onFace.add(new double[] {u.dot(p), v.dot(p), m});
            }
        }
        double[][] hull = hull2d(onFace.toArray(new double[0][]));
        if (hull.length < 3) {
            return;
        }
        Vector3dc p0 = points.get((int) hull[0][2]);
        for (int i = 1; i + 1 < hull.length; i++) {
            Vector3dc p1 = points.get((int) hull[i][2]);
            Vector3dc p2 = points.get((int) hull[i + 1][2]);
            // Counter-clockwise in (u, v) with u × v = n, so the winding faces outward.
            out.add(new float[] {
                (float) p0.x(), (float) p0.y(), (float) p0.z(),
                (float) p1.x(), (float) p1.y(), (float) p1.z(),
                (float) p2.x(), (float) p2.y(), (float) p2.z(),
                (float) n.x, (float) n.y, (float) n.z});
        }
    }

    /** Andrew's monotone chain; returns the hull counter-clockwise without collinear points. */
    private static double[][] hull2d(double[][] pts) {
        Arrays.sort(pts, (p, q) -> p[0] != q[0] ? Double.compare(p[0], q[0]) : Double.compare(p[1], q[1]));
        int n = pts.length;
        if (n < 3) {
            return pts;
        }
        double[][] h = new double[2 * n][];
        int k = 0;
        for (int i = 0; i < n; i++) {
            while (k >= 2 && cross(h[k - 2], h[k - 1], pts[i]) <= 1e-12) {
                k--;
            }
            h[k++] = pts[i];
        }
        for (int i = n - 2, t = k + 1; i >= 0; i--) {
            while (k >= t && cross(h[k - 2], h[k - 1], pts[i]) <= 1e-12) {
                k--;
            }
            h[k++] = pts[i];
        }
        return Arrays.copyOf(h, Math.max(0, k - 1));
    }

    private static double cross(double[] o, double[] a, double[] b) {
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
    }

    /** @return number of triangles */
    public int triangleCount() {
        return positions.length / 9;
    }

    /** @return triangle vertex positions, 9 floats a triangle, counter-clockwise seen from outside (a copy) */
    public float[] positions() {
        return positions.clone();
    }

    /** @return per-vertex face normals matching {@link #positions()} (a copy) */
    public float[] normals() {
        return normals.clone();
    }

    /** @return largest distance of a point from the local origin, metres */
    public float boundingRadius() {
        return boundingRadius;
    }
}
