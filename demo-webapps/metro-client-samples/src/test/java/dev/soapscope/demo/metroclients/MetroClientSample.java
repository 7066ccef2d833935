package dev.soapscope.demo.metroclients;

import dev.soapscope.testkit.ForkedClient;
import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Wars;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * One of Metro's client samples: its service's WAR on Tomcat 11 (without the agent) where its client expects it,
 * http://localhost:8080/jaxws-NAME/addnumbers (mtom-large's: /jaxws-mtom-large/hello; the address its client was
 * imported from), and its client JVMs, under the agent, on the samples' classes and jars.
 */
final class MetroClientSample implements AutoCloseable {
    static final int PORT = 8080;
    static final String ADD = "{http://duke.example.org}addNumbers";
    static final String PEER = "localhost:" + PORT;

    final ForkedServer server;
    final String contextPath;
    private final String endpoint;

    private MetroClientSample(ForkedServer server, String contextPath, String endpoint) {
        this.server = server;
        this.contextPath = contextPath;
        this.endpoint = endpoint;
    }

    /** Deploys {@code war} (in the module's target directory) at {@code contextPath}, once its WSDL answers. */
    static MetroClientSample deploy(String war, String contextPath, Path webapp) throws IOException, InterruptedException {
        return deploy(war, contextPath, "/addnumbers", webapp);
    }

    /** As {@link #deploy(String, String, Path)}, its service at {@code endpoint} within the context ({@code /hello}). */
    static MetroClientSample deploy(String war, String contextPath, String endpoint, Path webapp)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (Http.listening("127.0.0.1", PORT)) {
            assertFalse(System.nanoTime() > deadline, "something listens on port " + PORT + ", which the sample's client hard-codes");
            Thread.sleep(200);
        }
        Path target = Path.of(System.getProperty("metro.wars", "target"));
        ForkedServer server = ForkedServer.tomcat()
                .webapp(Wars.explode(target.resolve(war), webapp))
                .jvmArg("-Dtestkit.port=" + PORT)
                .jvmArg("-Dtestkit.contextPath=" + contextPath)
                .start();
        MetroClientSample sample = new MetroClientSample(server, contextPath, endpoint);
        Http.Response wsdl = Http.get(sample.wsdl());
        assertEquals(200, wsdl.status(), () -> "GET " + sample.wsdl() + ": " + wsdl);
        return sample;
    }

    URI wsdl() {
        return URI.create("http://localhost:" + PORT + contextPath + endpoint + "?wsdl");
    }

    /** A client JVM under the agent: {@code mainClass} on the samples' classes (and ours) and jars. */
    static ForkedClient.Builder client(String mainClass, String agentArgs) throws Exception {
        return ForkedClient.main(mainClass)
                .classpath(Path.of(System.getProperty("metro.classes", "target/classes")),
                        Path.of(MetroClientSample.class.getProtectionDomain().getCodeSource().getLocation().toURI()))
                .classpathFile(Path.of(System.getProperty("metro.classpath", "target/classpath.txt")))
                .agentUnderTest(agentArgs);
    }

    /** Waits for a client that ends by itself (a sample's main), at most {@code timeout}. */
    static void awaitExit(ForkedClient client, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (client.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
