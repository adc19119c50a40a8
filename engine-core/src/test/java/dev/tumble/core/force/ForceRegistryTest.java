package dev.tumble.core.force;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.BodyAccess;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix3d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

class ForceRegistryTest {
    private static final BodyAccess BODY = BodyAccess.get();

    /** Records each call as "name:body-index". */
    private static final class Recorder implements ForceGenerator {
        final String name;
        final List<String> log;
        final List<RigidBody> bodies;
        int endSteps;

        Recorder(String name, List<String> log, List<RigidBody> bodies) {
            this.name = name;
            this.log = log;
            this.bodies = bodies;
        }

        @Override
        public void updateForce(RigidBody body, double duration) {
            log.add(name + ":" + bodies.indexOf(body));
        }

        @Override
        public void endStep(double duration) {
            endSteps++;
            log.add(name + ":end");
        }
    }

    @Test
    void runsInRegistrationOrderAndEndsEachGeneratorOnce() {
        List<String> log = new ArrayList<>();
        List<RigidBody> bodies = List.of(RigidBody.dynamic(), RigidBody.dynamic(), RigidBody.dynamic());
        Recorder a = new Recorder("a", log, bodies), b = new Recorder("b", log, bodies);
        ForceRegistry registry = new ForceRegistry()
                .add(bodies.get(2), b).add(bodies.get(0), a).add(bodies.get(1), b).add(bodies.get(0), b);
        registry.updateForces(0.01);
        assertEquals(List.of("b:2", "a:0", "b:1", "b:0", "b:end", "a:end"), log);
        assertEquals(1, a.endSteps);
        assertEquals(1, b.endSteps);
    }

    @Test
    void removeKeepsTheOrderOfTheRest() {
        List<String> log = new ArrayList<>();
        List<RigidBody> bodies = List.of(RigidBody.dynamic(), RigidBody.dynamic(), RigidBody.dynamic());
        Recorder a = new Recorder("a", log, bodies), b = new Recorder("b", log, bodies);
        ForceRegistry registry = new ForceRegistry();
        for (RigidBody body : bodies) {
            registry.add(body, a).add(body, b);
        }
        assertEquals(6, registry.size());
        assertTrue(registry.remove(bodies.get(1), a));
        assertFalse(registry.remove(bodies.get(1), a), "already gone");
        assertFalse(registry.contains(bodies.get(1), a));
        assertEquals(2, registry.removeBody(bodies.get(0)));
        assertEquals(3, registry.size());
        registry.updateForces(0.01);
        assertEquals(List.of("b:1", "a:2", "b:2", "a:end", "b:end"), log);
    }

    @Test
    void removeGeneratorAndClear() {
        List<String> log = new ArrayList<>();
        List<RigidBody> bodies = List.of(RigidBody.dynamic(), RigidBody.dynamic());
        Recorder a = new Recorder("a", log, bodies), b = new Recorder("b", log, bodies);
        ForceRegistry registry = new ForceRegistry()
                .add(bodies.get(0), a).add(bodies.get(1), b).add(bodies.get(1), a);
        assertEquals(2, registry.removeGenerator(a));
        registry.updateForces(0.01);
        assertEquals(List.of("b:1", "b:end"), log);
        assertEquals(0, a.endSteps, "a removed generator is not ended");
        registry.clear();
        assertEquals(0, registry.size());
        log.clear();
        registry.updateForces(0.01);
        assertEquals(List.of(), log);
        // Usable again after clear, and grows past its initial capacity.
        for (int i = 0; i < 100; i++) {
            registry.add(bodies.get(i % 2), a);
        }
        registry.updateForces(0.01);
        assertEquals(101, log.size());
    }

    @Test
    void sameInputsGiveBitIdenticalResults() {
        double[] first = run();
        double[] second = run();
        assertEquals(java.util.Arrays.toString(first), java.util.Arrays.toString(second));
    }

    private static double[] run() {
        RigidBody a = RigidBody.dynamic().mass(2).position(0, 3, 0).angularVelocity(0.3, 0.1, 0);
        RigidBody b = RigidBody.dynamic().mass(1).position(1, 4, 0);
        ForceRegistry registry = registryWithEverything(a, b);
        for (int i = 0; i < 300; i++) {
            registry.updateForces(1.0 / 60);
            BODY.integrate(a, 1.0 / 60);
            BODY.integrate(b, 1.0 / 60);
        }
        return new double[] {a.position().x(), a.position().y(), a.position().z(), a.orientation().x(),
            a.orientation().w(), b.position().x(), b.position().y(), b.velocity().z()};
    }

    private static ForceRegistry registryWithEverything(RigidBody a, RigidBody b) {
        ForceRegistry registry = new ForceRegistry();
        Gravity gravity = Gravity.earth();
        registry.add(a, gravity).add(b, gravity);
        new Spring(a, new Vector3d(0.1, 0, 0), b, new Vector3d(0, 0.2, 0), 30, 1).register(registry);
        registry.add(a, new AnchoredSpring(new Vector3d(0, 0.5, 0), new Vector3d(0, 6, 0), 20, 2));
        registry.add(b, new Aero(new Matrix3d().scaling(0.3), new Vector3d(0, 0, 0.1), new Vector3d(1, 0, 2)));
        registry.add(a, new AeroControl(new Matrix3d(), new Matrix3d().scaling(0.5), new Matrix3d().scaling(2),
                new Vector3d(), new Vector3d(0, 0, -1)).control(0.3));
        registry.add(b, new AngledAero(new Matrix3d(), new Quaterniond().rotateY(0.4), new Vector3d(), new Vector3d(2, 0, 0)));
        registry.add(a, new Buoyancy(new Vector3d(0, -0.1, 0), 0.5, 0.004, 2.5));
        Explosion explosion = Explosion.builder().detonation(0, 0, 0).implosion(0.5, 10, 0.3, 1)
                .concussion(30, 1, 50, 3).build();
        registry.add(a, explosion).add(b, explosion);
        return registry;
    }

    /** Once built, a step of every generator allocates nothing (HotSpot's per-thread counter). */
    @Test
    void updateForcesDoesNotAllocate() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) bean;
        assumeTrue(mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled());
        RigidBody a = RigidBody.dynamic().mass(2).position(0, 3, 0).canSleep(false);
        RigidBody b = RigidBody.dynamic().mass(1).position(1, 4, 0).canSleep(false);
        ForceRegistry registry = registryWithEverything(a, b);
        for (int i = 0; i < 20_000; i++) {   // warm up
            registry.updateForces(1e-6);
            a.clearAccumulators();
            b.clearAccumulators();
        }
        long thread = Thread.currentThread().getId();
        long before = mx.getThreadAllocatedBytes(thread);
        for (int i = 0; i < 10_000; i++) {
            registry.updateForces(1e-6);
            a.clearAccumulators();
            b.clearAccumulators();
        }
        long allocated = mx.getThreadAllocatedBytes(thread) - before;
        // A few hundred bytes of slack for the measurement itself; one allocation per call would be ≥ 160 kB.
        assertTrue(allocated < 4096, "allocated " + allocated + " bytes in 10 000 steps");
    }

    @Test
    void rejectsBadArguments() {
        ForceRegistry registry = new ForceRegistry();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> registry.add(null, Gravity.earth()));
        assertTrue(e.getMessage().contains("body"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> registry.add(RigidBody.dynamic(), null));
        assertTrue(e.getMessage().contains("generator"), e.getMessage());
        assertEquals(0, registry.size(), "nothing registered by a rejected call");
        e = assertThrows(IllegalArgumentException.class, () -> registry.updateForces(Double.NaN));
        assertTrue(e.getMessage().contains("duration") && e.getMessage().contains("NaN"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> registry.updateForces(-0.01));
        assertTrue(e.getMessage().contains("duration") && e.getMessage().contains("-0.01"), e.getMessage());
    }
}
