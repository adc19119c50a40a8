package dev.tumble.render.output;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;

/**
 * An animated, looping GIF written with the JDK's ImageIO. Frames are scaled by
 * {@link #DEFAULT_SCALE} (half size) by default, since encoding full 720p frames would dominate
 * a recording's time. Colours are reduced by ImageIO's default palette mapping.
 */
public final class GifSink implements FrameSink {
    /** Default scale of frames written (0.5: half size). */
    public static final double DEFAULT_SCALE = 0.5;

    private final ImageWriter writer;
    private final ImageOutputStream out;
    private final double scale;
    private final int delayCentiseconds;
    private BufferedImage scaled;
    private int count;

    /**
     * A half-size GIF.
     *
     * @param file output file
     * @param framesPerSecond playback rate (GIF stores delays in 1/100 s, so it is rounded)
     * @throws IOException when the file cannot be opened
     */
    public GifSink(Path file, double framesPerSecond) throws IOException {
        this(file, framesPerSecond, DEFAULT_SCALE);
    }

    /**
     * @param file output file
     * @param framesPerSecond playback rate, frames per second (positive)
     * @param scale frame scale in (0, 1]
     * @throws IOException when the file cannot be opened
     */
    public GifSink(Path file, double framesPerSecond, double scale) throws IOException {
        if (!(framesPerSecond > 0)) {
            throw new IllegalArgumentException("framesPerSecond must be positive: " + framesPerSecond);
        }
        if (!(scale > 0 && scale <= 1)) {
            throw new IllegalArgumentException("scale must be in (0, 1]: " + scale);
        }
        this.scale = scale;
        this.delayCentiseconds = Math.max(1, (int) Math.round(100.0 / framesPerSecond));
        this.writer = ImageIO.getImageWritersByFormatName("gif").next();
        java.nio.file.Files.deleteIfExists(file);
        this.out = ImageIO.createImageOutputStream(file.toFile());
        if (out == null) {
            throw new IOException("cannot open " + file);
        }
        writer.setOutput(out);
        writer.prepareWriteSequence(null);
    }

    @Override
    public void accept(BufferedImage frame) throws IOException {
        int w = Math.max(1, (int) Math.round(frame.getWidth() * scale));
        int h = Math.max(1, (int) Math.round(frame.getHeight() * scale));
        if (scaled == null || scaled.getWidth() != w || scaled.getHeight() != h) {
            scaled = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        }
        Graphics2D g = scaled.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            g.drawImage(frame, 0, 0, w, h, null);
        } finally {
            g.dispose();
        }
        IIOMetadata meta = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(scaled), null);
        String format = meta.getNativeMetadataFormatName();
        IIOMetadataNode root = (IIOMetadataNode) meta.getAsTree(format);
        IIOMetadataNode gce = child(root, "GraphicControlExtension");
        gce.setAttribute("disposalMethod", "none");
        gce.setAttribute("userInputFlag", "FALSE");
        gce.setAttribute("transparentColorFlag", "FALSE");
        gce.setAttribute("delayTime", Integer.toString(delayCentiseconds));
        gce.setAttribute("transparentColorIndex", "0");
        if (count == 0) {
            IIOMetadataNode apps = child(root, "ApplicationExtensions");
            IIOMetadataNode app = new IIOMetadataNode("ApplicationExtension");
            app.setAttribute("applicationID", "NETSCAPE");
            app.setAttribute("authenticationCode", "2.0");
            app.setUserObject(new byte[] {1, 0, 0}); // loop forever
            apps.appendChild(app);
        }
        meta.setFromTree(format, root);
        writer.writeToSequence(new IIOImage(scaled, null, meta), null);
        count++;
    }

    private static IIOMetadataNode child(IIOMetadataNode root, String name) {
        for (int i = 0; i < root.getLength(); i++) {
            if (root.item(i).getNodeName().equalsIgnoreCase(name)) {
                return (IIOMetadataNode) root.item(i);
            }
        }
        IIOMetadataNode node = new IIOMetadataNode(name);
        root.appendChild(node);
        return node;
    }

    @Override
    public int frameCount() {
        return count;
    }

    @Override
    public void close() throws IOException {
        try {
            writer.endWriteSequence();
        } finally {
            out.close();
            writer.dispose();
        }
    }
}
