package dev.tumble.core.body;

/** How a body takes part in the simulation. */
public enum BodyType {
    /** Never moves; infinite mass. Ground, walls. */
    STATIC,
    /**
     * Moved by its velocity and angular velocity only (set by the game); infinite mass, so
     * contacts push other bodies but never it; forces and gravity are ignored.
     */
    KINEMATIC,
    /** Fully simulated: forces, contacts, damping, sleep. */
    DYNAMIC
}
