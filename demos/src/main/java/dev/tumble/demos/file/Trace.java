package dev.tumble.demos.file;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.tumble.core.body.RigidBody;
import dev.tumble.demos.scene.Scene;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
import org.joml.Quaterniondc;
import org.joml.Vector3dc;

/**
 * Streams a trace: every K steps, for each body id, position {@code p}, orientation {@code q}
 * {@code [w, x, y, z]}, velocity {@code v}, angular velocity {@code w} and {@code awake}.
 * Written as it goes, so long runs need no memory.
 */
public final class Trace implements Closeable {
    private final JsonGenerator json;

    /**
     * Starts a trace of {@code scene} on {@code out}; frames are taken every {@code every} steps.
     *
     * @param out receives the trace as JSON
     * @param scene the scene to trace
     * @param source the scene's name or file, recorded in the trace
     * @param every steps between two frames
     * @throws java.io.IOException when writing to {@code out} fails
     */
    public Trace(OutputStream out, Scene scene, String source, int every) throws IOException {
        json = new JsonFactory().createGenerator(out, JsonEncoding.UTF8);
        json.writeStartObject();
        json.writeStringField("format", "tumble-trace/1");
        json.writeStringField("scene", source);
        json.writeNumberField("dt", scene.dt());
        json.writeNumberField("every", every);
        json.writeArrayFieldStart("frames");
    }

    /**
     * Writes the scene's state now as one frame.
     *
     * @param scene the scene
     * @throws java.io.IOException when writing fails
     */
    public void frame(Scene scene) throws IOException {
        json.writeRaw('\n');
        json.writeStartObject();
        json.writeNumberField("step", scene.steps());
        json.writeNumberField("time", scene.time());
        json.writeObjectFieldStart("bodies");
        for (Map.Entry<String, RigidBody> e : scene.bodies().entrySet()) {
            RigidBody b = e.getValue();
            json.writeObjectFieldStart(e.getKey());
            vec("p", b.position());
            Quaterniondc q = b.orientation();
            json.writeArrayFieldStart("q");
            json.writeNumber(q.w());
            json.writeNumber(q.x());
            json.writeNumber(q.y());
            json.writeNumber(q.z());
            json.writeEndArray();
            vec("v", b.velocity());
            vec("w", b.angularVelocity());
            json.writeBooleanField("awake", b.isAwake());
            json.writeEndObject();
        }
        json.writeEndObject();
        json.writeEndObject();
    }

    private void vec(String name, Vector3dc v) throws IOException {
        json.writeArrayFieldStart(name);
        json.writeNumber(v.x());
        json.writeNumber(v.y());
        json.writeNumber(v.z());
        json.writeEndArray();
    }

    @Override
    public void close() throws IOException {
        json.writeRaw('\n');
        json.writeEndArray();
        json.writeEndObject();
        json.writeRaw('\n');
        json.close();
    }
}
