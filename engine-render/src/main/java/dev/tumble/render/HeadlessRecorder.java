package dev.tumble.render;

import dev.tumble.render.debug.DebugRenderer;
import dev.tumble.render.gl.GlContext;
import dev.tumble.render.gl.GlContexts;
import dev.tumble.render.output.FrameSink;
import dev.tumble.render.scene.Camera;
import dev.tumble.render.scene.DrawList;
import dev.tumble.render.text.TextBatch;
import org.lwjgl.opengl.GL33C;

import java.awt.image.BufferedImage;
import java.io.IOException;

/**
 * Headless rendering in one object: a headless context, a {@link SceneRenderer} and a reused
 * image. Render frames and hand them to a {@link FrameSink}. Use on one thread.
 *
 * <pre>{@code
 * try (HeadlessRecorder rec = new HeadlessRecorder(1280, 720);
 *      FrameSink gif = new GifSink(Path.of("target/run.gif"), 30)) {
 *     for (int i = 0; i < 300; i++) { step(); fill(drawList); rec.record(drawList, camera, gif); }
 * }
 * }</pre>
 */
public final class HeadlessRecorder implements AutoCloseable {
    private final GlContext context;
    private final SceneRenderer renderer;
    private final DebugRenderer debug = new DebugRenderer();
    private final TextBatch overlay = new TextBatch();
    private BufferedImage image;

    /**
     * @param width frame width, pixels
     * @param height frame height, pixels
     * @throws dev.tumble.render.gl.GlUnavailableException when no headless GL can be created
     */
    public HeadlessRecorder(int width, int height) {
        this(width, height, SceneRenderer.DEFAULT_SAMPLES, SceneRenderer.DEFAULT_SHADOW_MAP_SIZE);
    }

    /**
     * @param width frame width, pixels
     * @param height frame height, pixels
     * @param samples MSAA samples wanted (0: off)
     * @param shadowMapSize shadow map side in texels (0: no shadows)
     * @throws dev.tumble.render.gl.GlUnavailableException when no headless GL can be created
     */
    public HeadlessRecorder(int width, int height, int samples, int shadowMapSize) {
        context = GlContexts.createHeadless(width, height);
        try {
            renderer = new SceneRenderer(width, height, samples, shadowMapSize);
        } catch (RuntimeException e) {
            context.close();
            throw e;
        }
    }

    /** @return the renderer (light, clear colour, shadows) */
    public SceneRenderer renderer() {
        return renderer;
    }

    /** @return the debug batch drawn with the next frame */
    public DebugRenderer debug() {
        return debug;
    }

    /**
     * Screen-space text and rectangles drawn over the next frame (a caption), in pixels from the
     * frame's top-left; cleared after each frame.
     *
     * @return the overlay batch
     */
    public TextBatch overlay() {
        return overlay;
    }

    /** @return the context's description */
    public String describe() {
        return context.describe();
    }

    /**
     * Renders a frame and reads it back.
     *
     * @param scene what to draw
     * @param camera where to look from
     * @return the frame (the same image object each call; copy it to keep it)
     */
    public BufferedImage render(DrawList scene, Camera camera) {
        renderer.render(scene, camera, debug);
        if (!overlay.isEmpty()) {
            renderer.bindResolvedFrame();
            overlay.render(renderer.width(), renderer.height());
            GL33C.glBindFramebuffer(GL33C.GL_FRAMEBUFFER, 0);
        }
        image = renderer.readPixels(image);
        return image;
    }

    /**
     * Renders a frame and passes it to {@code sink}.
     *
     * @param scene what to draw
     * @param camera where to look from
     * @param sink receives the frame
     * @throws IOException from the sink
     */
    public void record(DrawList scene, Camera camera, FrameSink sink) throws IOException {
        sink.accept(render(scene, camera));
    }

    @Override
    public void close() {
        overlay.close();
        debug.close();
        renderer.close();
        context.close();
    }
}
