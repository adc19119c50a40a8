package dev.tumble.render.internal;

import org.joml.Matrix4fc;
import org.lwjgl.system.MemoryStack;

import java.util.HashMap;
import java.util.Map;

import static org.lwjgl.opengl.GL33C.*;

/** A linked GLSL 330 core program with cached uniform locations. Not API. */
public final class ShaderProgram implements AutoCloseable {
    private final int id;
    private final Map<String, Integer> locations = new HashMap<>();

    /**
     * Compiles and links; throws {@link IllegalStateException} with the info log on failure.
     *
     * @param name for messages
     * @param vertex vertex shader source
     * @param fragment fragment shader source
     */
    public ShaderProgram(String name, String vertex, String fragment) {
        int vs = compile(name, GL_VERTEX_SHADER, vertex);
        int fs = compile(name, GL_FRAGMENT_SHADER, fragment);
        id = glCreateProgram();
        glAttachShader(id, vs);
        glAttachShader(id, fs);
        glLinkProgram(id);
        glDeleteShader(vs);
        glDeleteShader(fs);
        if (glGetProgrami(id, GL_LINK_STATUS) != GL_TRUE) {
            String log = glGetProgramInfoLog(id);
            glDeleteProgram(id);
            throw new IllegalStateException("link of " + name + " failed: " + log);
        }
    }

    private static int compile(String name, int type, String src) {
        int s = glCreateShader(type);
        glShaderSource(s, src);
        glCompileShader(s);
        if (glGetShaderi(s, GL_COMPILE_STATUS) != GL_TRUE) {
            String log = glGetShaderInfoLog(s);
            glDeleteShader(s);
            throw new IllegalStateException("compile of " + name + (type == GL_VERTEX_SHADER ? " vertex" : " fragment")
                    + " shader failed: " + log);
        }
        return s;
    }

    /** Binds the program. */
    public void use() {
        glUseProgram(id);
    }

    private int loc(String uniform) {
        return locations.computeIfAbsent(uniform, u -> glGetUniformLocation(id, u));
    }

    /**
     * Sets a mat4 uniform.
     *
     * @param uniform the uniform's name
     * @param m the value
     */
    public void set(String uniform, Matrix4fc m) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            glUniformMatrix4fv(loc(uniform), false, m.get(stack.mallocFloat(16)));
        }
    }

    /**
     * Sets a vec3 uniform.
     *
     * @param uniform the uniform's name
     * @param x the first component
     * @param y the second component
     * @param z the third component
     */
    public void set(String uniform, float x, float y, float z) {
        glUniform3f(loc(uniform), x, y, z);
    }

    /**
     * Sets a vec2 uniform.
     *
     * @param uniform the uniform's name
     * @param x the first component
     * @param y the second component
     */
    public void set(String uniform, float x, float y) {
        glUniform2f(loc(uniform), x, y);
    }

    /**
     * Sets a float uniform.
     *
     * @param uniform the uniform's name
     * @param x the value
     */
    public void set(String uniform, float x) {
        glUniform1f(loc(uniform), x);
    }

    /**
     * Sets an int (or sampler) uniform.
     *
     * @param uniform the uniform's name
     * @param x the value
     */
    public void set(String uniform, int x) {
        glUniform1i(loc(uniform), x);
    }

    @Override
    public void close() {
        glDeleteProgram(id);
    }
}
