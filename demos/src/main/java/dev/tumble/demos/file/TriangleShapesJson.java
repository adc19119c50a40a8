package dev.tumble.demos.file;

import static dev.tumble.demos.file.SceneReader.MAX_COORDINATE;
import static dev.tumble.demos.file.SceneReader.MAX_SIZE;
import static dev.tumble.demos.file.SceneReader.MIN_SIZE;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tumble.core.collision.shape.HeightField;
import dev.tumble.core.collision.shape.TriangleMesh;
import java.util.List;

/**
 * The scene-file forms of the triangle shapes: {@code {"type": "mesh", "vertices": [[x, y, z], …],
 * "triangles": [[i, j, k], …]}} and {@code {"type": "heightfield", "heights": [[h00, h01, …], …],
 * "spacing": [dx, dz]}} (row r at z = r·dz, column c at x = c·dx; a {@code null} height is a hole).
 * Every bad value fails with its JSON path.
 */
final class TriangleShapesJson {
    private TriangleShapesJson() {
    }

    static TriangleMesh mesh(JsonCursor s) throws SceneFileException {
        List<JsonCursor> vs = s.array("vertices");
        double[] v = new double[3 * vs.size()];
        for (int i = 0; i < vs.size(); i++) {
            System.arraycopy(vs.get(i).numbers(3, MAX_COORDINATE, "m"), 0, v, 3 * i, 3);
        }
        List<JsonCursor> ts = s.array("triangles");
        if (ts.isEmpty()) {
            throw s.get("triangles").fail("a mesh needs at least one triangle, found 0");
        }
        int[] t = new int[3 * ts.size()];
        for (int i = 0; i < ts.size(); i++) {
            JsonCursor tri = ts.get(i);
            List<JsonCursor> corners = tri.array();
            if (corners.size() != 3) {
                throw tri.fail("expected 3 vertex indices, found " + corners.size());
            }
            for (int k = 0; k < 3; k++) {
                int index = corners.get(k).integer();
                if (index < 0 || index >= vs.size()) {
                    throw corners.get(k).fail("vertex index " + index + " out of range [0, " + vs.size() + ")");
                }
                t[3 * i + k] = index;
            }
            if (t[3 * i] == t[3 * i + 1] || t[3 * i + 1] == t[3 * i + 2] || t[3 * i + 2] == t[3 * i]) {
                throw tri.fail("a triangle needs three different vertices, was [" + t[3 * i] + ", " + t[3 * i + 1] + ", "
                        + t[3 * i + 2] + "]");
            }
        }
        try {
            return new TriangleMesh(v, t);
        } catch (IllegalArgumentException e) {
            // Degenerate triangles: the message names the triangle's index.
            throw s.get("triangles").fail(e.getMessage());
        }
    }

    static HeightField heightField(JsonCursor s) throws SceneFileException {
        List<JsonCursor> rows = s.array("heights");
        if (rows.size() < 2) {
            throw s.get("heights").fail("a heightfield needs at least 2 rows, found " + rows.size());
        }
        int columns = -1;
        double[][] h = new double[rows.size()][];
        boolean[][] holes = new boolean[rows.size()][];
        for (int r = 0; r < rows.size(); r++) {
            List<JsonCursor> row = rows.get(r).array();
            if (r == 0) {
                columns = row.size();
                if (columns < 2) {
                    throw rows.get(0).fail("a heightfield needs at least 2 heights per row, found " + columns);
                }
            } else if (row.size() != columns) {
                throw rows.get(r).fail("expected " + columns + " heights like row 0, found " + row.size());
            }
            h[r] = new double[columns];
            holes[r] = new boolean[columns];
            for (int c = 0; c < columns; c++) {
                JsonCursor x = row.get(c);
                if (x.node.isNull()) {
                    holes[r][c] = true;
                } else {
                    h[r][c] = x.inRange(-MAX_COORDINATE, MAX_COORDINATE, "m");
                }
            }
        }
        List<JsonCursor> spacing = s.array("spacing");
        if (spacing.size() != 2) {
            throw s.get("spacing").fail("expected 2 numbers [dx, dz], found " + spacing.size());
        }
        double[] d = new double[2];
        for (int i = 0; i < 2; i++) {
            double x = spacing.get(i).number();
            if (!(x > 0)) {
                throw spacing.get(i).fail("spacing must be > 0 m, was " + x);
            }
            d[i] = spacing.get(i).inRange(MIN_SIZE, MAX_SIZE, "m");
        }
        try {
            return new HeightField(h, holes, d[0], d[1], HeightField.DEFAULT_ACTIVE_EDGE_ANGLE);
        } catch (IllegalArgumentException e) {
            throw s.fail(e.getMessage());
        }
    }

    static void write(TriangleMesh m, ObjectNode o, JsonNodeFactory f) {
        requireDefaultAngle(m, m.activeEdgeAngle());
        o.put("type", "mesh");
        double[] v = m.vertices();
        ArrayNode vs = o.putArray("vertices");
        for (int i = 0; i < v.length; i += 3) {
            vs.add(f.arrayNode().add(v[i]).add(v[i + 1]).add(v[i + 2]));
        }
        int[] t = m.triangleIndices();
        ArrayNode ts = o.putArray("triangles");
        for (int i = 0; i < t.length; i += 3) {
            ts.add(f.arrayNode().add(t[i]).add(t[i + 1]).add(t[i + 2]));
        }
    }

    static void write(HeightField hf, ObjectNode o, JsonNodeFactory f) {
        requireDefaultAngle(hf, hf.activeEdgeAngle());
        o.put("type", "heightfield");
        ArrayNode rows = o.putArray("heights");
        for (int r = 0; r < hf.rows(); r++) {
            ArrayNode row = rows.addArray();
            for (int c = 0; c < hf.columns(); c++) {
                if (hf.isHole(r, c)) {
                    row.addNull();
                } else {
                    row.add(hf.height(r, c));
                }
            }
        }
        o.set("spacing", f.arrayNode().add(hf.spacingX()).add(hf.spacingZ()));
    }

    /** The file format has no field for the active-edge angle: refuse rather than lose it. */
    private static void requireDefaultAngle(Object shape, double angle) {
        if (angle != TriangleMesh.DEFAULT_ACTIVE_EDGE_ANGLE) {
            throw new IllegalStateException("no scene-file form for " + shape + " with activeEdgeAngle " + angle
                    + " rad (files hold the default, 5°)");
        }
    }
}
