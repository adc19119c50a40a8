package dev.tumble.render.app;

import java.util.List;
import java.util.function.Supplier;

/**
 * Where the viewer's scenes come from and which is shown: a {@link SceneMenu} and the index of
 * its current item, or a single factory (no browser). Builds the current scene with the
 * settings panel's adjustment.
 */
final class SceneChoice {
    private final Supplier<? extends Simulation> factory;
    private final SceneMenu menu;
    private final List<SceneMenu.Item> items;
    private int current;

    SceneChoice(Supplier<? extends Simulation> factory) {
        if (factory == null) {
            throw new IllegalArgumentException("factory must not be null");
        }
        this.factory = factory;
        this.menu = null;
        this.items = List.of();
    }

    SceneChoice(SceneMenu menu, String first) {
        if (menu == null || menu.items().isEmpty()) {
            throw new IllegalArgumentException("menu must offer at least one scene");
        }
        this.factory = null;
        this.menu = menu;
        this.items = List.copyOf(menu.items());
        this.current = indexOf(first);
    }

    boolean hasMenu() {
        return menu != null;
    }

    List<SceneMenu.Item> items() {
        return items;
    }

    int current() {
        return current;
    }

    void select(int index) {
        current = Math.floorMod(index, Math.max(1, items.size()));
    }

    /** @return the item shown, or null without a menu */
    SceneMenu.Item item() {
        return menu == null ? null : items.get(current);
    }

    int indexOf(String name) {
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no scene '" + name + "' in the menu");
    }

    /** A new simulation of the current scene, with the panel's world settings over its own. */
    Simulation build(ViewerSettings settings) {
        Simulation s = menu != null ? menu.build(items.get(current), settings::adjust) : factory.get();
        if (s == null || s.world() == null) {
            throw new IllegalStateException("the simulation factory returned " + (s == null ? "null" : "a simulation without a world"));
        }
        return s;
    }
}
