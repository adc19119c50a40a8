package dev.tumble.core.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Sphere;
import org.junit.jupiter.api.Test;

/**
 * Regression (Cyclone quirk, golden C19): with the sphere centre inside the box Cyclone's normal
 * is {@code (closest − centre)} normalised, a zero vector. Ours leaves through the nearest face.
 */
class SphereCentreInsideBoxTest {
    @Test
    void goldenC19GetsTheNearestFaceNormal() {
        // Box C19: half (1, 0.5, 0.5) rotated about y; sphere r 0.3 at local (0.2, 0.1, 0): nearest face +y (gap 0.4).
        Pose box = new Pose().set(0, 0, 0, 0.9800665778412416, 0, 0.19866933079506122, 0);
        Pose sphere = new Pose().set(0.18421219880057704, 0.1, -0.0778836684617301, 1, 0, 0, 0);
        ContactManifold m = new ContactManifold();
        assertEquals(1, new NarrowPhase().collide(new Box(1, 0.5, 0.5), box, new Sphere(0.3), sphere, m));
        ContactPoint c = m.get(0);
        // Normal from sphere to box: the box must move down (−y) to let the sphere out of its +y face.
        assertEquals(0, c.normal.x, 1e-12);
        assertEquals(-1, c.normal.y, 1e-12);
        assertEquals(0, c.normal.z, 1e-12);
        assertEquals(0.3 + 0.4, c.penetration, 1e-12);
        // Midway between the face point (y = 0.5) and the sphere's deepest point (y = 0.1 − 0.3).
        assertEquals(0.5 * (0.5 + (0.1 - 0.3)), c.point.y, 1e-12);
    }

    @Test
    void centreExactlyAtTheBoxCentreIsStillValid() {
        ContactManifold m = new ContactManifold();
        new NarrowPhase().collide(new Sphere(0.2), new Pose(), new Box(1, 2, 3), new Pose(), m);
        ContactPoint c = m.get(0);
        assertEquals(1, c.normal.length(), 1e-12);
        assertEquals(1, Math.abs(c.normal.x), 1e-12, "nearest face is ±x");
        assertEquals(1.2, c.penetration, 1e-12);
    }
}
