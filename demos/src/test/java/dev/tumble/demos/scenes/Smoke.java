package dev.tumble.demos.scenes;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tumble.core.body.RigidBody;
import dev.tumble.demos.scene.Scene;
import dev.tumble.render.app.Controls;
import java.util.function.IntConsumer;

/** Runs a scene headless and checks, after every step, that it is finite and above its floor. */
final class Smoke {
    /** Steps of every smoke run (5 s at 60 Hz). */
    static final int STEPS = 300;
    /** How far (m) below the floor a centre may dip before it counts as fallen through. */
    static final double FLOOR_TOLERANCE = 0.01;

    private Smoke() {
    }

    /** Runs {@link #STEPS} steps of {@code scene}, calling {@code afterStep} with the step count. */
    static <S extends Scene> S run(S scene, IntConsumer afterStep) {
        for (int i = 1; i <= STEPS; i++) {
            scene.step(Controls.NONE);
            check(scene, i);
            afterStep.accept(i);
        }
        return scene;
    }

    static <S extends Scene> S run(S scene) {
        return run(scene, i -> { });
    }

    static void check(Scene scene, int step) {
        for (RigidBody b : scene.world().bodies()) {
            String id = scene.id(b);
            if (!finite(b)) {
                fail("step " + step + ": body " + id + " is not finite: " + b);
            }
            if (b.hasFiniteMass() && b.position().y() < scene.floor() - FLOOR_TOLERANCE) {
                fail("step " + step + ": body " + id + " fell through the floor (y = " + b.position().y()
                        + " < " + scene.floor() + ")");
            }
        }
        assertTrue(true);
    }

    static boolean finite(RigidBody b) {
        return Double.isFinite(b.position().x()) && Double.isFinite(b.position().y()) && Double.isFinite(b.position().z())
                && Double.isFinite(b.orientation().w()) && Double.isFinite(b.orientation().x())
                && Double.isFinite(b.orientation().y()) && Double.isFinite(b.orientation().z())
                && Double.isFinite(b.velocity().x()) && Double.isFinite(b.velocity().y()) && Double.isFinite(b.velocity().z())
                && Double.isFinite(b.angularVelocity().x()) && Double.isFinite(b.angularVelocity().y())
                && Double.isFinite(b.angularVelocity().z());
    }
}
