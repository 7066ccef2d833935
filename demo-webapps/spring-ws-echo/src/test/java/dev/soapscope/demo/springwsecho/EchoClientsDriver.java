package dev.soapscope.demo.springwsecho;

import org.springframework.core.io.ClassPathResource;

import java.nio.file.Path;

/**
 * Runs the Spring-WS echo sample's own clients, unmodified, as their mains do but for many rounds: the SAAJ
 * {@code EchoClient} (built once; it opens a {@code SOAPConnection} in every call and never closes it), and the
 * Spring-WS {@code EchoClient} (a {@code WebServiceGatewaySupport}: its template built once and reused, or a client
 * built for every round), each also with Spring-WS's {@code HttpComponents5MessageSender} ({@code spring-ws-hc5...}, ours:
 * the sample uses the template's default sender). Args: {@code saaj | spring-ws | spring-ws-per-call | spring-ws-hc5 |
 * spring-ws-hc5-per-call | spring-ws-hc5-tls-per-call}, rounds, the service's URL (and for TLS the PKCS12 trust store:
 * an application building its TLS client for every call, ours). Prints a
 * line when done, then waits for its standard input to close, so the agent's endpoint can be read.
 */
public final class EchoClientsDriver {
    public static final String DONE = "soapscope echo driver done";
    public static final String TRUST_STORE_PASSWORD = "changeit";

    private EchoClientsDriver() {
    }

    public static void main(String[] args) throws Exception {
        String which = args[0];
        int rounds = Integer.parseInt(args[1]);
        String url = args[2];
        if (which.equals("saaj")) {
            org.springframework.ws.samples.echo.client.saaj.EchoClient client =
                    new org.springframework.ws.samples.echo.client.saaj.EchoClient(url);
            for (int i = 0; i < rounds; i++) {
                client.callWebService();
            }
        } else {
            org.springframework.ws.samples.echo.client.sws.EchoClient client = null;
            for (int i = 0; i < rounds; i++) {
                if (client == null || which.endsWith("-per-call")) {
                    client = springWsClient(url);
                    if (which.equals("spring-ws-hc5-tls-per-call")) {
                        client.setMessageSender(tlsSender(Path.of(args[3])));
                    } else if (which.startsWith("spring-ws-hc5")) {
                        // Spring-WS's Apache HttpClient 5 sender: its own client and connection pool
                        org.springframework.ws.transport.http.HttpComponents5MessageSender sender =
                                new org.springframework.ws.transport.http.HttpComponents5MessageSender();
                        sender.afterPropertiesSet(); // as a Spring context would: it builds the sender's client
                        client.setMessageSender(sender);
                    }
                }
                client.echo();
            }
        }
        System.out.println(DONE + ": " + rounds + " rounds");
        while (System.in.read() >= 0) {
            // until the test closes our input
        }
    }

    /**
     * What an application that sets its TLS client up for every call does: an SSLContext from its trust store (read
     * again), an HttpClient and pool over it, a sender over that: a new connection and handshake in every call.
     */
    private static org.springframework.ws.transport.http.HttpComponents5MessageSender tlsSender(Path trustStore)
            throws Exception {
        javax.net.ssl.SSLContext ssl = org.apache.hc.core5.ssl.SSLContexts.custom()
                .loadTrustMaterial(trustStore.toFile(), TRUST_STORE_PASSWORD.toCharArray()).build();
        // Spring-WS's own factory for the sender's client (it removes the headers the template sets itself)
        org.springframework.ws.transport.http.HttpComponents5ClientFactory factory =
                org.springframework.ws.transport.http.HttpComponents5ClientFactory.withDefaults();
        factory.addConnectionManagerBuilderCustomizer(
                pool -> pool.setTlsSocketStrategy(new org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy(ssl)));
        return new org.springframework.ws.transport.http.HttpComponents5MessageSender(factory.build());
    }

    /** As the sample's {@code SpringWsEchoClient} sets it up. */
    private static org.springframework.ws.samples.echo.client.sws.EchoClient springWsClient(String url) {
        org.springframework.ws.samples.echo.client.sws.EchoClient client = new org.springframework.ws.samples.echo.client.sws.EchoClient();
        client.setDefaultUri(url);
        client.setRequest(new ClassPathResource("echoRequest.xml"));
        return client;
    }
}
