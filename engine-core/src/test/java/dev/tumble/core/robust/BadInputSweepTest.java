package dev.tumble.core.robust;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Capsule;
import dev.tumble.core.collision.shape.ConvexHull;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.collision.shape.Plane;
import dev.tumble.core.collision.shape.Shape;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.force.AnchoredSpring;
import dev.tumble.core.force.Buoyancy;
import dev.tumble.core.force.Gravity;
import dev.tumble.core.force.Spring;
import dev.tumble.core.joint.BallJoint;
import dev.tumble.core.joint.DistanceJoint;
import dev.tumble.core.joint.HingeJoint;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix3d;
import org.joml.Matrix3dc;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;
import org.junit.jupiter.api.Test;

/**
 * A brute-force sweep of the public API: every public method of {@link RigidBody} and
 * {@link World} and every public constructor of the shapes, joints and force generators is
 * called once with valid arguments and then once per argument with that argument made NaN,
 * infinite, null or non-finite inside a vector. Each bad call must throw
 * {@link IllegalArgumentException} or {@link NullPointerException} with a message, and a call on
 * a body or world must leave the world's snapshot bit for bit as it was.
 */
class BadInputSweepTest {

    private World world;
    private RigidBody body;
    private RigidBody other;

    private void scene() {
        world = new World(WorldSettings.DEFAULTS);
        world.addBody(RigidBody.fixed(new HalfSpace(0, 1, 0, 0)));
        body = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).mass(2).position(0, 2, 0));
        other = world.addBody(RigidBody.dynamic(new Sphere(0.3)).position(2, 2, 0));
        for (int i = 0; i < 10; i++) {
            world.step(1 / 60.0);
        }
    }

    /** A valid value for a parameter type (directions non-zero, scalars in every accepted range). */
    private Object valid(Class<?> type) {
        if (type == double.class) {
            return 0.5;
        }
        if (type == int.class) {
            return 1;
        }
        if (type == boolean.class) {
            return true;
        }
        if (type == Vector3dc.class || type == Vector3d.class) {
            return new Vector3d(0.2, 1, 0.1);
        }
        if (type == Quaterniondc.class || type == Quaterniond.class) {
            return new Quaterniond();
        }
        if (type == Matrix3dc.class || type == Matrix3d.class) {
            return new Matrix3d();
        }
        if (type == RigidBody.class) {
            return other;
        }
        if (type == Shape.class) {
            return new Box(0.1, 0.1, 0.1);
        }
        if (type == double[].class) {
            return new double[12];
        }
        return null;
    }

    /** The bad values tried for one parameter type. */
    private List<Object> bad(Class<?> type) {
        List<Object> out = new ArrayList<>();
        if (type == double.class) {
            out.add(Double.NaN);
            out.add(Double.POSITIVE_INFINITY);
            out.add(Double.NEGATIVE_INFINITY);
        } else if (type == Vector3dc.class || type == Vector3d.class) {
            out.add(null);
            out.add(new Vector3d(Double.NaN, 0, 0));
            out.add(new Vector3d(0, Double.POSITIVE_INFINITY, 0));
        } else if (type == Quaterniondc.class || type == Quaterniond.class) {
            out.add(null);
            out.add(new Quaterniond(Double.NaN, 0, 0, 1));
        } else if (type == Matrix3dc.class || type == Matrix3d.class) {
            out.add(null);
            out.add(new Matrix3d().m11(Double.NaN));
        } else if (!type.isPrimitive()) {
            out.add(null);
        }
        return out;
    }

    /**
     * Methods that legitimately take anything (user data, equality, queries answering false,
     * reading into a destination), and the six solver primitives that are documented as not
     * validated because non-finite results are quarantined by the world instead.
     */
    private static boolean exempt(Executable e) {
        String n = e.getName();
        return n.equals("solverTranslate") || n.equals("solverRotate") || n.equals("solverPose") || n.equals("solverVelocities") || n.equals("addVelocity")
                || n.equals("addAngularVelocity") || n.equals("contains") || n.equals("userData") || n.equals("equals") || n.startsWith("get") || n.equals("wait")
                || n.equals("notify") || n.equals("notifyAll") || n.equals("pointToWorld") || n.equals("pointToLocal")
                || n.equals("directionToWorld") || n.equals("directionToLocal") || n.equals("velocityAtPoint")
                || n.equals("transformByInverseInertiaWorld") || n.equals("pairCallback") || n.equals("debugDraw");
    }

    @Test
    void everyBodyAndWorldMethodRejectsBadArgumentsAndLeavesTheWorldAlone() throws Exception {
        List<String> problems = new ArrayList<>();
        scene();
        for (Method m : RigidBody.class.getMethods()) {
            if (m.getDeclaringClass() == RigidBody.class && !Modifier.isStatic(m.getModifiers()) && !exempt(m)) {
                sweep(m, () -> body, problems);
            }
        }
        for (Method m : World.class.getMethods()) {
            if (m.getDeclaringClass() == World.class && !Modifier.isStatic(m.getModifiers()) && !exempt(m)) {
                sweep(m, () -> world, problems);
            }
        }
        if (!problems.isEmpty()) {
            fail(problems.size() + " accepted bad input:\n" + String.join("\n", problems));
        }
    }

    @Test
    void everyShapeJointAndForceConstructorRejectsBadArguments() throws Exception {
        List<String> problems = new ArrayList<>();
        scene();
        Class<?>[] types = {Sphere.class, Box.class, Capsule.class, Plane.class, HalfSpace.class, ConvexHull.class,
            BallJoint.class, HingeJoint.class, DistanceJoint.class, Spring.class, AnchoredSpring.class,
            Buoyancy.class, Gravity.class};
        for (Class<?> type : types) {
            for (Constructor<?> c : type.getConstructors()) {
                sweep(c, () -> null, problems);
            }
        }
        if (!problems.isEmpty()) {
            fail(problems.size() + " accepted bad input:\n" + String.join("\n", problems));
        }
    }

    @Test
    void zeroAndNegativeSizesAndMassesAreRejected() {
        List<Runnable> calls = List.of(
                () -> new Sphere(0), () -> new Sphere(-1), () -> new Box(0, 1, 1), () -> new Box(1, -1, 1),
                () -> new Box(1, 1, 0), () -> new Capsule(0, 1), () -> new Capsule(1, -1),
                () -> RigidBody.dynamic(new Box(1, 1, 1)).mass(0), () -> RigidBody.dynamic(new Box(1, 1, 1)).mass(-3),
                () -> RigidBody.dynamic(new Box(1, 1, 1)).density(0), () -> RigidBody.dynamic(new Box(1, 1, 1)).density(-1),
                () -> RigidBody.dynamic().inverseMass(-1), () -> RigidBody.dynamic().damping(-0.1, 0.5),
                () -> RigidBody.dynamic().damping(0.5, 1.5), () -> RigidBody.dynamic().friction(-0.2),
                () -> RigidBody.dynamic().restitution(-0.5), () -> RigidBody.dynamic().sleepEpsilon(-1),
                () -> new ConvexHull(new Vector3d(), new Vector3d(1, 0, 0), new Vector3d(0, 1, 0)),
                () -> WorldSettings.builder().maxLinearSpeed(0).build(), () -> WorldSettings.builder().aabbMargin(-1).build(),
                () -> WorldSettings.builder().iterationsPerContact(0).build());
        for (int i = 0; i < calls.size(); i++) {
            int index = i;
            RuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> calls.get(index).run(), "call " + index);
            assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), "call " + index + " has a message");
        }
    }

    @Test
    void aBodyFromAnotherWorldIsRejectedEverywhere() {
        scene();
        World elsewhere = new World();
        RigidBody stranger = elsewhere.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)));
        byte[] before = world.snapshot();
        List<Runnable> calls = List.of(
                () -> world.addBody(stranger), () -> world.removeBody(stranger),
                () -> world.addJoint(new BallJoint(body, stranger, new Vector3d())),
                () -> world.collisionFilter(stranger, dev.tumble.core.collision.CollisionFilter.DEFAULT));
        for (Runnable call : calls) {
            RuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, call::run);
            assertTrue(e.getMessage().contains("world") || e.getMessage().contains("body"), e.getMessage());
            assertArrayEquals(before, world.snapshot());
        }
    }

    private interface Target {
        Object get();
    }

    private void sweep(Executable e, Target target, List<String> problems) throws Exception {
        Class<?>[] types = e.getParameterTypes();
        Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            args[i] = valid(types[i]);
            if (args[i] == null && !types[i].isPrimitive()) {
                return; // a parameter type this sweep cannot make (enums, lists, callbacks)
            }
        }
        // The valid call must go through, on a fresh scene, or the method is out of scope.
        scene();
        try {
            invoke(e, target.get(), args);
        } catch (InvocationTargetException ex) {
            return;
        }
        for (int i = 0; i < types.length; i++) {
            for (Object badValue : bad(types[i])) {
                scene();
                Object[] call = args.clone();
                for (int k = 0; k < call.length; k++) {
                    call[k] = valid(types[k]);
                }
                call[i] = badValue;
                byte[] before = world.snapshot();
                String what = e.getDeclaringClass().getSimpleName() + "." + e.getName() + " arg " + i + " = " + show(badValue);
                try {
                    invoke(e, target.get(), call);
                    problems.add(what + ": accepted");
                } catch (InvocationTargetException ex) {
                    Throwable cause = ex.getCause();
                    if (!(cause instanceof IllegalArgumentException || cause instanceof NullPointerException)) {
                        problems.add(what + ": threw " + cause);
                    } else if (cause.getMessage() == null || cause.getMessage().isBlank()) {
                        problems.add(what + ": " + cause.getClass().getSimpleName() + " without a message");
                    }
                }
                if (!java.util.Arrays.equals(before, world.snapshot())) {
                    problems.add(what + ": changed the world");
                }
            }
        }
    }

    private static Object invoke(Executable e, Object target, Object[] args) throws Exception {
        if (e instanceof Method m) {
            return m.invoke(target, args);
        }
        return ((Constructor<?>) e).newInstance(args);
    }

    private static String show(Object v) {
        return v == null ? "null" : v.toString().replace('\n', ' ');
    }
}
