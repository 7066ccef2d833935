package dev.soapscope.grafana;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The endpoint as production runs it, scraped as production scrapes it: the agent in a forked Tomcat bound to every
 * address, behind HTTP basic (a password file) or a bearer token (a token file), serving HTTPS from PEM files as
 * cert-manager writes them; a real Prometheus (Debian's package) scrapes it over HTTPS, trusting the server's
 * certificate as its CA, with three jobs: {@code basic_auth} with a {@code password_file}, {@code authorization} with
 * a {@code credentials_file}, and basic with a wrong password. The first two are up and store the agent's series; the
 * third is down on a 401. Prometheus reads the very secret files the agent reads, trailing line break included.
 */
class AuthenticatedScrapeIT {
    private static final Path AGENT = Path.of(System.getProperty("soapscope.test.agentJar", "../agent/target/soapscope-agent.jar"));
    private static final Path PROMETHEUS_DIR = Path.of(System.getProperty("soapscope.test.prometheusDir", "target/prometheus"))
            .resolveSibling("prometheus-authenticated");
    /** {@code [soapscope] INFO agent 0.1.0 started: endpoint https://0.0.0.0:PORT/metrics; ...} */
    private static final Pattern STARTED = Pattern.compile("started: endpoint (https?)://[^/\\s]+:([0-9]+)/metrics");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String STORE_PASSWORD = "changeit";
    private static final String ACTION = "urn:authenticated-scrape";
    private static final Duration SCRAPE_INTERVAL = Duration.ofSeconds(1);
    private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(30);
    private static final int REQUESTS = 20;
    private static final String SERIES = "soapscope_request_duration_seconds_count";

    private static final String BASIC = "basic";
    private static final String BEARER = "bearer";
    private static final String WRONG = "wrong-password";

    @TempDir
    Path dir;

    @Test
    void prometheusScrapesOverHttpsWithBasicAuthOrABearerTokenAndIsRefusedAWrongPassword() throws Exception {
        Prometheus.executable(); // before a server starts: a missing package fails at once, saying how to install it
        Path cert = dir.resolve("tls.crt");
        Path key = dir.resolve("tls.key");
        writePem(keyStore("server", "CN=localhost", "SAN=ip:127.0.0.1,dns:localhost"), "server", cert, key);
        // mounted secrets as Kubernetes writes them: one line each, its line break kept
        Path password = Files.writeString(dir.resolve("password"), "scrape:me-" + System.nanoTime() + "\n");
        Path token = Files.writeString(dir.resolve("token"), "t0ken-" + System.nanoTime() + "\n");
        Path wrong = Files.writeString(dir.resolve("wrong-password"), "not-the-password\n");

        try (ForkedServer server = ForkedServer.tomcat()
                .javaagent(AGENT, "port=0,host=0.0.0.0,auth.password.file=" + password + ",auth.token.file=" + token
                        + ",tls.cert=" + cert + ",tls.key=" + key)
                .servlet(SaajFactoryPerRequestServlet.class, "/echo")
                .start()) {
            int port = httpsPort(server);
            for (int i = 0; i < REQUESTS; i++) {
                post(server, "echo " + i);
            }
            ObjectNode config = config("127.0.0.1:" + port, cert, Map.of(
                    BASIC, job -> job.putObject("basic_auth").put("username", "soapscope")
                            .put("password_file", password.toString()),
                    BEARER, job -> job.putObject("authorization").put("type", "Bearer")
                            .put("credentials_file", token.toString()),
                    WRONG, job -> job.putObject("basic_auth").put("username", "soapscope")
                            .put("password_file", wrong.toString())));
            try (Prometheus prometheus = Prometheus.start(PROMETHEUS_DIR, config)) {
                Settled settled = awaitSettled(prometheus);
                String context = "\ntargets: " + settled.targets + "\nseries per job: " + settled.seriesPerJob
                        + "\nPrometheus log:\n" + prometheus.log() + "\nserver output:\n" + server.output();

                assertEquals(List.of(BASIC, BEARER, WRONG), List.copyOf(settled.targets.keySet()), "scrape jobs" + context);
                JsonNode basic = settled.targets.get(BASIC);
                JsonNode bearer = settled.targets.get(BEARER);
                JsonNode refused = settled.targets.get(WRONG);
                assertEquals("up", basic.path("health").asText(), "basic_auth with password_file: "
                        + basic.path("lastError").asText() + context);
                assertEquals("up", bearer.path("health").asText(), "authorization with credentials_file: "
                        + bearer.path("lastError").asText() + context);
                assertEquals("down", refused.path("health").asText(), "basic_auth with a wrong password" + context);
                assertTrue(refused.path("lastError").asText().contains("401"), "the wrong password's scrape: "
                        + refused.path("lastError").asText() + context);
                for (JsonNode target : List.of(basic, bearer, refused)) {
                    assertEquals("https://127.0.0.1:" + port + "/metrics", target.path("scrapeUrl").asText(), context);
                }
                assertEquals("", basic.path("lastError").asText(), context);
                assertEquals("", bearer.path("lastError").asText(), context);

                // the agent's series, stored for each job that got in, with every request sent so far
                assertEquals(List.of(BASIC, BEARER), List.copyOf(settled.seriesPerJob.keySet()), context);
                for (String job : List.of(BASIC, BEARER)) {
                    assertTrue(settled.seriesPerJob.get(job) >= REQUESTS, job + " counted "
                            + settled.seriesPerJob.get(job) + " requests, " + REQUESTS + " sent" + context);
                }
                JsonNode up = prometheus.query("up").path("result");
                Map<String, String> upPerJob = new TreeMap<>();
                up.forEach(s -> upPerJob.put(s.path("metric").path("job").asText(), s.path("value").get(1).asText()));
                assertEquals(Map.of(BASIC, "1", BEARER, "1", WRONG, "0"), upPerJob, context);
            }
        }
    }

    /**
     * What Prometheus shows about the three jobs: settled once the two ways in are up with the series stored and the
     * wrong password's last scrape was refused (an early scrape may time out while the endpoint warms up).
     */
    private record Settled(Map<String, JsonNode> targets, Map<String, Double> seriesPerJob) {
        boolean done() {
            return targets.size() == 3
                    && "up".equals(targets.get(BASIC).path("health").asText())
                    && "up".equals(targets.get(BEARER).path("health").asText())
                    && targets.get(WRONG).path("lastError").asText().contains("401")
                    && seriesPerJob.getOrDefault(BASIC, 0.0) >= REQUESTS
                    && seriesPerJob.getOrDefault(BEARER, 0.0) >= REQUESTS;
        }
    }

    private static Settled awaitSettled(Prometheus prometheus) throws InterruptedException {
        long deadline = System.nanoTime() + SETTLE_TIMEOUT.toNanos();
        Settled settled;
        do {
            Map<String, JsonNode> targets = new TreeMap<>();
            for (JsonNode t : prometheus.targets().path("activeTargets")) {
                targets.put(t.path("labels").path("job").asText(), t);
            }
            Map<String, Double> series = new TreeMap<>();
            for (JsonNode s : prometheus.query("sum by (job) (" + SERIES + "{operation=\"" + ACTION + "\"})").path("result")) {
                series.put(s.path("metric").path("job").asText(), s.path("value").get(1).asDouble());
            }
            settled = new Settled(targets, series);
            if (settled.done()) {
                return settled;
            }
            Thread.sleep(250);
        } while (System.nanoTime() < deadline);
        return settled; // the assertions say what is missing
    }

    private interface Auth {
        void configure(ObjectNode job);
    }

    /** One job per way in, each to the same target over HTTPS, trusting the server's own certificate. */
    private static ObjectNode config(String target, Path caFile, Map<String, Auth> jobs) {
        String interval = SCRAPE_INTERVAL.toMillis() + "ms";
        ObjectNode config = JSON.createObjectNode();
        config.putObject("global").put("scrape_interval", interval).put("scrape_timeout", interval);
        var scrapeConfigs = config.putArray("scrape_configs");
        for (Map.Entry<String, Auth> e : new TreeMap<>(jobs).entrySet()) {
            ObjectNode job = scrapeConfigs.addObject();
            job.put("job_name", e.getKey()).put("scheme", "https").put("metrics_path", "/metrics");
            // no server_name: Go checks the target's address against the certificate's SAN ip:127.0.0.1
            job.putObject("tls_config").put("ca_file", caFile.toString());
            e.getValue().configure(job);
            job.putArray("static_configs").addObject().putArray("targets").add(target);
        }
        return config;
    }

    /** The port of the agent's start line, which must say https (testkit's AgentEndpoint knows only http). */
    private static int httpsPort(ForkedServer server) {
        assertTrue(server.waitForOutput("started: ", Duration.ofSeconds(30)), "agent did not start:\n" + server.output());
        Matcher m = STARTED.matcher(server.output());
        assertTrue(m.find(), "no endpoint in the agent's start line:\n" + server.output());
        assertEquals("https", m.group(1), server.output());
        return Integer.parseInt(m.group(2));
    }

    private static void post(ForkedServer server, String text) {
        Http.Response r = Http.post(server.uri("/echo"), Soap.echoRequest(text), Soap.CONTENT_TYPE,
                Map.of("SOAPAction", "\"" + ACTION + "\""));
        assertEquals(200, r.status(), r::toString);
        Soap.assertEnvelopeWithText(r.body(), text);
    }

    /** A PKCS12 key store with a self-signed EC key pair, made by the JDK's keytool. */
    private Path keyStore(String alias, String dname, String extension) throws Exception {
        Path store = dir.resolve(alias + ".p12");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", alias, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", dname,
                "-validity", "2", "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", STORE_PASSWORD,
                "-keypass", STORE_PASSWORD, "-ext", extension));
        Process keytool = new ProcessBuilder(command).redirectErrorStream(true).start();
        String said = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, keytool.waitFor(), said);
        return store;
    }

    /** The key store's certificate and unencrypted PKCS#8 key as PEM files, as cert-manager writes them. */
    private static void writePem(Path store, String alias, Path cert, Path key) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = new FileInputStream(store.toFile())) {
            ks.load(in, STORE_PASSWORD.toCharArray());
        }
        Base64.Encoder pem = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII));
        Files.writeString(cert, "-----BEGIN CERTIFICATE-----\n" + pem.encodeToString(ks.getCertificate(alias).getEncoded())
                + "\n-----END CERTIFICATE-----\n");
        Files.writeString(key, "-----BEGIN PRIVATE KEY-----\n" + pem.encodeToString(ks.getKey(alias,
                STORE_PASSWORD.toCharArray()).getEncoded()) + "\n-----END PRIVATE KEY-----\n");
    }
}
