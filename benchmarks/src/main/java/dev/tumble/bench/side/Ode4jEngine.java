package dev.tumble.bench.side;

import org.ode4j.math.DVector3C;
import org.ode4j.ode.DBody;
import org.ode4j.ode.DBox;
import org.ode4j.ode.DContact;
import org.ode4j.ode.DContactBuffer;
import org.ode4j.ode.DGeom;
import org.ode4j.ode.DJointGroup;
import org.ode4j.ode.DMass;
import org.ode4j.ode.DSpace;
import org.ode4j.ode.DWorld;
import org.ode4j.ode.OdeConstants;
import org.ode4j.ode.OdeHelper;
import java.util.ArrayList;
import java.util.List;

/**
 * ode4j 0.5.3 (pure Java ODE): hash space, plane ground, quickStep with its default 20
 * iterations, up to 4 contacts per pair made by the near callback ({@code dContactApprox1},
 * μ = 0.5 per contact, no bounce); auto-disable (sleeping) is off by default.
 */
public final class Ode4jEngine implements Engine {
    private static final int MAX_CONTACTS = 4;
    private DWorld world;
    private DSpace space;
    private DJointGroup contactGroup;
    private final List<DBody> bodies = new ArrayList<>();
    private final DContactBuffer contacts = new DContactBuffer(MAX_CONTACTS);
    private final DGeom.DNearCallback near = this::nearCallback;

    @Override
    public String name() {
        return "ode4j";
    }

    @Override
    public String settings() {
        return "quickStep " + world.getQuickStepNumIterations() + " iterations, ≤ 4 contacts per pair (Approx1, μ 0.5),"
                + " plane ground, auto-disable off";
    }

    @Override
    public void build(Scene scene) {
        OdeHelper.initODE2(0);
        world = OdeHelper.createWorld();
        world.setGravity(0, Scene.GRAVITY, 0);
        world.setAutoDisableFlag(false);
        space = OdeHelper.createHashSpace();
        contactGroup = OdeHelper.createJointGroup();
        OdeHelper.createPlane(space, 0, 1, 0, 0);
        double side = 2 * Scene.HALF;
        double[] c = scene.centres();
        for (int i = 0; i < scene.boxes(); i++) {
            DBody body = OdeHelper.createBody(world);
            DMass mass = OdeHelper.createMass();
            mass.setBoxTotal(Scene.MASS, side, side, side);
            body.setMass(mass);
            body.setPosition(c[3 * i], c[3 * i + 1], c[3 * i + 2]);
            DBox geom = OdeHelper.createBox(space, side, side, side);
            geom.setBody(body);
            bodies.add(body);
        }
    }

    private void nearCallback(Object data, DGeom o1, DGeom o2) {
        DBody b1 = o1.getBody();
        DBody b2 = o2.getBody();
        int n = OdeHelper.collide(o1, o2, MAX_CONTACTS, contacts.getGeomBuffer());
        for (int i = 0; i < n; i++) {
            DContact contact = contacts.get(i);
            contact.surface.mode = OdeConstants.dContactApprox1;
            contact.surface.mu = Scene.FRICTION;
            contact.surface.bounce = 0;
            OdeHelper.createContactJoint(world, contactGroup, contact).attach(b1, b2);
        }
    }

    @Override
    public void step() {
        space.collide(null, near);
        world.quickStep(Scene.DT);
        contactGroup.empty();
    }

    @Override
    public void read(int i, double[] out) {
        DVector3C p = bodies.get(i).getPosition();
        DVector3C v = bodies.get(i).getLinearVel();
        out[0] = p.get0();
        out[1] = p.get1();
        out[2] = p.get2();
        out[3] = v.get0();
        out[4] = v.get1();
        out[5] = v.get2();
    }

    @Override
    public void close() {
        OdeHelper.closeODE();
    }
}
