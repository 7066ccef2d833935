package dev.soapscope.testkit;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * What soapscope logs while a test runs. Log writes to standard error, or, once standard error is not the one it
 * started with (a container's, or a test's capture), to the {@code soapscope} java.util.logging logger: this
 * captures both, one line per message.
 */
public final class LogCapture implements AutoCloseable {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream saved = System.err;
    private final Logger logger = Logger.getLogger("soapscope");
    private final boolean parents = logger.getUseParentHandlers();
    private final Handler handler = new Handler() {
        @Override
        public synchronized void publish(LogRecord r) {
            byte[] line = (r.getMessage() + "\n").getBytes(StandardCharsets.UTF_8);
            bytes.write(line, 0, line.length);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    public LogCapture() {
        logger.addHandler(handler);
        logger.setUseParentHandlers(false);
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    }

    public String text() {
        synchronized (handler) {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }

    @Override
    public void close() {
        System.setErr(saved);
        logger.removeHandler(handler);
        logger.setUseParentHandlers(parents);
    }
}
