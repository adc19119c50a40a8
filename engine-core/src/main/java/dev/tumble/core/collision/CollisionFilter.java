package dev.tumble.core.collision;

/**
 * Collision filtering with Box2D semantics: two proxies of the same non-zero group always collide
 * (positive group) or never collide (negative group); otherwise they collide when each one's mask
 * accepts the other's category: {@code (a.mask & b.category) != 0 && (b.mask & a.category) != 0}.
 *
 * @param categoryBits the categories this proxy belongs to (bit set)
 * @param maskBits the categories this proxy collides with (bit set)
 * @param group collision group; 0 = none
 */
public record CollisionFilter(int categoryBits, int maskBits, int group) {
    /** Category 1, collides with everything, no group. */
    public static final CollisionFilter DEFAULT = new CollisionFilter(1, -1, 0);

    /**
     * @param a one filter
     * @param b the other filter
     * @return whether {@code a} and {@code b} may collide.
     */
    public static boolean shouldCollide(CollisionFilter a, CollisionFilter b) {
        if (a.group == b.group && a.group != 0) {
            return a.group > 0;
        }
        return (a.maskBits & b.categoryBits) != 0 && (b.maskBits & a.categoryBits) != 0;
    }

    /**
     * @param proxy the proxy's filter
     * @return whether a query with this filter accepts a proxy with filter {@code proxy} (mask against category).
     */
    public boolean accepts(CollisionFilter proxy) {
        return (maskBits & proxy.categoryBits) != 0;
    }
}
