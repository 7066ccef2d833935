package dev.soapscope.demo.springwsecho;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Jdks;
import dev.soapscope.testkit.PrometheusText;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Spring's echo sample, the unmodified Boot jar, on JDK 25 with {@code spring.threads.virtual.enabled}: Tomcat serves
 * every request on a virtual thread, whose allocation the JDK does not count (ThreadMXBean answers -1). The requests
 * are recorded as on platform threads (counts, name, phases); their allocation is absent and said to be, never a 0:
 * {@code allocation_measured} false, no {@code alloc_bytes}, no allocation series, and one line saying why.
 */
class VirtualThreadsUnderAgentIT {
    private static final String OPERATION = "{http://www.springframework.org/spring-ws/samples/echo}echoRequest";
    private static final int REQUESTS = 400;

    /** The two runs, profiled: the jar on platform threads and on virtual threads, started once for both tests. */
    private static Path platformRun;
    private static Path virtualRun;
    /** What the agent served after the virtual-thread run's requests: its phases, its metrics and its output. */
    private static JsonNode virtualPhases;
    private static PrometheusText virtualMetrics;
    private static String virtualOutput;

    @BeforeAll
    static void runTheJarOnPlatformThreadsThenOnVirtualThreads(@TempDir Path dir) throws Exception {
        Path jdk25 = Jdks.java25().orElse(null);
        assumeTrue(jdk25 != null, "no Java 25 on this machine: virtual threads need Java 21+");
        platformRun = profiledRun(jdk25, dir.resolve("platform"), false);
        virtualRun = profiledRun(jdk25, dir.resolve("virtual"), true);
    }

    /**
     * async-profiler samples the carrier a virtual thread is mounted on; the phase spans must still cover them: the
     * share of the samples in Spring-WS's dispatch that fall inside a phase span of their thread is as high on virtual
     * threads as on platform threads (the same jar, JDK and load).
     */
    @Test
    void profilesSplitByPhaseOnVirtualThreadsAsOnPlatformThreads() throws Exception {
        double platform = taggedShare(platformRun);
        double virtual = taggedShare(virtualRun);
        System.out.printf("[vthreads] dispatch samples inside a phase span: platform threads %.2f, virtual threads %.2f%n",
                platform, virtual);
        assertTrue(platform > 0.8, "platform threads: " + platform);
        assertTrue(virtual > platform - 0.1, "virtual threads " + virtual + " against platform threads " + platform);
    }

    /** The echo jar profiled continuously (cpu, 1 ms) under 400 echoes; its run directory once it stopped. */
    private static Path profiledRun(Path jdk, Path run, boolean virtual) throws Exception {
        try (BootJarUnderAgent app = BootJarUnderAgent.start(
                Path.of(System.getProperty("soapscope.test.agentJar", "../../agent/target/soapscope-agent.jar")),
                "profiler=cpu,profiler.interval.ms=1,profiler.dir=" + run,
                Path.of(System.getProperty("echo.jar", "target/echo-server.jar")), jdk,
                "--spring.threads.virtual.enabled=" + virtual)) {
            AgentEndpoint agent = app.agent();
            echo(app, REQUESTS);
            if (virtual) {
                agent.awaitRequests(OPERATION, REQUESTS);
                virtualPhases = agent.phases();
                virtualMetrics = agent.metrics();
                virtualOutput = app.soapscopeOutput();
            }
        } // SIGTERM: the agent closes its recording
        return run;
    }

    /** Of the CPU samples whose stack is in Spring-WS's MessageDispatcher, the share inside a phase span of their thread. */
    private static double taggedShare(Path run) throws Exception {
        java.util.Map<Long, java.util.List<long[]>> spans = new java.util.HashMap<>();
        java.util.List<jdk.jfr.consumer.RecordedEvent> samples = new java.util.ArrayList<>();
        java.util.List<Path> files;
        try (java.util.stream.Stream<Path> list = java.nio.file.Files.list(run)) {
            files = list.filter(p -> p.toString().endsWith(".jfr")).toList();
        }
        assertFalse(files.isEmpty(), "no profile in " + run);
        for (Path file : files) {
            for (jdk.jfr.consumer.RecordedEvent e : jdk.jfr.consumer.RecordingFile.readAllEvents(file)) {
                String type = e.getEventType().getName();
                if (type.equals("profiler.Span") && e.getThread() != null) {
                    spans.computeIfAbsent(e.getThread().getJavaThreadId(), k -> new java.util.ArrayList<>())
                            .add(new long[] {nanos(e.getStartTime()), nanos(e.getEndTime())});
                } else if (type.equals("jdk.ExecutionSample") && e.getStackTrace() != null
                        && e.getStackTrace().getFrames().stream().anyMatch(f -> f.getMethod().getType().getName()
                                .equals("org.springframework.ws.server.MessageDispatcher"))) {
                    samples.add(e);
                }
            }
        }
        assertTrue(samples.size() > 50, "dispatch samples: " + samples.size());
        int tagged = 0;
        for (jdk.jfr.consumer.RecordedEvent e : samples) {
            long at = nanos(e.getStartTime());
            for (long[] span : spans.getOrDefault(e.getThread("sampledThread").getJavaThreadId(), java.util.List.of())) {
                if (span[0] <= at && at <= span[1]) {
                    tagged++;
                    break;
                }
            }
        }
        return (double) tagged / samples.size();
    }

    private static long nanos(java.time.Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    private static void echo(BootJarUnderAgent app, int requests) {
        for (int i = 0; i < requests; i++) {
            String envelope = "<SOAP-ENV:Envelope xmlns:SOAP-ENV=\"http://schemas.xmlsoap.org/soap/envelope/\"><SOAP-ENV:Body>"
                    + "<echoRequest xmlns=\"http://www.springframework.org/spring-ws/samples/echo\">Hello</echoRequest>"
                    + "</SOAP-ENV:Body></SOAP-ENV:Envelope>";
            Http.Response r = Http.post(app.uri("/echo-server"), envelope, "text/xml; charset=utf-8", Map.of("SOAPAction", "\"\""));
            assertEquals(200, r.status(), r.body());
        }
    }

    @Test
    void requestsOnVirtualThreadsAreRecordedAndTheirAllocationIsAbsentNotZero() {
        JsonNode op = AgentEndpoint.operation(virtualPhases, OPERATION);
        assertEquals(REQUESTS, op.get("requests").asLong());
        for (String phase : new String[] {"soap.parse", "unmarshal", "invoke", "marshal", "soap.serialize"}) {
            assertTrue(op.get("phases").has(phase), phase + ": " + op);
        }
        assertFalse(virtualPhases.get("allocation_measured").asBoolean(), "allocation on virtual threads is not measured");
        assertEquals(0, op.get("alloc_measured_requests").asLong(), op.toPrettyString());
        assertFalse(op.has("alloc_bytes_per_request"), "absent, not zero: " + op);
        op.get("phases").forEach(p -> assertFalse(p.has("alloc_bytes"), "absent, not zero: " + p));
        assertTrue(virtualMetrics.samples("soapscope_request_allocated_bytes_count").isEmpty(), "no allocation series");
        assertTrue(virtualMetrics.samples("soapscope_phase_allocated_bytes_total").isEmpty(), "no allocation series");
        assertEquals(1, virtualOutput.split("allocation is not measured for requests on virtual threads", -1).length - 1,
                "said once: " + virtualOutput);
    }
}
