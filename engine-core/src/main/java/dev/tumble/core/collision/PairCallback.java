package dev.tumble.core.collision;

/** Optional veto on a candidate pair after the filter bits passed (e.g. joints that disable collision). */
@FunctionalInterface
public interface PairCallback {
    /** @return {@code false} to drop the pair of proxies {@code a < b} with user data {@code userA}, {@code userB}. */
    boolean shouldCollide(int a, Object userA, int b, Object userB);
}
