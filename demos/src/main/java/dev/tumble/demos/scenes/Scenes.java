package dev.tumble.demos.scenes;

import dev.tumble.demos.scene.SceneCatalog;

/** Registers the built-in scenes with {@link dev.tumble.demos.scene.SceneCatalog}, in menu order. */
public final class Scenes {
    /** The scene run when no name is given. */
    public static final String DEFAULT = "dominoes";

    private Scenes() {
    }

    /** Called once by the catalog. */
    public static void register() {
        SceneCatalog.register("ballistic", "Pistol, artillery, fireball and laser rounds fired at stacks of boxes", BallisticScene::ballistic);
        SceneCatalog.register("bigballistic", "A seeded volley of all four rounds at a wall of 35 boxes", BallisticScene::big);
        SceneCatalog.register("explosion", "Debris around a charge: an implosion pulls it in, a concussion wave throws it out", ExplosionScene::new);
        SceneCatalog.register("fracture", "A ball hits a block, which breaks into eight pieces at the impact point", FractureScene::new);
        SceneCatalog.register("ragdoll", "Eleven bones on ball joints and limited hinges fall across a crate", RagdollScene::new);
        SceneCatalog.register("flightsim", "A model aircraft on aerodynamic tensors with ailerons, elevator and rudder", FlightScene::new);
        SceneCatalog.register("sailboat", "A boat floating on four buoyancy points, driven by an aerodynamic sail", SailboatScene::new);
        SceneCatalog.register("bridge", "Planks on rods and cables, crossed by a heavy ball", BridgeScene::new);
        SceneCatalog.register("platform", "A platform swinging on four rods, a basket on cables under it, a ball landing on it", PlatformScene::new);
        SceneCatalog.register("tower", "Ten unit boxes stacked in a column", StackScenes::tower);
        SceneCatalog.register("pyramid", "The 210-box pyramid (20 at the base)", StackScenes::pyramid);
        SceneCatalog.register("pile", "180 boxes dropped into 36 columns", StackScenes::pile);
        SceneCatalog.register("dominoes", "Fifteen dominoes; the first is tipped over", DominoScene::new);
        SceneCatalog.register("cradle", "Newton's cradle: five balls, restitution 1, momentum passed along the row", CradleScene::new);
        SceneCatalog.register("ramp", "A 30° ramp with boxes of friction 0 to 1: those with μ < tan 30° slide", RampScene::new);
        SceneCatalog.register("mixed", "A stack of boxes, hull prisms and a capsule, and a shower of spheres, capsules, hulls and dumbbells", MixedStackScene::new);
    }
}
