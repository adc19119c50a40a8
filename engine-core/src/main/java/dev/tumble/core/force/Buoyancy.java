package dev.tumble.core.force;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.internal.BodyAccess;
import dev.tumble.core.internal.Check;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Buoyancy of a body in a liquid whose flat surface is the plane {@code y = waterHeight}
 * (y up), after Millington §6.2.4 / §11.4.
 *
 * <p>The body's centre of buoyancy is a point fixed in body coordinates. With {@code y} its
 * world height, the submerged fraction is
 * <pre>
 *   s = clamp((waterHeight + maxDepth − y) / (2·maxDepth), 0, 1)
 * </pre>
 * so the body is dry when the point is at least {@code maxDepth} above the surface, fully
 * submerged when at least {@code maxDepth} below, and linear in between. The force is
 * {@code s·ρ·V·g} straight up, applied at the centre of buoyancy (so an off-centre point rights
 * or capsizes the body). Cyclone's version leaves out {@code g} and has the partial case's
 * sign and bracketing wrong; this one is continuous and reaches {@code ρ·V·g} exactly.
 *
 * <p>A sleeping body is left alone, as {@link Gravity} leaves it: it rests in equilibrium.
 * Wake floating bodies when you move the water.
 */
public final class Buoyancy implements ForceGenerator {
    private static final BodyAccess BODY = BodyAccess.get();

    /** Density of fresh water, 1000 kg/m³. */
    public static final double WATER_DENSITY = 1000;

    final Vector3d centreOfBuoyancy = new Vector3d();
    double maxDepth;
    double volume;
    double waterHeight;
    double liquidDensity;
    double gravity;

    private final Vector3d worldPoint = new Vector3d();
    private final Vector3d force = new Vector3d();

    /**
     * Buoyancy in fresh water (1000 kg/m³) under standard gravity (9.81 m/s²).
     *
     * @param centreOfBuoyancy body coordinates of the centre of buoyancy, m
     * @param maxDepth half the height over which the body goes from dry to fully submerged, m,
     *     {@code > 0} (for a body of height h centred on the point: h/2)
     * @param volume displaced volume when fully submerged, m³, {@code > 0}
     * @param waterHeight world y of the liquid's surface, m
     */
    public Buoyancy(Vector3dc centreOfBuoyancy, double maxDepth, double volume, double waterHeight) {
        this(centreOfBuoyancy, maxDepth, volume, waterHeight, WATER_DENSITY, Gravity.STANDARD_GRAVITY);
    }

    /**
     * @param centreOfBuoyancy body coordinates of the centre of buoyancy, m
     * @param maxDepth half the height over which the body goes from dry to fully submerged, m,
     *     {@code > 0}
     * @param volume displaced volume when fully submerged, m³, {@code > 0}
     * @param waterHeight world y of the liquid's surface, m
     * @param liquidDensity density of the liquid, kg/m³, {@code > 0}
     * @param gravity magnitude of gravity, m/s², {@code >= 0} (match your {@link Gravity})
     */
    public Buoyancy(Vector3dc centreOfBuoyancy, double maxDepth, double volume, double waterHeight,
            double liquidDensity, double gravity) {
        Check.finite("centreOfBuoyancy", centreOfBuoyancy);
        Check.positive("maxDepth", maxDepth);
        Check.positive("volume", volume);
        Check.finite("waterHeight", waterHeight);
        Check.positive("liquidDensity", liquidDensity);
        Check.nonNegative("gravity", gravity);
        this.centreOfBuoyancy.set(centreOfBuoyancy);
        this.maxDepth = maxDepth;
        this.volume = volume;
        this.waterHeight = waterHeight;
        this.liquidDensity = liquidDensity;
        this.gravity = gravity;
    }

    /** @return the centre of buoyancy in body coordinates, m (read-only view). */
    public Vector3dc centreOfBuoyancy() {
        return centreOfBuoyancy;
    }

    /** @return half the height of the dry-to-submerged transition, m. */
    public double maxDepth() {
        return maxDepth;
    }

    /** @return the fully submerged displaced volume, m³. */
    public double volume() {
        return volume;
    }

    /** @return the world height of the liquid surface, m. */
    public double waterHeight() {
        return waterHeight;
    }

    /**
     * Moves the liquid surface to world height {@code y}, m (tides, flooding).
     *
     * @param y the surface height, m
     * @return this generator
     */
    public Buoyancy waterHeight(double y) {
        this.waterHeight = Check.finite("waterHeight", y);
        return this;
    }

    /** @return the liquid density, kg/m³. */
    public double liquidDensity() {
        return liquidDensity;
    }

    /**
     * Sets the liquid density, kg/m³, {@code > 0}.
     *
     * @param density the density, kg/m³
     * @return this generator
     */
    public Buoyancy liquidDensity(double density) {
        this.liquidDensity = Check.positive("liquidDensity", density);
        return this;
    }

    /** @return the magnitude of gravity used, m/s². */
    public double gravity() {
        return gravity;
    }

    /**
     * @param y the centre of buoyancy's height, m
     * @return the submerged fraction in [0, 1] for a centre of buoyancy at world height
     *     {@code y} (m)
     */
    public double submergedFraction(double y) {
        double s = (waterHeight + maxDepth - y) / (2 * maxDepth);
        return s <= 0 ? 0 : s >= 1 ? 1 : s;
    }

    @Override
    public void updateForce(RigidBody body, double duration) {
        if (!body.isAwake()) {
            return;
        }
        body.pointToWorld(centreOfBuoyancy, worldPoint);
        double s = submergedFraction(worldPoint.y);
        if (s == 0) {
            return;
        }
        force.set(0, s * (liquidDensity * volume * gravity), 0);
        BODY.accumulateForceAtPoint(body, force.x, force.y, force.z, worldPoint.x, worldPoint.y, worldPoint.z);
    }
}
