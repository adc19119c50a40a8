package dev.tumble.core.world;

/**
 * Runs the rollback scene under every solver and prints, per solver, a hash of every step's
 * state bits, of the snapshots, and of a replay from a restored mid-run snapshot: a JVM that
 * computes any bit differently (interpreter, C1, C2) prints a different line.
 */
public final class RollbackMain {
    /** Frames per solver: short, so the interpreter finishes in seconds. */
    static final int STEPS = 75;
    /** The frame whose snapshot is restored and replayed. */
    static final int RESTORE_AT = 31;

    private RollbackMain() {
    }

    /** @return one line per solver: its name, then the hashes of the run, the snapshots and the replay. */
    static String run() {
        StringBuilder sb = new StringBuilder();
        for (WorldSettings.Solver solver : WorldSettings.Solver.values()) {
            World world = RollbackScene.world(solver);
            long steps = 0, snaps = 0;
            byte[] restoreFrom = null;
            for (int s = 0; s < STEPS; s++) {
                byte[] snap = world.snapshot();
                snaps = snaps * 31 + java.util.Arrays.hashCode(snap);
                if (s == RESTORE_AT) {
                    restoreFrom = snap;
                }
                RollbackScene.frame(world, s, true);
                steps = steps * 31 + world.stateHash();
            }
            world.restore(restoreFrom);
            long replay = 0;
            for (int s = RESTORE_AT; s < STEPS; s++) {
                RollbackScene.frame(world, s, true);
                replay = replay * 31 + world.stateHash();
            }
            sb.append(solver).append(' ').append(Long.toHexString(steps)).append(' ').append(Long.toHexString(snaps))
                    .append(' ').append(Long.toHexString(replay)).append('\n');
        }
        return sb.toString();
    }

    /**
     * Prints {@link #run()}.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        System.out.print(run());
    }
}
