package dev.tumble.demos.file;

/**
 * A scene file that cannot be used: names the file, the JSON path of the offending value
 * ({@code $.bodies[3].shapes[0].type}) and what is wrong with it.
 */
public final class SceneFileException extends Exception {
    /** The file as the user named it. */
    private final String file;
    /** JSON path of the offending value. */
    private final String path;
    /** What is wrong, in words. */
    private final String problem;

    /**
     * @param file    the file as the user named it
     * @param path    JSON path of the value, {@code $} for the whole document
     * @param problem what is wrong, in words
     */
    public SceneFileException(String file, String path, String problem) {
        super(file + ": " + path + ": " + problem);
        this.file = file;
        this.path = path;
        this.problem = problem;
    }

    /**
     * The file as the user named it.
     *
     * @return the file's name
     */
    public String file() {
        return file;
    }

    /**
     * The JSON path of the offending value.
     *
     * @return the JSON path, {@code $} for the whole document
     */
    public String path() {
        return path;
    }

    /**
     * What is wrong.
     *
     * @return the problem, in words
     */
    public String problem() {
        return problem;
    }
}
