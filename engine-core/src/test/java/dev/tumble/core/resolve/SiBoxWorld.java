package dev.tumble.core.resolve;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.math.Inertia;
import dev.tumble.core.world.SequentialImpulseSettings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.joml.Vector3d;

/**
 * A tiny test world for the sequential-impulse solver: cubes, a ground plane through the origin
 * with normal {@code up} (y = 0 by default, tilted for slopes), a four-corner box–ground contact
 * generator and a box-on-box generator (the four corners of the upper box's bottom face against
 * the lower box's top face), Millington's step order (integrate, detect, resolve) and a warm-start
 * cache keyed by (body pair, corner).
 */
final class SiBoxWorld {
    private static final BodyAccess BODY = BodyAccess.get();

    static final double G = 9.81;

    final List<RigidBody> boxes = new ArrayList<>();
    final List<double[]> halfExtents = new ArrayList<>();
    /** Pairs (lower index, upper index) checked by the box-box generator. */
    final List<int[]> stackPairs = new ArrayList<>();
    final SequentialImpulseSolver solver;
    final Vector3d up = new Vector3d(0, 1, 0);
    double friction = 0.6;
    double restitution = 0;
    /** Contacts are made up to this separation, m (speculative contacts). */
    double margin = 0.02;
    Contact[] contacts = new Contact[0];
    long[] keys = new long[0];
    int count;
    private Map<Long, double[]> cache = new HashMap<>();

    SiBoxWorld(SequentialImpulseSettings settings) {
        solver = new SequentialImpulseSolver(settings);
    }

    RigidBody addBox(double h, double mass, double x, double y, double z) {
        RigidBody b = RigidBody.dynamic().mass(mass).inertiaTensor(Inertia.box(mass, h, h, h))
                .acceleration(0, -G, 0).damping(1, 1).canSleep(false).position(x, y, z);
        boxes.add(b);
        halfExtents.add(new double[] {h});
        return b;
    }

    /** Boxes 0..n-1 stacked: each on the previous, the first on the ground. */
    static SiBoxWorld tower(SequentialImpulseSettings s, int n, double h, double gap) {
        SiBoxWorld w = new SiBoxWorld(s);
        for (int i = 0; i < n; i++) {
            w.addBox(h, 1, 0, h + i * (2 * h + gap), 0);
            if (i > 0) {
                w.stackPairs.add(new int[] {i - 1, i});
            }
        }
        return w;
    }

    private Contact next(long key) {
        if (count == contacts.length) {
            int n = Math.max(16, 2 * count);
            Contact[] c = new Contact[n];
            System.arraycopy(contacts, 0, c, 0, count);
            for (int i = count; i < n; i++) {
                c[i] = new Contact();
            }
            contacts = c;
            long[] k = new long[n];
            System.arraycopy(keys, 0, k, 0, count);
            keys = k;
        }
        keys[count] = key;
        return contacts[count++];
    }

    private static final double[][] CORNERS = new double[8][];

    static {
        int i = 0;
        for (int sx = -1; sx <= 1; sx += 2) {
            for (int sy = -1; sy <= 1; sy += 2) {
                for (int sz = -1; sz <= 1; sz += 2) {
                    CORNERS[i++] = new double[] {sx, sy, sz};
                }
            }
        }
    }

    void detect() {
        count = 0;
        Vector3d c = new Vector3d();
        for (int b = 0; b < boxes.size(); b++) {
            RigidBody box = boxes.get(b);
            double h = halfExtents.get(b)[0];
            for (int k = 0; k < 8; k++) {
                box.pointToWorld(c.set(CORNERS[k][0] * h, CORNERS[k][1] * h, CORNERS[k][2] * h), c);
                double d = c.dot(up);
                if (d < margin) {
                    next(((long) b << 32) | (0xFFFFL << 16) | k).set(box, null, c.x - up.x * d / 2,
                            c.y - up.y * d / 2, c.z - up.z * d / 2, up.x, up.y, up.z, -d, friction, restitution);
                }
            }
        }
        Vector3d q = new Vector3d();
        Vector3d n = new Vector3d();
        for (int[] p : stackPairs) {
            RigidBody lower = boxes.get(p[0]), upper = boxes.get(p[1]);
            double hl = halfExtents.get(p[0])[0], hu = halfExtents.get(p[1])[0];
            lower.directionToWorld(new Vector3d(0, 1, 0), n);
            for (int k = 0; k < 8; k++) {
                if (CORNERS[k][1] > 0) {
                    continue;
                }
                upper.pointToWorld(c.set(CORNERS[k][0] * hu, -hu, CORNERS[k][2] * hu), c);
                lower.pointToLocal(c, q);
                double pen = hl - q.y;
                if (pen > -margin && pen < hl && Math.abs(q.x) <= hl * 1.05 && Math.abs(q.z) <= hl * 1.05) {
                    next(((long) p[1] << 32) | ((long) p[0] << 16) | k).set(upper, lower, c.x + n.x * pen / 2,
                            c.y + n.y * pen / 2, c.z + n.z * pen / 2, n.x, n.y, n.z, pen, friction, restitution);
                }
            }
        }
    }

    void step(double dt) {
        for (RigidBody b : boxes) {
            BODY.integrate(b, dt);
        }
        detect();
        for (int i = 0; i < count; i++) {
            double[] w = cache.get(keys[i]);
            if (w != null) {
                solver.setWarmStart(i, w[0], w[1], w[2]);
            }
        }
        solver.resolveContacts(contacts, count, dt);
        Map<Long, double[]> next = new HashMap<>();
        for (int i = 0; i < count; i++) {
            next.put(keys[i], new double[] {solver.accumulatedImpulse(i, 0), solver.accumulatedImpulse(i, 1),
                    solver.accumulatedImpulse(i, 2)});
        }
        cache = next;
    }

    double maxSpeed() {
        double m = 0;
        for (RigidBody b : boxes) {
            m = Math.max(m, b.velocity().length());
        }
        return m;
    }
}
