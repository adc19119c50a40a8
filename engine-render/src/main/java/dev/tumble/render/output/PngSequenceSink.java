package dev.tumble.render.output;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes each frame as {@code <prefix>-00000.png}, {@code <prefix>-00001.png}, ... in a directory. */
public final class PngSequenceSink implements FrameSink {
    private final Path directory;
    private final String prefix;
    private int count;

    /**
     * @param directory created if missing
     * @param prefix file name prefix
     * @throws IOException when the directory cannot be created
     */
    public PngSequenceSink(Path directory, String prefix) throws IOException {
        this.directory = Files.createDirectories(directory);
        this.prefix = prefix;
    }

    /**
     * @param index the frame's index, from 0
     * @return the path frame {@code index} is (or will be) written to
     */
    public Path framePath(int index) {
        return directory.resolve(String.format("%s-%05d.png", prefix, index));
    }

    @Override
    public void accept(BufferedImage frame) throws IOException {
        if (!ImageIO.write(frame, "png", framePath(count).toFile())) {
            throw new IOException("no PNG writer");
        }
        count++;
    }

    @Override
    public int frameCount() {
        return count;
    }

    @Override
    public void close() {
    }
}
