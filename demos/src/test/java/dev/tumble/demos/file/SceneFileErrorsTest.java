package dev.tumble.demos.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tumble.demos.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A bad scene file makes {@code simulate} exit 2 with {@code error: FILE: $.path: message} and no
 * stack trace.
 */
class SceneFileErrorsTest {
    private static final String GOOD_BOX = "{\"id\":\"box\",\"mass\":1,\"shapes\":[{\"type\":\"box\",\"halfExtents\":[0.5,0.5,0.5]}],\"position\":[0,1,0]}";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown shape type | {"bodies":[{"id":"a","mass":1,"shapes":[{"type":"cone","radius":1}]}]} | $.bodies[0].shapes[0].type | unknown shape type 'cone'
            missing radius     | {"bodies":[BOX,{"id":"b","mass":1,"shapes":[{"type":"sphere"}]}]} | $.bodies[1].shapes[0].radius | missing field 'radius'
            cylinder height    | {"bodies":[{"id":"c","mass":1,"shapes":[{"type":"cylinder","radius":0.5}]}]} | $.bodies[0].shapes[0].halfHeight | missing field 'halfHeight'
            cylinder radius    | {"bodies":[{"id":"c","mass":1,"shapes":[{"type":"cylinder","radius":-0.5,"halfHeight":1}]}]} | $.bodies[0].shapes[0].radius | radius must be > 0 m, was -0.5
            cylinder too thin  | {"bodies":[{"id":"c","mass":1,"shapes":[{"type":"cylinder","radius":0.5,"halfHeight":1e-9}]}]} | $.bodies[0].shapes[0].halfHeight | 1.0E-9
            cylinder field     | {"bodies":[{"id":"c","mass":1,"shapes":[{"type":"cylinder","radius":0.5,"height":2}]}]} | $.bodies[0].shapes[0].height | unknown field 'height'
            missing bodies     | {"settings":{"solver":"si"}} | $.bodies | missing field 'bodies'
            missing body id    | {"bodies":[{"mass":1,"shapes":[{"type":"sphere","radius":1}]}]} | $.bodies[0].id | missing field 'id'
            negative mass      | {"bodies":[BOX,{"id":"b","mass":-2,"shapes":[{"type":"sphere","radius":1}]}]} | $.bodies[1].mass | mass must be > 0 kg, was -2.0
            zero density       | {"bodies":[{"id":"b","density":0,"shapes":[{"type":"sphere","radius":1}]}]} | $.bodies[0].density | density must be > 0
            unknown joint body | {"bodies":[BOX],"joints":[{"type":"ball","body0":"box","body1":"ghost","anchor":[0,2,0]}]} | $.joints[0].body1 | no body with id 'ghost'
            unknown force body | {"bodies":[BOX],"forces":[{"type":"gravity","bodies":["box","nobody"],"g":[0,-1,0]}]} | $.forces[0].bodies[1] | no body with id 'nobody'
            string for number  | {"bodies":[{"id":"b","mass":"heavy","shapes":[{"type":"sphere","radius":1}]}]} | $.bodies[0].mass | expected a number, found a string "heavy"
            short vector       | {"bodies":[{"id":"b","mass":1,"position":[1,2],"shapes":[{"type":"sphere","radius":1}]}]} | $.bodies[0].position | expected 3 numbers, found 2
            object for array   | {"bodies":{"id":"b"}} | $.bodies | expected an array, found an object
            misspelt field     | {"bodies":[{"id":"b","mass":1,"raduis":1,"shapes":[]}]} | $.bodies[0].raduis | unknown field 'raduis'
            unknown solver     | {"settings":{"solver":"pgs"},"bodies":[BOX]} | $.settings.solver | solver must be si or millington
            soft-step solver   | {"settings":{"solver":"soft"},"bodies":[BOX]} | $.settings.solver | the soft step is the si solver
            bad solver setting | {"settings":{"sequentialImpulse":{"substeps":0}},"bodies":[BOX]} | $.settings.sequentialImpulse | substeps must be >= 1
            duplicate id       | {"bodies":[BOX,BOX]} | $.bodies[1].id | duplicate body id 'box'
            static with mass   | {"bodies":[{"id":"g","type":"static","mass":3,"shapes":[{"type":"halfspace","normal":[0,1,0],"offset":0}]}]} | $.bodies[0].mass | a static body has no mass
            unknown body type  | {"bodies":[{"id":"g","type":"floating","shapes":[]}]} | $.bodies[0].type | unknown body type 'floating'
            zero axis hinge    | {"bodies":[BOX],"joints":[{"type":"hinge","body0":"box","anchor":[0,2,0],"axis":[0,0,0]}]} | $.joints[0] | axis must be non-zero
            zero quaternion    | {"bodies":[{"id":"b","mass":1,"orientation":[0,0,0,0],"shapes":[{"type":"sphere","radius":1}]}]} | $.bodies[0].orientation | non-zero quaternion
            truncated file     | {"bodies":[{"id":"b","mass":1, | $ | not valid JSON
            """)
    void badFileIsNamedWithItsPathAndExitsTwo(String what, String json, String path, String message, @TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, json.replace("BOX", GOOD_BOX));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"simulate", file.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, code, what + ": " + e);
        assertTrue(e.startsWith("error: " + file + ": " + path + ": "), what + ": " + e);
        assertTrue(e.contains(message), what + ": " + e);
        assertFalse(e.contains("Exception") || e.contains("\tat "), "no stack trace: " + e);
        assertEquals(1, e.lines().count(), what + ": one line: " + e);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            missing file  | simulate,/no/such/scene.json | error: /no/such/scene.json: $: no such file
            unknown scene | run,nosuchscene,--headless | error: no scene named 'nosuchscene'
            bad steps     | simulate,x.json,--steps,0 | error: --steps must be a positive integer
            bad command   | frobnicate | error: unknown command 'frobnicate'
            """)
    void badArgumentsExitTwo(String what, String args, String message) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args.split(","), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, code, what + ": " + e);
        assertTrue(e.startsWith(message), what + ": " + e);
        assertFalse(e.contains("\tat "), e);
    }
}
