package dev.tumble.core.world;

import dev.tumble.core.contact.Contact;
import dev.tumble.core.contact.ContactBuffer;
import dev.tumble.core.island.IslandBuilder;
import dev.tumble.core.resolve.ContactResolver;
import dev.tumble.core.resolve.FastContactResolver;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * Resolves the contacts of each island on its own, with the world's chosen solver: islands do
 * not interact, so resolving them apart gives each the iteration budget its size needs (the
 * book's advice: about four iterations per contact) and keeps the worst-first search small.
 */
final class IslandSolver {
    private final WorldSettings settings;
    private final ContactResolver millington;
    private Contact[] scratch = new Contact[64];

    IslandSolver(WorldSettings settings) {
        this.settings = settings;
        this.millington = new FastContactResolver(settings.resolver());
    }

    void solve(IslandBuilder islands, ContactBuffer contacts, double dt, StepProfile profile) {
        Contact[] all = contacts.array();
        for (int k = 0; k < islands.islandCount(); k++) {
            int n = islands.constraintCount(k);
            if (n == 0) {
                continue;
            }
            if (scratch.length < n) {
                scratch = Arrays.copyOf(scratch, Math.max(n, scratch.length * 2));
            }
            for (int j = 0; j < n; j++) {
                scratch[j] = all[islands.constraint(k, j)];
            }
            millington.resolveContacts(scratch, n, dt);
            profile.iterations(millington.positionIterationsUsed(), millington.velocityIterationsUsed());
        }
    }

    void writeCache(DataOutput out) throws IOException {
        out.writeInt(0);
    }

    void readCache(DataInput in, boolean dryRun) throws IOException {
        int n = in.readInt();
        if (n != 0) {
            throw new IllegalArgumentException("snapshot solver cache must be empty, had " + n);
        }
    }
}
