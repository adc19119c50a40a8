package dev.tumble.demos.scenes;

import dev.tumble.core.scenes.StackScene;
import dev.tumble.core.scenes.StackingScenes;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.render.scene.Camera;

/**
 * The shared stacking scenes of {@link StackingScenes} (the ones the benchmarks and the stacking
 * tests use) as demos: sleeping off, the options' solver.
 */
public final class StackScenes extends Scene {
    private final StackScene stack;
    private final float[] view;

    private StackScenes(SceneOptions options, StackScene stack, float... view) {
        super(options, stack.world());
        this.stack = stack;
        this.view = view;
    }

    /**
     * A tower of 10 unit boxes.
     *
     * @param o the options
     * @return the scene
     */
    public static StackScenes tower(SceneOptions o) {
        return new StackScenes(o, StackingScenes.tower(o.apply(StackingScenes.settings(o.solver())), 10),
                9f, 6f, 12f, 0f, 4.5f, 0f);
    }

    /**
     * The standard 210-box pyramid (20 at the base).
     *
     * @param o the options
     * @return the scene
     */
    public static StackScenes pyramid(SceneOptions o) {
        return new StackScenes(o, StackingScenes.pyramid(o.apply(StackingScenes.settings(o.solver()))),
                6f, 12f, 30f, 0f, 8f, 0f);
    }

    /**
     * A pile of 6 × 6 columns of 5 boxes dropped into place.
     *
     * @param o the options
     * @return the scene
     */
    public static StackScenes pile(SceneOptions o) {
        return new StackScenes(o, StackingScenes.pile(o.apply(StackingScenes.settings(o.solver())), 6, 5),
                10f, 9f, 14f, 0f, 2f, 0f);
    }

    /**
     * The stacking scene underneath (its bodies in build order and the body to watch).
     *
     * @return the stacking scene
     */
    public StackScene stack() {
        return stack;
    }

    @Override
    public Camera camera() {
        return framed(new Camera().lookAt(view[0], view[1], view[2], view[3], view[4], view[5]));
    }
}
