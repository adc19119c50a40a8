package dev.tumble.render.app;

/**
 * What the viewer can draw over the bodies, each switched on and off in its settings panel.
 * Only {@link #JOINTS} is on by default: without it a chain of jointed bodies seems to float.
 */
public enum ViewLayer {
    /** Contact points (red) and normals (yellow, longer the deeper the penetration). */
    CONTACTS("contacts"),
    /**
     * The normal impulse each contact applied in the last step, as the velocity change it gave
     * the lighter body (orange, 1 m per {@link ViewerDebugDraw#IMPULSE_SCALE} m/s).
     */
    IMPULSES("impulses"),
    /** Linear velocity arrows (green). */
    LINEAR_VELOCITY("linear velocity"),
    /** Angular velocity arrows along the spin axis (cyan, right-hand rule). */
    ANGULAR_VELOCITY("angular velocity"),
    /** World-space bounding boxes of shapes (blue). */
    AABBS("bounding boxes"),
    /** Islands: a box around the bodies that touch or are jointed, one colour each. */
    ISLANDS("islands"),
    /** Joint anchors and links (magenta). */
    JOINTS("joints"),
    /** The triangle edges of meshes and heightfields (teal). */
    TRIANGLE_EDGES("triangle edges"),
    /** Sleeping bodies tinted blue-grey. */
    SLEEP("sleep state");

    private final String label;

    ViewLayer(String label) {
        this.label = label;
    }

    /** @return the label in the settings panel */
    public String label() {
        return label;
    }
}
