package dev.tumble.core.resolve;

import dev.tumble.core.body.RigidBody;
import org.joml.Vector3d;

public final class SiExplore3 {
    public static void main(String[] args) {
        double dt = 1 / 60.0;
        for (int vi : new int[] {10, 20, 50}) {
            for (double fr : new double[] {0.0, 0.6}) {
                for (double margin : new double[] {0.0, 0.02}) {
                    var s = SequentialImpulseSettings.builder().velocityIterations(vi)
                            .positionCorrection(SequentialImpulseSettings.PositionCorrection.valueOf(args[0])).build();
                    int n = Integer.parseInt(args[1]);
                    SiBoxWorld w = SiBoxWorld.tower(s, n, 0.5, 0.0);
                    w.friction = fr;
                    w.margin = margin;
                    RigidBody top = w.boxes.get(n - 1);
                    double y0 = top.position().y();
                    double maxV = 0, maxDrift = 0;
                    for (int i = 0; i < 600; i++) {
                        w.step(dt);
                        if (i >= 60) {
                            maxV = Math.max(maxV, w.maxSpeed());
                        }
                        maxDrift = Math.max(maxDrift, new Vector3d(top.position()).sub(0, y0, 0).length());
                    }
                    System.out.printf("vi=%d mu=%.1f margin=%.2f topErr=%+.5f drift=%.5f maxV=%.5f%n", vi, fr, margin,
                            top.position().y() - y0, maxDrift, maxV);
                }
            }
        }
    }
}
