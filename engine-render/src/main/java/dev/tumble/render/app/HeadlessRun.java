package dev.tumble.render.app;

import dev.tumble.core.debug.WorldDebugDraw;
import dev.tumble.core.world.World;
import dev.tumble.render.HeadlessRecorder;
import dev.tumble.render.output.FrameSink;
import dev.tumble.render.scene.Camera;
import dev.tumble.render.scene.DrawList;
import dev.tumble.render.world.WorldView;
import java.io.IOException;
import java.util.function.Supplier;

/**
 * Records a {@link Simulation} without a window: one fixed physics step per frame
 * ({@link Simulation#beforeStep} gets {@link Controls#NONE}), the world drawn through
 * {@link WorldView} from the scene's own camera, each frame read back and handed to a
 * {@link FrameSink} ({@code PngSequenceSink}, {@code GifSink}, {@code Mp4Sink}). The sink is
 * closed at the end. Runs on the calling thread, which must not have another GL context current.
 *
 * <pre>{@code
 * HeadlessRun.record(MyScene::new, 300, 1 / 60.0, new GifSink(Path.of("run.gif"), 30), 1280, 720);
 * }</pre>
 */
public final class HeadlessRun {
    private HeadlessRun() {
    }

    /** What a recording did. */
    public record Result(int frames, double simulatedSeconds, long renderNanos, long stepNanos, String context) {
        /** @return mean render + readback time per frame, ms */
        public double millisPerFrame() {
            return frames == 0 ? 0 : renderNanos / 1e6 / frames;
        }
    }

    /**
     * Records {@code frames} frames, one step of {@code dt} each, with debug drawing off.
     *
     * @param factory makes the simulation
     * @param frames frames to record (one step each, positive)
     * @param dt the step, s (positive)
     * @param sink receives every frame; closed at the end, also on failure
     * @param width frame width, pixels
     * @param height frame height, pixels
     * @return frames, simulated time and timings
     * @throws java.io.IOException from the sink
     * @see #record(Supplier, int, double, FrameSink, int, int, boolean)
     */
    public static Result record(Supplier<? extends Simulation> factory, int frames, double dt, FrameSink sink, int width,
            int height) throws IOException {
        return record(factory, frames, dt, sink, width, height, false);
    }

    /**
     * Records a simulation.
     *
     * @param factory makes the simulation
     * @param frames frames to record (one step each, positive)
     * @param dt the step, s (positive): the frame interval of the recording in simulated time
     * @param sink receives every frame; closed at the end, also on failure
     * @param width frame width, pixels
     * @param height frame height, pixels
     * @param debug whether to draw contacts, normals and joints over the bodies
     * @return frames, simulated time and timings
     * @throws IOException from the sink
     * @throws dev.tumble.render.gl.GlUnavailableException when no headless GL can be created
     */
    public static Result record(Supplier<? extends Simulation> factory, int frames, double dt, FrameSink sink, int width,
            int height, boolean debug) throws IOException {
        if (factory == null) {
            throw new IllegalArgumentException("factory must not be null");
        }
        if (sink == null) {
            throw new IllegalArgumentException("sink must not be null");
        }
        if (frames <= 0) {
            throw new IllegalArgumentException("frames must be positive, was " + frames);
        }
        if (!(dt > 0) || !Double.isFinite(dt)) {
            throw new IllegalArgumentException("dt must be positive and finite, was " + dt);
        }
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("size must be positive, was " + width + "x" + height);
        }
        try (FrameSink out = sink; HeadlessRecorder rec = new HeadlessRecorder(width, height)) {
            Simulation sim = factory.get();
            if (sim == null || sim.world() == null) {
                throw new IllegalStateException("the simulation factory returned no simulation or no world");
            }
            World world = sim.world();
            Camera camera = sim.camera();
            WorldView view = new WorldView();
            DrawList list = new DrawList();
            WorldDebugDraw walker = new WorldDebugDraw().layer(WorldDebugDraw.Layer.SHAPES, false);
            double time = 0;
            long renderNanos = 0;
            long stepNanos = 0;
            for (int f = 0; f < frames; f++) {
                long t0 = System.nanoTime();
                sim.beforeStep(time, dt, Controls.NONE);
                world.step(dt);
                time += dt;
                long t1 = System.nanoTime();
                view.fill(world, sim::colour, list);
                sim.decorate(list);
                sim.updateCamera(camera);
                if (debug) {
                    world.debugDraw(walker, rec.debug());
                }
                out.accept(rec.render(list, camera));
                renderNanos += System.nanoTime() - t1;
                stepNanos += t1 - t0;
            }
            return new Result(frames, time, renderNanos, stepNanos, rec.describe());
        }
    }
}
