package dev.tumble.core.world;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;

/**
 * Writes a world's {@link WorldSettings} into its snapshots, component by component (doubles
 * bit for bit, enums by name, nested settings records in turn), and checks on restore that the
 * restoring world was made with the same settings: a snapshot steps on only under the settings
 * that made it.
 */
final class SettingsCodec {
    private SettingsCodec() {
    }

    /** Writes every component of {@code settings}, in declaration order. */
    static void write(Record settings, DataOutput out) throws IOException {
        for (RecordComponent c : settings.getClass().getRecordComponents()) {
            Object v = value(settings, c);
            Class<?> t = c.getType();
            if (t == double.class) {
                out.writeDouble((Double) v);
            } else if (t == int.class) {
                out.writeInt((Integer) v);
            } else if (t == boolean.class) {
                out.writeBoolean((Boolean) v);
            } else if (t.isEnum()) {
                out.writeUTF(((Enum<?>) v).name());
            } else {
                write((Record) v, out);
            }
        }
    }

    /**
     * Reads settings written by {@link #write} and checks they are {@code settings}.
     *
     * @throws IllegalArgumentException naming the first component that differs, with both values
     */
    static void check(Record settings, DataInput in, String path) throws IOException {
        for (RecordComponent c : settings.getClass().getRecordComponents()) {
            Object v = value(settings, c);
            Class<?> t = c.getType();
            String name = path + c.getName();
            Object read;
            boolean same;
            if (t == double.class) {
                double d = in.readDouble();
                read = d;
                same = Double.doubleToRawLongBits(d) == Double.doubleToRawLongBits((Double) v);
            } else if (t == int.class) {
                read = in.readInt();
                same = read.equals(v);
            } else if (t == boolean.class) {
                read = in.readBoolean();
                same = read.equals(v);
            } else if (t.isEnum()) {
                read = in.readUTF();
                same = read.equals(((Enum<?>) v).name());
            } else {
                check((Record) v, in, name + ".");
                continue;
            }
            if (!same) {
                throw new IllegalArgumentException("snapshot was taken in a world with settings " + name + " = " + read
                        + ", this world has " + v + ": restore it into a world made with the same settings");
            }
        }
    }

    private static Object value(Record r, RecordComponent c) {
        try {
            return c.getAccessor().invoke(r);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read setting " + c.getName(), e);
        }
    }
}
