package dev.tumble.render.scene;

import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.HeightField;
import dev.tumble.core.collision.shape.TriangleGeometry;
import java.util.List;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A flat-shaded triangle mesh of a convex hull, built once on the CPU and uploaded by the
 * renderer the first time it is drawn (one GPU mesh per instance of this class, shared by every
 * item that references it). Each face polygon of the physics hull ({@link ConvexHull}) is fanned
 * into triangles with the face's normal, so the mesh shows exactly the faces the body collides
 * with, and a hull of many thousands of points costs no more than building it.
 */
public final class ConvexHullMesh {
    private final float[] positions;
    private final float[] normals;
    private final float boundingRadius;

    /**
     * The mesh of the convex hull of {@code points}.
     *
     * @param points hull points in the body's local frame, metres (at least 4, not coplanar)
     * @throws IllegalArgumentException when there are too few points, or they are flat (see
     *     {@link ConvexHull#ConvexHull(Vector3dc...)})
     */
    public ConvexHullMesh(List<? extends Vector3dc> points) {
        this(new ConvexHull(points == null ? null : points.toArray(new Vector3dc[0])));
    }

    /**
     * The mesh of a physics hull's faces.
     *
     * @param hull the hull, in its shape frame (metres)
     */
    public ConvexHullMesh(ConvexHull hull) {
        int triangles = 0;
        for (int f = 0; f < hull.faceCount(); f++) {
            triangles += hull.face(f).length - 2;
        }
        positions = new float[9 * triangles];
        normals = new float[9 * triangles];
        Vector3d a = new Vector3d(), b = new Vector3d(), c = new Vector3d(), n = new Vector3d();
        int t = 0;
        for (int f = 0; f < hull.faceCount(); f++) {
            int[] face = hull.face(f); // counter-clockwise seen from outside
            hull.faceNormal(f, n);
            hull.vertex(face[0], a);
            for (int i = 1; i + 1 < face.length; i++, t++) {
                hull.vertex(face[i], b);
                hull.vertex(face[i + 1], c);
                put(positions, 9 * t, a, b, c);
                put(normals, 9 * t, n, n, n);
            }
        }
        double radius = 0;
        for (int i = 0; i < hull.vertexCount(); i++) {
            radius = Math.max(radius, hull.vertex(i, a).length());
        }
        boundingRadius = (float) radius;
    }

    private ConvexHullMesh(float[] positions, float[] normals, float boundingRadius) {
        this.positions = positions;
        this.normals = normals;
        this.boundingRadius = boundingRadius;
    }

    /**
     * The flat-shaded mesh of a triangle mesh's or heightfield's triangles (the renderer draws any
     * flat-shaded triangle set through this class, not only hulls): each triangle with its front
     * normal, a heightfield's holes left out.
     *
     * @param shape the shape's triangles, in its shape frame (metres)
     * @return the mesh
     */
    public static ConvexHullMesh ofTriangles(TriangleGeometry shape) {
        HeightField field = shape instanceof HeightField f ? f : null;
        int count = 0;
        for (int t = 0; t < shape.triangleCount(); t++) {
            count += field == null || field.hasTriangle(t) ? 1 : 0;
        }
        float[] positions = new float[9 * count];
        float[] normals = new float[9 * count];
        double[] c = new double[9];
        double radius = 0;
        int k = 0;
        for (int t = 0; t < shape.triangleCount(); t++) {
            if (field != null && !field.hasTriangle(t)) {
                continue;
            }
            shape.triangle(t, c, 0);
            double ex = c[3] - c[0], ey = c[4] - c[1], ez = c[5] - c[2];
            double fx = c[6] - c[0], fy = c[7] - c[1], fz = c[8] - c[2];
            Vector3d n = new Vector3d(ey * fz - ez * fy, ez * fx - ex * fz, ex * fy - ey * fx).normalize();
            for (int i = 0; i < 3; i++) {
                positions[9 * k + 3 * i] = (float) c[3 * i];
                positions[9 * k + 3 * i + 1] = (float) c[3 * i + 1];
                positions[9 * k + 3 * i + 2] = (float) c[3 * i + 2];
                normals[9 * k + 3 * i] = (float) n.x;
                normals[9 * k + 3 * i + 1] = (float) n.y;
                normals[9 * k + 3 * i + 2] = (float) n.z;
                radius = Math.max(radius, Math.sqrt(c[3 * i] * c[3 * i] + c[3 * i + 1] * c[3 * i + 1] + c[3 * i + 2] * c[3 * i + 2]));
            }
            k++;
        }
        return new ConvexHullMesh(positions, normals, (float) radius);
    }

    private static void put(float[] dest, int at, Vector3dc p, Vector3dc q, Vector3dc r) {
        dest[at] = (float) p.x();
        dest[at + 1] = (float) p.y();
        dest[at + 2] = (float) p.z();
        dest[at + 3] = (float) q.x();
        dest[at + 4] = (float) q.y();
        dest[at + 5] = (float) q.z();
        dest[at + 6] = (float) r.x();
        dest[at + 7] = (float) r.y();
        dest[at + 8] = (float) r.z();
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
