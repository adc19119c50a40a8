package dev.tumble.core.collision.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Rays that start far from a small round shape: the hit or miss is the one the geometry says,
 * and the normal stays unit, however many digits the distance takes from the radius.
 */
class FarRayTest {
    private static final double FAR = 1e8; // m: the squared distance, 1e16, has no digit left for r² = 0.01

    @Test
    void aFarRayPassingInsideTheRadiusHitsAtTheRightDistance() {
        Vector3d n = new Vector3d();
        double t = new Sphere(0.1).castRayLocal(-FAR, 0.06, 0, 1, 0, 0, 2 * FAR, n);
        assertEquals(FAR - Math.sqrt(0.01 - 0.06 * 0.06), t, 1e-6);
        assertEquals(1, n.length(), 1e-15);
        assertEquals(-0.8, n.x, 1e-6);
        assertEquals(0.6, n.y, 1e-6);
    }

    @Test
    void aFarRayPassingOutsideTheRadiusMisses() {
        assertEquals(-1, new Sphere(0.1).castRayLocal(-FAR, 0.15, 0, 1, 0, 0, 2 * FAR, new Vector3d()));
        assertEquals(-1, new Capsule(0.1, 0.5).castRayLocal(-FAR, 0.8, 0, 1, 0, 0, 2 * FAR, new Vector3d()));
    }

    @Test
    void theNormalOfAnyHitIsUnitEvenFromAstronomicalDistances() {
        Vector3d n = new Vector3d();
        for (double far = 1e10; far < 1e150; far *= 1e7) {
            double t = new Sphere(0.1).castRayLocal(-far, 1e-3 * 0.1, 0, 1, 1e-300, 0, 2 * far, n);
            if (t >= 0) {
                assertEquals(1, n.length(), 1e-12, "from " + far + " m");
            }
        }
        double t = new Sphere(0.1).castRayLocal(-1e109, 0, 0, 1, 0, 0, 2e109, n);
        assertTrue(t >= 0, "a ray aimed at the centre hits");
        assertEquals(1, n.length(), 1e-12);
    }
}
