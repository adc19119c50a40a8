package dev.tumble.core.world;

import dev.tumble.core.internal.Check;

/**
 * Runs a world at a fixed step from a render loop's variable frame time: an accumulator
 * collects frame time, whole steps are taken, and the remainder gives the interpolation factor
 * for drawing between the last two states ("fix your timestep").
 */
public final class FixedStepDriver {
    private final double dt;
    private final int maxStepsPerFrame;
    private double accumulator;

    /**
     * @param dt the fixed step (s), positive
     * @param maxStepsPerFrame cap on steps per {@link #advance} call, so a long stall does not
     *     spiral (the excess time is dropped)
     */
    public FixedStepDriver(double dt, int maxStepsPerFrame) {
        this.dt = Check.positive("dt", dt);
        if (maxStepsPerFrame < 1) {
            throw new IllegalArgumentException("maxStepsPerFrame must be >= 1, was " + maxStepsPerFrame);
        }
        this.maxStepsPerFrame = maxStepsPerFrame;
    }

    /**
     * Adds a frame's elapsed time (s) and calls {@code step} once per whole fixed step due.
     *
     * @param frameSeconds the frame's elapsed time, s (≥ 0)
     * @param step advances the simulation by one fixed step
     * @return the number of steps taken
     */
    public int advance(double frameSeconds, Runnable step) {
        Check.nonNegative("frameSeconds", frameSeconds);
        accumulator += frameSeconds;
        int steps = 0;
        while (accumulator >= dt && steps < maxStepsPerFrame) {
            step.run();
            accumulator -= dt;
            steps++;
        }
        if (steps == maxStepsPerFrame && accumulator >= dt) {
            accumulator = accumulator % dt;
        }
        return steps;
    }

    /**
     * @return how far (0..1) the present lies between the last step and the next: draw bodies at
     *     {@code lerp(previous, current, alpha)}
     */
    public double alpha() {
        return accumulator / dt;
    }

    /** @return the fixed step (s). */
    public double dt() {
        return dt;
    }
}
