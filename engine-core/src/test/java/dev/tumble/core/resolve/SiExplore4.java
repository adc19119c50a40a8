package dev.tumble.core.resolve;

import dev.tumble.core.body.RigidBody;

public final class SiExplore4 {
    public static void main(String[] args) {
        double dt = 1 / 60.0;
        var s = SequentialImpulseSettings.builder().velocityIterations(Integer.parseInt(args[2]))
                .positionCorrection(SequentialImpulseSettings.PositionCorrection.NONE).build();
        int n = Integer.parseInt(args[0]);
        SiBoxWorld w = SiBoxWorld.tower(s, n, 0.5, 0.0);
        w.friction = 0;
        w.margin = Double.parseDouble(args[3]);
        for (int i = 0; i < Integer.parseInt(args[1]); i++) {
            w.step(dt);
            StringBuilder sb = new StringBuilder("t=" + i + " c=" + w.count);
            for (RigidBody b : w.boxes) {
                sb.append(String.format(" [%.5f %.5f %.5f | w %.5f %.5f %.5f]", b.position().x(), b.position().y(), b.position().z(),
                        b.angularVelocity().x(), b.angularVelocity().y(), b.angularVelocity().z()));
            }
            System.out.println(sb);
            for (int c = 0; c < w.count; c++) {
                System.out.printf("   c%d pen=%.6f lam=%.6f%n", c, w.contacts[c].penetration(), w.solver.accumulatedImpulse(c, 0));
            }
        }
    }
}
