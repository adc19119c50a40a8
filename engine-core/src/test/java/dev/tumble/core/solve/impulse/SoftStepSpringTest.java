package dev.tumble.core.solve.impulse;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.force.AnchoredSpring;
import dev.tumble.core.force.Buoyancy;
import dev.tumble.core.force.Spring;
import dev.tumble.core.world.World;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleSupplier;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The force registry's springs and buoyancies keep their energy in the sequential-impulse world:
 * they are evaluated again at every substep ({@link PoseForces}). Held at their start-of-step
 * value over the substeps, a 1 kg body on a 100 N/m spring gained 40 % of its energy a second.
 */
class SoftStepSpringTest {

    /**
     * A 1 kg box on a 100 N/m anchored spring, stretched 0.5 m, no gravity, undamped, 10 s: the
     * energy {@code ½mv² + ½k·(|d| − L)²} keeps within the substep's wobble of its start at every
     * step (no drift), and the box swings with the analytic period {@code 2π·√(m/k)} within 1 %.
     */
    @ParameterizedTest
    @ValueSource(doubles = {1 / 30.0, 1 / 60.0, 1 / 120.0})
    void aBodyOnAnAnchoredSpringKeepsItsEnergyAndPeriod(double dt) {
        World world = SoftStepWorlds.softWorld(0, 0, 0);
        double k = 100, rest = 1, mass = 1;
        RigidBody box = world.addBody(RigidBody.dynamic(new Box(0.1, 0.1, 0.1)).mass(mass).damping(1, 1)
                .position(rest + 0.5, 0, 0));
        AnchoredSpring spring = new AnchoredSpring(new Vector3d(), new Vector3d(), k, rest);
        world.forces().add(box, spring);
        double start = anchoredEnergy(box, k, rest);
        Swing swing = swing(world, dt, box::positionX, () -> Math.abs(anchoredEnergy(box, k, rest) / start - 1));
        swing.assertKept(world, dt, Math.sqrt(k / mass), "of the start");
    }

    /**
     * Two boxes (2 and 6 kg) joined by a 50 N/m spring of rest length 3 m at off-centre points,
     * stretched by 1 m and thrown sideways, so they turn as they swing (never touching, and
     * turning well below the world's turn limit, which would take energy), no gravity, undamped,
     * 10 s: the energy (kinetic plus the spring's) keeps within the substep's wobble of its start,
     * and the linear momentum is kept exactly.
     */
    @ParameterizedTest
    @ValueSource(doubles = {1 / 30.0, 1 / 60.0, 1 / 120.0})
    void twoBodiesOnASpringKeepTheirEnergyAndMomentum(double dt) {
        World world = SoftStepWorlds.softWorld(0, 0, 0);
        double k = 50, rest = 3;
        RigidBody a = world.addBody(RigidBody.dynamic(new Box(0.5, 0.3, 0.3)).mass(2).damping(1, 1)
                .position(-2.2, 0, 0).velocity(0, 0.5, 0));
        RigidBody b = world.addBody(RigidBody.dynamic(new Box(0.6, 0.4, 0.4)).mass(6).damping(1, 1).position(2.2, 0.2, 0));
        Spring spring = new Spring(a, new Vector3d(0.1, 0.05, 0), b, new Vector3d(-0.1, 0, 0.05), k, rest)
                .register(world.forces());
        List<RigidBody> both = List.of(a, b);
        double start = energy(spring), worst = 0, fastestTurn = 0;
        Vector3d p0 = SoftStepWorlds.momentum(both);
        for (int i = 0; i < SoftStepWorlds.steps(10, dt); i++) {
            world.step(dt);
            worst = Math.max(worst, Math.abs(energy(spring) / start - 1));
            fastestTurn = Math.max(fastestTurn, Math.max(a.angularVelocity().length(), b.angularVelocity().length()) * dt);
        }
        double drift = SoftStepWorlds.momentum(both).distance(p0);
        assertTrue(fastestTurn < world.settings().maxRotationPerStep(), "turns " + fastestTurn + " rad a step");
        assertTrue(worst <= wobble(world, dt, Math.sqrt(k / 1.5)), String.format(Locale.ROOT,
                "dt %.4f s: energy strayed by %.2f %%", dt, 100 * worst));
        assertTrue(drift <= 1e-12, "dt " + dt + " s: momentum changed by " + drift + " kg·m/s");
    }

    /**
     * A 2 kg box hanging under gravity from a static body by a 300 N/m spring (its static end not
     * registered, so the solver reads that end from the body, which has no slot), pulled 0.2 m
     * below its rest, undamped, 10 s: it bobs with the period {@code 2π·√(m/k)} within 1 % and
     * its energy (kinetic, the spring's and gravity's) keeps within the substep's wobble.
     */
    @ParameterizedTest
    @ValueSource(doubles = {1 / 30.0, 1 / 60.0, 1 / 120.0})
    void aBoxHangingFromAStaticBodyBobsAtItsPeriod(double dt) {
        World world = SoftStepWorlds.softWorld(0, -SoftStepWorlds.G, 0);
        double k = 300, rest = 1, mass = 2;
        RigidBody ceiling = world.addBody(RigidBody.fixed(new Box(1, 0.1, 1)).position(0, 3, 0));
        double hang = 3 - rest - mass * SoftStepWorlds.G / k; // where it rests
        RigidBody box = world.addBody(RigidBody.dynamic(new Box(0.1, 0.1, 0.1)).mass(mass).damping(1, 1)
                .position(0, hang - 0.2, 0));
        Spring spring = new Spring(ceiling, new Vector3d(), box, new Vector3d(), k, rest).register(world.forces());
        double start = hangingEnergy(spring), bob = 0.5 * k * 0.2 * 0.2;
        Swing swing = swing(world, dt, box::positionY, () -> Math.abs(hangingEnergy(spring) - start) / bob);
        swing.assertKept(world, dt, Math.sqrt(k / mass), "of the swing's");
    }

    /**
     * A 500 kg buoy of 1 m³ (half the density of water) let go 0.2 m above where it floats,
     * undamped, 10 s: it bobs with the period {@code 2π·√(m/c)} of its buoyancy's stiffness
     * {@code c = ρ·V·g/(2·maxDepth)} within 1 %, and its energy (kinetic, gravity's and the
     * buoyancy's {@code ½·c·(y0 − y)²}) keeps within the substep's wobble.
     */
    @ParameterizedTest
    @ValueSource(doubles = {1 / 30.0, 1 / 60.0, 1 / 120.0})
    void aBuoyBobsAtItsPeriodWithItsEnergyKept(double dt) {
        World world = SoftStepWorlds.softWorld(0, -SoftStepWorlds.G, 0);
        double mass = 500, maxDepth = 0.5, volume = 1, g = SoftStepWorlds.G;
        RigidBody buoy = world.addBody(RigidBody.dynamic(new Box(0.5, 0.5, 0.5)).mass(mass).damping(1, 1)
                .position(0, 0.2, 0));
        world.forces().add(buoy, new Buoyancy(new Vector3d(), maxDepth, volume, 0, Buoyancy.WATER_DENSITY, g));
        double c = Buoyancy.WATER_DENSITY * volume * g / (2 * maxDepth), fullyDry = maxDepth;
        DoubleSupplier energy = () -> buoy.kineticEnergy() + mass * g * buoy.positionY()
                + 0.5 * c * (fullyDry - buoy.positionY()) * (fullyDry - buoy.positionY());
        double start = energy.getAsDouble(), bob = 0.5 * c * 0.2 * 0.2;
        Swing swing = swing(world, dt, buoy::positionY, () -> Math.abs(energy.getAsDouble() - start) / bob);
        swing.assertKept(world, dt, Math.sqrt(c / mass), "of the swing's");
    }

    /** Kinetic energy of the spring's second end, the spring's energy and gravity's (zero at y = 0), J. */
    private static double hangingEnergy(Spring spring) {
        RigidBody box = spring.bodyB();
        return energy(spring) + box.mass() * SoftStepWorlds.G * box.positionY();
    }

    /**
     * What {@link #swing} measured: the worst relative energy error over the run and the period of
     * the swing (s), from the first to the last minimum of the coordinate.
     */
    private record Swing(double worst, double period, int swings) {
        /** Asserts the energy kept within {@link #wobble} and the period within 1 % of {@code 2π/ω}. */
        void assertKept(World world, double dt, double omega, String relativeTo) {
            assertTrue(worst <= wobble(world, dt, omega), String.format(Locale.ROOT,
                    "dt %.4f s: energy strayed by %.2f %% %s", dt, 100 * worst, relativeTo));
            double expected = 2 * Math.PI / omega;
            assertTrue(Math.abs(period / expected - 1) <= 0.01, String.format(Locale.ROOT,
                    "dt %.4f s: period %.4f s over %d swings, expected %.4f s", dt, period, swings, expected));
        }
    }

    /**
     * Steps {@code world} for 10 s by {@code dt} (s), noting the worst of {@code error} after each
     * step and when {@code coordinate} turns at a minimum.
     */
    private static Swing swing(World world, double dt, DoubleSupplier coordinate, DoubleSupplier error) {
        double worst = 0, last = coordinate.getAsDouble(), firstMinimum = Double.NaN, lastMinimum = Double.NaN;
        int minima = 0;
        boolean falling = false;
        int steps = SoftStepWorlds.steps(10, dt);
        for (int i = 1; i <= steps; i++) {
            world.step(dt);
            worst = Math.max(worst, error.getAsDouble());
            double x = coordinate.getAsDouble();
            if (falling && x > last) { // turned at the previous step
                double t = (i - 1) * dt;
                if (minima++ == 0) {
                    firstMinimum = t;
                }
                lastMinimum = t;
            }
            falling = x < last;
            last = x;
        }
        return new Swing(worst, (lastMinimum - firstMinimum) / (minima - 1), minima - 1);
    }

    /**
     * Symplectic Euler over a substep h keeps a modified energy; the true one wobbles about it by
     * about ω·h/2 of itself (ω the spring's angular frequency, rad/s). This allows ω·h.
     */
    private static double wobble(World world, double dt, double omega) {
        return omega * dt / world.settings().sequentialImpulse().substeps();
    }

    private static double anchoredEnergy(RigidBody box, double k, double rest) {
        double stretch = box.position().length() - rest;
        return box.kineticEnergy() + 0.5 * k * stretch * stretch;
    }

    private static double energy(Spring spring) {
        Vector3d pa = spring.bodyA().pointToWorld(spring.pointA(), new Vector3d());
        Vector3d pb = spring.bodyB().pointToWorld(spring.pointB(), new Vector3d());
        double stretch = pa.distance(pb) - spring.restLength();
        return spring.bodyA().kineticEnergy() + spring.bodyB().kineticEnergy()
                + 0.5 * spring.springConstant() * stretch * stretch;
    }
}
