package dev.soapscope.demo.metro;

import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedClient;
import dev.soapscope.testkit.Http;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A transport where soapscope opens no request, made here by disabling the JDK server's entry: Metro's
 * {@code Endpoint.publish} sample then serves requests that are all background. After {@code unserved.warn.seconds}
 * (5 here, a minute by default) the agent says so in one WARN line naming Metro and the method the work entered it
 * through, once, instead of silence.
 */
class UnservedWorkWarningIT {
    private static final String SAID = "[soapscope] WARN Metro (JAX-WS RI) served work outside any request";

    @Test
    void serviceWorkWithNoRequestOpenedIsSaidOnceNamingTheEntry() throws Exception {
        ForkedClient server = PublishedSample.start("probes.disabled=server-entries.jdk-http,unserved.warn.seconds=5");
        try {
            AgentEndpoint agent = server.agent();
            long start = System.nanoTime();
            int sent = 0;
            while (!server.output().contains(SAID) && System.nanoTime() - start < 60_000_000_000L) {
                add(sent++);
                Thread.sleep(250);
            }
            long seconds = (System.nanoTime() - start) / 1_000_000_000L;
            for (int i = 0; i < 4; i++) { // more of the same work says nothing more
                add(sent + i);
            }
            String output = server.output();
            String line = output.lines().filter(l -> l.contains(SAID)).findFirst().orElse("(nothing)");
            System.err.println("said after " + seconds + " s and " + sent + " requests: " + line);
            assertEquals(1, output.lines().filter(l -> l.contains(SAID)).count(), output);
            assertTrue(seconds >= 4, "not before the 5 s set: " + seconds + " s");
            assertTrue(line.contains("it enters through com.sun.xml.ws.transport.http.server.WSHttpHandler."), line);
            assertEquals(0, agent.phases().get("operations").size(), "no request opened: " + agent.phases());
        } finally {
            PublishedSample.stop(server);
        }
    }

    private static void add(int i) {
        Http.Response r = PublishedSample.add(i, 1);
        assertEquals(200, r.status(), r.body());
        assertTrue(r.body().contains("<return>" + (i + 1) + "</return>"), r.body());
    }
}
