package dev.tumble.demos.scene;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The registry of demo scenes: a group, a name, a one-line description, the scene's own keys
 * and the builder that tests, benchmarks, the window app and the headless recorder all use.
 */
public final class SceneCatalog {

    /** The headings of the viewer's scene browser, in its order. */
    public enum Group {
        /** The demos of Millington's book, on rigid bodies. */
        MILLINGTON("Millington's demos"),
        /** Stacks, piles and pyramids: the contact solver at rest. */
        STACKING("Stacking"),
        /** Joints and the constraints between bodies. */
        JOINTS("Joints"),
        /** Static level geometry: ramps, friction, the ground. */
        LEVEL("Level geometry"),
        /** Chains of events a game sets up. */
        GAMEPLAY("Game-play"),
        /** Scene files read from disk. */
        FILES("Scene files");

        private final String title;

        Group(String title) {
            this.title = title;
        }

        /** @return the heading shown in the browser */
        public String title() {
            return title;
        }
    }

    /**
     * One registered scene.
     *
     * @param group the browser's heading it is listed under
     * @param name the scene's name on the command line
     * @param description one line on what it shows
     * @param keys the scene's own keys in a window, "key: action" each (empty: none)
     * @param builder builds the scene from options
     */
    public record Entry(Group group, String name, String description, List<String> keys,
            Function<SceneOptions, ? extends Scene> builder) {
        /**
         * Copies the keys.
         *
         * @param group the browser's heading it is listed under
         * @param name the scene's name on the command line
         * @param description one line on what it shows
         * @param keys the scene's own keys in a window
         * @param builder builds the scene from options
         */
        public Entry {
            keys = List.copyOf(keys);
        }

        /**
         * Builds the scene with {@code options}.
         *
         * @param options the options
         * @return a new scene
         */
        public Scene build(SceneOptions options) {
            return builder.apply(options);
        }
    }

    private static final Map<String, Entry> ENTRIES = new LinkedHashMap<>();

    static {
        dev.tumble.demos.scenes.Scenes.register();
    }

    private SceneCatalog() {
    }

    /**
     * Registers a scene (called by {@code Scenes.register()}).
     *
     * @param group the browser's heading it is listed under
     * @param name the scene's name on the command line
     * @param description one line for {@code list}
     * @param keys the scene's own keys in a window, "key: action" each
     * @param builder builds the scene from options
     */
    public static void register(Group group, String name, String description, List<String> keys,
            Function<SceneOptions, ? extends Scene> builder) {
        if (ENTRIES.put(name, new Entry(group, name, description, keys, builder)) != null) {
            throw new IllegalStateException("scene '" + name + "' registered twice");
        }
    }

    /**
     * Every scene, in registration order.
     *
     * @return the entries
     */
    public static List<Entry> entries() {
        return Collections.unmodifiableList(new ArrayList<>(ENTRIES.values()));
    }

    /**
     * The scene named {@code name}.
     *
     * @param name the scene's name
     * @return the entry
     * @throws IllegalArgumentException naming the scene and listing the known ones
     */
    public static Entry get(String name) {
        Entry e = ENTRIES.get(name);
        if (e == null) {
            throw new IllegalArgumentException("no scene named '" + name + "'; known: " + String.join(", ", ENTRIES.keySet()));
        }
        return e;
    }

    /**
     * Builds scene {@code name} with {@code options}.
     *
     * @param name the scene's name
     * @param options the options
     * @return a new scene
     */
    public static Scene build(String name, SceneOptions options) {
        return get(name).build(options);
    }
}
