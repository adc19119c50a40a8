package dev.tumble.core.math;

import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/** Closed, outward-wound triangle meshes for mass-property tests. */
final class Meshes {
    final Vector3dc[] vertices;
    final int[] triangles;

    private Meshes(List<Vector3d> vertices, List<Integer> triangles) {
        this.vertices = vertices.toArray(new Vector3dc[0]);
        this.triangles = triangles.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The 12-triangle box with half-extents (hx, hy, hz) centred at c. */
    static Meshes box(double hx, double hy, double hz, Vector3dc c) {
        List<Vector3d> v = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            // bit 0: x, bit 1: y, bit 2: z (set = positive side)
            v.add(new Vector3d((i & 1) != 0 ? hx : -hx, (i & 2) != 0 ? hy : -hy, (i & 4) != 0 ? hz : -hz).add(c));
        }
        int[][] quads = {  // counter-clockwise seen from outside
            {1, 3, 7, 5},  // +x
            {0, 4, 6, 2},  // −x
            {2, 6, 7, 3},  // +y
            {0, 1, 5, 4},  // −y
            {4, 5, 7, 6},  // +z
            {0, 2, 3, 1},  // −z
        };
        List<Integer> t = new ArrayList<>();
        for (int[] q : quads) {
            t.addAll(List.of(q[0], q[1], q[2], q[0], q[2], q[3]));
        }
        return new Meshes(v, t);
    }

    /**
     * A capsule along y of radius r and half-height h (cylinder part), tessellated with
     * {@code segments} around and {@code rings} latitude bands per hemisphere. Vertices lie on
     * the true surface, so the polyhedron is slightly inside it.
     */
    static Meshes capsule(double r, double h, int segments, int rings) {
        List<Vector3d> v = new ArrayList<>();
        List<Integer> t = new ArrayList<>();
        // Latitude rows from the top pole to the bottom pole; the two equator rows are where the
        // hemispheres meet the cylinder.
        List<double[]> rows = new ArrayList<>();  // {y, radius}
        for (int i = 1; i <= rings; i++) {
            double phi = Math.PI / 2 * i / rings;  // from the pole
            rows.add(new double[] {h + r * Math.cos(phi), r * Math.sin(phi)});
        }
        for (int i = rings; i >= 1; i--) {
            double phi = Math.PI / 2 * i / rings;
            rows.add(new double[] {-h - r * Math.cos(phi), r * Math.sin(phi)});
        }
        int top = 0;
        v.add(new Vector3d(0, h + r, 0));
        for (double[] row : rows) {
            for (int s = 0; s < segments; s++) {
                double theta = 2 * Math.PI * s / segments;
                v.add(new Vector3d(row[1] * Math.cos(theta), row[0], -row[1] * Math.sin(theta)));
            }
        }
        int bottom = v.size();
        v.add(new Vector3d(0, -h - r, 0));
        int nRows = rows.size();
        // θ grows counter-clockwise seen from +y (x toward −z).
        for (int s = 0; s < segments; s++) {
            int s1 = (s + 1) % segments;
            t.addAll(List.of(top, 1 + s, 1 + s1));
        }
        for (int row = 0; row + 1 < nRows; row++) {
            int a = 1 + row * segments, b = 1 + (row + 1) * segments;
            for (int s = 0; s < segments; s++) {
                int s1 = (s + 1) % segments;
                t.addAll(List.of(a + s, b + s, b + s1));
                t.addAll(List.of(a + s, b + s1, a + s1));
            }
        }
        int last = 1 + (nRows - 1) * segments;
        for (int s = 0; s < segments; s++) {
            int s1 = (s + 1) % segments;
            t.addAll(List.of(bottom, last + s1, last + s));
        }
        return new Meshes(v, t);
    }
}
