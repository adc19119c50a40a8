package dev.tumble.demos.cli;

import dev.tumble.core.world.WorldSettings;
import dev.tumble.demos.file.SceneFileException;
import dev.tumble.demos.file.SceneLimits;
import dev.tumble.demos.file.SceneReader;
import dev.tumble.demos.scene.SceneCatalog;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.render.app.SceneMenu;
import dev.tumble.render.app.Simulation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The viewer's scene browser for the demo app: every scene of {@link SceneCatalog} under its
 * group, then scene files (those named on the command line and the {@code .json} files of the
 * scene directories), each rebuilt with the settings panel's adjustment.
 */
public final class CatalogMenu implements SceneMenu {
    private final SceneOptions options;
    private final List<Item> items = new ArrayList<>();
    private final Map<String, Path> files = new LinkedHashMap<>();

    /**
     * @param options the solver and seed the scenes start with
     * @param sceneFiles scene files to list (missing ones are left out)
     * @param sceneDirs directories whose {@code .json} files are listed (missing ones are skipped)
     */
    public CatalogMenu(SceneOptions options, List<Path> sceneFiles, List<Path> sceneDirs) {
        this.options = options;
        for (SceneCatalog.Group g : SceneCatalog.Group.values()) {
            for (SceneCatalog.Entry e : SceneCatalog.entries()) {
                if (e.group() == g) {
                    items.add(new Item(g.title(), e.name(), e.description(), e.keys()));
                }
            }
        }
        List<Path> found = new ArrayList<>(sceneFiles);
        for (Path dir : sceneDirs) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> s = Files.list(dir)) {
                    s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted(Comparator.comparing(Path::toString))
                            .forEach(found::add);
                } catch (IOException e) {
                    // An unreadable directory lists nothing; the built-in scenes are still there.
                }
            }
        }
        for (Path p : found) {
            String name = fileName(p);
            if (Files.isRegularFile(p) && !files.containsKey(name) && !isCatalogName(name)) {
                files.put(name, p);
                items.add(new Item(SceneCatalog.Group.FILES.title(), name, "scene file " + p, List.of()));
            }
        }
    }

    /**
     * The name a scene file is listed under: its file name, {@code .json} included, so it never
     * clashes with a built-in scene of the same stem.
     *
     * @param file the scene file
     * @return the name
     */
    public static String fileName(Path file) {
        return file.getFileName().toString();
    }

    private static boolean isCatalogName(String name) {
        return SceneCatalog.entries().stream().anyMatch(e -> e.name().equals(name));
    }

    @Override
    public List<Item> items() {
        return List.copyOf(items);
    }

    @Override
    public Simulation build(Item item, UnaryOperator<WorldSettings> adjust) {
        Path file = files.get(item.name());
        if (file != null) {
            try {
                return SceneReader.read(file, SceneLimits.DEFAULTS, adjust);
            } catch (SceneFileException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }
        // The panel's solver is part of the adjustment; the scene is built for it, so a scene
        // that picks its settings by solver picks the ones for the solver shown.
        WorldSettings.Solver solver = adjust.apply(WorldSettings.builder().solver(options.solver()).build()).solver();
        return SceneCatalog.build(item.name(), options.withSolver(solver).withAdjust(adjust));
    }
}
