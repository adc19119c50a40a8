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
    public static final String HELP = "drag: orbit   right/middle drag: pan   wheel: zoom\n"
            + "WASD QE: fly (Shift: fast)   Ctrl+left drag: pull a body\n"
            + "P/Space: pause   N: step   T: slow motion   R: reset\n"
            + "G: debug   B: boxes   C: camera   H: help/HUD   F2/F12: screenshot   Esc: quit";

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
        sb.append(String.format(Locale.ROOT, "step %.2f ms%n ", p.totalNanos() / 1e6));
        for (StepProfile.Stage s : StepProfile.Stage.values()) {
            sb.append(' ').append(s.name().toLowerCase(Locale.ROOT).replace('_', ' '))
                    .append(String.format(Locale.ROOT, " %.2f", p.millis(s)));
        }
        if (withHelp) {
            sb.append('\n').append(HELP);
        }
        return sb.toString().replace("\r", "");
    }
}
