package dev.tumble.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.HeightField;
import dev.tumble.core.debug.WorldDebugDraw;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.render.debug.DebugRenderer;
import dev.tumble.render.gl.GlContext;
import dev.tumble.render.gl.GlContexts;
import dev.tumble.render.scene.Camera;
import dev.tumble.render.scene.DrawList;
import dev.tumble.render.world.WorldView;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

/**
 * A small heightfield with a hole, drawn through {@link WorldView} like any static body, with its
 * triangle edges on the debug layer: the terrain covers the middle of the picture, and the edge
 * layer draws three segments per triangle.
 */
@RequiresGl
class HeightFieldRenderTest {
    private static final int W = 320;
    private static final int H = 240;
    private static final int TERRAIN_RGB = 0x50A050;

    @Test
    void aHeightfieldIsShadedAndItsEdgesDrawn() {
        int n = 9;
        double[][] h = new double[n][n];
        boolean[][] holes = new boolean[n][n];
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                h[r][c] = 0.3 * Math.sin(r) * Math.cos(c);
            }
        }
        holes[2][6] = true;
        HeightField field = new HeightField(h, holes, 0.5, 0.5, HeightField.DEFAULT_ACTIVE_EDGE_ANGLE);
        World world = new World(WorldSettings.DEFAULTS);
        world.addBody(RigidBody.fixed(field).position(-2, 0, -2));
        int triangles = 0;
        for (int t = 0; t < field.triangleCount(); t++) {
            triangles += field.hasTriangle(t) ? 1 : 0;
        }
        assertEquals(2 * 8 * 8 - 6, triangles);
        Camera camera = TestScenes.fixedCamera();
        try (GlContext ctx = GlContexts.createHeadless(W, H);
             SceneRenderer renderer = new SceneRenderer(W, H);
             DebugRenderer debug = new DebugRenderer()) {
            renderer.render(new DrawList(), camera, null);
            BufferedImage empty = renderer.readPixels(null);
            DrawList list = new WorldView().fill(world, b -> TERRAIN_RGB, new DrawList());
            renderer.render(list, camera, null);
            BufferedImage terrain = renderer.readPixels(null);
            world.debugDraw(new WorldDebugDraw().layer(WorldDebugDraw.Layer.SHAPES, false)
                    .layer(WorldDebugDraw.Layer.TRIANGLE_EDGES, true), debug);
            assertEquals(3 * triangles, debug.segmentCount(), "three edges per triangle, none for the hole's");
            renderer.render(list, camera, debug);
            TestScenes.writePng(terrain, "heightfield.png");
            TestScenes.writePng(renderer.readPixels(null), "heightfield-edges.png");
            int changed = 0;
            for (int y = 0; y < H; y++) {
                for (int x = 0; x < W; x++) {
                    changed += empty.getRGB(x, y) != terrain.getRGB(x, y) ? 1 : 0;
                }
            }
            assertTrue(changed > W * H / 10, "the terrain covers part of the picture: " + changed + " pixels");
        }
    }
}
