package dev.tumble.core.resolve;

import dev.tumble.core.body.RigidBody;
import org.joml.Vector3d;

/** Manual exploration (main). */
public final class SiExplore {
    public static void main(String[] args) {
        double dt = 1 / 60.0;
        for (var pc : SequentialImpulseSettings.PositionCorrection.values()) {
            for (boolean rep : new boolean[] {true, false}) {
                for (boolean ws : new boolean[] {true, false}) {
                    for (double beta : new double[] {0.2, 0.8}) {
                        var s = SequentialImpulseSettings.builder().positionCorrection(pc).impulseRepositioning(rep)
                                .warmStarting(ws).baumgarte(beta).build();
                        for (int n : new int[] {1, 5, 10}) {
                            SiBoxWorld w = SiBoxWorld.tower(s, n, 0.5, 0.0);
                            RigidBody top = w.boxes.get(n - 1);
                            double y0 = top.position().y();
                            double maxV = 0, maxDrift = 0;
                            for (int i = 0; i < 600; i++) {
                                w.step(dt);
                                if (i >= 60) {
                                    maxV = Math.max(maxV, w.maxSpeed());
                                }
                                Vector3d d = new Vector3d(top.position()).sub(0, y0, 0);
                                maxDrift = Math.max(maxDrift, d.length());
                            }
                            System.out.printf("%-24s rep=%-5b ws=%-5b b=%.1f n=%2d  topErr=%+.5f drift=%.5f maxV(1-10s)=%.5f%n",
                                    pc, rep, ws, beta, n, top.position().y() - y0, maxDrift, maxV);
                        }
                    }
                }
            }
        }
    }
}
