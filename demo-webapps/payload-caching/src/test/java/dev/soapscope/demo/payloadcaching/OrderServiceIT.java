package dev.soapscope.demo.payloadcaching;

import dev.soapscope.testkit.Wars;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;

import dev.soapscope.testkit.ForkedServer;
import dev.soapscope.testkit.Http;
import dev.soapscope.testkit.Soap;

/**
 * The packaged WAR in a forked Tomcat 11: each dispatcher servlet totals a 68 KB order; the validating one faults an
 * order its schema rejects.
 */
class OrderServiceIT {

    @TempDir
    static Path webapp;

    private static ForkedServer server;

    @BeforeAll
    static void deploy() throws IOException {
        Path war = Path.of(System.getProperty("payloadCaching.war", "target/payload-caching.war"));
        Wars.explode(war, webapp); // the testkit serves an exploded webapp directory
        server = ForkedServer.tomcat().webapp(webapp).start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/saaj/orders", "/axiom-caching/orders", "/axiom-streaming/orders", "/logging-debug/orders",
        "/logging-info/orders", "/validation-on/orders", "/validation-off/orders"})
    void totalsA68KbOrder(String path) throws Exception {
        String orderId = "ORD-" + path.length();
        Http.Response response = post(path, OrderRequests.envelope(orderId, OrderRequests.LINES));

        assertEquals(200, response.status(), response::toString);
        assertTrue(response.header("Content-Type").orElse("").startsWith("text/xml"), response::toString);
        Document document = parse(response.body());
        assertEquals(Soap.SOAP11_ENVELOPE_NS, document.getDocumentElement().getNamespaceURI());
        assertEquals(orderId, text(document, "orderId"));
        assertEquals(String.valueOf(OrderRequests.LINES), text(document, "lineCount"));
        assertEquals(OrderRequests.expectedTotal(OrderRequests.LINES), text(document, "total"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/saaj/orders", "/axiom-caching/orders", "/axiom-streaming/orders"})
    void answersAFaultToSomethingThatIsNotXml(String path) {
        assertFault(post(path, "this is not a SOAP envelope"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/saaj/orders", "/axiom-caching/orders", "/axiom-streaming/orders"})
    void answersAFaultToATruncatedOrder(String path) {
        String order = OrderRequests.envelope("ORD-CUT", OrderRequests.LINES);
        // cut inside the payload: SAAJ fails while parsing, Axiom only while the endpoint binds the lines
        assertFault(post(path, order.substring(0, order.length() / 2)));
    }

    @Test
    void validatesAgainstTheSchemaOnlyWhenOn() {
        String order = OrderRequests.envelope("ORD-13", 3).replace("SKU-00002", "PART-2");
        Http.Response on = post("/validation-on/orders", order);
        assertFault(on);
        assertTrue(on.body().contains("PART-2"), on::toString);
        assertEquals(200, post("/validation-off/orders", order).status());
    }

    private static Http.Response post(String path, String body) {
        return Http.post(server.uri(path), body, "text/xml; charset=utf-8", Map.of("SOAPAction", "\"\""));
    }

    private static void assertFault(Http.Response response) {
        assertEquals(500, response.status(), response::toString);
        assertTrue(Soap.isFault(response.body()), response::toString);
    }

    private static Document parse(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    /** Text of the one {@code ord:NAME} element in the response. */
    private static String text(Document document, String name) {
        var elements = document.getElementsByTagNameNS(OrderRequests.NS, name);
        assertEquals(1, elements.getLength(), "ord:" + name + " elements");
        return elements.item(0).getTextContent();
    }
}
