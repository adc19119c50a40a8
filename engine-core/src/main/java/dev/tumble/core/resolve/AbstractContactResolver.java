package dev.tumble.core.resolve;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.contact.Contact;
import dev.tumble.core.contact.ImpulseScratch;
import dev.tumble.core.world.PositionProjection;
import dev.tumble.core.world.ResolverSettings;
import java.util.Arrays;

/** What both resolvers share: settings, scratch, the per-contact fixes and updates. */
abstract class AbstractContactResolver implements ContactResolver {
    final ResolverSettings settings;
    /** The energy guard ({@link ResolverSettings#energyGuard()}). */
    final EnergyGuard energyGuard = new EnergyGuard();
    ResolverObserver observer;
    int positionIterationsUsed;
    int velocityIterationsUsed;
    /** Caps set by {@link #limitIterations}, applied under the settings' maxima. */
    int velocityIterationCap = Integer.MAX_VALUE;
    int positionIterationCap = Integer.MAX_VALUE;

    /** Changes of the last fix: body 0 in [0..2], body 1 in [3..5]. */
    final double[] linearChange = new double[6];
    final double[] angularChange = new double[6];
    final double[] velocityChange = new double[6];
    final double[] rotationChange = new double[6];
    /** Working arrays of one impulse, shared by every contact this resolver fixes. */
    private final ImpulseScratch impulseScratch = new ImpulseScratch();
    /** Stores lent to the contacts of a call for their prepared data, by index in the call. */
    private Contact.Internals[] internals = new Contact.Internals[0];

    AbstractContactResolver(ResolverSettings settings) {
        if (settings == null) {
            throw new IllegalArgumentException("settings must not be null");
        }
        this.settings = settings;
    }

    @Override
    public final int positionIterationsUsed() {
        return positionIterationsUsed;
    }

    @Override
    public final int velocityIterationsUsed() {
        return velocityIterationsUsed;
    }

    /**
     * The end of the energy guard ({@link ResolverSettings#energyGuard()}), which {@code begin}
     * opened: the position pass may lift each body by up to two position epsilons at no charge.
     */
    final void guardEnergy(double duration) {
        if (settings.energyGuard()) {
            energyGuard.end(EnergyGuard.SLOP_LIFTS * settings.positionEpsilon(), duration, settings.scaleBackPositions(),
                    energyAllowance);
        }
    }

    /** For {@link FastContactResolver#resolveContacts(Contact[], int, double, double)}: the call's allowance, J, or NaN. */
    double energyAllowance = Double.NaN;

    /**
     * @return what the energy guard left of the last call's allowance, J: the energy the bodies
     *     could still gain in this step (0 with the guard off, or when it took energy out)
     */
    public final double energySlack() {
        return settings.energyGuard() ? energyGuard.slack() : 0;
    }

    @Override
    public final ResolverSettings settings() {
        return settings;
    }

    /**
     * Caps the iterations of the following calls (each at most the settings' maximum), e.g. to
     * scale an island's budget with its contact count as the book advises.
     *
     * @param velocity velocity iterations, ≥ 0
     * @param position position iterations, ≥ 0
     */
    public final void limitIterations(int velocity, int position) {
        if (velocity < 0 || position < 0) {
            throw new IllegalArgumentException("iteration limits must be >= 0, were " + velocity + ", " + position);
        }
        velocityIterationCap = velocity;
        positionIterationCap = position;
    }

    /** @return the velocity iterations the next call may use. */
    final int velocityLimit() {
        return Math.min(settings.velocityIterations(), velocityIterationCap);
    }

    /** @return the position iterations the next call may use. */
    final int positionLimit() {
        return Math.min(settings.positionIterations(), positionIterationCap);
    }

    @Override
    public final void setObserver(ResolverObserver observer) {
        this.observer = observer;
    }

    /** Validates the call and resets the counters. */
    final void begin(Contact[] contacts, int count, double duration) {
        positionIterationsUsed = 0;
        velocityIterationsUsed = 0;
        validate(contacts, count, duration);
    }

    /**
     * The checks every {@link ContactResolver#resolveContacts} call makes at the boundary.
     *
     * @throws IllegalArgumentException naming the bad argument
     */
    static void validate(Contact[] contacts, int count, double duration) {
        if (!(duration > 0) || !Double.isFinite(duration)) {
            throw new IllegalArgumentException("duration must be finite and > 0, was " + duration);
        }
        if (count < 0 || (count > 0 && (contacts == null || count > contacts.length))) {
            throw new IllegalArgumentException("count must be in [0, contacts.length], was " + count);
        }
        for (int i = 0; i < count; i++) {
            if (contacts[i] == null || contacts[i].body0() == null && contacts[i].body1() == null) {
                throw new IllegalArgumentException("contacts[" + i + "] is missing or has no body");
            }
        }
    }

    /**
     * Cyclone's {@code prepareContacts}, each contact first lent store {@code i} of this resolver's
     * pool for its prepared data (the pool grows to the largest call seen).
     */
    final void prepare(Contact[] contacts, int count, double duration) {
        if (internals.length < count) {
            int old = internals.length;
            internals = Arrays.copyOf(internals, Math.max(count, 2 * old));
            for (int i = old; i < internals.length; i++) {
                internals[i] = new Contact.Internals();
            }
        }
        double velocityLimit = settings.velocityLimit();
        double jointCorrection = settings.jointVelocityCorrection();
        for (int i = 0; i < count; i++) {
            Contact c = contacts[i];
            c.internals(internals[i]).calculateInternals(duration, velocityLimit);
            if (jointCorrection > 0 && c.isJoint() && c.positionFixClamped(c.penetration(), settings.angularLimit())) {
                // Too far apart for a position fix (the angular limit would clamp it): the velocity
                // pass closes this fraction of the error over the step instead (Baumgarte).
                c.velocityBias(jointCorrection * c.penetration() / duration);
                c.calculateDesiredDeltaVelocity(duration, velocityLimit);
            }
        }
        if (observer != null) {
            observer.afterPrepare(contacts, count);
        }
    }

    /**
     * Whether the position passes fix {@code contact}: every contact, except the joint contacts
     * that {@link #prepare} left to the velocity pass ({@link ResolverSettings#jointVelocityCorrection()}).
     */
    final boolean positionFixed(Contact contact) {
        return !(settings.jointVelocityCorrection() > 0 && contact.isJoint() && contact.velocityBias() != 0);
    }

    /** Wakes as needed and removes {@code penetration} at {@code contact}, filling the change arrays. */
    final void fixPosition(Contact contact, double penetration) {
        contact.matchAwakeState();
        if (settings.positionProjection() == PositionProjection.NONLINEAR) {
            contact.applyPositionChange(linearChange, angularChange, penetration, settings.angularLimit(),
                    settings.deferJointExcess(), null);
        } else {
            contact.applyLinearPositionChange(linearChange, angularChange, penetration, settings.linearSlop(),
                    settings.linearCorrectionFraction());
        }
    }

    /** Wakes as needed and applies the impulse at {@code contact}, filling the change arrays. */
    final void fixVelocity(Contact contact) {
        contact.matchAwakeState();
        contact.applyVelocityChange(velocityChange, rotationChange, null, settings.limitRestitutionWork(), impulseScratch);
    }

    /** Updates {@code c}'s penetration for every body it shares with {@code fixed} (Cyclone's order). */
    final void updatePenetration(Contact c, Contact fixed) {
        for (int b = 0; b < 2; b++) {
            RigidBody body = c.body(b);
            if (body == null) {
                continue;
            }
            for (int d = 0; d < 2; d++) {
                if (body == fixed.body(d)) {
                    int o = 3 * d;
                    c.updatePenetration(b, linearChange[o], linearChange[o + 1], linearChange[o + 2],
                            angularChange[o], angularChange[o + 1], angularChange[o + 2]);
                }
            }
        }
    }

    /** Updates {@code c}'s velocity and desired Δv for every body it shares with {@code fixed}. */
    final void updateVelocity(Contact c, Contact fixed, double duration) {
        double velocityLimit = settings.velocityLimit();
        for (int b = 0; b < 2; b++) {
            RigidBody body = c.body(b);
            if (body == null) {
                continue;
            }
            for (int d = 0; d < 2; d++) {
                if (body == fixed.body(d)) {
                    int o = 3 * d;
                    c.updateContactVelocity(b, velocityChange[o], velocityChange[o + 1], velocityChange[o + 2],
                            rotationChange[o], rotationChange[o + 1], rotationChange[o + 2], duration,
                            velocityLimit);
                }
            }
        }
    }
}
