package dev.tumble.core.resolve;

import dev.tumble.core.body.RigidBody;
import org.joml.Vector3d;

public final class SiExplore5 {
    public static void main(String[] args) {
        double dt = 1 / 60.0;
        int n = Integer.parseInt(args[0]);
        for (var pc : new SequentialImpulseSettings.PositionCorrection[] {SequentialImpulseSettings.PositionCorrection.NONLINEAR_GAUSS_SEIDEL, SequentialImpulseSettings.PositionCorrection.SPLIT_IMPULSE}) {
        for (int vi : new int[] {10, 20}) {
            for (double wsf : new double[] {1.0, 0.9}) {
                for (double beta : new double[] {0.2, 0.5}) {
                  for (double relax : new double[] {1.0, 1.3}) {
                    var s = SequentialImpulseSettings.builder().velocityIterations(vi).warmStartFactor(wsf).relaxation(relax)
                            .baumgarte(beta).positionCorrection(pc).build();
                    SiBoxWorld w = SiBoxWorld.tower(s, n, 0.5, 0.0);
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
                    System.out.printf("%s vi=%d wsf=%.1f b=%.1f rel=%.1f topErr=%+.5f drift=%.5f maxV=%.5f%n", pc.name().substring(0,5), vi, wsf, beta, relax,
                            top.position().y() - y0, maxDrift, maxV);
                  }
                }
            }
        }
        }
    }
}
