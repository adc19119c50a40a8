package dev.tumble.render.app;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class HudTest {
    @Test
    void showsCountsProfileAndClockState() {
        World world = new World(WorldSettings.builder().gravity(0, -9.81, 0).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        for (int i = 0; i < 3; i++) {
            world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(i * 2, 0.49, 0));
        }
        world.step(1 / 60.0);
        SimulationClock clock = new SimulationClock(1 / 60.0);
        clock.setPaused(true);
        clock.setSlowMotion(true);
        String text = new Hud().text(59.6, world, clock, 1.25, true, false);
        String[] lines = text.split("\n");
        assertEquals(4, lines.length, text);
        assertTrue(lines[0].startsWith("60 fps"), lines[0]);
        assertTrue(lines[0].contains("t = 1.25 s") && lines[0].contains("PAUSED") && lines[0].contains("SLOW") && lines[0].contains("DEBUG"), lines[0]);
        assertTrue(lines[1].contains("bodies 4"), lines[1]);
        assertTrue(lines[1].contains("contacts " + world.contacts().size()) && world.contacts().size() >= 12, lines[1]);
        assertTrue(lines[1].contains("awake " + world.profile().awakeBodies()), lines[1]);
        assertTrue(lines[2].startsWith("step ") && lines[2].contains(" ms") && lines[2].contains("solver si"), lines[2]);
        assertTrue(lines[3].contains("narrow phase") && lines[3].contains("resolve"), lines[3]);
        assertTrue(new Hud().text(60, world, clock, 0, false, true).contains("Ctrl+left drag"));
        assertEquals(3, new Hud().text(60, world, clock, 0, false, false, false).split("\n").length, "without the stage line");
    }
}
