package dev.tumble.render.scene;

/**
 * Colours as packed {@code 0xRRGGBB} ints (alpha ignored), the form used throughout the renderer
 * and the debug-draw interface, with a few named ones.
 */
public final class Rgb {
    /** White. */ public static final int WHITE = 0xFFFFFF;
    /** Black. */ public static final int BLACK = 0x000000;
    /** Red. */ public static final int RED = 0xE53935;
    /** Green. */ public static final int GREEN = 0x43A047;
    /** Blue. */ public static final int BLUE = 0x1E88E5;
    /** Yellow. */ public static final int YELLOW = 0xFDD835;
    /** Orange. */ public static final int ORANGE = 0xFB8C00;
    /** Cyan. */ public static final int CYAN = 0x00ACC1;
    /** Magenta. */ public static final int MAGENTA = 0xD81B60;
    /** Grey. */ public static final int GREY = 0x9E9E9E;

    private static final int[] PALETTE = {0xE57373, 0x64B5F6, 0x81C784, 0xFFD54F, 0xBA68C8, 0x4DB6AC, 0xFF8A65, 0x90A4AE};

    private Rgb() {
    }

    /**
     * @param r red in [0, 1] (clamped)
     * @param g green in [0, 1] (clamped)
     * @param b blue in [0, 1] (clamped)
     * @return the packed colour
     */
    public static int of(double r, double g, double b) {
        return (channel(r) << 16) | (channel(g) << 8) | channel(b);
    }

    /**
     * @param rgb the colour, {@code 0xRRGGBB}
     * @return the red channel of {@code rgb} in [0, 1]
     */
    public static float red(int rgb) {
        return ((rgb >> 16) & 0xFF) / 255f;
    }

    /**
     * @param rgb the colour, {@code 0xRRGGBB}
     * @return the green channel of {@code rgb} in [0, 1]
     */
    public static float green(int rgb) {
        return ((rgb >> 8) & 0xFF) / 255f;
    }

    /**
     * @param rgb the colour, {@code 0xRRGGBB}
     * @return the blue channel of {@code rgb} in [0, 1]
     */
    public static float blue(int rgb) {
        return (rgb & 0xFF) / 255f;
    }

    /**
     * @param index any int
     * @return a pleasant colour chosen deterministically from {@code index} (e.g. a body index)
     */
    public static int palette(int index) {
        return PALETTE[Math.floorMod(index, PALETTE.length)];
    }

    private static int channel(double v) {
        return (int) Math.round(Math.max(0.0, Math.min(1.0, v)) * 255.0);
    }
}
