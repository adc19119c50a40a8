package dev.tumble.render.app;

import dev.tumble.core.world.WorldSettings;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The scenes a {@link SimulationWindow} offers in its browser: named items in groups, each built
 * on demand with the settings panel's choices applied over the scene's own world settings.
 * The viewer knows nothing else about where scenes come from (built-in classes, scene files).
 */
public interface SceneMenu {

    /**
     * One scene in the browser.
     *
     * @param group the heading it is listed under
     * @param name its name (unique in the menu)
     * @param description one line on what it shows and which feature it exercises
     * @param keys the scene's own keys, one "key: action" a line, or empty
     */
    record Item(String group, String name, String description, List<String> keys) {
        /**
         * Copies the keys and checks for nulls.
         *
         * @param group the heading it is listed under
         * @param name its name (unique in the menu)
         * @param description one line on what it shows
         * @param keys the scene's own keys, or null for none
         */
        public Item {
            if (group == null || name == null || description == null) {
                throw new IllegalArgumentException("group, name and description must not be null");
            }
            keys = keys == null ? List.of() : List.copyOf(keys);
        }
    }

    /**
     * Every scene, grouped items next to each other, in the order the browser lists them.
     *
     * @return the items
     */
    List<Item> items();

    /**
     * Builds a scene.
     *
     * @param item one of {@link #items()}
     * @param adjust applied to the world settings the scene chose before its world is made
     *     (the settings panel's solver, iterations, sleep and gravity)
     * @return a new simulation
     */
    Simulation build(Item item, UnaryOperator<WorldSettings> adjust);
}
