package dev.tumble.demos.cli;

import dev.tumble.demos.scene.Scene;
import dev.tumble.render.HeadlessRecorder;
import dev.tumble.render.app.Controls;
import dev.tumble.render.output.FrameSink;
import dev.tumble.render.scene.Camera;
import dev.tumble.render.scene.DrawList;
import dev.tumble.render.world.WorldView;
import java.awt.image.BufferedImage;
import java.io.IOException;

/**
 * Plays a scene headless: steps it with no input (so it runs its script), and renders a frame
 * every {@code stepsPerFrame} steps into a {@link FrameSink}.
 */
public final class Player {
    private final Scene scene;
    private final WorldView view = new WorldView();
    private final DrawList list = new DrawList();
    private final Camera camera;

    /** @param scene the scene to play, with its own camera */
    public Player(Scene scene) {
        this.scene = scene;
        this.camera = scene.camera();
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
        return recorder.render(list, camera);
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
                for (int s = 0; s < stepsPerFrame; s++) {
                    scene.step(Controls.NONE);
                }
            }
            sink.accept(frame(recorder));
        }
    }
}
