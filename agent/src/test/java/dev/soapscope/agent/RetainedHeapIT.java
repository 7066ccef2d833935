package dev.soapscope.agent;

import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Soap;
import dev.soapscope.testkit.servlets.CachedStaxServlet;
import dev.soapscope.testkit.servlets.SaajFactoryPerRequestServlet;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the agent keeps on the heap of a forked Tomcat once it has started and served: counted, by class, from
 * {@code jcmd PID GC.class_histogram} (live objects after a full GC). The type descriptions Byte Buddy read while
 * classes loaded (about 14 KB each, thousands at start-up) must be gone once loading is no longer in bulk.
 */
class RetainedHeapIT {
    private static final String DESCRIPTION =
            "dev.soapscope.shaded.bytebuddy.pool.TypePool$Default$LazyTypeDescription";
    /** The agent's own objects once started: about 3,000 (matchers, meters, the recorder's tables) whatever the app. */
    private static final long MAX_AGENT_OBJECTS = 10_000;
    /** The cache is emptied 5 to 10 s after loading stops; a busy machine may delay the forked JVM's timer. */
    private static final long WAIT_MS = 60_000;

    @Test
    void typeDescriptionsAreNotKeptOnceLoadingStops() throws Exception {
        try (ForkedServer server = ForkedServer.tomcat()
                .javaagent(AgentOnTomcatIT.AGENT, "port=0")
                .servlet(SaajFactoryPerRequestServlet.class, "/echo")
                .servlet(CachedStaxServlet.class, "/stax")
                .start()) {
            for (int i = 0; i < 5; i++) {
                assertEquals(200, Http.post(server.uri("/echo"), Soap.echoRequest("hello " + i), Soap.CONTENT_TYPE,
                        Map.of("SOAPAction", "\"urn:echo\"")).status());
                assertEquals(200, Http.post(server.uri("/stax"), Soap.echoRequest("well " + i), Soap.CONTENT_TYPE,
                        Map.of("SOAPAction", "urn:stax")).status());
            }
            long deadline = System.currentTimeMillis() + WAIT_MS;
            Histogram live = Histogram.of(server.pid());
            while (live.instances(DESCRIPTION) > 0 && System.currentTimeMillis() < deadline) {
                Thread.sleep(2000);
                live = Histogram.of(server.pid());
            }
            assertEquals(0, live.instances(DESCRIPTION), "type descriptions still live " + WAIT_MS / 1000
                    + " s after the last request");
            long own = live.instancesStartingWith("dev.soapscope.")
                    - live.instancesStartingWith("dev.soapscope.testkit."); // the forked server's own classes
            assertTrue(own <= MAX_AGENT_OBJECTS, own + " live objects of the agent's classes");
        }
    }

    /** {@code jcmd PID GC.class_histogram}: lines "num: instances bytes class-name [(module)]". */
    private record Histogram(String text) {
        static Histogram of(long pid) throws IOException, InterruptedException {
            Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
            Process p = new ProcessBuilder(Files.isExecutable(jcmd) ? jcmd.toString() : "jcmd", String.valueOf(pid),
                    "GC.class_histogram").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), out);
            return new Histogram(out);
        }

        long instances(String className) {
            return sum(className, false);
        }

        long instancesStartingWith(String prefix) {
            return sum(prefix, true);
        }

        private long sum(String name, boolean prefix) {
            long n = 0;
            for (String line : text.split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 4 && f[0].endsWith(":") && (prefix ? f[3].startsWith(name) : f[3].equals(name))) {
                    n += Long.parseLong(f[1]);
                }
            }
            return n;
        }
    }
}
