package dev.tumble.render.app;

import dev.tumble.core.world.WorldSettings;
import java.util.EnumSet;
import java.util.Set;

/**
 * What the viewer's settings panel changes. The world settings (solver, substeps or iterations,
 * sleep, gravity) are fixed when a world is made, so changing them restarts the scene with
 * {@link #adjust} applied over the scene's own settings; an unset value keeps the scene's.
 * Time scale and the drawing layers apply at once.
 */
public final class ViewerSettings {
    /** The time scales the panel steps through, simulated s per wall-clock s. */
    public static final double[] TIME_SCALES = {0.125, 0.25, 0.5, 1, 2};
    /** The substep or iteration counts the panel steps through. */
    public static final int[] ITERATIONS = {1, 2, 4, 6, 8, 10, 16, 32, 64, 128};
    /** The gravity factors the panel steps through (times the scene's gravity). */
    public static final double[] GRAVITY_FACTORS = {0, 0.25, 0.5, 1, 2};

    private WorldSettings.Solver solver;
    private Integer iterations;
    private Boolean sleep;
    private double gravityFactor = 1;
    private double timeScale = 1;
    private final EnumSet<ViewLayer> layers = EnumSet.of(ViewLayer.JOINTS);

    /** @return the solver chosen in the panel, or null for the scene's own */
    public WorldSettings.Solver solver() {
        return solver;
    }

    /**
     * @param s the solver, or null for the scene's own
     * @return this
     */
    public ViewerSettings solver(WorldSettings.Solver s) {
        solver = s;
        return this;
    }

    /**
     * @return the iteration count chosen (substeps per step for sequential impulses, iterations
     *     per contact for Millington's resolver), or null for the scene's own
     */
    public Integer iterations() {
        return iterations;
    }

    /**
     * @param n substeps per step (sequential impulses) or iterations per contact (Millington's
     *     resolver), at least 1; null for the scene's own
     * @return this
     */
    public ViewerSettings iterations(Integer n) {
        if (n != null && n < 1) {
            throw new IllegalArgumentException("iterations must be at least 1, was " + n);
        }
        iterations = n;
        return this;
    }

    /** @return whether bodies may sleep, or null for the scene's own choice */
    public Boolean sleep() {
        return sleep;
    }

    /**
     * @param on whether bodies may sleep, or null for the scene's own choice
     * @return this
     */
    public ViewerSettings sleep(Boolean on) {
        sleep = on;
        return this;
    }

    /** @return the factor on the scene's gravity (1: unchanged) */
    public double gravityFactor() {
        return gravityFactor;
    }

    /**
     * @param f factor on the scene's gravity, finite and at least 0
     * @return this
     */
    public ViewerSettings gravityFactor(double f) {
        if (!(f >= 0) || !Double.isFinite(f)) {
            throw new IllegalArgumentException("gravityFactor must be finite and at least 0, was " + f);
        }
        gravityFactor = f;
        return this;
    }

    /** @return simulated seconds per wall-clock second */
    public double timeScale() {
        return timeScale;
    }

    /**
     * @param s simulated seconds per wall-clock second, in (0, 8]
     * @return this
     */
    public ViewerSettings timeScale(double s) {
        if (!(s > 0 && s <= 8)) {
            throw new IllegalArgumentException("timeScale must be in (0, 8], was " + s);
        }
        timeScale = s;
        return this;
    }

    /**
     * @param layer a drawing layer
     * @return whether it is drawn
     */
    public boolean isOn(ViewLayer layer) {
        return layers.contains(layer);
    }

    /**
     * @param layer a drawing layer
     * @param on whether to draw it
     * @return this
     */
    public ViewerSettings layer(ViewLayer layer, boolean on) {
        if (on) {
            layers.add(layer);
        } else {
            layers.remove(layer);
        }
        return this;
    }

    /** @return the layers drawn (a copy) */
    public Set<ViewLayer> layers() {
        return EnumSet.copyOf(layers);
    }

    /** @return whether any world setting differs from the scene's own */
    public boolean changesWorld() {
        return solver != null || iterations != null || sleep != null || gravityFactor != 1;
    }

    /**
     * The scene's world settings with this panel's choices over them.
     *
     * @param scene the settings the scene chose
     * @return settings with the panel's solver, substeps or iterations, sleep and gravity
     */
    public WorldSettings adjust(WorldSettings scene) {
        if (!changesWorld()) {
            return scene;
        }
        WorldSettings.Builder b = scene.toBuilder();
        WorldSettings.Solver s = solver != null ? solver : scene.solver();
        b.solver(s);
        if (iterations != null) {
            switch (s) {
                case SEQUENTIAL_IMPULSE -> b.sequentialImpulse(scene.sequentialImpulse().toBuilder()
                        .substeps(iterations).build());
                case MILLINGTON -> b.iterationsPerContact(iterations);
            }
        }
        if (sleep != null) {
            b.sleepEnabled(sleep);
        }
        if (gravityFactor != 1) {
            b.gravity(scene.gravityX() * gravityFactor, scene.gravityY() * gravityFactor, scene.gravityZ() * gravityFactor);
        }
        return b.build();
    }

    /**
     * The iteration count a world uses, as {@link #iterations} counts it.
     *
     * @param s a world's settings
     * @return its substeps per step (sequential impulses) or iterations per contact
     *     (Millington's resolver)
     */
    public static int iterationsOf(WorldSettings s) {
        return switch (s.solver()) {
            case SEQUENTIAL_IMPULSE -> s.sequentialImpulse().substeps();
            case MILLINGTON -> s.iterationsPerContact();
        };
    }
}
