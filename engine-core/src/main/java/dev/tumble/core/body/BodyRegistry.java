package dev.tumble.core.body;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The bodies of one world: a dense array in insertion order (what the step iterates, so the
 * order is deterministic) and a slot table that gives each body a {@link BodyId} whose
 * generation detects stale ids. Freed slots are reused lowest first.
 */
public final class BodyRegistry {
    private final ArrayList<RigidBody> dense = new ArrayList<>();
    private final List<RigidBody> denseView = Collections.unmodifiableList(dense);
    private final ArrayList<RigidBody> slots = new ArrayList<>();
    private int[] generations = new int[16];
    /**
     * The member bodies' state blocks, body {@code i} of the dense order at
     * {@code i · RigidBody.STRIDE}: passes over the bodies read this array in order.
     */
    private double[] states = new double[16 * RigidBody.STRIDE];

    /**
     * Adds a body; it must not belong to any registry.
     *
     * @param body the body
     * @return the body's new id
     */
    public BodyId add(RigidBody body) {
        if (body == null) {
            throw new IllegalArgumentException("body must not be null");
        }
        if (body.registry == this) {
            throw new IllegalArgumentException("body " + body.id + " is already in this world");
        }
        if (body.registry != null) {
            throw new IllegalArgumentException("body " + body.id + " belongs to another world");
        }
        int slot = slots.indexOf(null);
        if (slot < 0) {
            slot = slots.size();
            slots.add(null);
        }
        if (slot >= generations.length) {
            generations = java.util.Arrays.copyOf(generations, generations.length * 2);
        }
        slots.set(slot, body);
        body.registry = this;
        body.id = new BodyId(slot, generations[slot]);
        body.denseIndex = dense.size();
        body.innerRadius = Double.NaN;
        reserveStates(dense.size() + 1);
        body.moveState(states, body.denseIndex * RigidBody.STRIDE);
        dense.add(body);
        return body.id;
    }

    /**
     * Removes a body that belongs to this registry; later bodies move down one dense place.
     *
     * @param body a body of this registry
     */
    public void remove(RigidBody body) {
        requireMember("body", body);
        int slot = body.id.index();
        slots.set(slot, null);
        generations[slot]++;
        int gone = body.denseIndex;
        // The leaving body takes its state with it; the later ones move down one block.
        body.moveState(new double[RigidBody.STRIDE], 0);
        dense.remove(gone);
        int stride = RigidBody.STRIDE;
        System.arraycopy(states, (gone + 1) * stride, states, gone * stride, (dense.size() - gone) * stride);
        for (int i = gone; i < dense.size(); i++) {
            RigidBody later = dense.get(i);
            later.denseIndex = i;
            later.useState(states, i * stride);
        }
        body.registry = null;
        body.denseIndex = -1;
    }

    /** Copies the dense state blocks ({@code size() · RigidBody.STRIDE} doubles) into {@code dest}. */
    void copyStates(double[] dest) {
        System.arraycopy(states, 0, dest, 0, dense.size() * RigidBody.STRIDE);
    }

    /** Puts back a copy of {@link #copyStates} taken while this registry held the same bodies. */
    void pasteStates(double[] src) {
        System.arraycopy(src, 0, states, 0, dense.size() * RigidBody.STRIDE);
    }

    private void reserveStates(int bodies) {
        int needed = bodies * RigidBody.STRIDE;
        if (needed <= states.length) {
            return;
        }
        states = java.util.Arrays.copyOf(states, Math.max(needed, 2 * states.length));
        for (int i = 0; i < dense.size(); i++) {
            RigidBody b = dense.get(i);
            b.useState(states, b.at);
        }
    }

    /**
     * @param body the body, or null
     * @return whether the body is in this registry.
     */
    public boolean contains(RigidBody body) {
        return body != null && body.registry == this;
    }

    /**
     * Throws naming {@code field} unless {@code body} is a member.
     *
     * @param field the name the exception gives the body
     * @param body the body to check
     * @return {@code body}
     */
    public RigidBody requireMember(String field, RigidBody body) {
        if (body == null) {
            throw new IllegalArgumentException(field + " must not be null");
        }
        if (body.registry != this) {
            throw new IllegalArgumentException(field + " " + (body.id == null ? body : body.id)
                    + (body.registry == null ? " is not in this world" : " belongs to another world"));
        }
        return body;
    }

    /**
     * @param id the id
     * @return the body with this id, or null when the id is stale or unknown.
     */
    public RigidBody get(BodyId id) {
        if (id == null || id.index() < 0 || id.index() >= slots.size()) {
            return null;
        }
        RigidBody b = slots.get(id.index());
        return b != null && b.id.generation() == id.generation() ? b : null;
    }

    /**
     * @param slot the slot, the index part of a body's id
     * @return the body in slot {@code slot} now, or null when the slot is free.
     */
    public RigidBody atSlot(int slot) {
        return slot >= 0 && slot < slots.size() ? slots.get(slot) : null;
    }

    /** @return the number of bodies. */
    public int size() {
        return dense.size();
    }

    /**
     * @param i the dense position, {@code 0 ≤ i < size()}
     * @return the body at dense position {@code i} (insertion order).
     */
    public RigidBody at(int i) {
        return dense.get(i);
    }

    /** @return the number of slots ever used (free ones included): ids have index below this. */
    public int slotCount() {
        return slots.size();
    }

    /**
     * @param slot a slot, {@code 0 ≤ slot < slotCount()}
     * @return the generation the slot's body has (a free slot: the one its next body will get)
     */
    public int generation(int slot) {
        return generations[slot];
    }

    /**
     * Replaces the whole registry, for a world snapshot being restored: every current member
     * leaves (keeping its state, as a removed body does), then {@code members} join in this dense
     * order under exactly {@code ids}, and the slot table becomes {@code generations.length}
     * slots with these generations, so the ids handed out next are the ones the snapshot's world
     * would hand out. The caller has checked that the ids name distinct slots below
     * {@code generations.length}, each with its slot's generation, and that no member is in
     * another world.
     *
     * @param members the bodies, in dense order
     * @param ids their ids
     * @param generations every slot's generation
     */
    public void restore(RigidBody[] members, BodyId[] ids, int[] generations) {
        for (RigidBody b : dense) {
            b.moveState(new double[RigidBody.STRIDE], 0);
            b.registry = null;
            b.denseIndex = -1;
        }
        dense.clear();
        slots.clear();
        for (int i = 0; i < generations.length; i++) {
            slots.add(null);
        }
        this.generations = java.util.Arrays.copyOf(generations, Math.max(16, generations.length));
        reserveStates(members.length);
        for (int i = 0; i < members.length; i++) {
            RigidBody b = members[i];
            slots.set(ids[i].index(), b);
            b.registry = this;
            b.id = ids[i];
            b.denseIndex = i;
            b.innerRadius = Double.NaN;
            b.moveState(states, i * RigidBody.STRIDE);
            dense.add(b);
        }
    }

    /** @return a read-only view of the bodies in dense (insertion) order. */
    public List<RigidBody> view() {
        return denseView;
    }
}
