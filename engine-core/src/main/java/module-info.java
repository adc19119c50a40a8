/**
 * Tumble's physics engine: rigid bodies, shapes, collision, joints, force generators, events and
 * the world that steps them. Depends on JOML (whose types appear throughout the API) and EJML.
 */
module dev.tumble.core {
    requires transitive org.joml;
    // EJML 0.44 has neither a module descriptor nor an Automatic-Module-Name: these are the names
    // the module system derives from its jar files (ejml-ddense-0.44.0.jar, ejml-core-0.44.0.jar).
    requires ejml.ddense;
    requires ejml.core;

    exports dev.tumble.core.body;
    exports dev.tumble.core.collision;
    exports dev.tumble.core.collision.shape;
    exports dev.tumble.core.collision.query;
    exports dev.tumble.core.contact;
    exports dev.tumble.core.debug;
    exports dev.tumble.core.event;
    exports dev.tumble.core.force;
    exports dev.tumble.core.joint;
    exports dev.tumble.core.math;
    exports dev.tumble.core.world;
}
