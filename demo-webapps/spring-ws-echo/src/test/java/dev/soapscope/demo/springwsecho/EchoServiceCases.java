package dev.soapscope.demo.springwsecho;

import dev.soapscope.junit5.ExpectHotSpots;
import dev.soapscope.junit5.SoapScope;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.ClassPathResource;
import org.springframework.ws.samples.echo.client.sws.EchoClient;
import org.springframework.ws.samples.echo.config.EchoConfig;
import org.springframework.ws.samples.echo.service.impl.EchoServiceImpl;
import org.springframework.ws.samples.echo.ws.EchoEndpoint;

/**
 * A Spring Boot test of Spring-WS's echo sample as a team writes one: the sample's server on a random port
 * ({@code RANDOM_PORT}: a real Tomcat, in this JVM), called by the sample's own {@code EchoClient} with its
 * {@code echoRequest.xml}; soapscope's limits hold the server's hot spots per request to the figures the sample has.
 * Run by {@link EchoServiceExtensionIT} through JUnit's engine, in its JVM under the agent.
 */
final class EchoServiceCases {
    static final int REQUESTS = 20;
    /** The sample's figures per request (SpringWsEchoUnderAgentIT finds where each comes from). */
    static final int FACTORIES = 6;
    static final int CONVERSIONS = 4;

    private EchoServiceCases() {
    }

    /**
     * The sample's application, its own beans: EchoApplication's component scan would also find the sample's client
     * application (on this test class path), whose runner calls port 8080 at start-up.
     */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import({EchoConfig.class, EchoEndpoint.class, EchoServiceImpl.class})
    static class EchoServer {
    }

    @SpringBootTest(classes = EchoServer.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
    abstract static class Echoing {
        @LocalServerPort
        int port;
        EchoClient client;

        @BeforeEach
        void buildTheClient() {
            client = new EchoClient();
            client.setDefaultUri("http://localhost:" + port + "/echo-server/services");
            client.setRequest(new ClassPathResource("echoRequest.xml"));
        }

        void echo() throws Exception {
            client.echo(); // warm-up: the first requests load and instrument classes
            client.echo();
            SoapScope.warmUpDone();
            for (int i = 0; i < REQUESTS; i++) {
                client.echo();
            }
        }
    }

    /** Holds the sample to what it does today: a new factory on any request fails the test. */
    static final class HeldToItsFigures extends Echoing {
        @Test
        @ExpectHotSpots(kind = "factory.create", perRequest = FACTORIES)
        @ExpectHotSpots(kind = "soap.conversion", perRequest = CONVERSIONS)
        @ExpectHotSpots(kind = "client.create", perCall = 0)
        void echoes() throws Exception {
            echo();
        }
    }

    /** One factory fewer per request than the sample creates: the limit a fix would have to meet. */
    static final class OneFactoryFewer extends Echoing {
        @Test
        @ExpectHotSpots(kind = "factory.create", perRequest = FACTORIES - 1)
        void echoes() throws Exception {
            echo();
        }
    }
}
