package dev.tumble.demos.cli;

import dev.tumble.demos.file.FileScene;
import dev.tumble.demos.file.SceneFileException;
import dev.tumble.demos.file.SceneReader;
import dev.tumble.demos.file.SceneWriter;
import dev.tumble.demos.file.Trace;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneCatalog;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.demos.scenes.Scenes;
import dev.tumble.render.HeadlessRecorder;
import dev.tumble.render.gl.GlContexts;
import dev.tumble.render.output.FrameSink;
import dev.tumble.render.output.GifSink;
import dev.tumble.render.output.Mp4Sink;
import dev.tumble.render.output.PngSequenceSink;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import javax.imageio.ImageIO;

/** The demo app's commands; each returns an exit code instead of exiting. */
public final class Commands {
    /** The usage text. */
    public static final String USAGE = """
            usage: tumble-demos [COMMAND]
              list                        the scenes by group, one a line, with what each shows
              run [NAME|SCENE.json]       a window when there is a display, else headless output
                  --headless              never open a window
                  --frames N              frames to record headless (default 150, 2 steps apart)
                  --gif PATH | --mp4 PATH | --png DIR   where headless frames go (default: a GIF)
                  --solver si|millington  the contact solver (default si)
                  --seed N                seed of the scene's random placements (default 1)
                  --size WxH              frame size in pixels (default 960x540, a window 1280x720;
                                          GIFs are half size)
                  --hd                    1280x720 frames, GIFs at full size
                  --no-caption            leave out the caption (scene, solver, time, step time)
              simulate SCENE.json         headless physics only, no GL; prints a one-line summary
                  --steps N               steps to run (default 300)
                  --every K               trace every K steps (default 10)
                  --out TRACE.json        write the trace there
              export NAME OUT.json        write a built-in scene as a scene file (--solver, --seed)
              stills [DIR]                a PNG of every scene into DIR (default docs/demos)
            With no command it runs the default scene (%s).""".formatted(Scenes.DEFAULT);

    /** Frames recorded headless by default (5 s of simulation at 2 steps a frame). */
    public static final int DEFAULT_FRAMES = 150;
    private static final int STEPS_PER_FRAME = 2;

    private final PrintStream out;
    private final PrintStream err;

    /**
     * @param out receives normal output
     * @param err receives errors
     */
    public Commands(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /**
     * Runs the command named by the first word; no words runs the default scene.
     *
     * @param words the command and its arguments
     * @return the exit code: 0 done, 1 it failed (no GL, an I/O error), 2 a bad scene file
     * @throws Args.UsageException for an unknown command or bad arguments
     */
    public int run(List<String> words) throws Args.UsageException {
        if (words.isEmpty()) {
            return run(new Args(List.of(), RUN_FLAGS, RUN_VALUED), Scenes.DEFAULT);
        }
        String command = words.get(0);
        List<String> rest = words.subList(1, words.size());
        switch (command) {
            case "list" -> {
                for (SceneCatalog.Group g : SceneCatalog.Group.values()) {
                    List<SceneCatalog.Entry> in = SceneCatalog.entries().stream().filter(e -> e.group() == g).toList();
                    if (!in.isEmpty()) {
                        out.println(g.title());
                    }
                    for (SceneCatalog.Entry e : in) {
                        out.printf("  %-13s %s%n", e.name(), e.description());
                    }
                }
                return 0;
            }
            case "run" -> {
                Args a = new Args(rest, RUN_FLAGS, RUN_VALUED);
                return run(a, a.positional().isEmpty() ? Scenes.DEFAULT : one(a, "run"));
            }
            case "simulate" -> {
                Args a = new Args(rest, Set.of(), Set.of("steps", "every", "out"));
                return simulate(a, one(a, "simulate"));
            }
            case "export" -> {
                Args a = new Args(rest, Set.of(), Set.of("solver", "seed"));
                if (a.positional().size() != 2) {
                    throw new Args.UsageException("export needs a scene name and an output file");
                }
                return export(a);
            }
            case "stills" -> {
                Args a = new Args(rest, Set.of(), Set.of("size"));
                if (a.positional().size() > 1) {
                    throw new Args.UsageException("stills takes at most one directory");
                }
                return stills(Path.of(a.positional().isEmpty() ? "docs/demos" : a.positional().get(0)), a);
            }
            case "help", "--help", "-h" -> {
                out.println(USAGE);
                return 0;
            }
            default -> throw new Args.UsageException("unknown command '" + command + "'");
        }
    }

    private static final Set<String> RUN_FLAGS = Set.of("headless", "hd", "no-caption");
    private static final Set<String> RUN_VALUED = Set.of("frames", "gif", "mp4", "png", "solver", "seed", "size");

    private static String one(Args a, String command) throws Args.UsageException {
        if (a.positional().size() != 1) {
            throw new Args.UsageException(command + " takes one scene, got " + a.positional().size());
        }
        return a.positional().get(0);
    }

    private static SceneOptions options(Args a) throws Args.UsageException {
        SceneOptions o = SceneOptions.DEFAULTS.withSeed(a.longValue("seed", SceneOptions.DEFAULTS.seed()));
        if (a.option("solver") != null) {
            try {
                o = o.withSolver(SceneOptions.parseSolver(a.option("solver")));
            } catch (IllegalArgumentException e) {
                throw new Args.UsageException(e.getMessage());
            }
        }
        return o;
    }

    private static int[] size(Args a) throws Args.UsageException {
        String s = a.option("size");
        if (s == null) {
            return a.flag("hd") ? new int[] {1280, 720} : new int[] {960, 540};
        }
        String[] p = s.toLowerCase(Locale.ROOT).split("x");
        try {
            int w = Integer.parseInt(p[0]), h = Integer.parseInt(p[1]);
            if (p.length == 2 && w >= 16 && h >= 16 && w <= 4096 && h <= 4096) {
                return new int[] {w, h};
            }
        } catch (RuntimeException e) {
            // fall through
        }
        throw new Args.UsageException("--size must be WIDTHxHEIGHT (16 to 4096), was '" + s + "'");
    }

    /** A scene factory for a name or a scene file; a bad file is reported here. */
    private Supplier<Scene> factory(String target, SceneOptions options) throws Args.UsageException, SceneFileException {
        if (target.endsWith(".json")) {
            Path file = Path.of(target);
            SceneReader.read(file);
            return () -> {
                try {
                    return SceneReader.read(file);
                } catch (SceneFileException e) {
                    throw new IllegalStateException(e.getMessage(), e);
                }
            };
        }
        SceneCatalog.Entry entry;
        try {
            entry = SceneCatalog.get(target);
        } catch (IllegalArgumentException e) {
            throw new Args.UsageException(e.getMessage());
        }
        return () -> entry.build(options);
    }

    private int run(Args a, String target) throws Args.UsageException {
        SceneOptions options = options(a);
        int[] size = size(a);
        int frames = a.positiveInt("frames", DEFAULT_FRAMES);
        int outputs = (a.option("gif") != null ? 1 : 0) + (a.option("mp4") != null ? 1 : 0) + (a.option("png") != null ? 1 : 0);
        if (outputs > 1) {
            throw new Args.UsageException("give one of --gif, --mp4 and --png");
        }
        Supplier<Scene> factory;
        try {
            factory = factory(target, options);
        } catch (SceneFileException e) {
            return fileError(e);
        }
        String name = target.endsWith(".json") ? Path.of(target).getFileName().toString().replace(".json", "") : target;
        boolean headless = a.flag("headless") || outputs > 0 || !GlContexts.displayAvailable();
        if (!headless) {
            try {
                // The viewer's panels need room: a window opens at 720p unless told otherwise.
                boolean given = a.option("size") != null || a.flag("hd");
                WindowLauncher.run(target, options, given ? size[0] : 1280, given ? size[1] : 720);
                return 0;
            } catch (RuntimeException | LinkageError e) {
                err.println("tumble: cannot open a window (" + e + "); recording headless instead");
            }
        }
        Path path;
        if (a.option("png") != null) {
            path = Path.of(a.option("png"));
        } else if (a.option("mp4") != null) {
            path = Path.of(a.option("mp4"));
        } else {
            path = Path.of(a.option("gif") != null ? a.option("gif") : defaultGif(name));
        }
        long t0 = System.nanoTime();
        Scene scene = factory.get();
        try {
            if (path.toAbsolutePath().getParent() != null) {
                Files.createDirectories(path.toAbsolutePath().getParent());
            }
            double fps = 1 / (scene.dt() * STEPS_PER_FRAME);
            try (HeadlessRecorder recorder = new HeadlessRecorder(size[0], size[1]);
                 FrameSink sink = a.option("png") != null ? new PngSequenceSink(path, name)
                         : a.option("mp4") != null ? new Mp4Sink(path, fps)
                         : new GifSink(path, fps, a.flag("hd") ? 1 : GifSink.DEFAULT_SCALE)) {
                new Player(scene, name).caption(!a.flag("no-caption")).record(recorder, sink, frames, STEPS_PER_FRAME);
            }
        } catch (IOException e) {
            err.println("error: " + path + ": " + e.getMessage());
            return 1;
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            if (e.getClass().getSimpleName().equals("GlUnavailableException") || e instanceof UnsatisfiedLinkError) {
                err.println("error: no OpenGL for headless rendering: " + e.getMessage());
                err.println("  on Debian/Ubuntu: apt-get install -y --no-install-recommends libegl1 libgl1-mesa-dri;"
                        + " `simulate` needs no GL");
                return 1;
            }
            throw e;
        }
        out.printf("%s: %d frames (%.1f s simulated, %s solver) in %.1f s -> %s%n", name, frames,
                (frames - 1) * STEPS_PER_FRAME * scene.dt(), SceneOptions.solverName(scene.world().settings().solver()),
                (System.nanoTime() - t0) / 1e9, path.toAbsolutePath().normalize());
        return 0;
    }

    /** Where {@code run} writes its GIF when not told: {@code $tumble.demo.dir/tumble-NAME.gif}. */
    static String defaultGif(String name) {
        String dir = System.getProperty("tumble.demo.dir", ".");
        return Path.of(dir, "tumble-" + name + ".gif").toString();
    }

    private int fileError(SceneFileException e) {
        err.println("error: " + e.file() + ": " + e.path() + ": " + e.problem());
        return 2;
    }

    private int simulate(Args a, String file) throws Args.UsageException {
        int steps = a.positiveInt("steps", 300);
        int every = a.positiveInt("every", 10);
        FileScene scene;
        try {
            scene = SceneReader.read(Path.of(file));
        } catch (SceneFileException e) {
            return fileError(e);
        }
        for (String w : scene.warnings()) {
            err.println("warning: " + file + ": " + w);
        }
        long t0 = System.nanoTime();
        String outPath = a.option("out");
        try (OutputStream os = outPath == null ? OutputStream.nullOutputStream()
                : new BufferedOutputStream(Files.newOutputStream(Path.of(outPath)));
             Trace trace = new Trace(os, scene, file, every)) {
            trace.frame(scene);
            for (int i = 1; i <= steps; i++) {
                scene.world().step(scene.dt());
                scene.advanceClock();
                if (i % every == 0) {
                    trace.frame(scene);
                }
            }
        } catch (IOException e) {
            err.println("error: " + outPath + ": " + e.getMessage());
            return 1;
        }
        double ms = (System.nanoTime() - t0) / 1e6;
        long awake = scene.world().bodies().stream().filter(b -> b.hasFiniteMass() && b.isAwake()).count();
        out.printf("%s: %d bodies, %d joints, %d steps of %s s (%.3f s simulated, %s solver) in %.0f ms; %d awake;"
                        + " state hash %016x%s%n", file, scene.world().bodies().size(), scene.world().joints().size(), steps,
                scene.dt(), steps * scene.dt(), SceneOptions.solverName(scene.world().settings().solver()), ms, awake,
                scene.world().stateHash(), outPath == null ? "" : "; trace -> " + outPath);
        return 0;
    }

    private int export(Args a) throws Args.UsageException {
        String name = a.positional().get(0);
        Path file = Path.of(a.positional().get(1));
        SceneCatalog.Entry entry;
        try {
            entry = SceneCatalog.get(name);
        } catch (IllegalArgumentException e) {
            throw new Args.UsageException(e.getMessage());
        }
        Scene scene = entry.build(options(a));
        try {
            if (file.toAbsolutePath().getParent() != null) {
                Files.createDirectories(file.toAbsolutePath().getParent());
            }
            Files.writeString(file, SceneWriter.toJson(scene, name + ": " + entry.description()));
        } catch (IOException e) {
            err.println("error: " + file + ": " + e.getMessage());
            return 1;
        }
        SceneWriter.incomplete(scene).ifPresent(why -> err.println("note: " + name + ": the file leaves out its script: " + why));
        out.println(name + " -> " + file);
        return 0;
    }

    private int stills(Path dir, Args a) throws Args.UsageException {
        int[] size = a.option("size") == null ? new int[] {640, 360} : size(a);
        try {
            Files.createDirectories(dir);
            try (HeadlessRecorder recorder = new HeadlessRecorder(size[0], size[1])) {
                for (SceneCatalog.Entry e : SceneCatalog.entries()) {
                    Scene scene = e.build(SceneOptions.DEFAULTS);
                    scene.run(scene.stillStep());
                    Path png = dir.resolve(e.name() + ".png");
                    ImageIO.write(new Player(scene).frame(recorder), "png", png.toFile());
                    out.println(e.name() + " (step " + scene.stillStep() + ") -> " + png);
                }
            }
        } catch (IOException e) {
            err.println("error: " + dir + ": " + e.getMessage());
            return 1;
        }
        return 0;
    }
}
