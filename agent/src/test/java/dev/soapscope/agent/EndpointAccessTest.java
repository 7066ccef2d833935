package dev.soapscope.agent;

import dev.soapscope.config.Config;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EndpointAccessTest {

    private static RequestHead head(String... headers) {
        return RequestHead.parse("GET /x HTTP/1.1\r\n" + String.join("\r\n", headers) + "\r\n\r\n");
    }

    private static Integer status(EndpointAccess access, String path, String... headers) {
        EndpointAccess.Refusal r = access.check(path, head(headers));
        return r == null ? 200 : r.status;
    }

    @Test
    void onLoopbackEverythingAnswersAsOnADevelopersMachine() throws Exception {
        EndpointAccess access = new EndpointAccess(InetAddress.getLoopbackAddress(), null, Collections.emptyList());
        assertEquals(200, status(access, "/phases", "Host: 127.0.0.1:9404"));
        assertEquals(200, status(access, "/profile", "Host: localhost:9404"));
        assertEquals(200, status(access, "/profile")); // no Host: an HTTP/1.0 tool
        assertNull(access.warning("http://127.0.0.1:9404"));
    }

    @Test
    void boundElsewhereWithoutCredentialsOnlyScrapesAndHealthAnswer() throws Exception {
        EndpointAccess access = new EndpointAccess(InetAddress.getByName("0.0.0.0"), null, Collections.emptyList());
        assertEquals(200, status(access, "/metrics", "Host: 10.1.2.3:9404"));
        assertEquals(200, status(access, "/health", "Host: 10.1.2.3:9404"));
        for (String people : List.of("/", "/phases", "/hotspots", "/history", "/profile", "/profiles/start", "/index.html")) {
            EndpointAccess.Refusal r = access.check(people, head("Host: 10.1.2.3:9404"));
            assertNotNull(r, people);
            assertEquals(403, r.status, people);
            assertTrue(r.message.contains("auth.password.file"), r.message);
        }
        assertTrue(access.warning("http://0.0.0.0:9404").contains("without credentials"));
    }

    @Test
    void aBrowserPageOfAnotherSiteGetsNothing() throws Exception {
        EndpointAccess access = new EndpointAccess(InetAddress.getLoopbackAddress(), null, Collections.emptyList());
        // DNS rebinding: a name the attacker controls, resolved to loopback
        assertEquals(403, status(access, "/phases", "Host: attacker.example:9404"));
        assertEquals(403, status(access, "/metrics", "Host: attacker.example"));
        assertEquals(403, status(access, "/profile", "Host: 127.0.0.1:9404", "Sec-Fetch-Site: cross-site"));
        assertEquals(403, status(access, "/profile", "Host: 127.0.0.1:9404", "Sec-Fetch-Site: same-site"));
        assertEquals(403, status(access, "/profile", "Host: 127.0.0.1:9404", "Origin: http://127.0.0.1:8080"));
        // the endpoint's own page, and a URL typed in the address bar
        assertEquals(200, status(access, "/profile", "Host: 127.0.0.1:9404", "Sec-Fetch-Site: same-origin",
                "Origin: http://127.0.0.1:9404"));
        assertEquals(200, status(access, "/", "Host: [::1]:9404", "Sec-Fetch-Site: none"));
        EndpointAccess named = new EndpointAccess(InetAddress.getLoopbackAddress(), null, List.of("metrics.example"));
        assertEquals(200, status(named, "/phases", "Host: Metrics.Example.:9404"));
        EndpointAccess any = new EndpointAccess(InetAddress.getLoopbackAddress(), null, List.of("*"));
        assertEquals(200, status(any, "/phases", "Host: whatever.example"));
    }

    @Test
    void withCredentialsEveryRouteButHealthAsksForThem(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("password"), "s3cret\n");
        Files.writeString(dir.resolve("token"), "tok-123\r\n");
        Credentials credentials = Credentials.from(Config.fromEnvironment("auth.password.file=" + dir.resolve("password")
                + ",auth.token.file=" + dir.resolve("token")));
        EndpointAccess access = new EndpointAccess(InetAddress.getByName("0.0.0.0"), credentials, Collections.emptyList());
        EndpointAccess.Refusal none = access.check("/metrics", head("Host: 10.0.0.1"));
        assertEquals(401, none.status);
        assertTrue(none.challenge.startsWith("Basic "), none.challenge);
        assertEquals(200, status(access, "/health"));
        assertEquals(200, status(access, "/phases", "Authorization: " + basic("soapscope", "s3cret")));
        assertEquals(200, status(access, "/metrics", "Authorization: Bearer tok-123"));
        assertEquals(401, status(access, "/metrics", "Authorization: " + basic("soapscope", "s3cret ")));
        assertEquals(401, status(access, "/metrics", "Authorization: " + basic("admin", "s3cret")));
        assertEquals(401, status(access, "/metrics", "Authorization: Bearer tok-12"));
        assertEquals(401, status(access, "/metrics", "Authorization: Basic !!!"));
        // with credentials the Host is not checked: a name is how a cluster reaches it
        assertEquals(200, status(access, "/metrics", "Host: soapscope.ns.svc:9404", "Authorization: Bearer tok-123"));
    }

    @Test
    void aHashedPasswordIsVerifiedOnceAndRemembered() {
        String hash = PasswordHash.of("correct horse".toCharArray());
        assertTrue(hash.startsWith("pbkdf2-sha256:" + PasswordHash.ITERATIONS + ":"), hash);
        Credentials credentials = Credentials.from(Config.fromEnvironment("auth.user=prom,auth.password.hash=" + hash));
        String right = basic("prom", "correct horse");
        long first = System.nanoTime();
        assertTrue(credentials.accept(right));
        long firstNanos = System.nanoTime() - first;
        long again = System.nanoTime();
        for (int i = 0; i < 100; i++) {
            assertTrue(credentials.accept(right));
        }
        long hundredNanos = System.nanoTime() - again;
        assertTrue(hundredNanos < firstNanos, "100 remembered checks " + hundredNanos + " ns vs one PBKDF2 " + firstNanos);
        assertTrue(!credentials.accept(basic("prom", "correct horse!")));
        assertTrue(!credentials.accept(basic("other", "correct horse")));
    }

    @Test
    void wrongPasswordsInALoopCannotTakeTheServersCpu() throws Exception {
        Credentials credentials = Credentials.from(Config.fromEnvironment("auth.password.hash="
                + PasswordHash.of("pw".toCharArray())));
        long start = System.nanoTime();
        for (int i = 0; i < 50; i++) {
            assertTrue(!credentials.accept(basic("soapscope", "guess" + i)));
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        // one PBKDF2 then none for a quarter of a second: the right password, not yet remembered, waits its turn
        assertTrue(!credentials.accept(basic("soapscope", "pw")), "hashed again within " + millis + " ms");
        Thread.sleep(1000 / Credentials.HASHES_PER_SECOND + 50);
        assertTrue(credentials.accept(basic("soapscope", "pw")));
        assertTrue(credentials.accept(basic("soapscope", "pw")), "remembered: no wait");
    }

    @Test
    void unusableCredentialsSayWhichSettingInOneLine(@TempDir Path dir) throws Exception {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> Credentials.from(
                Config.fromEnvironment("auth.password.file=" + dir.resolve("absent"))));
        assertTrue(missing.getMessage().startsWith("auth.password.file="), missing.getMessage());
        Files.writeString(dir.resolve("empty"), "\n");
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class, () -> Credentials.from(
                Config.fromEnvironment("auth.token.file=" + dir.resolve("empty"))));
        assertTrue(empty.getMessage().contains("is empty"), empty.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PasswordHash.parse("pbkdf2-sha256:1:AAAA:BBBB"));
        assertNull(Credentials.from(Config.fromEnvironment("")));
    }

    @Test
    void hostNamesAreComparedWithoutPortCaseOrTrailingDot() {
        assertEquals("example.org", EndpointAccess.hostName("Example.ORG.:80"));
        assertEquals("[::1]", EndpointAccess.hostName("[::1]:9404"));
        assertEquals("10.0.0.1", EndpointAccess.hostName("10.0.0.1"));
        assertTrue(EndpointAccess.sameAuthority("http://127.0.0.1:9404", "127.0.0.1:9404"));
        assertTrue(!EndpointAccess.sameAuthority("null", "127.0.0.1:9404"));
    }

    static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }
}
