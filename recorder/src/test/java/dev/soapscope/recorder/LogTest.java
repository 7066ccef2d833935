package dev.soapscope.recorder;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A container's own standard error stream (which shows every line as ERROR) gets none of soapscope's lines. */
class LogTest {
    /** WildFly puts a PrintStream of its own class in System.err, and logs each line written to it as ERROR. */
    private static final class ContainerStream extends PrintStream {
        ContainerStream(OutputStream out) {
            super(out, true);
        }
    }

    @Test
    void aContainersStreamGetsNoLinesAPlainOneDoes() {
        PrintStream before = System.err;
        ByteArrayOutputStream container = new ByteArrayOutputStream();
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        try {
            System.setErr(new ContainerStream(container));
            Log.warn("the disk is full");
            System.setErr(new PrintStream(plain, true));
            Log.warn("the disk is full");
        } finally {
            System.setErr(before);
        }
        assertEquals("", container.toString(), "the container's stream would call it an ERROR");
        assertTrue(plain.toString().startsWith("[soapscope] WARN the disk is full"), plain.toString());
    }
}
