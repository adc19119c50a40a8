package dev.tumble.bench.side;

import dev.tumble.core.world.WorldSettings;

/** The settings for Tumble's island-parallel row. */
final class ParallelOption {
    private ParallelOption() {
    }

    static WorldSettings withThreads(WorldSettings s, int threads) {
        return s.toBuilder().threads(threads).build();
    }
}
