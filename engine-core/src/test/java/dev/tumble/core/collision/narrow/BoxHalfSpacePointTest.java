package dev.tumble.core.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Pose;
import org.junit.jupiter.api.Test;

/** Regression (Cyclone quirk, golden C07): Cyclone's box–half-space point is twice as deep as the vertex. */
class BoxHalfSpacePointTest {
    @Test
    void pointIsHalfwayBetweenVertexAndPlane() {
        ContactManifold m = new ContactManifold();
        int n = new NarrowPhase().collide(new Box(1, 0.5, 0.75), new Pose().set(0, 0.48, 0, 1, 0, 0, 0),
                new HalfSpace(0, 1, 0, 0), new Pose(), m);
        assertEquals(4, n);
        for (int i = 0; i < n; i++) {
            ContactPoint c = m.get(i);
            assertEquals(-0.01, c.point.y, 1e-12, "vertex at −0.02, plane at 0");
            assertEquals(0.02, c.penetration, 1e-12);
            assertEquals(1, c.normal.y, 0);
        }
    }
}
