package dev.tumble.core.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Pose;
import org.junit.jupiter.api.Test;

/** Regression (Cyclone quirk, golden C20/C21): boxAndPoint's normal points the wrong way for body 0 = box. */
class BoxPointNormalTest {
    @Test
    void boxMovesAwayFromThePoint() {
        ContactManifold m = new ContactManifold();
        assertEquals(1, NarrowPhase.boxAndPoint(new Box(1, 0.5, 0.5), new Pose(), 0.9, 0.1, 0, m));
        ContactPoint c = m.get(0);
        assertEquals(-1, c.normal.x, 0, "the box must move −x so the point leaves through +x");
        assertEquals(0.1, c.penetration, 1e-12);
        assertEquals(0.95, c.point.x, 1e-12);
        m.clear();
        assertEquals(0, NarrowPhase.boxAndPoint(new Box(1, 0.5, 0.5), new Pose(), 0.2, 0.6, 0, m));
    }
}
