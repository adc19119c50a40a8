package dev.tumble.core.internal;

import dev.tumble.core.collision.shape.Pose;
import java.util.Arrays;

/** Checks of the arguments the collision queries share, named and valued as {@link Check} does. */
public final class QueryCheck {
    /** How far a pose's rotation may be from orthonormal (per entry of {@code RᵀR − I}). */
    private static final double ROTATION_TOLERANCE = 1e-6;

    private QueryCheck() {
    }

    /**
     * @param field the name the exception gives the pose
     * @param pose the pose to check
     * @return {@code pose} when not null, with a finite position and a finite, orthonormal rotation
     */
    public static Pose pose(String field, Pose pose) {
        Check.notNull(field, pose);
        if (!Double.isFinite(pose.px) || !Double.isFinite(pose.py) || !Double.isFinite(pose.pz)) {
            Check.finite(field + ".position", pose.px, pose.py, pose.pz); // the message is built only here
        }
        double[] r = pose.r;
        for (int i = 0; i < 3; i++) {
            for (int j = i; j < 3; j++) {
                double dot = r[i] * r[j] + r[3 + i] * r[3 + j] + r[6 + i] * r[6 + j];
                if (!(Math.abs(dot - (i == j ? 1 : 0)) <= ROTATION_TOLERANCE)) {
                    throw new IllegalArgumentException(field + ".r must be a finite rotation matrix, was " + Arrays.toString(r));
                }
            }
        }
        return pose;
    }
}
