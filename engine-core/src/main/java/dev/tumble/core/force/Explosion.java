package dev.tumble.core.force;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.internal.Check;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * An explosion in two phases, after Millington's chapter on explosive physics (Cyclone declares
 * the parameters but leaves {@code updateForce} empty, so the force laws below are Tumble's):
 *
 * <ol>
 *   <li><b>Implosion</b>, for {@code implosionDuration} seconds from detonation: every body whose
 *       centre lies between {@code implosionMinRadius} and {@code implosionMaxRadius} of the
 *       detonation point is pulled straight toward it with the constant force
 *       {@code implosionForce}. Keep it small: a large pull drags bodies through the centre
 *       before the wave arrives. Bodies nearer than the minimum radius feel nothing.
 *   <li><b>Concussion wave</b>, for {@code concussionDuration} seconds after the implosion: a
 *       spherical shell whose outer edge leaves the detonation point at {@code shockwaveSpeed}
 *       and whose trailing edge follows {@code shockwaveThickness} behind. A body is pushed
 *       straight away from the point only while the shell overlaps its centre, with the
 *       magnitude
 *       <pre>
 *   F = peakConcussionForce · tent · (1 − τ / concussionDuration) · max(0, 1 − v_out / shockwaveSpeed)
 *       </pre>
 *       where {@code tent} rises linearly from 0 at the shell's edges to 1 in its middle, τ is
 *       the time since the wave started (so the force dies linearly with time, which is the
 *       same as linearly with distance out to the radius {@code speed·duration}), and
 *       {@code v_out} is the body's velocity away from the point: a body already flying
 *       outward feels less, one moving inward more (the behaviour Cyclone's header describes).
 * </ol>
 *
 * <p>Forces act through each body's centre of mass (no torque). The explosion keeps its own
 * clock: it starts at 0 (the detonation) and {@link #endStep} advances it by each step's
 * duration, which {@link ForceRegistry#updateForces} calls once per step however many bodies the
 * explosion is registered with. The force a body receives for a step {@code [t, t + dt]} is the
 * exact average over that interval of the implosion pull and of the shell's tent times its
 * decay (only the velocity factor is taken at the start of the step), so the impulse a resting
 * body receives does not depend on the step size, and a thin, fast shell cannot jump over a body
 * between steps.
 */
public final class Explosion implements ForceGenerator {
    private static final BodyAccess BODY = BodyAccess.get();

    final Vector3d detonation = new Vector3d();
    final double implosionMinRadius;
    final double implosionMaxRadius;
    final double implosionDuration;
    final double implosionForce;
    final double shockwaveSpeed;
    final double shockwaveThickness;
    final double peakConcussionForce;
    final double concussionDuration;

    double time;

    private Explosion(Builder b) {
        detonation.set(b.detonation);
        implosionMinRadius = b.implosionMinRadius;
        implosionMaxRadius = b.implosionMaxRadius;
        implosionDuration = b.implosionDuration;
        implosionForce = b.implosionForce;
        shockwaveSpeed = b.shockwaveSpeed;
        shockwaveThickness = b.shockwaveThickness;
        peakConcussionForce = b.peakConcussionForce;
        concussionDuration = b.concussionDuration;
    }

    /**
     * An explosion with exactly these values, for {@link ForceCodec}, which checked them: the
     * detonation point (m), then the implosion's radii (m), duration (s) and force (N), the
     * shock wave's speed (m/s) and thickness (m), the peak concussion force (N) and its duration (s).
     */
    Explosion(double[] v) {
        detonation.set(v[0], v[1], v[2]);
        implosionMinRadius = v[3];
        implosionMaxRadius = v[4];
        implosionDuration = v[5];
        implosionForce = v[6];
        shockwaveSpeed = v[7];
        shockwaveThickness = v[8];
        peakConcussionForce = v[9];
        concussionDuration = v[10];
    }

    /** @return a builder; both phases are off until configured. */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the detonation point, world coordinates, m (read-only view). */
    public Vector3dc detonation() {
        return detonation;
    }

    /** @return seconds since detonation. */
    public double time() {
        return time;
    }

    /** @return when the implosion ends and the concussion wave starts, s after detonation. */
    public double implosionDuration() {
        return implosionDuration;
    }

    /** @return when the explosion stops acting, s after detonation. */
    public double endTime() {
        return implosionDuration + concussionDuration;
    }

    /** @return whether both phases are over (the explosion can be removed from the registry). */
    public boolean isFinished() {
        return time >= endTime();
    }

    /**
     * @param t time since detonation, s
     * @return the radius of the shell's outer edge at {@code t} s after detonation, m (0 before
     *     the wave starts)
     */
    public double shockwaveRadius(double t) {
        return t <= implosionDuration ? 0 : shockwaveSpeed * (t - implosionDuration);
    }

    /** Sets the clock back to the moment of detonation. */
    public void reset() {
        time = 0;
    }

    /** Advances the clock by {@code duration} s. */
    @Override
    public void endStep(double duration) {
        time += duration;
    }

    @Override
    public void updateForce(RigidBody body, double duration) {
        if (!(duration > 0) || time >= endTime()) {
            return;
        }
        Vector3dc p = body.position();
        double rx = p.x() - detonation.x, ry = p.y() - detonation.y, rz = p.z() - detonation.z;
        double d = Math.sqrt(rx * rx + ry * ry + rz * rz);
        if (d == 0) {
            return;  // no direction to push in
        }
        double t0 = time, t1 = time + duration;
        double outward = 0;  // N, positive away from the detonation

        if (t0 < implosionDuration && d >= implosionMinRadius && d <= implosionMaxRadius) {
            double overlap = Math.min(t1, implosionDuration) - t0;
            outward -= implosionForce * overlap / duration;
        }

        double a = Math.max(t0, implosionDuration);
        double b = Math.min(t1, endTime());
        if (b > a && peakConcussionForce > 0) {
            // Position of the body inside the shell at both ends, measured from the outer edge.
            double x0 = shockwaveSpeed * (a - implosionDuration) - d;
            double x1 = shockwaveSpeed * (b - implosionDuration) - d;
            // ∫ tent(x(τ))·(1 − τ/D) dτ over the overlap, exactly: with u = x and τ = (u + d)/s the
            // decay is linear in u, so it takes the tent's zeroth and first moments.
            double sD = shockwaveSpeed * concussionDuration;
            double m0 = tentMoment0(x1, shockwaveThickness) - tentMoment0(x0, shockwaveThickness);
            double m1 = tentMoment1(x1, shockwaveThickness) - tentMoment1(x0, shockwaveThickness);
            double weightedTime = ((1 - d / sD) * m0 - m1 / sD) / shockwaveSpeed;
            if (weightedTime > 0) {
                Vector3dc v = body.velocity();
                double vOut = (v.x() * rx + v.y() * ry + v.z() * rz) / d;
                double motion = Math.max(0, 1 - vOut / shockwaveSpeed);
                outward += peakConcussionForce * motion * weightedTime / duration;
            }
        }

        if (outward != 0) {
            double scale = outward / d;
            BODY.accumulateForce(body, rx * scale, ry * scale, rz * scale);
        }
    }

    /**
     * {@code ∫₀ˣ tent(u) du} for the tent of height 1 on {@code [0, w]} peaking at {@code w/2}
     * (m): 0 below 0, {@code w/2} above {@code w}.
     */
    static double tentMoment0(double x, double w) {
        if (x <= 0) {
            return 0;
        }
        if (x >= w) {
            return 0.5 * w;
        }
        if (x <= 0.5 * w) {
            return x * x / w;
        }
        double y = w - x;  // distance to the far edge
        return 0.5 * w - y * y / w;
    }

    /** {@code ∫₀ˣ u·tent(u) du} (m²): 0 below 0, {@code w²/4} above {@code w}. */
    static double tentMoment1(double x, double w) {
        if (x <= 0) {
            return 0;
        }
        if (x >= w) {
            return 0.25 * w * w;
        }
        if (x <= 0.5 * w) {
            return 2 * x * x * x / (3 * w);
        }
        return x * x - 2 * x * x * x / (3 * w) - w * w / 12;
    }

    /** Configures an {@link Explosion}; every setter validates its arguments. */
    public static final class Builder {
        private final Vector3d detonation = new Vector3d();
        private double implosionMinRadius;
        private double implosionMaxRadius;
        private double implosionDuration;
        private double implosionForce;
        private double shockwaveSpeed = 1;
        private double shockwaveThickness = 1;
        private double peakConcussionForce;
        private double concussionDuration;

        private Builder() {
        }

        /**
         * The detonation point, world coordinates, m.
         *
         * @param x the point x, m
         * @param y the point y, m
         * @param z the point z, m
         * @return this builder
         */
        public Builder detonation(double x, double y, double z) {
            Check.finite("detonation", x, y, z);
            detonation.set(x, y, z);
            return this;
        }

        /**
         * The detonation point, world coordinates, m.
         *
         * @param point the point, m
         * @return this builder
         */
        public Builder detonation(Vector3dc point) {
            Check.finite("detonation", point);
            return detonation(point.x(), point.y(), point.z());
        }

        /**
         * The implosion phase.
         *
         * @param minRadius bodies nearer than this (m) are not pulled, {@code >= 0}
         * @param maxRadius bodies farther than this (m) are not pulled, {@code >= minRadius}
         * @param duration length of the phase, s, {@code >= 0} (0: no implosion)
         * @param force pull toward the detonation point, N, {@code >= 0}
         * @return this builder
         */
        public Builder implosion(double minRadius, double maxRadius, double duration, double force) {
            Check.nonNegative("implosionMinRadius", minRadius);
            Check.nonNegative("implosionMaxRadius", maxRadius);
            if (maxRadius < minRadius) {
                throw new IllegalArgumentException("implosionMaxRadius must be >= implosionMinRadius ("
                        + minRadius + "), was " + maxRadius);
            }
            Check.nonNegative("implosionDuration", duration);
            Check.nonNegative("implosionForce", force);
            implosionMinRadius = minRadius;
            implosionMaxRadius = maxRadius;
            implosionDuration = duration;
            implosionForce = force;
            return this;
        }

        /**
         * The concussion wave.
         *
         * @param speed speed of the shell's outer edge, m/s, {@code > 0}
         * @param thickness radial thickness of the shell, m, {@code > 0}
         * @param peakForce push on a resting body in the middle of the shell at the start of
         *     the wave, N, {@code >= 0}
         * @param duration length of the phase, s, {@code >= 0} (0: no wave); the push falls
         *     linearly to zero over it
         * @return this builder
         */
        public Builder concussion(double speed, double thickness, double peakForce, double duration) {
            Check.positive("shockwaveSpeed", speed);
            Check.positive("shockwaveThickness", thickness);
            Check.nonNegative("peakConcussionForce", peakForce);
            Check.nonNegative("concussionDuration", duration);
            shockwaveSpeed = speed;
            shockwaveThickness = thickness;
            peakConcussionForce = peakForce;
            concussionDuration = duration;
            return this;
        }

        /** @return a new explosion, its clock at detonation. */
        public Explosion build() {
            return new Explosion(this);
        }
    }
}
