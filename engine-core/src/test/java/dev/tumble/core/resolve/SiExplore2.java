package dev.tumble.core.resolve;

import dev.tumble.core.body.RigidBody;

public final class SiExplore2 {
    public static void main(String[] args) {
        double dt = 1 / 60.0;
        int n = Integer.parseInt(args[0]);
        var s = SequentialImpulseSettings.builder().positionCorrection(SequentialImpulseSettings.PositionCorrection.valueOf(args[1])).build();
        SiBoxWorld w = SiBoxWorld.tower(s, n, 0.5, 0.0);
        for (int i = 0; i < 600; i++) {
            w.step(dt);
            if (i % 30 == 0 || i < 5) {
                StringBuilder sb = new StringBuilder("t=" + i + " c=" + w.count);
                for (RigidBody b : w.boxes) {
                    sb.append(String.format(" [%.4f %.4f %.4f | w %.3f %.3f %.3f]", b.position().x(), b.position().y(), b.position().z(),
                            b.angularVelocity().x(), b.angularVelocity().y(), b.angularVelocity().z()));
                }
                System.out.println(sb);
            }
        }
    }
}
