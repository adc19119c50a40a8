package dev.tumble.render.app;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.render.RequiresGl;
import dev.tumble.render.gl.GlContexts;
import dev.tumble.render.scene.Camera;
import org.joml.Vector3f;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;
import static org.lwjgl.glfw.GLFW.*;

/**
 * Drives the real viewer (renderer, HUD, picking, clock) on a headless context, feeding input
 * through the same methods the GLFW callbacks call.
 */
@RequiresGl
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SimulationWindowTest {
    private static final int W = 640;
    private static final int H = 360;
    private static final double DT = 1 / 60.0;

    /** A ground and one crate; records what the viewer hands to beforeStep. Claims the E key. */
    static class Crate implements Simulation {
        final World world = new World(WorldSettings.builder().gravity(0, -9.81, 0).build());
        final RigidBody crate;
        final List<Double> times = new ArrayList<>();
        int upHeldSteps;

        Crate() {
            world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
            crate = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(0, 0.5, 0));
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void beforeStep(double time, double dt, Controls controls) {
            times.add(time);
            if (controls.isDown(GLFW_KEY_UP)) {
                upHeldSteps++;
            }
        }

        @Override
        public boolean usesKey(int glfwKey) {
            return glfwKey == GLFW_KEY_E;
        }

        @Override
        public Camera camera() {
            return new Camera().lookAt(0f, 3f, 7f, 0f, 0.5f, 0f);
        }
    }

    private final List<Crate> made = new ArrayList<>();
    private SimulationWindow win;
    private final Path shots = Path.of("target", "render-test-output", "screenshots");

    @BeforeAll
    void open() {
        win = new SimulationWindow("test", () -> {
            Crate c = new Crate();
            made.add(c);
            return c;
        }).size(W, H).dt(DT).screenshotDir(shots);
        win.runFrames(GlContexts.createHeadless(W, H), 1, 0);
    }

    @AfterAll
    void close() {
        if (win != null) {
            win.close();
        }
    }

    private Crate sim() {
        return (Crate) win.simulation();
    }

    private void frames(int n) {
        win.runFrames(n, DT);
    }

    private void press(int key) {
        win.onKey(key, GLFW_PRESS, 0);
        win.onKey(key, GLFW_RELEASE, 0);
    }

    /** A simulation made for its own step (a scene file's) is stepped by it, not by the window's. */
    @Test
    void aSimulationWithItsOwnStepIsSteppedByIt() {
        double step = 1 / 30.0;
        List<Double> dts = new ArrayList<>();
        SimulationWindow other = new SimulationWindow("own step", () -> new Crate() {
            @Override
            public double fixedStep() {
                return step;
            }

            @Override
            public void beforeStep(double time, double dt, Controls controls) {
                super.beforeStep(time, dt, controls);
                dts.add(dt);
            }
        }).size(W, H).dt(DT);
        try {
            other.runFrames(GlContexts.createHeadless(W, H), 60, DT);
            assertTrue(dts.size() >= 29 && dts.size() <= 30, "a second of 1/60 s frames takes 30 steps of 1/30 s, took "
                    + dts.size());
            for (double dt : dts) {
                assertEquals(step, dt, "each step is the simulation's own");
            }
            assertEquals(dts.size() * step, other.simulatedTime(), 1e-9);
        } finally {
            other.close();
        }
    }

    @Test
    void fixedStepsPauseSingleStepSlowMotionAndReset() {
        press(GLFW_KEY_R);
        Crate first = sim();
        frames(30);
        assertEquals(30, first.times.size(), "one step per 1/60 s frame");
        for (int i = 0; i < 30; i++) {
            assertEquals(i * DT, first.times.get(i), 1e-9, "beforeStep gets the simulated time");
        }
        press(GLFW_KEY_P);
        frames(10);
        assertEquals(30, first.times.size(), "paused");
        press(GLFW_KEY_N);
        frames(3);
        assertEquals(31, first.times.size(), "N takes exactly one step");
        press(GLFW_KEY_SPACE);
        press(GLFW_KEY_T);
        frames(40);
        assertEquals(41, first.times.size(), "slow motion: a quarter of the steps");
        press(GLFW_KEY_T);
        press(GLFW_KEY_R);
        assertNotSame(first, sim(), "R made a new simulation");
        assertEquals(0, win.simulatedTime());
        frames(2);
        assertEquals(2, sim().times.size());
    }

    @Test
    void controlsReportHeldKeysAndFlyKeysMoveTheCameraUnlessTheSceneClaimsThem() {
        press(GLFW_KEY_R);
        win.onKey(GLFW_KEY_UP, GLFW_PRESS, 0);
        frames(5);
        win.onKey(GLFW_KEY_UP, GLFW_RELEASE, 0);
        frames(5);
        assertEquals(5, sim().upHeldSteps);

        Vector3f t0 = new Vector3f(win.camera().target());
        win.onKey(GLFW_KEY_E, GLFW_PRESS, 0); // the scene's key: the camera stays
        frames(5);
        win.onKey(GLFW_KEY_E, GLFW_RELEASE, 0);
        assertEquals(0, t0.distance(win.camera().target()), 1e-6);
        win.onKey(GLFW_KEY_W, GLFW_PRESS, 0);
        frames(5);
        win.onKey(GLFW_KEY_W, GLFW_RELEASE, 0);
        assertTrue(win.camera().target().z() < t0.z - 0.1, "W flew forward (−z): " + win.camera().target());
        press(GLFW_KEY_C);
        assertEquals(0.5f, win.camera().target().y(), 1e-5, "C restores the scene's camera");
    }

    @Test
    void ctrlLeftDragPicksTheCrateAndLiftsItWhileLeftDragAloneOrbits() {
        press(GLFW_KEY_R);
        press(GLFW_KEY_C);
        frames(30); // settle
        RigidBody crate = sim().crate;
        Vector3f s = win.toWindow((float) crate.position().x(), (float) crate.position().y(),
                (float) crate.position().z(), new Vector3f());
        float yaw = win.camera().yaw();
        win.onCursor(s.x, s.y);
        win.onMouseButton(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS, GLFW_MOD_CONTROL);
        assertSame(crate, win.pickedBody(), "the ray from the cursor hit the crate");
        win.onCursor(s.x, s.y - 80); // drag up the screen
        frames(90);
        assertTrue(crate.position().y() > 1.2, "lifted: " + crate.position());
        assertEquals(yaw, win.camera().yaw(), "picking does not orbit");
        win.onMouseButton(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE, GLFW_MOD_CONTROL);
        assertNull(win.pickedBody());
        frames(90);
        assertEquals(0.5, crate.position().y(), 0.05, "dropped back onto the ground");

        win.onCursor(10, 10);
        win.onMouseButton(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS, 0);
        win.onCursor(60, 10);
        win.onMouseButton(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE, 0);
        assertNull(win.pickedBody());
        assertEquals(yaw - 50 * CameraControls.ROTATE_PER_PIXEL, win.camera().yaw(), 1e-5, "plain left drag orbits");
        win.onScroll(1);
    }

    @Test
    void screenshotsShowTheHudAndHCyclesItOff() throws IOException {
        press(GLFW_KEY_R);
        press(GLFW_KEY_C);
        press(GLFW_KEY_G);
        assertTrue(win.isDebug());
        frames(20);
        assertTrue(win.hudText().contains("bodies 2"), win.hudText());
        assertTrue(win.hudText().contains("DEBUG"), win.hudText());
        press(GLFW_KEY_F12);
        frames(1);
        Path withHud = win.lastScreenshot();
        assertNotNull(withHud);
        assertTrue(Files.size(withHud) > 1000);
        press(GLFW_KEY_H); // figures only
        press(GLFW_KEY_H); // off
        press(GLFW_KEY_F2);
        frames(1);
        Path without = win.lastScreenshot();
        assertNotEquals(withHud, without);
        press(GLFW_KEY_H); // back to figures and help
        press(GLFW_KEY_G);
        BufferedImage a = ImageIO.read(withHud.toFile());
        BufferedImage b = ImageIO.read(without.toFile());
        assertEquals(W, a.getWidth());
        assertEquals(H, a.getHeight());
        int brightWith = bright(a);
        int brightWithout = bright(b);
        assertTrue(brightWith > 200, "HUD text pixels: " + brightWith);
        assertTrue(brightWithout < brightWith / 10, "without the HUD: " + brightWithout);
    }

    /** Near-white pixels in the HUD's corner. */
    private static int bright(BufferedImage img) {
        int n = 0;
        for (int y = 8; y < 40; y++) {
            for (int x = 8; x < 300; x++) {
                int rgb = img.getRGB(x, y);
                if (((rgb >> 16) & 0xFF) > 200 && ((rgb >> 8) & 0xFF) > 200 && (rgb & 0xFF) > 200) {
                    n++;
                }
            }
        }
        return n;
    }
}
