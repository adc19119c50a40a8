package dev.tumble.core.resolve;

import dev.tumble.core.body.RigidBody;

public final class SiExplore6 {
    public static void main(String[] args) {
        double dt = 1 / 60.0;
        int n = Integer.parseInt(args[0]);
        var s = SequentialImpulseSettings.builder().velocityIterations(Integer.parseInt(args[1]))
                .positionCorrection(SequentialImpulseSettings.PositionCorrection.valueOf(args[2])).impulseRepositioning(Boolean.parseBoolean(args[3])).build();
        SiBoxWorld w = SiBoxWorld.tower(s, n, 0.5, 0.0);
        w.margin = Double.parseDouble(args[4]);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 600; i++) {
            w.step(dt);
            if (i % 15 == 0) {
                RigidBody top = w.boxes.get(n - 1);
                sb.append(String.format("%d:%.4f/%.3f,%.3f ", i, w.maxSpeed(), top.position().x(), top.position().z()));
            }
        }
        System.out.println(sb);
    }
}
