package dev.soapscope.testkit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * Collects a child process's combined output in memory, bounded so a chatty server cannot fill the test JVM's heap,
 * and spots the port line.
 */
final class ProcessOutput {

    private static final int MAX_CHARS = 4 * 1024 * 1024;

    private final StringBuilder text = new StringBuilder();
    private final CompletableFuture<Integer> port = new CompletableFuture<>();
    private final PrintStream echo;
    private long droppedChars;
    private boolean ended;

    private ProcessOutput(PrintStream echoOrNull) {
        this.echo = echoOrNull;
    }

    /** Starts a daemon thread that drains {@code in} until EOF. */
    static ProcessOutput drain(InputStream in, String threadName, PrintStream echoOrNull) {
        ProcessOutput output = new ProcessOutput(echoOrNull);
        Thread reader = new Thread(() -> output.readAll(in), threadName);
        reader.setDaemon(true);
        reader.start();
        return output;
    }

    private void readAll(InputStream in) {
        // the child writes in its native encoding (file.encoding / stdout.encoding default of the platform)
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, Charset.defaultCharset()))) {
            String line;
            while ((line = reader.readLine()) != null) {
                append(line);
            }
        } catch (IOException e) {
            append("[soapscope testkit: reading the server output failed: " + e + "]");
        } finally {
            synchronized (this) {
                ended = true;
                notifyAll();
            }
            port.completeExceptionally(new IllegalStateException("the server process ended its output"));
        }
    }

    private void append(String line) {
        if (echo != null) {
            echo.println("[forked] " + line);
        }
        int marker = line.indexOf(ServerMain.PORT_LINE_PREFIX);
        if (marker >= 0 && !port.isDone()) {
            try {
                port.complete(Integer.parseInt(line.substring(marker + ServerMain.PORT_LINE_PREFIX.length()).trim()));
            } catch (NumberFormatException e) {
                port.completeExceptionally(new IllegalStateException("bad port line: " + line));
            }
        }
        synchronized (this) {
            text.append(line).append('\n');
            if (text.length() > MAX_CHARS) {
                // drop the oldest quarter at once so trimming stays cheap
                int drop = text.length() - MAX_CHARS * 3 / 4;
                text.delete(0, drop);
                droppedChars += drop;
            }
            notifyAll();
        }
    }

    /** Completes with the port, or exceptionally when the output ends first. */
    CompletableFuture<Integer> port() {
        return port;
    }

    synchronized String text() {
        return droppedChars == 0 ? text.toString() : "[... " + droppedChars + " chars dropped ...]\n" + text;
    }

    /** Waits until the output contains {@code substring}; false on timeout or when the output ended without it. */
    synchronized boolean await(String substring, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (text.indexOf(substring) < 0) {
            long left = deadline - System.nanoTime();
            if (ended || left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }

    /** Waits until the output has ended (the process closed its stdout). */
    synchronized void awaitEnd(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long left;
        while (!ended && (left = deadline - System.nanoTime()) > 0) {
            wait(Math.max(1, left / 1_000_000));
        }
    }
}
