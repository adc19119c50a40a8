package dev.tumble.core.collision.shape;

@FunctionalInterface public interface TriangleVisitor { boolean triangle(int index); }
