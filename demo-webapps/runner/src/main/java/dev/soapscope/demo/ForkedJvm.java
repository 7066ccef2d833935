package dev.soapscope.demo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A JVM the runner forks and talks to (the server, a scenario's client): every line it prints goes to its log file and
 * its tail, then to the runner's listener; commands go to its standard input, one a line; closing that input stops
 * it, and whatever has not stopped within 20 s is ended.
 */
final class ForkedJvm implements AutoCloseable {

    private static final int TAIL_LINES = 40;

    private final Process process;
    private final Writer log;
    private final Writer input;
    private final Consumer<String> listener;
    private final Deque<String> tail = new ArrayDeque<>();
    private final List<Thread> readers = new ArrayList<>();

    private ForkedJvm(Process process, Writer log, Consumer<String> listener) {
        this.process = process;
        this.log = log;
        this.listener = listener;
        this.input = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    }

    /**
     * Starts {@code command}, its output to {@code logFile} (the command line first) and each line to
     * {@code listener}, called on the reader threads ({@code soapscope-NAME-stdout}, {@code -stderr}).
     */
    static ForkedJvm start(List<String> command, Path logFile, String name, Consumer<String> listener)
            throws IOException {
        Files.createDirectories(logFile.toAbsolutePath().getParent());
        Writer log = Files.newBufferedWriter(logFile, StandardCharsets.UTF_8);
        log.write("# " + String.join(" ", command) + "\n");
        Process process;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            log.close();
            throw e;
        }
        ForkedJvm jvm = new ForkedJvm(process, log, listener);
        jvm.read(process.getInputStream(), "soapscope-" + name + "-stdout");
        jvm.read(process.getErrorStream(), "soapscope-" + name + "-stderr");
        return jvm;
    }

    Process process() {
        return process;
    }

    /** Writes one line to the JVM's standard input. */
    void send(String line) throws IOException {
        synchronized (input) {
            input.write(line);
            input.write('\n');
            input.flush();
        }
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** The last lines the JVM printed. */
    synchronized String tail() {
        return String.join("\n", tail);
    }

    private void read(InputStream stream, String threadName) {
        Thread t = new Thread(() -> {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    logged(line);
                    listener.accept(line);
                }
            } catch (IOException e) {
                // the process is gone
            }
        }, threadName);
        t.setDaemon(true);
        readers.add(t);
        t.start();
    }

    private synchronized void logged(String line) {
        try {
            log.write(line);
            log.write('\n');
        } catch (IOException e) {
            // the log is a convenience
        }
        tail.addLast(line);
        if (tail.size() > TAIL_LINES) {
            tail.removeFirst();
        }
    }

    /** Closes the JVM's standard input (it stops by itself), then ends it if it has not within 20 s. */
    @Override
    public void close() throws InterruptedException {
        try {
            synchronized (input) {
                input.close();
            }
        } catch (IOException e) {
            // already gone
        }
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        }
        for (Thread t : readers) {
            t.join(2000);
        }
        synchronized (this) {
            try {
                log.close();
            } catch (IOException e) {
                // nothing to add
            }
        }
    }
}
