package dev.tumble.render;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.debug.DebugDraw;
import dev.tumble.core.debug.WorldDebugDraw;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.render.debug.DebugRenderer;
import dev.tumble.render.gl.GlContext;
import dev.tumble.render.gl.GlContexts;
import dev.tumble.render.scene.Camera;
import dev.tumble.render.scene.DrawList;
import dev.tumble.render.world.WorldView;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A box resting on the ground, drawn through {@link WorldView}, with core's debug walker feeding
 * the {@link DebugRenderer}: contact markers appear exactly at the projected contact points and
 * nowhere else (also the corner hidden behind the box: markers are drawn on top).
 */
@RequiresGl
class DebugContactsRenderTest {
    private static final int W = 640;
    private static final int H = 480;
    private static final int BOX_RGB = 0x3070C0;

    private static boolean near(int rgb, int want, int tolerance) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs(((rgb >> shift) & 0xFF) - ((want >> shift) & 0xFF)) > tolerance) {
                return false;
            }
        }
        return true;
    }

    @Test
    void contactMarkersLandOnTheProjectedContactPoints() {
        World world = new World(WorldSettings.builder().gravity(0, -9.81, 0).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(0.3, 0.49, -0.2)
                .orientation(Math.cos(0.2), 0, Math.sin(0.2), 0));
        for (int i = 0; i < 10; i++) {
            world.step(1 / 60.0);
        }
        int n = world.contacts().size();
        assertTrue(n >= 4, "a resting box has its four corners in contact: " + n);
        List<Vector3f> projected = new ArrayList<>();
        Camera camera = TestScenes.fixedCamera();
        for (int i = 0; i < n; i++) {
            Contact c = world.contacts().get(i);
            projected.add(camera.project((float) c.point().x(), (float) c.point().y(), (float) c.point().z(), W, H, new Vector3f()));
        }

        try (GlContext ctx = GlContexts.createHeadless(W, H);
             SceneRenderer renderer = new SceneRenderer(W, H);
             DebugRenderer debug = new DebugRenderer()) {
            DrawList list = new WorldView().planeHalfSize(3).fill(world, b -> b.hasFiniteMass() ? BOX_RGB : TestScenes.GROUND_RGB,
                    new DrawList());
            renderer.render(list, camera, null);
            BufferedImage plain = renderer.readPixels(null);
            WorldDebugDraw walker = new WorldDebugDraw().layer(WorldDebugDraw.Layer.SHAPES, false)
                    .layer(WorldDebugDraw.Layer.JOINTS, false);
            world.debugDraw(walker, debug);
            assertEquals(n, debug.pointCount(), "one marker per contact");
            // Each normal is an arrow: a shaft and four head lines (5 cm long at rest, along the box's edge, so hardly visible).
            assertEquals(5 * n, debug.segmentCount(), "one arrow per contact normal");
            renderer.render(list, camera, debug);
            BufferedImage withDebug = renderer.readPixels(null);
            TestScenes.writePng(plain, "world-box-contacts-plain.png");
            TestScenes.writePng(withDebug, "world-box-contacts-debug.png");

            int marker = DebugDraw.Colors.CONTACT;
            for (Vector3f p : projected) {
                int x = Math.round(p.x);
                int y = Math.round(p.y);
                assertTrue(near(withDebug.getRGB(x, y), marker, 12), "marker at contact pixel " + x + "," + y + ": "
                        + Integer.toHexString(withDebug.getRGB(x, y) & 0xFFFFFF));
                assertFalse(near(plain.getRGB(x, y), marker, 60), "no marker colour there without debug drawing");
            }
            // Marker-coloured pixels lie only within a marker's size of a contact point.
            int stray = 0;
            int markerPixels = 0;
            for (int y = 0; y < H; y++) {
                for (int x = 0; x < W; x++) {
                    int rgb = withDebug.getRGB(x, y);
                    if (!near(rgb, marker, 12)) {
                        continue;
                    }
                    markerPixels++;
                    boolean close = false;
                    for (Vector3f p : projected) {
                        close |= Math.abs(x - p.x) <= 6 && Math.abs(y - p.y) <= 6;
                    }
                    if (!close) {
                        stray++;
                    }
                }
            }
            assertEquals(0, stray, "marker pixels away from every contact");
            assertTrue(markerPixels >= 4 * 16, "marker pixels: " + markerPixels);
            assertTrue(debug.isEmpty(), "the batch is cleared after drawing");
        }
    }
}
