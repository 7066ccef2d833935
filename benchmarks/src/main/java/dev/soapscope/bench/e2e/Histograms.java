package dev.soapscope.bench.e2e;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code jcmd PID GC.class_histogram}: live objects per class, after the full GC the command runs itself. */
final class Histograms {
    private static final Pattern ROW = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)");

    record Entry(long instances, long bytes) {
    }

    private Histograms() {
    }

    static Map<String, Entry> of(long pid) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(Files.isExecutable(jcmd) ? jcmd.toString() : "jcmd", String.valueOf(pid),
                "GC.class_histogram").redirectErrorStream(true).start();
        String out;
        try (InputStream in = p.getInputStream()) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            in.transferTo(b);
            out = b.toString(StandardCharsets.UTF_8);
        }
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("jcmd GC.class_histogram failed: " + out.lines().limit(3).toList());
        }
        return parse(out);
    }

    static Map<String, Entry> parse(String histogram) {
        Map<String, Entry> classes = new HashMap<>();
        for (String line : histogram.split("\n")) {
            Matcher m = ROW.matcher(line);
            if (m.find()) {
                classes.merge(m.group(3), new Entry(Long.parseLong(m.group(1)), Long.parseLong(m.group(2))),
                        (a, b) -> new Entry(a.instances() + b.instances(), a.bytes() + b.bytes()));
            }
        }
        return classes;
    }

    /** The agent's own classes: soapscope's (Byte Buddy, Micrometer and Prometheus relocated under it) and async-profiler's. */
    static boolean isAgents(String className) {
        return className.startsWith("dev.soapscope.") || className.startsWith("one.profiler.")
                || className.startsWith("one.jfr.") || className.startsWith("one.convert.");
    }

    static Entry agentsTotal(Map<String, Entry> classes) {
        long n = 0;
        long bytes = 0;
        for (Map.Entry<String, Entry> e : classes.entrySet()) {
            if (isAgents(e.getKey())) {
                n += e.getValue().instances();
                bytes += e.getValue().bytes();
            }
        }
        return new Entry(n, bytes);
    }

    static long total(Map<String, Entry> classes) {
        return classes.values().stream().mapToLong(Entry::bytes).sum();
    }
}
