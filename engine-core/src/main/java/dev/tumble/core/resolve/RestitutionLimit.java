package dev.tumble.core.resolve;

import dev.tumble.core.body.RigidBody;
import java.util.Arrays;

/**
 * Lowers a contact's coefficient of restitution where Newton's restitution with Coulomb friction
 * would add kinetic energy (Kane and Levinson's paradox): on an eccentric body the normal
 * impulse's lever arm speeds up the tangential motion, and friction that then stops the sliding
 * can work with the motion. For the sequential-impulse solver, which sets each contact's bounce
 * target before it solves.
 *
 * <p>The contact is judged as if solved alone: the impulse {@code p} that leaves it with normal
 * velocity {@code −e·v_n} and no sliding, or, when that needs more friction than {@code μ·p_n},
 * the sliding impulse on the edge of the friction cone in the same tangential direction. The
 * kinetic energy of the pair changes by {@code ΔE = p·v₀ + ½ pᵀKp} ({@code v₀} the relative contact
 * velocity, {@code K} the velocity change per unit impulse). When {@code ΔE > 0} the coefficient is
 * lowered by bisection until {@code ΔE ≤ 0} (with {@code e = 0} a stopping impulse dissipates).
 * No allocation; not thread-safe (scratch per instance).
 */
final class RestitutionLimit {
    private final double[] k = new double[9];
    private final double[] kInv = new double[9];
    private final double[] p = new double[3];
    private double vx, vy, vz, nx, ny, nz, mu;

    /**
     * @param e the contact's restitution, [0, 1]
     * @param friction the contact's friction coefficient, ≥ 0
     * @param vel per body six velocities (linear then angular, m/s and rad/s)
     * @param inertia per body the world inverse inertia tensor, row-major (1/(kg·m²)); zero for an
     *     immovable body
     * @param im per body the inverse mass (1/kg); zero for an immovable body
     * @param a0 body 0's index in those arrays
     * @param a1 body 1's index
     * @param geo the contact's lever arms and normal: r0 at [g..g+2], r1 at [g+3..g+5], n at [g+6..g+8] (m)
     * @param g the contact's offset in {@code geo}
     * @return the restitution to use, in [0, e]
     */
    double restitution(double e, double friction, double[] vel, double[] inertia, double[] im, int a0, int a1,
            double[] geo, int g) {
        if (!(e > 0)) {
            return e;
        }
        double r0x = geo[g], r0y = geo[g + 1], r0z = geo[g + 2];
        double r1x = geo[g + 3], r1y = geo[g + 4], r1z = geo[g + 5];
        nx = geo[g + 6];
        ny = geo[g + 7];
        nz = geo[g + 8];
        mu = friction;
        int o0 = 6 * a0, o1 = 6 * a1;
        vx = vel[o0] + vel[o0 + 4] * r0z - vel[o0 + 5] * r0y - (vel[o1] + vel[o1 + 4] * r1z - vel[o1 + 5] * r1y);
        vy = vel[o0 + 1] + vel[o0 + 5] * r0x - vel[o0 + 3] * r0z - (vel[o1 + 1] + vel[o1 + 5] * r1x - vel[o1 + 3] * r1z);
        vz = vel[o0 + 2] + vel[o0 + 3] * r0y - vel[o0 + 4] * r0x - (vel[o1 + 2] + vel[o1 + 3] * r1y - vel[o1 + 4] * r1x);
        Arrays.fill(k, 0);
        double m = im[a0] + im[a1];
        k[0] = k[4] = k[8] = m;
        addAngular(inertia, 9 * a0, r0x, r0y, r0z);
        addAngular(inertia, 9 * a1, r1x, r1y, r1z);
        if (!invert()) {
            return e;
        }
        if (work(e) <= 0) {
            return e;
        }
        double lo = 0, hi = e;
        for (int i = 0; i < 16; i++) {
            double mid = 0.5 * (lo + hi);
            if (work(mid) > 0) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return lo;
    }

    /** K += −[r]× I⁻¹ [r]× for one body (row-major I⁻¹ at {@code o}). */
    private void addAngular(double[] inertia, int o, double rx, double ry, double rz) {
        // Column j of −[r]× I⁻¹ [r]×: −r × (I⁻¹ (r × e_j)).
        for (int j = 0; j < 3; j++) {
            double ex = j == 0 ? 1 : 0, ey = j == 1 ? 1 : 0, ez = j == 2 ? 1 : 0;
            double cx = ry * ez - rz * ey, cy = rz * ex - rx * ez, cz = rx * ey - ry * ex;
            double ix = inertia[o] * cx + inertia[o + 1] * cy + inertia[o + 2] * cz;
            double iy = inertia[o + 3] * cx + inertia[o + 4] * cy + inertia[o + 5] * cz;
            double iz = inertia[o + 6] * cx + inertia[o + 7] * cy + inertia[o + 8] * cz;
            // (I⁻¹(r × e_j)) × r
            k[j] += iy * rz - iz * ry;
            k[3 + j] += iz * rx - ix * rz;
            k[6 + j] += ix * ry - iy * rx;
        }
    }

    private boolean invert() {
        double a = k[0], b = k[1], c = k[2], d = k[3], e = k[4], f = k[5], g = k[6], h = k[7], i = k[8];
        double c0 = e * i - f * h, c1 = f * g - d * i, c2 = d * h - e * g;
        double det = a * c0 + b * c1 + c * c2;
        if (!(Math.abs(det) > 0) || !Double.isFinite(det)) {
            return false;
        }
        double s = 1 / det;
        kInv[0] = c0 * s;
        kInv[1] = (c * h - b * i) * s;
        kInv[2] = (b * f - c * e) * s;
        kInv[3] = c1 * s;
        kInv[4] = (a * i - c * g) * s;
        kInv[5] = (c * d - a * f) * s;
        kInv[6] = c2 * s;
        kInv[7] = (b * g - a * h) * s;
        kInv[8] = (a * e - b * d) * s;
        return true;
    }

    /** ΔE (J) of the single-contact impulse for restitution e. */
    private double work(double e) {
        double vn = vx * nx + vy * ny + vz * nz;
        // Wanted change: normal velocity to −e·vn, tangential to zero.
        double dx = -(1 + e) * vn * nx - (vx - vn * nx);
        double dy = -(1 + e) * vn * ny - (vy - vn * ny);
        double dz = -(1 + e) * vn * nz - (vz - vn * nz);
        double px = kInv[0] * dx + kInv[1] * dy + kInv[2] * dz;
        double py = kInv[3] * dx + kInv[4] * dy + kInv[5] * dz;
        double pz = kInv[6] * dx + kInv[7] * dy + kInv[8] * dz;
        double pn = px * nx + py * ny + pz * nz;
        double tx = px - pn * nx, ty = py - pn * ny, tz = pz - pn * nz;
        double pt = Math.sqrt(tx * tx + ty * ty + tz * tz);
        if (pt > mu * pn && pt > 0) {
            // Sliding: p = λ(n + μ t̂), λ so that the normal velocity still reaches −e·vn.
            double ux = nx + mu * tx / pt, uy = ny + mu * ty / pt, uz = nz + mu * tz / pt;
            double kn = nx * (k[0] * ux + k[1] * uy + k[2] * uz) + ny * (k[3] * ux + k[4] * uy + k[5] * uz)
                    + nz * (k[6] * ux + k[7] * uy + k[8] * uz);
            if (!(kn > 0)) {
                return 0;
            }
            double lambda = -(1 + e) * vn / kn;
            px = lambda * ux;
            py = lambda * uy;
            pz = lambda * uz;
        }
        double kx = k[0] * px + k[1] * py + k[2] * pz;
        double ky = k[3] * px + k[4] * py + k[5] * pz;
        double kz = k[6] * px + k[7] * py + k[8] * pz;
        return px * vx + py * vy + pz * vz + 0.5 * (px * kx + py * ky + pz * kz);
    }

    /**
     * {@code a·n} for body b's last-frame acceleration (m/s²), in JOML's {@code dot} order (same
     * bits), from the components: island threads share the static bodies, so no getter's vector.
     */
    private static double accelerationAlong(RigidBody b, double nx, double ny, double nz) {
        return org.joml.Math.fma(b.lastFrameAccelerationX(), nx,
                org.joml.Math.fma(b.lastFrameAccelerationY(), ny, b.lastFrameAccelerationZ() * nz));
    }

    /**
     * The bounce target (m/s) of a contact still open at the start of the step: {@link #bounce},
     * if the gap closes this step; else {@code −separation/dt} (no bounce, the gap may close
     * exactly).
     *
     * @param separation the gap at the start of the step, m (> 0)
     * @see #bounce
     */
    static double arrivingBounce(double separation, double vn, double bounce, double dt, RigidBody b0, RigidBody b1,
            double nx, double ny, double nz) {
        double close = -separation / dt;
        if (!(-vn * dt > separation)) {
            return close;
        }
        return Math.max(close, bounce(vn, bounce, dt, b0, b1, nx, ny, nz));
    }

    /**
     * The bounce target (m/s) that gains no energy. With impulse repositioning a body ends at
     * {@code start + v·dt}: it bounces from where the step started, and the velocity it bounces
     * from already holds this step's acceleration. Where the pair's accelerations pull it together
     * ({@code G = −(a₀ − a₁)·n > 0}, gravity onto the ground) the full {@code e·|vn|} would leave it
     * with more normal kinetic plus potential energy than it had at the start of the step. The
     * target is lowered to {@code b} with {@code ½b² + G·b·dt = ½(e·v₀)²}, {@code v₀ = vn + G·dt} the
     * closing speed before this step's acceleration (per unit effective mass; exact for a ball on
     * the ground).
     *
     * @param vn the normal velocity before the solve, m/s (negative: closing)
     * @param bounce the restitution target {@code −e·vn}, m/s (> 0)
     * @param dt the step, s
     * @param b0 body 0 or null; b1 body 1 or null (their last-frame accelerations count when awake)
     * @param nx the contact normal (unit, from body 1 to body 0): x; {@code ny}, {@code nz} likewise
     * @return the target, in {@code [0, bounce]}
     */
    static double bounce(double vn, double bounce, double dt, RigidBody b0, RigidBody b1, double nx, double ny,
            double nz) {
        double an = 0;
        if (b0 != null && b0.isAwake()) {
            an += accelerationAlong(b0, nx, ny, nz);
        }
        if (b1 != null && b1.isAwake()) {
            an -= accelerationAlong(b1, nx, ny, nz);
        }
        double pull = -an;
        if (!(pull > 0) || !(vn < 0)) {
            return bounce;
        }
        double before = Math.max(0, -(vn + pull * dt)) * (bounce / -vn);
        double gdt = pull * dt;
        double b = -gdt + Math.sqrt(gdt * gdt + before * before);
        return Math.max(0, Math.min(bounce, b));
    }
}
