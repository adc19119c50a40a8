package dev.tumble.core.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.scenes.StackingScenes;
import org.junit.jupiter.api.Test;

/** Millington's island-parallel solving gives the same bits as one thread, step after step. */
class ParallelIslandsTest {

    /** Steps both worlds and compares their state hashes after every step. */
    private static void assertSameBits(World one, World many, int steps) {
        for (int i = 0; i < steps; i++) {
            one.step(StackingScenes.DT);
            many.step(StackingScenes.DT);
            assertEquals(one.stateHash(), many.stateHash(), "state after step " + (i + 1));
        }
    }

    @Test
    void aPileOfManyIslandsMatchesOneThreadBitForBit() {
        WorldSettings settings = StackingScenes.settings(WorldSettings.Solver.MILLINGTON);
        World one = StackingScenes.pile(settings, 5, 4).world();
        World two = StackingScenes.pile(settings.toBuilder().threads(2).build(), 5, 4).world();
        assertSameBits(one, two, 150);
        assertTrue(two.profile().islands() > 10, "many islands to share out: " + two.profile().islands());
        assertEquals(one.profile().velocityIterations(), two.profile().velocityIterations());
    }

    @Test
    void moreThreadsThanCoresAlsoMatch() {
        WorldSettings settings = StackingScenes.settings(WorldSettings.Solver.MILLINGTON);
        World one = StackingScenes.pile(settings, 4, 3).world();
        World four = StackingScenes.pile(settings.toBuilder().threads(4).build(), 4, 3).world();
        assertSameBits(one, four, 100);
    }

    @Test
    void withSleepJointsAndMixedShapesTheWorldsStayIdentical() {
        WorldSettings millington = WorldSettings.builder().solver(WorldSettings.Solver.MILLINGTON).build();
        World one = DeterminismTest.scene(millington);
        World three = DeterminismTest.scene(millington.toBuilder().threads(3).build());
        assertSameBits(one, three, 400);
    }

    @Test
    void threadsOutOfRangeAreRejectedNamingTheField() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WorldSettings.builder().threads(0).build());
        assertTrue(e.getMessage().contains("threads"), e.getMessage());
    }
}
