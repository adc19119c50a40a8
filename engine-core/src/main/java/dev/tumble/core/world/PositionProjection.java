package dev.tumble.core.world;

/** How the resolver's position pass removes penetration. */
public enum PositionProjection {
    /**
     * Millington's nonlinear projection: each body moves along the normal and turns, in
     * proportion to its linear and angular inertia, with the angular move limited by the
     * angular limit. Cyclone's behaviour and the default.
     */
    NONLINEAR,
    /**
     * Plain linear projection as 2D engines do: translate only, removing
     * {@code (penetration − linearSlop) · linearCorrectionFraction} shared by inverse mass.
     */
    LINEAR
}
