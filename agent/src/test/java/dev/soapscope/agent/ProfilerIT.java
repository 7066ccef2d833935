package dev.soapscope.agent;

import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** async-profiler inside the agent: continuous into a directory, on demand over HTTP, and the fallback. */
class ProfilerIT {
    @TempDir
    Path dir;

    @Test
    void continuousProfilingWritesTaggedJfrAndTheRunsPhases() throws Exception {
        Path profiles = dir.resolve("profiles");
        try (ForkedServer server = ForkedServer.tomcat()
                .javaagent(AgentOnTomcatIT.AGENT, "port=0,profiler=cpu,profiler.interval.ms=1,profiler.dir=" + profiles)
                .servlet(SaajFactoryPerRequestServlet.class, "/echo").start()) {
            assertTrue(server.waitForOutput("profiling cpu continuously with async-profiler", Duration.ofSeconds(20)), server.output());
            // a fixed amount of work, not a fixed time: a busy build machine must not make this test flaky
            for (int i = 0; i < 40; i++) {
                Http.Response r = Http.post(server.uri("/echo"), Soap.echoRequest("x".repeat(20_000)), Soap.CONTENT_TYPE,
                        Map.of("SOAPAction", "urn:profiled"));
                assertEquals(200, r.status());
            }
        } // closing the server stops the JVM: the shutdown hook finishes the JFR file and writes phases.json
        List<Path> jfrs;
        try (Stream<Path> files = Files.list(profiles)) {
            jfrs = files.filter(p -> p.toString().endsWith(".jfr")).collect(Collectors.toList());
        }
        assertEquals(1, jfrs.size(), jfrs.toString());
        assertTrue(Files.readString(profiles.resolve("phases.json")).contains("\"operation\":\"urn:profiled\""));
        assertTrue(Files.exists(profiles.resolve("hotspots.json")));

        Set<String> tags = new HashSet<>();
        int samples = 0;
        try (RecordingFile recording = new RecordingFile(jfrs.get(0))) {
            while (recording.hasMoreEvents()) {
                RecordedEvent e = recording.readEvent();
                String type = e.getEventType().getName();
                if (type.equals("profiler.Span")) {
                    tags.add(e.getString("tag"));
                } else if (type.equals("jdk.ExecutionSample")) {
                    samples++;
                }
            }
        }
        assertTrue(samples > 0, "no samples");
        assertTrue(tags.contains("soap.parse") || tags.contains("transport.read") || tags.contains("other"),
                "phase tags on spans: " + tags);
    }

    @Test
    void onDemandProfileOverHttpAndClearErrors() throws Exception {
        try (ForkedServer server = ForkedServer.tomcat().javaagent(AgentOnTomcatIT.AGENT, "port=0")
                .servlet(SaajFactoryPerRequestServlet.class, "/echo").start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            HttpResponse<byte[]> jfr = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(agent.uri("/profile?seconds=1&event=wall")).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, jfr.statusCode());
            assertEquals("FLR", new String(jfr.body(), 0, 3));
            Http.Response bad = agent.raw("/profile?seconds=lots");
            assertEquals(400, bad.status());
            assertTrue(bad.body().contains("seconds must be a whole number from 1 to 300"), bad.body());
            assertEquals(400, agent.raw("/profile?event=cycles").status());
            assertEquals(400, agent.raw("/profile?colour=blue").status());
            Http.Response badPhase = agent.raw("/flamegraph?phase=nonsense");
            assertEquals(400, badPhase.status());
            assertTrue(badPhase.body().contains("phases: transport.read, soap.parse"), badPhase.body());

            // a flame graph of two seconds of load, served as a page
            Thread load = new Thread(() -> {
                long until = System.nanoTime() + Duration.ofSeconds(3).toNanos();
                while (System.nanoTime() < until) {
                    Http.post(server.uri("/echo"), Soap.echoRequest("y".repeat(20_000)), Soap.CONTENT_TYPE, Map.of());
                }
            });
            load.start();
            Http.Response page = agent.raw("/flamegraph?seconds=2");
            load.join();
            assertEquals(200, page.status(), page.body());
            assertTrue(page.header("Content-Type").orElse("").startsWith("text/html"), page.toString());
            assertTrue(page.body().contains("<canvas"), page.body().substring(0, Math.min(300, page.body().length())));
        }
    }

    @Test
    void withoutAsyncProfilerItFallsBackToFlightRecorderAndKeepsServing() throws Exception {
        try (ForkedServer server = ForkedServer.tomcat().javaagent(AgentOnTomcatIT.AGENT, "port=0")
                .jvmArg("-Done.profiler.extractPath=/proc/soapscope-cannot-write-here")
                .servlet(SaajFactoryPerRequestServlet.class, "/echo").start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            HttpResponse<byte[]> jfr = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(agent.uri("/profile?seconds=1")).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, jfr.statusCode(), new String(jfr.body()));
            assertEquals("FLR", new String(jfr.body(), 0, 3));
            assertTrue(server.output().contains("profiling with the JDK's Flight Recorder instead"), server.output());
            Http.Response r = Http.post(server.uri("/echo"), Soap.echoRequest("still"), Soap.CONTENT_TYPE, Map.of());
            Soap.assertEnvelopeWithText(r.body(), "still");
            assertFalse(server.output().contains("Exception in thread"), server.output());
        }
    }
}
