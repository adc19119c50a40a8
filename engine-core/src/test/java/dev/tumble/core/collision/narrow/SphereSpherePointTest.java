package dev.tumble.core.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Sphere;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Regression (Cyclone quirks, golden C12 and C14): Cyclone puts the sphere–sphere point at
 * {@code p1 + (p1 − p2)/2}, outside sphere one, and drops coincident centres.
 */
class SphereSpherePointTest {
    @Test
    void pointIsMidwayBetweenTheSurfaces() {
        ContactManifold m = new ContactManifold();
        new NarrowPhase().collide(new Sphere(0.5), new Pose().set(0, 1, 0, 1, 0, 0, 0), new Sphere(0.4),
                new Pose().set(0.6, 1.3, 0.2, 1, 0, 0, 0), m);
        ContactPoint c = m.get(0);
        Vector3d a = new Vector3d(0, 1, 0), b = new Vector3d(0.6, 1.3, 0.2);
        Vector3d n = new Vector3d(a).sub(b).normalize();
        Vector3d surfA = new Vector3d(a).fma(-0.5, n), surfB = new Vector3d(b).fma(0.4, n);
        Vector3d mid = surfA.add(surfB).mul(0.5);
        assertEquals(0, c.point.distance(mid), 1e-12);
        assertEquals(0.2, c.penetration, 1e-12);
        // Cyclone's point (−0.3, 0.85, −0.1) is 0.7 from A's centre: outside A (radius 0.5).
        assertEquals(true, c.point.distance(a) < 0.5 && c.point.distance(b) < 0.4);
    }

    @Test
    void coincidentCentres() {
        ContactManifold m = new ContactManifold();
        Pose p = new Pose().set(1, 1, 1, 1, 0, 0, 0);
        assertEquals(1, new NarrowPhase().collide(new Sphere(0.5), p, new Sphere(0.5), p, m));
        ContactPoint c = m.get(0);
        assertEquals(1, c.normal.length(), 1e-12);
        assertEquals(1.0, c.penetration, 1e-12);
        assertEquals(true, Double.isFinite(c.point.x + c.point.y + c.point.z));
    }
}
