package dev.tumble.core.golden;

import static dev.tumble.core.golden.Golden.doubles;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tumble.core.body.RigidBody;
import org.joml.Matrix3d;
import org.joml.Matrix4x3d;
import org.joml.Quaterniond;

/** Builds Tumble bodies from the reference files' body states and compares states with them. */
public final class GoldenBodies {
    private GoldenBodies() {
    }

    /**
     * A dynamic body with exactly the state of a reference {@code state} node (Cyclone's
     * {@code RigidBody} after {@code setOrientation} and {@code calculateDerivedData}).
     */
    public static RigidBody fromState(JsonNode s) {
        RigidBody b = RigidBody.dynamic();
        b.inverseMass(s.get("inverseMass").asDouble());
        b.inverseInertiaTensor(rowMajor(doubles(s.get("inverseInertiaTensor"))));
        if (s.has("linearDamping")) {
            b.damping(s.get("linearDamping").asDouble(), s.get("angularDamping").asDouble());
        }
        double[] p = doubles(s.get("position"));
        b.position(p[0], p[1], p[2]);
        double[] q = doubles(s.get("orientation"));
        b.orientation(new Quaterniond(q[1], q[2], q[3], q[0]));
        double[] v = doubles(s.get("velocity"));
        b.velocity(v[0], v[1], v[2]);
        double[] w = doubles(s.get("rotation"));
        b.angularVelocity(w[0], w[1], w[2]);
        if (s.has("acceleration")) {
            double[] a = doubles(s.get("acceleration"));
            b.acceleration(a[0], a[1], a[2]);
        }
        if (s.has("lastFrameAcceleration")) {
            double[] a = doubles(s.get("lastFrameAcceleration"));
            b.lastFrameAcceleration(a[0], a[1], a[2]);
        }
        if (s.has("canSleep")) {
            b.canSleep(s.get("canSleep").asBoolean());
        }
        if (s.has("isAwake") && !s.get("isAwake").asBoolean()) {
            b.setAwake(false);
        }
        if (s.has("motion")) {
            b.motion(s.get("motion").asDouble());
        }
        return b;
    }

    /** A JOML matrix from nine row-major values. */
    public static Matrix3d rowMajor(double[] a) {
        return new Matrix3d(a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8]);
    }

    /** Compares every field of the reference state that Tumble keeps. */
    public static void assertState(String what, JsonNode s, RigidBody b, double tol) {
        GoldenAssert.close(what + " position", s.get("position"), b.position(), tol);
        GoldenAssert.close(what + " orientation", s.get("orientation"), b.orientation(), tol);
        GoldenAssert.close(what + " velocity", s.get("velocity"), b.velocity(), tol);
        GoldenAssert.close(what + " rotation", s.get("rotation"), b.angularVelocity(), tol);
        if (s.has("lastFrameAcceleration")) {
            GoldenAssert.close(what + " lastFrameAcceleration", s.get("lastFrameAcceleration"),
                    b.lastFrameAcceleration(), tol);
        }
        if (s.has("motion")) {
            GoldenAssert.close(what + " motion", s.get("motion").asDouble(), b.motion(), tol);
        }
        if (s.has("isAwake") && s.get("isAwake").asBoolean() != b.isAwake()) {
            throw new AssertionError(what + " isAwake: expected " + s.get("isAwake") + " but was " + b.isAwake());
        }
        if (s.has("transformMatrix")) {
            GoldenAssert.close(what + " transformMatrix", s.get("transformMatrix"), b.getTransform(new double[12]), tol);
        }
        if (s.has("inverseInertiaTensorWorld")) {
            GoldenAssert.close(what + " inverseInertiaTensorWorld", s.get("inverseInertiaTensorWorld"),
                    b.getInverseInertiaTensorWorld(new double[9]), tol);
        }
    }

    /** @return the body's transform as JOML (handy for debugging a mismatch). */
    public static Matrix4x3d transform(RigidBody b) {
        return b.getTransform(new Matrix4x3d());
    }
    /**
     * Compares the short body records of the resolver and simulation files ({@code p}, {@code q},
     * {@code v}, {@code w}, {@code awake}).
     */
    public static void assertShortState(String what, JsonNode s, RigidBody b, double tol) {
        GoldenAssert.close(what + " p", s.get("p"), b.position(), tol);
        GoldenAssert.close(what + " q", s.get("q"), b.orientation(), tol);
        GoldenAssert.close(what + " v", s.get("v"), b.velocity(), tol);
        GoldenAssert.close(what + " w", s.get("w"), b.angularVelocity(), tol);
        GoldenAssert.same(what + " awake", s.get("awake").asBoolean(), b.isAwake());
    }
}
