package dev.soapscope.demo.payloadcaching;

import dev.soapscope.testkit.Wars;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A CPU cost planted between two profiled runs of the same server, all on a machine kept busy by a CPU burner on
 * every core: compare flags that phase and only that phase (exit 1) in a signal the load does not move, and two
 * runs of the same build compare clean (exit 0); the differential flame graph shows the planted frame growing, and
 * the per-phase flame graph of the slowed run has it under its phase.
 */
class PlantedRegressionIT {
    private static final Path AGENT = Path.of(System.getProperty("soapscope.test.agentJar", "../../agent/target/soapscope-agent.jar"));
    /** Requests sent before the burner starts. */
    private static final int PRIME = 5;
    private static final int WARMUP = 150;
    private static final int N = 150;
    private static final String LABEL = "urn:test:planted";
    /** CPU time planted per request: the issue's +460 us, which wall self time missed on a loaded machine. */
    private static final int PLANT_MICROS = 500;

    @TempDir
    Path dir;

    @Test
    void aPlantedCpuCostIsFoundInItsPhaseOnABusyMachineAndTheSameBuildIsClean() throws Exception {
        Path base = profiledRun("base", 0);
        Path again = profiledRun("again", 0);
        Path slowed = profiledRun("slowed", PLANT_MICROS);

        // the gate of a shared runner: the signals the load does not move. Seen here in wall time: soap.parse +103%
        // between two builds that differ only in invoke. CPU time drifts far less, but on two cores at load 12 (this
        // burner and other builds) still seen between runs: transport.write 7 -> 47 us per request (socket writes'
        // kernel time), marshal 360 -> 580 us (+61%), and on CI transport.read 40 -> 180 us (+350%, reading the
        // request's socket). Hence a floor and a threshold above that drift: half the plant, which (+500 us on an
        // invoke of ~60 us) is still far above both.
        String[] gate = {"--signals", "alloc,cpu", "--floor-us", String.valueOf(PLANT_MICROS / 2), "--threshold", "100"};
        Result compare = agentCommand(concat(new String[] {"compare", base.toString(), slowed.toString(),
                "--json", dir.resolve("compare.json").toString()}, gate));
        Result same = agentCommand(concat(new String[] {"compare", base.toString(), again.toString()}, gate));
        System.out.println("compare base slowed:\n" + compare.output + "\ncompare base again:\n" + same.output);
        assertEquals(1, compare.exit, compare.output);
        // the warm-up requests ran the planted code too: the regression is in invoke, and nowhere else
        List<String> regressed = compare.output.lines().filter(l -> l.contains("**regressed**")).collect(Collectors.toList());
        assertTrue(regressed.stream().allMatch(l -> l.contains(" | invoke | ")), compare.output);
        assertTrue(regressed.stream().anyMatch(l -> l.startsWith("| (all operations) | invoke | cpu us |")), compare.output);

        assertEquals(0, same.exit, same.output);
        assertTrue(same.output.contains("| (all operations) | invoke | cpu us |"), same.output);
        assertTrue(same.output.contains(" | invoke | alloc B |"), same.output);

        Path collapsed = dir.resolve("diff.collapsed");
        Result diff = agentCommand("diff", base.toString(), slowed.toString(), "--out", dir.resolve("diff.html").toString(),
                "--collapsed", collapsed.toString());
        assertEquals(0, diff.exit, diff.output);
        assertTrue(Files.size(dir.resolve("diff.html")) > 1000);
        long baseline = 0;
        long current = 0;
        for (String line : Files.readAllLines(collapsed)) {
            if (line.contains("OrderEndpoint.plantedSlowdown")) {
                String[] counts = line.substring(line.lastIndexOf(';')).split(" ");
                baseline += Long.parseLong(counts[counts.length - 2]);
                current += Long.parseLong(counts[counts.length - 1]);
            }
        }
        assertTrue(current > 0 && current > baseline * 4, "plantedSlowdown per request: " + baseline + " -> " + current);

        Result flame = agentCommand("flame", slowed.toString(), "--out", dir.resolve("flame").toString());
        assertEquals(0, flame.exit, flame.output);
        assertTrue(Files.exists(dir.resolve("flame/flame-invoke.html")), flame.output);
        assertTrue(Files.readAllLines(dir.resolve("flame/flame.collapsed")).stream()
                .anyMatch(l -> l.startsWith("[phase:invoke];") && l.contains("OrderEndpoint.plantedSlowdown")));
    }

    /**
     * One server run profiled into its own directory, its requests sent while a burner keeps every core busy (the
     * server starts before it: a loaded start-up takes minutes and is not what is compared); closing the server
     * writes phases.json there.
     */
    private Path profiledRun(String name, int plantMicros) throws Exception {
        Path webapp = Files.createDirectories(dir.resolve(name + "-webapp"));
        Path profiles = dir.resolve(name);
        Wars.explode(Path.of(System.getProperty("payloadCaching.war", "target/payload-caching.war")), webapp);
        try (ForkedServer server = ForkedServer.tomcat().webapp(webapp)
                .javaagent(AGENT, "port=0,profiler=cpu,profiler.interval.ms=2,profiler.dir=" + profiles)
                .jvmArg("-Ddemo.plant.invoke.micros=" + plantMicros)
                .start()) {
            assertTrue(server.waitForOutput("profiling cpu continuously", Duration.ofSeconds(30)), server.output());
            String order = OrderRequests.envelope("ORD-P", 50);
            // the first requests build the JAXB context and the rest: on a loaded machine they outlast the client's timeout
            for (int i = 0; i < PRIME; i++) {
                order(server, order, "urn:test:warmup");
            }
            try (CpuBurner burner = CpuBurner.onEveryCore(Duration.ofMinutes(2))) {
                for (int i = PRIME; i < WARMUP + N; i++) {
                    order(server, order, i < WARMUP ? "urn:test:warmup" : LABEL);
                }
                assertTrue(burner.isBurning(), "the burner stopped before the requests ended");
            }
        }
        assertTrue(Files.exists(profiles.resolve("phases.json")), "no phases.json in " + profiles);
        return profiles;
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static void order(ForkedServer server, String order, String soapAction) {
        Http.Response r = Http.post(server.uri("/axiom-streaming/orders"), order, "text/xml; charset=utf-8",
                Map.of("SOAPAction", "\"" + soapAction + "\""));
        assertEquals(200, r.status(), r::toString);
    }

    private record Result(int exit, String output) {
    }

    /** Busy threads, one per core, that keep the machine loaded until closed or for at most {@code limit}. */
    private static final class CpuBurner implements AutoCloseable {
        private final List<Thread> threads = new ArrayList<>();
        private final long deadline;
        private volatile boolean stop;

        private CpuBurner(int threadCount, Duration limit) {
            deadline = System.nanoTime() + limit.toNanos();
            for (int i = 0; i < threadCount; i++) {
                Thread t = new Thread(this::burn, "cpu-burner-" + i);
                t.setDaemon(true);
                threads.add(t);
                t.start();
            }
        }

        static CpuBurner onEveryCore(Duration limit) {
            return new CpuBurner(Runtime.getRuntime().availableProcessors(), limit);
        }

        private void burn() {
            long x = 1;
            while (!stop && System.nanoTime() < deadline) {
                for (int k = 0; k < 100_000; k++) {
                    x = x * 6364136223846793005L + 1442695040888963407L;
                }
            }
            if (x == 42) { // keeps the loop from being optimised away
                System.out.println(x);
            }
        }

        boolean isBurning() {
            return threads.stream().allMatch(Thread::isAlive);
        }

        @Override
        public void close() throws InterruptedException {
            stop = true;
            for (Thread t : threads) {
                t.join();
            }
        }
    }

    private static Result agentCommand(String... args) throws Exception {
        String[] command = new String[args.length + 3];
        command[0] = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        command[1] = "-jar";
        command[2] = AGENT.toString();
        System.arraycopy(args, 0, command, 3, args.length);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), output);
        return new Result(p.exitValue(), output);
    }
}
