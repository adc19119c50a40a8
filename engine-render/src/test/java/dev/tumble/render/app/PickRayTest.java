package dev.tumble.render.app;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.query.BodyShape;
import dev.tumble.core.collision.query.RayHit;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.world.World;
import dev.tumble.render.scene.Camera;
import org.joml.Vector3d;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.*;

class PickRayTest {
    private static final int W = 1024;
    private static final int H = 576;

    @Test
    void theRayThroughAProjectedPointPassesThroughThatPoint() {
        Camera cam = new Camera().lookAt(6f, 4f, 9f, 0.5f, 1f, 0f);
        PickRay pick = new PickRay();
        Vector3d o = new Vector3d();
        Vector3d d = new Vector3d();
        float[][] points = {{0f, 0f, 0f}, {2f, 3f, -1f}, {-3f, 0.5f, 2f}, {0.5f, 1f, 0f}};
        for (float[] p : points) {
            Vector3f s = cam.project(p[0], p[1], p[2], W, H, new Vector3f());
            pick.through(cam, s.x, s.y, W, H, o, d);
            assertEquals(1.0, d.length(), 1e-9);
            Vector3d toPoint = new Vector3d(p[0], p[1], p[2]).sub(o);
            double along = toPoint.dot(d);
            double off = new Vector3d(toPoint).fma(-along, d).length();
            assertTrue(along > 0, "the point is in front");
            assertEquals(0, off, 2e-3, "distance of the point from the ray");
        }
        Vector3f eye = cam.eye(new Vector3f());
        assertEquals(0, new Vector3d(o).sub(eye.x, eye.y, eye.z).length(), 0.1, "the ray starts at the eye (near plane)");
    }

    @Test
    void pickingACubeInTheCentreOfTheViewFindsIt() {
        World world = new World();
        RigidBody cube = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(0, 1, 0));
        world.addBody(RigidBody.dynamic(new Sphere(0.5)).position(3, 1, 0));
        Camera cam = new Camera().lookAt(0f, 4f, 8f, 0f, 1f, 0f);
        Vector3d o = new Vector3d();
        Vector3d d = new Vector3d();
        new PickRay().through(cam, W / 2.0, H / 2.0, W, H, o, d);
        Optional<RayHit> hit = world.castRay(o, d, 100);
        assertTrue(hit.isPresent());
        assertSame(cube, ((BodyShape) hit.get().target).body());
        new PickRay().through(cam, 10, 10, W, H, o, d);
        assertTrue(world.castRay(o, d, 100).isEmpty(), "the corner of the view sees nothing");
    }
}
