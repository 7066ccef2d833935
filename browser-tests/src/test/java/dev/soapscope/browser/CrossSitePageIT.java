package dev.soapscope.browser;

import com.sun.net.httpserver.HttpServer;
import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Another site's page, open in a real Chromium on the machine the agent runs on, gets nothing from the endpoint on
 * loopback: an image and a fetch it makes to start a profile are refused (Chromium says they are cross-site), and
 * the endpoint reached through a name of the attacker's that resolves to loopback (DNS rebinding, simulated with
 * Chromium's own resolver rules) answers 403. The same routes from the endpoint's own address work.
 */
class CrossSitePageIT {
    static final Path AGENT = AgentPageIT.AGENT;

    @Test
    void anotherSitesPageGetsNothingFromTheEndpoint() throws Exception {
        HttpServer attacker = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        try (ForkedServer server = ForkedServer.tomcat().javaagent(AGENT, "port=0")
                .servlet(SaajFactoryPerRequestServlet.class, "/echo").start();
             Chromium browser = Chromium.start(800, 600,
                     "--host-resolver-rules=MAP attacker.test 127.0.0.1, MAP rebind.test 127.0.0.1")) {
            int port = AgentEndpoint.of(server).port();
            String page = "<!doctype html><html><head><title>attacker</title></head><body>"
                    + "<img src='http://127.0.0.1:" + port + "/profile?seconds=1&event=wall'>"
                    + "<script>fetch('http://127.0.0.1:" + port + "/profiles/start?seconds=1', {mode: 'no-cors'})"
                    + ".finally(function () { document.title = 'sent'; });</script></body></html>";
            attacker.createContext("/", exchange -> {
                byte[] body = page.getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            attacker.start();

            browser.driver.get("http://attacker.test:" + attacker.getAddress().getPort() + "/");
            long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
            while (!"sent".equals(browser.driver.getTitle()) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertTrue("sent".equals(browser.driver.getTitle()), "the attacker's page ran: " + browser.driver.getTitle());
            Thread.sleep(1000); // the image's request, too, has been answered
            assertFalse(server.output().contains("profile requested"), "a profile started from another site's page:\n"
                    + server.output());

            browser.driver.get("http://rebind.test:" + port + "/phases");
            String rebound = browser.driver.getPageSource();
            assertTrue(rebound.contains("not served under that host name") && !rebound.contains("\"operations\""),
                    "the endpoint under the attacker's name: " + rebound);

            // the same routes, from the endpoint's own address: typed in the address bar
            browser.driver.get("http://127.0.0.1:" + port + "/phases");
            assertTrue(browser.driver.getPageSource().contains("\"operations\""), browser.driver.getPageSource());
            browser.driver.get("http://127.0.0.1:" + port + "/profiles/start?seconds=1");
            assertTrue(server.waitForOutput("profile requested by 127.0.0.1: /profiles/start?seconds=1",
                    Duration.ofSeconds(10)), server.output());
        } finally {
            attacker.stop(0);
        }
    }
}
