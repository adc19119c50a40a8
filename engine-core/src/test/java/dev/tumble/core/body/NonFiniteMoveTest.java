package dev.tumble.core.body;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.world.World;
import java.util.function.Consumer;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * {@link RigidBody#translate} and {@link RigidBody#rotateByScaledAxis} refuse non-finite
 * arguments and moves whose result would not be finite. Accepted, a NaN position was saved as
 * the step's "last finite state", so the quarantine's restore threw and every later step did too.
 */
class NonFiniteMoveTest {
    private static final double NAN = Double.NaN;
    private static final double INF = Double.POSITIVE_INFINITY;

    private static double[] poseAndTransform(RigidBody b) {
        double[] all = new double[7 + 12];
        b.getPose(all, 0);
        System.arraycopy(b.getTransform(new double[12]), 0, all, 7, 12);
        return all;
    }

    private static void refused(RigidBody b, String expectedInMessage, Consumer<RigidBody> call) {
        double[] before = poseAndTransform(b);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> call.accept(b));
        assertTrue(e.getMessage().contains(expectedInMessage), "message names the problem: " + e.getMessage());
        assertArrayEquals(before, poseAndTransform(b), "body unchanged");
    }

    @Test
    void translateByNonFiniteAmountsIsRefused() {
        RigidBody b = RigidBody.dynamic().position(1, 2, 3);
        refused(b, "direction", x -> x.translate(NAN, 0, 0, 1));
        refused(b, "direction", x -> x.translate(0, INF, 0, 1));
        refused(b, "distance", x -> x.translate(1, 0, 0, NAN));
        refused(b, "distance", x -> x.translate(new Vector3d(1, 0, 0), -INF));
        refused(b, "direction", x -> x.translate(new Vector3d(0, 0, NAN), 1));
    }

    @Test
    void translateThatOverflowsThePositionIsRefused() {
        RigidBody b = RigidBody.dynamic().position(1e308, 0, 0);
        refused(b, "position", x -> x.translate(1, 0, 0, 1e308));
        // A finite direction times a finite distance can overflow on its own.
        refused(b, "position", x -> x.translate(0, 1e200, 0, 1e200));
    }

    @Test
    void rotateByNonFiniteAmountsIsRefused() {
        RigidBody b = RigidBody.dynamic().orientation(0.9, 0.1, 0.3, -0.2);
        refused(b, "axis", x -> x.rotateByScaledAxis(INF, 0, 0, 1));
        refused(b, "axis", x -> x.rotateByScaledAxis(0, NAN, 0, 1));
        refused(b, "scale", x -> x.rotateByScaledAxis(0, 0, 1, -INF));
        // Finite, but the scaled rotation vector's length overflows (normalising gives NaN).
        refused(b, "axis", x -> x.rotateByScaledAxis(1e200, 0, 0, 1e200));
        refused(b, "axis", x -> x.rotateByScaledAxis(1e300, 1e300, 0, 1));
    }

    @Test
    void refusedMovesDoNotWedgeTheWorld() {
        World world = new World();
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        RigidBody box = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(0, 2, 0));
        world.step(1 / 60.0);
        assertThrows(IllegalArgumentException.class, () -> box.translate(NAN, 0, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> box.rotateByScaledAxis(INF, 0, 0, 1));
        for (int i = 0; i < 10; i++) {
            assertDoesNotThrow(() -> world.step(1 / 60.0));
        }
        assertFalse(box.isQuarantined());
        assertTrue(box.position().isFinite() && box.orientation().isFinite());
    }

    @Test
    void finiteMovesStillWork() {
        RigidBody b = RigidBody.dynamic().position(1, 2, 3);
        b.translate(0, 1, 0, 0.5);
        b.rotateByScaledAxis(0, 0, 1, 0.1);
        assertArrayEquals(new double[] {1, 2.5, 3}, new double[] {b.positionX(), b.positionY(), b.positionZ()});
        assertTrue(b.orientationZ() > 0);
    }
}
