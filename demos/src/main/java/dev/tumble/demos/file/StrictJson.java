package dev.tumble.demos.file;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A streaming pass over a scene file before its tree is built: it refuses what Jackson's tree
 * reader lets through (a key twice in one object, data after the top-level value) and arrays
 * over the {@link SceneLimits}, using memory for the open containers only.
 */
final class StrictJson {
    private static final Pattern HULL_POINTS = Pattern.compile("\\$\\.bodies\\[\\d+]\\.shapes\\[\\d+]\\.points");

    /** An open object or array. */
    private static final class Frame {
        final String path;
        final boolean array;
        final int limit;
        final String what;
        final Set<String> keys = new HashSet<>();
        String key;
        int count;

        Frame(String path, boolean array, int limit, String what) {
            this.path = path;
            this.array = array;
            this.limit = limit;
            this.what = what;
        }
    }

    private StrictJson() {
    }

    /** Scans {@code text}; the first problem comes out as a {@link SceneFileException}. */
    static void check(JsonFactory factory, String name, String text, SceneLimits limits) throws SceneFileException {
        try (JsonParser p = factory.createParser(text)) {
            Deque<Frame> open = new ArrayDeque<>();
            JsonToken t = p.nextToken();
            if (t == null) {
                return; // the caller reports an empty file
            }
            while (true) {
                Frame top = open.peek();
                if (t == null) {
                    throw new SceneFileException(name, "$", "not valid JSON: unexpected end of file");
                }
                if (t == JsonToken.FIELD_NAME) {
                    String k = p.currentName();
                    if (!top.keys.add(k)) {
                        throw new SceneFileException(name, top.path + "." + JsonCursor.quote(k), "duplicate key '"
                                + JsonCursor.quote(k) + "' (a key may appear once per object)");
                    }
                    top.key = k;
                } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                    open.pop();
                } else {
                    String path = "$";
                    if (top != null && top.array) {
                        if (++top.count > top.limit) {
                            throw new SceneFileException(name, top.path, "more than " + top.limit + " " + top.what
                                    + " (the reader's limit; SceneLimits sets it)");
                        }
                        path = top.path + "[" + (top.count - 1) + "]";
                    } else if (top != null) {
                        path = top.path + "." + top.key;
                    }
                    if (t == JsonToken.START_OBJECT) {
                        open.push(new Frame(path, false, 0, null));
                    } else if (t == JsonToken.START_ARRAY) {
                        open.push(arrayFrame(path, limits));
                    }
                }
                if (open.isEmpty()) {
                    break;
                }
                t = p.nextToken();
            }
            JsonLocation end = p.currentLocation();
            try {
                if (p.nextToken() != null) {
                    throw trailing(name, p.currentTokenLocation());
                }
            } catch (JsonProcessingException e) {
                throw trailing(name, end);
            }
        } catch (JsonProcessingException e) {
            throw invalid(name, e);
        } catch (IOException e) {
            throw new SceneFileException(name, "$", "cannot read: " + e.getMessage());
        }
    }

    private static Frame arrayFrame(String path, SceneLimits limits) {
        return switch (path) {
            case "$.bodies" -> new Frame(path, true, limits.maxBodies(), "bodies");
            case "$.joints" -> new Frame(path, true, limits.maxJoints(), "joints");
            case "$.forces" -> new Frame(path, true, limits.maxForces(), "forces");
            default -> HULL_POINTS.matcher(path).matches()
                    ? new Frame(path, true, limits.maxHullPoints(), "hull points")
                    : new Frame(path, true, Integer.MAX_VALUE, "elements");
        };
    }

    private static SceneFileException trailing(String name, JsonLocation at) {
        return new SceneFileException(name, "$", "data after the end of the top-level JSON value"
                + " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")");
    }

    static SceneFileException invalid(String name, JsonProcessingException e) {
        JsonLocation loc = e.getLocation();
        return new SceneFileException(name, "$", "not valid JSON: " + JsonCursor.quote(e.getOriginalMessage(), 400)
                + (loc == null ? "" : " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")"));
    }
}
