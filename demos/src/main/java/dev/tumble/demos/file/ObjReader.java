package dev.tumble.demos.file;

import dev.tumble.core.collision.shape.TriangleMesh;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the geometry of a Wavefront OBJ file as a {@link TriangleMesh}: {@code v x y z} lines
 * (a fourth weight is ignored) and {@code f} lines, whose corners may carry texture and normal
 * indices ({@code 3/1/2}, {@code 3//2}: only the vertex index is used). Indices are 1-based, or
 * negative to count back from the last vertex read so far. A polygon is fanned into triangles from
 * its first corner, keeping its winding (OBJ faces are counter-clockwise seen from the front, as
 * the mesh's are). Every other line (normals, texture coordinates, groups, materials) is skipped.
 * Units are the file's, taken as metres.
 */
public final class ObjReader {
    private static final Pattern TRIANGLE = Pattern.compile("triangles\\[(\\d+)]");

    private ObjReader() {
    }

    /**
     * @param file an OBJ file (UTF-8 or ASCII)
     * @return its triangles as a mesh
     * @throws IOException when the file cannot be read
     * @throws IllegalArgumentException naming the file and line of a bad value
     */
    public static TriangleMesh read(Path file) throws IOException {
        return parse(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
    }

    /**
     * @param name names the text in messages
     * @param text the OBJ text
     * @return its triangles as a mesh
     * @throws IllegalArgumentException "name:line: problem" for a bad value
     */
    public static TriangleMesh parse(String name, String text) {
        double[] v = new double[48];
        int nv = 0;
        int[] t = new int[48];
        int nt = 0;
        int[] lineOf = new int[16];
        String[] lines = text.split("\r?\n|\r", -1);
        for (int ln = 0; ln < lines.length; ln++) {
            String line = lines[ln];
            int hash = line.indexOf('#');
            if (hash >= 0) {
                line = line.substring(0, hash);
            }
            String[] w = line.trim().split("\\s+");
            String where = name + ":" + (ln + 1) + ": ";
            if (w[0].equals("v")) {
                if (w.length < 4 || w.length > 5) {
                    throw new IllegalArgumentException(where + "a vertex needs x y z, found " + (w.length - 1) + " values");
                }
                if (3 * nv + 3 > v.length) {
                    v = Arrays.copyOf(v, 2 * v.length);
                }
                for (int k = 0; k < 3; k++) {
                    v[3 * nv + k] = number(w[k + 1], where);
                }
                nv++;
            } else if (w[0].equals("f")) {
                if (w.length < 4) {
                    throw new IllegalArgumentException(where + "a face needs at least 3 corners, found " + (w.length - 1));
                }
                int first = index(w[1], nv, where);
                int prev = index(w[2], nv, where);
                for (int k = 3; k < w.length; k++) {
                    int next = index(w[k], nv, where);
                    if (3 * nt + 3 > t.length) {
                        t = Arrays.copyOf(t, 2 * t.length);
                    }
                    if (nt + 1 > lineOf.length) {
                        lineOf = Arrays.copyOf(lineOf, 2 * lineOf.length);
                    }
                    t[3 * nt] = first;
                    t[3 * nt + 1] = prev;
                    t[3 * nt + 2] = next;
                    lineOf[nt++] = ln + 1;
                    prev = next;
                }
            }
        }
        if (nt == 0) {
            throw new IllegalArgumentException(name + ": no faces (f lines)");
        }
        try {
            return new TriangleMesh(Arrays.copyOf(v, 3 * nv), Arrays.copyOf(t, 3 * nt));
        } catch (IllegalArgumentException e) {
            Matcher m = TRIANGLE.matcher(e.getMessage());
            String line = m.find() ? ":" + lineOf[Integer.parseInt(m.group(1))] : "";
            throw new IllegalArgumentException(name + line + ": " + e.getMessage(), e);
        }
    }

    private static double number(String s, String where) {
        try {
            double x = Double.parseDouble(s);
            if (Double.isFinite(x)) {
                return x;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(where + "expected a finite number, found '" + JsonCursor.quote(s) + "'");
    }

    /** The 0-based vertex index of a face corner {@code i}, {@code i/t}, {@code i//n} or {@code i/t/n}. */
    private static int index(String corner, int vertices, String where) {
        int slash = corner.indexOf('/');
        String s = slash < 0 ? corner : corner.substring(0, slash);
        int i;
        try {
            i = Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + "expected a vertex index, found '" + JsonCursor.quote(corner) + "'");
        }
        int zeroBased = i > 0 ? i - 1 : vertices + i;
        if (i == 0 || zeroBased < 0 || zeroBased >= vertices) {
            throw new IllegalArgumentException(where + "vertex index " + i + " out of range: " + vertices
                    + " vertices so far (1.." + vertices + ", or -1..-" + vertices + " from the last)");
        }
        return zeroBased;
    }
}
