package dev.soapscope.demo.metro;

import dev.soapscope.testkit.AgentEndpoint;
import dev.soapscope.testkit.ForkedClient;
import dev.soapscope.testkit.Http;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A transport where soapscope opens no request, made here by disabling the JDK server's entry: Metro's
 * {@code Endpoint.publish} sample then serves a minute of requests that are all background. The agent says so in one
 * WARN line naming Metro and the method the work entered it through, once, instead of silence.
 */
class UnservedWorkWarningIT {
    private static final URI ENDPOINT = URI.create("http://localhost:8080/jaxws-fromjava/addnumbers");
    private static final String SAID = "[soapscope] WARN Metro (JAX-WS RI) served work outside any request";

    @Test
    void aMinuteOfServiceWorkWithNoRequestOpenedIsSaidOnceNamingTheEntry() throws Exception {
        try (ForkedClient server = ForkedClient.main("fromjava.server.AddWebservice")
                .classpath(Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                        .map(Path::of).toArray(Path[]::new))
                .agentUnderTest("probes.disabled=server-entries.jdk-http")
                .start()) {
            AgentEndpoint agent = server.agent();
            long start = System.nanoTime();
            int sent = 0;
            while (!server.output().contains(SAID) && System.nanoTime() - start < 90_000_000_000L) {
                if (add(sent)) {
                    sent++;
                }
                Thread.sleep(250);
            }
            long seconds = (System.nanoTime() - start) / 1_000_000_000L;
            for (int i = 0; i < 4; i++) { // more of the same work says nothing more
                assertTrue(add(sent + i));
            }
            String output = server.output();
            System.err.println("said after " + seconds + " s and " + sent + " requests: "
                    + output.lines().filter(l -> l.contains(SAID)).findFirst().orElse("(nothing)"));
            assertEquals(1, output.lines().filter(l -> l.contains(SAID)).count(), output);
            assertTrue(seconds >= 59, "not before a minute: " + seconds + " s");
            String line = output.lines().filter(l -> l.contains(SAID)).findFirst().orElseThrow();
            assertTrue(line.contains("it enters through com.sun.xml.ws.transport.http.server.WSHttpHandler."), line);
            assertEquals(0, agent.phases().get("operations").size(), "no request opened: " + agent.phases());
            try {
                Http.get(URI.create("http://localhost:9090/stop")); // the sample's own way to stop
            } catch (RuntimeException e) {
                // closing kills it
            }
        }
    }

    /** One addNumbers call as the sample's client sends it; false while the endpoint is not published yet. */
    private static boolean add(int i) {
        String envelope = "<S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\"><S:Body>"
                + "<ns2:addNumbers xmlns:ns2=\"http://server.fromjava/\"><arg0>" + i + "</arg0><arg1>1</arg1>"
                + "</ns2:addNumbers></S:Body></S:Envelope>";
        try {
            Http.Response r = Http.post(ENDPOINT, envelope, "text/xml; charset=utf-8", Map.of("SOAPAction", "\"\""));
            assertEquals(200, r.status(), r.body());
            assertTrue(r.body().contains("<return>" + (i + 1) + "</return>"), r.body());
            return true;
        } catch (RuntimeException notPublishedYet) {
            return false;
        }
    }
}
