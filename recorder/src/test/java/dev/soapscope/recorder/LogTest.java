package dev.soapscope.recorder;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A container's own standard error stream (which shows every line as ERROR) gets only soapscope's warnings. */
class LogTest {
    /** WildFly puts a PrintStream of its own class in System.err, and logs each line written to it as ERROR. */
    private static final class ContainerStream extends PrintStream {
        ContainerStream(OutputStream out) {
            super(out, true);
        }
    }

    @Test
    void onAContainersStreamOnlyWarningsGoToStandardError() {
        PrintStream err = System.err;
        PrintStream out = System.out;
        ByteArrayOutputStream container = new ByteArrayOutputStream();
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(stdout, true));
            System.setErr(new ContainerStream(container));
            Log.info("profiling cpu");
            Log.warn("the disk is full");
            System.setErr(new PrintStream(plain, true));
            Log.info("profiling cpu");
        } finally {
            System.setErr(err);
            System.setOut(out);
        }
        assertEquals("[soapscope] WARN the disk is full", container.toString().trim(), "only the warning");
        assertEquals("[soapscope] INFO profiling cpu", stdout.toString().trim(), "shown as INFO by the container");
        assertTrue(plain.toString().startsWith("[soapscope] INFO profiling cpu"), "a plain stderr gets every line");
    }
}
