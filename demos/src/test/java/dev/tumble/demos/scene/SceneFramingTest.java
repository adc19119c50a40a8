package dev.tumble.demos.scene;

import dev.tumble.core.body.RigidBody;
import dev.tumble.render.scene.Camera;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Every scene opens with all of it in the picture (its bodies, its joints' anchors and where its
 * action goes), and its still has every moving body in the picture.
 */
class SceneFramingTest {
    private static final int W = 1600;
    private static final int H = 900;

    @Test
    void everySceneOpensWithWhatItFramesInThePicture() {
        for (SceneCatalog.Entry e : SceneCatalog.entries()) {
            Scene scene = e.build(SceneOptions.DEFAULTS);
            double[] box = scene.viewBounds();
            assertNotNull(box, e.name());
            Camera camera = scene.camera();
            for (int i = 0; i < 8; i++) {
                assertInPicture(e.name() + " box corner", camera, box[(i & 1) == 0 ? 0 : 3], box[(i & 2) == 0 ? 1 : 4],
                        box[(i & 4) == 0 ? 2 : 5]);
            }
        }
    }

    @Test
    void everyStillHasEveryBodyInThePicture() {
        for (SceneCatalog.Entry e : SceneCatalog.entries()) {
            Scene scene = e.build(SceneOptions.DEFAULTS);
            scene.run(scene.stillStep());
            Camera camera = scene.camera();
            scene.updateCamera(camera);
            for (RigidBody b : scene.world().bodies()) {
                if (b.hasFiniteMass()) {
                    assertInPicture(e.name() + " body " + scene.id(b), camera, b.position().x(), b.position().y(), b.position().z());
                }
            }
        }
    }

    private static void assertInPicture(String what, Camera camera, double x, double y, double z) {
        Vector3f p = camera.project((float) x, (float) y, (float) z, W, H, new Vector3f());
        assertTrue(p.x >= 0 && p.x <= W && p.y >= 0 && p.y <= H,
                what + " (" + x + ", " + y + ", " + z + ") at pixel " + p + " of " + W + "x" + H);
    }

    @Test
    void fitKeepsTheDirectionAndAimsAtTheBoxCentre() {
        Camera c = new Camera().lookAt(8f, 6f, 12f, 0f, 1f, 0f);
        float yaw = c.yaw();
        float pitch = c.pitch();
        SceneFraming.fit(c, new double[] {-1, 0, -1, 1, 4, 1});
        assertEquals(yaw, c.yaw(), 1e-6);
        assertEquals(pitch, c.pitch(), 1e-6);
        assertEquals(2f, c.target().y(), 1e-6);
        // A box twice the size needs about twice the distance.
        float d = c.distance();
        SceneFraming.fit(c, new double[] {-2, -2, -2, 2, 6, 2});
        assertEquals(2 * d, c.distance(), 0.25 * d);
    }
}
