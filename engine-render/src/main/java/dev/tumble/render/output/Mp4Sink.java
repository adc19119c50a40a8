package dev.tumble.render.output;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.BufferedOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * An H.264 MP4 made by piping raw RGB frames to {@code ffmpeg} found on the {@code PATH}
 * (override with the system property {@value #FFMPEG_PROPERTY}). All frames must have the size of
 * the first (even width and height are best for yuv420p; odd sizes are padded by ffmpeg).
 */
public final class Mp4Sink implements FrameSink {
    /** System property naming the ffmpeg executable. */
    public static final String FFMPEG_PROPERTY = "tumble.ffmpeg";

    private final Path file;
    private final double fps;
    private final String ffmpeg;
    private final Path log;
    private Process process;
    private OutputStream pipe;
    private byte[] row;
    private int width;
    private int height;
    private int count;

    /**
     * @param file output .mp4 file (overwritten)
     * @param framesPerSecond playback rate
     * @throws IOException when ffmpeg is not available, with a message that says how to get it
     */
    public Mp4Sink(Path file, double framesPerSecond) throws IOException {
        if (!(framesPerSecond > 0)) {
            throw new IllegalArgumentException("framesPerSecond must be positive: " + framesPerSecond);
        }
        this.file = file;
        this.fps = framesPerSecond;
        this.ffmpeg = findFfmpeg().orElseThrow(() -> new IOException(
                "ffmpeg not found on the PATH (set -D" + FFMPEG_PROPERTY + "=/path/to/ffmpeg, or install it: "
                        + "apt-get install ffmpeg / brew install ffmpeg); write PNG frames or a GIF instead"));
        this.log = Files.createTempFile("tumble-ffmpeg", ".log");
    }

    /** @return the ffmpeg executable, if one is configured or on the PATH */
    public static Optional<String> findFfmpeg() {
        String configured = System.getProperty(FFMPEG_PROPERTY);
        if (configured != null && !configured.isBlank()) {
            return new File(configured).canExecute() ? Optional.of(configured) : Optional.empty();
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        boolean windows = System.getProperty("os.name", "").toLowerCase().contains("win");
        for (String dir : path.split(File.pathSeparator)) {
            File f = new File(dir, windows ? "ffmpeg.exe" : "ffmpeg");
            if (f.isFile() && f.canExecute()) {
                return Optional.of(f.getAbsolutePath());
            }
        }
        return Optional.empty();
    }

    @Override
    public void accept(BufferedImage frame) throws IOException {
        if (process == null) {
            width = frame.getWidth();
            height = frame.getHeight();
            Files.createDirectories(file.toAbsolutePath().getParent());
            process = new ProcessBuilder(List.of(ffmpeg, "-y", "-loglevel", "error",
                    "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", width + "x" + height, "-r", Double.toString(fps),
                    "-i", "-", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                    "-movflags", "+faststart", file.toString()))
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            pipe = new BufferedOutputStream(process.getOutputStream(), 1 << 20);
            row = new byte[width * 3];
        }
        if (frame.getWidth() != width || frame.getHeight() != height) {
            throw new IllegalArgumentException("frame size " + frame.getWidth() + "x" + frame.getHeight()
                    + " differs from the first frame's " + width + "x" + height);
        }
        int[] px = frame.getType() == BufferedImage.TYPE_INT_RGB
                ? ((DataBufferInt) frame.getRaster().getDataBuffer()).getData() : null;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int rgb = px != null ? px[y * width + x] : frame.getRGB(x, y);
                row[x * 3] = (byte) (rgb >> 16);
                row[x * 3 + 1] = (byte) (rgb >> 8);
                row[x * 3 + 2] = (byte) rgb;
            }
            try {
                pipe.write(row);
            } catch (IOException e) {
                throw new IOException("ffmpeg stopped: " + Files.readString(log), e);
            }
        }
        count++;
    }

    @Override
    public int frameCount() {
        return count;
    }

    @Override
    public void close() throws IOException {
        if (process == null) {
            Files.deleteIfExists(log);
            return;
        }
        pipe.close();
        try {
            if (!process.waitFor(2, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IOException("ffmpeg did not finish within 2 minutes");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted waiting for ffmpeg", e);
        }
        if (process.exitValue() != 0) {
            throw new IOException("ffmpeg failed (exit " + process.exitValue() + "): " + Files.readString(log));
        }
        Files.deleteIfExists(log);
    }
}
