package dev.tumble.render.app;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.query.BodyShape;
import dev.tumble.core.collision.query.RayHit;
import dev.tumble.core.debug.DebugDraw;
import dev.tumble.core.world.World;
import dev.tumble.render.debug.DebugRenderer;
import dev.tumble.render.scene.Camera;
import java.util.Optional;
import org.joml.Vector3d;

/**
 * The viewer's Ctrl+drag: a ray from the cursor through the picture (mapped back through the
 * {@link ViewFit}) picks a body, and a {@link MouseSpring} pulls it toward the ray while the
 * button is held. Pixels are framebuffer pixels from the top-left.
 */
final class Picking {
    private final MouseSpring spring = new MouseSpring();
    private final PickRay pickRay = new PickRay();
    private final ViewFit fit;
    private final Vector3d origin = new Vector3d();
    private final Vector3d direction = new Vector3d();
    private final Vector3d scratch = new Vector3d();

    Picking(ViewFit fit) {
        this.fit = fit;
    }

    /** @return whether a body under pixel (x, y) was grabbed */
    boolean grab(World world, Camera camera, double x, double y, int width, int height) {
        ray(camera, x, y, width, height);
        Optional<RayHit> hit = world.castRay(origin, direction, 1000);
        if (hit.isEmpty() || !(hit.get().target instanceof BodyShape bs)) {
            return false;
        }
        return spring.grab(bs.body(), hit.get().point, hit.get().distance);
    }

    /** Moves the spring's target onto the ray through pixel (x, y). */
    void follow(Camera camera, double x, double y, int width, int height) {
        if (spring.body() != null) {
            ray(camera, x, y, width, height);
            spring.follow(origin, direction);
        }
    }

    private void ray(Camera camera, double x, double y, int width, int height) {
        pickRay.through(camera, fit.toPictureX(x, width), fit.toPictureY(y, height), width, height, origin, direction);
    }

    /** Applies the spring before a step, when the held body is still in the world. */
    void beforeStep(World world) {
        if (spring.body() != null && world.contains(spring.body())) {
            spring.apply(world.settings().gravityX(), world.settings().gravityY(), world.settings().gravityZ());
        }
    }

    /** Draws the spring from the grab point to its target. */
    void draw(DebugRenderer debug) {
        if (spring.body() != null) {
            spring.grabPoint(scratch);
            debug.segment(scratch, spring.target(), DebugDraw.Colors.VELOCITY);
            debug.pointPixels(spring.target().x(), spring.target().y(), spring.target().z(), 7, DebugDraw.Colors.VELOCITY);
        }
    }

    void release() {
        spring.release();
    }

    RigidBody body() {
        return spring.body();
    }
}
