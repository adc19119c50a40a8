package dev.tumble.render.gl;

/** Thrown when no OpenGL 3.3 core context of the requested kind can be created here. */
public class GlUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message why no context could be made, with a hint at the fix */
    public GlUnavailableException(String message) {
        super(message);
    }

    /**
     * @param message why no context could be made, with a hint at the fix
     * @param cause the underlying failure
     */
    public GlUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
