package dev.tumble.core.robust;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.event.BodyEvent;
import dev.tumble.core.force.Aero;
import dev.tumble.core.force.AnchoredSpring;
import dev.tumble.core.force.Buoyancy;
import dev.tumble.core.force.Gravity;
import dev.tumble.core.joint.BallJoint;
import dev.tumble.core.joint.DistanceJoint;
import dev.tumble.core.joint.HingeJoint;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.joml.Matrix3d;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Legal but extreme parameters: a spring far too stiff for its body and step (1e12 N/m on 1 mg:
 * ω·dt ≈ 1.7e7), springs, volumes, tensors, anchors, masses, gravity, positions and speeds near
 * the top of the double range. The body they act on may blow up, as explicit integration must;
 * that is its own affair. {@code step()} never throws for it, the body either stays finite or is
 * frozen with a non-finite event, and a box resting beside it is untouched, under every solver.
 */
class ExtremeParametersTest {
    private static final List<Object[]> CASES = List.of(
            extreme("a 1e12 N/m spring on 1 mg", (w, b) -> {
                b.mass(1e-6);
                w.forces().add(b, new AnchoredSpring(new Vector3d(), new Vector3d(0, 5, 0), 1e12, 0.1));
            }),
            extreme("a spring of 1e308 N/m", (w, b) -> w.forces().add(b,
                    new AnchoredSpring(new Vector3d(), new Vector3d(0, 5, 0), 1e308, 0.1))),
            extreme("a buoyancy volume of 1e300 m³", (w, b) -> w.forces().add(b, new Buoyancy(new Vector3d(), 0.5, 1e300, 2))),
            extreme("an aero tensor of 1e300", (w, b) -> w.forces().add(b,
                    new Aero(new Matrix3d().scale(1e300), new Vector3d(), new Vector3d(10, 0, 0)))),
            extreme("gravity of 1e300 m/s²", (w, b) -> w.forces().add(b, new Gravity(new Vector3d(0, -1e300, 0)))),
            extreme("a ball joint anchored 1e300 m away", (w, b) -> w.addJoint(new BallJoint(b, null, new Vector3d(1e300, 0, 0)))),
            extreme("a hinge anchored 1e300 m away", (w, b) -> w.addJoint(
                    new HingeJoint(b, null, new Vector3d(0, 1e300, 0), new Vector3d(0, 0, 1)))),
            extreme("a rod to a point 1e300 m away", (w, b) -> w.addJoint(
                    new DistanceJoint(DistanceJoint.Kind.ROD, b, new Vector3d(), null, new Vector3d(0, 1e300, 0), 1))),
            extreme("a mass of 1e300 kg", (w, b) -> b.mass(1e300)),
            extreme("a position of 1e300 m", (w, b) -> b.position(1e300, 1e300, 0)),
            extreme("a speed of 1e300 m/s", (w, b) -> b.velocity(1e300, 0, 0)));

    private static Object[] extreme(String name, BiConsumer<World, RigidBody> setUp) {
        return new Object[] {name, setUp};
    }

    static Stream<Arguments> cases() {
        List<Arguments> all = new ArrayList<>();
        for (Object[] c : CASES) {
            for (WorldSettings.Solver solver : WorldSettings.Solver.values()) {
                all.add(Arguments.of(c[0], solver, c[1]));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("cases")
    void anExtremeParameterFreezesItsBodyAtWorstAndNothingElse(String name, WorldSettings.Solver solver,
            BiConsumer<World, RigidBody> setUp) {
        World world = new World(WorldSettings.builder().solver(solver).build());
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        RigidBody box = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(0, 0.5, -6));
        RigidBody extreme = world.addBody(RigidBody.dynamic(new Sphere(0.3)).position(0.5, 1, 0));
        setUp.accept(world, extreme);
        boolean frozen = false;
        for (int i = 0; i < 120; i++) {
            assertDoesNotThrow(() -> world.step(1 / 60.0), name + ", step " + i);
            frozen |= world.bodyEvents().stream()
                    .anyMatch(e -> e.type() == BodyEvent.Type.NON_FINITE && e.body().equals(extreme.id()));
        }
        assertTrue(Double.isFinite(extreme.positionX() + extreme.positionY() + extreme.positionZ()));
        assertEquals(frozen, extreme.isQuarantined(), "frozen with an event, or not at all");
        assertFalse(box.isQuarantined());
        assertEquals(0.5, box.positionY(), 0.01, "the box beside it rests");
        assertEquals(-6, box.positionZ(), 0.01);
    }
}
