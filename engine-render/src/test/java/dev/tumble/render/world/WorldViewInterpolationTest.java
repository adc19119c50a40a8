package dev.tumble.render.world;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.collision.shape.Cylinder;
import dev.tumble.core.collision.shape.Sphere;
import dev.tumble.core.world.World;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.render.scene.DrawList;
import dev.tumble.render.scene.MeshKind;
import dev.tumble.render.scene.RenderItem;
import org.joml.Matrix4f;
import org.joml.Quaterniond;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class WorldViewInterpolationTest {
    @Test
    void drawsBetweenTheCapturedAndTheCurrentPose() {
        World world = new World(WorldSettings.builder().gravity(0, 0, 0).build());
        RigidBody b = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).position(0, 1, 0)
                .velocity(6, 0, 0).angularVelocity(0, 3, 0).damping(1, 1));
        WorldView view = new WorldView();
        DrawList list = new DrawList();
        view.capture(world);
        Quaterniond q0 = new Quaterniond(b.orientation());
        double x0 = b.position().x();
        world.step(0.1);
        double x1 = b.position().x();
        Quaterniond q1 = new Quaterniond(b.orientation());
        assertTrue(x1 - x0 > 0.5, "moved");

        view.fill(world, body -> 0xFFFFFF, 0.25, list);
        Matrix4f m = new Matrix4f(list.get(0).model());
        assertEquals(x0 + 0.25 * (x1 - x0), m.m30(), 1e-5);
        assertEquals(1.0, m.m31(), 1e-6);
        Quaterniond expected = new Quaterniond(q0).slerp(q1, 0.25);
        Matrix4f r = new Matrix4f().rotation(new org.joml.Quaternionf((float) expected.x, (float) expected.y,
                (float) expected.z, (float) expected.w));
        for (int c = 0; c < 3; c++) {
            for (int row = 0; row < 3; row++) {
                assertEquals(r.get(c, row), m.get(c, row), 1e-5, "rotation element " + c + "," + row);
            }
        }
        view.fill(world, body -> 0xFFFFFF, 1.0, list);
        assertEquals(x1, list.get(0).model().m30(), 1e-5);
        view.fill(world, body -> 0xFFFFFF, 0.0, list);
        assertEquals(x0, list.get(0).model().m30(), 1e-5);
    }

    @Test
    void shapeOffsetsAreAppliedToTheInterpolatedPose() {
        World world = new World(WorldSettings.builder().gravity(0, 0, 0).build());
        RigidBody b = world.addBody(RigidBody.dynamic(new Sphere(0.2).offset(1, 0, 0), new Sphere(0.2).offset(-1, 0, 0)).position(0, 0, 0)
                .angularVelocity(0, Math.PI, 0).damping(1, 1));
        WorldView view = new WorldView();
        DrawList list = new DrawList();
        view.capture(world);
        world.step(0.5); // turns about a quarter turn about y (two spheres, centre of mass at the origin)
        view.fill(world, body -> 0, 0.5, list);
        Vector3f centre = list.get(0).model().getTranslation(new Vector3f());
        // Half-way through the turn the offset sphere sits at ~45°; its distance from the axis stays 1 m.
        assertEquals(1.0, Math.hypot(centre.x, centre.z), 1e-4);
        Vector3f end = new Vector3f();
        view.fill(world, body -> 0, 1.0, list);
        list.get(0).model().getTranslation(end);
        double angleHalf = Math.atan2(-centre.z, centre.x);
        double angleEnd = Math.atan2(-end.z, end.x);
        assertEquals(angleEnd / 2, angleHalf, 1e-3, "half the angle at alpha 0.5");
    }

    @Test
    void bodiesAddedAfterTheCaptureAreDrawnWhereTheyAre() {
        World world = new World(WorldSettings.builder().gravity(0, 0, 0).build());
        world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).velocity(1, 0, 0));
        WorldView view = new WorldView();
        view.capture(world);
        world.step(0.1);
        world.addBody(RigidBody.dynamic(new Sphere(0.5)).position(5, 6, 7));
        DrawList list = view.fill(world, body -> 0, 0.5, new DrawList());
        assertEquals(2, list.size());
        assertEquals(6, list.get(1).model().m31(), 1e-6);
        assertThrows(IllegalArgumentException.class, () -> view.fill(world, body -> 0, 1.5, new DrawList()));
    }

    @Test
    void aCylinderBodyIsDrawnAsACylinderAtItsShapesPose() {
        World world = new World(WorldSettings.builder().gravity(0, 0, 0).build());
        Cylinder log = new Cylinder(0.3, 1.2);
        log.offset(new org.joml.Vector3d(0, 0.5, 0), new Quaterniond().rotateZ(Math.PI / 2)); // lying along x
        world.addBody(RigidBody.fixed(log).position(2, 1, -1));
        DrawList list = new WorldView().fill(world, body -> 0x806040, new DrawList());
        assertEquals(1, list.size());
        RenderItem it = list.get(0);
        assertEquals(MeshKind.CYLINDER, it.kind());
        assertEquals(0.3f, it.size().x(), 1e-7f);
        assertEquals(1.2f, it.size().y(), 1e-7f);
        assertEquals(0.3f, it.size().z(), 1e-7f);
        Vector3f centre = it.model().getTranslation(new Vector3f());
        assertEquals(0, centre.distance(2, 1.5f, -1), 1e-6f);
        Vector3f axis = it.model().transformDirection(new Vector3f(0, 1, 0));
        assertEquals(1f, Math.abs(axis.x), 1e-6f, "the axis lies along x: " + axis);
    }
}
