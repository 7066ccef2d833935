package dev.soapscope.demo.axis2;

import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Wars;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code flame} on the Axis2 1.8.0 webapp profiled continuously from the JVM's start, as a user runs it: every sample
 * counted once, and the samples taken inside the servlet under the request's phases. Axis2 with its DEBUG logging has
 * deep stacks the JIT recompiles while the run goes on, so the converter suffixes many frames differently among all
 * samples ({@code _[j]}) than among one phase's ({@code _[1]}); flame took the phases' stacks away from all samples
 * string by string and left those under {@code [phase:none]} too: 17% of the servlet's samples, the total 4% above
 * the recording's (15 s at 1 ms, 7,216 samples in the servlet). The agent's spans cover a request whole, from the
 * recorder's request start to its end (time no phase claims is {@code other}); what stays outside them is the agent's
 * own bookkeeping around the request (3-8% of the servlet's samples on this young JVM), and that is not the
 * application's work: it is left out of the count here.
 */
class Axis2FlameGraphUnderAgentIT {
    private static final int REQUESTS_PER_CLIENT = 500;
    private static final String GET_VERSION = "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:ns=\"http://axisversion.sample\"><soapenv:Body><ns:getVersion/></soapenv:Body></soapenv:Envelope>";

    @TempDir
    Path dir;

    @Test
    void flameCountsEverySampleOnceAndPutsTheServletsSamplesInTheirPhases() throws Exception {
        Path webapp = Wars.explode(Path.of(System.getProperty("axis2.war", "target/axis2-webapp.war")), dir.resolve("webapp"));
        Path run = dir.resolve("run");
        try (ForkedServer server = ForkedServer.tomcat9().webapp(webapp).javaagent(VersionServiceUnderAgent.agentJar(),
                "port=0,profiler=cpu,profiler.interval.ms=1,profiler.dir=" + run).start()) {
            assertTrue(server.waitForOutput("profiling cpu continuously with async-profiler", Duration.ofSeconds(20)),
                    server.output());
            List<Thread> clients = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Thread t = new Thread(() -> {
                    for (int r = 0; r < REQUESTS_PER_CLIENT; r++) {
                        Http.post(server.uri("/services/Version"), GET_VERSION, "text/xml; charset=utf-8",
                                Map.of("SOAPAction", "\"\""));
                    }
                });
                t.start();
                clients.add(t);
            }
            for (Thread t : clients) {
                t.join();
            }
        } // the JVM's stop ends the JFR file

        Path flame = dir.resolve("flame");
        Process cli = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                VersionServiceUnderAgent.agentJar().toString(), "flame", run.toString(), "--out", flame.toString())
                .redirectErrorStream(true).start();
        String said = new String(cli.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(cli.waitFor(2, TimeUnit.MINUTES), said);
        assertEquals(0, cli.exitValue(), said);

        long total = 0;
        long bookkeeping = 0;
        long inServlet = 0;
        long inServletNone = 0;
        for (String line : Files.readAllLines(flame.resolve("flame.collapsed"))) {
            long count = Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
            total += count;
            if (line.contains("dev/soapscope/recorder/Recorder.request")) { // requestStart, requestEnd
                bookkeeping += count;
            } else if (line.contains("javax/servlet/http/HttpServlet.service")) {
                inServlet += count;
                if (line.startsWith("[phase:none];")) {
                    inServletNone += count;
                }
            }
        }
        System.err.printf("flame: %d samples of %d recorded; the application's in HttpServlet.service %d, of them"
                + " [phase:none] %d (%.1f%%); the agent's request bookkeeping %d%n", total, executionSamples(run),
                inServlet, inServletNone, 100.0 * inServletNone / inServlet, bookkeeping);
        assertEquals(executionSamples(run), total, "every sample once: " + said);
        assertTrue(inServlet > 500, "samples in the servlet: " + inServlet);
        assertTrue(inServletNone <= 0.05 * inServlet, inServletNone + " of the servlet's " + inServlet
                + " samples under [phase:none]");
    }

    private static long executionSamples(Path run) throws Exception {
        List<Path> jfrs;
        try (Stream<Path> files = Files.list(run)) {
            jfrs = files.filter(p -> p.toString().endsWith(".jfr")).collect(Collectors.toList());
        }
        long samples = 0;
        for (Path jfr : jfrs) {
            try (RecordingFile recording = new RecordingFile(jfr)) {
                while (recording.hasMoreEvents()) {
                    if (recording.readEvent().getEventType().getName().equals("jdk.ExecutionSample")) {
                        samples++;
                    }
                }
            }
        }
        return samples;
    }
}
