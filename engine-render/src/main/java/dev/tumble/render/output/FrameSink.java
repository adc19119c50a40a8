package dev.tumble.render.output;

import java.awt.image.BufferedImage;
import java.io.IOException;

/**
 * Where headless frames go: PNG files, an animated GIF, an MP4 through ffmpeg. Frames arrive in
 * order; the sink may keep no reference to the image after {@link #accept} returns, so callers
 * may reuse one image for every frame. Close to finish the output.
 */
public interface FrameSink extends AutoCloseable {

    /**
     * Consumes one frame.
     *
     * @param frame the frame, top row first
     * @throws IOException when writing fails
     */
    void accept(BufferedImage frame) throws IOException;

    /** @return how many frames were accepted */
    int frameCount();

    /**
     * Finishes and closes the output.
     *
     * @throws IOException when finishing fails
     */
    @Override
    void close() throws IOException;
}
