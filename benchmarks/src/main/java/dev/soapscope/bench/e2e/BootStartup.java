package dev.soapscope.bench.e2e;

import dev.soapscope.bench.Machine;
import dev.soapscope.bench.Md;
import dev.soapscope.bench.Scorecard;
import dev.soapscope.bench.Stats;
import dev.soapscope.bench.app.CountingFloorAgent;
import dev.soapscope.bench.app.NoopTransformerAgent;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Start-up of an application nobody on the team wrote, as its project ships it: Spring-WS's echo sample as a Spring
 * Boot jar, launched to its "Started" line, with and without the agent, and again with the application's own class
 * data sharing archive (made once here with {@code -XX:ArchiveClassesAtExit}). What the agent adds is given as a share
 * of the application's own start-up (issue 25's targets: CPU at most +15%, wall at most +10%).
 */
public final class BootStartup {
    static final double TARGET_CPU_SHARE = Scorecard.CPU_SHARE;
    static final double TARGET_WALL_SHARE = Scorecard.WALL_SHARE;

    private BootStartup() {
    }

    /** A Java agent whose class file transformer changes nothing ({@link NoopTransformerAgent}): the floor. */
    static final String NOOP = "a no-op class file transformer (the floor)";
    static final String UNCACHED = "agent, weave cache off (a first start)";

    public static String run(int rounds, Path bootJar, Path agentJar, Path workDir, Scorecard card) throws Exception {
        String startedOn = Machine.describe();
        Files.createDirectories(workDir);
        Path archive = workDir.resolve("echo-app.jsa");
        Files.deleteIfExists(archive);
        train(archive, bootJar);
        String agent = "-javaagent:" + agentJar.toAbsolutePath() + "=port=0,weave.cache=true";
        String uncached = "-javaagent:" + agentJar.toAbsolutePath() + "=port=0,weave.cache=false";
        String cds = "-XX:SharedArchiveFile=" + archive;
        Map<String, List<String>> configs = new LinkedHashMap<>();
        configs.put("no agent", List.of());
        configs.put("agent", List.of(agent));
        configs.put(UNCACHED, List.of(uncached));
        configs.put("its CDS archive, no agent", List.of(cds));
        configs.put("its CDS archive, agent", List.of(cds, agent));
        String noop = "-javaagent:" + NoopTransformerAgent.jar(workDir).toAbsolutePath();
        configs.put(NOOP, List.of(noop));
        configs.put("its CDS archive, " + NOOP, List.of(cds, noop));
        String counting = "-javaagent:" + CountingFloorAgent.jar(workDir).toAbsolutePath();
        configs.put(CountingFloorAgent.LABEL, List.of(counting));
        configs.put("its CDS archive, " + CountingFloorAgent.LABEL, List.of(cds, counting));
        Map<String, List<double[]>> times = new LinkedHashMap<>();
        start(List.of(), bootJar); // untimed: the page cache
        start(List.of(agent), bootJar); // untimed: the classes the agent weaves, kept for the starts after it
        List<String> names = new ArrayList<>(configs.keySet());
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < names.size(); i++) {
                String c = names.get((i + r) % names.size());
                double[] t = start(configs.get(c), bootJar);
                times.computeIfAbsent(c, k -> new ArrayList<>()).add(t);
                EndToEnd.log(String.format("boot start-up %d %-28s Started %6.0f ms, CPU %6.0f ms, agent's own start %.0f ms",
                        r + 1, c, t[0], t[1], t[2]));
            }
        }
        StringBuilder b = new StringBuilder("### Spring Boot start-up: Spring-WS's echo sample\n\n");
        b.append("Median of ").append(rounds).append(" starts per configuration, alternating, after one untimed start: JVM")
                .append(" launch to its \"Started\" line, and the CPU time its JVM had used then (all threads). The archive is")
                .append(" the application's own (`-XX:ArchiveClassesAtExit` on one start, then `-XX:SharedArchiveFile`).  \n")
                .append("Machine: ").append(startedOn).append("; load average ").append(Machine.loadAverage())
                .append(" at the end.\n\n");
        Md t = new Md("configuration", "to Started, median (range)", "added, share of its own", "CPU, median (range)",
                "added, share of its own", "targets (wall +10%, CPU +15%)");
        for (String c : names) {
            double[] wall = column(times.get(c), 0);
            double[] cpu = column(times.get(c), 1);
            String base = c.startsWith("its CDS") ? "its CDS archive, no agent" : "no agent";
            boolean agentRow = c.endsWith("agent") && !c.endsWith("no agent");
            boolean uncachedRow = c.equals(UNCACHED);
            String wallAdded = "";
            String cpuAdded = "";
            String verdict = "";
            if (!c.equals(base)) {
                double w0 = Stats.median(column(times.get(base), 0));
                double c0 = Stats.median(column(times.get(base), 1));
                double ws = (Stats.median(wall) - w0) / w0;
                double cs = (Stats.median(cpu) - c0) / c0;
                wallAdded = String.format("%+.0f ms (%+.0f%%)", Stats.median(wall) - w0, 100 * ws);
                cpuAdded = String.format("%+.0f ms (%+.0f%%)", Stats.median(cpu) - c0, 100 * cs);
                String app = "Spring-WS echo Boot jar (to \"Started\")" + (c.startsWith("its CDS") ? ", with its CDS archive" : "");
                if (agentRow) {
                    verdict = (ws <= TARGET_WALL_SHARE ? "wall met" : "wall missed") + ", "
                            + (cs <= TARGET_CPU_SHARE ? "CPU met" : "CPU missed");
                    card.startUp(app, w0, Stats.median(wall), c0, Stats.median(cpu));
                    card.add("the agent's own start on the main thread (premain, as its start line says): " + app,
                            DemoServer.agentStartSummary(column(times.get(c), 2)), "",
                            "before the application's main runs; other processes' load moves it less than the start's total");
                } else if (uncachedRow) {
                    card.add("the agent weaving every class (weave.cache=false, as a first start): " + app,
                            wallAdded + " wall, " + cpuAdded + " CPU", "", "later starts take what earlier ones wove");
                } else if (c.endsWith(NOOP)) {
                    card.add("the floor, a no-op class file transformer: " + app, wallAdded + " wall, " + cpuAdded + " CPU",
                            "", "what any agent that weaves classes as they load adds");
                } else {
                    card.add("the counting floor, an agent that only counts requests: " + app, wallAdded + " wall, "
                            + cpuAdded + " CPU", "", "the least an agent adds that counts from the first request");
                }
            }
            t.row(c, String.format("%.0f ms (%.0f-%.0f)", Stats.median(wall), Stats.min(wall), Stats.max(wall)), wallAdded,
                    String.format("%.0f ms (%.0f-%.0f)", Stats.median(cpu), Stats.min(cpu), Stats.max(cpu)), cpuAdded, verdict);
        }
        return b.append(t).append(String.format("%nThe agent's own start, as its start line says (`its start took`: premain,"
                + " before the application's main runs), median (range): %s; with the CDS archive %s.%n",
                DemoServer.agentStartSummary(column(times.get("agent"), 2)),
                DemoServer.agentStartSummary(column(times.get("its CDS archive, agent"), 2)))).toString();
    }

    private static double[] column(List<double[]> rows, int i) {
        return rows.stream().mapToDouble(r -> r[i]).toArray();
    }

    /** Writes the application's own archive: one start that ends once its context is refreshed. */
    private static void train(Path archive, Path bootJar) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:ArchiveClassesAtExit=" + archive, "-Dspring.context.exit=onRefresh", "-jar",
                bootJar.toAbsolutePath().toString(), "--server.port=0")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(120, TimeUnit.SECONDS) || !Files.isRegularFile(archive)) {
            p.destroyForcibly();
            throw new IllegalStateException("no CDS archive written at " + archive);
        }
    }

    /** {ms to "Started", CPU ms then, the agent's own start as its start line said it (NaN if none came before)}. */
    private static double[] start(List<String> jvmArgs, Path bootJar) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(jvmArgs);
        command.addAll(List.of("-jar", bootJar.toAbsolutePath().toString(), "--server.port=0"));
        long launched = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            double took = Double.NaN;
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (Double.isNaN(took)) {
                    took = DemoServer.agentStartMillis(line);
                }
                if (line.contains("Started ")) {
                    double wall = (System.nanoTime() - launched) / 1e6;
                    double cpu = p.info().totalCpuDuration().map(d -> d.toNanos() / 1e6).orElse(Double.NaN);
                    Thread drain = new Thread(() -> {
                        try {
                            out.transferTo(java.io.Writer.nullWriter());
                        } catch (java.io.IOException ignored) {
                            // the process ended
                        }
                    });
                    drain.setDaemon(true);
                    drain.start();
                    return new double[] {wall, cpu, took};
                }
            }
            throw new IllegalStateException("no \"Started\" line from " + command);
        } finally {
            p.destroy();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
            }
        }
    }
}
