package dev.tumble.core.collision.shape;

/**
 * A mutable axis-aligned bounding box in world space, metres. Unbounded shapes use
 * {@link #HUGE} instead of infinities so that areas and unions stay finite.
 */
public final class Aabb {
    /** Half-size (m) used for the bounds of unbounded shapes (planes, half-spaces). */
    public static final double HUGE = 1e12;

    /** Lower corner, m. */
    public double minX, minY, minZ;
    /** Upper corner, m. */
    public double maxX, maxY, maxZ;

    /** An empty (inverted) box. */
    public Aabb() {
        setEmpty();
    }

    /**
     * A box with the given corners (m).
     *
     * @param minX the least x, m
     * @param minY the least y, m
     * @param minZ the least z, m
     * @param maxX the greatest x, m
     * @param maxY the greatest y, m
     * @param maxZ the greatest z, m
     */
    public Aabb(double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        set(minX, minY, minZ, maxX, maxY, maxZ);
    }

    /**
     * Sets both corners (m).
     *
     * @param minX the least x, m
     * @param minY the least y, m
     * @param minZ the least z, m
     * @param maxX the greatest x, m
     * @param maxY the greatest y, m
     * @param maxZ the greatest z, m
     * @return this box
     */
    public Aabb set(double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        this.minX = minX;
        this.minY = minY;
        this.minZ = minZ;
        this.maxX = maxX;
        this.maxY = maxY;
        this.maxZ = maxZ;
        return this;
    }

    /**
     * Copies {@code o}.
     *
     * @param o the box to copy
     * @return this box
     */
    public Aabb set(Aabb o) {
        return set(o.minX, o.minY, o.minZ, o.maxX, o.maxY, o.maxZ);
    }

    /**
     * Makes the box empty: min = +∞, max = −∞.
     *
     * @return this box
     */
    public Aabb setEmpty() {
        double p = Double.POSITIVE_INFINITY, n = Double.NEGATIVE_INFINITY;
        return set(p, p, p, n, n, n);
    }

    /**
     * Grows the box to hold the point (m).
     *
     * @param x the point x, m
     * @param y the point y, m
     * @param z the point z, m
     * @return this box
     */
    public Aabb include(double x, double y, double z) {
        minX = Math.min(minX, x);
        minY = Math.min(minY, y);
        minZ = Math.min(minZ, z);
        maxX = Math.max(maxX, x);
        maxY = Math.max(maxY, y);
        maxZ = Math.max(maxZ, z);
        return this;
    }

    /**
     * {@code this = union(a, b)}.
     *
     * @param a one box
     * @param b the other box
     * @return this box
     */
    public Aabb union(Aabb a, Aabb b) {
        return set(Math.min(a.minX, b.minX), Math.min(a.minY, b.minY), Math.min(a.minZ, b.minZ),
                Math.max(a.maxX, b.maxX), Math.max(a.maxY, b.maxY), Math.max(a.maxZ, b.maxZ));
    }

    /**
     * Grows every side by {@code margin} (m).
     *
     * @param margin the growth of each side, m
     * @return this box
     */
    public Aabb fatten(double margin) {
        return set(minX - margin, minY - margin, minZ - margin, maxX + margin, maxY + margin, maxZ + margin);
    }

    /**
     * @param o the other box
     * @return whether the closed boxes share a point.
     */
    public boolean overlaps(Aabb o) {
        return minX <= o.maxX && o.minX <= maxX && minY <= o.maxY && o.minY <= maxY
                && minZ <= o.maxZ && o.minZ <= maxZ;
    }

    /**
     * @param o the other box
     * @return whether {@code o} lies inside this box.
     */
    public boolean contains(Aabb o) {
        return minX <= o.minX && minY <= o.minY && minZ <= o.minZ
                && o.maxX <= maxX && o.maxY <= maxY && o.maxZ <= maxZ;
    }

    /** @return the surface area (m²), the cost measure of the tree. */
    public double surfaceArea() {
        double dx = maxX - minX, dy = maxY - minY, dz = maxZ - minZ;
        return 2 * (dx * dy + dy * dz + dz * dx);
    }

    /**
     * @param a one box
     * @param b the other box
     * @return the surface area (m²) of the union of {@code a} and {@code b} (no allocation).
     */
    public static double unionArea(Aabb a, Aabb b) {
        double dx = Math.max(a.maxX, b.maxX) - Math.min(a.minX, b.minX);
        double dy = Math.max(a.maxY, b.maxY) - Math.min(a.minY, b.minY);
        double dz = Math.max(a.maxZ, b.maxZ) - Math.min(a.minZ, b.minZ);
        return 2 * (dx * dy + dy * dz + dz * dx);
    }

    /**
     * Slab test of the ray {@code o + t·d}, {@code 0 ≤ t ≤ maxT}.
     *
     * @param ox the ray origin x, m
     * @param oy the ray origin y, m
     * @param oz the ray origin z, m
     * @param dx the ray direction x
     * @param dy the ray direction y
     * @param dz the ray direction z
     * @param maxT the largest parameter tested
     * @return the entry parameter {@code t} (≥ 0), or −1 when the ray misses
     */
    public double rayEntry(double ox, double oy, double oz, double dx, double dy, double dz, double maxT) {
        return rayEntry(minX, minY, minZ, maxX, maxY, maxZ, ox, oy, oz, dx, dy, dz, maxT);
    }

    /**
     * {@link #rayEntry(double, double, double, double, double, double, double)} for the box
     * {@code [min, max]} given by its bounds (m).
     */
    static double rayEntry(double minX, double minY, double minZ, double maxX, double maxY, double maxZ, double ox,
            double oy, double oz, double dx, double dy, double dz, double maxT) {
        double t0 = 0, t1 = maxT;
        for (int a = 0; a < 3; a++) {
            double o = a == 0 ? ox : a == 1 ? oy : oz;
            double d = a == 0 ? dx : a == 1 ? dy : dz;
            double lo = a == 0 ? minX : a == 1 ? minY : minZ;
            double hi = a == 0 ? maxX : a == 1 ? maxY : maxZ;
            if (Math.abs(d) < 1e-300) {
                if (o < lo || o > hi) {
                    return -1;
                }
            } else {
                double inv = 1 / d;
                double ta = (lo - o) * inv, tb = (hi - o) * inv;
                if (ta > tb) {
                    double s = ta;
                    ta = tb;
                    tb = s;
                }
                t0 = Math.max(t0, ta);
                t1 = Math.min(t1, tb);
                if (t0 > t1) {
                    return -1;
                }
            }
        }
        return t0;
    }

    /**
     * Grows this box to hold itself moved by the translation {@code (tx, ty, tz)} (m): the box a
     * shape sweeps.
     *
     * @param tx the translation x, m
     * @param ty the translation y, m
     * @param tz the translation z, m
     * @return this box
     */
    public Aabb sweep(double tx, double ty, double tz) {
        return set(minX + Math.min(0, tx), minY + Math.min(0, ty), minZ + Math.min(0, tz), maxX + Math.max(0, tx),
                maxY + Math.max(0, ty), maxZ + Math.max(0, tz));
    }

    @Override
    public String toString() {
        return "Aabb[(" + minX + ", " + minY + ", " + minZ + ") .. (" + maxX + ", " + maxY + ", " + maxZ + ")]";
    }
}
