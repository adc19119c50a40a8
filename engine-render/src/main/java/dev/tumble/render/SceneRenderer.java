package dev.tumble.render;

import dev.tumble.render.debug.DebugRenderer;
import dev.tumble.render.internal.GpuMesh;
import dev.tumble.render.internal.MeshData;
import dev.tumble.render.internal.ShaderProgram;
import dev.tumble.render.scene.Camera;
import dev.tumble.render.scene.ConvexHullMesh;
import dev.tumble.render.scene.DrawList;
import dev.tumble.render.scene.MeshKind;
import dev.tumble.render.scene.RenderItem;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Vector3f;
import org.joml.Vector3fc;
import org.lwjgl.system.MemoryUtil;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.lwjgl.opengl.GL33C.*;

/**
 * Draws a {@link DrawList} with OpenGL 3.3 core: one instanced draw call per mesh kind (and per
 * convex hull mesh), a directional light with a shadow map (4 bilinear PCF taps), a 1 m grid on planes,
 * per-item colours, a tint for sleeping items, and MSAA when the driver offers it. It renders
 * into its own framebuffer object; headless code reads it back with {@link #readPixels}, a window
 * shows it with {@link #blitToScreen}. Create, use and close on the thread whose context is current.
 */
public final class SceneRenderer implements AutoCloseable {
    /** Default clear (sky) colour, 0xRRGGBB. */
    public static final int DEFAULT_CLEAR_RGB = 0x1E2229;
    /** Default MSAA sample count requested (clamped to the driver's maximum). */
    public static final int DEFAULT_SAMPLES = 4;
    /** Default shadow map side, texels. */
    public static final int DEFAULT_SHADOW_MAP_SIZE = 1024;

    private static final String SCENE_VS = "#version 330 core\n"
            + "layout(location=0) in vec3 aPos;\n"
            + "layout(location=1) in vec3 aNormal;\n"
            + "layout(location=2) in float aShift;\n"
            + "layout(location=3) in mat4 iModel;\n"
            + "layout(location=7) in vec4 iScale;\n"
            + "layout(location=8) in vec4 iColor;\n"
            + "uniform mat4 uViewProj;\n"
            + "uniform mat4 uLightViewProj;\n"
            + "uniform float uNormalOffset;\n"
            + "out vec3 vWorld; out vec3 vNormal; out vec4 vColor; out vec4 vLight; out vec2 vGrid;\n"
            + "void main(){\n"
            + "  vec3 local = aPos * iScale.xyz + vec3(0.0, aShift * iScale.w, 0.0);\n"
            + "  vec4 world = iModel * vec4(local, 1.0);\n"
            + "  vNormal = normalize(mat3(iModel) * (aNormal / max(iScale.xyz, vec3(1e-6))));\n"
            + "  vWorld = world.xyz; vColor = iColor; vGrid = local.xz;\n"
            + "  vLight = uLightViewProj * vec4(world.xyz + vNormal * uNormalOffset, 1.0);\n"
            + "  gl_Position = uViewProj * world;\n"
            + "}\n";
    private static final String SCENE_FS = "#version 330 core\n"
            + "in vec3 vWorld; in vec3 vNormal; in vec4 vColor; in vec4 vLight; in vec2 vGrid;\n"
            + "out vec4 fragColor;\n"
            + "uniform vec3 uLightDir;\n"
            + "uniform vec3 uLightColor;\n"
            + "uniform vec3 uAmbient;\n"
            + "uniform sampler2DShadow uShadowMap;\n"
            + "uniform float uShadowTexel;\n"
            + "uniform int uShadows;\n"
            + "uniform int uGrid;\n"
            + "float shadowFactor(){\n"
            + "  if (uShadows == 0) return 1.0;\n"
            + "  vec3 p = vLight.xyz / vLight.w * 0.5 + 0.5;\n"
            + "  if (p.z >= 1.0 || p.x <= 0.0 || p.y <= 0.0 || p.x >= 1.0 || p.y >= 1.0) return 1.0;\n"
            + "  float s = 0.0;\n"
            + "  float z = p.z - 0.0015;\n"
            + "  s += texture(uShadowMap, vec3(p.xy + vec2(-0.5, -0.5) * uShadowTexel, z));\n"
            + "  s += texture(uShadowMap, vec3(p.xy + vec2( 0.5, -0.5) * uShadowTexel, z));\n"
            + "  s += texture(uShadowMap, vec3(p.xy + vec2(-0.5,  0.5) * uShadowTexel, z));\n"
            + "  s += texture(uShadowMap, vec3(p.xy + vec2( 0.5,  0.5) * uShadowTexel, z));\n"
            + "  return s * 0.25;\n"
            + "}\n"
            + "void main(){\n"
            + "  vec3 n = normalize(vNormal);\n"
            + "  if (!gl_FrontFacing) n = -n;\n"
            + "  vec3 base = vColor.rgb;\n"
            + "  if (vColor.a > 0.5) base = mix(base, vec3(0.42, 0.46, 0.58), 0.6);\n"
            + "  if (uGrid != 0) {\n"
            + "    vec2 w = fwidth(vGrid);\n"
            + "    vec2 g = abs(fract(vGrid - 0.5) - 0.5) / max(w, vec2(1e-5));\n"
            + "    float line = 1.0 - min(min(g.x, g.y), 1.0);\n"
            + "    vec2 a = abs(vGrid) / max(w, vec2(1e-5));\n"
            + "    float axis = 1.0 - min(min(a.x, a.y), 1.0);\n"
            + "    base = mix(base, base * 0.55, line * 0.8);\n"
            + "    base = mix(base, vec3(0.25, 0.25, 0.3), axis * 0.8);\n"
            + "  }\n"
            + "  float ndl = max(dot(n, -uLightDir), 0.0);\n"
            + "  float sh = ndl > 0.0 ? shadowFactor() : 0.0;\n"
            + "  float hemi = 0.75 + 0.25 * n.y;\n"
            + "  vec3 c = base * (uAmbient * hemi + uLightColor * ndl * sh);\n"
            + "  fragColor = vec4(min(c, vec3(1.0)), 1.0);\n"
            + "}\n";
    private static final String DEPTH_VS = "#version 330 core\n"
            + "layout(location=0) in vec3 aPos;\n"
            + "layout(location=2) in float aShift;\n"
            + "layout(location=3) in mat4 iModel;\n"
            + "layout(location=7) in vec4 iScale;\n"
            + "uniform mat4 uLightViewProj;\n"
            + "void main(){\n"
            + "  vec3 local = aPos * iScale.xyz + vec3(0.0, aShift * iScale.w, 0.0);\n"
            + "  gl_Position = uLightViewProj * iModel * vec4(local, 1.0);\n"
            + "}\n";
    private static final String DEPTH_FS = "#version 330 core\nvoid main(){}\n";

    private final ShaderProgram sceneProgram;
    private final ShaderProgram depthProgram;
    private final GpuMesh[] kindMeshes = new GpuMesh[MeshKind.values().length];
    private final Map<ConvexHullMesh, GpuMesh> hullMeshes = new LinkedHashMap<>();
    private final Batch[] kindBatches = new Batch[MeshKind.values().length];
    private final Map<ConvexHullMesh, Batch> hullBatches = new LinkedHashMap<>();

    private final int samples;
    private final int shadowSize;
    private int width;
    private int height;
    private int msFbo;
    private int msColor;
    private int msDepth;
    private int fbo;
    private int color;
    private int depth;
    private final int shadowFbo;
    private final int shadowTex;

    private int clearRgb = DEFAULT_CLEAR_RGB;
    private boolean shadows = true;
    private final Vector3f lightDir = new Vector3f(-0.55f, -1f, 0.4f).normalize();
    private final Vector3f lightColor = new Vector3f(0.72f, 0.70f, 0.66f);
    private final Vector3f ambient = new Vector3f(0.46f, 0.48f, 0.54f);

    private final Matrix4f viewProj = new Matrix4f();
    private final Matrix4f cameraViewProj = new Matrix4f();
    private final int[] savedViewport = new int[4];
    private final Matrix4f lightViewProj = new Matrix4f();
    private IntBuffer readBuffer;
    private long lastFrameNanos;

    /** Per-group instance data gathered on the CPU each frame (shadow casters first). */
    private static final class Batch {
        FloatBuffer data = MemoryUtil.memAllocFloat(64 * GpuMesh.INSTANCE_FLOATS);
        int count;
        int casters;

        void reset() {
            count = 0;
            casters = 0;
        }

        void ensure(int n) {
            if (n * GpuMesh.INSTANCE_FLOATS > data.capacity()) {
                data = MemoryUtil.memRealloc(data, Math.max(n, count * 2) * GpuMesh.INSTANCE_FLOATS);
            }
        }
    }

    /**
     * Creates the renderer for a {@code width}×{@code height} target with
     * {@link #DEFAULT_SAMPLES} MSAA samples and a {@link #DEFAULT_SHADOW_MAP_SIZE} shadow map.
     *
     * @param width the target's width, pixels
     * @param height the target's height, pixels
     */
    public SceneRenderer(int width, int height) {
        this(width, height, DEFAULT_SAMPLES, DEFAULT_SHADOW_MAP_SIZE);
    }

    /**
     * @param width target width, pixels
     * @param height target height, pixels
     * @param requestedSamples MSAA samples wanted (0 or 1 turns MSAA off; clamped to GL_MAX_SAMPLES)
     * @param shadowMapSize shadow map side, texels (0 turns shadows off)
     */
    public SceneRenderer(int width, int height, int requestedSamples, int shadowMapSize) {
        int savedFramebuffer = glGetInteger(GL_FRAMEBUFFER_BINDING);
        int savedVao = glGetInteger(GL_VERTEX_ARRAY_BINDING);
        int savedBuffer = glGetInteger(GL_ARRAY_BUFFER_BINDING);
        int maxSamples = glGetInteger(GL_MAX_SAMPLES);
        this.samples = requestedSamples > 1 ? Math.min(requestedSamples, maxSamples) : 0;
        this.shadowSize = Math.max(0, shadowMapSize);
        this.shadows = shadowSize > 0;
        sceneProgram = new ShaderProgram("scene", SCENE_VS, SCENE_FS);
        depthProgram = new ShaderProgram("shadow depth", DEPTH_VS, DEPTH_FS);
        kindMeshes[MeshKind.BOX.ordinal()] = new GpuMesh(MeshData.box());
        kindMeshes[MeshKind.SPHERE.ordinal()] = new GpuMesh(MeshData.sphere(16, 32));
        kindMeshes[MeshKind.CAPSULE.ordinal()] = new GpuMesh(MeshData.capsule(16, 32));
        kindMeshes[MeshKind.CYLINDER.ordinal()] = new GpuMesh(MeshData.cylinder(32));
        kindMeshes[MeshKind.PLANE.ordinal()] = new GpuMesh(MeshData.plane());
        for (MeshKind k : MeshKind.values()) {
            kindBatches[k.ordinal()] = new Batch();
        }
        if (shadowSize > 0) {
            shadowTex = glGenTextures();
            glBindTexture(GL_TEXTURE_2D, shadowTex);
            glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, shadowSize, shadowSize, 0, GL_DEPTH_COMPONENT, GL_FLOAT, 0L);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
            shadowFbo = glGenFramebuffers();
            glBindFramebuffer(GL_FRAMEBUFFER, shadowFbo);
            glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, shadowTex, 0);
            glDrawBuffer(GL_NONE);
            glReadBuffer(GL_NONE);
            check("shadow");
            glBindFramebuffer(GL_FRAMEBUFFER, 0);
        } else {
            shadowTex = 0;
            shadowFbo = 0;
        }
        resize(width, height);
        glBindFramebuffer(GL_FRAMEBUFFER, savedFramebuffer);
        glBindVertexArray(savedVao);
        glBindBuffer(GL_ARRAY_BUFFER, savedBuffer);
    }

    private static void check(String what) {
        int status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
        if (status != GL_FRAMEBUFFER_COMPLETE) {
            throw new IllegalStateException(what + " framebuffer incomplete: 0x" + Integer.toHexString(status));
        }
    }

    /**
     * Resizes the render target (no-op when unchanged).
     *
     * @param newWidth pixels, positive
     * @param newHeight pixels, positive
     */
    public void resize(int newWidth, int newHeight) {
        if (newWidth <= 0 || newHeight <= 0) {
            throw new IllegalArgumentException("size must be positive: " + newWidth + "x" + newHeight);
        }
        if (newWidth == width && newHeight == height) {
            return;
        }
        int savedFramebuffer = glGetInteger(GL_FRAMEBUFFER_BINDING);
        int savedRenderbuffer = glGetInteger(GL_RENDERBUFFER_BINDING);
        deleteTargets();
        width = newWidth;
        height = newHeight;
        fbo = glGenFramebuffers();
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        color = glGenRenderbuffers();
        glBindRenderbuffer(GL_RENDERBUFFER, color);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
        depth = glGenRenderbuffers();
        glBindRenderbuffer(GL_RENDERBUFFER, depth);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, width, height);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
        check("resolve");
        if (samples > 1) {
            msFbo = glGenFramebuffers();
            glBindFramebuffer(GL_FRAMEBUFFER, msFbo);
            msColor = glGenRenderbuffers();
            glBindRenderbuffer(GL_RENDERBUFFER, msColor);
            glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
            glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, msColor);
            msDepth = glGenRenderbuffers();
            glBindRenderbuffer(GL_RENDERBUFFER, msDepth);
            glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH_COMPONENT24, width, height);
            glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, msDepth);
            check("multisample");
        }
        glBindRenderbuffer(GL_RENDERBUFFER, savedRenderbuffer);
        glBindFramebuffer(GL_FRAMEBUFFER, savedFramebuffer);
    }

    private void deleteTargets() {
        if (fbo != 0) {
            glDeleteFramebuffers(fbo);
            glDeleteRenderbuffers(color);
            glDeleteRenderbuffers(depth);
            fbo = 0;
        }
        if (msFbo != 0) {
            glDeleteFramebuffers(msFbo);
            glDeleteRenderbuffers(msColor);
            glDeleteRenderbuffers(msDepth);
            msFbo = 0;
        }
    }

    /** @return target width, pixels */
    public int width() {
        return width;
    }

    /** @return target height, pixels */
    public int height() {
        return height;
    }

    /** @return MSAA samples in use (0 when off) */
    public int samples() {
        return samples;
    }

    /** @return the clear colour, 0xRRGGBB */
    public int clearRgb() {
        return clearRgb;
    }

    /** @param rgb the clear (sky) colour, 0xRRGGBB */
    public void setClearRgb(int rgb) {
        this.clearRgb = rgb & 0xFFFFFF;
    }

    /** @param enabled whether to draw shadows (needs a shadow map, see the constructor) */
    public void setShadows(boolean enabled) {
        this.shadows = enabled && shadowSize > 0;
    }

    /** @return the direction the light travels (unit, world), live view */
    public Vector3fc lightDirection() {
        return lightDir;
    }

    /**
     * Sets the direction the light travels (world; normalised here; must have y &lt; 0 for a sun).
     *
     * @param x the direction's x
     * @param y the direction's y (&lt; 0)
     * @param z the direction's z
     */
    public void setLightDirection(float x, float y, float z) {
        Vector3f d = new Vector3f(x, y, z);
        if (!(d.lengthSquared() > 0f)) {
            throw new IllegalArgumentException("light direction must be non-zero");
        }
        lightDir.set(d.normalize());
    }

    /** @return world-to-clip matrix of the last frame */
    public Matrix4fc lastViewProjection() {
        return viewProj;
    }

    /** @return CPU time spent in the last {@link #render} call (submission, not GPU completion), nanoseconds */
    public long lastFrameNanos() {
        return lastFrameNanos;
    }

    /**
     * Renders one frame into the renderer's framebuffer (and resolves MSAA).
     *
     * @param scene what to draw
     * @param camera the view
     * @param debug debug batch drawn on top (may be {@code null}); it is cleared afterwards
     */
    public void render(DrawList scene, Camera camera, DebugRenderer debug) {
        render(scene, camera.viewProjection((float) width / height, cameraViewProj), debug);
    }

    /**
     * Renders one frame with a view-projection matrix of the caller's own (a game's camera), into
     * the renderer's framebuffer; show it with {@link #blitTo} or read it with {@link #readPixels}.
     * The caller's framebuffer binding, viewport, program and vertex array are restored; depth
     * testing is left enabled, face culling and blending disabled.
     *
     * @param scene what to draw
     * @param worldToClip projection × view, for this renderer's aspect ratio ({@link #width()} / {@link #height()})
     * @param debug debug batch drawn on top (may be {@code null}); it is cleared afterwards
     */
    public void render(DrawList scene, Matrix4fc worldToClip, DebugRenderer debug) {
        long t0 = System.nanoTime();
        int savedProgram = glGetInteger(GL_CURRENT_PROGRAM);
        int savedVao = glGetInteger(GL_VERTEX_ARRAY_BINDING);
        glGetIntegerv(GL_VIEWPORT, savedViewport);
        gather(scene);
        viewProj.set(worldToClip);
        boolean drawShadows = shadows && fitLight(scene);
        int saved = glGetInteger(GL_FRAMEBUFFER_BINDING);

        glEnable(GL_DEPTH_TEST);
        glDepthFunc(GL_LESS);
        if (drawShadows) {
            glBindFramebuffer(GL_FRAMEBUFFER, shadowFbo);
            glViewport(0, 0, shadowSize, shadowSize);
            glClear(GL_DEPTH_BUFFER_BIT);
            glEnable(GL_POLYGON_OFFSET_FILL);
            glPolygonOffset(1.5f, 2f);
            glDisable(GL_CULL_FACE);
            depthProgram.use();
            depthProgram.set("uLightViewProj", lightViewProj);
            forEachBatch(true);
            glDisable(GL_POLYGON_OFFSET_FILL);
        } else {
            uploadAll();
        }

        glBindFramebuffer(GL_FRAMEBUFFER, samples > 1 ? msFbo : fbo);
        glViewport(0, 0, width, height);
        glClearColor(((clearRgb >> 16) & 0xFF) / 255f, ((clearRgb >> 8) & 0xFF) / 255f, (clearRgb & 0xFF) / 255f, 1f);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        sceneProgram.use();
        sceneProgram.set("uViewProj", viewProj);
        sceneProgram.set("uLightViewProj", lightViewProj);
        sceneProgram.set("uNormalOffset", drawShadows ? 2.0f * shadowTexelWorld : 0f);
        sceneProgram.set("uLightDir", lightDir.x, lightDir.y, lightDir.z);
        sceneProgram.set("uLightColor", lightColor.x, lightColor.y, lightColor.z);
        sceneProgram.set("uAmbient", ambient.x, ambient.y, ambient.z);
        sceneProgram.set("uShadows", drawShadows ? 1 : 0);
        sceneProgram.set("uShadowTexel", shadowSize > 0 ? 1f / shadowSize : 0f);
        sceneProgram.set("uShadowMap", 0);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, shadowTex);
        glEnable(GL_CULL_FACE);
        glCullFace(GL_BACK);
        for (MeshKind k : MeshKind.values()) {
            if (k == MeshKind.HULL) {
                continue;
            }
            if (k == MeshKind.PLANE) {
                glDisable(GL_CULL_FACE);
            }
            sceneProgram.set("uGrid", k == MeshKind.PLANE ? 1 : 0);
            kindMeshes[k.ordinal()].draw(kindBatches[k.ordinal()].count);
            glEnable(GL_CULL_FACE);
        }
        sceneProgram.set("uGrid", 0);
        for (Map.Entry<ConvexHullMesh, Batch> e : hullBatches.entrySet()) {
            hullMeshes.get(e.getKey()).draw(e.getValue().count);
        }
        glDisable(GL_CULL_FACE);
        glBindTexture(GL_TEXTURE_2D, 0);
        if (debug != null) {
            debug.render(viewProj, width, height);
        }
        if (samples > 1) {
            glBindFramebuffer(GL_READ_FRAMEBUFFER, msFbo);
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
            glBlitFramebuffer(0, 0, width, height, 0, 0, width, height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        }
        glBindFramebuffer(GL_FRAMEBUFFER, saved);
        glViewport(savedViewport[0], savedViewport[1], savedViewport[2], savedViewport[3]);
        glUseProgram(savedProgram);
        glBindVertexArray(savedVao);
        glDisable(GL_BLEND);
        lastFrameNanos = System.nanoTime() - t0;
    }

    private float shadowTexelWorld;

    private void forEachBatch(boolean castersOnly) {
        for (MeshKind k : MeshKind.values()) {
            if (k == MeshKind.HULL) {
                continue;
            }
            Batch b = kindBatches[k.ordinal()];
            GpuMesh m = kindMeshes[k.ordinal()];
            m.upload(b.data, b.count);
            m.draw(castersOnly ? b.casters : b.count);
        }
        for (Map.Entry<ConvexHullMesh, Batch> e : hullBatches.entrySet()) {
            GpuMesh m = hullMeshes.get(e.getKey());
            m.upload(e.getValue().data, e.getValue().count);
            m.draw(castersOnly ? e.getValue().casters : e.getValue().count);
        }
    }

    private void uploadAll() {
        for (MeshKind k : MeshKind.values()) {
            if (k != MeshKind.HULL) {
                kindMeshes[k.ordinal()].upload(kindBatches[k.ordinal()].data, kindBatches[k.ordinal()].count);
            }
        }
        for (Map.Entry<ConvexHullMesh, Batch> e : hullBatches.entrySet()) {
            hullMeshes.get(e.getKey()).upload(e.getValue().data, e.getValue().count);
        }
    }

    /** Sorts the items into per-mesh instance arrays, shadow casters first. */
    private void gather(DrawList scene) {
        for (Batch b : kindBatches) {
            b.reset();
        }
        for (Batch b : hullBatches.values()) {
            b.reset();
        }
        int n = scene.size();
        // Two passes: casters, then the rest, so each batch's casters form a prefix.
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < n; i++) {
                RenderItem it = scene.get(i);
                if (it.castsShadow() != (pass == 0)) {
                    continue;
                }
                Batch b;
                if (it.kind() == MeshKind.HULL) {
                    ConvexHullMesh h = it.hull();
                    if (!hullMeshes.containsKey(h)) {
                        hullMeshes.put(h, new GpuMesh(MeshData.triangles(h.positions(), h.normals())));
                        hullBatches.put(h, new Batch());
                    }
                    b = hullBatches.get(h);
                } else {
                    b = kindBatches[it.kind().ordinal()];
                }
                b.ensure(b.count + 1);
                int o = b.count * GpuMesh.INSTANCE_FLOATS;
                it.model().get(o, b.data);
                scale(it, b.data, o + 16);
                int rgb = it.rgb();
                b.data.put(o + 20, ((rgb >> 16) & 0xFF) / 255f);
                b.data.put(o + 21, ((rgb >> 8) & 0xFF) / 255f);
                b.data.put(o + 22, (rgb & 0xFF) / 255f);
                b.data.put(o + 23, it.asleep() ? 1f : 0f);
                b.count++;
                if (pass == 0) {
                    b.casters++;
                }
            }
        }
    }

    /**
     * Writes the item's instance scale at {@code at}: xyz scale the unit mesh, w shifts a capsule's
     * hemispheres by its half height. A box and a cylinder scale by their size, a sphere and a
     * capsule by their radius, a plane's square by its half size, a hull not at all.
     */
    private static void scale(RenderItem it, FloatBuffer data, int at) {
        float x = it.size().x(), y = it.size().y(), z = it.size().z();
        switch (it.kind()) {
            case BOX, CYLINDER -> put4(data, at, x, y, z, 0f);
            case SPHERE -> put4(data, at, x, x, x, 0f);
            case CAPSULE -> put4(data, at, x, x, x, y);
            case PLANE -> put4(data, at, x, 1f, z, 0f);
            default -> put4(data, at, 1f, 1f, 1f, 0f);
        }
    }

    private static void put4(FloatBuffer data, int at, float x, float y, float z, float w) {
        data.put(at, x);
        data.put(at + 1, y);
        data.put(at + 2, z);
        data.put(at + 3, w);
    }

    /** Fits the light's orthographic frustum around the shadow casters; false when there are none. */
    private boolean fitLight(DrawList scene) {
        Vector3f min = new Vector3f(Float.POSITIVE_INFINITY);
        Vector3f max = new Vector3f(Float.NEGATIVE_INFINITY);
        Vector3f p = new Vector3f();
        boolean any = false;
        for (int i = 0; i < scene.size(); i++) {
            RenderItem it = scene.get(i);
            if (!it.castsShadow()) {
                continue;
            }
            it.model().getTranslation(p);
            float r = it.boundingRadius();
            min.min(new Vector3f(p).sub(r, r, r));
            max.max(new Vector3f(p).add(r, r, r));
            any = true;
        }
        if (!any) {
            return false;
        }
        Vector3f centre = new Vector3f(min).add(max).mul(0.5f);
        float radius = Math.max(0.5f, new Vector3f(max).sub(min).length() * 0.5f);
        Vector3f eye = new Vector3f(centre).fma(-2f * radius, lightDir);
        Vector3f up = Math.abs(lightDir.y) > 0.99f ? new Vector3f(0, 0, 1) : new Vector3f(0, 1, 0);
        lightViewProj.setOrtho(-radius, radius, -radius, radius, 0.01f, 4f * radius)
                .lookAt(eye.x, eye.y, eye.z, centre.x, centre.y, centre.z, up.x, up.y, up.z);
        shadowTexelWorld = 2f * radius / shadowSize;
        return true;
    }

    /**
     * Reads the last frame back into an image (rows flipped to top-down).
     *
     * @param reuse an image of this size and {@code TYPE_INT_RGB} to fill, or {@code null}
     * @return the image
     */
    public BufferedImage readPixels(BufferedImage reuse) {
        BufferedImage img = reuse != null && reuse.getWidth() == width && reuse.getHeight() == height
                && reuse.getType() == BufferedImage.TYPE_INT_RGB ? reuse : new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        if (readBuffer == null || readBuffer.capacity() < width * height) {
            if (readBuffer != null) {
                MemoryUtil.memFree(readBuffer);
            }
            readBuffer = MemoryUtil.memAllocInt(width * height);
        }
        int saved = glGetInteger(GL_READ_FRAMEBUFFER_BINDING);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
        glReadBuffer(GL_COLOR_ATTACHMENT0);
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
        readBuffer.clear();
        glReadPixels(0, 0, width, height, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, readBuffer);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, saved);
        int[] dst = ((DataBufferInt) img.getRaster().getDataBuffer()).getData();
        for (int y = 0; y < height; y++) {
            readBuffer.position((height - 1 - y) * width);
            readBuffer.get(dst, y * width, width);
        }
        readBuffer.clear();
        return img;
    }

    /**
     * Copies the last frame to the default framebuffer (a window), scaled to its size.
     *
     * @param screenWidth default framebuffer width, pixels
     * @param screenHeight default framebuffer height, pixels
     */
    public void blitToScreen(int screenWidth, int screenHeight) {
        glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
        glBlitFramebuffer(0, 0, width, height, 0, 0, screenWidth, screenHeight, GL_COLOR_BUFFER_BIT,
                screenWidth == width && screenHeight == height ? GL_NEAREST : GL_LINEAR);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }

    /**
     * Copies the last frame into a framebuffer of the caller's (0 is the window's default
     * framebuffer), scaled into the given rectangle; the caller's bindings are restored. For a
     * game that draws the world into part of its own screen or into its own FBO.
     *
     * @param drawFramebuffer target framebuffer object name (0: default framebuffer)
     * @param x left of the target rectangle, pixels from the left
     * @param y bottom of the target rectangle, pixels from the bottom (GL convention)
     * @param w target width, pixels
     * @param h target height, pixels
     */
    public void blitTo(int drawFramebuffer, int x, int y, int w, int h) {
        int savedRead = glGetInteger(GL_READ_FRAMEBUFFER_BINDING);
        int savedDraw = glGetInteger(GL_DRAW_FRAMEBUFFER_BINDING);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, drawFramebuffer);
        glBlitFramebuffer(0, 0, width, height, x, y, x + w, y + h, GL_COLOR_BUFFER_BIT,
                w == width && h == height ? GL_NEAREST : GL_LINEAR);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, savedRead);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, savedDraw);
    }

    /**
     * Binds the resolved frame (the image {@link #readPixels} reads and {@link #blitTo} copies)
     * as the draw framebuffer with a full viewport, to draw overlays such as a HUD over it.
     * It has no depth buffer contents worth testing against; bind 0 (or your own) afterwards.
     */
    public void bindResolvedFrame() {
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glViewport(0, 0, width, height);
    }

    /** Waits until the GPU has finished the submitted work (for timing). */
    public void finish() {
        glFinish();
    }

    @Override
    public void close() {
        deleteTargets();
        if (shadowFbo != 0) {
            glDeleteFramebuffers(shadowFbo);
            glDeleteTextures(shadowTex);
        }
        for (GpuMesh m : kindMeshes) {
            if (m != null) {
                m.close();
            }
        }
        for (GpuMesh m : hullMeshes.values()) {
            m.close();
        }
        for (Batch b : kindBatches) {
            MemoryUtil.memFree(b.data);
        }
        for (Batch b : hullBatches.values()) {
            MemoryUtil.memFree(b.data);
        }
        hullMeshes.clear();
        hullBatches.clear();
        sceneProgram.close();
        depthProgram.close();
        if (readBuffer != null) {
            MemoryUtil.memFree(readBuffer);
            readBuffer = null;
        }
    }
}
