package dev.tumble.core.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One case per validation rule: the call throws {@link IllegalArgumentException}, its message
 * names the field and the rejected value, and the body is exactly as it was before the call.
 */
class RigidBodyBadInputTest {
    private static final double NAN = Double.NaN;
    private static final double INF = Double.POSITIVE_INFINITY;

    private static RigidBody configured() {
        RigidBody body = RigidBody.dynamic().mass(2.5).position(1, 2, 3).orientation(0.8, 0.2, -0.4, 0.4)
                .velocity(0.5, -1, 2).angularVelocity(0.1, 0.2, -0.3).damping(0.9, 0.8)
                .acceleration(0, -9.81, 0)
                .inertiaTensor(new Matrix3d(2, 0.1, 0, 0.1, 3, 0.2, 0, 0.2, 4));
        body.addForce(1, 2, 3);
        body.addTorque(new Vector3d(0.5, 0, -0.5));
        return body;
    }

    /** Everything a rejected call could have touched, bit for bit. */
    private static double[] state(RigidBody b) {
        Matrix3d inv = b.getInverseInertiaTensor(new Matrix3d());
        Matrix3d invWorld = b.getInverseInertiaTensorWorld(new Matrix3d());
        double[] transform = b.getTransform(new double[12]);
        double[] s = {
            b.inverseMass(), b.linearDamping(), b.angularDamping(), b.motion(), b.sleepEpsilon(),
            b.isAwake() ? 1 : 0, b.canSleep() ? 1 : 0,
            b.position().x(), b.position().y(), b.position().z(),
            b.orientation().x(), b.orientation().y(), b.orientation().z(), b.orientation().w(),
            b.velocity().x(), b.velocity().y(), b.velocity().z(),
            b.angularVelocity().x(), b.angularVelocity().y(), b.angularVelocity().z(),
            b.acceleration().x(), b.acceleration().y(), b.acceleration().z(),
            b.accumulatedForce().x(), b.accumulatedForce().y(), b.accumulatedForce().z(),
            b.accumulatedTorque().x(), b.accumulatedTorque().y(), b.accumulatedTorque().z(),
            inv.m00, inv.m01, inv.m02, inv.m10, inv.m11, inv.m12, inv.m20, inv.m21, inv.m22,
            invWorld.m00, invWorld.m01, invWorld.m02, invWorld.m10, invWorld.m11, invWorld.m12,
            invWorld.m20, invWorld.m21, invWorld.m22,
        };
        double[] all = Arrays.copyOf(s, s.length + 12);
        System.arraycopy(transform, 0, all, s.length, 12);
        return all;
    }

    static Stream<Arguments> rules() {
        Vector3d nanVector = new Vector3d(1, NAN, 0);
        Vector3d ok = new Vector3d(1, 0, 0);
        return Stream.of(
                rule("mass NaN", b -> b.mass(NAN), "mass", "NaN"),
                rule("mass infinite", b -> b.mass(INF), "mass", "Infinity"),
                rule("mass negative", b -> b.mass(-2), "mass", "-2.0"),
                rule("mass zero", b -> b.mass(0), "mass", "0.0"),
                rule("inverseMass NaN", b -> b.inverseMass(NAN), "inverseMass", "NaN"),
                rule("inverseMass infinite", b -> b.inverseMass(INF), "inverseMass", "Infinity"),
                rule("inverseMass negative", b -> b.inverseMass(-0.5), "inverseMass", "-0.5"),
                rule("inertiaTensor not symmetric",
                        b -> b.inertiaTensor(new Matrix3d(2, 0.5, 0, 0, 3, 0, 0, 0, 4)), "inertiaTensor", "0.5"),
                // Positive diagonal, yet indefinite: eigenvalues 3, −1, 1.
                rule("inertiaTensor not positive definite",
                        b -> b.inertiaTensor(new Matrix3d(1, 2, 0, 2, 1, 0, 0, 0, 1)), "inertiaTensor", "2.0"),
                rule("inertiaTensor negative diagonal",
                        b -> b.inertiaTensor(new Matrix3d().scaling(1, -1, 1)), "inertiaTensor", "-1.0"),
                rule("inertiaTensor NaN",
                        b -> b.inertiaTensor(new Matrix3d().scaling(1, NAN, 1)), "inertiaTensor", "NaN"),
                rule("inverseInertiaTensor not semi-definite",
                        b -> b.inverseInertiaTensor(new Matrix3d().scaling(1, -1, 1)), "inverseInertiaTensor", "-1.0"),
                rule("orientation zero quaternion", b -> b.orientation(new Quaterniond(0, 0, 0, 0)), "orientation", "w=0.0"),
                rule("orientation zero components", b -> b.orientation(0, 0, 0, 0), "orientation", "w=0.0"),
                rule("orientation NaN quaternion", b -> b.orientation(new Quaterniond(0, NAN, 0, 1)), "orientation", "NaN"),
                rule("orientation infinite component", b -> b.orientation(INF, 0, 0, 0), "orientation", "Infinity"),
                rule("position NaN", b -> b.position(0, NAN, 0), "position", "NaN"),
                rule("position NaN vector", b -> b.position(nanVector), "position", "NaN"),
                rule("position infinite", b -> b.position(INF, 0, 0), "position", "Infinity"),
                rule("velocity NaN", b -> b.velocity(NAN, 0, 0), "velocity", "NaN"),
                rule("velocity NaN vector", b -> b.velocity(nanVector), "velocity", "NaN"),
                rule("angularVelocity NaN", b -> b.angularVelocity(0, 0, NAN), "angularVelocity", "NaN"),
                rule("angularVelocity NaN vector", b -> b.angularVelocity(nanVector), "angularVelocity", "NaN"),
                rule("acceleration NaN", b -> b.acceleration(0, NAN, 0), "acceleration", "NaN"),
                rule("addForce NaN", b -> b.addForce(NAN, 0, 0), "force", "NaN"),
                rule("addForce NaN vector", b -> b.addForce(nanVector), "force", "NaN"),
                rule("addForce infinite", b -> b.addForce(0, -INF, 0), "force", "Infinity"),
                rule("addForceAtPoint NaN force", b -> b.addForceAtPoint(nanVector, ok), "force", "NaN"),
                rule("addForceAtPoint NaN point", b -> b.addForceAtPoint(ok, nanVector), "point", "NaN"),
                rule("addForceAtBodyPoint NaN point", b -> b.addForceAtBodyPoint(ok, nanVector), "bodyPoint", "NaN"),
                rule("addTorque NaN", b -> b.addTorque(nanVector), "torque", "NaN"),
                rule("linear damping below 0", b -> b.damping(-0.1, 0.5), "linearDamping", "-0.1"),
                rule("linear damping above 1", b -> b.damping(1.1, 0.5), "linearDamping", "1.1"),
                rule("angular damping above 1", b -> b.damping(0.5, 1.5), "angularDamping", "1.5"),
                rule("angular damping NaN", b -> b.damping(0.5, NAN), "angularDamping", "NaN"),
                rule("sleepEpsilon negative", b -> b.sleepEpsilon(-1), "sleepEpsilon", "-1.0"),
                rule("motion NaN", b -> b.motion(NAN), "motion", "NaN"),
                rule("type null", b -> b.type(null), "type", "null"));
    }

    private static Arguments rule(String name, Consumer<RigidBody> call, String field, String value) {
        return Arguments.of(name, call, field, value);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void rejectedCallThrowsNamesFieldAndValueAndLeavesTheBodyUnchanged(
            String name, Consumer<RigidBody> call, String field, String value) {
        RigidBody body = configured();
        double[] before = state(body);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> call.accept(body));
        assertTrue(e.getMessage().startsWith(field + " "), "names the field " + field + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(value), "names the value " + value + ": " + e.getMessage());
        double[] after = state(body);
        for (int i = 0; i < before.length; i++) {
            assertEquals(Double.doubleToRawLongBits(before[i]), Double.doubleToRawLongBits(after[i]),
                    "state entry " + i + " changed: " + before[i] + " → " + after[i]);
        }
    }
}
