package dev.tumble.core.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import java.util.Random;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The narrow phase's per-shape cache (world pose and polytope built once per step, keyed by the
 * caller) gives exactly the contacts of the uncached call, for every shape pair in both orders,
 * and a step later — after the bodies moved and {@link NarrowPhase#forgetShapes()} — the
 * contacts of the new poses, not stale ones.
 */
class NarrowPhaseShapeCacheTest {

    @Test
    void cachedContactsAreTheUncachedOnesStepAfterStep() {
        Random rnd = new Random(11);
        Shape[] shapes = {
            new Box(0.5, 0.4, 0.3), new Box(0.5, 0.5, 0.5), new Sphere(0.45), new Capsule(0.3, 0.4),
            new ConvexHull(new Vector3d(-0.5, 0, -0.5), new Vector3d(0.5, 0, -0.5), new Vector3d(0, 0, 0.6),
                    new Vector3d(0, 0.7, 0)),
            new Box(0.3, 0.6, 0.4),
        };
        RigidBody[] bodies = new RigidBody[shapes.length + 1];
        for (int i = 0; i < shapes.length; i++) {
            bodies[i] = RigidBody.dynamic(shapes[i]);
        }
        HalfSpace ground = new HalfSpace(0, 1, 0, 0);
        bodies[shapes.length] = RigidBody.fixed(ground);
        Shape[] all = new Shape[shapes.length + 1];
        System.arraycopy(shapes, 0, all, 0, shapes.length);
        all[shapes.length] = ground;

        NarrowPhase cached = new NarrowPhase().speculativeMargin(0.01);
        NarrowPhase plain = new NarrowPhase().speculativeMargin(0.01);
        ContactManifold mc = new ContactManifold();
        ContactManifold mp = new ContactManifold();
        int touching = 0;
        int changedAfterMove = 0;
        int[] lastCount = new int[all.length * all.length];
        double[] lastDepth = new double[all.length * all.length];
        for (int step = 0; step < 300; step++) {
            for (int i = 0; i < shapes.length; i++) {
                // Crowded: every body within a 1.2 m cube just above the ground.
                bodies[i].position(1.2 * rnd.nextDouble(), 0.3 + 0.8 * rnd.nextDouble(), 1.2 * rnd.nextDouble())
                        .orientation(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian());
            }
            cached.forgetShapes();
            for (int i = 0; i < all.length; i++) {
                for (int j = 0; j < all.length; j++) {
                    if (i == j || (i == shapes.length && j == shapes.length)) {
                        continue;
                    }
                    int nc = cached.collide(i, bodies[i], all[i], j, bodies[j], all[j], mc);
                    int np = plain.collide(bodies[i], all[i], bodies[j], all[j], mp);
                    assertEquals(np, nc, "count, step " + step + " pair " + i + "," + j);
                    for (int k = 0; k < nc; k++) {
                        ContactPoint c = mc.get(k);
                        ContactPoint p = mp.get(k);
                        assertEquals(p.point, c.point, "step " + step + " pair " + i + "," + j);
                        assertEquals(p.normal, c.normal, "step " + step + " pair " + i + "," + j);
                        assertEquals(Double.doubleToRawLongBits(p.penetration), Double.doubleToRawLongBits(c.penetration));
                        assertEquals(p.featureId, c.featureId);
                    }
                    int slot = i * all.length + j;
                    double depth = nc > 0 ? mc.get(0).penetration : Double.NaN;
                    if (step > 0 && (nc != lastCount[slot] || Double.compare(depth, lastDepth[slot]) != 0)) {
                        changedAfterMove++;
                    }
                    lastCount[slot] = nc;
                    lastDepth[slot] = depth;
                    touching += nc > 0 ? 1 : 0;
                }
            }
        }
        assertTrue(touching > 2000, "pairs in contact: " + touching);
        assertTrue(changedAfterMove > 2000, "pairs whose contacts changed between steps: " + changedAfterMove);
    }
}
