package dev.soapscope.bench.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;

/**
 * The agent's own frames as a share of the request threads' CPU samples (issue 25, target 2): async-profiler, taken
 * from the agent jar, loaded into the running server with {@code jcmd JVMTI.agent_load} for one run of load, one
 * sample a millisecond per thread, stacks per thread. A request thread is one of Tomcat's executor threads; a sample
 * is the agent's when any frame of it is in one of the agent's packages (its advice is inlined into the application's
 * methods, so what it calls is what shows). The same profile of a server without the agent, per request answered,
 * says how much of what the agent adds per request is in its own frames and how much elsewhere.
 */
final class AgentCpuShare {
    /** The packages of the agent jar's own code; the benchmarked apps and the launcher are elsewhere. */
    static final List<String> AGENT_PACKAGES = List.of("dev/soapscope/recorder/", "dev/soapscope/agent/",
            "dev/soapscope/config/", "dev/soapscope/metrics/", "dev/soapscope/shaded/", "dev/soapscope/traces/");
    private static final String REQUEST_THREAD = "-exec-";

    /** Samples on request threads, how many of them had an agent frame, and samples on every thread. */
    record Share(long requestSamples, long agentSamples, long allSamples) {
        double percent() {
            return requestSamples == 0 ? Double.NaN : 100.0 * agentSamples / requestSamples;
        }
    }

    /** A profiled run: its samples, and the requests answered meanwhile. */
    record Profiled(Share share, long requests) {
        /** Microseconds of CPU per request: one sample is a millisecond of a thread's CPU. */
        double usPerRequest(long samples) {
            return requests == 0 ? Double.NaN : 1000.0 * samples / requests;
        }
    }

    private AgentCpuShare() {
    }

    /** Profiles {@code pid} while {@code load} runs; the collapsed stacks stay in {@code dir}. */
    static Profiled during(long pid, Path agentJar, Path dir, String name, Callable<Load.Result> load) throws Exception {
        Path library = library(agentJar, dir);
        Path out = dir.resolve(name + ".collapsed.txt");
        jcmd(pid, library, "start,event=cpu,interval=1ms,threads");
        Load.Result result;
        try {
            result = load.call();
        } finally {
            jcmd(pid, library, "stop,file=" + out.toAbsolutePath() + ",collapsed");
        }
        return new Profiled(of(Files.readAllLines(out, StandardCharsets.UTF_8)), result.requests());
    }

    /** Counts collapsed stacks made with {@code threads}: {@code [name tid=N];frame;...;frame count}. */
    static Share of(List<String> collapsed) {
        long request = 0;
        long agent = 0;
        long all = 0;
        for (String line : collapsed) {
            int space = line.lastIndexOf(' ');
            int end = line.indexOf(']');
            if (!line.startsWith("[") || space < 0 || end < 0) {
                continue;
            }
            long count = Long.parseLong(line.substring(space + 1).trim());
            all += count;
            if (!line.substring(0, end).contains(REQUEST_THREAD)) {
                continue;
            }
            request += count;
            String stack = line.substring(end + 1, space);
            for (String p : AGENT_PACKAGES) {
                if (stack.contains(";" + p)) {
                    agent += count;
                    break;
                }
            }
        }
        return new Share(request, agent, all);
    }

    /** async-profiler's library for this machine, from the agent jar (which ships it for the agent's profiler). */
    private static Path library(Path agentJar, Path dir) throws IOException {
        String arch = System.getProperty("os.arch").matches("aarch64|arm64") ? "linux-arm64" : "linux-x64";
        Path target = dir.resolve("libasyncProfiler.so");
        try (ZipFile jar = new ZipFile(agentJar.toFile())) {
            var entry = jar.getEntry(arch + "/libasyncProfiler.so");
            if (entry == null) {
                throw new IOException(agentJar + " has no " + arch + "/libasyncProfiler.so");
            }
            try (InputStream in = jar.getInputStream(entry)) {
                Files.createDirectories(dir);
                Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return target;
    }

    private static void jcmd(long pid, Path library, String command) throws Exception {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        // quoted: jcmd's own parser would take "event=cpu" for an argument of its own
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "JVMTI.agent_load",
                library.toAbsolutePath().toString(), "\"" + command + "\"").redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0 || said.contains("[ERROR]")) {
            throw new IOException("jcmd " + pid + " JVMTI.agent_load async-profiler '" + command + "' failed: " + said);
        }
    }
}
