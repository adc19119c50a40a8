package dev.tumble.core.collision.narrow;

/**
 * The points a convex shape got from the triangles under it, made one manifold: grouped by normal
 * (each group contiguous, in the order first met), points at the same place as an earlier one of
 * their group dropped (a corner shared by several triangles), border stand-ins dropped where any
 * triangle touched the shape on its own, and each group reduced to {@link ContactManifold#MAX_POINTS},
 * as one face against another would give. One instance holds scratch state; once warm it allocates
 * nothing.
 */
final class NormalGroups {
    /**
     * Normals closer than this (cosine: 10°) to each other are one group of the manifold, reduced
     * to four points: on gentle terrain a body meets several triangles at once, and keeping every
     * triangle's points cost the solver a point per triangle and the manifold its reuse (1,000 bodies
     * on hills: 5,537 points down to 3,315, the step about a fifth shorter).
     */
    private static final double GROUP_COS = 0.985;
    /** Points closer than this (m) with one normal are one point. */
    static final double SAME_PLACE = 1e-7;

    /**
     * Per point of the manifold being built: whether it was placed at a triangle's border with the
     * face normal because the shape's centre is over a neighbour. Such a point stands for the
     * neighbour's face and is dropped where a face point with its normal exists.
     */
    private final boolean[] onBorder = new boolean[ContactManifold.CAPACITY];
    private final ContactPoint swap = new ContactPoint();
    /** The points behind a group being reduced, set aside meanwhile. */
    private final ContactManifold rest = new ContactManifold();
    private ContactManifold out;

    /**
     * Marks point {@code index} of the manifold being built as a border stand-in or not.
     *
     * @param index the point's index in the manifold, below {@link ContactManifold#CAPACITY}
     * @param standIn whether it stands for a neighbour's face
     */
    void standIn(int index, boolean standIn) {
        onBorder[index] = standIn;
    }

    /**
     * Groups and reduces the points of {@code manifold} from {@code from} on, in place.
     *
     * @param manifold the manifold being built
     * @param from the first of its points that came from the triangles
     */
    void reduce(ContactManifold manifold, int from) {
        out = manifold;
        dropStandIns(from);
        int start = from;
        while (start < out.size()) {
            ContactPoint lead = out.get(start);
            int end = start + 1;
            for (int i = start + 1; i < out.size(); i++) {
                if (out.get(i).normal.dot(lead.normal) >= GROUP_COS) {
                    exchange(i, end++);
                }
            }
            end = dropDuplicates(start, end);
            if (end - start > ContactManifold.MAX_POINTS) {
                reduceGroup(start, end);
            }
            start += Math.min(end - start, ContactManifold.MAX_POINTS);
        }
        out = null;
    }

    /** Swaps points i and j of the manifold being built, with their flags. */
    private void exchange(int i, int j) {
        if (i == j) {
            return;
        }
        swap.set(out.get(j));
        out.get(j).set(out.get(i));
        out.get(i).set(swap);
        boolean f = onBorder[i];
        onBorder[i] = onBorder[j];
        onBorder[j] = f;
    }

    /**
     * Drops the border points from {@code from} on when any point is not one: a point placed at a
     * triangle's border stands for a neighbour's face or edge, and only where no triangle touched A
     * on its own (A right over a shallow fold, each side's face seen past its edge).
     */
    private void dropStandIns(int from) {
        boolean real = false;
        for (int i = from; i < out.size(); i++) {
            real |= !onBorder[i];
        }
        if (!real) {
            return;
        }
        for (int i = from; i < out.size(); ) {
            if (onBorder[i]) {
                exchange(i, out.size() - 1);
                out.truncate(out.size() - 1);
            } else {
                i++;
            }
        }
    }

    /**
     * Drops the points of the group {@code [start, end)} at the same place as an earlier one (a
     * corner shared by several triangles).
     *
     * @return the group's new end
     */
    private int dropDuplicates(int start, int end) {
        for (int i = start + 1; i < end; ) {
            boolean same = false;
            for (int j = start; j < i && !same; j++) {
                same = out.get(j).point.distanceSquared(out.get(i).point) < SAME_PLACE * SAME_PLACE;
            }
            if (same) {
                exchange(i, end - 1);
                exchange(end - 1, out.size() - 1);
                out.truncate(out.size() - 1);
                end--;
            } else {
                i++;
            }
        }
        return end;
    }

    /** Reduces the group {@code [start, end)} to {@link ContactManifold#MAX_POINTS}, the points behind it kept. */
    private void reduceGroup(int start, int end) {
        // The manifold reduces a tail: bring the rest of the points behind the group into the
        // scratch manifold, reduce, and put them back.
        rest.clear();
        for (int i = end; i < out.size(); i++) {
            ContactPoint c = out.get(i);
            rest.add(c.point.x, c.point.y, c.point.z, c.normal.x, c.normal.y, c.normal.z, c.penetration, c.featureId);
        }
        out.truncate(end);
        out.reduce(start, ContactManifold.MAX_POINTS);
        for (int i = 0; i < rest.size(); i++) {
            ContactPoint c = rest.get(i);
            out.add(c.point.x, c.point.y, c.point.z, c.normal.x, c.normal.y, c.normal.z, c.penetration, c.featureId);
        }
    }
}
