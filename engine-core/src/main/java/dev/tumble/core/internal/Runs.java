package dev.tumble.core.internal;

/**
 * Runs of elements for a pass the step makes once per island or once per step.
 *
 * <p>HotSpot's C2 compiles a method whole once it has been called a few hundred times with its
 * loops busy. A method called less often than that, such as a pass over every contact of a
 * scene that is one island (the 210-box pyramid), is compiled only by on-stack replacement once
 * one of its loops has turned some 40,000 times, and then compiled again whole at its next call:
 * in a fresh JVM it ran in C1's profiled code for hundreds of steps and cost the one C2 thread
 * two compiles. A pass written as a method over {@code [start, end)} and called once per run of
 * {@link #LENGTH} elements is called often enough to be compiled once, whole, and sooner. The
 * elements are visited in the same order as by one loop, so results are unchanged.
 */
public final class Runs {
    /** Elements per run: at 32 a run method reaches C2's call count before its loop reaches on-stack replacement. */
    public static final int LENGTH = 32;

    private Runs() {
    }

    /** @return the end (exclusive) of the run that starts at {@code start} in a pass over {@code [0, n)} */
    public static int end(int start, int n) {
        return Math.min(n, start + LENGTH);
    }
}
