package dev.soapscope.agent;

import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.servlets.CachedStaxServlet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManagerFactory;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The endpoint where production runs it: bound to every address, behind credentials and TLS, under hostile clients.
 * The agent runs on Tomcat; its answers are read as a scraper, a browser and an attacker would send them.
 */
class EndpointSecurityIT {
    private static final Pattern STARTED = Pattern.compile("started: endpoint (https?)://[^:]+:([0-9]+)/metrics");
    private static final String PASS = "changeit";

    @TempDir
    Path dir;

    @Test
    void boundToEveryAddressWithoutCredentialsOnlyScrapesAndHealthAnswer() throws Exception {
        try (ForkedServer server = tomcat("port=0,host=0.0.0.0")) {
            int port = port(server, "http");
            assertEquals(1, count(server.output(), "WARN the endpoint on http://0.0.0.0:" + port
                    + " is reachable from the network without credentials"), server.output());
            assertEquals(200, get(port, "/metrics", "Host: 127.0.0.1").status);
            Answer health = get(port, "/health", "Host: 127.0.0.1");
            assertEquals(200, health.status);
            assertEquals("ok\n", health.body);
            for (String people : List.of("/", "/phases", "/hotspots", "/history", "/kinds", "/profiles",
                    "/profile?seconds=1", "/flamegraph?seconds=1", "/profiles/start?seconds=1")) {
                Answer a = get(port, people, "Host: 127.0.0.1");
                assertEquals(403, a.status, people + ": " + a.raw);
                assertTrue(a.body.contains("only /metrics and /health"), a.raw);
            }
            assertFalse(server.output().contains("profile requested"), "no profile started: " + server.output());
        }
    }

    @Test
    void noOtherSitesPageGetsAnAnswerAndNothingSentIsEchoed() throws Exception {
        try (ForkedServer server = tomcat("port=0")) {
            int port = port(server, "http");
            // DNS rebinding: the attacker's name resolved to loopback; and another site's page in the browser
            assertEquals(403, get(port, "/phases", "Host: rebind.attacker.example:" + port).status);
            assertEquals(403, get(port, "/profile?seconds=1", "Host: 127.0.0.1:" + port,
                    "Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: no-cors").status);
            assertEquals(403, get(port, "/profiles/start?seconds=1", "Host: 127.0.0.1:" + port,
                    "Origin: http://evil.example").status);
            assertFalse(server.output().contains("profile requested"), server.output());
            // curl, and the agent's own page
            Answer curl = get(port, "/phases", "Host: 127.0.0.1:" + port, "User-Agent: curl/8");
            assertEquals(200, curl.status, curl.raw);
            Answer page = get(port, "/", "Host: localhost:" + port, "Accept: text/html", "Sec-Fetch-Site: none");
            assertEquals(200, page.status, page.raw);
            assertAll("hardening on every answer",
                    () -> assertTrue(page.raw.contains("\r\nX-Content-Type-Options: nosniff\r\n"), page.head()),
                    () -> assertTrue(page.raw.contains("\r\nX-Frame-Options: DENY\r\n"), page.head()),
                    () -> assertTrue(page.raw.contains("\r\nContent-Security-Policy: default-src 'none';"), page.head()),
                    () -> assertTrue(curl.raw.contains("\r\nX-Content-Type-Options: nosniff\r\n"), curl.head()));
            Answer missing = get(port, "/no-such-page-%3Cscript%3Ealert(1)%3C/script%3E", "Host: 127.0.0.1");
            assertEquals(404, missing.status);
            assertFalse(missing.raw.contains("no-such-page") || missing.raw.contains("script"), missing.raw);
            // a profile started by a legitimate client is logged: from where, how long
            assertEquals(200, get(port, "/profile?seconds=1&event=wall", "Host: 127.0.0.1").status);
            assertTrue(server.waitForOutput("profile requested by 127.0.0.1: /profile?seconds=1&event=wall",
                    Duration.ofSeconds(5)), server.output());
        }
    }

    @Test
    void idleAndSlowConnectionsStarveNoScrape() throws Exception {
        try (ForkedServer server = tomcat("port=0")) {
            int port = port(server, "http");
            List<Socket> idle = new ArrayList<>();
            try {
                for (int i = 0; i < 50; i++) {
                    idle.add(new Socket("127.0.0.1", port));
                }
                for (int i = 0; i < 20; i++) { // more than the workers: heads that come slowly, and stall
                    Socket slow = new Socket("127.0.0.1", port);
                    slow.getOutputStream().write("GET /metr".getBytes(StandardCharsets.US_ASCII));
                    slow.getOutputStream().flush();
                    idle.add(slow);
                }
                Thread.sleep(300); // all accepted and waiting
                for (int i = 0; i < 20; i++) {
                    long start = System.nanoTime();
                    Answer a = get(port, "/metrics", "Host: 127.0.0.1");
                    long millis = (System.nanoTime() - start) / 1_000_000;
                    assertEquals(200, a.status, "scrape " + i + " with 50 idle and 20 slow connections open: " + a.raw);
                    assertTrue(millis < 1000, "scrape " + i + " took " + millis + " ms");
                }
            } finally {
                for (Socket s : idle) {
                    s.close();
                }
            }
        }
    }

    @Test
    void httpsWithBasicAuthFromAFileOrABearerToken() throws Exception {
        Path keystore = keyStore("server", "CN=localhost", "SAN=ip:127.0.0.1,dns:localhost");
        Files.writeString(dir.resolve("store-password"), PASS + "\n");
        Files.writeString(dir.resolve("password"), "scrape-me\n");
        Files.writeString(dir.resolve("token"), "t0ken-" + System.nanoTime() + "\n");
        String token = Files.readString(dir.resolve("token")).trim();
        try (ForkedServer server = tomcat("port=0,host=0.0.0.0,auth.user=prometheus"
                + ",auth.password.file=" + dir.resolve("password") + ",auth.token.file=" + dir.resolve("token")
                + ",tls.keystore=" + keystore + ",tls.keystore.password.file=" + dir.resolve("store-password"))) {
            int port = port(server, "https");
            assertFalse(server.output().contains("without credentials"), server.output());
            HttpClient client = HttpClient.newBuilder().sslContext(trusting(keystore, null)).build();
            URI metrics = URI.create("https://127.0.0.1:" + port + "/metrics");
            HttpResponse<String> none = client.send(HttpRequest.newBuilder(metrics).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, none.statusCode());
            assertTrue(none.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic realm="), none.headers().toString());
            assertEquals(401, client.send(HttpRequest.newBuilder(metrics).header("Authorization", basic("prometheus", "wrong"))
                    .build(), HttpResponse.BodyHandlers.ofString()).statusCode());
            HttpResponse<String> right = client.send(HttpRequest.newBuilder(metrics)
                    .header("Authorization", basic("prometheus", "scrape-me")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, right.statusCode());
            assertTrue(right.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"), right.headers().toString());
            assertEquals(200, client.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + port + "/phases"))
                    .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString()).statusCode());
            assertEquals(200, client.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + port + "/health"))
                    .build(), HttpResponse.BodyHandlers.ofString()).statusCode(), "health never asks for credentials");
            // no clear text on a TLS port
            String clear = get(port, "/metrics", "Host: 127.0.0.1").raw;
            assertFalse(clear.contains("HTTP/1.1") || clear.contains("soapscope"), "a plain HTTP request gets no answer: " + clear);
        }
    }

    @Test
    void httpsFromPemFilesWithClientCertificatesAndAHashedPassword() throws Exception {
        Path serverStore = keyStore("server", "CN=localhost", "SAN=ip:127.0.0.1,dns:localhost");
        Path clientStore = keyStore("client", "CN=prometheus", null);
        Path cert = dir.resolve("tls.crt");
        Path key = dir.resolve("tls.key");
        Path clientCa = dir.resolve("client-ca.crt");
        writePem(serverStore, "server", cert, key);
        writePem(clientStore, "client", clientCa, dir.resolve("client.key"));
        String hash = PasswordHash.of("hashed-secret".toCharArray());
        try (ForkedServer server = tomcat("port=0,auth.password.hash=" + hash + ",tls.cert=" + cert + ",tls.key=" + key
                + ",tls.client.ca=" + clientCa)) {
            int port = port(server, "https");
            URI phases = URI.create("https://127.0.0.1:" + port + "/phases");
            HttpClient withCertificate = HttpClient.newBuilder().sslContext(trusting(serverStore, clientStore)).build();
            assertEquals(200, withCertificate.send(HttpRequest.newBuilder(phases).header("Authorization",
                    basic("soapscope", "hashed-secret")).build(), HttpResponse.BodyHandlers.ofString()).statusCode());
            assertEquals(401, withCertificate.send(HttpRequest.newBuilder(phases).header("Authorization",
                    basic("soapscope", "hashed-secreT")).build(), HttpResponse.BodyHandlers.ofString()).statusCode());
            HttpClient without = HttpClient.newBuilder().sslContext(trusting(serverStore, null)).build();
            assertThrows(IOException.class, () -> without.send(HttpRequest.newBuilder(phases).build(),
                    HttpResponse.BodyHandlers.ofString()), "no client certificate, no answer");
        }
    }

    @Test
    void credentialsThatCannotBeReadLeaveTheEndpointUnservedInOneLine() throws Exception {
        try (ForkedServer server = tomcat("port=0,host=0.0.0.0,auth.password.file=" + dir.resolve("no-such-file"))) {
            assertTrue(server.waitForOutput("INFO agent ", Duration.ofSeconds(30)), server.output());
            assertTrue(server.output().contains("WARN cannot serve the endpoint: auth.password.file=" + dir.resolve("no-such-file")
                    + " cannot be read"), server.output());
            assertTrue(server.output().contains("started: no endpoint (see above)"), server.output());
            assertFalse(server.output().contains("\tat "), "no stack trace: " + server.output());
            int app = dev.soapscope.testkit.Http.get(server.uri("/stax")).status();
            assertTrue(app >= 200 && app < 500, "the application answers (its servlet takes POST): " + app);
        }
    }

    private ForkedServer tomcat(String agentArgs) {
        return ForkedServer.tomcat()
                .javaagent(AgentOnTomcatIT.AGENT, agentArgs)
                .servlet(CachedStaxServlet.class, "/stax")
                .start();
    }

    private static int port(ForkedServer server, String scheme) throws InterruptedException {
        Matcher m = STARTED.matcher("");
        for (long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos(); System.nanoTime() < deadline; ) {
            m = STARTED.matcher(server.output());
            if (m.find()) {
                break;
            }
            Thread.sleep(50);
        }
        assertTrue(m.find(0), server.output());
        assertEquals(scheme, m.group(1), server.output());
        return Integer.parseInt(m.group(2));
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    private Path keyStore(String alias, String dname, String extension) throws Exception {
        Path store = dir.resolve(alias + ".p12");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", alias, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", dname,
                "-validity", "2", "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", PASS,
                "-keypass", PASS));
        if (extension != null) {
            command.addAll(List.of("-ext", extension));
        }
        Process keytool = new ProcessBuilder(command).redirectErrorStream(true).start();
        String said = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, keytool.waitFor(), said);
        return store;
    }

    /** The key store's certificate and unencrypted PKCS#8 key as PEM files, as cert-manager writes them. */
    private static void writePem(Path store, String alias, Path cert, Path key) throws Exception {
        KeyStore ks = load(store);
        Base64.Encoder pem = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII));
        Files.writeString(cert, "-----BEGIN CERTIFICATE-----\n" + pem.encodeToString(ks.getCertificate(alias).getEncoded())
                + "\n-----END CERTIFICATE-----\n");
        Files.writeString(key, "-----BEGIN PRIVATE KEY-----\n" + pem.encodeToString(ks.getKey(alias, PASS.toCharArray())
                .getEncoded()) + "\n-----END PRIVATE KEY-----\n");
    }

    private static KeyStore load(Path store) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = new FileInputStream(store.toFile())) {
            ks.load(in, PASS.toCharArray());
        }
        return ks;
    }

    /** A TLS context trusting the server's certificate, showing the client's when given. */
    private static SSLContext trusting(Path serverStore, Path clientStore) throws Exception {
        TrustManagerFactory tm = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tm.init(load(serverStore));
        KeyManagerFactory km = null;
        if (clientStore != null) {
            km = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            km.init(load(clientStore), PASS.toCharArray());
        }
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(km == null ? null : km.getKeyManagers(), tm.getTrustManagers(), null);
        return context;
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** An answer read off the socket as sent: status, head and body. */
    private static final class Answer {
        final String raw;
        final int status;
        final String body;

        Answer(String raw) {
            this.raw = raw;
            this.status = raw.startsWith("HTTP/1.1 ") ? Integer.parseInt(raw.substring(9, 12)) : -1;
            int end = raw.indexOf("\r\n\r\n");
            this.body = end < 0 ? "" : raw.substring(end + 4);
        }

        String head() {
            int end = raw.indexOf("\r\n\r\n");
            return end < 0 ? raw : raw.substring(0, end);
        }
    }

    private static Answer get(int port, String target, String... headers) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(("GET " + target + " HTTP/1.1\r\n" + String.join("\r\n", headers) + (headers.length == 0 ? "" : "\r\n")
                    + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            try {
                for (int n; (n = s.getInputStream().read(buf)) > 0; ) {
                    got.write(buf, 0, n);
                }
            } catch (IOException reset) {
                // a reset after the answer, or a TLS port closing on clear text: what was read is what counts
            }
            return new Answer(got.toString(StandardCharsets.ISO_8859_1));
        }
    }
}
