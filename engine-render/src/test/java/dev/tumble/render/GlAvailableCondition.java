package dev.tumble.render;

import dev.tumble.render.gl.GlContext;
import dev.tumble.render.gl.GlContexts;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Probes once per JVM whether a headless GL context can be created. Skips GL tests with the
 * reason when it cannot; throws (so the tests fail) when {@code CI=true}, because CI must
 * render. Apt packages needed on Debian/Ubuntu: {@code libegl1 libgl1-mesa-dri}.
 */
public final class GlAvailableCondition implements ExecutionCondition {
    private static String failure;
    private static boolean probed;

    static synchronized String probe() {
        if (!probed) {
            probed = true;
            try (GlContext ctx = GlContexts.createHeadless(16, 16)) {
                // Created and closed: GL tests can run.
            } catch (Throwable t) {
                failure = t.toString();
            }
        }
        return failure;
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        String why = probe();
        if (why == null) {
            return ConditionEvaluationResult.enabled("headless OpenGL 3.3 available");
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new IllegalStateException("CI=true but no headless OpenGL: " + why
                    + " (apt-get install -y --no-install-recommends libegl1 libgl1-mesa-dri)");
        }
        return ConditionEvaluationResult.disabled("no headless OpenGL here: " + why);
    }
}
