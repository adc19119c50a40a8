/**
 * Draws a Tumble world with LWJGL 3 and OpenGL 3.3 core: into a game's own context and loop, in
 * a window of its own, or headless into images. LWJGL's native libraries are not brought in by
 * this module's dependencies: the application adds the natives for its platforms.
 */
module dev.tumble.render {
    requires transitive dev.tumble.core;
    requires transitive org.joml;
    requires org.lwjgl;
    requires org.lwjgl.glfw;
    requires org.lwjgl.opengl;
    requires org.lwjgl.stb;
    requires transitive java.desktop; // BufferedImage in SceneRenderer, HeadlessRecorder and the FrameSinks

    exports dev.tumble.render;
    exports dev.tumble.render.app;
    exports dev.tumble.render.debug;
    exports dev.tumble.render.gl;
    exports dev.tumble.render.output;
    exports dev.tumble.render.scene;
    exports dev.tumble.render.world;
}
