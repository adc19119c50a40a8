package dev.tumble.core.scenes;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.world.World;
import java.util.List;

/**
 * A built stacking scene: the world, its dynamic bodies in build order, and the body to watch.
 *
 * @param name   the scene's name, e.g. {@code "pyramid"}
 * @param world  the world holding the ground and the bodies
 * @param bodies the dynamic bodies, in the order they were added
 * @param top    the body whose displacement tells whether the stack stands (the last one placed)
 */
public record StackScene(String name, World world, List<RigidBody> bodies, RigidBody top) {

    /**
     * Steps the world {@code steps} times at {@link StackingScenes#DT}.
     *
     * @param steps how many steps (≥ 0)
     * @return this scene
     */
    public StackScene run(int steps) {
        for (int i = 0; i < steps; i++) {
            world.step(StackingScenes.DT);
        }
        return this;
    }
}
