package dev.soapscope.agent;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The command line's answers that need no running JVM (attaching is AttachIT's). */
class CommandsTest {
    @Test
    void noCommandIsAnError() throws Exception {
        Result r = run();
        assertEquals(2, r.exit);
        assertEquals("", r.out);
        assertEquals("soapscope: a command is required\n" + Commands.USAGE, r.err);
    }

    @Test
    void helpIsNoError() throws Exception {
        for (String help : new String[] {"help", "--help", "-h"}) {
            Result r = run(help);
            assertEquals(0, r.exit, help);
            assertEquals(Commands.USAGE, r.out, help);
            assertEquals("", r.err, help);
        }
    }

    @Test
    void unknownCommand() throws Exception {
        Result r = run("atach", "1");
        assertEquals(2, r.exit);
        assertEquals("soapscope: unknown command 'atach'\n" + Commands.USAGE, r.err);
    }

    @Test
    void attachSaysWhatIsWrongWithItsArguments() throws Exception {
        Result r = run("attach", "notapid");
        assertEquals(2, r.exit);
        assertEquals("soapscope: 'notapid' is not a process id (jps -l lists the JVMs)\n" + Commands.ATTACH_USAGE, r.err);
        r = run("attach");
        assertEquals(2, r.exit);
        assertEquals("soapscope: attach takes a process id and optionally the agent's settings\n"
                + Commands.ATTACH_USAGE, r.err);
    }

    private record Result(int exit, String out, String err) {
    }

    private static Result run(String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Commands.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
