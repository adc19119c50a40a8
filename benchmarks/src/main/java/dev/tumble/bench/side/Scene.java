package dev.tumble.bench.side;

import java.util.ArrayList;
import java.util.List;

/**
 * A standard benchmark scene, engine-neutral: unit boxes (half-extent 0.5 m,
 * 1 kg, pair friction 0.5, restitution 0) over a ground whose top is y = 0, gravity
 * (0, −9.81, 0), 1/60 s steps. Each engine builds the same boxes from this list.
 *
 * @param name the scene's name
 * @param centres box centres, 3 per box, m
 * @param top the index of the box to watch (the highest one of the middle column / the apex)
 * @param restOfTop where that box rests when the scene settles as built (m): the apex stays put,
 *     the pile's top box lands on its column of {@code layers} boxes
 */
public record Scene(String name, double[] centres, int top, double[] restOfTop) {
    /** Fixed step, s. */
    public static final double DT = 1.0 / 60.0;
    /** Gravity along y, m/s². */
    public static final double GRAVITY = -9.81;
    /** Box half-extent, m. */
    public static final double HALF = 0.5;
    /** Box mass, kg. */
    public static final double MASS = 1;
    /** Friction of a box–box or box–ground pair. */
    public static final double FRICTION = 0.5;

    /** @return the number of boxes. */
    public int boxes() {
        return centres.length / 3;
    }

    /**
     * The scene named {@code pile} or {@code pyramid}.
     *
     * @param name {@code pile} or {@code pyramid}
     * @return the scene
     */
    public static Scene named(String name) {
        return switch (name) {
            case "pile" -> pile(10, 10);
            case "pyramid" -> pyramid(20);
            default -> throw new IllegalArgumentException("scene must be pile or pyramid, was " + name);
        };
    }

    /**
     * {@code side × layers × side} boxes at ((i − c)·1.1, 1.5 + j·1.1, (k − c)·1.1), c = (side − 1)/2.
     *
     * @param side boxes along x and along z
     * @param layers boxes per column
     * @return the scene
     */
    public static Scene pile(int side, int layers) {
        List<double[]> boxes = new ArrayList<>();
        double c = (side - 1) * 0.5;
        for (int i = 0; i < side; i++) {
            for (int j = 0; j < layers; j++) {
                for (int k = 0; k < side; k++) {
                    boxes.add(new double[] {(i - c) * 1.1, 1.5 + j * 1.1, (k - c) * 1.1});
                }
            }
        }
        // Same order as StackingScenes.pile: the top of the middle column.
        int top = ((side / 2) * layers + (layers - 1)) * side + side / 2;
        double[] t = boxes.get(top);
        return new Scene("pile", flatten(boxes), top, new double[] {t[0], HALF + (layers - 1), t[2]});
    }

    /**
     * Rows r = 0..base−1 of base − r boxes, pitch 1.05 m, row centre y = 0.5 + r, in z = 0.
     *
     * @param base boxes in the bottom row
     * @return the scene
     */
    public static Scene pyramid(int base) {
        List<double[]> boxes = new ArrayList<>();
        for (int r = 0; r < base; r++) {
            int n = base - r;
            for (int i = 0; i < n; i++) {
                boxes.add(new double[] {(i - (n - 1) * 0.5) * 1.05, HALF + r, 0});
            }
        }
        return new Scene("pyramid", flatten(boxes), boxes.size() - 1, boxes.get(boxes.size() - 1).clone());
    }

    private static double[] flatten(List<double[]> boxes) {
        double[] out = new double[3 * boxes.size()];
        for (int i = 0; i < boxes.size(); i++) {
            System.arraycopy(boxes.get(i), 0, out, 3 * i, 3);
        }
        return out;
    }
}
