package dev.tumble.demos;

import dev.tumble.demos.cli.Args;
import dev.tumble.demos.cli.Commands;
import java.io.PrintStream;
import java.util.Arrays;

/**
 * The demo app: {@code list}, {@code run NAME}, {@code simulate SCENE.json}, {@code export NAME
 * OUT.json}, {@code stills [DIR]}; with no arguments it runs the default scene. See
 * {@link Commands#USAGE}.
 */
public final class Main {
    private Main() {
    }

    /**
     * Runs one command and exits with its code when it is not 0.
     *
     * @param args the command-line words
     */
    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        if (code != 0) {
            System.exit(code);
        }
    }

    /**
     * Runs one command.
     *
     * @param args the command-line words
     * @param out receives normal output
     * @param err receives errors and the usage text
     * @return the exit code: 0 done, 1 it failed (no GL, an I/O error), 2 bad arguments or a bad
     *     scene file
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            return new Commands(out, err).run(Arrays.asList(args));
        } catch (Args.UsageException e) {
            err.println("error: " + e.getMessage());
            err.println(Commands.USAGE);
            return 2;
        }
    }
}
