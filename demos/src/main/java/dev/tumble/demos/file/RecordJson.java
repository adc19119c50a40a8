package dev.tumble.demos.file;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Writes and reads a settings record (ints, doubles, booleans, enums) as a JSON object keyed by
 * its component names; a component the file leaves out keeps the default's value. Used for the
 * solvers' settings, so every setting of the engine is a scene-file setting without a list to
 * keep in step.
 */
final class RecordJson {
    private RecordJson() {
    }

    static ObjectNode write(Record r) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            Object v = value(c, r);
            if (v instanceof Integer i) {
                o.put(c.getName(), i);
            } else if (v instanceof Double d) {
                o.put(c.getName(), d);
            } else if (v instanceof Boolean b) {
                o.put(c.getName(), b);
            } else if (v instanceof Enum<?> e) {
                o.put(c.getName(), e.name().toLowerCase(Locale.ROOT));
            } else {
                throw new IllegalStateException("unsupported setting " + c.getName() + " of " + r.getClass());
            }
        }
        return o;
    }

    static Set<String> names(Class<? extends Record> type) {
        Set<String> s = new LinkedHashSet<>();
        for (RecordComponent c : type.getRecordComponents()) {
            s.add(c.getName());
        }
        return s;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static <R extends Record> R read(JsonCursor json, R defaults) throws SceneFileException {
        Class<? extends Record> type = defaults.getClass();
        json.only(names(type));
        RecordComponent[] cs = type.getRecordComponents();
        Object[] args = new Object[cs.length];
        Class<?>[] types = new Class<?>[cs.length];
        for (int i = 0; i < cs.length; i++) {
            RecordComponent c = cs[i];
            types[i] = c.getType();
            String k = c.getName();
            Object d = value(c, defaults);
            if (!json.has(k)) {
                args[i] = d;
            } else if (c.getType() == int.class) {
                args[i] = json.integer(k, 0);
            } else if (c.getType() == double.class) {
                args[i] = json.number(k);
            } else if (c.getType() == boolean.class) {
                args[i] = json.bool(k, false);
            } else if (c.getType().isEnum()) {
                String name = json.text(k);
                Object found = null;
                for (Object e : c.getType().getEnumConstants()) {
                    if (((Enum) e).name().equalsIgnoreCase(name)) {
                        found = e;
                    }
                }
                if (found == null) {
                    StringBuilder known = new StringBuilder();
                    for (Object e : c.getType().getEnumConstants()) {
                        known.append(known.length() == 0 ? "" : ", ").append(((Enum) e).name().toLowerCase(Locale.ROOT));
                    }
                    throw json.get(k).fail("unknown value '" + name + "' (expected one of " + known + ")");
                }
                args[i] = found;
            }
        }
        try {
            Constructor<? extends Record> ctor = type.getDeclaredConstructor(types);
            return (R) ctor.newInstance(args);
        } catch (InvocationTargetException e) {
            throw json.fail(e.getCause().getMessage());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object value(RecordComponent c, Record r) {
        try {
            return c.getAccessor().invoke(r);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
