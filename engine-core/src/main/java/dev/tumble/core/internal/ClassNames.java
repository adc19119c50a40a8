package dev.tumble.core.internal;

/** Names of the game's classes as snapshots write them. */
public final class ClassNames {
    private ClassNames() {
    }

    /**
     * The class's name, stable from one JVM run to the next: a lambda's hidden class is named by
     * its enclosing class and {@code $$Lambda} (its counter and address vary between runs, and a
     * snapshot's bytes must not).
     *
     * @param c the class
     * @return its stable name
     */
    public static String stable(Class<?> c) {
        String name = c.getName();
        int lambda = name.indexOf("$$Lambda");
        return c.isHidden() && lambda >= 0 ? name.substring(0, lambda + "$$Lambda".length()) : name;
    }
}
