package dev.tumble.demos.scenes;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.force.AeroControl;
import dev.tumble.demos.scene.ForceSpec;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneOptions;
import dev.tumble.demos.scene.Vec;
import dev.tumble.render.app.Controls;
import dev.tumble.render.scene.Camera;
import org.joml.Vector3d;

/**
 * Millington's flight simulator: a 2.5 kg model aircraft (fuselage, wing, tailplane and fin)
 * whose lift, drag and control come from aerodynamic tensors (book §11.2–11.3): two wings with
 * ailerons, an elevator on the tailplane, a rudder on the fin, fuselage drag, and a constant
 * propeller thrust along the body's x axis. Body axes: x forward, y up, z to the right wing.
 *
 * <p>Window: W/S elevator (nose down/up), A/D roll left/right, Q/E yaw. Headless: a scripted
 * flight climbs (1–1.8 s), rolls right (2–2.6 s), rolls back left (3–3.6 s).
 */
public final class FlightScene extends Scene {
    /** Cruise speed, m/s. */
    public static final double CRUISE = 15;
    /** Propeller thrust, N. */
    public static final double THRUST = 2.1;
    private final RigidBody aircraft;
    private final AeroControl leftWing;
    private final AeroControl rightWing;
    private final AeroControl elevator;
    private final AeroControl rudder;
    private final Vector3d thrust = new Vector3d();
    private double aileron;
    private double pitch;
    private double yaw;

    /**
     * Builds the scene.
     *
     * @param options the options
     */
    public FlightScene(SceneOptions options) {
        super(options, settings(options).sleepEnabled(false).build());
        ground(0.6);
        RigidBody a = RigidBody.dynamic(new Box(1.0, 0.1, 0.1),
                new Box(0.3, 0.02, 1.6).offset(0.1, 0, 0),
                new Box(0.15, 0.02, 0.5).offset(-0.9, 0, 0),
                new Box(0.15, 0.25, 0.02).offset(-0.9, 0.25, 0));
        a.density(100).mass(2.5).damping(1, 0.9).friction(0.6).position(-30, 8, 0).velocity(CRUISE, 0, 0);
        aircraft = add("aircraft", a);
        // Tensors in kg/s, body axes, acting on the air's velocity seen from the surface
        // (u = wind − v, so cruising gives u = (−15, 0, 0)): T10 < 0 is lift from forward flow,
        // T11 > 0 lift with angle of attack (and damping of sinking), T00 drag.
        leftWing = (AeroControl) force(wing(-0.8));
        rightWing = (AeroControl) force(wing(0.8));
        elevator = (AeroControl) force(new ForceSpec.AeroControlSpec("aircraft",
                new double[] {0.01, 0, 0, 0, 0.8, 0, 0, 0, 0},
                new double[] {0.01, 0, 0, -0.15, 0.8, 0, 0, 0, 0},
                new double[] {0.01, 0, 0, 0.15, 0.8, 0, 0, 0, 0},
                Vec.a(-0.9, 0, 0), Vec.a(0, 0, 0), 0));
        rudder = (AeroControl) force(new ForceSpec.AeroControlSpec("aircraft",
                new double[] {0.01, 0, 0, 0, 0, 0, 0, 0, 0.5},
                new double[] {0.01, 0, 0, 0, 0, 0, -0.1, 0, 0.5},
                new double[] {0.01, 0, 0, 0, 0, 0, 0.1, 0, 0.5},
                Vec.a(-0.9, 0.25, 0), Vec.a(0, 0, 0), 0));
        force(new ForceSpec.AeroSpec("aircraft", Vec.diag(0.06, 0.2, 0.2), Vec.a(0, 0, 0), Vec.a(0, 0, 0)));
    }

    private static ForceSpec wing(double z) {
        return new ForceSpec.AeroControlSpec("aircraft",
                new double[] {0.03, 0, 0, -0.8, 1.0, 0, 0, 0, 0},
                new double[] {0.03, 0, 0, -0.7, 1.0, 0, 0, 0, 0},
                new double[] {0.03, 0, 0, -0.9, 1.0, 0, 0, 0, 0},
                Vec.a(0, 0, z), Vec.a(0, 0, 0), 0);
    }

    @Override
    public void beforeStep(double time, double dt, Controls controls) {
        if (controls == Controls.NONE) {
            pitch = time >= 1 && time < 1.8 ? 0.6 : 0;
            aileron = time >= 2 && time < 2.6 ? 1 : time >= 3 && time < 3.6 ? -1 : 0;
            yaw = 0;
        } else {
            pitch = key(controls, 83, 87); // S pulls the nose up, W pushes it down
            aileron = key(controls, 68, 65); // D rolls right, A left
            yaw = key(controls, 69, 81); // E yaws right, Q left
        }
        // Rolling right lowers the right wing: less lift on it, more on the left.
        rightWing.control(-aileron);
        leftWing.control(aileron);
        elevator.control(pitch);
        rudder.control(yaw);
        aircraft.addForce(aircraft.directionToWorld(new Vector3d(THRUST, 0, 0), thrust));
    }

    private static double key(Controls c, int plus, int minus) {
        return (c.isDown(plus) ? 1 : 0) - (c.isDown(minus) ? 1 : 0);
    }

    /**
     * The aircraft.
     *
     * @return the aircraft's body
     */
    public RigidBody aircraft() {
        return aircraft;
    }

    @Override
    public void updateCamera(Camera camera) {
        Vector3d p = new Vector3d(aircraft.position());
        camera.target((float) p.x, (float) p.y, (float) p.z);
    }

    @Override
    public int stillStep() {
        return 150;
    }

    @Override
    public Camera camera() {
        return new Camera().lookAt(-36f, 10f, 9f, -30f, 8f, 0f);
    }

    @Override
    public boolean usesKey(int glfwKey) {
        return glfwKey == 87 || glfwKey == 83 || glfwKey == 65 || glfwKey == 68 || glfwKey == 81 || glfwKey == 69; // W/S, A/D, Q/E
    }
}
