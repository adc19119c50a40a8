package dev.tumble.core.collision.shape;

import dev.tumble.core.math.MassProperties;
import org.joml.Vector3d;

/**
 * Static terrain: a grid of heights in the shape's frame, y up. Sample {@code (r, c)} (row r,
 * column c) sits at {@code (c·dx, heights[r][c], r·dz)} (m); rows run along z, columns along x.
 * Each cell of four samples is two triangles split along the diagonal from sample {@code (r, c)}
 * to {@code (r + 1, c + 1)}, both facing up (+y); triangles are made on the fly from the heights,
 * so the field costs about one double per sample (and a byte per cell for its active-edge masks).
 *
 * <p>Holes: a sample marked in the hole mask is missing, and so is every triangle that has it as
 * a corner (up to six round it). Its height is ignored. Edges next to a hole are boundary edges.
 *
 * <p>Triangle {@code t} of cell {@code (r, c)} is {@code 2·(r·(columns − 1) + c) + k}: {@code k = 0}
 * has corners {@code (r, c), (r + 1, c), (r + 1, c + 1)}, {@code k = 1} has {@code (r, c),
 * (r + 1, c + 1), (r, c + 1)}. Active-edge masks come from the neighbouring heights by the same
 * rule as {@link TriangleMesh}'s, so a field and the mesh of its triangles collide alike.
 *
 * <p>Ray casts descend a bounding-volume hierarchy over blocks of {@value #BLOCK}×{@value #BLOCK}
 * cells, each bounded by the least and greatest height of its triangles. A surface has no mass:
 * static and kinematic bodies only.
 */
public final class HeightField extends Shape implements TriangleGeometry {
    /** The default active-edge angle, 5° (π/36 rad). */
    public static final double DEFAULT_ACTIVE_EDGE_ANGLE = Triangles.DEFAULT_ACTIVE_EDGE_ANGLE;
    /** Cells per side of a block, the unit the ray-cast hierarchy bounds. */
    public static final int BLOCK = 4;

    private final int rows, columns;
    private final double dx, dz;
    /** Heights, row-major, m; 0 at holes. */
    private final double[] h;
    /** Per sample whether it is a hole; null when there are none. */
    private final boolean[] hole;
    private final double activeEdgeAngle, cosAngle;
    private final double minY, maxY;
    /** Null when every triangle is a hole. */
    private final BoundsTree tree;
    /** Per cell, the active-edge masks of its triangles (k = 0 in bits 0–2, k = 1 in bits 3–5). */
    private final byte[] edges;
    private final int blockColumns;

    /**
     * A field without holes, default active-edge angle (5°).
     *
     * @param heights {@code heights[r][c]}, m: at least 2 rows of at least 2 samples, all rows alike, finite
     * @param dx spacing of the columns along x, m (finite, &gt; 0)
     * @param dz spacing of the rows along z, m (finite, &gt; 0)
     * @throws IllegalArgumentException for a bad size, height or spacing, naming it
     */
    public HeightField(double[][] heights, double dx, double dz) {
        this(heights, null, dx, dz, Triangles.DEFAULT_ACTIVE_EDGE_ANGLE);
    }

    /**
     * @param heights {@code heights[r][c]}, m: at least 2 rows of at least 2 samples, all rows
     *     alike; finite except at holes, whose values are ignored
     * @param holes {@code holes[r][c]} true where sample (r, c) is missing; null for none; else the shape of {@code heights}
     * @param dx spacing of the columns along x, m (finite, &gt; 0)
     * @param dz spacing of the rows along z, m (finite, &gt; 0)
     * @param activeEdgeAngle rad in [0, π]: a convex shared edge whose normals differ by more is active
     * @throws IllegalArgumentException for a bad size, height, hole mask, spacing or angle, naming it
     */
    public HeightField(double[][] heights, boolean[][] holes, double dx, double dz, double activeEdgeAngle) {
        this.dx = size("HeightField", "dx", dx);
        this.dz = size("HeightField", "dz", dz);
        this.cosAngle = Triangles.cosine("HeightField", activeEdgeAngle);
        this.activeEdgeAngle = activeEdgeAngle;
        if (heights == null || heights.length < 2) {
            throw new IllegalArgumentException("HeightField.heights must have at least 2 rows, had "
                    + (heights == null ? "null" : heights.length));
        }
        rows = heights.length;
        columns = heights[0] == null ? 0 : heights[0].length;
        if (columns < 2) {
            throw new IllegalArgumentException("HeightField.heights[0] must have at least 2 samples, had "
                    + (heights[0] == null ? "null" : columns));
        }
        if ((long) (rows - 1) * (columns - 1) * 2 > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("HeightField.heights of " + rows + "×" + columns + " has too many cells");
        }
        if (holes != null && holes.length != rows) {
            throw new IllegalArgumentException("HeightField.holes must have " + rows + " rows like heights, had " + holes.length);
        }
        h = new double[rows * columns];
        boolean[] mask = null;
        for (int r = 0; r < rows; r++) {
            double[] row = heights[r];
            if (row == null || row.length != columns) {
                throw new IllegalArgumentException("HeightField.heights[" + r + "] must have " + columns + " samples like row 0, had "
                        + (row == null ? "null" : row.length));
            }
            boolean[] holeRow = holes == null ? null : holes[r];
            if (holes != null && (holeRow == null || holeRow.length != columns)) {
                throw new IllegalArgumentException("HeightField.holes[" + r + "] must have " + columns + " entries like heights, had "
                        + (holeRow == null ? "null" : holeRow.length));
            }
            for (int c = 0; c < columns; c++) {
                if (holeRow != null && holeRow[c]) {
                    if (mask == null) {
                        mask = new boolean[rows * columns];
                    }
                    mask[r * columns + c] = true;
                } else if (!Double.isFinite(row[c])) {
                    throw new IllegalArgumentException("HeightField.heights[" + r + "][" + c + "] must be finite, was " + row[c]);
                } else {
                    h[r * columns + c] = row[c];
                }
            }
        }
        hole = mask;
        blockColumns = (columns - 2) / BLOCK + 1;
        int blockRows = (rows - 2) / BLOCK + 1;
        double[] boxes = new double[6 * blockRows * blockColumns];
        int items = 0;
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        int[] blockOf = new int[blockRows * blockColumns];
        for (int br = 0; br < blockRows; br++) {
            for (int bc = 0; bc < blockColumns; bc++) {
                double bLo = Double.POSITIVE_INFINITY, bHi = Double.NEGATIVE_INFINITY;
                int r1 = Math.min(rows - 1, (br + 1) * BLOCK), c1 = Math.min(columns - 1, (bc + 1) * BLOCK);
                for (int r = br * BLOCK; r < r1; r++) {
                    for (int c = bc * BLOCK; c < c1; c++) {
                        for (int k = 0; k < 2; k++) {
                            if (!isHoleTriangle(r, c, k)) {
                                for (int corner = 0; corner < 3; corner++) {
                                    double y = h[sample(r, c, k, corner)];
                                    bLo = Math.min(bLo, y);
                                    bHi = Math.max(bHi, y);
                                }
                            }
                        }
                    }
                }
                if (bLo <= bHi) {
                    int m = 6 * items;
                    boxes[m] = bc * BLOCK * dx;
                    boxes[m + 1] = bLo;
                    boxes[m + 2] = br * BLOCK * dz;
                    boxes[m + 3] = c1 * dx;
                    boxes[m + 4] = bHi;
                    boxes[m + 5] = r1 * dz;
                    blockOf[items++] = br * blockColumns + bc;
                    lo = Math.min(lo, bLo);
                    hi = Math.max(hi, bHi);
                }
            }
        }
        minY = items > 0 ? lo : 0;
        maxY = items > 0 ? hi : 0;
        if (items > 0) {
            BoundsTree t = new BoundsTree(boxes, items, 2);
            for (int i = 0; i < t.items.length; i++) {
                t.items[i] = blockOf[t.items[i]]; // the tree's items become block numbers
            }
            tree = t;
        } else {
            tree = null;
        }
        // Active-edge masks, both triangles of a cell in one byte (bits 0–2 and 3–5): every contact
        // against the field asks for them, and from the heights each costs three angle tests.
        edges = new byte[(rows - 1) * (columns - 1)];
        for (int r = 0; r < rows - 1; r++) {
            for (int c = 0; c < columns - 1; c++) {
                int m = 0;
                for (int k = 0; k < 2; k++) {
                    if (!isHoleTriangle(r, c, k)) {
                        m |= HeightFieldEdges.mask(this, r, c, k) << (3 * k);
                    }
                }
                edges[r * (columns - 1) + c] = (byte) m;
            }
        }
    }

    /** The row-major sample index of corner {@code corner} of triangle {@code k} of cell (r, c). */
    private int sample(int r, int c, int k, int corner) {
        int s = r * columns + c;
        if (corner == 0) {
            return s;
        }
        if (k == 0) {
            return corner == 1 ? s + columns : s + columns + 1;
        }
        return corner == 1 ? s + columns + 1 : s + 1;
    }

    private boolean isHoleTriangle(int r, int c, int k) {
        return hole != null && (hole[sample(r, c, k, 0)] || hole[sample(r, c, k, 1)] || hole[sample(r, c, k, 2)]);
    }

    /** @return the number of rows (samples along z). */
    public int rows() {
        return rows;
    }

    /** @return the number of columns (samples along x). */
    public int columns() {
        return columns;
    }

    /** @return the spacing of the columns along x, m. */
    public double spacingX() {
        return dx;
    }

    /** @return the spacing of the rows along z, m. */
    public double spacingZ() {
        return dz;
    }

    /**
     * @param r the row
     * @param c the column
     * @return the height of sample (r, c), m (0 at a hole)
     */
    public double height(int r, int c) {
        return h[index(r, c)];
    }

    /**
     * @param r the row
     * @param c the column
     * @return whether sample (r, c) is a hole
     */
    public boolean isHole(int r, int c) {
        int i = index(r, c);
        return hole != null && hole[i];
    }

    private int index(int r, int c) {
        if (r < 0 || r >= rows || c < 0 || c >= columns) {
            throw new IndexOutOfBoundsException("sample (" + r + ", " + c + ") out of range " + rows + "×" + columns);
        }
        return r * columns + c;
    }

    /**
     * @param t a triangle index
     * @return whether triangle {@code t} exists (none of its corners is a hole)
     */
    public boolean hasTriangle(int t) {
        checkTriangle(t);
        int cell = t >> 1;
        return !isHoleTriangle(cell / (columns - 1), cell % (columns - 1), t & 1);
    }

    /** @return whether any sample is a hole. */
    public boolean hasHoles() {
        return hole != null;
    }

    /** @return the active-edge angle, rad: convex shared edges whose normals differ by more are active. */
    public double activeEdgeAngle() {
        return activeEdgeAngle;
    }

    /**
     * @param dest receives the box holding every triangle, shape frame, m (a point at the origin if all are holes)
     * @return {@code dest}
     */
    public Aabb localBounds(Aabb dest) {
        return dest.set(0, minY, 0, (columns - 1) * dx, maxY, (rows - 1) * dz);
    }

    private void checkTriangle(int t) {
        if (t < 0 || t >= triangleCount()) {
            throw new IndexOutOfBoundsException("triangle " + t + " out of range [0, " + triangleCount() + ")");
        }
    }

    @Override
    public int triangleCount() {
        return 2 * (rows - 1) * (columns - 1);
    }

    @Override
    public int triangle(int t, double[] dest, int offset) {
        checkTriangle(t);
        int cell = t >> 1, k = t & 1;
        int r = cell / (columns - 1), c = cell % (columns - 1);
        if (isHoleTriangle(r, c, k)) {
            throw new IllegalArgumentException("HeightField triangle " + t + " is a hole");
        }
        for (int corner = 0; corner < 3; corner++) {
            int s = sample(r, c, k, corner);
            dest[offset + 3 * corner] = (s % columns) * dx;
            dest[offset + 3 * corner + 1] = h[s];
            dest[offset + 3 * corner + 2] = (s / columns) * dz;
        }
        return (edges[cell] >> (3 * k)) & 7;
    }

    /** The sample (row · columns + column) at corner {@code corner} (0–2) of triangle {@code t}. */
    int sampleIndex(int t, int corner) {
        int cell = t >> 1;
        return sample(cell / (columns - 1), cell % (columns - 1), t & 1, corner);
    }

    /** Coordinate {@code axis} (0 x, 1 y, 2 z) of corner {@code corner} of triangle k of cell (r, c), m. */
    double corner(int r, int c, int k, int corner, int axis) {
        int s = sample(r, c, k, corner);
        return axis == 0 ? (s % columns) * dx : axis == 1 ? h[s] : (s / columns) * dz;
    }

    /** Whether triangle k of cell (r, c) exists: inside the grid and not a hole. */
    boolean exists(int r, int c, int k) {
        return r >= 0 && r < rows - 1 && c >= 0 && c < columns - 1 && !isHoleTriangle(r, c, k);
    }

    double cosAngle() {
        return cosAngle;
    }

    @Override
    public void triangles(double minX, double minY, double minZ, double maxX, double maxY, double maxZ, TriangleVisitor visitor) {
        if (!(minY <= this.maxY && this.minY <= maxY)) {
            return;
        }
        // Cells whose x and z ranges may touch the box (one extra each way against rounding); each
        // triangle of a cell spans the cell's whole x and z ranges, so those are tested per cell and
        // the heights per triangle: the same test on each triangle's corners that TriangleMesh makes.
        int c0 = (int) Math.max(0, Math.floor(minX / dx) - 1), c1 = (int) Math.min(columns - 2, Math.floor(maxX / dx) + 1);
        int r0 = (int) Math.max(0, Math.floor(minZ / dz) - 1), r1 = (int) Math.min(rows - 2, Math.floor(maxZ / dz) + 1);
        for (int r = r0; r <= r1; r++) {
            if (!(r * dz <= maxZ && minZ <= (r + 1) * dz)) {
                continue;
            }
            for (int c = c0; c <= c1; c++) {
                if (!(c * dx <= maxX && minX <= (c + 1) * dx)) {
                    continue;
                }
                for (int k = 0; k < 2; k++) {
                    double a = h[sample(r, c, k, 0)], b = h[sample(r, c, k, 1)], e = h[sample(r, c, k, 2)];
                    if (Math.min(a, Math.min(b, e)) <= maxY && minY <= Math.max(a, Math.max(b, e)) && !isHoleTriangle(r, c, k)
                            && !visitor.triangle(2 * (r * (columns - 1) + c) + k)) {
                        return;
                    }
                }
            }
        }
    }

    /** No ball fits inside a surface: 0 m. */
    @Override
    public double innerRadius() {
        return 0;
    }

    @Override
    public ShapeType type() {
        return ShapeType.HEIGHT_FIELD;
    }

    @Override
    public Aabb computeAabb(Pose pose, Aabb dest) {
        return Triangles.transformBox(pose, 0, minY, 0, (columns - 1) * dx, maxY, (rows - 1) * dz, dest);
    }

    /** @throws UnsupportedOperationException always: a surface has no mass; put the field on a static or kinematic body */
    @Override
    public MassProperties massProperties(double density) {
        throw new UnsupportedOperationException(this + " has no volume and no mass; put it on a static or kinematic body");
    }

    /**
     * The closest hit of the ray on either face of any triangle; the normal is the hit triangle's
     * face normal turned to face the ray.
     */
    @Override
    public double castRayLocal(double ox, double oy, double oz, double dx, double dy, double dz, double maxT, Vector3d normalOut) {
        return castRayLocal(ox, oy, oz, dx, dy, dz, maxT, normalOut, null);
    }

    /**
     * {@link #castRayLocal(double, double, double, double, double, double, double, Vector3d)},
     * also reporting which triangle was hit (the lowest index among equally near hits).
     *
     * @param ox the ray origin x, shape frame, m
     * @param oy the ray origin y, shape frame, m
     * @param oz the ray origin z, shape frame, m
     * @param dx the ray direction x, shape frame
     * @param dy the ray direction y, shape frame
     * @param dz the ray direction z, shape frame
     * @param maxT the largest parameter tested, in units of {@code |d|}
     * @param normalOut receives the unit face normal facing the ray, shape frame (unchanged on a miss)
     * @param triangleOut when not null, {@code triangleOut[0]} receives the hit triangle (unchanged on a miss)
     * @return the hit parameter, or −1 on a miss
     */
    public double castRayLocal(double ox, double oy, double oz, double dx, double dy, double dz, double maxT,
            Vector3d normalOut, int[] triangleOut) {
        BoundsTree tr = tree;
        if (tr == null) {
            return -1;
        }
        double best = maxT;
        int hit = -1;
        int[] st = tr.acquireStack();
        try {
            int sp = 0;
            st[sp++] = 0;
            while (sp > 0) {
                int node = st[--sp];
                if (tr.rayEntry(node, ox, oy, oz, dx, dy, dz, best) < 0) {
                    continue;
                }
                int count = tr.count[node];
                if (count < 0) {
                    int axis = -count - 1;
                    double d = axis == 0 ? dx : axis == 1 ? dy : dz;
                    int near = node + 1, far = tr.first[node];
                    if (d < 0) {
                        near = far;
                        far = node + 1;
                    }
                    st[sp++] = far;
                    st[sp++] = near;
                    continue;
                }
                for (int s = tr.first[node], end = s + count; s < end; s++) {
                    int block = tr.items[s];
                    int br = block / blockColumns, bc = block % blockColumns;
                    int r1 = Math.min(rows - 1, (br + 1) * BLOCK), c1 = Math.min(columns - 1, (bc + 1) * BLOCK);
                    for (int r = br * BLOCK; r < r1; r++) {
                        for (int c = bc * BLOCK; c < c1; c++) {
                            for (int k = 0; k < 2; k++) {
                                if (isHoleTriangle(r, c, k)) {
                                    continue;
                                }
                                double th = rayTriangle(r, c, k, ox, oy, oz, dx, dy, dz, best);
                                int t = 2 * (r * (columns - 1) + c) + k;
                                if (th >= 0 && (th < best || hit < 0 || t < hit)) {
                                    best = th;
                                    hit = t;
                                }
                            }
                        }
                    }
                }
            }
        } finally {
            tr.releaseStack(st);
        }
        if (hit < 0) {
            return -1;
        }
        int cell = hit >> 1, k = hit & 1, r = cell / (columns - 1), c = cell % (columns - 1);
        Triangles.normalFacing(corner(r, c, k, 0, 0), corner(r, c, k, 0, 1), corner(r, c, k, 0, 2),
                corner(r, c, k, 1, 0), corner(r, c, k, 1, 1), corner(r, c, k, 1, 2),
                corner(r, c, k, 2, 0), corner(r, c, k, 2, 1), corner(r, c, k, 2, 2), dx, dy, dz, normalOut);
        if (triangleOut != null) {
            triangleOut[0] = hit;
        }
        return best;
    }

    private double rayTriangle(int r, int c, int k, double ox, double oy, double oz, double dx, double dy, double dz, double maxT) {
        return Triangles.ray(ox, oy, oz, dx, dy, dz, maxT,
                corner(r, c, k, 0, 0), corner(r, c, k, 0, 1), corner(r, c, k, 0, 2),
                corner(r, c, k, 1, 0), corner(r, c, k, 1, 1), corner(r, c, k, 1, 2),
                corner(r, c, k, 2, 0), corner(r, c, k, 2, 1), corner(r, c, k, 2, 2));
    }

    /** The raw heights (row-major, 0 at holes) and hole mask (null for none), not copied, for {@link ShapeCodec}. */
    double[] rawHeights() {
        return h;
    }

    boolean[] rawHoles() {
        return hole;
    }

    @Override
    public String toString() {
        return "HeightField[" + rows + "×" + columns + " samples, spacing " + dx + " × " + dz + " m]";
    }
}
