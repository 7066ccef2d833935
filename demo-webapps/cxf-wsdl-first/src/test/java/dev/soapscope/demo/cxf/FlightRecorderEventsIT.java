package dev.soapscope.demo.cxf;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedClient;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Jdks;
import dev.soapscope.testkit.Wars;
import org.junit.jupiter.params.ParameterizedTest;
import org.openjdk.jmc.common.item.Attribute;
import org.openjdk.jmc.common.item.IAttribute;
import org.openjdk.jmc.common.item.IItem;
import org.openjdk.jmc.common.item.IItemCollection;
import org.openjdk.jmc.common.item.IItemIterable;
import org.openjdk.jmc.common.item.IMemberAccessor;
import org.openjdk.jmc.common.item.ItemFilters;
import org.openjdk.jmc.common.unit.UnitLookup;
import org.openjdk.jmc.flightrecorder.JfrLoaderToolkit;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * soapscope's Flight Recorder events in recordings of CXF's own wsdl_first sample, read by the JDK's own {@code jfr}
 * tool, on Java 17 and 25: the service (its WAR on Tomcat 11) under the agent, with a recording started with the JVM
 * ({@code -XX:StartFlightRecording}, Java 17) or once it runs ({@code jcmd PID JFR.start}, Java 25), dumped with
 * {@code jcmd}; the sample's own client main under the agent,
 * recording to a file the JVM writes as it exits. Each request the agent counted is one {@code soapscope.Request},
 * each call the client made one {@code soapscope.ClientCall}, with its operation, outcome and phases; JDK Mission
 * Control's own parser ({@code org.openjdk.jmc:flightrecorder}) reads the same requests.
 */
class FlightRecorderEventsIT {
    private static final String NS = "{http://customerservice.example.com/}";

    @ParameterizedTest(name = "Java {0}")
    @ValueSource(ints = {17, 25})
    void theSamplesRequestsAndCallsAreEventsTheJdksJfrToolReads(int java, @TempDir Path dir) throws Exception {
        Path jdk = java == 25 ? Jdks.java25().orElse(null) : Path.of(System.getProperty("java.home"));
        assumeTrue(jdk != null, "no Java 25 on this machine (SOAPSCOPE_TEST_JDK25, or /usr/lib/jvm/temurin-25*)");
        Path exploded = Wars.explode(Path.of(System.getProperty("cxf.war", "target/cxf-wsdl-first.war")),
                dir.resolve("webapp"));
        Path serverJfr = dir.resolve("server.jfr");
        Path clientJfr = dir.resolve("client.jfr");
        // on 17 the recording starts with the JVM, before the agent; on 25 later, with jcmd: both ways register them
        ForkedServer.Builder tomcat = ForkedServer.tomcat().javaHome(jdk).webapp(exploded).agentUnderTest();
        // soapscope.Phase is off unless a recording turns it on: this one does, every stretch however short
        String phasesOn = "+soapscope.Phase#enabled=true,+soapscope.Phase#threshold=0ms";
        if (java == 17) {
            tomcat.jvmArg("-XX:StartFlightRecording=name=soapscope," + phasesOn);
        }
        try (ForkedServer server = tomcat.start()) {
            if (java != 17) {
                run(jdk, "jcmd", String.valueOf(server.pid()), "JFR.start", "name=soapscope", phasesOn.split(",")[0],
                        phasesOn.split(",")[1]);
            }
            ForkedClient client = ForkedClient.main("com.example.customerservice.client.CustomerServiceClient")
                    .javaHome(jdk)
                    .classpath(exploded.resolve("WEB-INF/classes"), exploded.resolve("WEB-INF/lib"))
                    .agentUnderTest(null)
                    .jvmArgs("-XX:StartFlightRecording=filename=" + clientJfr + ",+soapscope.HotSpot#enabled=true")
                    .args(server.uri("/services/CustomerServicePort?wsdl").toString())
                    .start();
            client.await("All calls were successful", Duration.ofSeconds(90));
            client.close();
            JsonNode phases = AgentEndpoint.of(server).phases();
            long served = 0;
            for (JsonNode op : phases.path("operations")) {
                served += op.path("requests").asLong();
            }
            run(jdk, "jcmd", String.valueOf(server.pid()), "JFR.dump", "name=soapscope", "filename=" + serverJfr);

            String requests = run(jdk, "jfr", "print", "--events", "soapscope.Request", serverJfr.toString());
            String summary = run(jdk, "jfr", "summary", serverJfr.toString());
            String phaseEvents = run(jdk, "jfr", "print", "--events", "soapscope.Phase", serverJfr.toString());
            String calls = run(jdk, "jfr", "print", "--events", "soapscope.ClientCall", clientJfr.toString());
            String hotSpots = run(jdk, "jfr", "print", "--events", "soapscope.HotSpot", clientJfr.toString());
            long servedNow = served;
            System.out.println("[jfr] Java " + java + ": " + count(requests, "soapscope.Request {") + " soapscope.Request for "
                    + servedNow + " requests counted; " + count(calls, "soapscope.ClientCall {") + " soapscope.ClientCall; "
                    + count(hotSpots, "soapscope.HotSpot {") + " soapscope.HotSpot on the client " + kinds(hotSpots) + ";"
                    + " first request event:\n" + first(requests) + "\nfirst call event:\n" + first(calls));
            List<org.junit.jupiter.api.function.Executable> checks = new ArrayList<>(List.of(
                    () -> assertTrue(servedNow >= 3, "the server counted " + servedNow + " requests"),
                    () -> assertEquals(servedNow, count(requests, "soapscope.Request {"), requests),
                    () -> assertTrue(requests.contains("operation = \"" + NS + "getCustomersByName\""), requests),
                    () -> assertTrue(Pattern.compile("unmarshal = \\d").matcher(requests).find(), requests),
                    () -> assertTrue(summary.matches("(?s).*soapscope\\.Request\\s+" + servedNow + "\\s.*"), summary),
                    // each request's stretches in its phases, on its thread: unmarshal and invoke at least
                    () -> assertTrue(phaseEvents.contains("phase = \"unmarshal\"") && phaseEvents.contains("phase = \"invoke\""),
                            phaseEvents),
                    () -> assertEquals(3, count(calls, "soapscope.ClientCall {"), calls),
                    () -> assertEquals(2, count(calls, "operation = \"" + NS + "getCustomersByName\""), calls),
                    () -> assertEquals(1, count(calls, "outcome = \"fault\""), calls),
                    () -> assertTrue(calls.contains("peer = \"" + server.uri("/").getHost() + ":" + server.port() + "\""),
                            calls),
                    // the sample builds its Service and port: client.create, at its own line
                    () -> assertTrue(Pattern.compile("kind = \"client\\.create\"\\s+site = \"[^\"]*\"\\s+caller = "
                            + "\"[^\"]*CustomerServiceClient").matcher(hotSpots).find(), hotSpots)));
            List<String> jmcOperations = jmcOperations(serverJfr);
            checks.add(() -> assertEquals(servedNow, jmcOperations.size(), "JMC's parser: " + jmcOperations));
            checks.add(() -> assertTrue(jmcOperations.contains(NS + "getCustomersByName"), jmcOperations.toString()));
            if (java >= 21) { // jfr view: Java 21 and later
                String view = run(jdk, "jfr", "view", "--width", "450", "--truncate", "beginning", "soapscope.Request",
                        serverJfr.toString());
                // a table of the requests under the event's label, a column per phase; narrow columns keep the
                // operation's end (getCustomersByName)
                checks.add(() -> assertTrue(view.contains("SOAP Request") && view.contains("unmarshal")
                        && view.contains("ByName"), view));
                Files.writeString(Path.of("target", "jfr-view-soapscope.Request.txt"), view); // what docs/traces-and-jfr.md shows
            }
            assertAll("Java " + java, checks);
        }
    }

    /** Runs one of the JDK's tools; its output, or a failure with it. */
    private static String run(Path jdk, String tool, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(jdk.resolve("bin").resolve(tool).toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), String.join(" ", command) + " did not end");
        String text = new String(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), String.join(" ", command) + ":\n" + text);
        return text;
    }

    private static long count(String text, String what) {
        Matcher m = Pattern.compile(Pattern.quote(what)).matcher(text);
        long n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    /** The operation of each soapscope.Request in the recording, read with JMC's own parser. */
    private static List<String> jmcOperations(Path jfr) throws Exception {
        IItemCollection requests = JfrLoaderToolkit.loadEvents(jfr.toFile())
                .apply(ItemFilters.type("soapscope.Request"));
        IAttribute<String> operation = Attribute.attr("operation", "Operation", UnitLookup.PLAIN_TEXT);
        List<String> operations = new ArrayList<>();
        for (IItemIterable type : requests) {
            IMemberAccessor<String, IItem> read = operation.getAccessor(type.getType());
            for (IItem item : type) {
                operations.add(read.getMember(item));
            }
        }
        return operations;
    }

    /** How many events of each hot-spot kind. */
    private static java.util.Map<String, Long> kinds(String printed) {
        java.util.Map<String, Long> kinds = new java.util.TreeMap<>();
        Matcher m = Pattern.compile("kind = \"([^\"]+)\"").matcher(printed);
        while (m.find()) {
            kinds.merge(m.group(1), 1L, Long::sum);
        }
        return kinds;
    }

    private static String first(String printed) {
        int end = printed.indexOf("\n}\n");
        return end < 0 ? printed : printed.substring(0, end + 2);
    }
}
