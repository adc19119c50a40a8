package dev.tumble.core.resolve;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.ContactBuffer;
import java.util.Random;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Seeded random bodies and contact sets for property tests. The same seed always builds the same
 * scene, so two copies can be resolved side by side.
 */
final class RandomScenes {
    private RandomScenes() {
    }

    /** One random scene: bodies and the contacts between them. */
    record Scene(RigidBody[] bodies, ContactBuffer contacts) {
    }

    /** Options for {@link #scene}. */
    record Options(boolean allowImmovable, boolean allowAsleep, boolean allowNullBody0, boolean withAcceleration,
            double frictionProbability, double maxRestitution) {
        static final Options ANY = new Options(true, true, true, true, 0.7, 1.0);
    }

    static RigidBody randomBody(Random r, boolean immovable, boolean asleep, boolean withAcceleration) {
        RigidBody b = RigidBody.dynamic();
        if (immovable) {
            b.inverseMass(0);
            b.inverseInertiaTensor(new Matrix3d().zero());
        } else {
            b.mass(0.2 + 5 * r.nextDouble());
            Matrix3d inertia = new Matrix3d().scaling(0.05 + r.nextDouble(), 0.05 + r.nextDouble(), 0.05 + r.nextDouble());
            if (r.nextBoolean()) {
                Matrix3d rot = new Matrix3d().rotation(randomRotation(r));
                inertia = rot.mul(inertia, new Matrix3d()).mul(new Matrix3d(rot).transpose());
                inertia.m10 = inertia.m01;
                inertia.m20 = inertia.m02;
                inertia.m21 = inertia.m12;
            }
            b.inertiaTensor(inertia);
        }
        b.position(4 * r.nextDouble() - 2, 4 * r.nextDouble(), 4 * r.nextDouble() - 2);
        b.orientation(randomRotation(r));
        b.velocity(3 * r.nextGaussian(), 3 * r.nextGaussian(), 3 * r.nextGaussian());
        b.angularVelocity(2 * r.nextGaussian(), 2 * r.nextGaussian(), 2 * r.nextGaussian());
        if (withAcceleration) {
            b.lastFrameAcceleration(r.nextGaussian(), -10 + r.nextGaussian(), r.nextGaussian());
        }
        b.canSleep(true);
        if (asleep) {
            b.setAwake(false);
        }
        return b;
    }

    static Quaterniond randomRotation(Random r) {
        return new Quaterniond(r.nextGaussian(), r.nextGaussian(), r.nextGaussian(), r.nextGaussian() + 1e-3)
                .normalize();
    }

    static Vector3d randomUnit(Random r) {
        Vector3d n;
        do {
            n = new Vector3d(r.nextGaussian(), r.nextGaussian(), r.nextGaussian());
        } while (n.lengthSquared() < 1e-6);
        return n.normalize();
    }

    /** A scene of {@code contactCount} contacts among about {@code contactCount/2} bodies. */
    static Scene scene(long seed, int contactCount, Options o) {
        Random r = new Random(seed);
        int bodyCount = 1 + r.nextInt(Math.max(1, contactCount / 2) + 1);
        RigidBody[] bodies = new RigidBody[bodyCount];
        for (int i = 0; i < bodyCount; i++) {
            boolean immovable = i > 0 && o.allowImmovable() && r.nextInt(8) == 0;
            boolean asleep = o.allowAsleep() && r.nextInt(5) == 0;
            bodies[i] = randomBody(r, immovable, asleep, o.withAcceleration());
        }
        double[] quantised = {0.02, 0.05, 0.1};
        ContactBuffer contacts = new ContactBuffer(4);
        while (contacts.size() < contactCount) {
            RigidBody a = bodies[r.nextInt(bodyCount)];
            RigidBody b = bodyCount > 1 && r.nextInt(3) > 0 ? bodies[r.nextInt(bodyCount)] : null;
            if (a == b) {
                b = null;
            }
            if (b != null && a.inverseMass() == 0 && b.inverseMass() == 0) {
                continue;
            }
            if (b == null && a.inverseMass() == 0) {
                continue;
            }
            if (o.allowNullBody0() && b != null && r.nextInt(10) == 0) {
                a = null;
            }
            RigidBody anchor = a != null ? a : b;
            Vector3d p = new Vector3d(anchor.position()).add(r.nextGaussian() * 0.5, r.nextGaussian() * 0.5,
                    r.nextGaussian() * 0.5);
            Vector3d n = r.nextInt(4) == 0 ? new Vector3d(0, 1, 0) : randomUnit(r);
            double pen = r.nextInt(3) == 0 ? quantised[r.nextInt(3)] : 0.25 * r.nextDouble() - 0.05;
            double friction = r.nextDouble() < o.frictionProbability() ? r.nextDouble() : 0;
            double restitution = o.maxRestitution() * r.nextDouble();
            contacts.add(a, b, p, n, pen, friction, restitution);
        }
        return new Scene(bodies, contacts);
    }
}
