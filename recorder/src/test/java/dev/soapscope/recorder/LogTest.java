package dev.soapscope.recorder;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Once a container has taken standard error over, a warning goes out as a warning, not as a line on stderr. */
class LogTest {
    @Test
    void aContainersStandardErrorGetsNoLinesAndItsLoggerGetsTheLevelMeant() {
        Log.warn("touch"); // Log is initialized with the test's own standard error as the start-up one
        PrintStream before = System.err;
        ByteArrayOutputStream containerErr = new ByteArrayOutputStream();
        List<LogRecord> records = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                records.add(r);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger logger = Logger.getLogger(Log.LOGGER);
        logger.addHandler(capture);
        logger.setUseParentHandlers(false);
        System.setErr(new PrintStream(containerErr, true)); // what WildFly and Payara do after boot
        try {
            Log.warn("the disk is full");
            Log.info("profiling cpu");
        } finally {
            System.setErr(before);
            logger.removeHandler(capture);
            logger.setUseParentHandlers(true);
        }
        assertEquals("", containerErr.toString(), "nothing on the container's stderr stream");
        assertEquals(2, records.size());
        assertEquals(java.util.logging.Level.WARNING, records.get(0).getLevel());
        assertTrue(records.get(0).getMessage().contains("[soapscope] WARN the disk is full"));
        assertEquals(java.util.logging.Level.INFO, records.get(1).getLevel());
    }
}
