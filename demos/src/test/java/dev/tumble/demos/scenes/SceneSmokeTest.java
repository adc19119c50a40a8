package dev.tumble.demos.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.collision.shape.Box;
import dev.tumble.core.joint.Joint;
import dev.tumble.core.scenes.StackScene;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneCatalog;
import dev.tumble.demos.scene.SceneOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every scene runs 300 steps headless with nothing non-finite and nothing below its floor, and
 * shows what it is there to show. The pyramid's invariant is in {@link PyramidSmokeTest}.
 */
class SceneSmokeTest {
    private static final SceneOptions O = SceneOptions.DEFAULTS;

    static Stream<String> names() {
        return SceneCatalog.entries().stream().map(SceneCatalog.Entry::name).filter(n -> !n.equals("pyramid"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    void runsFiniteAndAboveTheFloor(String name) {
        Scene s = Smoke.run(SceneCatalog.build(name, O));
        assertEquals(300, s.steps());
    }

    @Test
    void cradlePassesTheMomentumAlongTheRow() {
        CradleScene s = new CradleScene(O);
        List<RigidBody> balls = s.balls();
        double strike = s.strikeSpeed();
        double[] maxAfter = new double[5];
        double[] firstAfter = {Double.NaN};
        boolean[] struck = {false};
        int[] strikeStep = {-1};
        Smoke.run(s, step -> {
            // The first ball strikes the second when it was moving fast and has nearly stopped.
            if (!struck[0] && balls.get(1).velocity().length() > 0.5 * strike) {
                struck[0] = true;
                strikeStep[0] = step;
            }
            if (struck[0] && step <= strikeStep[0] + 30) {
                for (int i = 0; i < 5; i++) {
                    maxAfter[i] = Math.max(maxAfter[i], balls.get(i).velocity().length());
                }
                if (step == strikeStep[0] + 10) {
                    firstAfter[0] = balls.get(0).velocity().length();
                }
            }
        });
        assertTrue(struck[0], "the first ball never reached the second");
        assertTrue(maxAfter[4] > 0.9 * strike, "last ball left at " + maxAfter[4] + " m/s, strike " + strike);
        assertTrue(firstAfter[0] < 0.1 * strike, "first ball still moves at " + firstAfter[0] + " m/s");
        // After 300 steps (about ten strikes) the row still swings with over half the energy: the
        // SI solver loses about 1 % a strike (10 % over the run, measured).
        double energy = 0;
        for (RigidBody b : balls) {
            energy += b.kineticEnergy() + b.mass() * 9.81 * (b.position().y() - 1.2);
        }
        double start = 9.81 * CradleScene.LENGTH * (1 - Math.cos(CradleScene.PULL));
        assertTrue(energy > 0.5 * start && energy < 1.01 * start, "energy " + energy + " J, started with " + start);
    }

    @Test
    void rampBoxesSlideExactlyWhereTanAngleExceedsMu() {
        RampScene s = new RampScene(O);
        List<Vector3d> start = new ArrayList<>();
        s.boxes().forEach(b -> start.add(new Vector3d(b.position())));
        double t = 1.5;
        int steps = (int) Math.round(t / s.dt());
        s.run(steps);
        double tan = Math.tan(RampScene.ANGLE);
        for (int i = 0; i < RampScene.COUNT; i++) {
            double mu = i / 10.0;
            double d = new Vector3d(s.boxes().get(i).position()).sub(start.get(i)).dot(s.downSlope());
            if (mu < tan) {
                double a = 9.81 * (Math.sin(RampScene.ANGLE) - mu * Math.cos(RampScene.ANGLE));
                double expected = 0.5 * a * t * t;
                assertEquals(expected, d, 0.05 * expected + 0.01, "μ = " + mu + " should slide " + expected + " m");
            } else {
                assertTrue(Math.abs(d) < 0.01, "μ = " + mu + " should stay, moved " + d + " m");
            }
        }
        Smoke.check(s, steps);
    }

    @Test
    void terrainShowerRollsAndSlidesDownTheHillside() {
        TerrainScene s = new TerrainScene(O);
        double[] startX = s.shower().stream().mapToDouble(b -> b.position().x()).toArray();
        Smoke.run(s);
        int downhill = 0;
        for (int i = 0; i < startX.length; i++) {
            RigidBody b = s.shower().get(i);
            downhill += b.position().x() < startX[i] - 2 ? 1 : 0;
        }
        assertTrue(downhill >= startX.length / 2, downhill + " of " + startX.length + " went 2 m down the hill in 5 s");
    }

    @Test
    void pileComesToRest() {
        StackScenes s = Smoke.run(StackScenes.pile(O));
        for (RigidBody b : s.stack().bodies()) {
            assertTrue(b.velocity().length() < 0.2, s.id(b) + " still moves at " + b.velocity().length());
            assertTrue(Math.abs(b.position().x()) < 5 && Math.abs(b.position().z()) < 5, s.id(b) + " left the pile");
        }
    }

    @Test
    void fractureMakesEightPiecesOfTheBlock() {
        FractureScene s = Smoke.run(new FractureScene(O));
        assertEquals(8, s.pieces().size(), "pieces");
        double volume = 0;
        double mass = 0;
        for (RigidBody p : s.pieces()) {
            Box b = (Box) p.shapes().get(0);
            volume += 8 * b.hx() * b.hy() * b.hz();
            mass += p.mass();
        }
        double whole = 8 * FractureScene.HX * FractureScene.HY * FractureScene.HZ;
        assertEquals(whole, volume, 1e-9, "volume of the pieces");
        assertEquals(whole * FractureScene.DENSITY, mass, 1e-6, "mass of the pieces");
        // The pieces came apart: some moved at least 10 cm from where they were cut.
        double spread = s.pieces().stream().mapToDouble(p -> p.position().distance(0, FractureScene.HY, 0)).max().orElse(0);
        assertTrue(spread > 1.0, "pieces stayed together: farthest " + spread + " m from the block centre");
    }

    @Test
    void sailboatFloatsAndSails() {
        SailboatScene s = new SailboatScene(O);
        Vector3d start = new Vector3d(s.boat().position());
        Smoke.run(s, step -> {
            if (step > 60) {
                double y = s.boat().position().y();
                assertTrue(y > -0.3 && y < 0.6, "step " + step + ": boat at y = " + y);
            }
        });
        Vector3d up = s.boat().directionToWorld(new Vector3d(0, 1, 0), new Vector3d());
        assertTrue(up.y > 0.9, "boat heeled over: up = " + up);
        double moved = new Vector3d(s.boat().position()).sub(start).length();
        assertTrue(moved > 1, "boat moved only " + moved + " m");
    }

    @Test
    void explosionImplodesThenThrowsOutNearestFirst() {
        ExplosionScene s = new ExplosionScene(O);
        List<RigidBody> debris = s.debris();
        double[] startDistance = debris.stream().mapToDouble(ExplosionScene::distance).toArray();
        double[] pushedAt = new double[debris.size()];
        java.util.Arrays.fill(pushedAt, Double.NaN);
        int implosionEnd = (int) Math.round((ExplosionScene.DETONATION_TIME + ExplosionScene.IMPLOSION[2]) / s.dt());
        Vector3d c = new Vector3d(ExplosionScene.CENTRE[0], ExplosionScene.CENTRE[1], ExplosionScene.CENTRE[2]);
        Smoke.run(s, step -> {
            for (int i = 0; i < debris.size(); i++) {
                RigidBody b = debris.get(i);
                Vector3d r = new Vector3d(b.position()).sub(c).normalize();
                double radial = r.dot(b.velocity());
                if (step == implosionEnd - 1) {
                    assertTrue(radial < 0, "debris" + i + " not pulled in at the end of the implosion: " + radial);
                }
                if (step >= implosionEnd && Double.isNaN(pushedAt[i]) && radial > 1) {
                    pushedAt[i] = step;
                }
            }
        });
        int nearest = 0, farthest = 0;
        for (int i = 0; i < debris.size(); i++) {
            assertTrue(ExplosionScene.distance(debris.get(i)) > startDistance[i] + 1,
                    "debris" + i + " not thrown out: " + startDistance[i] + " → " + ExplosionScene.distance(debris.get(i)));
            nearest = startDistance[i] < startDistance[nearest] ? i : nearest;
            farthest = startDistance[i] > startDistance[farthest] ? i : farthest;
        }
        // The wave travels: it reaches the farthest body later than the nearest.
        assertTrue(pushedAt[farthest] > pushedAt[nearest], "wave reached " + startDistance[farthest] + " m at step "
                + pushedAt[farthest] + ", " + startDistance[nearest] + " m at step " + pushedAt[nearest]);
    }

    @Test
    void ballisticRoundsFlyOnTheirOwnGravityAndHitTheTargets() {
        BallisticScene s = BallisticScene.ballistic(O);
        List<Vector3d> start = new ArrayList<>();
        s.targets().forEach(b -> start.add(new Vector3d(b.position())));
        Smoke.run(s);
        assertTrue(s.fired() >= 4, "fired " + s.fired());
        int hit = 0;
        for (int i = 0; i < start.size(); i++) {
            hit += s.targets().get(i).position().distance(start.get(i)) > 0.3 ? 1 : 0;
        }
        assertTrue(hit >= 2, "targets knocked: " + hit);
        // A laser bolt in free flight keeps its height (its own gravity cancels the world's), and
        // a fireball rises; each fired alone, so that neither overlaps the other at the muzzle.
        BallisticScene fresh = BallisticScene.ballistic(O);
        RigidBody laser = fresh.fire(BallisticScene.Round.LASER, 0);
        fresh.world().step(fresh.dt());
        fresh.world().step(fresh.dt());
        assertEquals(0, laser.velocity().y(), 1e-9, "laser vertical speed");
        BallisticScene other = BallisticScene.ballistic(O);
        RigidBody fireball = other.fire(BallisticScene.Round.FIREBALL, 0);
        other.world().step(other.dt());
        other.world().step(other.dt());
        assertTrue(fireball.velocity().y() > 0, "a fireball rises");
    }

    @Test
    void bigBallisticKnocksDownTheWall() {
        BallisticScene s = BallisticScene.big(O);
        List<Vector3d> start = new ArrayList<>();
        s.targets().forEach(b -> start.add(new Vector3d(b.position())));
        Smoke.run(s);
        int knocked = 0;
        for (int i = 0; i < start.size(); i++) {
            knocked += s.targets().get(i).position().distance(start.get(i)) > 0.5 ? 1 : 0;
        }
        assertTrue(knocked >= 5, "boxes knocked: " + knocked);
    }

    @Test
    void ragdollJointsHoldWhileItFalls() {
        RagdollScene s = new RagdollScene(O);
        double[] worst = {0};
        Smoke.run(s, step -> s.joints().forEach(j -> worst[0] = Math.max(worst[0], j.error())));
        // The landing pulls the light forearms and shins apart for a few steps (4.5 cm at worst
        // under sequential impulses, 0.8 cm under Millington's resolver); at rest they close.
        assertTrue(worst[0] < 0.06, "worst joint error " + worst[0] + " m");
        for (Joint j : s.joints()) {
            assertTrue(j.error() < 0.005, "joint error at rest " + j.error() + " m");
        }
        for (String bone : List.of("head", "chest", "pelvis")) {
            assertTrue(s.body(bone).position().y() < 1.6, bone + " did not fall: y = " + s.body(bone).position().y());
        }
    }

    /**
     * The fallen ragdoll calms down and sleeps. Warm-starting the joints as the contacts are made,
     * the ragdolls rocked ever harder (1 m/s at 20 s, never asleep): the contacts were loaded with
     * joint forces that no longer held. Its ball head and capsule limbs roll without slipping and
     * without rolling resistance, so the head, held by its neck, rocks to and fro for a while
     * (0.1 m/s at 5 s, 0.06 at 15 s) before the island sleeps at about 22 s.
     */
    @Test
    void ragdollsComeToRestAndSleepUnderSequentialImpulses() {
        RagdollScene s = new RagdollScene(O.withSolver(dev.tumble.core.world.WorldSettings.Solver.SEQUENTIAL_IMPULSE));
        double early = 0, late = 0;
        for (int i = 0; i < 1800; i++) {
            s.world().step(1 / 60.0);
            for (RigidBody b : s.world().bodies()) {
                if (i >= 300 && i < 600) {
                    early = Math.max(early, b.velocity().length());
                } else if (i >= 900 && i < 1200) {
                    late = Math.max(late, b.velocity().length());
                }
            }
        }
        assertTrue(late < early && late < 0.1, "it calms down: fastest bone " + early + " m/s at 5–10 s, " + late + " at 15–20 s");
        List<String> awake = new ArrayList<>();
        for (RigidBody b : s.world().bodies()) {
            if (b.inverseMass() > 0 && b.isAwake()) {
                awake.add(s.id(b) + " at " + b.velocity().length() + " m/s");
            }
        }
        assertTrue(awake.isEmpty(), "still awake after 30 s: " + awake);
    }

    @Test
    void bridgeHoldsTheLoad() {
        BridgeScene s = new BridgeScene(O);
        double[] worst = {0};
        Smoke.run(s, step -> s.joints().forEach(j -> worst[0] = Math.max(worst[0], j.error())));
        assertTrue(worst[0] < 0.03, "worst rod/cable error " + worst[0] + " m");
        for (RigidBody p : s.planks()) {
            assertTrue(p.position().y() > 1.2, s.id(p) + " sagged to " + p.position().y());
        }
        assertTrue(s.load().position().y() > 1.5, "the ball fell through the deck: y = " + s.load().position().y());
    }

    @Test
    void platformRodsHoldTheirLength() {
        PlatformScene s = new PlatformScene(O);
        double[] worst = {0};
        double[] swing = {0};
        Smoke.run(s, step -> {
            s.joints().forEach(j -> worst[0] = Math.max(worst[0], j.error()));
            swing[0] = Math.max(swing[0], s.platform().velocity().length());
        });
        assertTrue(worst[0] < 0.02, "worst rod/cable error " + worst[0] + " m");
        assertTrue(swing[0] > 0.1, "the platform never moved: " + swing[0] + " m/s");
    }

    @Test
    void dominoesFallInOrder() {
        DominoScene s = new DominoScene(O);
        int[] fellAt = new int[DominoScene.COUNT];
        Smoke.run(s, step -> {
            for (int i = 0; i < DominoScene.COUNT; i++) {
                if (fellAt[i] == 0 && DominoScene.tilt(s.dominoes().get(i)) > Math.toRadians(20)) {
                    fellAt[i] = step;
                }
            }
        });
        for (int i = 0; i < DominoScene.COUNT; i++) {
            assertTrue(fellAt[i] > 0, "domino" + i + " still stands");
            if (i > 0) {
                assertTrue(fellAt[i] > fellAt[i - 1], "domino" + i + " fell at step " + fellAt[i] + ", before domino" + (i - 1));
            }
        }
    }

    /** Under Millington's resolver; {@link PyramidSmokeTest} makes the same check under sequential impulses. */
    @Test
    void mixedStackStandsWhileTheShowerLands() {
        assertMixedStackStands(O.withSolver(dev.tumble.core.world.WorldSettings.Solver.MILLINGTON));
    }

    static void assertMixedStackStands(SceneOptions options) {
        MixedStackScene s = new MixedStackScene(options);
        List<Vector3d> start = new ArrayList<>();
        s.stack().forEach(b -> start.add(new Vector3d(b.position())));
        Smoke.run(s);
        for (int i = 0; i < start.size(); i++) {
            Vector3d p = new Vector3d(s.stack().get(i).position());
            // Standing: no layer slides off (5 cm sideways, a tenth of the smallest layer's
            // half width) or drops (3 cm: layers settle onto each other by the solver's slop).
            // Measured under SI: the box on the hexagonal prism creeps 2.1 cm in 5 s, a known
            // limit written up in docs/stacking.md; under Millington every layer stays within 6 mm.
            double sideways = Math.hypot(p.x - start.get(i).x, p.z - start.get(i).z);
            double down = start.get(i).y - p.y;
            assertTrue(sideways < 0.05 && down < 0.03,
                    s.id(s.stack().get(i)) + " moved " + sideways + " m sideways, " + down + " m down");
        }
        for (RigidBody b : s.shower()) {
            assertTrue(b.position().y() < 2.5, s.id(b) + " still in the air at y = " + b.position().y());
        }
    }

    @Test
    void aircraftFliesAndAnswersItsControls() {
        FlightScene s = new FlightScene(O);
        double[] lowest = {1e9};
        double[] rollRate = new double[2];
        double[] pitchRate = {0};
        Smoke.run(s, step -> {
            RigidBody a = s.aircraft();
            lowest[0] = Math.min(lowest[0], a.position().y());
            Vector3d w = a.directionToLocal(a.angularVelocity(), new Vector3d());
            if (step == 1.7 * 60) {
                pitchRate[0] = w.z; // nose up is +z rotation (x toward y)
            }
            if (step == 2.5 * 60) {
                rollRate[0] = w.x;
            }
            if (step == 3.5 * 60) {
                rollRate[1] = w.x;
            }
        });
        assertTrue(lowest[0] > 2, "aircraft came down to " + lowest[0] + " m");
        assertTrue(pitchRate[0] > 0.05, "elevator up should raise the nose: pitch rate " + pitchRate[0]);
        assertTrue(rollRate[0] > 0.2, "roll right: right wing down is +x rotation, rate " + rollRate[0]);
        assertTrue(rollRate[1] < -0.2, "roll left rate " + rollRate[1]);
        assertTrue(s.aircraft().position().x() > 30, "aircraft flew to x = " + s.aircraft().position().x());
    }

    @Test
    void everyJointSceneRecordsItsJointSpecs() {
        for (String name : List.of("ragdoll", "bridge", "platform", "cradle")) {
            Scene s = SceneCatalog.build(name, O);
            List<Joint> joints = s.world().joints();
            assertEquals(joints.size(), s.jointSpecs().size(), name);
            assertTrue(!joints.isEmpty(), name);
        }
    }
}
