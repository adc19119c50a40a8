package dev.tumble.core.contact;

import static dev.tumble.core.golden.GoldenAssert.EXACT;
import static dev.tumble.core.golden.GoldenAssert.close;
import static dev.tumble.core.golden.GoldenAssert.closeOrNull;
import static dev.tumble.core.golden.GoldenAssert.same;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tumble.core.body.RigidBody;
import dev.tumble.core.golden.Golden;
import dev.tumble.core.golden.GoldenBodies;
import dev.tumble.core.world.ResolverSettings;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every case of {@code unit_contacts*.json}: Cyclone's {@code calculateInternals},
 * {@code applyVelocityChange} (with the impulse intermediates) and {@code applyPositionChange}
 * (with its intermediates), each on a fresh copy of the bodies, at 1e-12 relative.
 */
class UnitContactsGoldenTest {
    private static final double VELOCITY_LIMIT = ResolverSettings.DEFAULT_VELOCITY_LIMIT;
    private static final double ANGULAR_LIMIT = ResolverSettings.CYCLONE_ANGULAR_LIMIT;

    @TestFactory
    List<DynamicTest> unitContacts() {
        return Golden.cases("unit_contacts", root -> root.get("cases"), c -> c.get("name").asText(),
                UnitContactsGoldenTest::run);
    }

    /** The bodies and the contact of one case, built fresh. */
    private record Setup(RigidBody a, RigidBody b, Contact contact, double duration) {
        static Setup of(JsonNode c) {
            JsonNode in = c.get("inputs");
            RigidBody a = body(in.get("body0"));
            RigidBody b = body(in.get("body1"));
            JsonNode k = in.get("contact");
            RigidBody c0 = pick(k.get("body0"), a, b);
            RigidBody c1 = pick(k.get("body1"), a, b);
            double[] p = Golden.doubles(k.get("contactPoint"));
            double[] n = Golden.doubles(k.get("contactNormal"));
            Contact contact = new Contact().set(c0, c1, p[0], p[1], p[2], n[0], n[1], n[2],
                    k.get("penetration").asDouble(), k.get("friction").asDouble(), k.get("restitution").asDouble());
            double duration = in.get("duration").asDouble();
            contact.calculateInternals(duration, VELOCITY_LIMIT);
            return new Setup(a, b, contact, duration);
        }

        RigidBody named(JsonNode name) {
            return pick(name, a, b);
        }
    }

    private static RigidBody body(JsonNode state) {
        return state == null || state.isNull() ? null : GoldenBodies.fromState(state);
    }

    private static RigidBody pick(JsonNode name, RigidBody a, RigidBody b) {
        if (name == null || name.isNull()) {
            return null;
        }
        return switch (name.asText()) {
            case "A" -> a;
            case "B" -> b;
            default -> throw new AssertionError("unknown body name " + name);
        };
    }

    private static double[] v(Vector3d x) {
        return new double[] {x.x, x.y, x.z};
    }

    private static double[] part(double[] six, int body) {
        return new double[] {six[3 * body], six[3 * body + 1], six[3 * body + 2]};
    }

    private static void run(JsonNode c) {
        String id = c.get("name").asText();
        JsonNode out = c.get("outputs");
        checkInternals(id, out.get("calculateInternals"), Setup.of(c));
        checkImpulse(id, out, Setup.of(c));
        checkPosition(id, out.get("applyPositionChange"), Setup.of(c));
    }

    private static void checkInternals(String id, JsonNode e, Setup s) {
        Contact k = s.contact();
        if (k.body0() != s.named(e.get("body0AfterSwap")) || k.body1() != s.named(e.get("body1AfterSwap"))) {
            throw new AssertionError(id + ": bodies after swap differ");
        }
        close(id + " normal after swap", e.get("contactNormalAfterSwap"), k.normal(), EXACT);
        close(id + " contactToWorld", e.get("contactToWorld"), k.contactToWorld(new double[9]), EXACT);
        close(id + " relativeContactPosition0", e.get("relativeContactPosition0"),
                v(k.relativeContactPosition(0, new Vector3d())), EXACT);
        closeOrNull(id + " relativeContactPosition1", e.get("relativeContactPosition1"),
                v(k.relativeContactPosition(1, new Vector3d())), EXACT);
        close(id + " contactVelocity", e.get("contactVelocity"), v(k.contactVelocity(new Vector3d())), EXACT);
        close(id + " desiredDeltaVelocity", e.get("desiredDeltaVelocity").asDouble(), k.desiredDeltaVelocity(), EXACT);
    }

    private static void checkImpulse(String id, JsonNode out, Setup s) {
        Contact k = s.contact();
        ContactDiagnostics d = new ContactDiagnostics();
        double[] dv = new double[6];
        double[] dw = new double[6];
        k.applyVelocityChange(dv, dw, d);

        JsonNode imp = out.get("impulse");
        boolean frictionless = imp.get("method").asText().equals("frictionless");
        same(id + " frictionless method", frictionless, d.frictionless);
        close(id + " impulseContact", imp.get("impulseContact"), d.impulseContact, EXACT);
        close(id + " impulseWorld", imp.get("impulseWorld"), d.impulseWorld, EXACT);
        if (frictionless) {
            close(id + " deltaVelocityPerUnitImpulse",
                    imp.get("frictionlessIntermediates").get("deltaVelocityPerUnitImpulse").asDouble(),
                    d.deltaVelocityPerUnitImpulse, EXACT);
        } else {
            JsonNode f = imp.get("frictionIntermediates");
            close(id + " deltaVelocityWorldAngularPart", f.get("deltaVelocityWorldAngularPart"),
                    d.deltaVelocityWorldAngularPart, EXACT);
            close(id + " totalInverseMass", f.get("totalInverseMass").asDouble(), d.totalInverseMass, EXACT);
            close(id + " deltaVelocityContact", f.get("deltaVelocityContact"), d.deltaVelocityContact, EXACT);
            close(id + " impulseMatrix", f.get("impulseMatrix"), d.impulseMatrix, EXACT);
            close(id + " velKill", f.get("velKill"), d.velKill, EXACT);
            close(id + " unclampedImpulseContact", f.get("unclampedImpulseContact"), d.unclampedImpulseContact, EXACT);
            close(id + " planarImpulse", f.get("planarImpulse").asDouble(), d.planarImpulse, EXACT);
            same(id + " dynamicFrictionClampApplied", f.get("dynamicFrictionClampApplied").asBoolean(),
                    d.dynamicFrictionClampApplied);
        }

        JsonNode e = out.get("applyVelocityChange");
        close(id + " velocityChange0", e.get("velocityChange0"), part(dv, 0), EXACT);
        close(id + " rotationChange0", e.get("rotationChange0"), part(dw, 0), EXACT);
        closeOrNull(id + " velocityChange1", e.get("velocityChange1"), part(dv, 1), EXACT);
        closeOrNull(id + " rotationChange1", e.get("rotationChange1"), part(dw, 1), EXACT);
        close(id + " body0VelocityAfter", e.get("body0VelocityAfter"), k.body0().velocity(), EXACT);
        close(id + " body0RotationAfter", e.get("body0RotationAfter"), k.body0().angularVelocity(), EXACT);
        if (k.body1() != null) {
            close(id + " body1VelocityAfter", e.get("body1VelocityAfter"), k.body1().velocity(), EXACT);
            close(id + " body1RotationAfter", e.get("body1RotationAfter"), k.body1().angularVelocity(), EXACT);
        } else if (!e.get("body1VelocityAfter").isNull()) {
            throw new AssertionError(id + ": reference has a body 1, Tumble has none");
        }
        close(id + " relativeContactVelocityAfter", e.get("relativeContactVelocityAfter_driverComputed"),
                relativeVelocity(k), EXACT);
    }

    /** Contact-space relative velocity without the acceleration term. */
    private static double[] relativeVelocity(Contact k) {
        double[] m = k.contactToWorld(new double[9]);
        double[] r = new double[3];
        for (int i = 0; i < 2; i++) {
            RigidBody b = k.body(i);
            if (b == null) {
                continue;
            }
            Vector3d rel = k.relativeContactPosition(i, new Vector3d());
            Vector3d vel = new Vector3d(b.angularVelocity()).cross(rel).add(b.velocity());
            double sign = i == 0 ? 1 : -1;
            r[0] += sign * (vel.x * m[0] + vel.y * m[3] + vel.z * m[6]);
            r[1] += sign * (vel.x * m[1] + vel.y * m[4] + vel.z * m[7]);
            r[2] += sign * (vel.x * m[2] + vel.y * m[5] + vel.z * m[8]);
        }
        return r;
    }

    private static void checkPosition(String id, JsonNode e, Setup s) {
        Contact k = s.contact();
        ContactDiagnostics d = new ContactDiagnostics();
        double[] lin = new double[6];
        double[] ang = new double[6];
        boolean asleep0 = !k.body0().isAwake();
        boolean asleep1 = k.body1() != null && !k.body1().isAwake();
        k.applyPositionChange(lin, ang, k.penetration(), ANGULAR_LIMIT, d);

        close(id + " linearChange0", e.get("linearChange0"), part(lin, 0), EXACT);
        close(id + " angularChange0", e.get("angularChange0"), part(ang, 0), EXACT);
        closeOrNull(id + " linearChange1", e.get("linearChange1"), part(lin, 1), EXACT);
        closeOrNull(id + " angularChange1", e.get("angularChange1"), part(ang, 1), EXACT);
        close(id + " body0PositionAfter", e.get("body0PositionAfter"), k.body0().position(), EXACT);
        close(id + " body0OrientationAfter", e.get("body0OrientationAfter"), k.body0().orientation(), EXACT);
        same(id + " body0DerivedDataRecalculated", e.get("body0DerivedDataRecalculated").asBoolean(), asleep0);
        checkTransform(id + " body0", k.body0(), asleep0);
        if (k.body1() != null) {
            close(id + " body1PositionAfter", e.get("body1PositionAfter"), k.body1().position(), EXACT);
            close(id + " body1OrientationAfter", e.get("body1OrientationAfter"), k.body1().orientation(), EXACT);
            same(id + " body1DerivedDataRecalculated", e.get("body1DerivedDataRecalculated").asBoolean(), asleep1);
            checkTransform(id + " body1", k.body1(), asleep1);
        }
        JsonNode m = e.get("intermediates");
        close(id + " angularInertia", m.get("angularInertia"), d.angularInertia, EXACT);
        close(id + " linearInertia", m.get("linearInertia"), d.linearInertia, EXACT);
        close(id + " totalInertia", m.get("totalInertia").asDouble(), d.totalInertia, EXACT);
        close(id + " angularMove", m.get("angularMove"), d.angularMove, EXACT);
        close(id + " linearMove", m.get("linearMove"), d.linearMove, EXACT);
        close(id + " maxAngularMagnitude", m.get("maxAngularMagnitude"), d.maxAngularMagnitude, EXACT);
        for (int i = 0; i < 2; i++) {
            same(id + " angularLimitClampApplied[" + i + "]", m.get("angularLimitClampApplied").get(i).asBoolean(),
                    d.angularLimitClampApplied[i]);
        }
    }

    /** A refreshed body's transform holds its new position; an awake body's stays stale. */
    private static void checkTransform(String what, RigidBody b, boolean refreshed) {
        double[] t = b.getTransform(new double[12]);
        boolean current = t[3] == b.position().x() && t[7] == b.position().y() && t[11] == b.position().z();
        if (refreshed && !current) {
            throw new AssertionError(what + ": derived data should have been recalculated");
        }
    }
}
