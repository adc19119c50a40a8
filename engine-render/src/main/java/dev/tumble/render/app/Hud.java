package dev.tumble.render.app;

import dev.tumble.core.world.StepProfile;
import dev.tumble.core.world.World;
import java.util.Locale;

/**
 * The viewer's heads-up text: frame rate, body, awake and contact counts, the last step's time
 * and its per-stage profile, the clock's state and the key help. Pure text (drawn by the window
 * with {@code stb_easy_font}); rebuilt a few times a second, not every frame.
 */
public final class Hud {
    /** The key help shown under the figures. */
    public static final String HELP = "drag: orbit   right/middle drag: pan   wheel: zoom   WASD QE: fly (Shift: fast)\n"
            + "Ctrl+left drag: pull a body   P/Space: pause   N: step   T: slow motion   R: restart\n"
            + "PgUp/PgDn: scene   G: contacts   B: boxes   C: camera   H: panels   F2/F12: screenshot   Esc: quit\n"
            + "panels: click to choose; right click steps a setting back";

    /**
     * The short name of a solver as the command line spells it.
     *
     * @param s the solver
     * @return {@code si} or {@code millington}
     */
    public static String solverName(dev.tumble.core.world.WorldSettings.Solver s) {
        return switch (s) {
            case SEQUENTIAL_IMPULSE -> "si";
            case MILLINGTON -> "millington";
        };
    }

    private final StringBuilder sb = new StringBuilder(512);

    /**
     * Builds the HUD text.
     *
     * @param fps frames per second (wall clock)
     * @param world the simulated world (its last {@link World#profile()} is read)
     * @param clock the viewer's clock (paused, slow motion)
     * @param simulatedSeconds simulated time, s
     * @param debug whether debug drawing is on
     * @param withHelp whether to append the key help
     * @return the text, lines separated by {@code \n}
     */
    public String text(double fps, World world, SimulationClock clock, double simulatedSeconds, boolean debug, boolean withHelp) {
        return text(fps, world, clock, simulatedSeconds, debug, withHelp, true);
    }

    /**
     * Builds the HUD text, with or without the line of per-stage times (the viewer's graph shows
     * them instead).
     *
     * @param fps frames per second (wall clock)
     * @param world the simulated world (its last {@link World#profile()} is read)
     * @param clock the viewer's clock (paused, slow motion, time scale)
     * @param simulatedSeconds simulated time, s
     * @param debug whether debug drawing is on
     * @param withHelp whether to append the key help
     * @param withStages whether to list the last step's time per stage
     * @return the text, lines separated by {@code \n}
     */
    public String text(double fps, World world, SimulationClock clock, double simulatedSeconds, boolean debug, boolean withHelp,
            boolean withStages) {
        StepProfile p = world.profile();
        sb.setLength(0);
        sb.append(String.format(Locale.ROOT, "%.0f fps   t = %.2f s   dt = %.1f ms", fps, simulatedSeconds, clock.dt() * 1e3));
        if (clock.isPaused()) {
            sb.append("   PAUSED");
        }
        if (clock.isSlowMotion()) {
            sb.append("   SLOW x").append(SimulationClock.SLOW_MOTION);
        }
        if (debug) {
            sb.append("   DEBUG");
        }
        sb.append('\n');
        sb.append(String.format(Locale.ROOT, "bodies %d   awake %d   contacts %d   islands %d   joints %d%n",
                world.bodies().size(), p.awakeBodies(), world.contacts().size(), p.islands(), world.joints().size()));
        sb.append(String.format(Locale.ROOT, "step %.2f ms   solver %s", p.totalNanos() / 1e6, solverName(world.settings().solver())));
        if (clock.timeScale() != 1) {
            sb.append(String.format(Locale.ROOT, "   time x%s", clock.timeScale()));
        }
        if (withStages) {
            sb.append('\n').append(' ');
            for (StepProfile.Stage s : StepProfile.Stage.values()) {
                sb.append(' ').append(s.name().toLowerCase(Locale.ROOT).replace('_', ' '))
                        .append(String.format(Locale.ROOT, " %.2f", p.millis(s)));
            }
        }
        if (withHelp) {
            sb.append('\n').append(HELP);
        }
        return sb.toString().replace("\r", "");
    }
}
