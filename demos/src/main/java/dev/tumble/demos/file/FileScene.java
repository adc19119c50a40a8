package dev.tumble.demos.file;

import dev.tumble.core.body.RigidBody;
import dev.tumble.core.world.WorldSettings;
import dev.tumble.demos.scene.ForceSpec;
import dev.tumble.demos.scene.JointSpec;
import dev.tumble.demos.scene.Scene;
import dev.tumble.demos.scene.SceneOptions;
import java.util.List;

/** A scene read from a scene file: its world, body ids, joints, forces and step. */
public final class FileScene extends Scene {
    private final double dt;
    private final String file;
    private List<String> warnings = List.of();

    FileScene(String file, WorldSettings settings, double dt, java.util.function.UnaryOperator<WorldSettings> adjust) {
        super(new SceneOptions(settings.solver(), 0, adjust), settings);
        this.dt = dt;
        this.file = file;
    }

    @Override
    public double dt() {
        return dt;
    }

    /**
     * The file it was read from.
     *
     * @return the file's name as given
     */
    public String file() {
        return file;
    }

    /**
     * What the reader accepted but found suspicious (a long step, a high friction, a non-unit
     * quaternion it normalised), each {@code "$.path: problem"}, in file order; empty for most files.
     *
     * @return the warnings, each {@code "$.path: problem"}
     */
    public List<String> warnings() {
        return warnings;
    }

    void setWarnings(List<String> w) {
        warnings = List.copyOf(w);
    }

    @Override
    public double floor() {
        // A file has no notion of its ground: nothing checks it.
        return Double.NEGATIVE_INFINITY;
    }

    RigidBody addBody(String id, RigidBody body) {
        return add(id, body);
    }

    void addJoint(JointSpec spec) {
        joint(spec);
    }

    void addForce(ForceSpec spec) {
        force(spec);
    }

    boolean hasBody(String id) {
        return bodies().containsKey(id);
    }
}
