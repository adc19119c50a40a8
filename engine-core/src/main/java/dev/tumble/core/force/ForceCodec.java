package dev.tumble.core.force;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.ClassNames;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import org.joml.Matrix3d;
import org.joml.Matrix3dc;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Writes and reads one force generator for world snapshots, every double bit for bit. A
 * generator of this package's classes ({@link Gravity}, {@link Spring}, {@link AnchoredSpring},
 * {@link Buoyancy}, {@link Aero}, {@link AngledAero}, {@link AeroControl}, {@link Explosion}) is
 * written whole, its clock and settings included, so a snapshot can rebuild it; any other class
 * (a subclass too) is written by reference, by its class name, and a restore needs the object
 * itself (see {@link RegistryCodec}).
 */
final class ForceCodec {
    /** Tag of a generator written by reference. */
    static final int BY_REFERENCE = 0;
    private static final int GRAVITY = 1, SPRING = 2, ANCHORED_SPRING = 3, BUOYANCY = 4, AERO = 5, ANGLED_AERO = 6,
            AERO_CONTROL = 7, EXPLOSION = 8;
    /** Doubles per tag (index: tag). */
    private static final int[] VALUES = {0, 3, 8, 8, 8, 15, 28, 43, 12};
    /** Values an explosion is built with (its clock follows them). */
    private static final int EXPLOSION_BUILT = 11;

    private ForceCodec() {
    }

    /**
     * @param g a generator
     * @param inWorld which bodies a spring may name (bodies outside the world cannot be named,
     *     so a spring reaching one is written by reference)
     * @return its tag: 0 for one written by reference
     */
    static int tag(ForceGenerator g, java.util.function.Predicate<RigidBody> inWorld) {
        Class<?> c = g.getClass();
        if (c == Spring.class) {
            Spring s = (Spring) g;
            return inWorld.test(s.bodyA) && inWorld.test(s.bodyB) ? SPRING : BY_REFERENCE;
        }
        return c == Gravity.class ? GRAVITY : c == AnchoredSpring.class ? ANCHORED_SPRING : c == Buoyancy.class ? BUOYANCY
                : c == Aero.class ? AERO : c == AngledAero.class ? ANGLED_AERO : c == AeroControl.class ? AERO_CONTROL
                : c == Explosion.class ? EXPLOSION : BY_REFERENCE;
    }

    /** Every number of a generator of this package, in the codec's order. */
    private static double[] values(ForceGenerator g, int tag) {
        double[] v = new double[VALUES[tag]];
        switch (tag) {
            case GRAVITY -> put(v, 0, ((Gravity) g).gravity);
            case SPRING -> {
                Spring s = (Spring) g;
                put(v, 0, s.pointA);
                put(v, 3, s.pointB);
                v[6] = s.springConstant;
                v[7] = s.restLength;
            }
            case ANCHORED_SPRING -> {
                AnchoredSpring s = (AnchoredSpring) g;
                put(v, 0, s.bodyPoint);
                put(v, 3, s.anchor);
                v[6] = s.springConstant;
                v[7] = s.restLength;
            }
            case BUOYANCY -> {
                Buoyancy b = (Buoyancy) g;
                put(v, 0, b.centreOfBuoyancy);
                v[3] = b.maxDepth;
                v[4] = b.volume;
                v[5] = b.waterHeight;
                v[6] = b.liquidDensity;
                v[7] = b.gravity;
            }
            case AERO, ANGLED_AERO, AERO_CONTROL -> {
                Aero a = (Aero) g;
                put(v, 0, a.tensor);
                put(v, 9, a.bodyPoint);
                put(v, 12, a.wind);
                if (a instanceof AngledAero angled) {
                    put(v, 15, angled.surfaceTensor);
                    Quaterniond q = angled.orientation;
                    v[24] = q.w;
                    v[25] = q.x;
                    v[26] = q.y;
                    v[27] = q.z;
                } else if (a instanceof AeroControl control) {
                    put(v, 15, control.baseTensor);
                    put(v, 24, control.minTensor);
                    put(v, 33, control.maxTensor);
                    v[42] = control.control;
                }
            }
            default -> {
                Explosion e = (Explosion) g;
                put(v, 0, e.detonation);
                v[3] = e.implosionMinRadius;
                v[4] = e.implosionMaxRadius;
                v[5] = e.implosionDuration;
                v[6] = e.implosionForce;
                v[7] = e.shockwaveSpeed;
                v[8] = e.shockwaveThickness;
                v[9] = e.peakConcussionForce;
                v[10] = e.concussionDuration;
                v[11] = e.time;
            }
        }
        return v;
    }

    /**
     * Writes a generator: its tag, then its numbers (and a spring's two body ids), or, for one
     * written by reference, its class name.
     *
     * @param g the generator
     * @param inWorld the bodies of the world being written
     * @param out receives the bytes
     * @throws IOException when {@code out} fails
     */
    static void write(ForceGenerator g, java.util.function.Predicate<RigidBody> inWorld, DataOutput out) throws IOException {
        int tag = tag(g, inWorld);
        out.writeByte(tag);
        if (tag == BY_REFERENCE) {
            out.writeUTF(ClassNames.stable(g.getClass()));
            return;
        }
        for (double x : values(g, tag)) {
            out.writeDouble(x);
        }
        if (tag == SPRING) {
            Spring s = (Spring) g;
            out.writeInt(s.bodyA.id().index());
            out.writeInt(s.bodyA.id().generation());
            out.writeInt(s.bodyB.id().index());
            out.writeInt(s.bodyB.id().generation());
        }
    }

    /**
     * Reads and checks a generator written by {@link #write}, touching nothing.
     *
     * @param in supplies the bytes
     * @param where names the generator in messages
     * @return the record
     * @throws IOException when the bytes end early
     * @throws IllegalArgumentException for an unknown tag or an out-of-range value, named
     */
    static Record read(DataInput in, String where) throws IOException {
        int tag = in.readUnsignedByte();
        if (tag > EXPLOSION) {
            throw new IllegalArgumentException("snapshot " + where + " has unknown force generator tag " + tag
                    + " (known: 0.." + EXPLOSION + ")");
        }
        if (tag == BY_REFERENCE) {
            return new Record(tag, in.readUTF(), null, null);
        }
        double[] v = new double[VALUES[tag]];
        for (int i = 0; i < v.length; i++) {
            v[i] = in.readDouble();
            if (!Double.isFinite(v[i])) {
                throw new IllegalArgumentException("snapshot " + where + " value " + i + " must be finite, was " + v[i]);
            }
        }
        check(tag, v, where);
        int[] ids = null;
        if (tag == SPRING) {
            ids = new int[] {in.readInt(), in.readInt(), in.readInt(), in.readInt()};
            if (ids[0] == ids[2]) {
                throw new IllegalArgumentException("snapshot " + where + " spring must join two bodies, both were slot " + ids[0]);
            }
        }
        return new Record(tag, null, v, ids);
    }

    private static void check(int tag, double[] v, String where) {
        switch (tag) {
            case SPRING, ANCHORED_SPRING -> {
                atLeast(v[6], 0, where, "springConstant");
                atLeast(v[7], 0, where, "restLength");
            }
            case BUOYANCY -> {
                above(v[3], where, "maxDepth");
                above(v[4], where, "volume");
                above(v[6], where, "liquidDensity");
                atLeast(v[7], 0, where, "gravity");
            }
            case ANGLED_AERO -> {
                double q2 = v[24] * v[24] + v[25] * v[25] + v[26] * v[26] + v[27] * v[27];
                if (!(Math.abs(q2 - 1) <= 1e-6)) {
                    throw new IllegalArgumentException("snapshot " + where + " orientation must be a unit quaternion, was [w="
                            + v[24] + ", x=" + v[25] + ", y=" + v[26] + ", z=" + v[27] + "]");
                }
            }
            case AERO_CONTROL -> {
                if (!(v[42] >= -1 && v[42] <= 1)) {
                    throw new IllegalArgumentException("snapshot " + where + " control must be in [-1, 1], was " + v[42]);
                }
            }
            case EXPLOSION -> {
                String[] names = {"implosionMinRadius", "implosionMaxRadius", "implosionDuration", "implosionForce"};
                for (int i = 0; i < names.length; i++) {
                    atLeast(v[3 + i], 0, where, names[i]);
                }
                above(v[7], where, "shockwaveSpeed");
                above(v[8], where, "shockwaveThickness");
                atLeast(v[9], 0, where, "peakConcussionForce");
                atLeast(v[10], 0, where, "concussionDuration");
                atLeast(v[11], 0, where, "time");
            }
            default -> {
            }
        }
    }

    private static void atLeast(double v, double min, String where, String field) {
        if (!(v >= min)) {
            throw new IllegalArgumentException("snapshot " + where + " " + field + " must be >= " + min + ", was " + v);
        }
    }

    private static void above(double v, String where, String field) {
        if (!(v > 0)) {
            throw new IllegalArgumentException("snapshot " + where + " " + field + " must be > 0, was " + v);
        }
    }

    /** A generator as a snapshot holds it, read and checked. */
    static final class Record {
        final int tag;
        final String className;
        private final double[] values;
        /** A spring's bodies: slot and generation of body A, then of body B; else null. */
        final int[] bodyIds;

        private Record(int tag, String className, double[] values, int[] bodyIds) {
            this.tag = tag;
            this.className = className;
            this.values = values;
            this.bodyIds = bodyIds;
        }

        /**
         * @param g a generator the world still knows under this record's serial
         * @param a a spring's body A as the restore resolved it (else null)
         * @param b a spring's body B (else null)
         * @return whether {@code g} can take this record's state
         */
        boolean fits(ForceGenerator g, RigidBody a, RigidBody b) {
            if (tag == BY_REFERENCE) {
                return ClassNames.stable(g.getClass()).equals(className);
            }
            if (tag(g, x -> true) != tag) {
                return false;
            }
            if (tag == SPRING) {
                return ((Spring) g).bodyA == a && ((Spring) g).bodyB == b;
            }
            // An explosion's shape is fixed when it is built; only its clock moves.
            return tag != EXPLOSION || Arrays.equals(values(g, tag), 0, EXPLOSION_BUILT, values, 0, EXPLOSION_BUILT);
        }

        /**
         * @param a a spring's body A (else ignored)
         * @param b a spring's body B (else ignored)
         * @return a new generator with the record's state
         */
        ForceGenerator build(RigidBody a, RigidBody b) {
            double[] v = values;
            Vector3d zero = new Vector3d();
            ForceGenerator g = switch (tag) {
                case GRAVITY -> new Gravity(0, 0, 0);
                case SPRING -> new Spring(a, zero, b, zero, 0, 0);
                case ANCHORED_SPRING -> new AnchoredSpring(zero, zero, 0, 0);
                case BUOYANCY -> new Buoyancy(zero, 1, 1, 0);
                case AERO -> new Aero(new Matrix3d(), zero, zero);
                case ANGLED_AERO -> new AngledAero(new Matrix3d(), new Quaterniond(), zero, zero);
                case AERO_CONTROL -> new AeroControl(new Matrix3d(), new Matrix3d(), new Matrix3d(), zero, zero);
                case EXPLOSION -> new Explosion(v);
                default -> throw new IllegalStateException("a generator of class " + className + " cannot be rebuilt");
            };
            applyTo(g);
            return g;
        }

        /**
         * Sets every number of {@code g} (one that {@link #fits} the record or one it built).
         *
         * @param g the generator
         */
        void applyTo(ForceGenerator g) {
            double[] v = values;
            switch (tag) {
                case GRAVITY -> get(v, 0, ((Gravity) g).gravity);
                case SPRING -> {
                    Spring s = (Spring) g;
                    get(v, 0, s.pointA);
                    get(v, 3, s.pointB);
                    s.springConstant = v[6];
                    s.restLength = v[7];
                }
                case ANCHORED_SPRING -> {
                    AnchoredSpring s = (AnchoredSpring) g;
                    get(v, 0, s.bodyPoint);
                    get(v, 3, s.anchor);
                    s.springConstant = v[6];
                    s.restLength = v[7];
                }
                case BUOYANCY -> {
                    Buoyancy b = (Buoyancy) g;
                    get(v, 0, b.centreOfBuoyancy);
                    b.maxDepth = v[3];
                    b.volume = v[4];
                    b.waterHeight = v[5];
                    b.liquidDensity = v[6];
                    b.gravity = v[7];
                }
                case AERO, ANGLED_AERO, AERO_CONTROL -> {
                    Aero a = (Aero) g;
                    get(v, 0, a.tensor);
                    get(v, 9, a.bodyPoint);
                    get(v, 12, a.wind);
                    if (a instanceof AngledAero angled) {
                        get(v, 15, angled.surfaceTensor);
                        angled.orientation.set(v[25], v[26], v[27], v[24]);
                    } else if (a instanceof AeroControl control) {
                        get(v, 15, control.baseTensor);
                        get(v, 24, control.minTensor);
                        get(v, 33, control.maxTensor);
                        control.control = v[42];
                    }
                }
                case EXPLOSION -> ((Explosion) g).time = v[11];
                default -> {
                }
            }
        }
    }

    private static void put(double[] v, int at, Vector3dc p) {
        v[at] = p.x();
        v[at + 1] = p.y();
        v[at + 2] = p.z();
    }

    private static void put(double[] v, int at, Matrix3dc m) {
        v[at] = m.m00();
        v[at + 1] = m.m01();
        v[at + 2] = m.m02();
        v[at + 3] = m.m10();
        v[at + 4] = m.m11();
        v[at + 5] = m.m12();
        v[at + 6] = m.m20();
        v[at + 7] = m.m21();
        v[at + 8] = m.m22();
    }

    private static void get(double[] v, int at, Vector3d p) {
        p.set(v[at], v[at + 1], v[at + 2]);
    }

    private static void get(double[] v, int at, Matrix3d m) {
        m.set(v[at], v[at + 1], v[at + 2], v[at + 3], v[at + 4], v[at + 5], v[at + 6], v[at + 7], v[at + 8]);
    }
}
