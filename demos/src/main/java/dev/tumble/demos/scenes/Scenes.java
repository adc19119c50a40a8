package dev.tumble.demos.scenes;

import dev.tumble.demos.scene.SceneCatalog;
import java.util.List;

import static dev.tumble.demos.scene.SceneCatalog.Group.*;

/** Registers the built-in scenes with {@link dev.tumble.demos.scene.SceneCatalog}, grouped as the viewer's browser lists them. */
public final class Scenes {
    /** The scene run when no name is given. */
    public static final String DEFAULT = "dominoes";

    private Scenes() {
    }

    /** Called once by the catalog. */
    public static void register() {
        List<String> none = List.of();
        List<String> fire = List.of("Space: set off the blast");
        SceneCatalog.register(MILLINGTON, "ballistic", "Pistol, artillery, fireball and laser rounds fired at stacks of boxes",
                List.of("1-4: pick the round", "Space: fire"), BallisticScene::ballistic);
        SceneCatalog.register(MILLINGTON, "bigballistic", "A seeded volley of all four rounds at a wall of 35 boxes",
                List.of("1-4: pick the round", "Space: fire"), BallisticScene::big);
        SceneCatalog.register(MILLINGTON, "explosion", "Debris around a charge: an implosion pulls it in, a concussion wave throws it out",
                fire, ExplosionScene::new);
        SceneCatalog.register(MILLINGTON, "fracture", "A ball hits a block, which breaks into eight pieces at the impact point",
                none, FractureScene::new);
        SceneCatalog.register(MILLINGTON, "ragdoll", "Eleven bones on ball joints and limited hinges fall across a crate",
                none, RagdollScene::new);
        SceneCatalog.register(MILLINGTON, "flightsim", "A model aircraft on aerodynamic tensors with ailerons, elevator and rudder",
                List.of("W/S: nose down/up", "A/D: roll left/right", "Q/E: yaw left/right"), FlightScene::new);
        SceneCatalog.register(MILLINGTON, "sailboat", "A boat floating on four buoyancy points, driven by an aerodynamic sail",
                List.of("A/D: turn the sail", "Q/E: rudder"), SailboatScene::new);
        SceneCatalog.register(MILLINGTON, "bridge", "Planks on rods and cables, crossed by a heavy ball", none, BridgeScene::new);
        SceneCatalog.register(MILLINGTON, "platform", "A platform swinging on four rods, a basket on cables under it, a ball landing on it",
                none, PlatformScene::new);
        SceneCatalog.register(STACKING, "tower", "Ten unit boxes stacked in a column", none, StackScenes::tower);
        SceneCatalog.register(STACKING, "pyramid", "The 210-box pyramid (20 at the base)", none, StackScenes::pyramid);
        SceneCatalog.register(STACKING, "pile", "180 boxes dropped into 36 columns", none, StackScenes::pile);
        SceneCatalog.register(STACKING, "mixed", "A stack of boxes, hull prisms and a capsule, and a shower of spheres, capsules, hulls and dumbbells",
                none, MixedStackScene::new);
        SceneCatalog.register(JOINTS, "cradle", "Newton's cradle: five balls, restitution 1, momentum passed along the row",
                none, CradleScene::new);
        SceneCatalog.register(LEVEL, "terrain", "Rocks, boxes, balls, capsules, logs and barrels down a heightfield hillside into a mesh bowl",
                none, TerrainScene::new);
        SceneCatalog.register(LEVEL, "ramp", "A 30° ramp with boxes of friction 0 to 1: those with μ < tan 30° slide", none, RampScene::new);
        SceneCatalog.register(GAMEPLAY, "dominoes", "Fifteen dominoes; the first is tipped over", none, DominoScene::new);
    }
}
