package dev.soapscope.agent;

import dev.soapscope.flamegraphs.Cli;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
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
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        try (ForkedServer server = ForkedServer.tomcat()
                .javaagent(AgentOnTomcatIT.AGENT, "port=0,profiler=cpu,profiler.interval.ms=1,profiler.dir=" + profiles)
                .jvmArg("-Djava.io.tmpdir=" + tmp)
                .servlet(SaajFactoryPerRequestServlet.class, "/echo").start()) {
            assertTrue(server.waitForOutput("profiling cpu continuously with async-profiler", Duration.ofSeconds(20)), server.output());
            Http.Response refused = AgentEndpoint.of(server).raw("/profile?seconds=1");
            assertEquals(409, refused.status(), refused.body());
            assertEquals(List.of(), profileTempFiles(tmp), "a refused /profile leaves nothing in java.io.tmpdir");
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
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        try (ForkedServer server = ForkedServer.tomcat().javaagent(AgentOnTomcatIT.AGENT, "port=0")
                .jvmArg("-Djava.io.tmpdir=" + tmp)
                .servlet(SaajFactoryPerRequestServlet.class, "/echo").start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            CompletableFuture<HttpResponse<byte[]>> taking = HttpClient.newHttpClient().sendAsync(
                    HttpRequest.newBuilder(agent.uri("/profile?seconds=3&event=wall")).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            Thread.sleep(1000);
            Http.Response busy = agent.raw("/profile?seconds=1"); // refused while the first runs
            assertEquals(409, busy.status(), busy.body());
            HttpResponse<byte[]> jfr = taking.get();
            assertEquals(200, jfr.statusCode());
            assertEquals("FLR", new String(jfr.body(), 0, 3));
            assertEquals(List.of(), profileTempFiles(tmp), "taken or refused, a profile leaves nothing in java.io.tmpdir");
            Http.Response bad = agent.raw("/profile?seconds=lots");
            assertEquals(400, bad.status());
            assertTrue(bad.body().contains("seconds must be a whole number from 1 to 300"), bad.body());
            assertEquals(400, agent.raw("/profile?event=cycles").status());
            assertEquals(400, agent.raw("/profile?colour=blue").status());
            Http.Response badPhase = agent.raw("/flamegraph?phase=nonsense");
            assertEquals(400, badPhase.status());
            assertTrue(badPhase.body().contains("phases: transport.read, soap.parse"), badPhase.body());
            Http.Response badNone = agent.raw("/flamegraph?none=maybe");
            assertEquals(400, badNone.status());
            assertTrue(badNone.body().contains("none must be show"), badNone.body());
            assertTrue(agent.raw("/profile?none=show").body().contains("unknown parameter; /profile takes"), "a flame graph's");

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
            // opens on the phases, in their colours, without the JIT's, GC's and idle threads' samples
            assertTrue(page.body().contains("let inverted = true;") && page.body().contains("/*soapscope: phase colours*/"),
                    page.body().substring(0, Math.min(300, page.body().length())));
            assertTrue(page.body().contains("[phase:none] not drawn: ") && page.body().contains("none=show in the address"
                    + " draws them"), page.body());
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

    @Test
    void theFirstProfileOfAFreshJvmTagsRequestSamplesWithTheirPhasesAsTheSecondDoes() throws Exception {
        try (ForkedServer server = ForkedServer.tomcat().javaagent(AgentOnTomcatIT.AGENT, "port=0,profiler.interval.ms=2")
                .servlet(SaajFactoryPerRequestServlet.class, "/echo").start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            AtomicBoolean loading = new AtomicBoolean(true);
            List<Thread> load = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                Thread t = new Thread(() -> {
                    while (loading.get()) {
                        Http.post(server.uri("/echo"), Soap.echoRequest("z".repeat(20_000)), Soap.CONTENT_TYPE, Map.of());
                    }
                });
                t.start();
                load.add(t);
            }
            double first;
            double second;
            try {
                // the load starts with the profile: the first requests of a fresh JVM are slow (classes loaded and
                // instrumented), so a phase segment can last much of the first profile
                first = taggedShare(profile(agent, 2));
                second = taggedShare(profile(agent, 2));
            } finally {
                loading.set(false);
                for (Thread t : load) {
                    t.join();
                }
            }
            System.err.printf("request-thread samples inside a phase span: first profile %.2f, second %.2f%n", first, second);
            assertTrue(second > 0.5, "second profile: " + second);
            assertTrue(first > second - 0.12, "first profile tags " + first + " of request samples, the second " + second);
        }
    }

    @Test
    void aKilledRunKeepsItsDocumentsAndItsCompleteSegmentsAndADeletedDirectoryComesBack() throws Exception {
        Path profiles = dir.resolve("profiles");
        try (ForkedServer server = ForkedServer.tomcat()
                .javaagent(AgentOnTomcatIT.AGENT, "port=0,profiler=cpu,profiler.interval.ms=1,profiler.dir=" + profiles)
                .jvmArg("-Dsoapscope.test.profiler.rotate.ms=1500")
                .servlet(SaajFactoryPerRequestServlet.class, "/echo").start()) {
            assertTrue(server.waitForOutput("profiling cpu continuously with async-profiler", Duration.ofSeconds(20)), server.output());
            AtomicBoolean loading = new AtomicBoolean(true);
            Thread load = new Thread(() -> {
                while (loading.get()) {
                    Http.post(server.uri("/echo"), Soap.echoRequest("k".repeat(20_000)), Soap.CONTENT_TYPE,
                            Map.of("SOAPAction", "urn:killed"));
                }
            });
            load.start();
            try {
                awaitRun(profiles);
                deleteTree(profiles); // someone cleans up: the next rotation creates it again
                awaitRun(profiles);
                assertTrue(server.waitForOutput("profiler.dir " + profiles + " was deleted: created it again",
                        Duration.ofSeconds(10)), server.output());
            } finally {
                loading.set(false);
                load.join();
            }
            ProcessHandle jvm = ProcessHandle.of(server.pid()).orElseThrow();
            jvm.destroyForcibly(); // kill -9: no shutdown hook writes anything
            jvm.onExit().get();
        }
        assertTrue(Files.size(profiles.resolve("phases.json")) > 0);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int flame = Cli.run(new String[] {"flame", profiles.toString(), "--out", dir.resolve("flame").toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, flame, out + "\n" + err);
        String flameOut = out.toString(StandardCharsets.UTF_8);
        assertTrue(flameOut.contains("requests)"), flameOut);
        assertTrue(flameOut.startsWith("warning: cannot read " + profiles.resolve("soapscope-")), // the one being written
                flameOut);
        int compare = Cli.run(new String[] {"compare", profiles.toString(), profiles.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, compare, out + "\n" + err);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("urn:killed"), out.toString(StandardCharsets.UTF_8));
    }

    /** Waits until the run directory holds a closed JFR file and a phases.json with the load's operation. */
    private static void awaitRun(Path profiles) throws Exception {
        long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < until) {
            Path phases = profiles.resolve("phases.json");
            if (jfrFiles(profiles).size() >= 2 && Files.exists(phases)
                    && Files.readString(phases).contains("\"operation\":\"urn:killed\"")) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no closed JFR file and phases.json in " + profiles + ": " + jfrFiles(profiles));
    }

    private static List<Path> jfrFiles(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.toString().endsWith(".jfr")).collect(Collectors.toList());
        }
    }

    private static void deleteTree(Path dir) throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static List<Path> profileTempFiles(Path tmp) throws Exception {
        try (Stream<Path> files = Files.list(tmp)) {
            return files.filter(p -> p.getFileName().toString().startsWith("soapscope-profile-")).collect(Collectors.toList());
        }
    }

    private Path profile(AgentEndpoint agent, int seconds) throws Exception {
        HttpResponse<Path> r = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(agent.uri("/profile?seconds=" + seconds)).build(),
                HttpResponse.BodyHandlers.ofFile(Files.createTempFile(dir, "profile-", ".jfr")));
        assertEquals(200, r.statusCode());
        return r.body();
    }

    /** The share of execution samples on Tomcat's request threads that fall inside a phase span of their thread. */
    private static double taggedShare(Path jfr) throws Exception {
        Map<Long, List<long[]>> spans = new HashMap<>();
        List<RecordedEvent> samples = new ArrayList<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(jfr)) {
            String type = e.getEventType().getName();
            if (type.equals("profiler.Span") && e.getThread() != null) {
                spans.computeIfAbsent(e.getThread().getJavaThreadId(), k -> new ArrayList<>())
                        .add(new long[] {nanos(e.getStartTime()), nanos(e.getEndTime())});
            } else if (type.equals("jdk.ExecutionSample")) {
                RecordedThread t = e.getThread("sampledThread");
                if (t != null && t.getJavaName() != null && t.getJavaName().contains("-exec-")) {
                    samples.add(e);
                }
            }
        }
        assertTrue(samples.size() > 20, "request-thread samples: " + samples.size());
        int tagged = 0;
        for (RecordedEvent e : samples) {
            long at = nanos(e.getStartTime());
            for (long[] span : spans.getOrDefault(e.getThread("sampledThread").getJavaThreadId(), List.of())) {
                if (span[0] <= at && at <= span[1]) {
                    tagged++;
                    break;
                }
            }
        }
        return (double) tagged / samples.size();
    }

    private static long nanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }
}
