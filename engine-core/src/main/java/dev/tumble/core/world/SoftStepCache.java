package dev.tumble.core.world;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.Contact;
import java.util.Arrays;
import org.joml.Vector3d;

/**
 * The soft step's warm start: each contact point's accumulated impulses, carried from one step to
 * the next by body pair and feature id, or failing that by where the point lies in its first
 * body (flush faces make clipped feature ids flicker while the point stays put).
 */
final class SoftStepCache {
    /** How near (m, in body 0's frame) an unmatched point must lie to last step's to take over its impulses. */
    static final double NEARBY_RADIUS = 0.02;

    private final ContactCache cache = new ContactCache();
    private final Vector3d local = new Vector3d();

    /**
     * Registers this step's contacts (cache entry = contact index) and writes each one's
     * remembered impulses (normal, tangent 1, tangent 2; N·s) to {@code warm[3c..3c+3)}.
     *
     * @return {@code warm}, or a larger array when it was too small
     */
    double[] recall(Contact[] contacts, int count, long[] featureKeys, long[] pairKeys, double[] warm) {
        if (warm.length < 3 * count) {
            warm = Arrays.copyOf(warm, Math.max(3 * count, 2 * warm.length));
        }
        cache.beginStep();
        for (int c = 0; c < count; c++) {
            cache.add(pairKeys[c], featureKeys[c]);
        }
        for (int c = 0; c < count; c++) {
            Contact ct = contacts[c];
            RigidBody b = ct.body0();
            if (b == null) {
                local.set(ct.pointX(), ct.pointY(), ct.pointZ());
            } else {
                b.pointToLocal(ct.pointX(), ct.pointY(), ct.pointZ(), local);
            }
            cache.setPoint(c, local.x, local.y, local.z);
        }
        for (int c = 0; c < count; c++) {
            if (!cache.foundById(c)) {
                cache.matchNearby(c, NEARBY_RADIUS);
            }
            for (int k = 0; k < ContactCache.IMPULSES; k++) {
                warm[3 * c + k] = cache.impulse(c, k);
            }
        }
        return warm;
    }

    /** Writes the remembered impulses (for a snapshot). */
    void write(java.io.DataOutput out) throws java.io.IOException {
        cache.write(out);
    }

    /** Reads what {@link #write} wrote, replacing the remembered impulses. */
    void read(java.io.DataInput in) throws java.io.IOException {
        cache.read(in);
    }

    /** Keeps the impulses the solve left in {@code warm} for the next step's {@link #recall}. */
    void remember(double[] warm, int count) {
        for (int c = 0; c < count; c++) {
            for (int k = 0; k < ContactCache.IMPULSES; k++) {
                cache.setImpulse(c, k, warm[3 * c + k]);
            }
        }
    }
}
