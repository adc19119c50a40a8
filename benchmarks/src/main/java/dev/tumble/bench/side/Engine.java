package dev.tumble.bench.side;

/**
 * One physics engine running one {@link Scene}, single-threaded, sleeping forced off, exactly
 * one internal step of {@link Scene#DT} per {@link #step()}.
 */
public interface Engine extends AutoCloseable {
    /** @return the engine's short name, e.g. {@code "jolt"}. */
    String name();

    /** @return the solver settings it runs with (iterations, sleeping), for the report. */
    String settings();

    /**
     * Builds the ground and the boxes of {@code scene} (box i of the scene is body i here).
     *
     * @param scene the scene to build
     */
    void build(Scene scene);

    /**
     * Builds the terrain scene: its ground (a heightfield or a mesh) and its bodies (body i of the
     * scene is body i here).
     *
     * @param terrain the scene to build
     * @throws UnsupportedOperationException when this engine has no terrain scene
     */
    default void build(Terrain terrain) {
        throw new UnsupportedOperationException(name() + " has no terrain scene");
    }

    /** Advances one fixed step. */
    void step();

    /**
     * Writes box {@code i}'s centre (m) into out[0..2] and its linear velocity (m/s) into out[3..5].
     *
     * @param i the box's index in the scene
     * @param out receives the six values
     */
    void read(int i, double[] out);

    @Override
    default void close() {
    }
}
