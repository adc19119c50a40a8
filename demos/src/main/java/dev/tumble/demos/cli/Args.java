package dev.tumble.demos.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Command-line words split into positional arguments and {@code --option value} pairs. */
public final class Args {
    /** A usage error: the message is shown with the usage text, exit code 2. */
    public static final class UsageException extends Exception {
        /** @param message what is wrong with the command line */
        public UsageException(String message) {
            super(message);
        }
    }

    private final List<String> positional = new ArrayList<>();
    private final Map<String, String> options = new HashMap<>();

    /**
     * @param words the words after the command
     * @param flags options that take no value
     * @param valued options that take a value
     * @throws dev.tumble.demos.cli.Args.UsageException for an unknown option or an option missing
     *     its value
     */
    public Args(List<String> words, Set<String> flags, Set<String> valued) throws UsageException {
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (w.startsWith("--")) {
                String name = w.substring(2);
                String value = null;
                int eq = name.indexOf('=');
                if (eq >= 0) {
                    value = name.substring(eq + 1);
                    name = name.substring(0, eq);
                }
                if (flags.contains(name)) {
                    options.put(name, "true");
                } else if (valued.contains(name)) {
                    if (value == null) {
                        if (i + 1 >= words.size()) {
                            throw new UsageException("--" + name + " needs a value");
                        }
                        value = words.get(++i);
                    }
                    options.put(name, value);
                } else {
                    throw new UsageException("unknown option --" + name);
                }
            } else {
                positional.add(w);
            }
        }
    }

    /** @return the words that are not options, in order */
    public List<String> positional() {
        return positional;
    }

    /**
     * @param name the option's name, without {@code --}
     * @return whether the option was given
     */
    public boolean flag(String name) {
        return options.containsKey(name);
    }

    /**
     * @param name the option's name, without {@code --}
     * @return the option's value, or null when it was not given
     */
    public String option(String name) {
        return options.get(name);
    }

    /**
     * A positive integer option, or {@code fallback} when absent.
     *
     * @param name the option's name, without {@code --}
     * @param fallback the value when the option is absent
     * @return the option's value
     * @throws dev.tumble.demos.cli.Args.UsageException when the value is not a positive integer
     */
    public int positiveInt(String name, int fallback) throws UsageException {
        String v = options.get(name);
        if (v == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(v);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new UsageException("--" + name + " must be a positive integer, was '" + v + "'");
    }

    /**
     * A long option, or {@code fallback} when absent.
     *
     * @param name the option's name, without {@code --}
     * @param fallback the value when the option is absent
     * @return the option's value
     * @throws dev.tumble.demos.cli.Args.UsageException when the value is not an integer
     */
    public long longValue(String name, long fallback) throws UsageException {
        String v = options.get(name);
        if (v == null) {
            return fallback;
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " must be an integer, was '" + v + "'");
        }
    }
}
