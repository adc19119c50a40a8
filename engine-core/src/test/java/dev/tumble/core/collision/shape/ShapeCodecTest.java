package dev.tumble.core.collision.shape;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Every kind of shape, with an offset, reads back from a snapshot as a shape with exactly the
 * written bits; a convex hull is rebuilt from its vertices to the same faces and edges.
 */
class ShapeCodecTest {

    private static byte[] bytes(Shape s) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ShapeCodec.write(s, new DataOutputStream(out));
        return out.toByteArray();
    }

    private static Shape read(byte[] b) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(b));
        Shape s = ShapeCodec.read(in, "shape");
        assertEquals(0, in.available(), "the whole record is read");
        return s;
    }

    private static void roundTrips(Shape s) throws IOException {
        byte[] written = bytes(s);
        Shape back = read(written);
        assertEquals(s.getClass(), back.getClass());
        assertArrayEquals(written, bytes(back), "same bits: " + s);
        assertEquals(s.hasIdentityOffset(), back.hasIdentityOffset());
        assertEquals(Double.doubleToLongBits(s.innerRadiusAtBodyOrigin()), Double.doubleToLongBits(back.innerRadiusAtBodyOrigin()));
    }

    @Test
    void everyKindOfShapeReadsBackWithTheSameBits() throws IOException {
        Quaterniond q = new Quaterniond().rotateXYZ(0.3, -1.1, 2.2);
        roundTrips(new Sphere(0.37).offset(new Vector3d(0.1, 0.2, 0.3), q));
        roundTrips(new Box(0.1, 0.7, 1.3).offset(new Vector3d(-1, 0, 1e-9), q));
        roundTrips(new Capsule(0.25, 0.6));
        roundTrips(new Plane(1, 2, 3, 0.7));
        roundTrips(new HalfSpace(-0.3, 1, 0.1, -2).offset(new Vector3d(0, 1, 0), q));
    }

    /** Random clouds, sphere samples and prisms (coplanar caps, collinear points). */
    static ConvexHull[] hulls() {
        Random rnd = new Random(77);
        java.util.List<ConvexHull> hulls = new java.util.ArrayList<>();
        for (int t = 0; t < 60; t++) {
            int n = 4 + rnd.nextInt(40);
            Vector3d[] points = new Vector3d[n];
            for (int i = 0; i < n; i++) {
                points[i] = switch (t % 3) {
                    case 0 -> new Vector3d(rnd.nextDouble(), rnd.nextDouble(), rnd.nextDouble()).mul(2).sub(1, 1, 1);
                    case 1 -> new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalize(0.5 + t * 0.01);
                    default -> new Vector3d(Math.cos(i * 2 * Math.PI / n * 2), i % 2 == 0 ? -0.5 : 0.5,
                            Math.sin(i * 2 * Math.PI / n * 2));
                };
            }
            try {
                hulls.add(new ConvexHull(points));
            } catch (IllegalArgumentException degenerate) {
                // too few distinct points for a solid: not a hull to write
            }
        }
        return hulls.toArray(new ConvexHull[0]);
    }

    @Test
    void aConvexHullRebuildsToTheSameBitsOrIsRefused() throws IOException {
        // ConvexHull can only be built from points, and building it from its own vertices does
        // not always give back the same face and vertex order: such a hull is refused by name
        // rather than rebuilt to bits that would collide differently.
        int rebuilt = 0, refused = 0;
        for (ConvexHull hull : hulls()) {
            hull.offset(new Vector3d(0.2, 0, 0), new Quaterniond().rotateY(0.3));
            byte[] written = bytes(hull);
            try {
                Shape back = read(written);
                assertArrayEquals(written, bytes(back));
                assertEquals(ShapeCodec.fingerprint(hull), ShapeCodec.fingerprint((ConvexHull) back));
                rebuilt++;
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage().contains("hull does not rebuild"), e.getMessage());
                refused++;
            }
        }
        assertTrue(rebuilt > 0, "some hulls rebuild: " + rebuilt + " rebuilt, " + refused + " refused");
    }

    @Test
    void badValuesAreRefusedByName() throws IOException {
        byte[] sphere = bytes(new Sphere(1));
        byte[] unknown = sphere.clone();
        unknown[0] = 42;
        assertTrue(assertThrows(IllegalArgumentException.class, () -> read(unknown)).getMessage().contains("unknown shape tag 42"));
        byte[] zeroQuaternion = sphere.clone();
        for (int k = 0; k < 4; k++) {
            ByteBuffer.wrap(zeroQuaternion).putDouble(1 + 24 + 8 * k, 0);
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> read(zeroQuaternion)).getMessage().contains("orientation"));
        byte[] negative = sphere.clone();
        ByteBuffer.wrap(negative).putDouble(1 + 56, -1);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> read(negative)).getMessage().contains("radius"));
        byte[] hull = bytes(new ConvexHull(new Vector3d(0, 0, 0), new Vector3d(1, 0, 0), new Vector3d(0, 1, 0),
                new Vector3d(0, 0, 1)));
        ByteBuffer.wrap(hull).putDouble(1 + 56 + 4, 0.5); // a vertex moved: not the written hull
        assertTrue(assertThrows(IllegalArgumentException.class, () -> read(hull)).getMessage().contains("hull"));
    }
}
