package dev.tumble.core.event;

import dev.tumble.core.body.BodyId;

/** A body fell asleep, woke up, or was taken out of the simulation during a step. */
public final class BodyEvent {
    /** What happened to the body. */
    public enum Type {
        /** The body's island fell asleep. */
        SLEEP,
        /** The body woke (touched, pushed by a force, or edited). */
        WAKE,
        /** The body's state became non-finite; it was frozen and taken out of the simulation. */
        NON_FINITE
    }

    Type type;
    BodyId body;

    BodyEvent() {
    }

    /** @return sleep, wake or non-finite. */
    public Type type() {
        return type;
    }

    /** @return the body. */
    public BodyId body() {
        return body;
    }

    @Override
    public String toString() {
        return "BodyEvent[" + type + " " + body + "]";
    }
}
