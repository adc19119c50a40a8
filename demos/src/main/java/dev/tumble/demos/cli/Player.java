package dev.tumble.demos.cli;

import dev.tumble.core.debug.WorldDebugDraw;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.render.HeadlessRecorder;
import dev.tumble.render.app.Controls;
import dev.tumble.render.app.SimulationWindow;
import dev.tumble.render.output.FrameSink;
import dev.tumble.render.scene.Camera;
import dev.tumble.render.scene.DrawList;
import dev.tumble.render.text.TextBatch;
import dev.tumble.render.world.WorldView;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.Locale;

/**
 * Plays a scene headless: steps it with no input (so it runs its script), and renders a frame
 * every {@code stepsPerFrame} steps into a {@link FrameSink}. Frames look as the viewer's do: the
 * sky background, joints drawn, no sleep tint; a caption (scene, solver, simulated time, step
 * time) along the bottom when one is asked for.
 */
public final class Player {
    private final Scene scene;
    private final String name;
    private final WorldView view = new WorldView().markSleeping(false);
    private final DrawList list = new DrawList();
    private final WorldDebugDraw joints = new WorldDebugDraw()
            .layer(WorldDebugDraw.Layer.SHAPES, false)
            .layer(WorldDebugDraw.Layer.CONTACTS, false)
            .layer(WorldDebugDraw.Layer.JOINTS, true);
    private final Camera camera;
    private boolean caption;
    private double stepMillis;

    /** @param scene the scene to play, with its own camera */
    public Player(Scene scene) {
        this(scene, "");
    }

    /**
     * @param scene the scene to play, with its own camera
     * @param name the scene's name, for the caption
     */
    public Player(Scene scene, String name) {
        this.scene = scene;
        this.name = name;
        this.camera = scene.camera();
    }

    /**
     * Turns the caption on or off (default off).
     *
     * @param on whether frames carry a caption
     * @return this player
     */
    public Player caption(boolean on) {
        this.caption = on;
        return this;
    }

    /**
     * The caption of the frame as the scene is now.
     *
     * @return scene, solver, simulated time (s) and the mean step time of the last frame (ms)
     */
    public String captionText() {
        return String.format(Locale.ROOT, "%s   solver %s   t = %.2f s   step %.2f ms", name,
                SceneOptions.solverName(scene.world().settings().solver()), scene.time(), stepMillis);
    }

    /**
     * Renders the scene as it is now.
     *
     * @param recorder renders the frame
     * @return the frame (owned by the recorder; copy it to keep it)
     */
    public BufferedImage frame(HeadlessRecorder recorder) {
        scene.updateCamera(camera);
        view.fill(scene.world(), scene::colour, list);
        scene.decorate(list);
        scene.world().debugDraw(joints, recorder.debug());
        recorder.renderer().setClearRgb(SimulationWindow.SKY_RGB);
        if (caption) {
            addCaption(recorder.overlay(), recorder.renderer().width(), recorder.renderer().height());
        }
        return recorder.render(list, camera);
    }

    private void addCaption(TextBatch batch, int width, int height) {
        // The viewer's text scale: the caption keeps its share of the frame at any size.
        float scale = Math.max(1f, (float) Math.floor(height / 420f * 4f) / 4f);
        String text = captionText();
        float h = TextBatch.LINE_HEIGHT * scale + 8 * scale;
        batch.rect(0, height - h, Math.min(width, TextBatch.width(text, scale) + 16 * scale), h, 0x14181E, 0.75f);
        batch.text(8 * scale, height - h + 4 * scale, text, 0xF0F0F0, scale);
    }

    /**
     * Records {@code frames} frames, {@code stepsPerFrame} steps apart (the first is the start).
     *
     * @param recorder renders the frames
     * @param sink receives the frames
     * @param frames how many frames to record
     * @param stepsPerFrame steps between two frames
     * @throws java.io.IOException from the sink
     */
    public void record(HeadlessRecorder recorder, FrameSink sink, int frames, int stepsPerFrame) throws IOException {
        for (int f = 0; f < frames; f++) {
            if (f > 0) {
                long nanos = 0;
                for (int s = 0; s < stepsPerFrame; s++) {
                    scene.step(Controls.NONE);
                    nanos += scene.world().profile().totalNanos();
                }
                stepMillis = nanos / 1e6 / stepsPerFrame;
            }
            sink.accept(frame(recorder));
        }
    }
}
