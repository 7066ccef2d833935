package dev.soapscope.testkit;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** What soapscope writes to standard error while a test runs (a plain PrintStream, as Log writes to such). */
public final class LogCapture implements AutoCloseable {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream saved = System.err;

    public LogCapture() {
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    }

    public String text() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        System.setErr(saved);
    }
}
