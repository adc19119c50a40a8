package dev.tumble.core.collision.shape;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Bad sizes and degenerate hulls are rejected with messages naming the shape and value. */
class ShapeValidationTest {
    static void rejects(Executable e, String... words) {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, e);
        for (String w : words) {
            assertTrue(x.getMessage().contains(w), "message '" + x.getMessage() + "' should name " + w);
        }
    }

    @Test
    void badSizes() {
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            String v = String.valueOf(bad);
            rejects(() -> new Sphere(bad), "Sphere", "radius", v);
            rejects(() -> new Box(bad, 1, 1), "Box", "halfExtent.x", v);
            rejects(() -> new Box(1, bad, 1), "Box", "halfExtent.y", v);
            rejects(() -> new Box(1, 1, bad), "Box", "halfExtent.z", v);
            rejects(() -> new Capsule(bad, 1), "Capsule", "radius", v);
            rejects(() -> new Capsule(1, bad), "Capsule", "halfHeight", v);
        }
        rejects(() -> new HalfSpace(0, 0, 0, 1), "HalfSpace", "normal");
        rejects(() -> new Plane(Double.NaN, 1, 0, 1), "Plane", "normal");
        rejects(() -> new HalfSpace(0, 1, 0, Double.NaN), "HalfSpace.offset", "NaN");
    }

    @Test
    void hullNeedsFourNonCoplanarPoints() {
        rejects(() -> new ConvexHull(new Vector3d(), new Vector3d(1, 0, 0), new Vector3d(0, 1, 0)), "ConvexHull", "4", "3");
        rejects(() -> new ConvexHull(new Vector3d(), new Vector3d(1, 0, 0), new Vector3d(0, 1, 0), new Vector3d(1, 1, 0),
                new Vector3d(0.5, 0.2, 0)), "ConvexHull", "coplanar");
        rejects(() -> new ConvexHull(new Vector3d(), new Vector3d(1, 1, 1), new Vector3d(2, 2, 2), new Vector3d(3, 3, 3)),
                "ConvexHull", "collinear");
        rejects(() -> new ConvexHull(new Vector3d(1, 1, 1), new Vector3d(1, 1, 1), new Vector3d(1, 1, 1), new Vector3d(1, 1, 1)),
                "ConvexHull", "coincident");
        rejects(() -> new ConvexHull(new Vector3d(), new Vector3d(1, 0, 0), new Vector3d(0, 1, 0), new Vector3d(0, 0, Double.NaN)),
                "ConvexHull.points[3]");
    }

    @Test
    void unboundedShapesHaveNoMass() {
        assertThrows(UnsupportedOperationException.class, () -> new HalfSpace(0, 1, 0, 0).massProperties(1));
        assertThrows(UnsupportedOperationException.class, () -> new Plane(0, 1, 0, 0).massProperties(1));
    }
}
