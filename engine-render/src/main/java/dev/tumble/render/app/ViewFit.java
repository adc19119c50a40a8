package dev.tumble.render.app;

import org.joml.Matrix4f;

/**
 * Fits the scene's picture into the part of the window the panels leave free: the whole
 * picture the camera frames is scaled (the same in x and y, so nothing stretches) and moved
 * into that rectangle, so a scene framed for the full window is still all in view. It acts in
 * clip space, after the camera's projection; {@link #toPicture} maps a window pixel back for
 * picking. Pure arithmetic; no GL.
 */
final class ViewFit {
    private float scale = 1;
    private float offsetX;
    private float offsetY;

    /** The picture fills the window (no panels). */
    void fill() {
        scale = 1;
        offsetX = 0;
        offsetY = 0;
    }

    /**
     * Fits the picture into {left, top, right, bottom} (pixels from the top-left) of a
     * {@code width}×{@code height} window, centred in it.
     */
    void into(float[] free, int width, int height) {
        float w = Math.max(1, free[2] - free[0]);
        float h = Math.max(1, free[3] - free[1]);
        scale = Math.max(0.2f, Math.min(1f, Math.min(w / width, h / height)));
        offsetX = (free[0] + free[2]) / width - 1;
        offsetY = 1 - (free[1] + free[3]) / height;
    }

    float scale() {
        return scale;
    }

    /** {@code viewProj} with the fit applied after it (changed in place). */
    Matrix4f apply(Matrix4f viewProj) {
        if (scale == 1 && offsetX == 0 && offsetY == 0) {
            return viewProj;
        }
        return new Matrix4f().translation(offsetX, offsetY, 0).scale(scale, scale, 1).mul(viewProj, viewProj);
    }

    /** Where window pixel x lies in the full-window picture, pixels. */
    double toPictureX(double x, int width) {
        double ndc = 2 * x / width - 1;
        return ((ndc - offsetX) / scale + 1) / 2 * width;
    }

    /** Where window pixel y lies in the full-window picture, pixels. */
    double toPictureY(double y, int height) {
        double ndc = 1 - 2 * y / height;
        return (1 - (ndc - offsetY) / scale) / 2 * height;
    }

    /** Where full-picture pixel x appears in the window, pixels. */
    double toWindowX(double x, int width) {
        double ndc = (2 * x / width - 1) * scale + offsetX;
        return (ndc + 1) / 2 * width;
    }

    /** Where full-picture pixel y appears in the window, pixels. */
    double toWindowY(double y, int height) {
        double ndc = (1 - 2 * y / height) * scale + offsetY;
        return (1 - ndc) / 2 * height;
    }
}
