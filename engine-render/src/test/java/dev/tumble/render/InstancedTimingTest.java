package dev.tumble.render;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.render.scene.Camera;
import dev.tumble.render.world.WorldView;
import dev.tumble.render.scene.DrawList;
import dev.tumble.render.scene.Rgb;
import org.joml.Matrix4x3d;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Draws 1,000 boxes at 1280×720 headless: a physics world of 1,000 boxes through
 * {@link WorldView} against an empty frame in the same run, and the instanced draw with MSAA and
 * shadows switched on and off. With {@code -Dtumble.render.timings=true} it prints the frame
 * times (it asserts none: speed targets live in the benchmarks).
 */
@RequiresGl
class InstancedTimingTest {
    private static final boolean TIMINGS = Boolean.getBoolean("tumble.render.timings");

    @Test
    void thousandBoxWorldAt720p() {
        World world = new World(WorldSettings.builder().gravity(0, -9.81, 0).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        for (int i = 0; i < 1000; i++) {
            world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5))
                    .position((i % 10) * 1.2 - 5.4, 0.5 + (i / 100) * 1.0, ((i / 10) % 10) * 1.2 - 5.4));
        }
        Camera camera = new Camera().lookAt(18f, 14f, 22f, 0f, 3f, 0f);
        WorldView view = new WorldView();
        DrawList list = new DrawList();
        DrawList empty = new DrawList();
        int frames = 12;
        long[] emptyFrame = new long[frames];
        long[] fill = new long[frames];
        long[] render = new long[frames];
        long[] readback = new long[frames];
        try (HeadlessRecorder rec = new HeadlessRecorder(1280, 720)) {
            BufferedImage img = null;
            for (int f = 0; f < frames; f++) {
                world.step(1 / 60.0);
                long t0 = System.nanoTime();
                rec.renderer().render(empty, camera, null);
                rec.renderer().finish();
                long t1 = System.nanoTime();
                view.fill(world, b -> b.hasFiniteMass() ? Rgb.palette(b.worldIndex()) : 0xB0B0A8, list);
                long t2 = System.nanoTime();
                rec.renderer().render(list, camera, null);
                rec.renderer().finish();
                long t3 = System.nanoTime();
                img = rec.renderer().readPixels(img);
                long t4 = System.nanoTime();
                emptyFrame[f] = t1 - t0;
                fill[f] = t2 - t1;
                render[f] = t3 - t2;
                readback[f] = t4 - t3;
            }
            TestScenes.writePng(img, "thousand-box-world-720p.png");
            assertEquals(1001, list.size(), "every box and the ground drawn");
            double e = median(emptyFrame);
            double r = median(render);
            if (TIMINGS) {
                System.out.printf("[tumble-render] 1000-box world @1280x720, msaa%d+shadows: %.1f ms a frame to draw "
                                + "(%.1fx an empty frame of %.1f ms in the same run), WorldView fill %.2f ms, readback %.1f ms; %s%n",
                        rec.renderer().samples(), r, r / e, e, median(fill), median(readback), rec.describe());
            }
        }
    }

    /** Median of the samples after the first three (warm-up), ms. */
    private static double median(long[] nanos) {
        long[] warm = Arrays.copyOfRange(nanos, 3, nanos.length);
        Arrays.sort(warm);
        return warm[warm.length / 2] / 1e6;
    }

    @Test
    void thousandBoxesAt720p() {
        run(SceneRenderer.DEFAULT_SAMPLES, true, "msaa4+shadows");
        run(0, true, "no-msaa+shadows");
        run(SceneRenderer.DEFAULT_SAMPLES, false, "msaa4, no shadows");
        run(0, false, "no-msaa, no shadows");
    }

    private void run(int samples, boolean shadows, String label) {
        int w = 1280;
        int h = 720;
        DrawList list = new DrawList();
        Camera camera = new Camera().lookAt(18f, 14f, 22f, 0f, 2f, 0f);
        Matrix4x3d m = new Matrix4x3d();
        long setup = System.nanoTime();
        try (HeadlessRecorder rec = new HeadlessRecorder(w, h, samples, shadows ? SceneRenderer.DEFAULT_SHADOW_MAP_SIZE : 0)) {
            setup = System.nanoTime() - setup;
            int frames = 15;
            long[] render = new long[frames];
            long[] readback = new long[frames];
            BufferedImage img = null;
            for (int f = 0; f < frames; f++) {
                list.clear();
                list.plane(0, 1, 0, 0, 30, 0xB0B0A8);
                for (int i = 0; i < 1000; i++) {
                    int x = i % 10;
                    int z = (i / 10) % 10;
                    int y = i / 100;
                    list.box(m.translation(x * 1.2 - 5.4, 0.5 + y * 1.05, z * 1.2 - 5.4).rotateY(0.05 * f + i), 0.5, 0.5, 0.5,
                            Rgb.palette(i)).asleep(i % 7 == 0);
                }
                long t0 = System.nanoTime();
                rec.renderer().render(list, camera, null);
                rec.renderer().finish();
                long t1 = System.nanoTime();
                img = rec.renderer().readPixels(img);
                long t2 = System.nanoTime();
                render[f] = t1 - t0;
                readback[f] = t2 - t1;
            }
            TestScenes.writePng(img, "thousand-boxes-720p-" + label.replaceAll("[^a-z0-9]+", "-") + ".png");
            long[] warm = Arrays.copyOfRange(render, 3, frames);
            Arrays.sort(warm);
            long[] rb = Arrays.copyOfRange(readback, 3, frames);
            Arrays.sort(rb);
            if (TIMINGS) {
                System.out.printf("[tumble-render] 1000 instanced boxes @1280x720, %s (%d samples): context+renderer setup %.0f ms, "
                                + "first frame %.1f ms, render median %.1f ms (min %.1f, max %.1f), readback median %.1f ms%n",
                        label, rec.renderer().samples(), setup / 1e6, render[0] / 1e6, warm[warm.length / 2] / 1e6, warm[0] / 1e6,
                        warm[warm.length - 1] / 1e6, rb[rb.length / 2] / 1e6);
            }
            assertTrue(img.getWidth() == w);
        }
    }
}
