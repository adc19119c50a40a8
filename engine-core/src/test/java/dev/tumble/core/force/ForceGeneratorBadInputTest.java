package dev.tumble.core.force;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import java.util.stream.Stream;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Constructor and setter validation of the force generators: field and value in the message. */
class ForceGeneratorBadInputTest {
    private static final double NAN = Double.NaN;
    private static final Vector3d ZERO = new Vector3d();
    private static final Vector3d NAN_VECTOR = new Vector3d(0, NAN, 0);
    private static final Matrix3d ONE = new Matrix3d();
    private static final RigidBody A = RigidBody.dynamic();
    private static final RigidBody B = RigidBody.dynamic();

    static Stream<Arguments> constructors() {
        return Stream.of(
                rule("Gravity NaN", () -> new Gravity(0, NAN, 0), "gravity", "NaN"),
                rule("Gravity infinite vector", () -> new Gravity(new Vector3d(Double.NEGATIVE_INFINITY, 0, 0)), "gravity", "-Infinity"),
                rule("Gravity null", () -> new Gravity(null), "gravity", "null"),
                rule("Spring null body", () -> new Spring(null, ZERO, B, ZERO, 1, 1), "bodyA", "null"),
                rule("Spring same body", () -> new Spring(A, ZERO, A, ZERO, 1, 1), "bodyB", "same body"),
                rule("Spring NaN point", () -> new Spring(A, ZERO, B, NAN_VECTOR, 1, 1), "pointB", "NaN"),
                rule("Spring negative constant", () -> new Spring(A, ZERO, B, ZERO, -3, 1), "springConstant", "-3.0"),
                rule("Spring NaN rest length", () -> new Spring(A, ZERO, B, ZERO, 3, NAN), "restLength", "NaN"),
                rule("Spring negative rest length", () -> new Spring(A, ZERO, B, ZERO, 3, -1), "restLength", "-1.0"),
                rule("AnchoredSpring NaN anchor", () -> new AnchoredSpring(ZERO, NAN_VECTOR, 1, 1), "anchor", "NaN"),
                rule("AnchoredSpring NaN body point", () -> new AnchoredSpring(NAN_VECTOR, ZERO, 1, 1), "bodyPoint", "NaN"),
                rule("AnchoredSpring infinite constant",
                        () -> new AnchoredSpring(ZERO, ZERO, Double.POSITIVE_INFINITY, 1), "springConstant", "Infinity"),
                rule("Aero null tensor", () -> new Aero(null, ZERO, ZERO), "tensor", "null"),
                rule("Aero NaN tensor", () -> new Aero(new Matrix3d().m12(NAN), ZERO, ZERO), "tensor", "NaN"),
                rule("Aero NaN wind", () -> new Aero(ONE, ZERO, NAN_VECTOR), "wind", "NaN"),
                rule("Aero NaN point", () -> new Aero(ONE, NAN_VECTOR, ZERO), "bodyPoint", "NaN"),
                rule("AeroControl NaN min tensor",
                        () -> new AeroControl(ONE, new Matrix3d().m00(NAN), ONE, ZERO, ZERO), "minTensor", "NaN"),
                rule("AeroControl null max tensor", () -> new AeroControl(ONE, ONE, null, ZERO, ZERO), "maxTensor", "null"),
                rule("AngledAero zero quaternion",
                        () -> new AngledAero(ONE, new Quaterniond(0, 0, 0, 0), ZERO, ZERO), "orientation", "w=0.0"),
                rule("AngledAero NaN quaternion",
                        () -> new AngledAero(ONE, new Quaterniond(NAN, 0, 0, 1), ZERO, ZERO), "orientation", "NaN"),
                rule("Buoyancy zero max depth", () -> new Buoyancy(ZERO, 0, 1, 0), "maxDepth", "0.0"),
                rule("Buoyancy negative volume", () -> new Buoyancy(ZERO, 1, -1, 0), "volume", "-1.0"),
                rule("Buoyancy NaN water height", () -> new Buoyancy(ZERO, 1, 1, NAN), "waterHeight", "NaN"),
                rule("Buoyancy zero density", () -> new Buoyancy(ZERO, 1, 1, 0, 0, 9.81), "liquidDensity", "0.0"),
                rule("Buoyancy negative gravity", () -> new Buoyancy(ZERO, 1, 1, 0, 1000, -9.81), "gravity", "-9.81"),
                rule("Buoyancy NaN centre", () -> new Buoyancy(NAN_VECTOR, 1, 1, 0), "centreOfBuoyancy", "NaN"),
                rule("Explosion NaN detonation", () -> Explosion.builder().detonation(NAN, 0, 0), "detonation", "NaN"),
                rule("Explosion max radius below min",
                        () -> Explosion.builder().implosion(3, 2, 1, 1), "implosionMaxRadius", "2.0"),
                rule("Explosion negative implosion duration",
                        () -> Explosion.builder().implosion(0, 2, -1, 1), "implosionDuration", "-1.0"),
                rule("Explosion negative implosion force",
                        () -> Explosion.builder().implosion(0, 2, 1, -5), "implosionForce", "-5.0"),
                rule("Explosion zero shockwave speed",
                        () -> Explosion.builder().concussion(0, 1, 1, 1), "shockwaveSpeed", "0.0"),
                rule("Explosion zero thickness",
                        () -> Explosion.builder().concussion(10, 0, 1, 1), "shockwaveThickness", "0.0"),
                rule("Explosion NaN peak force",
                        () -> Explosion.builder().concussion(10, 1, NAN, 1), "peakConcussionForce", "NaN"),
                rule("Explosion negative concussion duration",
                        () -> Explosion.builder().concussion(10, 1, 1, -2), "concussionDuration", "-2.0"));
    }

    private static Arguments rule(String name, Executable call, String field, String value) {
        return Arguments.of(name, call, field, value);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("constructors")
    void rejectsAndNamesFieldAndValue(String name, Executable call, String field, String value) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().startsWith(field + " "), "names the field " + field + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(value), "names the value " + value + ": " + e.getMessage());
    }

    @Test
    void rejectedSettersLeaveTheGeneratorUnchanged() {
        AeroControl control = new AeroControl(ONE, new Matrix3d().scaling(0.5), new Matrix3d().scaling(2), ZERO, ZERO)
                .control(0.5);
        Matrix3d tensor = new Matrix3d(control.tensor());
        assertThrows(IllegalArgumentException.class, () -> control.control(1.5));
        assertThrows(IllegalArgumentException.class, () -> control.control(-1.0001));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> control.control(NAN));
        assertTrue(e.getMessage().startsWith("control ") && e.getMessage().contains("NaN"), e.getMessage());
        assertEquals(0.5, control.control());
        assertEquals(tensor, control.tensor());

        assertThrows(IllegalArgumentException.class, () -> control.wind(NAN, 0, 0));
        assertEquals(ZERO, control.wind());

        AngledAero angled = new AngledAero(ONE, new Quaterniond().rotateX(0.3), ZERO, ZERO);
        Quaterniond q = new Quaterniond(angled.orientation());
        assertThrows(IllegalArgumentException.class, () -> angled.orientation(new Quaterniond(0, 0, 0, 0)));
        assertEquals(q, angled.orientation());

        Buoyancy buoyancy = new Buoyancy(ZERO, 1, 1, 2);
        assertThrows(IllegalArgumentException.class, () -> buoyancy.waterHeight(Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> buoyancy.liquidDensity(-1000));
        assertEquals(2, buoyancy.waterHeight());
        assertEquals(1000, buoyancy.liquidDensity());

        Spring spring = new Spring(A, ZERO, B, ZERO, 4, 1);
        assertThrows(IllegalArgumentException.class, () -> spring.springConstant(-1));
        assertThrows(IllegalArgumentException.class, () -> spring.restLength(NAN));
        assertEquals(4, spring.springConstant());
        assertEquals(1, spring.restLength());

        AnchoredSpring anchored = new AnchoredSpring(ZERO, new Vector3d(1, 2, 3), 4, 1);
        assertThrows(IllegalArgumentException.class, () -> anchored.anchor(0, NAN, 0));
        assertEquals(new Vector3d(1, 2, 3), anchored.anchor());

        Gravity gravity = Gravity.earth();
        assertThrows(IllegalArgumentException.class, () -> gravity.gravity(NAN, 0, 0));
        assertEquals(new Vector3d(0, -9.81, 0), gravity.gravity());
    }
}
