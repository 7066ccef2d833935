package dev.soapscope.demo.metro;

import dev.soapscope.testkit.ForkedClient;
import dev.soapscope.testkit.Http;

import java.io.File;
import java.net.URI;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;

/**
 * The "fromjava" sample run as its {@code AddWebservice} main runs it ({@code Endpoint.publish} on the JDK's HTTP
 * server, at the ports the sample hard-codes), the sample's classes and jaxws-rt's jars on the class path as its
 * build.xml has them, under the agent: for the ITs of Metro served without a servlet container.
 */
final class PublishedSample {
    static final URI ENDPOINT = URI.create("http://localhost:8080/jaxws-fromjava/addnumbers");
    /** The sample's own way to stop: its EndpointStopper. */
    private static final URI STOP = URI.create("http://localhost:9090/stop");

    private PublishedSample() {
    }

    /** Starts the main under the agent with {@code agentArgs} and more JVM arguments; returns once it answers. */
    static ForkedClient start(String agentArgs, String... jvmArgs) throws InterruptedException {
        ForkedClient server = ForkedClient.main("fromjava.server.AddWebservice")
                .classpath(Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                        .map(Path::of).toArray(Path[]::new))
                .agentUnderTest(agentArgs)
                .jvmArgs(jvmArgs)
                .start();
        server.agent();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            try {
                if (Http.get(URI.create(ENDPOINT + "?wsdl")).status() == 200) {
                    return server;
                }
            } catch (RuntimeException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        server.close();
        throw new AssertionError("the endpoint did not publish in 60 s:\n" + server.output());
    }

    /** The sample's own client call, addNumbers(a, b), as its generated stub sends it. */
    static Http.Response add(int a, int b) {
        String envelope = "<S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\"><S:Body>"
                + "<ns2:addNumbers xmlns:ns2=\"http://server.fromjava/\"><arg0>" + a + "</arg0><arg1>" + b
                + "</arg1></ns2:addNumbers></S:Body></S:Envelope>";
        return Http.post(ENDPOINT, envelope, "text/xml; charset=utf-8", Map.of("SOAPAction", "\"\""));
    }

    /** Stops it the sample's way, then ends its JVM. */
    static void stop(ForkedClient server) {
        try {
            Http.get(STOP);
        } catch (RuntimeException e) {
            // closing kills it
        }
        server.close();
    }
}
