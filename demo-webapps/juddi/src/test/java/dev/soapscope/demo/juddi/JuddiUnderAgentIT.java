package dev.soapscope.demo.juddi;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AccessLogTruth;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ClasspathFile;
import dev.soapscope.testkit.ForkedClient;
import dev.soapscope.testkit.ForkedServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Apache jUDDI 3.3.10, a UDDI v3 registry: its registry (juddi-core's UDDI v3 services on CXF 3.3.4, Hibernate 5.4 and
 * an embedded Derby) on Tomcat 9 under the agent, and its own client ({@code juddi-client}, {@link UddiRounds}) in a
 * JVM of its own under the agent. Apache never published jUDDI's WAR on Maven Central, only its jars: the test lays the
 * webapp out from those jars (src/classpaths/server) and the deployment files of src/webapp, which are ours (the CXF
 * servlet and endpoints, the persistence unit, jUDDI's configuration).
 *
 * <p>The truth is Tomcat's access log ({@link AccessLogTruth}): jUDDI's client sends the UDDI v3 WSDL's SOAPAction (the
 * operation's own name); the driver's own per-operation counts are printed beside.
 *
 * <p>Everything is collected once, in {@link #runRounds()}; each test checks one claim against it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JuddiUnderAgentIT {
    static final int ROUNDS = 60;
    /** The share of each operation's time that named phases (all but {@code other}) must account for, on each side. */
    static final double NAMED_SHARE = 0.90;
    /**
     * CXF 3.3 reads the UDDI v3 WSDL's schemas (xmldsig's imports a DTD from the jar) with secure processing on, which
     * denies external DTDs unless the JVM allows them: what jUDDI's client needs on any JDK since 8u.
     */
    static final String[] CLIENT_OPTIONS = {"-Djavax.xml.accessExternalDTD=file,jar"};

    @TempDir
    static Path dir;
    /** From the access log: POSTs per SOAPAction, the 500s (SOAP faults), GETs, and requests on a new connection. */
    private AccessLogTruth truth;
    private JsonNode serverPhases;
    private JsonNode serverHotspots;
    private JsonNode clientPhases;
    private JsonNode clientHotspots;

    @BeforeAll
    void runRounds() throws Exception {
        Path webapp = layOutWebapp(dir.resolve("webapp"));
        Path accessLog = AccessLogTruth.configure(webapp, dir.resolve("access-log"));
        // the JDK's own JIT, as a production server has it
        ForkedServer.Builder builder = ForkedServer.tomcat9().fullJit().webapp(webapp)
                .javaagent(ForkedServer.agentJarUnderTest(), "port=0")
                // Derby's own log, which it writes in the working directory otherwise
                .jvmArg("-Dderby.stream.error.file=" + dir.resolve("derby.log"));
        long started = System.nanoTime();
        String clientOutput;
        try (ForkedServer server = builder.start()) {
            AgentEndpoint serverAgent = AgentEndpoint.of(server);
            Path config = writeClientConfig(dir.resolve("uddi.xml"), server.baseUri() + "/services/");
            try (ForkedClient client = ForkedClient.main(UddiRounds.class.getName())
                    .classpath(Path.of("target/test-classes"))
                    .classpath(classpath("client").toArray(Path[]::new))
                    .agentUnderTest(null)
                    .jvmArgs(CLIENT_OPTIONS)
                    .args(config.toString(), String.valueOf(ROUNDS))
                    .start()) {
                client.await(UddiRounds.DONE, Duration.ofMinutes(3));
                AgentEndpoint clientAgent = client.agent();
                clientPhases = clientAgent.phases();
                clientHotspots = clientAgent.hotspots();
                keep("client-phases", clientPhases);
                keep("client-hotspots", clientHotspots);
                clientOutput = client.output();
            }
            serverPhases = AccessLogTruth.awaitRequests(serverAgent, accessLog);
            serverHotspots = serverAgent.hotspots();
            keep("server-phases", serverPhases);
            keep("server-hotspots", serverHotspots);
        }
        truth = AccessLogTruth.read(accessLog);
        System.err.printf("jUDDI: %d rounds in %.1f s; the driver's %s%n%-22s %6s %6s %6s%n", ROUNDS,
                (System.nanoTime() - started) / 1e9, line(clientOutput, UddiRounds.CALLS), "SOAPAction", "truth",
                "server", "client");
        Map<String, Long> server = AgentEndpoint.requestsPerOperation(serverPhases);
        Map<String, Long> client = AgentEndpoint.callsPerOperation(clientPhases);
        truth.posts.forEach((op, n) -> System.err.printf("%-22s %6d %6s %6s%n", op, n, server.get(op), client.get(op)));
        System.err.printf("SOAP faults (HTTP 500) per SOAPAction: %s; GETs: %d%n", truth.faults, truth.gets);
        Map<String, Long> clientReconnects = new TreeMap<>();
        for (JsonNode spot : clientHotspots.get("hotspots")) {
            if (spot.get("kind").asText().equals("connection.new")) {
                spot.get("clients").forEach(c -> clientReconnects.merge(c.get("operation").asText(),
                        c.get("count").asLong(), Long::sum));
            }
        }
        System.err.printf("requests on a new connection after the first, per SOAPAction: access log %s, client"
                + " connection.new %s%n", truth.reconnects, clientReconnects);
    }

    /** a. Per operation, the server's requests and the client's calls are the access log's requests. */
    @Test
    void eachRequestAndCallIsCountedOncePerOperation() {
        assertEquals((long) ROUNDS * 8 + ROUNDS / UddiRounds.MISSING_EVERY,
                truth.posts.values().stream().mapToLong(Long::longValue).sum(), "POSTs in the access log: 8 per round and"
                        + " one more every fifth round");
        truth.assertCounts(serverPhases, clientPhases);
    }

    /** b. The missing business's SOAP faults: server_error on the server, fault on the client. */
    @Test
    void faultsAreServerErrorsOnTheServerAndFaultsOnTheClient() {
        assertEquals(Map.of("get_businessDetail", (long) ROUNDS / UddiRounds.MISSING_EVERY), truth.faults,
                "the access log's 500s: one get_businessDetail per fifth round");
        truth.assertFaults(serverPhases, clientPhases);
    }

    /** e. The same operation has the same name on both sides. */
    @Test
    void bothSidesNameOperationsAlike() {
        AccessLogTruth.assertSameNames(serverPhases, clientPhases);
    }

    /**
     * f. Per operation on each side, named phases account for at least {@value #NAMED_SHARE} of the time; printed with
     * the phases' shares and the hot spots per request (with the caller line of each, from /hotspots).
     */
    @Test
    void namedPhasesHoldAtLeastNinetyPercentOfEachOperation() {
        List<String> short_ = new ArrayList<>();
        StringBuilder report = new StringBuilder("named-phase shares and hot spots per request\n");
        for (JsonNode op : AgentEndpoint.soapOperations(serverPhases)) {
            describe(report, "server", op, serverHotspots, "operations", short_);
        }
        for (JsonNode call : clientPhases.get("clients")) {
            describe(report, "client", call, clientHotspots, "clients", short_);
        }
        System.err.print(report);
        assertTrue(short_.isEmpty(), "operations whose named phases hold less than " + NAMED_SHARE + " of the time: "
                + short_ + "\n" + report);
    }

    private static void describe(StringBuilder report, String side, JsonNode entry, JsonNode hotspots, String list,
            List<String> short_) {
        String name = entry.get("operation").asText();
        double named = 1 - AgentEndpoint.otherShare(entry);
        report.append(String.format("%s %-22s %5d requests, mean %7.0f us, named %5.1f%%:", side, name,
                entry.get("requests").asLong(), entry.path("duration_us").path("mean").asDouble(), 100 * named));
        for (Iterator<Map.Entry<String, JsonNode>> it = entry.get("phases").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> phase = it.next();
            report.append(String.format(" %s %.1f%%", phase.getKey(), 100 * phase.getValue().path("share").asDouble()));
        }
        report.append('\n');
        for (JsonNode spot : hotspots.get("hotspots")) {
            for (JsonNode where : spot.get(list)) {
                if (where.get("operation").asText().equals(name)) {
                    double perRequest = where.path(list.equals("clients") ? "per_call" : "per_request").asDouble();
                    report.append(String.format("    %-26s %8.2f per request  %s  at %s%n", spot.get("kind").asText(),
                            perRequest, spot.get("site").asText(), spot.get("caller").asText()));
                }
            }
        }
        if (named < NAMED_SHARE) {
            short_.add(side + " " + name + String.format(" %.1f%%", 100 * named));
        }
    }

    /** The webapp: src/webapp's deployment files and, in WEB-INF/lib, the jars of src/classpaths/server. */
    private static Path layOutWebapp(Path webapp) throws IOException {
        Path source = Path.of(System.getProperty("juddi.webapp", "src/webapp"));
        try (Stream<Path> files = Files.walk(source)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path target = webapp.resolve(source.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        Path lib = Files.createDirectories(webapp.resolve("WEB-INF/lib"));
        for (Path jar : classpath("server")) {
            Files.copy(jar, lib.resolve(jar.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
        }
        return webapp;
    }

    /** juddi-client's configuration: one node, the registry under test, reached through its JAX-WS transport. */
    private static Path writeClientConfig(Path file, String services) throws IOException {
        Files.writeString(file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<uddi>\n"
                + "  <reloadDelay>5000</reloadDelay>\n"
                + "  <client name=\"soapscope-uddi-rounds\">\n    <nodes>\n      <node>\n"
                + "        <name>default</name>\n"
                + "        <description>the jUDDI registry under test</description>\n"
                + "        <proxyTransport>org.apache.juddi.v3.client.transport.JAXWSTransport</proxyTransport>\n"
                + "        <securityUrl>" + services + "security</securityUrl>\n"
                + "        <inquiryUrl>" + services + "inquiry</inquiryUrl>\n"
                + "        <publishUrl>" + services + "publish</publishUrl>\n"
                + "        <custodyTransferUrl>" + services + "custody-transfer</custodyTransferUrl>\n"
                + "        <subscriptionUrl>" + services + "subscription</subscriptionUrl>\n"
                + "      </node>\n    </nodes>\n  </client>\n</uddi>\n");
        return file;
    }

    /** The jars of src/classpaths/NAME, as maven-invoker-plugin's run of its pom listed them. */
    private static List<Path> classpath(String name) {
        return ClasspathFile.jars(Path.of(System.getProperty("juddi.classpaths", "target/classpaths"), name,
                "target", "classpath.txt"));
    }

    private static String line(String output, String prefix) {
        return output.lines().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no line '" + prefix + "' in the client's output:\n" + output));
    }

    /** What the agents said, in target/ for whoever reads the figures (not checked). */
    private static void keep(String name, JsonNode document) throws IOException {
        Files.writeString(Path.of("target", "juddi-" + name + ".json"), document.toPrettyString());
    }
}
