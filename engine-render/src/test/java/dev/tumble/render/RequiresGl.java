package dev.tumble.render;

import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks tests that need a real headless OpenGL 3.3 context: skipped with the reason when none can
 * be created, but failed when the environment variable {@code CI} is {@code true}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@ExtendWith(GlAvailableCondition.class)
public @interface RequiresGl {
}
