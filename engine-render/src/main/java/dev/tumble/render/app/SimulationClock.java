package dev.tumble.render.app;

import dev.tumble.core.world.FixedStepDriver;

/**
 * The viewer's clock: turns wall-clock frame time into fixed physics steps (core's
 * {@link FixedStepDriver}), with pause, single step and slow motion, and gives the
 * interpolation factor for drawing between the last two steps. Pure logic; no GL.
 */
public final class SimulationClock {
    /** Time scale of slow motion. */
    public static final double SLOW_MOTION = 0.25;
    /** Longest frame time fed to the physics, s (a stall does not trigger a burst of steps). */
    public static final double MAX_FRAME_SECONDS = 0.25;
    private static final int MAX_STEPS_PER_FRAME = 8;

    private final double dt;
    private FixedStepDriver driver;
    private boolean paused;
    private boolean slowMotion;
    private double timeScale = 1;
    private boolean stepRequested;
    private double lastAlpha;

    /** @param dt the fixed step, s (positive) */
    public SimulationClock(double dt) {
        if (!(dt > 0) || !Double.isFinite(dt)) {
            throw new IllegalArgumentException("dt must be positive and finite, was " + dt);
        }
        this.dt = dt;
        this.driver = new FixedStepDriver(dt, MAX_STEPS_PER_FRAME);
    }

    /** @return the fixed step, s */
    public double dt() {
        return dt;
    }

    /** @return whether the physics is paused */
    public boolean isPaused() {
        return paused;
    }

    /**
     * Pauses or resumes.
     *
     * @param value {@code true} to pause, {@code false} to resume
     */
    public void setPaused(boolean value) {
        paused = value;
    }

    /** @return whether slow motion ({@link #SLOW_MOTION}) is on */
    public boolean isSlowMotion() {
        return slowMotion;
    }

    /**
     * Turns slow motion on or off.
     *
     * @param value whether time runs slowed down
     */
    public void setSlowMotion(boolean value) {
        slowMotion = value;
    }

    /** @return simulated seconds per wall-clock second before slow motion (default 1) */
    public double timeScale() {
        return timeScale;
    }

    /**
     * Sets how fast simulated time runs against the wall clock (slow motion multiplies it by
     * {@link #SLOW_MOTION}). Above 1 the steps per frame are still capped, so a slow machine
     * runs slower than asked rather than stalling.
     *
     * @param scale simulated seconds per wall-clock second, in (0, 8]
     */
    public void setTimeScale(double scale) {
        if (!(scale > 0 && scale <= 8)) {
            throw new IllegalArgumentException("timeScale must be in (0, 8], was " + scale);
        }
        timeScale = scale;
    }

    /** Asks for exactly one step on the next {@link #advance}, even when paused (then it stays paused). */
    public void requestStep() {
        stepRequested = true;
    }

    /** Drops the accumulated time (after a reset). */
    public void reset() {
        driver = new FixedStepDriver(dt, MAX_STEPS_PER_FRAME);
        stepRequested = false;
        lastAlpha = 0;
    }

    /**
     * Feeds a frame's wall time and runs the steps due.
     *
     * @param frameSeconds wall time since the previous frame, s (non-negative; clamped to {@link #MAX_FRAME_SECONDS})
     * @param step runs one fixed step
     * @return steps taken
     */
    public int advance(double frameSeconds, Runnable step) {
        if (!(frameSeconds >= 0)) {
            throw new IllegalArgumentException("frameSeconds must be non-negative, was " + frameSeconds);
        }
        if (paused) {
            lastAlpha = 1; // draw the newest state
            if (stepRequested) {
                stepRequested = false;
                step.run();
                return 1;
            }
            return 0;
        }
        stepRequested = false;
        double scaled = Math.min(frameSeconds, MAX_FRAME_SECONDS) * timeScale * (slowMotion ? SLOW_MOTION : 1);
        int steps = driver.advance(scaled, step);
        lastAlpha = Math.min(1, driver.alpha());
        return steps;
    }

    /**
     * @return where to draw between the state before the last step (0) and after it (1): the
     *     fraction of a step accumulated but not yet simulated; 1 while paused
     */
    public double alpha() {
        return lastAlpha;
    }
}
