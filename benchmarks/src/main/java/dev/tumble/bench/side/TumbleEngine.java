package dev.tumble.bench.side;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.scenes.StackingScenes;
import dev.tumble.core.world.StepProfile;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import java.util.ArrayList;
import java.util.List;

/** Tumble with the standard scenes' settings ({@link StackingScenes#settings}: sleeping off). */
public final class TumbleEngine implements Engine {
    private final WorldSettings settings;
    private World world;
    private final List<RigidBody> boxes = new ArrayList<>();

    /** Tumble with the default solver, sleeping off. */
    public TumbleEngine() {
        this(StackingScenes.settings(WorldSettings.DEFAULTS.solver()));
    }

    /**
     * Tumble with the given settings.
     *
     * @param settings the world's settings
     */
    public TumbleEngine(WorldSettings settings) {
        this.settings = settings;
    }

    @Override
    public String name() {
        return "tumble";
    }

    @Override
    public String settings() {
        String solver = settings.solver() == WorldSettings.Solver.SEQUENTIAL_IMPULSE
                ? "sequential impulses, " + settings.sequentialImpulse().velocityIterations() + " velocity + "
                        + settings.sequentialImpulse().positionIterations() + " position iterations"
                : "Millington's resolver, " + settings.iterationsPerContact() + " iterations per contact";
        return solver + ", half-space ground, sleeping " + (settings.sleepEnabled() ? "on" : "off");
    }

    @Override
    public void build(Scene scene) {
        world = StackingScenes.groundedWorld(settings);
        double[] c = scene.centres();
        for (int i = 0; i < scene.boxes(); i++) {
            boxes.add(world.addBody(StackingScenes.unitBox(c[3 * i], c[3 * i + 1], c[3 * i + 2])));
        }
    }

    @Override
    public void step() {
        world.step(Scene.DT);
    }

    @Override
    public void read(int i, double[] out) {
        RigidBody b = boxes.get(i);
        out[0] = b.position().x();
        out[1] = b.position().y();
        out[2] = b.position().z();
        out[3] = b.velocity().x();
        out[4] = b.velocity().y();
        out[5] = b.velocity().z();
    }

    /** @return the world's profile of the last step. */
    public StepProfile profile() {
        return world.profile();
    }

    /** @return the world (for stress scenes and hashes). */
    public World world() {
        return world;
    }
}
