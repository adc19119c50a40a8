package dev.tumble.render.app;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class SimulationClockTest {
    private static final double DT = 1 / 60.0;

    private static int run(SimulationClock clock, double frame, int frames) {
        int[] steps = {0};
        for (int i = 0; i < frames; i++) {
            clock.advance(frame, () -> steps[0]++);
        }
        return steps[0];
    }

    @Test
    void stepsFollowWallTimeAndAlphaIsTheRemainder() {
        SimulationClock clock = new SimulationClock(DT);
        assertEquals(60, run(clock, 1 / 120.0, 120) , 1, "one second of 120 Hz frames gives 60 steps");
        SimulationClock c2 = new SimulationClock(0.1);
        assertEquals(0, c2.advance(0.04, () -> { }));
        assertEquals(0.4, c2.alpha(), 1e-12);
        assertEquals(1, c2.advance(0.09, () -> { }));
        assertEquals(0.3, c2.alpha(), 1e-9);
    }

    @Test
    void pauseStopsStepsAndSingleStepTakesExactlyOne() {
        SimulationClock clock = new SimulationClock(DT);
        clock.setPaused(true);
        assertEquals(0, run(clock, 0.1, 10));
        assertEquals(1.0, clock.alpha(), "paused draws the newest state");
        clock.requestStep();
        assertEquals(1, run(clock, 0.1, 5));
        assertTrue(clock.isPaused());
        clock.setPaused(false);
        assertTrue(run(clock, 0.1, 1) > 0);
    }

    @Test
    void slowMotionRunsAQuarterOfTheSteps() {
        SimulationClock normal = new SimulationClock(DT);
        SimulationClock slow = new SimulationClock(DT);
        slow.setSlowMotion(true);
        int n = run(normal, DT, 240);
        int s = run(slow, DT, 240);
        assertEquals(240, n);
        assertEquals(60, s);
    }

    @Test
    void aLongStallIsClampedNotReplayed() {
        SimulationClock clock = new SimulationClock(DT);
        int steps = clock.advance(5.0, () -> { });
        assertTrue(steps <= (int) Math.ceil(SimulationClock.MAX_FRAME_SECONDS / DT), "steps after a stall: " + steps);
        assertTrue(clock.alpha() >= 0 && clock.alpha() <= 1);
    }

    @Test
    void badInputIsRejected() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SimulationClock(0)).getMessage().contains("dt"));
        SimulationClock c = new SimulationClock(DT);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> c.advance(-1, () -> { })).getMessage().contains("frameSeconds"));
    }
}
