package dev.tumble.demos;

import dev.tumble.core.body.RigidBody;

/**
 * The demo app's entry point. Until the renderer and the scene registry land, it prints a text
 * trace of a box falling from 5 m under gravity, integrated by Tumble's rigid body.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        RigidBody box = RigidBody.dynamic().mass(1).position(0, 5, 0).acceleration(0, -9.81, 0).damping(1, 1);
        double dt = 1 / 60.0;
        System.out.println("Tumble: a box falling from 5 m (text trace until the renderer lands)");
        System.out.println("  t [s]    y [m]    vy [m/s]");
        for (int step = 0; step <= 60; step++) {
            if (step % 6 == 0) {
                System.out.printf("  %5.2f  %7.3f  %8.3f%n", step * dt, box.position().y(), box.velocity().y());
            }
            box.integrate(dt);
        }
    }
}
