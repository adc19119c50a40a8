package dev.tumble.demos.scene;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The registry of demo scenes: a name, a one-line description and the builder that tests,
 * benchmarks, the window app and the headless recorder all use.
 */
public final class SceneCatalog {

    /** One registered scene. */
    public record Entry(String name, String description, Function<SceneOptions, ? extends Scene> builder) {
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
     * @param name the scene's name on the command line
     * @param description one line for {@code list}
     * @param builder builds the scene from options
     */
    public static void register(String name, String description, Function<SceneOptions, ? extends Scene> builder) {
        if (ENTRIES.put(name, new Entry(name, description, builder)) != null) {
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
