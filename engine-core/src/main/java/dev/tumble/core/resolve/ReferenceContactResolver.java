package dev.tumble.core.resolve;

import dev.tumble.core.contact.Contact;
import dev.tumble.core.world.ResolverSettings;

/**
 * The book's resolver, as Cyclone writes it: every iteration scans all contacts for the worst
 * penetration (or the largest desired delta velocity) above the epsilon, fixes it, then checks
 * every contact for a shared body and updates it. O(n) per iteration and O(n²) per call for n
 * contacts. Kept as the plain reference that {@link FastContactResolver} must match bit for bit.
 *
 * <p>Differences from Cyclone: both iteration limits are honoured, and the angular limit,
 * velocity limit and epsilons come from {@link ResolverSettings}.
 */
public final class ReferenceContactResolver extends AbstractContactResolver {

    /** A resolver with the default settings. */
    public ReferenceContactResolver() {
        this(ResolverSettings.DEFAULTS);
    }

    /**
     * A resolver with the given settings.
     *
     * @param settings the settings, not null
     */
    public ReferenceContactResolver(ResolverSettings settings) {
        super(settings);
    }

    @Override
    public void resolveContacts(Contact[] c, int n, double duration) {
        begin(c, n, duration);
        if (n == 0) {
            return;
        }
        if (settings.energyGuard()) {
            energyGuard.begin(c, n);
        }
        prepare(c, n, duration);
        adjustPositions(c, n);
        if (observer != null) {
            observer.afterPositions(c, n);
        }
        adjustVelocities(c, n, duration);
        guardEnergy(duration);
    }

    private void adjustPositions(Contact[] c, int n) {
        int limit = positionLimit();
        double epsilon = settings.positionEpsilon();
        while (positionIterationsUsed < limit) {
            double max = epsilon;
            int index = n;
            for (int i = 0; i < n; i++) {
                if (c[i].penetration() > max && positionFixed(c[i])) {
                    max = c[i].penetration();
                    index = i;
                }
            }
            if (index == n) {
                break;
            }
            Contact fixed = c[index];
            fixPosition(fixed, max);
            for (int i = 0; i < n; i++) {
                updatePenetration(c[i], fixed);
            }
            if (observer != null) {
                observer.afterPositionIteration(positionIterationsUsed, index, max, linearChange, angularChange, c, n);
            }
            positionIterationsUsed++;
        }
    }

    private void adjustVelocities(Contact[] c, int n, double duration) {
        int limit = velocityLimit();
        double epsilon = settings.velocityEpsilon();
        while (velocityIterationsUsed < limit) {
            double max = epsilon;
            int index = n;
            for (int i = 0; i < n; i++) {
                if (c[i].desiredDeltaVelocity() > max) {
                    max = c[i].desiredDeltaVelocity();
                    index = i;
                }
            }
            if (index == n) {
                break;
            }
            Contact fixed = c[index];
            fixVelocity(fixed);
            for (int i = 0; i < n; i++) {
                updateVelocity(c[i], fixed, duration);
            }
            if (observer != null) {
                observer.afterVelocityIteration(velocityIterationsUsed, index, max, velocityChange, rotationChange,
                        c, n);
            }
            velocityIterationsUsed++;
        }
    }
}
