package dev.soapscope.demo.axis1;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedClient;
import dev.soapscope.testkit.ForkedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.stream.Stream;
import javax.tools.ToolProvider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Axis 1.4's own stock sample (unmodified: {@code GetQuote} and {@code StockQuoteService}, deployed with its
 * {@code deploy.wsdd} and {@code users.lst}) on Tomcat 9, its client's {@code main} run in a client JVM under the agent
 * that exits when done: the run directory keeps the figures. {@code GetQuote -c N} makes N calls from one
 * {@code Service}, each on Axis's default {@code HTTPSender}, which opens a new socket for every call: flagged as
 * {@code connection.new} at about one per call; a wrong password is answered by a SOAP fault.
 */
class StockSampleUnderAgentIT {
    private static final String OPERATION = "{urn:xmltoday-delayed-quotes}getQuote";
    private static final String SERVICE_BUILT = "Axis 1 Service built (client-config.wsdd read; from a WSDL, the WSDL parsed)";
    private static final int CALLS = 200;

    @TempDir
    static Path webapp;
    private static ForkedServer server;
    private static String url;

    @BeforeAll
    static void deploy() throws IOException {
        Path dir = QuoteClient.explodedWar(webapp);
        Path sample = Path.of("src/sample-stock/samples/stock");
        // what AdminClient deploy.wsdd would add to the server's deployment: the sample's <service> elements
        String deployment = Files.readString(sample.resolve("deploy.wsdd"), StandardCharsets.UTF_8);
        String services = deployment.substring(deployment.indexOf("<service "), deployment.lastIndexOf("</deployment>"));
        Path config = dir.resolve("WEB-INF/server-config.wsdd");
        String wsdd = Files.readString(config, StandardCharsets.UTF_8);
        int transport = wsdd.indexOf("<transport name=\"http\">");
        Files.writeString(config, wsdd.substring(0, transport) + services + wsdd.substring(transport), StandardCharsets.UTF_8);
        Files.copy(sample.resolve("users.lst"), dir.resolve("WEB-INF/users.lst"));
        // compiled for Java 8, as Axis 1.4 reads the service's byte code for its parameter names
        int compiled = ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "8", "-nowarn",
                "-d", dir.resolve("WEB-INF/classes").toString(), sample.resolve("StockQuoteService.java").toString());
        assertEquals(0, compiled, "javac of the sample's service");
        server = ForkedServer.tomcat9().webapp(dir).start();
        url = server.uri("/services/urn:xmltoday-delayed-quotes").toString();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void everyCallOpensANewConnection(@TempDir Path run) throws Exception {
        ForkedClient client = getQuote(run, "-l" + url, "-uuser1", "-wpass1", "-c" + CALLS, "XXX");
        client.await("XXX: 55.25", Duration.ofSeconds(120));
        JsonNode call = AgentEndpoint.client(phasesAfterExit(client, run), OPERATION);
        assertEquals(CALLS, call.get("requests").asLong(), call.toPrettyString());
        assertEquals(CALLS, call.get("outcomes").get("success").asLong());
        assertEquals("127.0.0.1:" + server.port(), call.get("peer").asText());
        assertTrue(AgentEndpoint.otherShare(call) <= 0.10, "other's share " + AgentEndpoint.otherShare(call) + ": " + call);
        assertTrue(call.get("phases").has("connect"), call.toPrettyString());
        double perCall = call.get("hotspots_per_request").path("connection.new").asDouble();
        assertTrue(perCall > 0.95, "HTTPSender's socket per call, after the first: " + perCall + " in " + call);
        JsonNode hotspots = new ObjectMapper().readTree(run.resolve("hotspots.json").toFile());
        JsonNode built = AgentEndpoint.site(hotspots, "client.create", SERVICE_BUILT);
        assertEquals(1, built.get("total").asLong(), "one Service for every call: " + built);
        assertTrue(built.get("callers").toString().contains("GetQuote.getQuote"), built.toString());
    }

    @Test
    void aWrongPasswordIsAFault(@TempDir Path run) throws Exception {
        ForkedClient client = getQuote(run, "-l" + url, "-uuser1", "-wpass2", "XXX");
        client.await("AxisFault", Duration.ofSeconds(120));
        JsonNode call = AgentEndpoint.client(phasesAfterExit(client, run), OPERATION);
        assertEquals(1, call.get("outcomes").get("fault").asLong(), call.toPrettyString());
    }

    private static ForkedClient getQuote(Path run, String... args) {
        Path[] classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of).toArray(Path[]::new);
        return ForkedClient.main("samples.stock.GetQuote").classpath(classpath)
                .agentUnderTest("profiler=cpu,profiler.dir=" + run).args(args).start();
    }

    /**
     * The run directory's phases.json once the client JVM has exited (written at shutdown); the run (its JFR file, a
     * CPU profile of the client) is kept in target/ for whoever reads the figures.
     */
    private static JsonNode phasesAfterExit(ForkedClient client, Path run) throws IOException {
        client.close();
        try (Stream<Path> files = Files.list(run)) {
            assertTrue(files.anyMatch(p -> p.getFileName().toString().equals("phases.json")), client.output());
        }
        Path kept = Files.createDirectories(Path.of("target", "stock-client-runs", run.getFileName().toString()));
        try (Stream<Path> files = Files.list(run)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, kept.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return new ObjectMapper().readTree(run.resolve("phases.json").toFile());
    }
}
