package dev.soapscope.agent;

import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.servlets.CachedStaxServlet;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The agent's endpoint keeps answering scrapes while clients stall, misbehave or profile. */
class EndpointUnderFaultsIT {

    @Test
    void stalledClientsAndARunningProfileDoNotBlockScrapes() throws Exception {
        try (ForkedServer server = ForkedServer.tomcat()
                .javaagent(AgentOnTomcatIT.AGENT, "port=0")
                .servlet(CachedStaxServlet.class, "/stax")
                .start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            List<Socket> stalled = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) { // half-sent request heads
                    Socket s = new Socket("127.0.0.1", agent.port());
                    s.getOutputStream().write("GET /metr".getBytes(StandardCharsets.US_ASCII));
                    s.getOutputStream().flush();
                    stalled.add(s);
                }
                CompletableFuture<Http.Response> profile = CompletableFuture.supplyAsync(
                        () -> Http.get(agent.uri("/profile?seconds=8&event=cpu")));
                Thread.sleep(500);
                for (int i = 0; i < 5; i++) { // Http's 10 s timeout: a blocked scrape fails the test
                    assertEquals(200, agent.raw("/metrics").status());
                }
                assertEquals(200, profile.get().status());

                // the stalled clients were cut off by the server, not left to hold workers
                for (Socket s : stalled) {
                    s.setSoTimeout(15_000);
                    assertEquals(-1, drain(s.getInputStream()), "a stalled connection was not closed");
                }
            } finally {
                for (Socket s : stalled) {
                    s.close();
                }
            }
        }
    }

    @Test
    void badRequestsGetAClearStatus() throws Exception {
        try (ForkedServer server = ForkedServer.tomcat()
                .javaagent(AgentOnTomcatIT.AGENT, "port=0")
                .servlet(CachedStaxServlet.class, "/stax")
                .start()) {
            AgentEndpoint agent = AgentEndpoint.of(server);
            assertTrue(raw(agent.port(), "NONSENSE\r\n\r\n").startsWith("HTTP/1.1 400 "));
            assertTrue(raw(agent.port(), "GET /a b c HTTP/1.1\r\n\r\n").startsWith("HTTP/1.1 400 "));
            assertTrue(raw(agent.port(), "GET /metrics HTTP/1.1\r\n" + "X: " + "y".repeat(20_000) + "\r\n\r\n")
                    .startsWith("HTTP/1.1 400 "));
            String delete = raw(agent.port(), "DELETE /metrics HTTP/1.1\r\nHost: localhost\r\n\r\n");
            assertTrue(delete.startsWith("HTTP/1.1 405 ") && delete.contains("Allow: GET, HEAD"), delete);
            String head = raw(agent.port(), "HEAD /phases HTTP/1.1\r\nHost: localhost\r\n\r\n");
            assertTrue(head.startsWith("HTTP/1.1 200 ") && head.endsWith("\r\n\r\n"), head);
            String metrics = raw(agent.port(), "GET /metrics HTTP/1.1\r\nHost: localhost\r\n\r\n");
            assertTrue(metrics.startsWith("HTTP/1.1 200 ") && metrics.contains("Content-Type: text/plain; version=0.0.4"), metrics);
            String index = Http.get(agent.uri("/")).body();
            assertTrue(index.contains("/profile") && index.contains("/flamegraph"), index);
        }
    }

    private static String raw(int port, String request) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            try {
                out.write(request.getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
            } catch (IOException refusedMidway) {
                // the server may answer a too-long head before it was all sent
            }
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            InputStream in = s.getInputStream();
            byte[] buf = new byte[8192];
            try {
                for (int n; (n = in.read(buf)) > 0; ) {
                    got.write(buf, 0, n);
                }
            } catch (IOException reset) {
                // a reset after the answer: what was read is what counts
            }
            return got.toString(StandardCharsets.ISO_8859_1);
        }
    }

    private static int drain(InputStream in) throws IOException {
        try {
            int b;
            while ((b = in.read()) >= 0) {
                // an answer to the half request, if any
            }
            return b;
        } catch (java.net.SocketException reset) {
            return -1;
        }
    }
}
