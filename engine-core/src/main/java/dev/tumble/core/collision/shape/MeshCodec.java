package dev.tumble.core.collision.shape;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * {@link ShapeCodec}'s part for the triangle shapes: the data they are built from, every double
 * bit for bit. The hierarchy and edge masks are not written: they are rebuilt, deterministically,
 * from that data, and the constructors check every value read.
 */
final class MeshCodec {
    private MeshCodec() {
    }

    /** Vertex count, vertices (x, y, z), triangle count, corners (i, j, k), active-edge angle (rad). */
    static void write(TriangleMesh mesh, DataOutput out) throws IOException {
        double[] v = mesh.rawVertices();
        int[] t = mesh.rawTriangles();
        out.writeInt(v.length / 3);
        for (double x : v) {
            out.writeDouble(x);
        }
        out.writeInt(t.length / 3);
        for (int i : t) {
            out.writeInt(i);
        }
        out.writeDouble(mesh.activeEdgeAngle());
    }

    /** Rows, columns, dx, dz (m), active-edge angle (rad), heights row-major (m), then a hole flag and mask. */
    static void write(HeightField f, DataOutput out) throws IOException {
        out.writeInt(f.rows());
        out.writeInt(f.columns());
        out.writeDouble(f.spacingX());
        out.writeDouble(f.spacingZ());
        out.writeDouble(f.activeEdgeAngle());
        for (double h : f.rawHeights()) {
            out.writeDouble(h);
        }
        boolean[] holes = f.rawHoles();
        out.writeBoolean(holes != null);
        if (holes != null) {
            for (boolean b : holes) {
                out.writeBoolean(b);
            }
        }
    }

    static TriangleMesh readMesh(DataInput in, String where, int max) throws IOException {
        int n = count(in.readInt(), where, "mesh vertex count", max);
        double[] v = new double[3 * n];
        for (int i = 0; i < v.length; i++) {
            v[i] = in.readDouble();
        }
        int m = count(in.readInt(), where, "mesh triangle count", max);
        int[] t = new int[3 * m];
        for (int i = 0; i < t.length; i++) {
            t[i] = in.readInt();
        }
        double angle = in.readDouble();
        try {
            return new TriangleMesh(v, t, angle);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("snapshot " + where + " " + e.getMessage(), e);
        }
    }

    static HeightField readHeightField(DataInput in, String where, int max) throws IOException {
        int rows = count(in.readInt(), where, "heightfield rows", max);
        int columns = count(in.readInt(), where, "heightfield columns", max);
        if ((long) rows * columns > max) {
            throw new IllegalArgumentException("snapshot " + where + " heightfield of " + rows + "×" + columns
                    + " samples exceeds " + max);
        }
        double dx = in.readDouble(), dz = in.readDouble(), angle = in.readDouble();
        double[][] heights = new double[rows][columns];
        for (double[] row : heights) {
            for (int c = 0; c < columns; c++) {
                row[c] = in.readDouble();
            }
        }
        boolean[][] holes = null;
        if (in.readBoolean()) {
            holes = new boolean[rows][columns];
            for (boolean[] row : holes) {
                for (int c = 0; c < columns; c++) {
                    row[c] = in.readBoolean();
                }
            }
        }
        try {
            HeightField f = new HeightField(heights, holes, dx, dz, angle);
            if (holes != null && !f.hasHoles()) {
                throw new IllegalArgumentException("hole mask is written but marks no sample");
            }
            return f;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("snapshot " + where + " " + e.getMessage(), e);
        }
    }

    private static int count(int n, String where, String field, int max) {
        if (n < 0 || n > max) {
            throw new IllegalArgumentException("snapshot " + where + " " + field + " must be 0.." + max + ", was " + n);
        }
        return n;
    }
}
