package dev.tumble.core.robust;

import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.world.WorldSettings;
import java.util.Locale;

/**
 * Sorts below-ground fuzz failures by what the failing step looked like: whether the sunk body
 * had a contact with the static world in that step's solve, how far it was from the ground
 * before the step, and whether it is jointed. A driver for docs/robustness.md, not a test:
 * {@code FuzzClassify from to}.
 */
public final class FuzzClassify {
    private FuzzClassify() {
    }

    public static void main(String[] args) {
        long from = Long.parseLong(args[0]), to = Long.parseLong(args[1]);
        FuzzScenes.Variant variant = FuzzScenes.Variant.valueOf(System.getProperty("variant", "AS_GENERATED"));
        WorldSettings.Solver solver = WorldSettings.Solver.SEQUENTIAL_IMPULSE;
        int withGround = 0, without = 0;
        for (long seed = from; seed < to; seed++) {
            String failure = FuzzTest.run(FuzzScenes.build(seed, solver, variant));
            if (failure == null || !failure.contains("below ground")) {
                continue;
            }
            int failStep = Integer.parseInt(failure.replaceAll(".*\\| step (\\d+):.*", "$1"));
            int index = Integer.parseInt(failure.replaceAll(".*below ground, body (\\d+) .*", "$1"));
            FuzzScenes.Scene scene = FuzzScenes.build(seed, solver, variant);
            RigidBody body = scene.bodies().get(index);
            double yBefore = 0, vBefore = 0, wBefore = 0;
            for (int step = 0; step <= failStep; step++) {
                yBefore = body.position().y();
                vBefore = body.velocity().length();
                wBefore = body.angularVelocity().length();
                scene.world().step(1 / 60.0);
            }
            boolean ground = false, jointed = false;
            double partner = 0;
            for (int c = 0; c < scene.world().contacts().size(); c++) {
                Contact k = scene.world().contacts().get(c);
                RigidBody other = k.body0() == body ? k.body1() : k.body1() == body ? k.body0() : null;
                if (k.body0() != body && k.body1() != body) {
                    continue;
                }
                if (k.isJoint()) {
                    jointed = true;
                    if (other != null) {
                        partner = Math.max(partner, other.mass() / body.mass());
                    }
                } else if (other == null || other.type() == BodyType.STATIC) {
                    ground = true;
                }
            }
            if (ground) {
                withGround++;
            } else {
                without++;
            }
            System.out.printf(Locale.ROOT, "seed %d step %d body %d: %s ground contact, %s, partner/body mass %.3g, "
                    + "inner %.4f m, m %.3g kg, y %.4f -> %.4f, |v| %.3g -> %.3g, |w| %.3g -> %.3g%n", seed, failStep, index,
                    ground ? "with" : "NO", jointed ? "jointed" : "free", partner, body.innerRadius(), body.mass(), yBefore,
                    body.position().y(), vBefore, body.velocity().length(), wBefore, body.angularVelocity().length());
        }
        System.out.printf(Locale.ROOT, "%s: below ground with a ground contact %d, without %d%n", variant, withGround, without);
    }
}
