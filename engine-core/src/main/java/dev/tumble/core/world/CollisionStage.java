package dev.tumble.core.world;

import dev.tumble.core.body.BodyRegistry;
import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.narrow.ContactManifold;
import dev.tumble.core.collision.narrow.ContactPoint;
import dev.tumble.core.collision.narrow.NarrowPhase;
import dev.tumble.core.collision.shape.Aabb;
import dev.tumble.core.collision.shape.Pose;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.contact.ContactBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * The world's collision detection: one proxy per shape, candidate pairs from the broad phase,
 * contacts from the narrow phase written straight into the world's contact buffer, each with a
 * feature key (body slots, shape indices, feature id) so solvers and events can match contacts
 * from step to step.
 */
final class CollisionStage {
    private final WorldSettings settings;
    private final NarrowPhase narrow = new NarrowPhase();
    private final ContactManifold manifold = new ContactManifold();
    private final Pose pose = new Pose();

    // Proxies, rebuilt from the registry when bodies change (dense order, then shape order).
    private int proxyCount;
    private RigidBody[] proxyBody = new RigidBody[16];
    private Shape[] proxyShape = new Shape[16];
    private int[] proxyShapeIndex = new int[16];
    private Aabb[] proxyAabb = new Aabb[16];
    private boolean proxiesDirty = true;

    // Sorted keys of body pairs joined by a joint that does not collide its bodies.
    private long[] jointPairs = new long[0];

    // Per contact written this step: pair key and feature key.
    private long[] contactPair = new long[64];
    private long[] contactFeature = new long[64];

    CollisionStage(WorldSettings settings) {
        this.settings = settings;
    }

    void add(RigidBody body) {
        proxiesDirty = true;
    }

    void remove(RigidBody body) {
        proxiesDirty = true;
    }

    void refreshAll(BodyRegistry bodies) {
        proxiesDirty = true;
    }

    /** Sets the body pairs (by slot) that must not collide because a joint joins them. */
    void setJointPairs(java.util.List<dev.tumble.core.joint.Joint> joints) {
        long[] keys = new long[joints.size()];
        int n = 0;
        for (dev.tumble.core.joint.Joint j : joints) {
            if (!j.collideConnected() && j.body1() != null) {
                keys[n++] = unorderedKey(j.body0().id().index(), j.body1().id().index());
            }
        }
        jointPairs = Arrays.copyOf(keys, n);
        Arrays.sort(jointPairs);
    }

    private static long unorderedKey(int a, int b) {
        return a < b ? ContactCache.pairKey(a, b) : ContactCache.pairKey(b, a);
    }

    private boolean jointed(RigidBody a, RigidBody b) {
        return jointPairs.length > 0
                && Arrays.binarySearch(jointPairs, unorderedKey(a.id().index(), b.id().index())) >= 0;
    }

    /** Rebuilds the proxy list if bodies changed, and refreshes the boxes of moving bodies. */
    void updateBroadPhase(BodyRegistry bodies) {
        if (proxiesDirty) {
            rebuildProxies(bodies);
        }
        for (int p = 0; p < proxyCount; p++) {
            RigidBody b = proxyBody[p];
            if (b.isAwake() && b.type() != BodyType.STATIC) {
                pose.set(b, proxyShape[p]);
                proxyShape[p].computeAabb(pose, proxyAabb[p]);
            }
        }
    }

    private void rebuildProxies(BodyRegistry bodies) {
        int n = 0;
        for (int i = 0; i < bodies.size(); i++) {
            n += bodies.at(i).shapes().size();
        }
        if (proxyBody.length < n) {
            int len = Math.max(n, proxyBody.length * 2);
            proxyBody = Arrays.copyOf(proxyBody, len);
            proxyShape = Arrays.copyOf(proxyShape, len);
            proxyShapeIndex = Arrays.copyOf(proxyShapeIndex, len);
            proxyAabb = Arrays.copyOf(proxyAabb, len);
        }
        int p = 0;
        for (int i = 0; i < bodies.size(); i++) {
            RigidBody b = bodies.at(i);
            List<Shape> shapes = b.shapes();
            for (int s = 0; s < shapes.size(); s++) {
                proxyBody[p] = b;
                proxyShape[p] = shapes.get(s);
                proxyShapeIndex[p] = s;
                if (proxyAabb[p] == null) {
                    proxyAabb[p] = new Aabb();
                }
                pose.set(b, shapes.get(s));
                shapes.get(s).computeAabb(pose, proxyAabb[p]);
                p++;
            }
        }
        proxyCount = n;
        proxiesDirty = false;
    }

    /** Writes this step's collision contacts into {@code out}. */
    void findContacts(BodyRegistry bodies, ContactBuffer out) {
        for (int i = 0; i < proxyCount; i++) {
            RigidBody bi = proxyBody[i];
            Aabb ai = proxyAabb[i];
            for (int j = i + 1; j < proxyCount; j++) {
                RigidBody bj = proxyBody[j];
                if (bi == bj || !mayCollide(bi, bj) || jointed(bi, bj)) {
                    continue;
                }
                Aabb aj = proxyAabb[j];
                if (ai.maxX < aj.minX || aj.maxX < ai.minX || ai.maxY < aj.minY || aj.maxY < ai.minY
                        || ai.maxZ < aj.minZ || aj.maxZ < ai.minZ) {
                    continue;
                }
                collidePair(i, j, out);
            }
        }
    }

    /** Static–static, kinematic–static and sleeping–sleeping (or sleeping–static) pairs make no contacts. */
    private static boolean mayCollide(RigidBody a, RigidBody b) {
        boolean aMoves = a.type() != BodyType.STATIC && a.isAwake();
        boolean bMoves = b.type() != BodyType.STATIC && b.isAwake();
        if (!aMoves && !bMoves) {
            return false;
        }
        return a.type() == BodyType.DYNAMIC || b.type() == BodyType.DYNAMIC;
    }

    private void collidePair(int i, int j, ContactBuffer out) {
        RigidBody a = proxyBody[i];
        RigidBody b = proxyBody[j];
        int n = narrow.collide(a, proxyShape[i], b, proxyShape[j], manifold);
        if (n == 0) {
            return;
        }
        double friction = settings.frictionMix().mix(a.friction(), b.friction());
        double restitution = Math.max(a.restitution(), b.restitution());
        long pair = ContactCache.pairKey(a.id().index(), b.id().index());
        long shapes = ((long) proxyShapeIndex[i] << 48) | ((long) proxyShapeIndex[j] << 32);
        for (int k = 0; k < manifold.size(); k++) {
            ContactPoint cp = manifold.get(k);
            int index = out.size();
            out.add(a, b, cp.point, cp.normal, cp.penetration, friction, restitution);
            ensureContactCapacity(index + 1);
            contactPair[index] = pair;
            contactFeature[index] = shapes | (cp.featureId & 0xFFFFFFFFL);
        }
    }

    private void ensureContactCapacity(int n) {
        if (contactPair.length < n) {
            int len = Math.max(n, contactPair.length * 2);
            contactPair = Arrays.copyOf(contactPair, len);
            contactFeature = Arrays.copyOf(contactFeature, len);
        }
    }

    /** @return the pair key of collision contact {@code i} of this step. */
    long pairKey(int i) {
        return contactPair[i];
    }

    /** @return the feature key of collision contact {@code i} of this step. */
    long featureKey(int i) {
        return contactFeature[i];
    }

    /** @return the number of shape proxies. */
    int proxyCount() {
        return proxyCount;
    }

    /** @return the world box of proxy {@code p}. */
    Aabb proxyAabb(int p) {
        return proxyAabb[p];
    }
}
