package dev.tumble.core.resolve;

import dev.tumble.core.body.RigidBody;

public final class SiExplore7 {
    public static void main(String[] args) {
        SiBoxWorld w = new SiBoxWorld(SequentialImpulseSettings.DEFAULTS);
        RigidBody box = w.addBox(0.5, 1, 0, 2.0, 0);
        box.angularVelocity(0.3, 0.1, -0.2);
        for (int i = 0; i < 300; i++) {
            w.step(1 / 60.0);
            if (i > 35 && i < 60 || i == 299) {
                System.out.printf("%d y=%.5f v=%s w=%s q=%s c=%d%n", i, box.position().y(), box.velocity(), box.angularVelocity(), box.orientation(), w.count);
                for (int c = 0; c < w.count; c++) System.out.printf("   pen=%.5f pt=%s lam=%.4f%n", w.contacts[c].penetration(), w.contacts[c].point(), w.solver.accumulatedImpulse(c, 0));
            }
        }
    }
}
