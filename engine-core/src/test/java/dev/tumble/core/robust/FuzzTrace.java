package dev.tumble.core.robust;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.world.WorldSettings;
import java.util.Locale;

/**
 * Prints one fuzz scene step by step around its first failure (per body: height, energies,
 * speeds; the contacts of the failing step). A driver for tracing causes, not a test:
 * {@code FuzzTrace seed solver [variant] [from-step]}.
 */
public final class FuzzTrace {
    private FuzzTrace() {
    }

    public static void main(String[] args) {
        long seed = Long.parseLong(args[0]);
        WorldSettings.Solver solver = args[1].startsWith("M") ? WorldSettings.Solver.MILLINGTON
                : WorldSettings.Solver.SEQUENTIAL_IMPULSE;
        FuzzScenes.Variant variant = args.length > 2 ? FuzzScenes.Variant.valueOf(args[2]) : FuzzScenes.Variant.AS_GENERATED;
        String failure = FuzzTest.run(FuzzScenes.build(seed, solver, variant));
        System.out.println(failure);
        if (failure == null) {
            return;
        }
        int failStep = Integer.parseInt(failure.replaceAll(".*\\| step (\\d+):.*", "$1"));
        int from = args.length > 3 ? Integer.parseInt(args[3]) : Math.max(0, failStep - 2);
        FuzzScenes.Scene scene = FuzzScenes.build(seed, solver, variant);
        double g = -scene.world().settings().gravityY();
        for (int step = 0; step <= failStep; step++) {
            scene.world().step(1 / 60.0);
            if (step < from) {
                continue;
            }
            System.out.printf(Locale.ROOT, "step %d: E %.6g%n", step, FuzzTest.energy(scene.bodies(), g));
            for (int i = 0; i < scene.bodies().size(); i++) {
                RigidBody b = scene.bodies().get(i);
                double lin = 0.5 * b.mass() * b.velocity().lengthSquared();
                dev.tumble.core.collision.shape.Aabb box = b.shapes().get(0).computeAabb(
                        new dev.tumble.core.collision.shape.Pose().set(b, b.shapes().get(0)), new dev.tumble.core.collision.shape.Aabb());
                System.out.printf(Locale.ROOT, "  body %d %s inner %.4f lowest %.5f v %s w %s%n", i, b.shapes().get(0), b.innerRadius(),
                        box.minY, b.velocity(), b.angularVelocity());
                System.out.printf(Locale.ROOT, "  body %d y %.5f KE %.6g (lin %.6g) PE %.6g |v| %.4g |w| %.4g awake %b%n", i,
                        b.position().y(), b.kineticEnergy(), lin, b.mass() * g * b.position().y(), b.velocity().length(),
                        b.angularVelocity().length(), b.isAwake());
            }
            if (step == failStep || Boolean.getBoolean("contacts")) {
                for (int c = 0; c < scene.world().contacts().size(); c++) {
                    Contact k = scene.world().contacts().get(c);
                    System.out.printf(Locale.ROOT, "  contact %d-%d n %s pen %.5f mu %.3f e %.3f Jn %.5g%n",
                            scene.bodies().indexOf(k.body0()), scene.bodies().indexOf(k.body1()), k.normal(),
                            k.penetration(), k.friction(), k.restitution(), k.appliedNormalImpulse());
                }
            }
        }
    }
}
