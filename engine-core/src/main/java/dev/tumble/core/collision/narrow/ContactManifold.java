package dev.tumble.core.collision.narrow;

/**
 * A reusable buffer of the contact points of one shape pair (A, B). Its points are preallocated,
 * so filling it allocates nothing. Generators may add up to {@link #CAPACITY} points and then
 * call {@link #reduce(int, int)} to keep the deepest point and those spanning the largest area.
 */
public final class ContactManifold {
    /** Most points a generator may add before reduction. */
    public static final int CAPACITY = 64;
    /** Points kept by the narrow phase per pair after reduction. */
    public static final int MAX_POINTS = 4;
    /**
     * How far apart (m) a point may be and still count with the touching ones when the points are
     * reduced ({@link #reduce}): a resting box's corner lifted by a hair is part of its support.
     * The book's contact margin and Box2D's linear slop.
     */
    static final double TOUCHING = 0.005;

    private final ContactPoint[] points = new ContactPoint[CAPACITY];
    private final ContactPoint[] spare = new ContactPoint[MAX_POINTS];
    private int size;

    /** An empty manifold. */
    public ContactManifold() {
        for (int i = 0; i < CAPACITY; i++) {
            points[i] = new ContactPoint();
        }
        for (int i = 0; i < MAX_POINTS; i++) {
            spare[i] = new ContactPoint();
        }
    }

    /** @return the number of points. */
    public int size() {
        return size;
    }

    /**
     * @param i the index
     * @return point {@code i} ({@code 0 ≤ i < size()}); owned by the manifold.
     */
    public ContactPoint get(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("contact " + i + " of " + size);
        }
        return points[i];
    }

    /** Removes all points. */
    public void clear() {
        size = 0;
    }

    /** @return the deepest point, or {@code null} when empty. */
    public ContactPoint deepest() {
        ContactPoint best = null;
        for (int i = 0; i < size; i++) {
            if (best == null || points[i].penetration > best.penetration) {
                best = points[i];
            }
        }
        return best;
    }

    /**
     * Adds a point (m), unit normal (B towards A), penetration (m) and feature id. Ignored when full.
     *
     * @param px the point x, world space, m
     * @param py the point y, world space, m
     * @param pz the point z, world space, m
     * @param nx the unit normal x, from B towards A
     * @param ny the unit normal y, from B towards A
     * @param nz the unit normal z, from B towards A
     * @param penetration overlap depth along the normal, m (negative: apart)
     * @param featureId identifies the features that touch, for matching across steps
     */
    public void add(double px, double py, double pz, double nx, double ny, double nz, double penetration, int featureId) {
        if (size == CAPACITY) {
            return;
        }
        ContactPoint c = points[size++];
        c.point.set(px, py, pz);
        c.normal.set(nx, ny, nz);
        c.penetration = penetration;
        c.featureId = featureId;
    }

    /** Orders the points by penetration, deepest first (stable: equal depths keep their order). */
    public void deepestFirst() {
        for (int i = 1; i < size; i++) {
            ContactPoint p = points[i];
            int j = i;
            while (j > 0 && points[j - 1].penetration < p.penetration) {
                points[j] = points[j - 1];
                j--;
            }
            points[j] = p;
        }
    }

    /** Negates every normal: the manifold of (B, A) from that of (A, B). */
    /** Drops the points from index {@code n} on (n ≤ size). */
    void truncate(int n) {
        size = Math.min(size, n);
    }

    void flip(int from) {
        for (int i = from; i < size; i++) {
            points[i].normal.negate();
        }
    }

    /**
     * Keeps at most {@code max} (≤ 4) points of those added since index {@code from}: the deepest,
     * the one farthest from it, the one making the largest triangle with those two, and the one
     * adding the most area to that triangle. Points that touch (overlap, or lie apart by less than
     * {@link #TOUCHING}) come before points farther apart (speculative ones): each of the three is
     * chosen among the touching points not yet kept, and among all only once none is left. Chosen
     * for area alone, a rounded body rocking on its underside kept three corners a few centimetres
     * above the ground and dropped two already in it, which went on sinking through the step.
     *
     * @param from the index of the first point to reduce
     * @param max the most points to keep from there (≤ 4)
     */
    public void reduce(int from, int max) {
        int n = size - from;
        if (n <= max) {
            return;
        }
        int i0 = from;
        for (int i = from; i < size; i++) {
            if (points[i].penetration > points[i0].penetration) {
                i0 = i;
            }
        }
        int touching = 0; // touching points not kept yet
        for (int i = from; i < size; i++) {
            touching += i != i0 && touches(i) ? 1 : 0;
        }
        ContactPoint p0 = points[i0];
        double nx = p0.normal.x, ny = p0.normal.y, nz = p0.normal.z;
        int i1 = -1;
        double best = -1;
        for (int i = from; i < size; i++) {
            double d = points[i].point.distanceSquared(p0.point);
            if (i != i0 && eligible(i, touching) && d > best) {
                best = d;
                i1 = i;
            }
        }
        touching -= touches(i1) ? 1 : 0;
        int i2 = -1;
        best = -1;
        for (int i = from; i < size; i++) {
            if (i == i0 || i == i1 || !eligible(i, touching)) {
                continue;
            }
            double a = Math.abs(area(p0, points[i1], points[i], nx, ny, nz));
            if (a > best) {
                best = a;
                i2 = i;
            }
        }
        touching -= touches(i2) ? 1 : 0;
        if (area(p0, points[i1], points[i2], nx, ny, nz) < 0) {
            int s = i1;
            i1 = i2;
            i2 = s;
        }
        int i3 = -1;
        best = 0;
        for (int i = from; i < size && max > 3; i++) {
            if (i == i0 || i == i1 || i == i2 || !eligible(i, touching)) {
                continue;
            }
            ContactPoint p = points[i];
            double a = Math.max(-area(p0, points[i1], p, nx, ny, nz),
                    Math.max(-area(points[i1], points[i2], p, nx, ny, nz), -area(points[i2], p0, p, nx, ny, nz)));
            if (a > best) {
                best = a;
                i3 = i;
            }
        }
        int k = 0;
        int keepCount = Math.min(max, 4);
        for (int j = 0; j < keepCount; j++) {
            // No array of the kept indices: this runs in every step's narrow phase.
            int keep = j == 0 ? i0 : j == 1 ? i1 : j == 2 ? i2 : i3;
            if (keep >= 0) {
                spare[k++].set(points[keep]);
            }
        }
        for (int j = 0; j < k; j++) {
            points[from + j].set(spare[j]);
        }
        size = from + k;
    }

    /** Whether point i may be chosen while {@code touching} touching points are still to choose from. */
    private boolean eligible(int i, int touching) {
        return touching == 0 || touches(i);
    }

    private boolean touches(int i) {
        return points[i].penetration > -TOUCHING;
    }

    private static double area(ContactPoint a, ContactPoint b, ContactPoint c, double nx, double ny, double nz) {
        double ux = b.point.x - a.point.x, uy = b.point.y - a.point.y, uz = b.point.z - a.point.z;
        double vx = c.point.x - a.point.x, vy = c.point.y - a.point.y, vz = c.point.z - a.point.z;
        return (uy * vz - uz * vy) * nx + (uz * vx - ux * vz) * ny + (ux * vy - uy * vx) * nz;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("ContactManifold[");
        for (int i = 0; i < size; i++) {
            sb.append(i == 0 ? "" : ", ").append(points[i]);
        }
        return sb.append(']').toString();
    }
}
