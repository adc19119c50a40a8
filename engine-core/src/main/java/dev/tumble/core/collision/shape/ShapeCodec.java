package dev.tumble.core.collision.shape;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Writes and reads shapes for world snapshots: the kind, the offset pose and the size, every
 * double bit for bit, so a shape read back collides exactly as the one written. Reading checks
 * every value and throws {@link IllegalArgumentException} naming the bad one.
 *
 * <p>A {@link ConvexHull} is written as its hull vertices and rebuilt from them (the hull of a
 * hull's vertices is the same hull, bit for bit), then compared with a fingerprint of the written
 * hull's faces, normals and edges: hull bytes altered in the snapshot are refused rather than
 * silently colliding differently.
 */
public final class ShapeCodec {
    private static final int SPHERE = 1, BOX = 2, CAPSULE = 3, CONVEX_HULL = 4, PLANE = 5, HALF_SPACE = 6,
            TRIANGLE_MESH = 7, HEIGHT_FIELD = 8, CYLINDER = 9;
    /** Most mesh vertices or triangles, and heightfield samples, a snapshot may hold (against absurd counts in bad bytes). */
    private static final int MAX_ELEMENTS = 1 << 25;
    /** Most hull vertices a snapshot may hold (a bound against absurd counts in bad bytes). */
    private static final int MAX_HULL_VERTICES = 1 << 20;

    private ShapeCodec() {
    }

    /**
     * Writes a shape: kind, offset (position m, orientation w x y z), size (m).
     *
     * @param s the shape
     * @param out receives the bytes
     * @throws IOException when {@code out} fails
     */
    public static void write(Shape s, DataOutput out) throws IOException {
        out.writeByte(tag(s));
        Vector3dc p = s.offsetPosition();
        out.writeDouble(p.x());
        out.writeDouble(p.y());
        out.writeDouble(p.z());
        out.writeDouble(s.offsetOrientation().w());
        out.writeDouble(s.offsetOrientation().x());
        out.writeDouble(s.offsetOrientation().y());
        out.writeDouble(s.offsetOrientation().z());
        if (s instanceof Sphere sphere) {
            out.writeDouble(sphere.radius());
        } else if (s instanceof Box box) {
            out.writeDouble(box.hx());
            out.writeDouble(box.hy());
            out.writeDouble(box.hz());
        } else if (s instanceof Capsule capsule) {
            out.writeDouble(capsule.radius());
            out.writeDouble(capsule.halfHeight());
        } else if (s instanceof Cylinder cylinder) {
            out.writeDouble(cylinder.radius());
            out.writeDouble(cylinder.halfHeight());
        } else if (s instanceof ConvexHull hull) {
            double[] v = hull.rawVertices();
            out.writeInt(v.length / 3);
            for (double x : v) {
                out.writeDouble(x);
            }
            out.writeLong(fingerprint(hull));
        } else if (s instanceof Plane plane) {
            normalAndOffset(out, plane.normal(), plane.planeOffset());
        } else if (s instanceof TriangleMesh mesh) {
            MeshCodec.write(mesh, out);
        } else if (s instanceof HeightField field) {
            MeshCodec.write(field, out);
        } else {
            HalfSpace half = (HalfSpace) s;
            normalAndOffset(out, half.normal(), half.planeOffset());
        }
    }

    private static int tag(Shape s) {
        return switch (s.type()) {
            case SPHERE -> SPHERE;
            case BOX -> BOX;
            case CAPSULE -> CAPSULE;
            case CONVEX_HULL -> CONVEX_HULL;
            case CYLINDER -> CYLINDER;
            case PLANE -> PLANE;
            case HALF_SPACE -> HALF_SPACE;
            case TRIANGLE_MESH -> TRIANGLE_MESH;
            case HEIGHT_FIELD -> HEIGHT_FIELD;
        };
    }

    private static void normalAndOffset(DataOutput out, Vector3dc n, double offset) throws IOException {
        out.writeDouble(n.x());
        out.writeDouble(n.y());
        out.writeDouble(n.z());
        out.writeDouble(offset);
    }

    /**
     * Reads a shape written by {@link #write} as a new shape with exactly the written bits.
     *
     * @param in supplies the bytes
     * @param where names the shape in messages ("shape 1 of Body#3.0")
     * @return the new shape
     * @throws IOException when the bytes end early
     * @throws IllegalArgumentException for an unknown kind, a non-finite or out-of-range value,
     *     an offset orientation that is not a unit quaternion, or a hull that does not rebuild
     */
    public static Shape read(DataInput in, String where) throws IOException {
        return read(in, where, true);
    }

    /**
     * {@link #read(DataInput, String)}, optionally accepting a hull that rebuilds from its
     * vertices to the same solid but not the same bits (to check and step over a record whose
     * shape may not be needed).
     *
     * @param in supplies the bytes
     * @param where names the shape in messages
     * @param exact whether a hull that does not rebuild to the same bits is refused
     * @return the new shape
     * @throws IOException when the bytes end early
     * @throws IllegalArgumentException as {@link #read(DataInput, String)}
     */
    public static Shape read(DataInput in, String where, boolean exact) throws IOException {
        int tag = in.readUnsignedByte();
        if (tag < SPHERE || tag > CYLINDER) {
            throw new IllegalArgumentException("snapshot " + where + " has unknown shape tag " + tag + " (known: "
                    + SPHERE + ".." + CYLINDER + ")");
        }
        double[] pose = new double[7];
        for (int i = 0; i < pose.length; i++) {
            pose[i] = finite(in.readDouble(), where, "offset");
        }
        double q2 = pose[3] * pose[3] + pose[4] * pose[4] + pose[5] * pose[5] + pose[6] * pose[6];
        if (!(Math.abs(q2 - 1) <= 1e-6)) {
            throw new IllegalArgumentException("snapshot " + where + " offset orientation must be a unit quaternion, was [w="
                    + pose[3] + ", x=" + pose[4] + ", y=" + pose[5] + ", z=" + pose[6] + "]");
        }
        Shape s = switch (tag) {
            case SPHERE -> new Sphere(in.readDouble());
            case BOX -> new Box(in.readDouble(), in.readDouble(), in.readDouble());
            case CAPSULE -> new Capsule(in.readDouble(), in.readDouble());
            case CONVEX_HULL -> hull(in, where, exact);
            case CYLINDER -> new Cylinder(in.readDouble(), in.readDouble());
            case PLANE -> {
                Vector3d n = unitNormal(in, where);
                yield new Plane(n, finite(in.readDouble(), where, "plane offset"));
            }
            case TRIANGLE_MESH -> MeshCodec.readMesh(in, where, MAX_ELEMENTS);
            case HEIGHT_FIELD -> MeshCodec.readHeightField(in, where, MAX_ELEMENTS);
            default -> {
                Vector3d n = unitNormal(in, where);
                yield new HalfSpace(n, finite(in.readDouble(), where, "plane offset"));
            }
        };
        return s.offsetExact(pose[0], pose[1], pose[2], pose[3], pose[4], pose[5], pose[6]);
    }

    private static ConvexHull hull(DataInput in, String where, boolean exact) throws IOException {
        int n = in.readInt();
        if (n < 4 || n > MAX_HULL_VERTICES) {
            throw new IllegalArgumentException("snapshot " + where + " hull vertex count must be 4.." + MAX_HULL_VERTICES
                    + ", was " + n);
        }
        Vector3d[] points = new Vector3d[n];
        for (int i = 0; i < n; i++) {
            points[i] = new Vector3d(in.readDouble(), in.readDouble(), in.readDouble());
        }
        long written = in.readLong();
        ConvexHull hull = new ConvexHull(points);
        if (!exact) {
            return hull;
        }
        if (hull.vertexCount() != n || fingerprint(hull) != written) {
            throw new IllegalArgumentException("snapshot " + where + " hull does not rebuild from its " + n
                    + " vertices to the same faces and edges");
        }
        for (int i = 0; i < n; i++) {
            Vector3d v = hull.vertex(i, new Vector3d());
            if (!v.equals(points[i])) {
                throw new IllegalArgumentException("snapshot " + where + " hull vertex " + i + " rebuilds as " + v
                        + ", was written as " + points[i]);
            }
        }
        return hull;
    }

    private static Vector3d unitNormal(DataInput in, String where) throws IOException {
        Vector3d n = new Vector3d(finite(in.readDouble(), where, "normal"), finite(in.readDouble(), where, "normal"),
                finite(in.readDouble(), where, "normal"));
        if (!(Math.abs(n.lengthSquared() - 1) <= 1e-9)) {
            throw new IllegalArgumentException("snapshot " + where + " normal must be unit, was " + n);
        }
        return n;
    }

    private static double finite(double v, String where, String field) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("snapshot " + where + " " + field + " must be finite, was " + v);
        }
        return v;
    }

    /**
     * @param hull a hull
     * @return a 64-bit FNV-1a hash of every bit the narrow phase reads from the hull (vertices,
     *     faces, normals, offsets, edges, edge directions, volume, radii): equal for hulls that
     *     collide identically
     */
    public static long fingerprint(ConvexHull hull) {
        long h = 0xCBF29CE484222325L;
        h = mix(h, hull.rawVertices());
        h = mix(h, hull.rawFaceNormals());
        h = mix(h, hull.rawFaceOffsets());
        h = mix(h, hull.rawEdgeDirections());
        h = mix(h, hull.rawEdges());
        h = mix(h, hull.rawEdgeDirectionOf());
        for (int[] face : hull.rawFaces()) {
            h = mix(h, face);
        }
        h = mix(h, new double[] {hull.volume(), hull.boundingRadius(), hull.innerRadius()});
        return h;
    }

    private static long mix(long h, double[] values) {
        h = (h ^ values.length) * 0x100000001B3L;
        for (double v : values) {
            h = (h ^ Double.doubleToLongBits(v)) * 0x100000001B3L;
        }
        return h;
    }

    private static long mix(long h, int[] values) {
        h = (h ^ values.length) * 0x100000001B3L;
        for (int v : values) {
            h = (h ^ v) * 0x100000001B3L;
        }
        return h;
    }
}
