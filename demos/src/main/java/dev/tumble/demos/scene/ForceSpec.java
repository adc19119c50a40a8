package dev.tumble.demos.scene;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.force.Aero;
import dev.tumble.core.force.AeroControl;
import dev.tumble.core.force.AnchoredSpring;
import dev.tumble.core.force.Buoyancy;
import dev.tumble.core.force.Explosion;
import dev.tumble.core.force.ForceGenerator;
import dev.tumble.core.force.ForceRegistry;
import dev.tumble.core.force.Gravity;
import dev.tumble.core.force.Spring;
import java.util.List;
import java.util.function.Function;

/**
 * A force generator as a scene describes it: body ids and parameters. {@link #create} makes the
 * generator and registers it with its bodies. Vectors are {@code double[3]}, tensors row-major
 * {@code double[9]} in kg/s (see {@link Aero} for the sign convention).
 */
public sealed interface ForceSpec {

    /**
     * Makes the generator and registers it with its bodies in {@code registry}.
     *
     * @param bodies finds a body by its id
     * @param registry the registry to register the generator with
     * @return the generator
     */
    ForceGenerator create(Function<String, RigidBody> bodies, ForceRegistry registry);

    /**
     * The ids of the bodies it acts on.
     *
     * @return the body ids
     */
    List<String> bodyIds();

    /** A uniform field {@code g} (m/s²) on each of {@code bodies}. */
    record GravitySpec(List<String> bodies, double[] g) implements ForceSpec {
        @Override
        public ForceGenerator create(Function<String, RigidBody> lookup, ForceRegistry registry) {
            Gravity gen = new Gravity(g[0], g[1], g[2]);
            bodies.forEach(id -> registry.add(lookup.apply(id), gen));
            return gen;
        }

        @Override
        public List<String> bodyIds() {
            return bodies;
        }
    }

    /** A spring between body points (body coordinates, m); k in N/m, rest length in m. */
    record SpringSpec(String bodyA, double[] pointA, String bodyB, double[] pointB, double k, double restLength)
            implements ForceSpec {
        @Override
        public ForceGenerator create(Function<String, RigidBody> lookup, ForceRegistry registry) {
            return new Spring(lookup.apply(bodyA), Vec.v(pointA), lookup.apply(bodyB), Vec.v(pointB), k, restLength)
                    .register(registry);
        }

        @Override
        public List<String> bodyIds() {
            return List.of(bodyA, bodyB);
        }
    }

    /** A spring from a body point (body coordinates) to a world anchor, m. */
    record AnchoredSpringSpec(String body, double[] point, double[] anchor, double k, double restLength)
            implements ForceSpec {
        @Override
        public ForceGenerator create(Function<String, RigidBody> lookup, ForceRegistry registry) {
            AnchoredSpring gen = new AnchoredSpring(Vec.v(point), Vec.v(anchor), k, restLength);
            registry.add(lookup.apply(body), gen);
            return gen;
        }

        @Override
        public List<String> bodyIds() {
            return List.of(body);
        }
    }

    /** An aerodynamic surface: tensor (body axes), point (body coordinates), wind (world, m/s). */
    record AeroSpec(String body, double[] tensor, double[] point, double[] wind) implements ForceSpec {
        @Override
        public ForceGenerator create(Function<String, RigidBody> lookup, ForceRegistry registry) {
            Aero gen = new Aero(Vec.m(tensor), Vec.v(point), Vec.v(wind));
            registry.add(lookup.apply(body), gen);
            return gen;
        }

        @Override
        public List<String> bodyIds() {
            return List.of(body);
        }
    }

    /** A control surface: tensors at control 0, −1 and +1, and the starting control in [−1, 1]. */
    record AeroControlSpec(String body, double[] base, double[] min, double[] max, double[] point, double[] wind,
            double control) implements ForceSpec {
        @Override
        public ForceGenerator create(Function<String, RigidBody> lookup, ForceRegistry registry) {
            AeroControl gen = new AeroControl(Vec.m(base), Vec.m(min), Vec.m(max), Vec.v(point), Vec.v(wind));
            gen.control(control);
            registry.add(lookup.apply(body), gen);
            return gen;
        }

        @Override
        public List<String> bodyIds() {
            return List.of(body);
        }
    }

    /**
     * Buoyancy: centre (body coordinates, m), max depth (m), volume (m³), water height (world y,
     * m), liquid density (kg/m³), gravity magnitude (m/s²).
     */
    record BuoyancySpec(String body, double[] centre, double maxDepth, double volume, double waterHeight,
            double liquidDensity, double gravity) implements ForceSpec {
        @Override
        public ForceGenerator create(Function<String, RigidBody> lookup, ForceRegistry registry) {
            Buoyancy gen = new Buoyancy(Vec.v(centre), maxDepth, volume, waterHeight, liquidDensity, gravity);
            registry.add(lookup.apply(body), gen);
            return gen;
        }

        @Override
        public List<String> bodyIds() {
            return List.of(body);
        }
    }

    /**
     * An explosion at {@code detonation} (world, m) acting on {@code bodies}: implosion
     * {@code [minRadius m, maxRadius m, duration s, force N]} and concussion
     * {@code [speed m/s, thickness m, peakForce N, duration s]}; either may be null (off).
     */
    record ExplosionSpec(List<String> bodies, double[] detonation, double[] implosion, double[] concussion)
            implements ForceSpec {
        @Override
        public ForceGenerator create(Function<String, RigidBody> lookup, ForceRegistry registry) {
            Explosion.Builder b = Explosion.builder().detonation(detonation[0], detonation[1], detonation[2]);
            if (implosion != null) {
                b.implosion(implosion[0], implosion[1], implosion[2], implosion[3]);
            }
            if (concussion != null) {
                b.concussion(concussion[0], concussion[1], concussion[2], concussion[3]);
            }
            Explosion gen = b.build();
            bodies.forEach(id -> registry.add(lookup.apply(id), gen));
            return gen;
        }

        @Override
        public List<String> bodyIds() {
            return bodies;
        }
    }
}
