package dev.tumble.core.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.BodyType;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.HalfSpace;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.joml.Matrix4f;
import org.joml.Matrix4x3d;
import org.joml.Quaterniond;
import org.joml.Quaternionf;
import org.joml.Vector3d;
import org.joml.Vector3dc;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/** The body's public API: what its getters promise, the copies and float forms, and what is not public. */
class RigidBodyApiTest {
    private static RigidBody spinning() {
        return RigidBody.dynamic(new Box(0.5, 0.25, 0.75)).position(1, 2, 3).orientation(0.9, 0.1, 0.3, -0.2)
                .velocity(4, 5, 6).angularVelocity(0.7, -0.8, 0.9);
    }

    @Test
    void theCopyingGettersCopyTheState() {
        RigidBody b = spinning();
        Vector3d p = b.getPosition(new Vector3d());
        assertEquals(new Vector3d(b.positionX(), b.positionY(), b.positionZ()), p);
        assertEquals(new Vector3d(b.velocityX(), b.velocityY(), b.velocityZ()), b.getVelocity(new Vector3d()));
        assertEquals(new Vector3d(b.angularVelocityX(), b.angularVelocityY(), b.angularVelocityZ()),
                b.getAngularVelocity(new Vector3d()));
        Quaterniond q = b.getOrientation(new Quaterniond());
        assertEquals(new Quaterniond(b.orientationX(), b.orientationY(), b.orientationZ(), b.orientationW()), q);
        assertEquals(1, q.lengthSquared(), 1e-12);
        b.position(-1, -2, -3);
        assertEquals(new Vector3d(1, 2, 3), p, "a copy does not follow the body");
    }

    @Test
    void theViewGettersAreTheBodysOwnVectorSetByEachCall() {
        World world = new World(WorldSettings.builder().gravity(0, -9.81, 0).build());
        RigidBody b = world.addBody(spinning());
        Vector3dc view = b.position();
        double y = view.y();
        world.step(1 / 60.0);
        assertEquals(y, view.y(), 0, "a step does not update a view it was not asked for");
        assertSame(view, b.position(), "the getter hands back the body's own vector");
        assertEquals(b.positionY(), view.y(), 0, "set from the state by the call");
        assertTrue(b.positionY() != y, "the body moved");
    }

    @Test
    void theFloatFormsRoundTheDoubleOnes() {
        RigidBody b = spinning();
        Vector3f p = b.getPosition(new Vector3f());
        assertEquals((float) b.positionX(), p.x, 0);
        assertEquals((float) b.positionZ(), p.z, 0);
        Quaternionf q = b.getOrientation(new Quaternionf());
        assertEquals((float) b.orientationW(), q.w, 0);
        assertEquals((float) b.orientationY(), q.y, 0);
    }

    @Test
    void theFloatTransformMapsBodyPointsWhereTheDoubleOneDoes() {
        RigidBody b = spinning();
        Matrix4x3d exact = b.getTransform(new Matrix4x3d());
        Matrix4f model = b.getTransform(new Matrix4f());
        for (Vector3d local : List.of(new Vector3d(), new Vector3d(1, 0, 0), new Vector3d(0.3, -2, 5))) {
            Vector3d world = b.pointToWorld(local, new Vector3d());
            Vector3d byDouble = exact.transformPosition(new Vector3d(local));
            Vector3f byFloat = model.transformPosition(new Vector3f((float) local.x, (float) local.y, (float) local.z));
            assertEquals(world.x, byDouble.x, 1e-12);
            assertEquals(world.y, byDouble.y, 1e-12);
            assertEquals(world.x, byFloat.x, 1e-5);
            assertEquals(world.y, byFloat.y, 1e-5);
            assertEquals(world.z, byFloat.z, 1e-5);
        }
        assertEquals(1, model.m33(), 0);
        assertEquals(0, model.m03(), 0);
    }

    @Test
    void everyKindOfBodyHasAShapedFactory() {
        Box box = new Box(1, 1, 1);
        RigidBody k = RigidBody.kinematic(box);
        assertEquals(BodyType.KINEMATIC, k.type());
        assertEquals(List.of(box), k.shapes());
        assertFalse(k.hasFiniteMass());
        assertEquals(BodyType.STATIC, RigidBody.fixed(new HalfSpace(0, 1, 0, 0)).type());
        assertEquals(BodyType.DYNAMIC, RigidBody.dynamic(box).type());
        assertNotSame(RigidBody.kinematic(), RigidBody.kinematic());
    }

    @Test
    void theSolversPrimitivesAreNotPublic() {
        Set<String> publicNames = Arrays.stream(RigidBody.class.getMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers())).map(Method::getName).collect(Collectors.toSet());
        for (String internal : List.of("integrate", "recordMotion", "calculateDerivedData", "addVelocity",
                "addAngularVelocity", "solverTranslate", "solverRotate", "solverPose", "solverVelocities",
                "quarantine")) {
            assertFalse(publicNames.contains(internal), internal + " is public");
        }
    }
}
