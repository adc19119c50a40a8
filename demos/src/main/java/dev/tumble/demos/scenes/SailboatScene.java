package dev.tumble.demos.scenes;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.force.AngledAero;
import dev.tumble.demos.scene.ForceSpec;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.demos.scene.Vec;
import dev.tumble.render.app.Controls;
import dev.tumble.render.scene.Camera;
import dev.tumble.render.scene.DrawList;
import java.util.List;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Millington's sailboat: a hull (box, mast, sail and keel shapes, 150 kg) floating on water at
 * y = 0 by four buoyancy points at the hull's corners, driven by a sail (an aerodynamic
 * surface that pushes along its normal, turned about the mast) in a wind from the side, held
 * on course by the keel's water drag, steered by a rudder.
 *
 * <p>Window: A/D trim the sail, Q/E turn the rudder. Headless: the sail is set at 35° and the
 * rudder nudged after 2 s.
 */
public final class SailboatScene extends Scene {
    /** The wind, world axes, m/s. */
    public static final double[] WIND = {1, 0, 7};
    /** The boat's mass, kg. */
    public static final double MASS = 150;
    private final RigidBody boat;
    private final Vector3d comShift;
    private final AngledAero sail;
    private final AngledAero rudder;
    private double sailAngle = Math.toRadians(35);
    private double rudderAngle;

    /**
     * Builds the scene.
     *
     * @param options the options
     */
    public SailboatScene(SceneOptions options) {
        super(options, settings(options).build());
        RigidBody b = RigidBody.dynamic(new Box(1.2, 0.25, 0.45),
                new Box(0.04, 1.2, 0.04).offset(0.2, 1.45, 0),
                new Box(0.6, 0.9, 0.01).offset(-0.45, 1.45, 0),
                new Box(0.5, 0.25, 0.03).offset(0, -0.5, 0));
        b.position(0, 0.3, 0);
        Vector3d before = new Vector3d(b.position());
        b.density(300);
        // density() moved the body origin to the centre of mass; body points below are given
        // from the hull's middle and shifted by the same amount.
        comShift = new Vector3d(b.position()).sub(before);
        b.mass(MASS).friction(0.5).damping(0.99, 0.9).canSleep(false);
        boat = add("boat", b);
        for (int sx = -1; sx <= 1; sx += 2) {
            for (int sz = -1; sz <= 1; sz += 2) {
                force(new ForceSpec.BuoyancySpec("boat", p(sx * 0.9, 0, sz * 0.3), 0.25, 0.27, 0,
                        1000, -world.settings().gravityY()));
            }
        }
        // The keel's water drag: light along the hull, heavy across it and up and down.
        force(new ForceSpec.AeroSpec("boat", Vec.diag(40, 300, 900), p(0, -0.5, 0), Vec.a(0, 0, 0)));
        // The sail and the rudder turn at run time, so they are not part of a scene file.
        sail = new AngledAero(new Matrix3d(0, 0, 0, 0, 0, 0, 0, 0, 30), new Quaterniond().rotateY(sailAngle),
                Vec.v(p(-0.3, 1.4, 0)), Vec.v(WIND));
        world.forces().add(boat, sail);
        rudder = new AngledAero(new Matrix3d(0, 0, 0, 0, 0, 0, 0, 0, 120), new Quaterniond(),
                Vec.v(p(-1.2, -0.3, 0)), new Vector3d());
        world.forces().add(boat, rudder);
    }

    private double[] p(double x, double y, double z) {
        return Vec.a(x - comShift.x, y - comShift.y, z - comShift.z);
    }

    @Override
    public void beforeStep(double time, double dt, Controls controls) {
        if (controls == Controls.NONE) {
            rudderAngle = time > 2 ? Math.toRadians(8) : 0;
        } else {
            if (controls.isDown(65)) { // GLFW_KEY_A
                sailAngle = Math.min(Math.toRadians(90), sailAngle + dt);
            }
            if (controls.isDown(68)) { // GLFW_KEY_D
                sailAngle = Math.max(Math.toRadians(-90), sailAngle - dt);
            }
            if (controls.isDown(81)) { // GLFW_KEY_Q
                rudderAngle = Math.min(0.6, rudderAngle + dt);
            }
            if (controls.isDown(69)) { // GLFW_KEY_E
                rudderAngle = Math.max(-0.6, rudderAngle - dt);
            }
        }
        sail.orientation(new Quaterniond().rotateY(sailAngle));
        rudder.orientation(new Quaterniond().rotateY(rudderAngle));
    }

    /**
     * The boat.
     *
     * @return the boat's body
     */
    public RigidBody boat() {
        return boat;
    }

    @Override
    public double floor() {
        // No ground: the sea bed is far down; floating is the smoke test's own check.
        return -5;
    }

    @Override
    public void updateCamera(Camera camera) {
        camera.target((float) boat.position().x(), 0.8f, (float) boat.position().z());
    }

    @Override
    public void decorate(DrawList list) {
        list.plane(0, 1, 0, 0, 60, 0x3A78B8);
    }

    @Override
    public int colour(RigidBody body) {
        return 0xE8E0D0;
    }

    @Override
    public int stillStep() {
        return 120;
    }

    @Override
    public Camera camera() {
        return new Camera().lookAt(-5f, 4f, 9f, 0f, 0.8f, 0f);
    }

    /**
     * For tests: the specs of the buoyancy points.
     *
     * @return the specs
     */
    public List<ForceSpec> buoyancy() {
        return forceSpecs().stream().filter(s -> s instanceof ForceSpec.BuoyancySpec).toList();
    }

    @Override
    public boolean usesKey(int glfwKey) {
        return glfwKey == 65 || glfwKey == 68 || glfwKey == 81 || glfwKey == 69; // A/D rudder, Q/E sail
    }
}
