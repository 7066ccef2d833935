package dev.soapscope.demo.springwsecho;

import com.fasterxml.jackson.databind.JsonNode;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Spring-WS echo sample's own clients (SAAJ and Spring-WS, unmodified) calling the sample's server jar, each in a
 * client JVM under the agent: every call counted once and named by its payload, its time in named phases, the server
 * counting the same requests, and the clients built at the line that builds them. The SAAJ client opens a
 * {@code SOAPConnection} in every call: flagged there, at one per call.
 */
class EchoClientsUnderAgentIT {
    private static final String OPERATION = "{http://www.springframework.org/spring-ws/samples/echo}echoRequest";
    private static final String CONNECTION_BUILT = "SAAJ SOAPConnection built (with a MessageFactory of its own)";
    private static final String TEMPLATE_BUILT = "Spring-WS WebServiceTemplate built (a message factory and a message sender of its own)";
    private static final int ROUNDS = 100;

    private static BootJarUnderAgent server;
    private static String url;

    @BeforeAll
    static void startServer() {
        server = BootJarUnderAgent.startFullJit(agentJar(), echoJar());
        url = server.uri("/echo-server/services").toString();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theSaajClientOpensAConnectionInEveryCall() throws Exception {
        long served = servedSoFar();
        try (ForkedClient client = driver("saaj")) {
            AgentEndpoint agent = client.agent();
            JsonNode call = AgentEndpoint.client(agent.phases(), OPERATION);
            keep("saaj", call);
            assertEquals(ROUNDS, call.get("requests").asLong(), call.toPrettyString());
            assertEquals(ROUNDS, call.get("outcomes").get("success").asLong());
            assertEquals("127.0.0.1:" + server.uri("/").getPort(), call.get("peer").asText());
            assertTrue(AgentEndpoint.otherShare(call) <= 0.10, "other's share " + AgentEndpoint.otherShare(call) + ": " + call);
            JsonNode built = AgentEndpoint.site(agent.hotspots(), "client.create", CONNECTION_BUILT);
            assertEquals(1.0, built.get("per_call").asDouble(), 0.01, built.toPrettyString());
            assertTrue(built.get("callers").toString().contains("EchoClient.callWebService"), "at the sample's line: " + built);
        }
        assertEquals(ROUNDS, servedSoFar() - served, "the server counted the client's calls");
    }

    @Test
    void theSpringWsClientReusesItsTemplate() throws Exception {
        try (ForkedClient client = driver("spring-ws")) {
            AgentEndpoint agent = client.agent();
            JsonNode call = AgentEndpoint.client(agent.phases(), OPERATION);
            keep("spring-ws", call);
            assertEquals(ROUNDS, call.get("requests").asLong(), call.toPrettyString());
            assertTrue(AgentEndpoint.otherShare(call) <= 0.10, "other's share " + AgentEndpoint.otherShare(call) + ": " + call);
            JsonNode built = AgentEndpoint.site(agent.hotspots(), "client.create", TEMPLATE_BUILT);
            assertEquals(1, built.get("total").asLong(), built.toPrettyString());
        }
    }

    @Test
    void aSpringWsClientBuiltForEveryCallIsReportedAtTheLineThatBuildsIt() {
        try (ForkedClient client = driver("spring-ws-per-call")) {
            AgentEndpoint agent = client.agent();
            assertEquals(ROUNDS, AgentEndpoint.client(agent.phases(), OPERATION).get("requests").asLong());
            JsonNode built = AgentEndpoint.site(agent.hotspots(), "client.create", TEMPLATE_BUILT);
            assertEquals(1.0, built.get("per_call").asDouble(), 0.01, built.toPrettyString());
            assertTrue(built.get("callers").toString().contains("EchoClientsDriver.springWsClient"),
                    "past the gateway's and the sample client's constructors: " + built);
        }
    }

    /**
     * Over Spring-WS's Apache HttpClient 5 sender (its pool, its blocking sockets): each call counted and named, its
     * connection kept alive (the connect phase in a call per 100 at the most), no call work in background.
     */
    @Test
    void theHttpComponents5SendersCallsAreCountedOnTheirPooledConnection() throws Exception {
        try (ForkedClient client = driver("spring-ws-hc5")) {
            AgentEndpoint agent = client.agent();
            JsonNode phases = agent.phases();
            JsonNode call = AgentEndpoint.client(phases, OPERATION);
            keep("spring-ws-hc5", call);
            assertEquals(ROUNDS, call.get("requests").asLong(), call.toPrettyString());
            assertEquals(ROUNDS, call.get("outcomes").get("success").asLong());
            assertEquals("127.0.0.1:" + server.uri("/").getPort(), call.get("peer").asText());
            assertTrue(AgentEndpoint.otherShare(call) <= 0.10, "other's share " + AgentEndpoint.otherShare(call) + ": " + call);
            // kept alive: a connection per 100 calls at the most (Tomcat closes one after 100 requests by default)
            assertTrue(call.get("phases").path("connect").path("requests").asLong() <= ROUNDS / 100,
                    "connections kept alive: " + call.get("phases"));
            assertEquals(ROUNDS, call.get("phases").path("wait").path("requests").asLong(), call.get("phases").toString());
            assertEquals(0, phases.path("background").path("spans").asLong(0), "no call work in background: "
                    + phases.get("background"));
        }
    }

    /**
     * Over HTTPS, an application that sets its TLS client up for every call (an SSLContext from its trust store, an
     * HttpClient and pool over it): what that costs each call is in the call, at the lines that cause it: the trust
     * store read ({@code crypto.load}) where the application builds its SSLContext, a new connection at its call
     * ({@code connection.new}), the TCP connect and TLS handshake in {@code connect}.
     */
    @Test
    void aTlsClientSetUpForEveryCallShowsItsHandshakeAndTrustStoreInEveryCall(@TempDir Path tmp) throws Exception {
        Path keyStore = selfSignedKeyStore(tmp.resolve("echo-server.p12"));
        try (BootJarUnderAgent tls = BootJarUnderAgent.startFullJit(agentJar(), echoJar(), Path.of(System.getProperty("java.home")),
                "--server.ssl.enabled=true", "--server.ssl.key-store=" + keyStore.toAbsolutePath(),
                "--server.ssl.key-store-type=PKCS12", "--server.ssl.key-store-password=" + EchoClientsDriver.TRUST_STORE_PASSWORD);
             ForkedClient client = driver("spring-ws-hc5-tls-per-call", "https://127.0.0.1:" + tls.port() + "/echo-server/services",
                     keyStore.toAbsolutePath().toString())) {
            AgentEndpoint agent = client.agent();
            JsonNode phases = agent.phases();
            JsonNode call = AgentEndpoint.client(phases, OPERATION);
            keep("spring-ws-hc5-tls-per-call", call);
            JsonNode hotspots = agent.hotspots();
            Files.writeString(Path.of("target", "client-spring-ws-hc5-tls-per-call-hotspots.json"), hotspots.toPrettyString());
            assertEquals(ROUNDS, call.get("requests").asLong(), call.toPrettyString());
            assertEquals(ROUNDS, call.get("outcomes").get("success").asLong());
            assertEquals("127.0.0.1:" + tls.port(), call.get("peer").asText());
            assertTrue(AgentEndpoint.otherShare(call) <= 0.10, "other's share " + AgentEndpoint.otherShare(call) + ": " + call);
            JsonNode connect = call.get("phases").path("connect");
            assertEquals(ROUNDS, connect.path("requests").asLong(), "a connect and handshake in every call: " + call.get("phases"));
            JsonNode fresh = AgentEndpoint.site(hotspots, "connection.new", "new connection to a peer connected before (no keep-alive)");
            assertEquals(ROUNDS - 1, fresh.get("total").asLong(), fresh.toPrettyString());
            assertTrue(fresh.get("callers").toString().contains("EchoClient.echo"), "at the sample client's call: " + fresh);
            JsonNode trust = AgentEndpoint.site(hotspots, "crypto.load", "java.security.KeyStore.load");
            assertEquals(ROUNDS, trust.get("total").asLong(), "the trust store read for every call: " + trust.toPrettyString());
            assertTrue(trust.get("callers").toString().contains("EchoClientsDriver.tlsSender"),
                    "where the application builds its SSLContext: " + trust);
            System.out.println("[spring-ws-echo] TLS client per call: connect (TCP and handshake) "
                    + connect.path("mean_us").asDouble() + " us mean, " + connect.path("share").asDouble()
                    + " of call time; connection.new " + fresh.get("total") + ", crypto.load " + trust.get("total")
                    + " (trust store read per call, before it)");
        }
    }

    /** A PKCS12 key store with a self-signed certificate for 127.0.0.1, made by the JDK's keytool: the client trusts it. */
    private static Path selfSignedKeyStore(Path file) throws Exception {
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "echo", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1", "-storetype", "PKCS12", "-keystore", file.toString(),
                "-storepass", EchoClientsDriver.TRUST_STORE_PASSWORD, "-keypass", EchoClientsDriver.TRUST_STORE_PASSWORD)
                .redirectErrorStream(true).start();
        String out = new String(keytool.getInputStream().readAllBytes());
        assertEquals(0, keytool.waitFor(), "keytool: " + out);
        return file;
    }

    private static long servedSoFar() throws InterruptedException {
        Thread.sleep(200); // a request is recorded as its servlet call returns, maybe just after the answer
        JsonNode ops = server.agent().phases().get("operations");
        for (JsonNode op : ops) {
            if (op.get("operation").asText().equals(OPERATION)) {
                return op.get("requests").asLong();
            }
        }
        return 0;
    }

    private static void keep(String which, JsonNode call) throws IOException {
        Files.writeString(Path.of("target", "client-" + which + "-call.json"), call.toPrettyString());
    }

    private static Path agentJar() {
        return Path.of(System.getProperty("soapscope.test.agentJar", "../../agent/target/soapscope-agent.jar"));
    }

    private static Path echoJar() {
        return Path.of(System.getProperty("echo.jar", "target/echo-server.jar"));
    }

    private static ForkedClient driver(String which) {
        return driver(which, url);
    }

    /** The driver calling {@code serviceUrl}, with more arguments after it. */
    private static ForkedClient driver(String which, String serviceUrl, String... more) {
        Path[] classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of).toArray(Path[]::new);
        List<String> args = new java.util.ArrayList<>(List.of(which, String.valueOf(ROUNDS), serviceUrl));
        args.addAll(List.of(more));
        return ForkedClient.main(EchoClientsDriver.class.getName())
                .classpath(classpath)
                .agentUnderTest(null)
                .fullJit() // TLS handshakes for every call: C1 has no intrinsics for their arithmetic
                .args(args.toArray(new String[0]))
                .start()
                .await(EchoClientsDriver.DONE, Duration.ofSeconds(180));
    }
}
