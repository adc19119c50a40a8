package dev.tumble.core.body;

/**
 * A stable name for a body in a world: its slot index and the slot's generation. Events,
 * queries and snapshots carry ids rather than objects, so a stale reference (to a body removed
 * since, whose slot was reused) is detected instead of silently naming another body.
 *
 * @param index the body's slot in its world
 * @param generation how many times the slot has been used before
 */
public record BodyId(int index, int generation) {
    @Override
    public String toString() {
        return "Body#" + index + "." + generation;
    }
}
