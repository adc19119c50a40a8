package dev.tumble.core.collision;

/** Optional veto on a candidate pair after the filter bits passed (e.g. joints that disable collision). */
@FunctionalInterface
public interface PairCallback {
    /**
     * @param a the lower proxy id
     * @param userA the user data of {@code a}
     * @param b the higher proxy id
     * @param userB the user data of {@code b}
     * @return {@code false} to drop the pair of proxies {@code a < b} with user data {@code userA}, {@code userB}.
     */
    boolean shouldCollide(int a, Object userA, int b, Object userB);
}
